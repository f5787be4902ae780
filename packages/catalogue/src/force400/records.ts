/**
 * Force 400's two texts, written and read by the game package's own functions:
 *
 * - the game record (manual, "Game-Record Notation"): header line, date and time, who played each side, handicaps,
 *   numbered moves `1.<tab>M C8-C1<tab>M F1-G2`, a resignation and the result;
 * - the saved game the terminal keeps (manual, "Save and Load"): `Force 400 saved game`, a title, the program's seat
 *   and level, then the record of the game so far. Only unfinished games are saved.
 *
 * Both start from the standard position less any handicaps: a game set up from a position text has no record.
 */
import {
  current,
  err,
  inputError,
  lineFromStates,
  ok,
  type History,
  type InputError,
  type Result,
} from '@tactica/core';
import {
  EMPTY_HEADER,
  formatPosition,
  formatRecord,
  formatSavedGame,
  gameRecord,
  MAX_LEVEL,
  parseRecord,
  parseSavedGame,
  replayRecordText,
  type ComputerSeat,
  type Force400Action,
  type Force400Game,
  type Force400State,
  type Handicap,
  type RecordHeader,
  type Replay,
} from '@tactica/force400';
import type { ImportedRecord, OptionValues, RecordFormatInfo, RecordMeta } from '../types.js';
import { handicapOptions, HANDICAP_KEYS, HANDICAP_SQUARES_KEYS } from './handicaps.js';

type H = History<Force400State, Force400Action>;

export const FORCE400_RECORD: RecordFormatInfo = {
  id: 'force400-record',
  name: 'Force 400 game record',
  extension: 'txt',
  mediaType: 'text/plain',
};

export const FORCE400_SAVE: RecordFormatInfo = {
  id: 'force400-save',
  name: 'Force 400 saved game',
  extension: 'f400',
  mediaType: 'text/plain',
};

/** The longest header line the `header` option takes. */
export const HEADER_MAX = 200;

/** What a record needs of the setup: its game, its handicaps and its header line. */
export interface RecordSetup {
  readonly game: Force400Game;
  readonly handicap: readonly [Handicap, Handicap];
  readonly header: string;
}

/**
 * Whether the record reads `header` back as its header line. The reader takes the first line for the header unless
 * it reads as something else (a date, `White: …`, a move line, a result), so such a header cannot be recorded.
 */
export function headerRecordable(header: string): boolean {
  if (header === '') return true;
  const alone = { ...EMPTY_HEADER, header, actions: [], resigned: null, stopped: false, result: null };
  const back = parseRecord(formatRecord(alone));
  return back.ok && back.value.record.header === header;
}

/** `YYYY.MM.DD` (the catalogue's dates) to the record's `MM-DD-YYYY HH:MM:SS`; the time of day is not known. */
function recordDate(date: string | undefined): string | null {
  const m = date === undefined ? null : /^(\d{4})\.(\d{2})\.(\d{2})$/.exec(date);
  return m ? `${m[2] ?? ''}-${m[3] ?? ''}-${m[1] ?? ''} 00:00:00` : null;
}

/** The record's `MM-DD-YYYY …` date line to `YYYY.MM.DD`, when it has a four-digit year. */
function metaDate(line: string | null): string | undefined {
  const m = line === null ? null : /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})\b/.exec(line);
  return m ? `${m[3] ?? ''}.${(m[1] ?? '').padStart(2, '0')}.${(m[2] ?? '').padStart(2, '0')}` : undefined;
}

function startCheck(setup: RecordSetup, h: H): InputError | undefined {
  const start = h.start;
  if (formatPosition(start) === formatPosition(setup.game.initial())) return undefined;
  return inputError(
    'record/unsupported-start',
    'a Force 400 record starts from the standard position less any handicaps; this game starts from a set position',
  );
}

function headerOf(setup: RecordSetup, meta: RecordMeta): RecordHeader {
  const name = (n: string | undefined): string | null => (n === undefined || n.trim() === '' ? null : n);
  return {
    header: setup.header === '' ? null : setup.header,
    date: recordDate(meta.date),
    white: name(meta.players?.[0]),
    black: name(meta.players?.[1]),
    handicap: setup.handicap,
  };
}

/** The line of play (moves taken back left out) as a game record; a resignation and the result come from its end. */
export function exportRecord(setup: RecordSetup, h: H, meta: RecordMeta = {}): Result<string, InputError> {
  const bad = startCheck(setup, h);
  if (bad) return err(bad);
  return ok(formatRecord(gameRecord(headerOf(setup, meta), h.moves.slice(0, h.cursor), current(h))));
}

