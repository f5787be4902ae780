import { tactrix as tactrixGame } from '@tactica/tactrix';
import { afterAll, describe, expect, it } from 'vitest';
import { WorkerEngine } from './worker-engine.js';

// Runs the built worker (npm test builds before testing).
describe('engine in a worker thread', () => {
  const engine = new WorkerEngine<unknown, unknown>({ name: 'tactrixEngine', args: [] });
  afterAll(() => engine.close());

  it('chooses a legal move without blocking this thread', async () => {
    const s = tactrixGame.initial();
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const choice = await engine.choose(s, 'novice', { seed: 1 });
    clearInterval(timer);
    const legal = tactrixGame.legalMoves(s).map((m) => tactrixGame.formatMove(s, m));
    expect(legal).toContain(tactrixGame.formatMove(s, choice.move as never));
    expect(ticks).toBeGreaterThanOrEqual(0);
  });

  it('stop ends a long search at once with the best move so far', async () => {
    const s = tactrixGame.initial();
    const started = Date.now();
    const pending = engine.choose(s, 'master', { timeMs: 60_000, seed: 2 });
    setTimeout(() => engine.stop(), 200);
    const c = await pending;
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(tactrixGame.legalMoves(s).length).toBeGreaterThan(0);
    expect(c.move).toBeDefined();
  });

  it('reports an engine error as a rejected promise, not a crash', async () => {
    const bad = new WorkerEngine({ name: 'noSuchEngine', args: [] });
    await expect(bad.choose({}, 'x')).rejects.toThrow(/noSuchEngine|exited/);
    await bad.close();
  });
});
