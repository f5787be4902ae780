/**
 * A game's line of play with takeback and redo: every state from the start, the moves between them, and a cursor.
 * Taking back moves the cursor; playing a new move after a takeback drops the undone moves (as every game GUI does).
 * Immutable, JSON-safe when S and M are.
 */
export interface History<S, M> {
  readonly states: readonly S[];
  readonly moves: readonly M[];
  /** Index into `states` of the current position. */
  readonly cursor: number;
}

export function startHistory<S, M>(initial: S): History<S, M> {
  return { states: [initial], moves: [], cursor: 0 };
}

export function current<S, M>(h: History<S, M>): S {
  return h.states[h.cursor] as S;
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
  return {
    states: [...h.states.slice(0, h.cursor + 1), next],
    moves,
    cursor: h.cursor + 1,
  };
}

/** The moves list `moves` was made from by adding its last move, if it was made by `pushMove`. */
export function prefixOf<M>(moves: readonly M[]): readonly M[] | undefined {
  return prefixes.get(moves) as readonly M[] | undefined;
}

export function canUndo<S, M>(h: History<S, M>): boolean {
  return h.cursor > 0;
}

export function canRedo<S, M>(h: History<S, M>): boolean {
  return h.cursor < h.states.length - 1;
}

export function undo<S, M>(h: History<S, M>, plies = 1): History<S, M> {
  return { ...h, cursor: Math.max(0, h.cursor - plies) };
}

export function redo<S, M>(h: History<S, M>, plies = 1): History<S, M> {
  return { ...h, cursor: Math.min(h.states.length - 1, h.cursor + plies) };
}

/** The moves played up to the cursor. */
export function playedMoves<S, M>(h: History<S, M>): readonly M[] {
  return h.moves.slice(0, h.cursor);
}
