/**
 * The public, immutable Tactics position: plain data that survives JSON and structured clone.
 */
import type { Outcome, Player } from '@tactica/core';
import { cellOf, EMPTY, SQUARES, type Cell } from './board.js';

export interface TacticsState {
  /**
   * 64 characters, a1 first, h8 last; each square's cell code (see board.ts) written as `CELL_CHARS[code]`
   * (`.` is an empty square). Use `cellAt` / `pieceAt` rather than reading it by hand.
   */
  readonly board: string;
  readonly turn: Player;
  /** Plies played since the last move that flipped a piece (the 100-ply draw rule, ours). */
  readonly quiet: number;
  /**
   * The key (`positionKey`) of every position since the game's start (or since the position text it was read
   * from), the current one last: threefold repetition is judged on it. Kept in chunks of at most `SEEN_CHUNK` keys,
   * every one but the last full and shared with the states before it, so a move copies the last chunk and the list
   * of chunks, not the whole line **(ours)**: with one array copied at each move a line of n positions held n²/2 keys
   * (13 kB a position at 2,000 plies), and reading a long game back was quadratic. Read it with `seenKeys`.
   */
  readonly seen: SeenKeys;
  /** Set by resignation or an agreed draw. */
  readonly ended?: Outcome;
}

export interface TacticsMove {
  readonly from: number;
  readonly to: number;
}

/** The keys of the positions seen, in chunks (see `TacticsState.seen`). */
export type SeenKeys = readonly (readonly string[])[];

/** Keys in a full chunk of `TacticsState.seen`. */
export const SEEN_CHUNK = 64;

/** A history of one position. */
export function seenOf(key: string): SeenKeys {
  return [[key]];
}

/** `seen` with `key` after its last key: the full chunks are shared, the last one copied (or a new one begun). */
export function seenWith(seen: SeenKeys, key: string): SeenKeys {
  const last = seen[seen.length - 1];
  if (last === undefined || last.length >= SEEN_CHUNK) return [...seen, [key]];
  const out = seen.slice();
  out[out.length - 1] = [...last, key];
  return out;
}

/** Every key of `seen`, oldest first (for tests and tools: the hot paths walk the chunks). */
export function seenKeys(seen: SeenKeys): string[] {
  return seen.flat();
}

/** Cell code → board character. Codes with kind bits 0 but other bits set never occur. */
const CELL_CHARS = '.ABCDEFGHIJKLMNO';

/** Board character code → cell code, -1 for characters that are not cells. */
export const CELL_OF_CHAR = new Int8Array(128).fill(-1);
for (let c = 0; c < CELL_CHARS.length; c++)
  if (c === EMPTY || (c & 3) !== 0) CELL_OF_CHAR[CELL_CHARS.charCodeAt(c)] = c;

export function cellAt(s: Pick<TacticsState, 'board'>, sq: number): Cell {
  return CELL_OF_CHAR[s.board.charCodeAt(sq)] ?? EMPTY;
}

/** The position's identity for repetition: the board and the player to move. */
export function positionKey(board: string, turn: Player): string {
  return `${board}${turn === 0 ? 'w' : 'b'}`;
}

export function boardFromCells(cells: ArrayLike<number>): string {
  let out = '';
  for (let sq = 0; sq < SQUARES; sq++) out += CELL_CHARS[cells[sq] ?? EMPTY] ?? '.';
  return out;
}

export function stateFromCells(cells: ArrayLike<number>, turn: Player, quiet = 0): TacticsState {
  const board = boardFromCells(cells);
  return { board, turn, quiet, seen: seenOf(positionKey(board, turn)) };
}

/** The manual's starting board: White's Q B R R R R B Q on rank 1, Black's the same on rank 8. White moves first (ours). */
export function initialState(): TacticsState {
  const cells = new Array<number>(SQUARES).fill(EMPTY);
  const back = ['Q', 'B', 'R', 'R', 'R', 'R', 'B', 'Q'] as const;
  back.forEach((kind, f) => {
    cells[f] = cellOf({ kind, owner: 0, face: 0 });
    cells[56 + f] = cellOf({ kind, owner: 1, face: 1 });
  });
  return stateFromCells(cells, 0);
}
