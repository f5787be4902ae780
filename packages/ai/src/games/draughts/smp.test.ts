import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { DraughtsSearchPosition, draughtsGame, type DraughtsMove, type DraughtsState } from '@tactica/draughts';
import { describe, expect, it } from 'vitest';
import { openEgdbFolders, writeSliceFile } from '../../node-egdb.js';
import { DraughtsDeepSearcher } from './deep-search.js';
import { EgdbBuilder } from './egdb/build.js';
import { buildOrder } from './egdb/material.js';
import { createDraughtsEngine } from './engine.js';
import { defaultHelperSpawner, DraughtsHelpers, type HelperSpawner } from './smp.js';
import { loadLearnedEvaluator } from './learned-eval.js';
import { DeepTable } from './table.js';

const game = draughtsGame('international');
const text = (s: DraughtsState, m: DraughtsMove): string => game.formatMove(s, m);

/** A middlegame-ish position: a few moves from the start. */
function position(): DraughtsState {
  let s = game.initial();
  for (let i = 0; i < 6; i++) {
    const moves = game.legalMoves(s);
    s = game.play(s, moves[i % moves.length] as DraughtsMove);
  }
  return s;
}

/** The default spawner, counting the threads it started and the ones that ended. */
function countingSpawner(): { spawn: HelperSpawner; started: () => number; ended: () => number } {
  const base = defaultHelperSpawner();
  if (!base) throw new Error('Node can start helper threads');
  let started = 0;
  let ended = 0;
  return {
    spawn: () => {
      started++;
      const t = base();
      return {
        postMessage: (m) => t.postMessage(m),
        onFailure: (l) => t.onFailure(l),
        terminate: async () => {
          await t.terminate();
          ended++;
        },
      };
    },
    started: () => started,
    ended: () => ended,
  };
}

/** Raises `stop` from another thread after `ms` (the search holds this thread until then). */
function raiseLater(stop: Int32Array, ms: number): Worker {
  return new Worker(
    `const { workerData } = require('node:worker_threads');
     setTimeout(() => { const f = new Int32Array(workerData); Atomics.store(f, 0, 1); }, ${ms});`,
    { eval: true, workerData: stop.buffer },
  );
}

async function until(done: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!done() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
}

