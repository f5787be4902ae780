import { nim } from '@tactica/core/test-games';
import { afterAll, describe, expect, it } from 'vitest';
import { WorkerEngine } from './worker-engine.js';

// Runs the built worker and test engine (npm test builds before testing).
const testEngineModule = new URL('../../dist/ai/test-engine.js', import.meta.url).href;

describe('engine in a worker thread', () => {
  const engine = new WorkerEngine<unknown, number>({ module: testEngineModule, name: 'nimTestEngine', args: [] });
  afterAll(() => engine.close());

  it('chooses the move the engine chooses in-process, while this thread stays free', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    const choice = await engine.choose({ stones: 7, toMove: 0 }, 'best');
    clearInterval(timer);
    expect(choice.move).toBe(3);
    expect(ticks).toBeGreaterThan(0);
  });

  it('stop ends a search under way at once, with the best move found so far', async () => {
    // 400 stones at depth 40 with no evaluation is a long search; stop cuts it short.
    const started = Date.now();
    const pending = engine.analyse({ stones: 400, toMove: 0 }, { depth: 40 });
    setTimeout(() => engine.stop(), 100);
    const a = await pending;
    expect(Date.now() - started).toBeLessThan(5_000);
    expect([1, 2, 3]).toContain(a.pv[0]);
    expect(nim.legalMoves({ stones: 400, toMove: 0 })).toContain(a.pv[0]);
  });

  it('streams each completed iteration while the search runs', async () => {
    const depths: number[] = [];
    const a = await engine.analyse({ stones: 9, toMove: 0 }, { depth: 6, onIteration: (i) => depths.push(i.depth) });
    expect(depths).toEqual([1, 2, 3, 4, 5, 6].slice(0, a.depth));
    expect(a.pv[0]).toBe(1);
  });

  it('reports an unknown engine as a rejected promise, not a crash', async () => {
    const bad = new WorkerEngine({ module: testEngineModule, name: 'noSuchEngine', args: [] });
    await expect(bad.choose({}, 'x')).rejects.toThrow(/noSuchEngine|exited/);
    await bad.close();
  });
});
