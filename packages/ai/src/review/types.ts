/**
 * A computer review of a finished (or imported) game, as plain data that travels to workers, storage and the wire:
 * each move searched by the game's engine, its evaluation before and after, the loss it caused against the engine's
 * best, a mark by the game's thresholds, the engine's better line, and a summary per player.
 */
import type { Player } from '@tactica/core';

/** The marks of a move, mildest first: each is given when the move's loss reaches the game's threshold for it. */
export const REVIEW_MARKS = ['inaccuracy', 'mistake', 'blunder'] as const;
export type ReviewMark = (typeof REVIEW_MARKS)[number];

/**
 * How a game's engine scores are read in a review (each game's own, in its catalogue entry and its rules doc):
 * scores are normalised to hundredths of the game's reference piece (a draughts man, a Force 400 man, a Tactics
 * Rook, a Tactrix! chip, a Tactorus infantry), clamped, and losses marked by thresholds on that scale.
 */
export interface ReviewScale {
  /** What a normalised unit is, for reports: `centi-men`, `centi-chips`. */
  readonly unit: string;
  /** Engine score units in one normalised unit (draughts: 1; Tactrix!: 0.2, a chip being 20 engine units). */
  readonly engineUnits: number;
  /**
   * Normalised scores are clamped to ±this: a won (or lost) game reads as this, and a loss is at most twice it, so
   * that one blunder in a won game does not outweigh every other move in the average **(ours)**.
   */
  readonly clamp: number;
  /** The least loss (normalised) of each mark. */
  readonly thresholds: Readonly<Record<ReviewMark, number>>;
  /** The search depth per position when a review names neither depth nor time (plies; Tactorus: passes). */
  readonly depth: number;
}

/** The engine's better line is kept to this many moves (ours): enough to show the idea, short enough to read. */
export const REVIEW_LINE_MAX = 8;

/** How hard a review searches, and how a host follows or stops it. */
export interface ReviewLimits {
  /** Depth per position (default: the scale's). */
  readonly depth?: number;
  /** Time per position, in milliseconds, instead of a depth (the review is then not reproducible). */
  readonly timeMs?: number;
  /** Shared stop flag (`Atomics.store(stop, 0, 1)` from another thread): the review ends with what it has. */
  readonly stop?: Int32Array;
  /** Called after each move (or each side's orders of a round) is reviewed: a host's progress. */
  readonly onPly?: (done: number, total: number) => void;
}

/** One move of the game (in a simultaneous game: one side's orders of a round) as the review sees it. */
export interface PlyReview {
  /** 0-based index of the move in the line (simultaneous: 2 × round index + seat). */
  readonly ply: number;
  readonly player: Player;
  /** The move as the game writes it (Tactorus: the side's orders). */
  readonly move: string;
  /** The engine's evaluation of the position before the move, for the mover, normalised. */
  readonly before: number;
  /** The evaluation after the move played, for the mover, normalised. */
  readonly after: number;
  /** What the move cost against the engine's best: `before - after`, never below 0; 0 when it is the best. */
  readonly loss: number;
  readonly mark?: ReviewMark;
  /** True when the move played is the engine's choice, or the only legal move. */
  readonly best: boolean;
  /**
   * The engine's line from the position before the move (its first move its choice), in the game's notation, at
   * most `REVIEW_LINE_MAX` moves.
   */
  readonly line: readonly string[];
}

/** A player's moves summed up. */
export interface PlayerReview {
  readonly player: Player;
  readonly moves: number;
  /** Mean loss per move, normalised, rounded to a whole unit. */
  readonly averageLoss: number;
  readonly marks: Readonly<Record<ReviewMark, number>>;
}

export interface GameReview {
  /** The normalised unit (the scale's). */
  readonly unit: string;
  /** The limits searched with: a depth (plies, Tactorus passes) or a time per position. */
  readonly depth?: number;
  readonly timeMs?: number;
  readonly plies: readonly PlyReview[];
  readonly players: readonly [PlayerReview, PlayerReview];
  /**
   * The evaluation graph: the evaluation for the first player (seat 0) at the start and after each entry of
   * `plies`, normalised (length `plies.length + 1`).
   */
  readonly graph: readonly number[];
  /** False when the stop flag ended the review early (`plies` then holds the moves reviewed so far). */
  readonly complete: boolean;
}
