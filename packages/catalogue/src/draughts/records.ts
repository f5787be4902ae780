/**
 * Draughts games as PDN 3.0: a line of play written with its tags and result, and a PDN game read back as the
 * options of its game (rule set, give-away, start position) and its line of play.
 */
import {
  current,
  err,
  inputError,
  ok,
  endAtCursor,
  pushMove,
  startHistory,
  type History,
  type InputError,
  type Outcome,
  type Result,
} from '@tactica/core';
import {
  draughtsGame,
  makeFen,
  initialPosition,
  iteratePdn,
  sameMove,
  samePosition,
  writePdnGame,
  type DraughtsGame,
  type DraughtsMove,
  type DraughtsState,
  type PdnGame,
  type PdnReadOptions,
  type PdnResult,
  type PdnTag,
} from '@tactica/draughts';
import type { ImportedRecord, RecordFormatInfo, RecordMeta } from '../types.js';

type H = History<DraughtsState, DraughtsMove>;

export const PDN: RecordFormatInfo = {
  id: 'pdn',
  name: 'Portable Draughts Notation (PDN 3.0)',
  extension: 'pdn',
  mediaType: 'application/x-draughts-pdn',
};

function pdnResult(o: Outcome | undefined): PdnResult {
  if (!o) return 'unfinished';
  if (o.kind === 'draw') return 'draw';
  return o.winner === 0 ? 'white-wins' : 'black-wins';
}

/** The game (moves taken back left out) as a PDN game, with the Seven Tag Roster from `meta`. */
function pdnGameOf(game: DraughtsGame, h: H, meta: RecordMeta = {}, extraTags: readonly PdnTag[] = []): PdnGame {
  const tags: PdnTag[] = [
    { name: 'Event', value: meta.event ?? 'Tactica game' },
    { name: 'Site', value: meta.site ?? 'Tactica' },
    { name: 'Date', value: meta.date ?? '????.??.??' },
    { name: 'Round', value: '-' },
    { name: 'White', value: meta.players?.[0] ?? 'White' },
    { name: 'Black', value: meta.players?.[1] ?? 'Black' },
    ...extraTags,
  ];
  return {
    variant: game.rules.id,
    giveaway: game.giveaway,
    tags,
    start: h.start.position,
    moves: h.moves.slice(0, h.cursor),
    comments: [],
    result: pdnResult(game.outcome(current(h))),
  };
}

export function exportPdn(game: DraughtsGame, h: H, meta?: RecordMeta): string {
  return writePdnGame(pdnGameOf(game, h, meta));
}

/**
 * A PDN game as a line of play, at its end. A result the final position does not explain (a resignation, an agreed
 * draw) ends the game as the record says, so that a resigned game exported and read back is the same game.
 */
function historyOfPdn(game: DraughtsGame, record: PdnGame): H {
  let h: H = startHistory(game.fromPosition(record.start));
  for (const m of record.moves) h = pushMove(h, m, game.play(current(h), m));
  const s = current(h);
  if (!s.over && (record.result === 'white-wins' || record.result === 'black-wins' || record.result === 'draw')) {
    const ended = record.result === 'draw' ? game.agreeDraw(s) : game.resign(s, record.result === 'white-wins' ? 1 : 0);
    h = endAtCursor(h, ended);
  }
  return h;
}

function tag(record: PdnGame, name: string): string | undefined {
  const v = record.tags.find((t) => t.name.toLowerCase() === name.toLowerCase())?.value;
  return v === undefined || v === '' || v === '?' ? undefined : v;
}

/** A PDN game read back, with the PDN game itself: every tag as written, and the comments. */
export interface ImportedPdn extends ImportedRecord<DraughtsState, DraughtsMove> {
  readonly record: PdnGame;
}

/**
 * The record's options (rule set, give-away, start position when not the standard one) and its players. `read`
 * passes on to `readPdn` (a `defaultVariant` for a game without a GameType tag, which is otherwise refused).
 */
export function readPdnRecord(
  text: string,
  gameFor: (record: PdnGame) => DraughtsGame,
  read: PdnReadOptions = {},
): Result<ImportedPdn, InputError> {
  // Only the first game is read: the rest of a big file is never turned into games.
  const first = iteratePdn(text, read).next().value;
  if (!first) return err(inputError('pdn/empty', 'the text holds no PDN game'));
  if (!first.ok) return first;
  const record = first.value;
  const game = gameFor(record);
  const standard = samePosition(record.start, initialPosition(record.variant));
  const white = tag(record, 'White');
  const black = tag(record, 'Black');
  const event = tag(record, 'Event');
  const site = tag(record, 'Site');
  const date = tag(record, 'Date');
  return ok({
    record,
    options: { variant: record.variant, giveaway: record.giveaway, position: standard ? '' : makeFen(record.start) },
    history: historyOfPdn(game, record),
    meta: {
      ...(white !== undefined || black !== undefined ? { players: [white ?? 'White', black ?? 'Black'] } : {}),
      ...(event !== undefined ? { event } : {}),
      ...(site !== undefined ? { site } : {}),
      ...(date !== undefined ? { date } : {}),
    },
  });
}

/**
 * A line of play written over the PDN game it was read from (a game loaded, played on and saved again): the
 * record's own tags, all of them as written, and its comments as far as the line still follows the record's moves.
 * The line must be of the record's game (rule set and give-away), as `readPdnRecord` set it up.
 */
export function exportPdnOver(h: H, record: PdnGame): string {
  const game = draughtsGame(record.variant, { giveaway: record.giveaway });
  const moves = h.moves.slice(0, h.cursor);
  let same = 0;
  while (same < moves.length && same < record.moves.length) {
    if (!sameMove(moves[same] as DraughtsMove, record.moves[same] as DraughtsMove)) break;
    same++;
  }
  return writePdnGame({
    ...pdnGameOf(game, h),
    tags: record.tags,
    comments: record.comments.filter((c) => c.ply <= same),
  });
}
