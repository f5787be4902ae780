/**
 * Tactics games as the game's own record (`writeRecord`/`parseRecord` of `@tactica/tactics`): the text the
 * terminal's `save`/`load` writes and reads (`.tactics` files) and the save library keeps. A line of play is written
 * with the tags its meta gives; a record is read back as the options of its game (the start position) and its line
 * of play.
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
  formatPosition,
  initialState,
  parseRecord,
  writeRecord,
  type Tag,
  type TacticsMove,
  type TacticsState,
} from '@tactica/tactics';
import type { ImportedRecord, RecordFormatInfo, RecordMeta } from '../types.js';

type H = History<TacticsState, TacticsMove>;

export const TACTICS_RECORD: RecordFormatInfo = {
  id: 'tactics-record',
  name: 'Tactics game record',
  // The terminal's `save` writes `.tactics` files (cli/src/games/tactics/adapter.ts, saveExtension).
  extension: 'tactics',
  mediaType: 'application/x-tactics-record',
};

/** The option value of a start position: empty for the manual's starting board, else its position text. */
export function positionOption(start: TacticsState): string {
  const text = formatPosition(start);
  return text === formatPosition(initialState()) ? '' : text;
}

/** Meta as record tags, in PGN's order (Event, Site, Date, White, Black); absent fields are left out. */
function tagsOf(meta: RecordMeta): Result<Tag[], InputError> {
  const fields: [field: string, tag: string, value: unknown][] = [
    ['event', 'Event', meta.event],
    ['site', 'Site', meta.site],
    ['date', 'Date', meta.date],
    ['players[0]', 'White', meta.players?.[0]],
    ['players[1]', 'Black', meta.players?.[1]],
  ];
  const tags: Tag[] = [];
  for (const [field, tag, value] of fields) {
    if (value === undefined) continue;
    // A tag is one line of the record: a line break in a value would make the record unreadable.
    if (typeof value !== 'string' || /[\r\n]/.test(value)) {
      return err(inputError('record/bad-meta', `meta.${field}: must be text on one line`, { input: `meta.${field}` }));
    }
    tags.push([tag, value]);
  }
  return ok(tags);
}

/** The line played so far (moves taken back left out) as a record, as the terminal's `save` writes it. */
export function exportTacticsRecord(h: H, meta: RecordMeta = {}): Result<string, InputError> {
  const tags = tagsOf(meta);
  if (!tags.ok) return tags;
  const start = h.start;
  // `final` carries a resignation or an agreed draw, which only the result shows.
  return ok(writeRecord({ start, moves: h.moves.slice(0, h.cursor), final: current(h), tags: tags.value }));
}

function tagValue(tags: readonly Tag[], name: string): string | undefined {
  const v = tags.find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];
  return v === undefined || v === '' || v === '?' ? undefined : v;
}

/** A record read back (every move replayed through the rules) as the options of its game and its line, at its end. */
export function importTacticsRecord(text: string): Result<ImportedRecord<TacticsState, TacticsMove>, InputError> {
  const read = parseRecord(text);
  if (!read.ok) return read;
  const { tags, states, moves } = read.value;
  const white = tagValue(tags, 'White');
  const black = tagValue(tags, 'Black');
  const event = tagValue(tags, 'Event');
  const site = tagValue(tags, 'Site');
  const date = tagValue(tags, 'Date');
  return ok({
    options: { position: positionOption(states[0] ?? initialState()) },
    history: lineFromStates(states, moves),
    meta: {
      ...(white !== undefined || black !== undefined ? { players: [white ?? 'White', black ?? 'Black'] } : {}),
      ...(event !== undefined ? { event } : {}),
      ...(site !== undefined ? { site } : {}),
      ...(date !== undefined ? { date } : {}),
    },
  });
}
