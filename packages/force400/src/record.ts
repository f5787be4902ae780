/**
 * Game records (manual, "Game-Record Notation"): a header line, the date and time, who played White and Black,
 * handicaps if any, numbered moves with one ply per side (`M C8-C1`, `T J8-C1 10`, `S E9-F9`), resignations and
 * stops, and the result.
 *
 *   Example
 *   10-04-1984 01:26:26
 *   White: (Human)
 *   Black: Program
 *   1.	M C8-C1	M F1-G2
 *   …
 *   21.	M B0-A0	M A2-H9
 *   Black wins.
 *
 * The reader takes records as printed, quirks included: a column heading line (`White  Black`, even OCR'd as
 * `1 White Black` or `White Whom Black area`), blank lines and page breaks, a letter touching its square
 * (`TJ8-C1 10`), the letter O for a zero (`FO-C3`), tabs or spaces. Everything else it refuses with a coded error
 * naming the line.
 */
import { err, inputError, ok, type InputError, type Player, type Result } from '@tactica/core';
import { parseSquare, SIDE_NAMES, squareName } from './board.js';
import { describeAction, type Force400Action } from './actions.js';
import { parseActionText } from './notation.js';
import type { Handicap } from './setup.js';
import type { Force400State } from './state.js';
import type { Force400Code } from './codes.js';

export interface RecordHeader {
  /** The one-line header the player typed at setup. */
  readonly header: string | null;
  /** The date and time the record was started, as written (`10-04-1984 01:26:26`). */
  readonly date: string | null;
  /** Who played each side (`(Human)`, `Program`). */
  readonly white: string | null;
  readonly black: string | null;
  /** Each side's handicap: a number of men (removed in the default order) or the squares removed; 0 for none. */
  readonly handicap: readonly [Handicap, Handicap];
}

export type RecordResult = 'white' | 'black' | 'draw';

export interface GameRecord extends RecordHeader {
  readonly actions: readonly Force400Action[];
  /** The side that resigned, if one did. */
  readonly resigned: Player | null;
  /** The game was stopped and not resumed ("If a game is stopped and not resumed, the game record notes that"). */
  readonly stopped: boolean;
  /** The result line, if any. */
  readonly result: RecordResult | null;
}

/** Where each part of a parsed record stood, for error messages. */
export interface RecordPlace {
  readonly line: number;
  readonly column: number;
  /** The text as written there. */
  readonly text: string;
}

export interface ParsedRecord {
  readonly record: GameRecord;
  /** One place per action. */
  readonly plies: readonly RecordPlace[];
  readonly handicapLines: readonly [number | null, number | null];
  readonly resignedLine: number | null;
  readonly resultLine: number | null;
}

export const EMPTY_HEADER: RecordHeader = { header: null, date: null, white: null, black: null, handicap: [0, 0] };

