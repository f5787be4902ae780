import { createRng } from '@tactica/core';
import { DraughtsSearchPosition, draughtsGame } from '@tactica/draughts';
import { describe, expect, it } from 'vitest';
import { DraughtsDeepSearcher } from './deep-search.js';
import {
  clockMoveTime,
  DeepTimeManager,
  FAIL_LOW_EXTRA,
  FIXED_MARGIN_MS,
  searchMoveTime,
  START_SHARE,
} from './time.js';

/** A clock that moves on by `step` milliseconds at every reading: the search's time is its node count, scaled. */
function steppingClock(step: number): () => number {
  let t = 0;
  return () => (t += step);
}

/** Iterations whose time doubles, each reporting `best(depth)`: the time used when the manager stops deepening. */
function timeUsed(manager: DeepTimeManager, best: (depth: number) => number, score = (_d: number) => 0): number {
  let elapsed = 1;
  for (let depth = 1; depth < 60; depth++) {
    if (manager.mustStop(elapsed, false)) return elapsed;
    const more = manager.iterationDone(depth, best(depth), score(depth), elapsed);
    if (!more) return elapsed;
    elapsed *= 2;
  }
  return elapsed;
}

describe('the deep search time manager', () => {
  it('never lets a search run past the hard limit, whatever the target (injected clock)', () => {
    const game = draughtsGame('international');
    const state = game.initial();
    const searcher = new DraughtsDeepSearcher({ ttLog2: 12 });
    for (const [target, hard] of [
      [10, 30],
      [40, 40],
      [60, 45],
      [5, 200],
    ] as const) {
      searcher.reset();
      // One millisecond per reading: the search reads the clock every 256 nodes.
      const r = searcher.search(new DraughtsSearchPosition(state), {
        timeMs: hard,
        targetMs: target,
        now: steppingClock(1),
      });
      expect(r.bestMove).toBeDefined();
      // The last reading (the result's time) comes one step after the check that stopped it.
      expect(r.timeMs).toBeLessThanOrEqual(hard + 1);
    }
  });

  it('keeps its soft limit under the hard one through any run of iterations', () => {
    const rng = createRng(20);
    for (let run = 0; run < 200; run++) {
      const hard = 10 + rng.int(1000);
      const m = new DeepTimeManager(1 + rng.int(2000), hard);
      let elapsed = 0;
      for (let depth = 1; depth < 30; depth++) {
        elapsed += rng.int(50);
        m.iterationDone(depth, rng.int(3), rng.int(400) - 200, elapsed);
        expect(m.softMs).toBeLessThanOrEqual(hard);
        expect(m.mustStop(hard, rng.int(2) === 1)).toBe(true);
      }
    }
  });

  it('spends less on a settled best move than on one that keeps changing, and more when the score drops', () => {
    const settled = timeUsed(new DeepTimeManager(1000, 5000), () => 7);
    const changing = timeUsed(new DeepTimeManager(1000, 5000), (d) => d % 3);
    const falling = timeUsed(
      new DeepTimeManager(1000, 5000),
      () => 7,
      (d) => -40 * d,
    );
    expect(settled).toBeLessThan(changing);
    expect(settled).toBeLessThan(falling);
    // The settled move still gets a fair share of its target.
    expect(settled).toBeGreaterThanOrEqual(1000 * 0.7 * START_SHARE * 0.5);
  });

  it('lets a root that fails low run past the soft limit, up to its extra share, never past the hard limit', () => {
    const m = new DeepTimeManager(100, 1000);
    m.iterationDone(1, 5, 0, 10);
    const soft = m.softMs;
    expect(m.mustStop(soft + 1, false)).toBe(true);
    expect(m.mustStop(soft + 1, true)).toBe(false);
    expect(m.mustStop(soft * FAIL_LOW_EXTRA, true)).toBe(true);
    const tight = new DeepTimeManager(100, 120);
    tight.iterationDone(1, 5, 0, 10);
    expect(tight.mustStop(120, true)).toBe(true);
  });

  it('does not stop before its first iteration except at the hard limit', () => {
    const m = new DeepTimeManager(10, 100);
    expect(m.mustStop(50, false)).toBe(false);
    expect(m.mustStop(100, false)).toBe(true);
  });

  it('shares a clock: a target below the hard limit, and the hard limit within the time left', () => {
    for (const [remainingMs, incrementMs] of [
      [60_000, 0],
      [1_000, 100],
      [200, 2_000],
      [30, 0],
    ] as const) {
      const t = clockMoveTime({ remainingMs, incrementMs });
      expect(t.targetMs).toBeLessThanOrEqual(t.timeMs);
      expect(t.timeMs).toBeLessThanOrEqual(Math.max(1, remainingMs));
    }
    expect(clockMoveTime({ remainingMs: 60_000 }).targetMs).toBeCloseTo((60_000 - 50) / 30, 0);
  });
  it('at a fixed time a move starts every iteration and stops only at the hard limit', () => {
    // A settled best move: a clock's manager would stop after a few iterations; a fixed time's does not.
    const fixed = new DeepTimeManager(300, 300);
    let elapsed = 0;
    for (let depth = 1; depth < 20; depth++) {
      elapsed = depth * 15;
      expect(fixed.iterationDone(depth, 7, 0, elapsed)).toBe(true);
      expect(fixed.mustStop(elapsed, false)).toBe(false);
    }
    expect(fixed.mustStop(299, false)).toBe(false);
    expect(fixed.mustStop(300, false)).toBe(true);
    expect(fixed.iterationDone(20, 7, 0, 300)).toBe(false);
    const clock = new DeepTimeManager(200, 600);
    expect(timeUsed(clock, () => 7)).toBeLessThan(600);
  });

  it('runs a fixed-time search (injected clock) to within a clock step of its limit, through unfinished iterations', () => {
    const game = draughtsGame('english');
    const searcher = new DraughtsDeepSearcher({ ttLog2: 12 });
    for (const limit of [50, 200, 900]) {
      searcher.reset();
      const { timeMs, targetMs } = searchMoveTime(limit, undefined, 3);
      expect(timeMs).toBe(limit - 3 - FIXED_MARGIN_MS);
      const r = searcher.search(new DraughtsSearchPosition(game.initial()), {
        timeMs,
        targetMs,
        now: steppingClock(1),
      });
      // Stopped by the limit (an unfinished iteration), not by a manager that thought the next one too dear.
      expect(r.stopped).toBe(true);
      expect(r.timeMs).toBeGreaterThanOrEqual(timeMs);
      expect(r.timeMs).toBeLessThanOrEqual(timeMs + 1);
      expect(r.bestMove).toBeDefined();
    }
  });

  it('keeps a clock mode target below its hard limit and takes no fixed margin off it', () => {
    const t = clockMoveTime({ remainingMs: 60_000, incrementMs: 500 });
    const limits = searchMoveTime(t.timeMs, t.targetMs, 2);
    expect(limits.timeMs).toBeCloseTo(t.timeMs - 2, 6);
    expect(limits.targetMs).toBe(t.targetMs);
    expect(limits.targetMs).toBeLessThan(limits.timeMs);
    // A managed search at the clock's target stops before its hard limit on a settled position.
    expect(timeUsed(new DeepTimeManager(limits.targetMs, limits.timeMs), () => 7)).toBeLessThan(limits.timeMs);
    // Whatever is spent before the search, the limits stay positive and the target within the hard limit.
    for (const spentMs of [0, 50, 5_000]) {
      const l = searchMoveTime(100, 60, spentMs);
      expect(l.timeMs).toBeGreaterThanOrEqual(1);
      expect(l.targetMs).toBeLessThanOrEqual(l.timeMs);
      const f = searchMoveTime(100, undefined, spentMs);
      expect(f.targetMs).toBe(f.timeMs);
    }
  });
});
