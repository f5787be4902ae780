import { DraughtsSearchPosition, draughtsGame } from '@tactica/draughts';
import { describe, expect, it } from 'vitest';
import type { SearchResult } from '../../search.js';
import { WIN } from '../../search-position.js';
import type { DeepSearchLimits } from './deep-search.js';
import { DeepeningSearcher, iterationAnswer } from './deepening.js';

/** One root search as the scripted tree saw it. */
interface Call {
  readonly depth: number;
  readonly alpha: number;
  readonly beta: number;
  readonly failingLow: boolean;
}

interface Answer {
  readonly score: number;
  /** The best root move the search leaves (-1: none searched); the last one again when not given. */
  readonly move?: number;
  /** The limits stopped this root search. */
  readonly stop?: boolean;
}

/**
 * A searcher whose tree answers each root search with the next scripted score (the last one again once they run out)
 * and best move, stopping when told to; it records every window it was asked in.
 */
class ScriptedSearcher extends DeepeningSearcher {
  readonly calls: Call[] = [];
  private move = 7;

  constructor(private readonly answers: readonly Answer[]) {
    super(128);
  }

  get nodeCount(): number {
    return this.calls.length * 100;
  }

  run(limits: DeepSearchLimits = {}, rootCount = 10, helper = 0): SearchResult {
    this.startClock({ now: () => 0, ...limits });
    return this.deepen(START, rootCount, rootCount > 0 ? 3 : undefined, limits, helper);
  }

  /** The clock's verdict, for the tests of the clock. */
  failLow(on: boolean): void {
    this.failingLow = on;
  }

  protected searchRoot(_pos: DraughtsSearchPosition, depth: number, alpha: number, beta: number): number {
    this.calls.push({ depth, alpha, beta, failingLow: this.failingLow });
    const a = this.answers[Math.min(this.calls.length - 1, this.answers.length - 1)] ?? { score: 0 };
    this.move = a.move ?? this.move;
    this.stopped = a.stop ?? false;
    if (this.stopped) this.rootScore = a.score;
    return a.score;
  }

  protected rootPv(): number[] {
    return this.move < 0 ? [] : [this.move, 1];
  }
}

const START = new DraughtsSearchPosition(draughtsGame('international').initial());

const scores = (...s: number[]): Answer[] => s.map((score) => ({ score }));

