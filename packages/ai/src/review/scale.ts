/** Reading engine scores on a game's review scale, marking losses and summing a player's moves up. */
import type { Player } from '@tactica/core';
import { REVIEW_MARKS, type PlayerReview, type PlyReview, type ReviewMark, type ReviewScale } from './types.js';

/** An engine score on the scale: hundredths of the reference piece, whole, clamped (a win reads as the clamp). */
export function normalise(score: number, scale: ReviewScale): number {
  const units = Math.round(score / scale.engineUnits);
  return Math.max(-scale.clamp, Math.min(scale.clamp, units)) || 0;
}

/** The heaviest mark whose threshold the loss reaches, if any. */
export function markOf(loss: number, scale: ReviewScale): ReviewMark | undefined {
  let mark: ReviewMark | undefined;
  for (const m of REVIEW_MARKS) if (loss >= scale.thresholds[m]) mark = m;
  return mark;
}

/** One move reviewed: its loss (never below 0, none for the engine's own choice) and its mark. */
export function plyReview(fields: Omit<PlyReview, 'loss' | 'mark'>, scale: ReviewScale): PlyReview {
  const loss = fields.best ? 0 : Math.max(0, fields.before - fields.after);
  const mark = markOf(loss, scale);
  return { ...fields, loss, ...(mark ? { mark } : {}) };
}

/** Each player's moves summed up: their count, mean loss and marks. */
export function summarise(plies: readonly PlyReview[]): readonly [PlayerReview, PlayerReview] {
  const of = (player: Player): PlayerReview => {
    const own = plies.filter((p) => p.player === player);
    const marks = Object.fromEntries(REVIEW_MARKS.map((m) => [m, own.filter((p) => p.mark === m).length]));
    const total = own.reduce((sum, p) => sum + p.loss, 0);
    return {
      player,
      moves: own.length,
      averageLoss: own.length === 0 ? 0 : Math.round(total / own.length),
      marks: marks as Record<ReviewMark, number>,
    };
  };
  return [of(0), of(1)];
}

/** True once a host raised the stop flag. */
export function stopped(stop: Int32Array | undefined): boolean {
  return stop !== undefined && Atomics.load(stop, 0) !== 0;
}
