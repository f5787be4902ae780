import { describe, expect, it } from 'vitest';
import { nim, type NimState } from '@tactica/core/test-games';
import type { AnalyseLimits } from '../engine.js';
import { nimTestEngine } from '../test-engine.js';
import { reviewLine, reviewLineAsync } from './review-line.js';
import type { ReviewScale } from './types.js';

const SCALE: ReviewScale = {
  unit: 'centi-stones',
  engineUnits: 1,
  clamp: 1000,
  thresholds: { inaccuracy: 30, mistake: 60, blunder: 100 },
  depth: 12,
};

/** Nim from `stones`, First to move: who takes the last stone wins, so leaving a multiple of 4 wins. */
const from = (stones: number): NimState => ({ stones, toMove: 0 });

describe('reviewLine', () => {
  it('marks the move that throws a won game away a blunder, with the winning line', () => {
    // 10 stones: taking 2 wins; taking 1 leaves 9, and Second takes 1 to leave 8.
    const review = reviewLine(nim, nimTestEngine(), from(10), [1, 1], SCALE);
    const [blunder, reply] = review.plies;
    expect(blunder).toMatchObject({ ply: 0, player: 0, move: 'take 1', before: 1000, after: -1000, loss: 2000 });
    expect(blunder?.mark).toBe('blunder');
    expect(blunder?.line[0]).toBe('take 2');
    expect(reply).toMatchObject({ ply: 1, player: 1, move: 'take 1', best: true, loss: 0 });
    expect(reply?.mark).toBeUndefined();
    expect(review.players[0]).toMatchObject({ moves: 1, averageLoss: 2000, marks: { blunder: 1 } });
    expect(review.graph).toEqual([1000, -1000, -1000]);
  });

  it('reads a move that ends the game by its result', () => {
    // 2 stones: First takes 1 (Second then must take the last one and win); Second's move is forced and ends it.
    const review = reviewLine(nim, nimTestEngine(), from(2), [1, 1], SCALE);
    expect(review.plies[0]).toMatchObject({ before: 1000, after: -1000, mark: 'blunder' });
    expect(review.plies[1]).toMatchObject({ player: 1, before: 1000, after: 1000, best: true, loss: 0 });
  });

  it('reviews nothing once the stop flag is up, and says it is incomplete', () => {
    const stop = new Int32Array(new SharedArrayBuffer(4));
    Atomics.store(stop, 0, 1);
    const review = reviewLine(nim, nimTestEngine(), from(10), [1, 1], SCALE, { stop });
    expect(review).toMatchObject({ complete: false, plies: [], graph: [0] });
  });

  it('reviews the same with an engine that answers later', async () => {
    const engine = nimTestEngine();
    const later = { analyse: (s: NimState, limits: AnalyseLimits) => Promise.resolve(engine.analyse(s, limits)) };
    expect(await reviewLineAsync(nim, later, from(10), [1, 1, 3], SCALE)).toEqual(
      reviewLine(nim, nimTestEngine(), from(10), [1, 1, 3], SCALE),
    );
  });
});
