import type { Player } from '@tactica/core';

/**
 * What the searcher needs from a game: a mutable position with make/unmake over integer-encoded moves, so the
 * search allocates nothing per node. A game with a fast generator implements this directly (draughts does);
 * `ContractPosition` wraps any `Game` for games where the immutable contract is fast enough.
 *
 * Scores are integers from the side to move's point of view; `WIN` (minus the distance in plies) marks a won game.
 */
export interface SearchPosition {
  sideToMove(): Player;
  /** Writes the legal moves into `out` from `offset`; returns how many. Game rules (compulsory capture…) apply. */
  generateMoves(out: Int32Array, offset: number): number;
  makeMove(move: number): void;
  /** Undoes the last `makeMove`, which was `move`. */
  unmakeMove(move: number): void;
  /** Zobrist hash of the position (including side to move) as two 32-bit words. */
  hashLo(): number;
  hashHi(): number;
  /**
   * The game's result if it is decided here without looking at moves (a king taken, a draw by repetition or move
   * counter): +1 side to move has won, -1 lost, 0 drawn, undefined not decided.
   */
  decided(ply: number): -1 | 0 | 1 | undefined;
  /** The result for the side to move when it has no legal move (loss in most games, a win in give-away). */
  noMovesResult(): -1 | 0 | 1;
  /** Static evaluation for the side to move, well inside ±WIN. */
  evaluate(): number;
  /** True for captures and other moves quiescence search must look at. */
  isTactical(move: number): boolean;
  /** True when the side to move must play a tactical move (draughts' compulsory capture): no standing pat. */
  mustPlayTactical(): boolean;
  /**
   * Optional: writes only the moves quiescence follows (those `isTactical` accepts) and returns how many; 0 means
   * none, and the searcher stands pat. Games with many quiet moves use it to skip generating them in quiescence.
   * Never called where `mustPlayTactical()` is true (there every move is generated).
   */
  generateTacticalMoves?(out: Int32Array, offset: number): number;
  /** A small index for the history heuristic, in [0, HISTORY_SIZE). */
  historyIndex(move: number): number;
}

export const WIN = 1_000_000;
/** Scores beyond this are wins or losses at a known distance. */
export const WIN_BOUND = WIN - 10_000;
export const HISTORY_SIZE = 1 << 16;