/** The date line as the original wrote it: `MM-DD-YYYY HH:MM:SS`, in the machine's local time. */
export function formatRecordDate(d: Date): string {
  const two = (n: number): string => String(n).padStart(2, '0');
  return `${two(d.getMonth() + 1)}-${two(d.getDate())}-${d.getFullYear()} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

/** The record as text, one line per move: `N.<tab>white ply<tab>black ply`. */
export function formatRecord(r: GameRecord): string {
  const lines: string[] = [];
  if (r.header !== null) lines.push(oneLine(r.header));
  if (r.date !== null) lines.push(oneLine(r.date));
  if (r.white !== null) lines.push(`White: ${oneLine(r.white)}`);
  if (r.black !== null) lines.push(`Black: ${oneLine(r.black)}`);
  if (handicapSize(r.handicap[0]) > 0 || handicapSize(r.handicap[1]) > 0) {
    for (const side of [0, 1] as const) {
      const h = r.handicap[side];
      const squares = typeof h === 'number' || h.length === 0 ? '' : ` (${h.map(squareName).join(' ')})`;
      lines.push(`${SIDE_NAMES[side]} handicap: ${handicapSize(h)}${squares}`);
    }
  }
  for (let i = 0; i < r.actions.length; i += 2) {
    const white = r.actions[i] as Force400Action;
    const black = r.actions[i + 1];
    lines.push(`${i / 2 + 1}.\t${describeAction(white)}${black ? `\t${describeAction(black)}` : ''}`);
  }
  if (r.resigned !== null) lines.push(`${SIDE_NAMES[r.resigned]} resigns.`);
  if (r.stopped) lines.push('Game stopped.');
  if (r.result === 'draw') lines.push('Draw agreed.');
  else if (r.result !== null) lines.push(`${r.result === 'white' ? 'White' : 'Black'} wins.`);
  return `${lines.join('\n')}\n`;
}

function handicapSize(h: Handicap): number {
  return typeof h === 'number' ? h : h.length;
}

function oneLine(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

const DATE_LINE = /^\s*\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4}\s+\d{1,2}:\d{2}(?::\d{2})?\s*$/;
const PLAYER_LINE = /^\s*(White|Black)\s*:\s*(.*?)\s*$/i;
const HANDICAP_LINE = /^\s*(White|Black)\s+handicap\s*:?\s*([0-9]{1,2})\s*(?:\(([^)]*)\))?\s*$/i;
const HEADING_LINE = /^\s*\S{0,3}\s*White\b[^:]*\bBlack\b/i;
const MOVE_LINE = /^(\s*)([0-9]{1,5})\s*\.?(?=\s|$)/;
const RESIGN_LINE = /^\s*(White|Black)\s+resigns\.?\s*$/i;
const WINS_LINE = /^\s*(White|Black)\s+wins\.?\s*$/i;
const STOPPED_LINE = /^\s*Game\s+stopped\.?\s*$/i;
const DRAW_LINE = /^\s*Draw\s+agreed\.?\s*$/i;
/** One ply: a letter, maybe touching its square; squares with the letter O allowed for 0; a transfer's amount. */
const PLY = /\s*([A-Za-z])\s*([A-Za-z][0-9Oo])\s*-\s*([A-Za-z][0-9Oo])/y;
const AMOUNT = /\s+([0-9Oo]{1,3})(?=\s|$)/y;

/** The longest header line read (ours): the manual's headers are a few words. */
export const MAX_HEADER = 1000;

/** Reads record text (syntax only; `replayRecord` checks the play). */
export function parseRecord(text: string): Result<ParsedRecord, InputError<Force400Code>> {
  const lines = text.split(/\r\n|\r|\n/);
  let header: string | null = null;
  let date: string | null = null;
  let white: string | null = null;
  let black: string | null = null;
  const handicap: [Handicap, Handicap] = [0, 0];
  const handicapLines: [number | null, number | null] = [null, null];
  const actions: Force400Action[] = [];
  const plies: RecordPlace[] = [];
  let resigned: Player | null = null;
  let resignedLine: number | null = null;
  let stopped = false;
  let result: RecordResult | null = null;
  let resultLine: number | null = null;
  /** 0 preamble, 1 moves, 2 after a one-ply (White only) move line, 3 after an ending line. */
  let phase = 0;
  let seenAnything = false;

  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i] as string;
    const line = i + 1;
    if (raw.trim() === '') continue;
    const fail = (code: Force400Code, message: string, column = 1): Result<never, InputError<Force400Code>> =>
      err(inputError(code, message, { line, column, input: raw.trim().slice(0, 80) }));
    const first = !seenAnything;
    seenAnything = true;

    const resign = RESIGN_LINE.exec(raw);
    const wins = WINS_LINE.exec(raw);
    if (resign || STOPPED_LINE.test(raw) || DRAW_LINE.test(raw) || wins) {
      if (result !== null) return fail('record/after-end', 'Nothing can follow the result line.');
      if (resign) {
        if (resigned !== null) return fail('record/bad-line', 'A game has at most one resignation.');
        resigned = sideOf(resign[1] as string);
        resignedLine = line;
      } else if (wins) {
        result = sideOf(wins[1] as string) === 0 ? 'white' : 'black';
        resultLine = line;
      } else if (DRAW_LINE.test(raw)) {
        result = 'draw';
        resultLine = line;
      } else {
        stopped = true;
      }
      phase = 3;
      continue;
    }
    if (HEADING_LINE.test(raw) && !PLY_ANYWHERE.test(raw)) continue; // a column heading, perhaps garbled by OCR
    const move = MOVE_LINE.exec(raw);
    if (move) {
      if (phase === 3) return fail('record/after-end', 'No move can follow a resignation, stop or result.');
      if (phase === 2) return fail('record/bad-move-number', "Only the last move line may lack Black's ply.");
      const expected = actions.length / 2 + 1;
      const n = Number(move[2]);
      if (n !== expected)
        return fail('record/bad-move-number', `Expected move ${expected}, found ${n}.`, (move[1] as string).length + 1);
      let at = move[0].length;
      let count = 0;
      for (;;) {
        const rest = raw.slice(at);
        if (rest.trim() === '') break;
        PLY.lastIndex = at;
        const p = PLY.exec(raw);
        const column = at + (rest.length - rest.trimStart().length) + 1;
        if (!p) {
          return fail(
            'record/bad-ply',
            `Move ${n}: "${rest.trim().slice(0, 20)}" is not a ply such as M C8-C1 or T J8-C1 10.`,
            column,
          );
        }
        let end = PLY.lastIndex;
        if ((p[1] as string).toUpperCase() === 'T') {
          AMOUNT.lastIndex = end;
          const a = AMOUNT.exec(raw);
          if (a) end = AMOUNT.lastIndex;
        }
        const plyText = raw.slice(at, end).trim();
        const parsed = parseActionText(plyText);
        if (!parsed.ok)
          return fail('record/bad-ply', `Move ${n}, ${SIDE_NAMES[count % 2]}: ${parsed.error.message}`, column);
        if (!/^[MTSXmtsx]/.test(plyText)) {
          return fail('record/bad-ply', `Move ${n}: a ply starts with M, T or S, not "${plyText[0] ?? ''}".`, column);
        }
        if (++count > 2) return fail('record/bad-ply', `Move ${n} has more than two plies.`, column);
        actions.push(parsed.value);
        plies.push({ line, column, text: plyText });
        at = end;
      }
      if (count === 0) return fail('record/bad-ply', `Move ${n} has no ply.`);
      phase = count === 1 ? 2 : 1;
      continue;
    }
    if (phase !== 0)
      return fail('record/bad-line', 'Expected a numbered move line, a resignation, a stop or the result.');
    const player = PLAYER_LINE.exec(raw);
    if (player) {
      const side = sideOf(player[1] as string);
      if ((side === 0 ? white : black) !== null) return fail('record/bad-line', `${SIDE_NAMES[side]} is named twice.`);
      if (side === 0) white = player[2] as string;
      else black = player[2] as string;
      continue;
    }
    const hc = HANDICAP_LINE.exec(raw);
    if (hc) {
      const side = sideOf(hc[1] as string);
      if (handicapLines[side] !== null)
        return fail('record/bad-handicap', `${SIDE_NAMES[side]}'s handicap is given twice.`);
      const count = Number(hc[2]);
      const list = hc[3]?.trim() ?? '';
      if (list !== '') {
        const squares: number[] = [];
        for (const word of list.split(/[\s,]+/)) {
          const sq = parseSquare(word);
          if (sq === undefined) return fail('record/bad-handicap', `"${word}" is not a square.`);
          squares.push(sq);
        }
        if (squares.length !== count) {
          return fail('record/bad-handicap', `The handicap says ${count} men but lists ${squares.length} squares.`);
        }
        handicap[side] = squares;
      } else {
        handicap[side] = count;
      }
      handicapLines[side] = line;
      continue;
    }
    if (DATE_LINE.test(raw)) {
      if (date !== null) return fail('record/bad-line', 'The date is given twice.');
      date = raw.trim();
      continue;
    }
    if (first) {
      // (ours) The header is a line of text a person wrote: no control characters, and not a whole file's worth.
      if (/[\p{Cc}\u202A-\u202E\u2066-\u2069]/u.test(raw.replace(/\t/g, ' '))) {
        return fail('record/bad-line', 'The header line holds control characters: this is not a Force 400 record.');
      }
      if (raw.trim().length > MAX_HEADER) {
        return fail('record/bad-line', `The header line is longer than ${MAX_HEADER} characters.`);
      }
      header = raw.trim();
      continue;
    }
    return fail('record/bad-line', 'Expected the date, a White:/Black: line, a handicap, or the first move.');
  }

  return ok({
    record: { header, date, white, black, handicap, actions, resigned, stopped, result },
    plies,
    handicapLines,
    resignedLine,
    resultLine,
  });
}

/** Any ply-looking text: a heading line containing one is a move line gone wrong, not a heading. */
const PLY_ANYWHERE = /[MTSX]\s*[A-J][0-9O]\s*-\s*[A-J][0-9O]/i;

function sideOf(word: string): Player {
  return word.toLowerCase() === 'white' ? 0 : 1;
}

/** The record of a game so far: its header, the actions played, and how it ended (from the final position). */
export function gameRecord(
  header: RecordHeader,
  actions: readonly Force400Action[],
  final: Force400State,
  stopped = false,
): GameRecord {
  const e = final.ended;
  const resigned: Player | null = e?.kind === 'win' && e.reason === 'resigned' ? (e.winner === 0 ? 1 : 0) : null;
  const result: RecordResult | null = !e ? null : e.kind === 'draw' ? 'draw' : e.winner === 0 ? 'white' : 'black';
  return { ...header, actions: [...actions], resigned, stopped: stopped && !e, result };
}
