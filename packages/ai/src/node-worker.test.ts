import { createDraughtsEngine } from './draughts.js';
import { nim } from '@tactica/core/test-games';
import { draughtsGame } from '@tactica/draughts';
import { force400 } from '@tactica/force400';
import { afterAll, describe, expect, it } from 'vitest';
import type { Analysis } from './engine.js';
import { EngineError, nodeWorkerEngine } from './node-worker.js';
import { within } from './test-wait.js';

// The worker runs the build of the sources (vitest's global setup runs `tsc -b` first), and so does the test engine.
const testEngineModule = new URL('../dist/test-engine.js', import.meta.url).href;

describe('engine in a Node worker thread', () => {
  const engine = nodeWorkerEngine<{ stones: number; toMove: 0 | 1 }, number>({
    module: testEngineModule,
    name: 'nimTestEngine',
  });
  afterAll(() => engine.close());

  it('chooses the move the engine chooses in-process, while this thread stays free', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    const choice = await within(engine.choose({ stones: 7, toMove: 0 }, 'best'), 20_000, 'the choice');
    clearInterval(timer);
    expect(choice.move).toBe(3);
    expect(ticks).toBeGreaterThan(0);
  });

  it('stop ends a search under way at once, with the best move of an iteration it finished', async () => {
    // 400 stones at depth 40 with no evaluation is a search of hours; stop cuts it short after its first iteration.
    const depths: number[] = [];
    const a = await within(
      engine.analyse(
        { stones: 400, toMove: 0 },
        {
          depth: 40,
          onIteration: (i) => {
            depths.push(i.depth);
            if (depths.length === 1) engine.stop();
          },
        },
      ),
      20_000,
      'the stopped analysis',
    );
    expect(a.depth).toBeLessThan(40);
    expect(depths[0]).toBe(1);
    expect(nim.legalMoves({ stones: 400, toMove: 0 })).toContain(a.pv[0]);
  });

  it('streams each completed iteration while the search runs', async () => {
    const depths: number[] = [];
    const a = await within(
      engine.analyse({ stones: 9, toMove: 0 }, { depth: 6, onIteration: (i) => depths.push(i.depth) }),
      20_000,
      'the analysis',
    );
    expect(depths).toEqual([1, 2, 3, 4, 5, 6].slice(0, a.depth));
    expect(a.pv[0]).toBe(1);
  });

  it('a choose streams its iterations too, each with a move the level may play', async () => {
    const reports: Analysis<unknown>[] = [];
    const c = await within(
      engine.choose({ stones: 9, toMove: 0 }, 'best', { onIteration: (i) => reports.push(i) }),
      20_000,
      'the choice',
    );
    expect(reports.length).toBeGreaterThan(0);
    expect(reports.at(-1)?.pv[0]).toBe(c.move);
  });

  it('the level list comes back when the engine has loaded', async () => {
    const levels = await within(engine.ready(), 20_000, 'the engine to load');
    expect(levels.map((l) => l.id)).toEqual(['random', 'best']);
  });
});

describe('engines named by family in a Node worker thread', () => {
  it('the draughts engine plays the move it plays in this thread', async () => {
    const game = draughtsGame('international');
    const s = game.initial();
    const engine = nodeWorkerEngine<typeof s, ReturnType<typeof game.legalMoves>[number]>({ family: 'draughts' });
    try {
      const there = await within(engine.choose(s, 'average', { seed: 3 }), 20_000, 'the choice');
      const here = createDraughtsEngine().choose(s, 'average', { seed: 3 });
      expect(game.formatMove(s, there.move)).toBe(game.formatMove(s, here.move));
      expect(there.nodes).toBe(here.nodes);
    } finally {
      await engine.close();
    }
  });

  it('passes the thoughts of the engine on as they come', async () => {
    const engine = nodeWorkerEngine({ family: 'force400' });
    try {
      const thoughts: string[] = [];
      await within(
        engine.choose(force400.initial(), '3', { seed: 1, onThought: (t) => thoughts.push(t) }),
        20_000,
        'the choice',
      );
      expect(thoughts.some((t) => t.startsWith('Looked '))).toBe(true);
    } finally {
      await engine.close();
    }
  });
});

describe('failures are coded rejections, never a crash', () => {
  it('an unknown engine export', async () => {
    const bad = nodeWorkerEngine({ module: testEngineModule, name: 'noSuchEngine' });
    const e = await within(
      bad.choose({}, 'x').catch((x: unknown) => x),
      20_000,
      'the rejection',
    );
    expect(e).toBeInstanceOf(EngineError);
    expect((e as EngineError).code).toBe('engine/not-ready');
    expect((e as EngineError).message).toContain('noSuchEngine');
    await expect(within(bad.ready(), 20_000, 'init')).rejects.toMatchObject({ code: 'engine/no-such-engine' });
    await bad.close();
  });

  it('a family that has no engine (an untrusted name the caller did not check)', async () => {
    const bad = nodeWorkerEngine({ family: 'chess' as 'draughts' });
    await expect(within(bad.ready(), 20_000, 'init')).rejects.toMatchObject({ code: 'engine/unknown-family' });
    await bad.close();
  });

  it('an engine that throws (a finished game) rejects that request; the next one is answered', async () => {
    const engine = nodeWorkerEngine<{ stones: number; toMove: 0 | 1 }, number>({
      module: testEngineModule,
      name: 'nimTestEngine',
    });
    try {
      await expect(
        within(engine.choose({ stones: 0, toMove: 0 }, 'best'), 20_000, 'the rejection'),
      ).rejects.toMatchObject({ code: 'engine/failed' });
      const c = await within(engine.choose({ stones: 5, toMove: 0 }, 'best'), 20_000, 'the choice');
      expect(c.move).toBe(1);
    } finally {
      await engine.close();
    }
  });

  it('a closed engine refuses requests', async () => {
    const engine = nodeWorkerEngine({ module: testEngineModule, name: 'nimTestEngine' });
    await engine.close();
    await expect(engine.choose({ stones: 5, toMove: 0 }, 'best')).rejects.toMatchObject({ code: 'engine/closed' });
  });
});
