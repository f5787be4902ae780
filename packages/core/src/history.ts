/**
 * A game's line of play with takeback and redo: the start, the moves, a cursor, and a few of the states between.
 * Taking back moves the cursor; playing a new move after a takeback drops the undone moves (as every game GUI does).
 *
 * A line does not hold every state of itself **(ours)**: a server caches thousands of games, and a state weighs what
 * hangs off it too (the legal moves and texts remembered on it), so a game that kept all its states weighed its
 * whole length in positions. It holds its start, the state at the cursor and the one before it, the state at the tip
 * (which a resignation or an agreed draw may have replaced), and a checkpoint every `CHECKPOINT_PLIES` plies; any
 * other state is played again from the nearest one held (`stateAt`, `lineStates`), which is why those take the game.
 *
 * Immutable plain data (no functions, no class): JSON-safe and structured-clone-safe when S and M are.
 *
 *   let h = startHistory<S, M>(game.initial());
 *   h = pushMove(h, m, game.play(current(h), m));
 *   h = undo(game, h);                       // the cursor one move back
 *   for (const s of lineStates(game, h)) …   // every state of the line in order, one play each
 */
import type { Game } from './game.js';

/**
 * Plies between two checkpoints **(ours)**: reaching a state the line does not hold plays at most this many moves
 * less one again (a takeback, a board asked for at a past move: 63 plays take 0.1–0.3 ms in the sequential games),
 * while a line holds one state per this many plies: a 100-ply game holds four states instead of 101, a 2,000-ply
 * game 34 instead of 2,001. A state weighs 1–3 kB with what is remembered on it, a move with its text 100–200 B: at
 * 32 a 100-ply Force 400 game held two more states, 6 kB of its 46.
 */
export const CHECKPOINT_PLIES = 64;

export interface History<S, M> {
  /** The state before any move (ply 0). */
  readonly start: S;
  /** Every move of the line, those taken back too: the move at index i leads from ply i to ply i + 1. */
  readonly moves: readonly M[];
  /** The ply of the current position: how many of `moves` are in force. */
  readonly cursor: number;
  /** The state at the cursor: the current position. */
  readonly atCursor: S;
  /**
   * The state at the ply before the cursor (absent at ply 0): the position the last move was played from, whose
   * text and mover a server asks for at every move.
   */
  readonly beforeCursor?: S;
  /** The state after every move (ply `moves.length`): a result without a move (a resignation) replaces it. */
  readonly tip: S;
  /** The states at plies CHECKPOINT_PLIES, 2 × CHECKPOINT_PLIES, … below the tip, in order. */
  readonly checkpoints: readonly S[];
}

/** What replaying a line needs of a game: its `play` (a simultaneous game's line: see `roundLineRules`). */
export type LineRules<S, M> = Pick<Game<S, M, unknown>, 'play'>;

export function startHistory<S, M>(initial: S): History<S, M> {
  return { start: initial, moves: [], cursor: 0, atCursor: initial, tip: initial, checkpoints: [] };
}

/** The current position: the state at the cursor. */
export function current<S, M>(h: History<S, M>): S {
  return h.atCursor;
}

/**
 * A line with every one of its states given: `states[i]` is the state at ply i (one more than `moves`). Only the
 * states a line holds are kept; `states` may be thrown away.
 */
export function lineFromStates<S, M>(states: readonly S[], moves: readonly M[], cursor = moves.length): History<S, M> {
  if (states.length !== moves.length + 1) throw new RangeError('a line has one state more than it has moves');
  if (!Number.isSafeInteger(cursor) || cursor < 0 || cursor > moves.length) {
    throw new RangeError(`the cursor ${cursor} is not a ply of a line of ${moves.length} moves`);
  }
  const checkpoints: S[] = [];
  for (let p = CHECKPOINT_PLIES; p < moves.length; p += CHECKPOINT_PLIES) checkpoints.push(states[p] as S);
  return {
    start: states[0] as S,
    moves,
    cursor,
    atCursor: states[cursor] as S,
    ...(cursor > 0 ? { beforeCursor: states[cursor - 1] as S } : {}),
    tip: states[moves.length] as S,
    checkpoints,
  };
}

/**
 * The moves list each list was made from by `pushMove` (its prefix), so that what was computed for every move of a
 * line (its text, see `lineTexts`) is extended by one move rather than computed again.
 */
const prefixes = new WeakMap<readonly unknown[], readonly unknown[]>();

/** Records `move` leading to `next` from the current position, discarding anything that had been taken back. */
export function pushMove<S, M>(h: History<S, M>, move: M, next: S): History<S, M> {
  const moves = [...h.moves.slice(0, h.cursor), move];
  // One link back only: were the prefix to keep its own, each list would hold the whole chain before it (a server
  // keeping a game of n moves would keep n lists of up to n moves, traced at every full collection).
  prefixes.delete(h.moves);
  prefixes.set(moves, h.moves);
  // The checkpoints below the new tip: those up to the cursor, which becomes one when it falls on a checkpoint ply.
  const kept = Math.floor(h.cursor / CHECKPOINT_PLIES);
  let checkpoints = h.checkpoints.length === kept ? h.checkpoints : h.checkpoints.slice(0, kept);
  if (h.cursor > 0 && h.cursor % CHECKPOINT_PLIES === 0 && checkpoints.length < kept) {
    checkpoints = [...checkpoints, h.atCursor];
  }
  return {
    start: h.start,
    moves,
    cursor: h.cursor + 1,
    atCursor: next,
    beforeCursor: h.atCursor,
    tip: next,
    checkpoints,
  };
}

