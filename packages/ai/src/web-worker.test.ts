/**
 * The web transport's logic, run in Node: there is no browser here, so each "Web Worker" is a Node worker thread
 * running the real Web Worker entry (`test-web-worker-scope.ts`), behind an adapter with the Web Worker's methods.
 * The protocol, host and client are the same code a browser runs.
 */
import { nim, type NimState } from '@tactica/core/test-games';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import type { Analysis } from './engine.js';
import { within } from './test-wait.js';
import { webWorkerEngine, type WebWorkerLike, type WorkerEngine } from './web-worker.js';

const scope = new URL('../dist/test-web-worker-scope.js', import.meta.url);
const testEngine = { module: new URL('../dist/test-engine.js', import.meta.url).href, name: 'nimTestEngine' };

/** Web Workers as the page would see them, each a thread; records what was started and ended. */
function workers() {
  const started: Worker[] = [];
  const ended: Worker[] = [];
  const errorListeners: ((event: { message?: string }) => void)[] = [];
  const createWorker = (): WebWorkerLike => {
    const w = new Worker(scope);
    started.push(w);
    return {
      postMessage: (m) => w.postMessage(m),
      addEventListener(type: 'message' | 'error', listener: (event: never) => void): void {
        if (type === 'message')
          w.on('message', (data: unknown) => (listener as (e: { data: unknown }) => void)({ data }));
        else {
          errorListeners.push(listener as (e: { message?: string }) => void);
          w.on('error', (e) => (listener as (e: { message?: string }) => void)({ message: e.message }));
        }
      },
      terminate: () => {
        ended.push(w);
        void w.terminate();
      },
    };
  };
  /** As a browser reports a worker that died: an error event on the Worker object. */
  const crash = async (): Promise<void> => {
    const w = started.at(-1);
    if (w) await w.terminate();
    for (const l of errorListeners.splice(0)) l({ message: 'the worker crashed' });
  };
  const close = async (): Promise<void> => {
    await Promise.all(started.map((w) => w.terminate()));
  };
  return { createWorker, started, ended, crash, close };
}

const LONG: NimState = { stones: 400, toMove: 0 };

describe('Web Worker transport', () => {
  let cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(cleanup.map((c) => c()));
    cleanup = [];
  });
  function engineWith(sharedStop: boolean): { engine: WorkerEngine<NimState, number>; w: ReturnType<typeof workers> } {
    const w = workers();
    const engine = webWorkerEngine<NimState, number>(testEngine, { createWorker: w.createWorker, sharedStop });
    cleanup.push(() => engine.close(), w.close);
    return { engine, w };
  }

  it('chooses and analyses through the Web Worker entry', async () => {
    const { engine } = engineWith(false);
    const c = await within(engine.choose({ stones: 7, toMove: 0 }, 'best'), 20_000, 'the choice');
    expect(c.move).toBe(3);
    const a = await within(engine.analyse({ stones: 6, toMove: 0 }, { depth: 10 }), 20_000, 'the analysis');
    expect(a.pv[0]).toBe(2);
  });

  it('with a shared stop flag (a cross-origin-isolated page) stop ends the search and keeps the worker', async () => {
    const { engine, w } = engineWith(true);
    const depths: number[] = [];
    const a = await within(
      engine.analyse(LONG, {
        depth: 40,
        onIteration: (i) => {
          depths.push(i.depth);
          if (depths.length === 1) engine.stop();
        },
      }),
      20_000,
      'the stopped analysis',
    );
    expect(a.depth).toBeLessThan(40);
    expect(nim.legalMoves(LONG)).toContain(a.pv[0]);
    await within(engine.choose({ stones: 5, toMove: 0 }, 'best'), 20_000, 'the next choice');
    expect(w.started).toHaveLength(1);
    expect(w.ended).toHaveLength(0);
  });

  it('without one, stop answers from the last iteration reported, ends the busy worker, and the next request starts a fresh one', async () => {
    const { engine, w } = engineWith(false);
    const reports: Analysis<unknown>[] = [];
    const a = await within(
      engine.analyse(LONG, {
        depth: 40,
        onIteration: (i) => {
          reports.push(i);
          if (reports.length === 2) engine.stop();
        },
      }),
      20_000,
      'the stopped analysis',
    );
    expect(a).toEqual(reports[1]);
    expect(w.ended).toEqual(w.started);
    const c = await within(engine.choose({ stones: 7, toMove: 0 }, 'best'), 20_000, 'the next choice');
    expect(c.move).toBe(3);
    expect(w.started).toHaveLength(2);
  });

  it('without one, a stop before the first iteration is answered at the first iteration', async () => {
    const { engine, w } = engineWith(false);
    const pending = engine.analyse(LONG, { depth: 40 });
    engine.stop();
    const a = await within(pending, 20_000, 'the stopped analysis');
    expect(a.depth).toBe(1);
    expect(nim.legalMoves(LONG)).toContain(a.pv[0]);
    expect(w.ended).toHaveLength(1);
  });

  it('without one, a stopped choose plays the first move of the last iteration reported', async () => {
    const { engine } = engineWith(false);
    const reports: Analysis<unknown>[] = [];
    const c = await within(
      engine.choose(LONG, 'best', {
        onIteration: (i) => {
          reports.push(i);
          if (reports.length === 3) engine.stop();
        },
      }),
      20_000,
      'the stopped choice',
    );
    expect(c.move).toBe(reports[2]?.pv[0]);
    expect(c.depth).toBe(3);
  });

  it('a worker that dies rejects what it was asked with engine/worker-failed; the next request starts a fresh one', async () => {
    const { engine, w } = engineWith(false);
    await within(engine.ready(), 20_000, 'the engine to load');
    const pending = engine.analyse(LONG, { depth: 40 });
    await w.crash();
    await expect(within(pending, 20_000, 'the rejection')).rejects.toMatchObject({ code: 'engine/worker-failed' });
    const c = await within(engine.choose({ stones: 7, toMove: 0 }, 'best'), 20_000, 'the next choice');
    expect(c.move).toBe(3);
    expect(w.started).toHaveLength(2);
  });
});
