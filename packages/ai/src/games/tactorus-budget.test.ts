/**
 * The Tactorus engine's budgets: a time budget or a stop flag cuts a level's count-based work short (issue 7),
 * and `analyse` gives `depth`, `nodes` and `timeMs` their meaning (refinement passes, rounds carried out, time).
 * Time is read through the engine's injectable clock, so no test here depends on how fast the machine is.
 */
import type { Analysis } from '../engine.js';
import { observe, type Order, type TactorusState } from '@tactica/tactorus';
import { describe, expect, it } from 'vitest';
import { randomTactorusOpening, TACTORUS_LEVELS, TactorusAi, type TactorusChoice } from './tactorus.js';
import { schedule } from './tactorus-tactics.js';

/** Four seeded openings, under the default rules and with every alteration. */
const POSITIONS: readonly TactorusState[] = [0, 1, 2, 3].map((i) =>
  randomTactorusOpening(i % 2 ? { rules: { chain: true, supplyLines: true, highGround: true } } : {}, 70 + i, i + 1),
);
const SEARCHING = TACTORUS_LEVELS.filter((l) => l.method !== 'attractor').map((l) => l.id);

/** Level 6 carries out 24 × 24 pairs, each the round and one more: 1152 rounds unless a round ends the game. */
const LEVEL6_NODES = 1152;

/** A clock that moves on `step` ms each time it is read, and counts the reads. */
function steppingClock(step = 1): { now: () => number; reads: () => number } {
  let t = 0;
  let reads = 0;
  return {
    now: () => {
      reads++;
      return (t += step);
    },
    reads: () => reads,
  };
}

/** Every level choosing for both players in the fixed positions (seeds 5 and 6), hashed with its scores and nodes. */
function fingerprint(engine: TactorusAi, extra: () => { timeMs?: number; stop?: Int32Array } = () => ({})): string {
  let hash = 2166136261;
  const mix = (x: number): void => {
    hash = Math.imul(hash ^ x, 16777619) >>> 0;
  };
  for (const level of TACTORUS_LEVELS) {
    for (const s of POSITIONS) {
      for (const p of [0, 1] as const) {
        const c = engine.choose(observe(s, p), level.id, { seed: 5 + p, ...extra() });
        for (const o of c.move) mix(o.from * 100 + o.to + 1);
        mix(c.score & 0xffffff);
        mix(c.nodes);
      }
    }
  }
  return hash.toString(16).padStart(8, '0');
}

/** The fingerprint of the levels' choices before budgets existed (and the rounds they carried out). */
const FINGERPRINT = 'b2e4119a';
const FINGERPRINT_NODES = 11328;

describe('Tactorus engine budgets: time and the stop flag cut a level short', () => {
  it('with no time budget and no stop flag every level chooses exactly as before (fixed seeds)', () => {
    const engine = new TactorusAi();
    expect(fingerprint(engine)).toBe(FINGERPRINT);
    expect(engine.nodes).toBe(FINGERPRINT_NODES);
  });

  it('a time budget that is not reached and a stop flag never raised change nothing', () => {
    const clock = steppingClock(1);
    const engine = new TactorusAi(TACTORUS_LEVELS, { now: clock.now });
    expect(fingerprint(engine, () => ({ timeMs: 1e9, stop: new Int32Array(1) }))).toBe(FINGERPRINT);
    expect(clock.reads()).toBeGreaterThan(0); // the clock was indeed consulted
  });

  it.each(SEARCHING)('level %s: a stop flag raised before choosing returns a legal, whole order set at once', (id) => {
    const engine = new TactorusAi();
    const stop = new Int32Array([1]);
    for (const s of POSITIONS) {
      for (const p of [0, 1] as const) {
        const c = engine.choose(observe(s, p), id, { seed: 3, stop });
        expect(c.nodes, `level ${id}`).toBe(0);
        expect(c.stopped).toBe(true);
        expect(c.move.length).toBeGreaterThan(0);
        schedule(s, p, c.move);
      }
    }
  });

  it('a stop flag raised while level 6 chooses (as another thread would) ends it at the next round', () => {
    const stop = new Int32Array(1);
    let reads = 0;
    // The flag goes up at the clock's 200th reading: the engine reads it before every round it carries out.
    const engine = new TactorusAi(TACTORUS_LEVELS, {
      now: () => {
        if (++reads === 200) Atomics.store(stop, 0, 1);
        return 0;
      },
    });
    const s = POSITIONS[0] as TactorusState;
    const thoughts: string[] = [];
    const c = engine.choose(observe(s, 0), '6', {
      seed: 3,
      stop,
      timeMs: 1e9,
      onThought: (t) => thoughts.push(t),
    });
    expect(c.stopped).toBe(true);
    expect(c.nodes).toBeGreaterThan(0);
    expect(c.nodes).toBeLessThan(LEVEL6_NODES / 2);
    expect(reads).toBe(200); // nothing read after the flag was seen
    expect(thoughts.join()).toMatch(/stopped early/);
    schedule(s, 0, c.move);
  });

  it.each(SEARCHING)('level %s honours a time budget: it stops once the clock passes it', (id) => {
    for (const budget of [1, 5, 12]) {
      const clock = steppingClock(1);
      const engine = new TactorusAi(TACTORUS_LEVELS, { now: clock.now });
      const full = new TactorusAi().choose(observe(POSITIONS[1] as TactorusState, 1), id, { seed: 9 });
      const c = engine.choose(observe(POSITIONS[1] as TactorusState, 1), id, { seed: 9, timeMs: budget });
      // One reading sets the deadline, one per round carried out or candidate planned until it passes.
      expect(clock.reads()).toBe(budget + 1);
      expect(c.stopped).toBe(true);
      expect(c.nodes).toBeLessThan(full.nodes);
      schedule(POSITIONS[1] as TactorusState, 1, c.move);
    }
  });

  it('a time budget cut is deterministic: the same clock gives the same choice', () => {
    const choose = (): TactorusChoice =>
      new TactorusAi(TACTORUS_LEVELS, { now: steppingClock(1).now }).choose(
        observe(POSITIONS[2] as TactorusState, 0),
        '6',
        {
          seed: 4,
          timeMs: 150,
        },
      );
    const a = choose();
    expect(a.stopped).toBe(true);
    expect(choose()).toEqual(a);
  });

  it('levels 1 and 2 plan one order set and have nothing to cut', () => {
    const engine = new TactorusAi();
    for (const id of ['1', '2']) {
      const plain = engine.choose(observe(POSITIONS[0] as TactorusState, 0), id, { seed: 2 });
      const stopped = engine.choose(observe(POSITIONS[0] as TactorusState, 0), id, {
        seed: 2,
        stop: new Int32Array([1]),
      });
      expect(stopped.move).toEqual(plain.move);
    }
  });
});