describe('Lazy SMP helper threads', () => {
  it('help the main thread search over the shared table, stop soon after each search, and end on close', async () => {
    const ttLog2 = 14;
    const table = new SharedArrayBuffer(DeepTable.bytes(ttLog2));
    const counting = countingSpawner();
    const helpers = new DraughtsHelpers({ count: 2, ttLog2, table, spawn: counting.spawn });
    const main = new DraughtsDeepSearcher({ ttLog2, table });
    const s = position();
    const sp = new DraughtsSearchPosition(s);
    const legal = game.legalMoves(s).map((m) => text(s, m));
    let helped = 0;
    // The threads start with the first search, which they may miss while they start; then each search has them.
    for (let i = 0; i < 10 && helped === 0; i++) {
      if (i === 1) await until(() => helpers.ready === 2);
      main.reset();
      const stop = helpers.start(s, { depth: 64, timeMs: 2_000 }, main.tt.age + 1);
      let r;
      try {
        r = main.search(sp, { depth: 64, nodes: 100_000 });
      } finally {
        helpers.finish(stop);
      }
      expect(legal).toContain(text(s, sp.decode(r.bestMove as number)));
      await until(() => helpers.busy === 0);
      expect(helpers.busy).toBe(0);
      helped = helpers.helperNodes;
    }
    expect(helped).toBeGreaterThan(0);
    expect(counting.started()).toBe(2);
    expect(helpers.running).toBe(2);
    await helpers.close();
    expect(counting.ended()).toBe(2);
    expect(helpers.running).toBe(0);
  });

  it('two threads answer with a legal move in the same shape as one, and the engine closes its threads', async () => {
    const s = position();
    const legal = game.legalMoves(s).map((m) => text(s, m));
    const one = createDraughtsEngine({ threads: 1 });
    const two = createDraughtsEngine({ threads: 2 });
    const a = one.choose(s, 'master', { timeMs: 300 });
    const b = two.choose(s, 'master', { timeMs: 300 });
    expect(legal).toContain(text(s, b.move));
    expect(Object.keys(b).sort()).toEqual(Object.keys(a).sort());
    const analysis = two.analyse(s, { timeMs: 200 });
    expect(legal).toContain(text(s, analysis.pv[0] as DraughtsMove));
    await one.close();
    await two.close();
  });

  it('Master limited by its node cap alone stays on one thread: the same move and node count every time', async () => {
    const s = position();
    const engine = createDraughtsEngine({ threads: 2 });
    const a = engine.choose(s, 'master', { seed: 3 });
    const b = engine.choose(s, 'master', { seed: 3 });
    expect([text(s, b.move), b.nodes, b.score]).toEqual([text(s, a.move), a.nodes, a.score]);
    await engine.close();
  });

  it('a stop raised in the middle of an unlimited two-thread analysis returns a legal move', async () => {
    const s = position();
    const legal = game.legalMoves(s).map((m) => text(s, m));
    const engine = createDraughtsEngine({ threads: 2 });
    const stop = new Int32Array(new SharedArrayBuffer(4));
    const raiser = raiseLater(stop, 300);
    // No depth, time or node limit reaches its end: only the flag can end this search.
    const a = engine.analyse(s, { depth: 120, nodes: Number.MAX_SAFE_INTEGER, stop });
    expect(Atomics.load(stop, 0)).toBe(1);
    expect(legal).toContain(text(s, a.pv[0] as DraughtsMove));
    await raiser.terminate();
    await engine.close();
  });
  it('a helper sent the learned weights scores the root as a searcher with that evaluation does', async () => {
    const english = draughtsGame('english');
    let s = english.initial();
    for (const t of ['11-15', '23-19', '8-11', '22-17']) {
      const m = english.parseMove(s, t);
      if (!m.ok) throw new Error(t);
      s = english.play(s, m.value);
    }
    const ev = await loadLearnedEvaluator('english');
    if (!ev) throw new Error('the English weights are committed');
    const ttLog2 = 12;
    const table = new SharedArrayBuffer(DeepTable.bytes(ttLog2));
    const helpers = new DraughtsHelpers({
      count: 1,
      ttLog2,
      table,
      settings: { learned: ev.forHelpers() },
    });
    // Helper 1 starts at depth 2: a depth-2 request is one full-window iteration on a fresh table.
    const stop = helpers.start(s, { depth: 2, timeMs: 60_000 }, 1);
    await until(() => helpers.ready === 1 && helpers.busy === 0, 8_000);
    helpers.finish(stop);
    expect(helpers.helperNodes).toBeGreaterThan(0);
    const rootScore = (t: DeepTable): number => {
      const sp = new DraughtsSearchPosition(s);
      expect(t.probe(sp.hashLo(), sp.hashHi())).toBe(true);
      expect(t.hitDepth).toBe(2);
      return t.hitScore;
    };
    const local = (evaluator?: typeof ev): number => {
      const searcher = new DraughtsDeepSearcher({ ttLog2, helper: 1, ...(evaluator ? { evaluator } : {}) });
      searcher.search(new DraughtsSearchPosition(s), { depth: 2 });
      return rootScore(searcher.tt);
    };
    const helped = rootScore(new DeepTable(ttLog2, table));
    expect(helped).toBe(local(ev));
    // The position tells the two evaluations apart: the helper did not search with the hand-written one.
    expect(local()).not.toBe(local(ev));
    await helpers.close();
  });
  it("a helper sent the databases' folder probes them as the main thread does", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'egdb-helper-'));
    try {
      const builder = new EgdbBuilder('english');
      for (const m of buildOrder(2, builder.set.half)) writeSliceFile(dir, builder.solve(m));
      const endgames = openEgdbFolders(dir);
      expect(endgames?.folder).toBe(dir);
      // White's king must take (1x10): the two kings left are in the database, which knows more than the evaluation.
      const english = draughtsGame('english');
      const p = english.parsePosition('W:WK1:B6,K3');
      if (!p.ok) throw new Error(p.error.message);
      const s = p.value;
      const ttLog2 = 10;
      const table = new SharedArrayBuffer(DeepTable.bytes(ttLog2));
      const helpers = new DraughtsHelpers({ count: 1, ttLog2, table, settings: { endgamesFolder: dir } });
      const stop = helpers.start(s, { depth: 2, timeMs: 60_000 }, 1);
      await until(() => helpers.ready === 1 && helpers.busy === 0, 8_000);
      helpers.finish(stop);
      const rootScore = (t: DeepTable): number => {
        const sp = new DraughtsSearchPosition(s);
        expect(t.probe(sp.hashLo(), sp.hashHi())).toBe(true);
        return t.hitScore;
      };
      const local = (withDatabase: boolean): number => {
        const searcher = new DraughtsDeepSearcher({
          ttLog2,
          helper: 1,
          ...(withDatabase && endgames ? { endgames } : {}),
        });
        searcher.search(new DraughtsSearchPosition(s), { depth: 2 });
        return rootScore(searcher.tt);
      };
      expect(local(true)).not.toBe(local(false));
      expect(rootScore(new DeepTable(ttLog2, table))).toBe(local(true));
      await helpers.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
