/**
 * A review as words, the same in every interface (the terminal's report, comments written into a record): scores
 * in the game's reference pieces (hundredths shown as `+1.25`), marks by name.
 */
import type { Player } from '@tactica/core';
import type { GameReview, PlyReview } from './types.js';

/** A normalised score in whole pieces, signed: `+1.25`, `-0.30`, `0.00`. */
export function formatScore(units: number): string {
  const text = (Math.abs(units) / 100).toFixed(2);
  return units > 0 ? `+${text}` : units < 0 ? `-${text}` : text;
}

/** The evaluation after entry `index` of the review, for the first player (seat 0). */
export function evalAfter(review: GameReview, index: number): number {
  return review.graph[index + 1] ?? 0;
}

/**
 * The comment a record carries after a move: its evaluation for the first player, and for a marked move the mark,
 * what it lost and the engine's better line (`blunder, loses 4.41; better: 21-26 32x21`).
 */
export function reviewComment(review: GameReview, index: number): string {
  const p = review.plies[index] as PlyReview;
  const evaluation = `eval ${formatScore(evalAfter(review, index))}`;
  if (!p.mark) return evaluation;
  const better = p.line.length > 0 ? `; better: ${p.line.join(' ')}` : '';
  return `${p.mark}, loses ${formatScore(p.loss).replace('+', '')}; ${evaluation}${better}`;
}

/** The summary line of a player: `moves 30, average loss 0.17, inaccuracies 2, mistakes 1, blunders 0`. */
export function summaryText(review: GameReview, player: Player): string {
  const s = review.players[player];
  return [
    `moves ${s.moves}`,
    `average loss ${formatScore(s.averageLoss).replace('+', '')}`,
    `inaccuracies ${s.marks.inaccuracy}`,
    `mistakes ${s.marks.mistake}`,
    `blunders ${s.marks.blunder}`,
  ].join(', ');
}