describe('Tactorus analyse: depth is refinement passes, nodes rounds carried out, time a clock budget', () => {
  const view = observe(POSITIONS[0] as TactorusState, 0);

  it('with no limit it makes level 6’s three passes (24 candidates a side), reporting each', () => {
    const reports: Analysis<unknown>[] = [];
    const a = new TactorusAi().analyse(view, { onIteration: (r) => reports.push(r) });
    expect(a.depth).toBe(3);
    expect(reports.map((r) => r.depth)).toEqual([1, 2, 3]);
    expect({ ...reports.at(-1), timeMs: 0 }).toEqual({ ...a, timeMs: 0 });
    // Pass d fills the table to 8d × 8d: (8d)² pairs, each the round and one more.
    expect(reports.map((r) => r.nodes)).toEqual([128, 512, LEVEL6_NODES]);
    expect(a.pv).toHaveLength(1);
    schedule(POSITIONS[0] as TactorusState, 0, a.pv[0] as readonly Order[]);
  });

  it('--depth D makes D passes; a deeper analysis begins with the passes of a shallower one', () => {
    const one = new TactorusAi().analyse(view, { depth: 1 });
    const reports: Analysis<unknown>[] = [];
    const two = new TactorusAi().analyse(view, { depth: 2, onIteration: (r) => reports.push(r) });
    expect([one.depth, two.depth]).toEqual([1, 2]);
    expect(new TactorusAi().analyse(view, { depth: 0 }).depth).toBe(1); // at least one pass
    expect(two.nodes).toBeGreaterThan(one.nodes);
    expect(reports[0]?.pv).toEqual(one.pv);
    expect(reports[0]?.score).toBe(one.score);
    expect(reports[0]?.nodes).toBe(one.nodes);
  });

  it('--nodes N carries out about N rounds and answers with the last pass done', () => {
    const one = new TactorusAi().analyse(view, { depth: 1 });
    for (const n of [300, 1000]) {
      const a = new TactorusAi().analyse(view, { nodes: n });
      expect(a.nodes).toBeGreaterThanOrEqual(n);
      expect(a.nodes).toBeLessThanOrEqual(n + 1);
      expect(a.depth).toBe(n === 300 ? 1 : 2);
      if (n === 300) expect(a.pv).toEqual(one.pv);
    }
    // Fewer rounds than the first pass needs: the part of its table done.
    const small = new TactorusAi().analyse(view, { nodes: 40 });
    expect(small.depth).toBe(0);
    expect(small.nodes).toBeLessThanOrEqual(41);
    schedule(POSITIONS[0] as TactorusState, 0, small.pv[0] as readonly Order[]);
  });

  it('--time stops it on the clock with the best found so far, and reports the time taken', () => {
    const clock = steppingClock(1);
    const a = new TactorusAi(TACTORUS_LEVELS, { now: clock.now }).analyse(view, { timeMs: 1500 });
    expect(a.depth).toBeGreaterThanOrEqual(2);
    expect(a.depth).toBeLessThan(64);
    expect(a.timeMs).toBeGreaterThanOrEqual(1500);
    expect(a.timeMs).toBeLessThan(1600);
    schedule(POSITIONS[0] as TactorusState, 0, a.pv[0] as readonly Order[]);
  });

  it('a stop flag raised before analysing answers at once with the first candidate, depth 0', () => {
    const a = new TactorusAi().analyse(view, { depth: 10, stop: new Int32Array([1]) });
    expect([a.depth, a.nodes]).toEqual([0, 0]);
    expect((a.pv[0] as readonly Order[]).length).toBeGreaterThan(0);
    schedule(POSITIONS[0] as TactorusState, 0, a.pv[0] as readonly Order[]);
  });
});
