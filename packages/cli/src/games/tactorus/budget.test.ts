/**
 * The Tactorus engine's budgets on the command line: `tactica analyse tactorus` with `--depth` (refinement
 * passes), `--nodes` (rounds carried out) and `--time`; the clock budget a computer seat passes on; and the stop
 * flag and time budget of an engine running in a worker thread.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TACTORUS_LEVELS, TactorusAi, type Analysis } from '@tactica/ai';
import { nodeWorkerEngine } from '@tactica/ai/node-worker';
import type { Player } from '@tactica/core';
import {
  checkOrder,
  newGame,
  observe,
  playMove,
  tactorus,
  type Order,
  type TactorusObservation,
} from '@tactica/tactorus';
import { engineAgent } from '../../ai/seats.js';
import { runCapture, within } from '../../testing.js';
import { tactorusCli } from './index.js';

process.env['TACTICA_HOME'] = mkdtempSync(join(tmpdir(), 'tactorus-budget-'));

async function analyse(
  ...limits: string[]
): Promise<{ score: number; depth: number; nodes: number; time: number; pv: string[] }> {
  const r = await runCapture(['analyse', 'tactorus', ...limits], { games: [tactorusCli] });
  expect(r.code, r.stderr).toBe(0);
  const [scoreLine = '', pvLine = ''] = r.stdout.trim().split('\n');
  const m = /^score (-?\d+) depth (\d+) nodes (\d+) time (\d+)ms$/.exec(scoreLine);
  expect(m, scoreLine).not.toBeNull();
  expect(pvLine).toMatch(/^pv( \d\d-\d\d)+$/);
  const pv = pvLine.split(' ').slice(1);
  // Every order is Player 1's and legal, in the order given.
  let s = tactorus.initial();
  for (const o of pv) {
    const t = tactorus.tryPlay(s, o, 0);
    expect(t.ok, o).toBe(true);
    if (t.ok) s = t.value;
  }
  const [, score, depth, nodes, time] = (m ?? []).map(Number) as number[];
  return { score: score!, depth: depth!, nodes: nodes!, time: time!, pv };
}

/** True when `p` may schedule `orders` from the start, one after another, as the rules engine checks them. */
function legal(orders: readonly Order[], p: Player = 0): boolean {
  let s = newGame();
  for (const o of orders) {
    if (checkOrder(s, p, o.from, o.to)) return false;
    s = playMove(s, { type: 'order', player: p, ...o });
  }
  return true;
}

describe('tactica analyse tactorus --depth/--nodes/--time', () => {
  it('--depth D makes D refinement passes: 8 more candidates a side each, every new pair carried out', async () => {
    const one = await analyse('--depth', '1');
    const two = await analyse('--depth', '2');
    expect([one.depth, one.nodes]).toEqual([1, 128]);
    expect([two.depth, two.nodes]).toEqual([2, 512]);
  });

  it('--nodes N carries out about N rounds and answers with the last pass done', async () => {
    const one = await analyse('--depth', '1');
    const a = await analyse('--nodes', '300');
    expect(a.depth).toBe(1);
    expect(a.nodes).toBeGreaterThanOrEqual(300);
    expect(a.nodes).toBeLessThanOrEqual(301);
    expect(a.pv).toEqual(one.pv);
    expect(a.score).toBe(one.score);
  });

  it('--time S stops it with the best found so far', async () => {
    const a = await analyse('--time', '0.2');
    expect(a.time).toBeGreaterThanOrEqual(200);
    // 64 passes would be 2 × 512² rounds: far beyond what any machine carries out in 0.2 s.
    expect(a.depth).toBeLessThan(64);
    expect(a.nodes).toBeLessThan(2 * 512 * 512);
  });
});

describe('the Tactorus engine receives the clock and the stop flag', () => {
  it('a computer seat passes the clock’s budget for the move to the engine, which honours it', async () => {
    let t = 0;
    const engine = new TactorusAi(TACTORUS_LEVELS, { now: () => (t += 1) });
    const agent = engineAgent<TactorusObservation, readonly Order[]>(engine, 'ai:6', 1);
    const orders = await agent.chooseMove(observe(newGame(), 0), 5);
    expect(legal(orders)).toBe(true);
    expect(orders.length).toBeGreaterThan(0);
    // Five clock steps: the candidates planned first, no round carried out (level 6 alone carries out 1152).
    expect(engine.nodes).toBeLessThan(10);
  });

  describe('in a worker thread', () => {
    const worker = nodeWorkerEngine<TactorusObservation, readonly Order[]>({ family: 'tactorus' });
    afterAll(() => worker.close());

    it('stop ends an analysis under way with the best order set found so far', async () => {
      const reports: Analysis<unknown>[] = [];
      // Stopped as soon as the first refinement pass is reported: 64 passes would take hours.
      const a = await within(
        worker.analyse(observe(newGame(), 0), {
          depth: 64,
          onIteration: (r) => {
            reports.push(r);
            if (reports.length === 1) worker.stop();
          },
        }),
        'the stopped analysis',
        30_000,
      );
      expect(a.depth).toBeLessThan(64);
      expect(reports.map((r) => r.depth)).toEqual(Array.from({ length: a.depth }, (_, i) => i + 1));
      expect(legal(a.pv[0] ?? [])).toBe(true);
      expect(a.pv[0]?.length).toBeGreaterThan(0);
    });

    it('a time budget cuts level 6 short there too', async () => {
      const c = await within(worker.choose(observe(newGame(), 1), '6', { seed: 1, timeMs: 1 }), 'the choice', 30_000);
      expect((c as { stopped?: boolean }).stopped).toBe(true);
      expect(c.move.length).toBeGreaterThan(0);
      expect(legal(c.move, 1)).toBe(true);
    });
  });
});
