import { describe, expect, it } from 'vitest';
import type { GameReview, PlyReview } from '@tactica/ai/review';
import { reviewOffered } from './review-state.js';
import {
  GRAPH_HEIGHT,
  GRAPH_WIDTH,
  MARK_SIGNS,
  graphPoints,
  markTitle,
  markedMoves,
  pointsText,
  reviewedMove,
} from './review-view.js';

const ply = (i: number, move: string, fields: Partial<PlyReview> = {}): PlyReview => ({
  ply: i,
  player: i % 2 === 0 ? 0 : 1,
  move,
  before: 0,
  after: 0,
  loss: 0,
  best: true,
  line: [],
  ...fields,
});

const REVIEW: GameReview = {
  unit: 'centi-men',
  depth: 10,
  plies: [
    ply(0, '32-28'),
    ply(1, '19-23', { loss: 441, mark: 'blunder', best: false, line: ['21-26', '32x21'], after: -433, before: 8 }),
    ply(2, '28x19'),
  ],
  players: [
    { player: 0, moves: 2, averageLoss: 0, marks: { inaccuracy: 0, mistake: 0, blunder: 0 } },
    { player: 1, moves: 1, averageLoss: 441, marks: { inaccuracy: 0, mistake: 0, blunder: 1 } },
  ],
  graph: [0, -8, 433, 2000],
  complete: true,
};

describe('the review as the game screen draws it', () => {
  it('draws one point per position, left to right, the first player up, clamped to the scale', () => {
    const points = graphPoints(REVIEW.graph, 1000);
    expect(points).toHaveLength(4);
    expect(points.map((p) => p.x)).toEqual(
      [0, GRAPH_WIDTH / 3, (2 * GRAPH_WIDTH) / 3, GRAPH_WIDTH].map((x) => Math.round(x * 10) / 10),
    );
    expect(points[0]?.y).toBe(GRAPH_HEIGHT / 2);
    expect(points[1]?.y).toBeGreaterThan(GRAPH_HEIGHT / 2);
    expect(points[2]?.y).toBeLessThan(GRAPH_HEIGHT / 2);
    // 2000 is past the clamp: the top edge, no further.
    expect(points[3]?.y).toBe(0);
    expect(graphPoints([-5000], 1000)).toEqual([{ x: 0, y: GRAPH_HEIGHT }]);
    expect(pointsText(graphPoints([0, 1000], 1000, 10, 10))).toBe('0,5 10,0');
  });

  it('marks a move with its sign and a title saying what it lost and the better line', () => {
    expect(MARK_SIGNS).toEqual({ inaccuracy: '?!', mistake: '?', blunder: '??' });
    const blunder = reviewedMove(REVIEW, 1, '19-23');
    expect(blunder?.mark).toBe('blunder');
    expect(markTitle(blunder as PlyReview)).toBe('blunder: loses 4.41; better: 21-26 32x21');
    expect(markedMoves(REVIEW).map((p) => p.ply)).toEqual([1]);
  });

  it('gives no entry for a move the review did not see (taken back, another played, or past its end)', () => {
    expect(reviewedMove(REVIEW, 1, '20-24')).toBeUndefined();
    expect(reviewedMove(REVIEW, 7, '19-23')).toBeUndefined();
  });

  it('is offered once the game is over, or when people play both sides (a record), not against the computer in play', () => {
    const human = { kind: 'human' } as const;
    const computer = { kind: 'computer', level: 'smart' } as const;
    expect(reviewOffered({ outcome: undefined, seats: [human, human] } as never)).toBe(true);
    expect(reviewOffered({ outcome: undefined, seats: [human, computer] } as never)).toBe(false);
    expect(reviewOffered({ outcome: { kind: 'draw' }, seats: [human, computer] } as never)).toBe(true);
  });
});
