import { describe, expect, it } from 'vitest';
import type { SearchInfo } from '../../search.js';
import { WIN } from '../../search-position.js';
import { deepen, SearchClock, type RootSearch } from './deepening.js';

/** One root search as the scripted tree saw it. */
interface Call {
  readonly depth: number;
  readonly alpha: number;
  readonly beta: number;
  readonly failingLow: boolean;
}

/**
 * A tree that answers each root search with the next scripted score (the last one again once they run out) and
 * best move, stopping when told to; it records every window it was asked in.
 */
function scriptedTree(
  clock: SearchClock,
  answers: readonly { score: number; move?: number; stop?: boolean }[],
): RootSearch & { calls: Call[] } {
  const calls: Call[] = [];
  let last = { score: 0, move: 7, stopped: false };
  return {
    calls,
    searchRoot(depth, alpha, beta) {
      calls.push({ depth, alpha, beta, failingLow: clock.failingLow });
      const a = answers[Math.min(calls.length - 1, answers.length - 1)] ?? { score: 0 };
      last = { score: a.score, move: a.move ?? last.move, stopped: a.stop ?? false };
      return a.score;
    },
    stopped: () => last.stopped,
    rootPv: () => (last.move < 0 ? [] : [last.move, 1]),
    rootScore: () => last.score,
    nodes: () => calls.length * 100,
  };
}

const before: SearchInfo = { depth: 0, score: 0, bestMove: 3, pv: [3], nodes: 0, timeMs: 0 };

function clockAt(ms = 0): SearchClock {
  const clock = new SearchClock();
  clock.begin({ now: () => ms });
  return clock;
}