describe('iterative deepening, shared by the JS and WebAssembly searchers', () => {
  it('searches the full window to depth 4, then an aspiration window of ±20 around the last score', () => {
    const searcher = new ScriptedSearcher(scores(10, 12, 8, 30, 35));
    const best = searcher.run({ depth: 5 });
    expect(searcher.calls.map((c) => [c.depth, c.alpha, c.beta])).toEqual([
      [1, -WIN - 1, WIN + 1],
      [2, -WIN - 1, WIN + 1],
      [3, -WIN - 1, WIN + 1],
      [4, -WIN - 1, WIN + 1],
      [5, 10, 50],
    ]);
    expect(best).toMatchObject({ depth: 5, score: 35, bestMove: 7, pv: [7, 1], nodes: 500, stopped: false });
  });

  it('a score below the window searches again, its top at the middle and its bottom three times as far; the clock knows', () => {
    // Depth 5 around 100: fails low at 70, then high at 105 in the lowered window, then fits at 110.
    const searcher = new ScriptedSearcher(scores(100, 100, 100, 100, 70, 105, 110));
    const best = searcher.run({ depth: 5 });
    expect(searcher.calls.slice(4)).toEqual([
      { depth: 5, alpha: 80, beta: 120, failingLow: false },
      // Failed low at 70: the half-width is now 60, the top comes to the middle of (80, 120).
      { depth: 5, alpha: 10, beta: 100, failingLow: true },
      // Failed high at 105: the half-width is 180 above the score; the iteration still counts as failing low.
      { depth: 5, alpha: 10, beta: 285, failingLow: true },
    ]);
    expect(best.score).toBe(110);
  });

  it('a score above the window raises only its top', () => {
    const searcher = new ScriptedSearcher(scores(0, 0, 0, 0, 25, 40));
    const best = searcher.run({ depth: 5 });
    expect(searcher.calls.slice(4).map((c) => [c.alpha, c.beta, c.failingLow])).toEqual([
      [-20, 20, false],
      [-20, 85, false],
    ]);
    expect(best.score).toBe(40);
  });

  it('a stopped iteration plays the root moves it searched, or the last iteration when it searched none', () => {
    const partial = new ScriptedSearcher([{ score: 5, move: 7 }, { score: 5 }, { score: -40, move: 9, stop: true }]);
    // The depth stays the last one finished; the move and score are the stopped iteration's.
    expect(partial.run()).toMatchObject({ depth: 2, score: -40, bestMove: 9, pv: [9, 1], stopped: true });
    const none = new ScriptedSearcher([
      { score: 5, move: 7 },
      { score: 6, move: -1, stop: true },
    ]);
    expect(none.run()).toMatchObject({ depth: 1, score: 5, bestMove: 7, stopped: true });
  });

  it('stops at the depth, at a proven result, after two iterations of a forced move, and when the clock says', () => {
    const depth = (answers: Answer[], rootCount: number, limits: DeepSearchLimits = {}): number =>
      new ScriptedSearcher(answers).run({ depth: 9, ...limits }, rootCount).depth;
    expect(depth(scores(3), 10)).toBe(9);
    // A win in 3 plies is proven once the depth passes 3.
    expect(depth(scores(WIN - 3), 10)).toBe(4);
    expect(depth(scores(3), 1)).toBe(2);
    // A target of 100 ms, 40 ms an iteration: no new one once past the start share (75 ms of the soft limit's 125).
    let t = 0;
    expect(depth(scores(3), 10, { now: () => (t += 40), targetMs: 100, timeMs: 1000 })).toBe(2);
  });

  it('without root moves, searches nothing and scores the position lost for the side to move', () => {
    const searcher = new ScriptedSearcher(scores(0));
    const result = searcher.run({}, 0);
    expect(searcher.calls).toEqual([]);
    expect(result).toMatchObject({ depth: 0, score: -WIN, bestMove: undefined, pv: [], stopped: false });
  });

  it("helpers start one ply deeper every other thread, in windows 10 or 20 wider by the thread's number", () => {
    const second = new ScriptedSearcher(scores(0));
    second.run({ depth: 5 }, 10, 1);
    expect(second.calls.map((c) => [c.depth, c.alpha, c.beta])).toEqual([
      [2, -WIN - 1, WIN + 1],
      [3, -WIN - 1, WIN + 1],
      [4, -WIN - 1, WIN + 1],
      [5, -30, 30],
    ]);
    const third = new ScriptedSearcher(scores(0));
    third.run({ depth: 5 }, 10, 2);
    expect(third.calls.map((c) => c.depth)).toEqual([1, 2, 3, 4, 5]);
    expect(third.calls[4]).toMatchObject({ alpha: -40, beta: 40 });
  });
});

describe("the search's clock", () => {
  it('stops at the hard limit, and when the caller raises the stop flag', () => {
    let now = 0;
    const searcher = new ScriptedSearcher(scores(0));
    searcher.run({ now: () => now, timeMs: 50, depth: 0 });
    expect(searcher.mustStop()).toBe(false);
    now = 50;
    expect(searcher.mustStop()).toBe(true);
    const stop = new Int32Array(new SharedArrayBuffer(4));
    searcher.run({ stop, depth: 0 });
    expect(searcher.mustStop()).toBe(false);
    Atomics.store(stop, 0, 1);
    expect(searcher.mustStop()).toBe(true);
  });

  it('at the soft limit, a root failing low runs on', () => {
    let now = 0;
    const searcher = new ScriptedSearcher(scores(0));
    // Before the first iteration has ended the soft limit does not count; after it, it is 125 ms, and failing low
    // the search runs on to twice that.
    searcher.run({ now: () => now, targetMs: 100, timeMs: 1000, depth: 1 });
    now = 200;
    expect(searcher.mustStop()).toBe(true);
    searcher.failLow(true);
    expect(searcher.mustStop()).toBe(false);
    now = 260;
    expect(searcher.mustStop()).toBe(true);
  });
});

describe("an iteration's answer", () => {
  it("keeps the last answer's line when the iteration left none, and never scores -0", () => {
    const last = { depth: 3, score: 5, bestMove: 7, pv: [7, 1], nodes: 10, timeMs: 1 };
    expect(iterationAnswer(4, -0, [], last, 20, 2)).toEqual({
      depth: 4,
      score: 0,
      bestMove: 7,
      pv: [7, 1],
      nodes: 20,
      timeMs: 2,
    });
    expect(Object.is(iterationAnswer(4, -0, [9], last, 20, 2).score, 0)).toBe(true);
    expect(iterationAnswer(4, 12, [9, 2], last, 20, 2)).toMatchObject({ bestMove: 9, pv: [9, 2], score: 12 });
  });
});
