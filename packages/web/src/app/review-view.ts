/**
 * How the game screen draws a computer review, as pure functions (tested without a page): a move's mark as the
 * annotation sign players know (`?!`, `?`, `??`), the evaluation graph's points, the entry of the review that a
 * move of the list is.
 */
import { formatScore, type GameReview, type PlyReview, type ReviewMark } from '@tactica/ai/review';

/** The annotation signs of the marks, as in printed games: dubious, mistake, blunder. */
export const MARK_SIGNS: Readonly<Record<ReviewMark, string>> = { inaccuracy: '?!', mistake: '?', blunder: '??' };

/** The graph's drawing box, in SVG units (the page scales it to its column). */
export const GRAPH_WIDTH = 300;
export const GRAPH_HEIGHT = 80;

export interface GraphPoint {
  readonly x: number;
  readonly y: number;
}

/**
 * One point per entry of the review's graph (the start, then after each move), left to right, the first player's
 * advantage up: the evaluation clamped to ±`clamp` (the game's review scale) fills the height, 0 is the middle.
 */
export function graphPoints(
  graph: readonly number[],
  clamp: number,
  width = GRAPH_WIDTH,
  height = GRAPH_HEIGHT,
): GraphPoint[] {
  const step = graph.length > 1 ? width / (graph.length - 1) : 0;
  const half = height / 2;
  return graph.map((v, i) => {
    const clamped = Math.max(-clamp, Math.min(clamp, v));
    return { x: round(i * step), y: round(half - (clamped / clamp) * half) };
  });
}

/** The points as an SVG `points` attribute. */
export function pointsText(points: readonly GraphPoint[]): string {
  return points.map((p) => `${p.x},${p.y}`).join(' ');
}

function round(n: number): number {
  return Math.round(n * 10) / 10 || 0;
}

/**
 * The review's entry of the move at `ply` of the line, if the review reached it and it is the move reviewed (a move
 * taken back and another played since is not).
 */
export function reviewedMove(review: GameReview, ply: number, text: string): PlyReview | undefined {
  const p = review.plies[ply];
  return p && p.ply === ply && p.move === text ? p : undefined;
}

/** A marked move's title: `blunder: loses 4.41; better: 21-26 32x21`. */
export function markTitle(p: PlyReview): string {
  const better = p.line.length > 0 ? `; better: ${p.line.join(' ')}` : '';
  return `${p.mark ?? 'good'}: loses ${formatScore(p.loss).replace('+', '')}${better}`;
}

/** The moves the review marked, in the order played. */
export function markedMoves(review: GameReview): PlyReview[] {
  return review.plies.filter((p) => p.mark !== undefined);
}