describe('iterative deepening, shared by the JS and WebAssembly searchers', () => {
  it('searches the full window to depth 4, then an aspiration window of ±20 around the last score', () => {
    const clock = clockAt();
    const tree = scriptedTree(clock, [{ score: 10 }, { score: 12 }, { score: 8 }, { score: 30 }, { score: 35 }]);
    const best = deepen(tree, before, { first: 1, maxDepth: 5, window: 20, rootCount: 10, clock });
    expect(tree.calls.map((c) => [c.depth, c.alpha, c.beta])).toEqual([
      [1, -WIN - 1, WIN + 1],
      [2, -WIN - 1, WIN + 1],
      [3, -WIN - 1, WIN + 1],
      [4, -WIN - 1, WIN + 1],
      [5, 10, 50],
    ]);
    expect(best).toMatchObject({ depth: 5, score: 35, bestMove: 7, pv: [7, 1], nodes: 500 });
  });

  it('a score below the window searches again, its top at the middle and its bottom three times as far; the clock knows', () => {
    const clock = clockAt();
    // Depth 5 around 100: fails low at 70, then high at 105 in the lowered window, then fits at 110.
    const tree = scriptedTree(clock, [
      { score: 100 },
      { score: 100 },
      { score: 100 },
      { score: 100 },
      { score: 70 },
      { score: 105 },
      { score: 110 },
    ]);
    const best = deepen(tree, before, { first: 1, maxDepth: 5, window: 20, rootCount: 10, clock });
    expect(tree.calls.slice(4)).toEqual([
      { depth: 5, alpha: 80, beta: 120, failingLow: false },
      // Failed low at 70: the half-width is now 60, the top comes to the middle of (80, 120).
      { depth: 5, alpha: 10, beta: 100, failingLow: true },
      // Failed high at 105: the half-width is 180 above the score; the iteration still counts as failing low.
      { depth: 5, alpha: 10, beta: 285, failingLow: true },
    ]);
    expect(best.score).toBe(110);
    expect(clock.failingLow).toBe(false);
  });

  it('a score above the window raises only its top', () => {
    const clock = clockAt();
    const tree = scriptedTree(clock, [
      { score: 0 },
      { score: 0 },
      { score: 0 },
      { score: 0 },
      { score: 25 },
      { score: 40 },
    ]);
    const best = deepen(tree, before, { first: 1, maxDepth: 5, window: 20, rootCount: 10, clock });
    expect(tree.calls.slice(4).map((c) => [c.alpha, c.beta, c.failingLow])).toEqual([
      [-20, 20, false],
      [-20, 85, false],
    ]);
    expect(best.score).toBe(40);
  });

  it('a stopped iteration plays the root moves it searched, or the last iteration when it searched none', () => {
    const clock = clockAt();
    const partial = scriptedTree(clock, [{ score: 5, move: 7 }, { score: 5 }, { score: -40, move: 9, stop: true }]);
    const played = deepen(partial, before, { first: 1, maxDepth: 10, window: 20, rootCount: 10, clock });
    // The depth stays the last one finished; the move and score are the stopped iteration's.
    expect(played).toMatchObject({ depth: 2, score: -40, bestMove: 9, pv: [9, 1] });
    const none = scriptedTree(clock, [
      { score: 5, move: 7 },
      { score: 6, move: -1, stop: true },
    ]);
    expect(deepen(none, before, { first: 1, maxDepth: 10, window: 20, rootCount: 10, clock })).toMatchObject({
      depth: 1,
      score: 5,
      bestMove: 7,
    });
  });

  it('stops at the depth, at a proven result, after two iterations of a forced move, and when the clock says', () => {
    const deep = (answers: { score: number }[], rootCount: number, clock = clockAt()): number =>
      deepen(scriptedTree(clock, answers), before, { first: 1, maxDepth: 9, window: 20, rootCount, clock }).depth;
    expect(deep([{ score: 3 }], 10)).toBe(9);
    // A win in 3 plies is proven once the depth passes 3.
    expect(deep([{ score: WIN - 3 }], 10)).toBe(4);
    expect(deep([{ score: 3 }], 1)).toBe(2);
    // A target of 100 ms, 40 ms an iteration: no new one once past the start share (75 ms of the soft limit's 125).
    let t = 0;
    const late = new SearchClock();
    late.begin({ now: () => (t += 40), targetMs: 100, timeMs: 1000 });
    expect(deep([{ score: 3 }], 10, late)).toBe(2);
  });

  it('helpers may start deeper in wider windows', () => {
    const clock = clockAt();
    const tree = scriptedTree(clock, [{ score: 0 }]);
    deepen(tree, before, { first: 2, maxDepth: 5, window: 30, rootCount: 10, clock });
    expect(tree.calls.map((c) => [c.depth, c.alpha, c.beta])).toEqual([
      [2, -WIN - 1, WIN + 1],
      [3, -WIN - 1, WIN + 1],
      [4, -WIN - 1, WIN + 1],
      [5, -30, 30],
    ]);
  });
});

describe('the search clock', () => {
  it('stops at the hard limit, and when the caller raises the stop flag', () => {
    let now = 0;
    const clock = new SearchClock();
    clock.begin({ now: () => now, timeMs: 50 });
    expect(clock.mustStop()).toBe(false);
    now = 50;
    expect(clock.mustStop()).toBe(true);
    const stop = new Int32Array(new SharedArrayBuffer(4));
    clock.begin({ now: () => 0, stop });
    expect(clock.mustStop()).toBe(false);
    Atomics.store(stop, 0, 1);
    expect(clock.mustStop()).toBe(true);
  });

  it('at the soft limit, a root failing low runs on', () => {
    let now = 0;
    const clock = new SearchClock();
    clock.begin({ now: () => now, targetMs: 100, timeMs: 1000 });
    // Never before the first iteration has ended; then at the soft limit (125 ms), failing low at twice that.
    now = 200;
    expect(clock.mustStop()).toBe(false);
    expect(clock.another(1, 7, 0, 10)).toBe(true);
    expect(clock.mustStop()).toBe(true);
    clock.failingLow = true;
    expect(clock.mustStop()).toBe(false);
    expect(clock.elapsed()).toBe(200);
  });
});
