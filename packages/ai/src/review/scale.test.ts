import { describe, expect, it } from 'vitest';
import { WIN } from '../search-position.js';
import { markOf, normalise, plyReview, summarise } from './scale.js';
import { formatScore, reviewComment } from './text.js';
import type { GameReview, ReviewScale } from './types.js';

const SCALE: ReviewScale = {
  unit: 'centi-chips',
  engineUnits: 0.2,
  clamp: 1000,
  thresholds: { inaccuracy: 30, mistake: 60, blunder: 100 },
  depth: 4,
};

describe('review scale', () => {
  it('reads engine units as hundredths of the reference piece, a won game as the clamp', () => {
    expect(normalise(20, SCALE)).toBe(100);
    expect(normalise(-3, SCALE)).toBe(-15);
    expect(normalise(WIN - 7, SCALE)).toBe(1000);
    expect(normalise(-WIN + 7, SCALE)).toBe(-1000);
    expect(Object.is(normalise(-0.01, SCALE), 0)).toBe(true);
  });

  it("marks a loss by the heaviest threshold it reaches, and the engine's own move never", () => {
    expect([0, 29, 30, 59, 60, 99, 100, 2000].map((loss) => markOf(loss, SCALE))).toEqual([
      undefined,
      undefined,
      'inaccuracy',
      'inaccuracy',
      'mistake',
      'mistake',
      'blunder',
      'blunder',
    ]);
    const base = { ply: 0, player: 0 as const, move: 'a1-a2', line: ['b1-b2'] };
    expect(plyReview({ ...base, before: 50, after: -80, best: false }, SCALE)).toMatchObject({
      loss: 130,
      mark: 'blunder',
    });
    expect(plyReview({ ...base, before: 50, after: 90, best: false }, SCALE)).toMatchObject({ loss: 0 });
    expect(plyReview({ ...base, before: 50, after: -80, best: true }, SCALE).mark).toBeUndefined();
  });

  it("sums each player's moves: count, mean loss, marks", () => {
    const ply = (player: 0 | 1, before: number, after: number) =>
      plyReview({ ply: 0, player, move: 'm', line: [], before, after, best: false }, SCALE);
    const [first, second] = summarise([ply(0, 0, -100), ply(1, 0, -40), ply(0, 0, -20), ply(1, 10, 10)]);
    expect(first).toEqual({ player: 0, moves: 2, averageLoss: 60, marks: { inaccuracy: 0, mistake: 0, blunder: 1 } });
    expect(second).toEqual({ player: 1, moves: 2, averageLoss: 20, marks: { inaccuracy: 1, mistake: 0, blunder: 0 } });
  });

  it('writes scores in pieces and a marked move with its loss and better line', () => {
    expect([125, -30, 0].map(formatScore)).toEqual(['+1.25', '-0.30', '0.00']);
    const blunder = plyReview(
      { ply: 0, player: 1, move: '19-23', line: ['21-26', '32x21'], before: 8, after: -433, best: false },
      SCALE,
    );
    const review: GameReview = {
      unit: 'centi-men',
      depth: 10,
      plies: [blunder],
      players: summarise([blunder]),
      graph: [-8, 433],
      complete: true,
    };
    expect(reviewComment(review, 0)).toBe('blunder, loses 4.41; eval +4.33; better: 21-26 32x21');
  });
});