/** The moves list `moves` was made from by adding its last move, if it was made by `pushMove`. */
export function prefixOf<M>(moves: readonly M[]): readonly M[] | undefined {
  return prefixes.get(moves) as readonly M[] | undefined;
}

/**
 * The line cut at the cursor with `ended` in place of the current position: a result reached without a move (a
 * resignation, an agreed draw), after which the moves taken back are gone. At ply 0 it replaces the start too.
 */
export function endAtCursor<S, M>(h: History<S, M>, ended: S): History<S, M> {
  const { cursor } = h;
  const below = cursor === 0 ? 0 : Math.floor((cursor - 1) / CHECKPOINT_PLIES);
  return {
    start: cursor === 0 ? ended : h.start,
    moves: h.moves.length === cursor ? h.moves : h.moves.slice(0, cursor),
    cursor,
    atCursor: ended,
    ...(h.beforeCursor !== undefined ? { beforeCursor: h.beforeCursor } : {}),
    tip: ended,
    checkpoints: h.checkpoints.length === below ? h.checkpoints : h.checkpoints.slice(0, below),
  };
}

export function canUndo<S, M>(h: History<S, M>): boolean {
  return h.cursor > 0;
}

export function canRedo<S, M>(h: History<S, M>): boolean {
  return h.cursor < h.moves.length;
}

/** The cursor `plies` moves back (at most to the start); the new current position is played again from the line. */
export function undo<S, M>(game: LineRules<S, M>, h: History<S, M>, plies = 1): History<S, M> {
  return withCursor(game, h, Math.max(0, h.cursor - plies));
}

/** The cursor `plies` moves on (at most to the tip). */
export function redo<S, M>(game: LineRules<S, M>, h: History<S, M>, plies = 1): History<S, M> {
  return withCursor(game, h, Math.min(h.moves.length, h.cursor + plies));
}

/** The same line with its cursor at ply `cursor` (0 to `moves.length`). */
export function withCursor<S, M>(game: LineRules<S, M>, h: History<S, M>, cursor: number): History<S, M> {
  checkPly(h, cursor);
  if (cursor === h.cursor) return h;
  const before = cursor > 0 ? stateAt(game, h, cursor - 1) : undefined;
  const at = before === undefined ? h.start : (heldAt(h, cursor) ?? game.play(before, h.moves[cursor - 1] as M));
  return {
    start: h.start,
    moves: h.moves,
    cursor,
    atCursor: at,
    ...(before !== undefined ? { beforeCursor: before } : {}),
    tip: h.tip,
    checkpoints: h.checkpoints,
  };
}

/** The moves played up to the cursor. */
export function playedMoves<S, M>(h: History<S, M>): readonly M[] {
  return h.moves.slice(0, h.cursor);
}

/**
 * The state at `ply` (0: the start; `moves.length`: the tip), as the line had it: a state the line holds, else
 * played again from the nearest one before it (at most CHECKPOINT_PLIES − 1 moves). A ply outside the line throws.
 */
export function stateAt<S, M>(game: LineRules<S, M>, h: History<S, M>, ply: number): S {
  checkPly(h, ply);
  const held = heldAt(h, ply);
  if (held !== undefined) return held;
  // The nearest state held before `ply`: its checkpoint, or the cursor's (or the one before it) when nearer.
  let from = Math.floor(ply / CHECKPOINT_PLIES) * CHECKPOINT_PLIES;
  let s = from === 0 ? h.start : (h.checkpoints[from / CHECKPOINT_PLIES - 1] as S);
  if (h.cursor < ply && h.cursor > from) {
    from = h.cursor;
    s = h.atCursor;
  } else if (h.beforeCursor !== undefined && h.cursor - 1 < ply && h.cursor - 1 > from) {
    from = h.cursor - 1;
    s = h.beforeCursor;
  }
  for (let p = from; p < ply; p++) s = game.play(s, h.moves[p] as M);
  return s;
}

/**
 * The states at plies `from` up to `to` (not included; default: the whole line, the tip included), in order: one
 * `play` a state, where indexing each with `stateAt` would play up to CHECKPOINT_PLIES moves a state.
 */
export function* lineStates<S, M>(
  game: LineRules<S, M>,
  h: History<S, M>,
  from = 0,
  to = h.moves.length + 1,
): Generator<S, void, undefined> {
  if (from >= to) return;
  let s = stateAt(game, h, from);
  yield s;
  for (let p = from + 1; p < to; p++) {
    s = heldAt(h, p) ?? game.play(s, h.moves[p - 1] as M);
    yield s;
  }
}

/** The state at `ply` when the line holds it (the start, the cursor and the ply before, the tip, a checkpoint). */
function heldAt<S, M>(h: History<S, M>, ply: number): S | undefined {
  if (ply === h.cursor) return h.atCursor;
  if (ply === h.moves.length) return h.tip;
  if (ply === h.cursor - 1) return h.beforeCursor;
  if (ply === 0) return h.start;
  return ply % CHECKPOINT_PLIES === 0 ? h.checkpoints[ply / CHECKPOINT_PLIES - 1] : undefined;
}

function checkPly<S, M>(h: History<S, M>, ply: number): void {
  if (!Number.isSafeInteger(ply) || ply < 0 || ply > h.moves.length) {
    throw new RangeError(`ply ${ply} is not on a line of ${h.moves.length} moves`);
  }
}