/** How the terminal names the program in a record (`Program (level 3)`), which the saved game's seat follows. */
const PROGRAM_NAME = /^Program \(level ([0-9]{1,2})\)$/i;

function computerSeat(meta: RecordMeta): ComputerSeat | null {
  for (const side of [0, 1] as const) {
    const m = PROGRAM_NAME.exec(meta.players?.[side] ?? '');
    // The saved game has one seat for the program: White's when it plays both, as the terminal saves it.
    if (m && Number(m[1]) <= MAX_LEVEL) return { side, level: Number(m[1]) };
  }
  return null;
}

/**
 * The unfinished game as the terminal saves it: titled `meta.event`, else the header line, else `Force 400 game`;
 * the program's seat from a player named `Program (level N)`.
 */
export function exportSave(setup: RecordSetup, h: H, meta: RecordMeta = {}): Result<string, InputError> {
  const bad = startCheck(setup, h);
  if (bad) return err(bad);
  const s = current(h);
  if (s.ended) {
    return err(inputError('record/finished', 'only unfinished games are saved (manual, "Save and Load")'));
  }
  return ok(
    formatSavedGame({
      title: meta.event ?? (setup.header === '' ? 'Force 400 game' : setup.header),
      computer: computerSeat(meta),
      record: gameRecord(headerOf(setup, meta), h.moves.slice(0, h.cursor), s),
    }),
  );
}

/** The options of the game a record is of: its handicaps and header line, from the standard start. */
function optionsOf(replay: Replay): Result<OptionValues, InputError> {
  const record = replay.parsed.record;
  const header = record.header ?? '';
  if (header.length > HEADER_MAX) {
    return err(inputError('record/bad-header', `the header line is longer than ${HEADER_MAX} characters`, { line: 1 }));
  }
  const out: Record<string, string | number> = { position: '', header };
  for (const side of [0, 1] as const) {
    const { count, squares } = handicapOptions(side, record.handicap[side]);
    out[HANDICAP_KEYS[side]] = count;
    out[HANDICAP_SQUARES_KEYS[side]] = squares;
  }
  return ok(out);
}

/** A replayed record as a line of play at its end (a resignation or agreed draw replaces the last position). */
function historyOf(replay: Replay): H {
  const states = [...replay.states];
  states[states.length - 1] = replay.final;
  return lineFromStates(states, [...replay.parsed.record.actions]);
}

function importedOf(
  replay: Replay,
  extra: RecordMeta = {},
): Result<ImportedRecord<Force400State, Force400Action>, InputError> {
  const options = optionsOf(replay);
  if (!options.ok) return options;
  const { white, black, date } = replay.parsed.record;
  const players =
    extra.players ?? (white !== null || black !== null ? ([white ?? '', black ?? ''] as const) : undefined);
  const when = metaDate(date);
  return ok({
    options: options.value,
    history: historyOf(replay),
    meta: {
      ...(players ? { players } : {}),
      ...(extra.event !== undefined ? { event: extra.event } : {}),
      ...(when !== undefined ? { date: when } : {}),
    },
  });
}

/** A game record read and replayed through the rules; errors name the line. */
export function importRecord(text: string): Result<ImportedRecord<Force400State, Force400Action>, InputError> {
  const replay = replayRecordText(text);
  return replay.ok ? importedOf(replay.value) : replay;
}

/**
 * A saved game read back: the title as `meta.event`; the program's side named as the terminal names it
 * (`Program (level 3)`) when the record leaves it unnamed or plain `Program`, so that saving again keeps the seat.
 */
export function importSave(text: string): Result<ImportedRecord<Force400State, Force400Action>, InputError> {
  const read = parseSavedGame(text);
  if (!read.ok) return read;
  const { saved, replay } = read.value;
  const names: [string, string] = [saved.record.white ?? '', saved.record.black ?? ''];
  const seat = saved.computer;
  // The manual's own record names it plain `Program`; the level comes from the seat.
  if (seat && /^(Program\b.*)?$/i.test(names[seat.side])) names[seat.side] = `Program (level ${seat.level})`;
  const named = names[0] !== '' || names[1] !== '';
  return importedOf(replay, { event: saved.title, ...(named ? { players: names } : {}) });
}
