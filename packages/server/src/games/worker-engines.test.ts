/**
 * The server's engine pool: each worker searches on one thread, so a pool of N workers uses N cores — draughts
 * Master, which elsewhere starts Lazy SMP helper threads when a clock limits its move, starts none here. Its queue
 * is shared fairly among users, and a search whose game moved on is dropped or stopped.
 */
import { readdirSync } from 'node:fs';
import { entryOf } from '@tactica/catalogue/all';
import { EngineError } from '@tactica/ai/worker-protocol';
import { createRng, type Player } from '@tactica/core';
import { afterAll, describe, expect, it } from 'vitest';
import { SearchCancelled, WorkerEngines, type EngineJob } from './worker-engines.js';

/** The process's operating-system threads (every worker thread is one); Linux only. */
function threads(): number {
  return readdirSync('/proc/self/task').length;
}

describe('the engine pool', () => {
  const engines = new WorkerEngines(1);
  afterAll(() => engines.close());

  it.runIf(process.platform === 'linux')(
    'draughts Master on a clock searches on one thread in a pool worker',
    async () => {
      const entry = entryOf('draughts');
      if (!entry.ok) throw new Error(entry.error.message);
      const setup = entry.value.setup({ variant: 'international' });
      if (!setup.ok || setup.value.dynamics !== 'sequential') throw new Error('draughts sets up');
      const session = setup.value.newSession({
        seats: [
          { kind: 'human', name: 'a' },
          { kind: 'human', name: 'b' },
        ],
        seed: 1,
        now: 0,
      });
      if (!session.ok) throw new Error(session.error.message);
      // Out of the opening book (Master plays a book move without searching): a few moves of a seeded line.
      const { game } = session.value;
      const rng = createRng(5);
      let state = session.value.position;
      for (let i = 0; i < 12; i++) {
        const moves = game.legalMoves(state);
        state = game.play(state, moves[rng.int(moves.length)]);
      }
      const player = game.toMove(state)[0] as Player;
      const job = { family: 'draughts', options: setup.value.options, state, player };
      // The worker is up and the engine loaded (its book too): what is left to start is Master's helpers, if any.
      expect(await engines.run({ ...job, level: 'novice', seed: 1 })).toHaveLength(1);
      const before = threads();
      // A clock's budget is what makes Master search in parallel where it can (on a machine of 2 cores or more).
      expect(await engines.run({ ...job, level: 'master', seed: 1, timeMs: 300 })).toHaveLength(1);
      expect(await engines.run({ ...job, level: 'master', seed: 2, timeMs: 300 })).toHaveLength(1);
      expect(threads()).toBe(before);
    },
    20_000,
  );
});

/** A job for the side to move in the opening position of `family` (after `plies` seeded moves). */
function openingJob(family: string, level: string, plies = 0): Omit<EngineJob, 'id'> {
  const entry = entryOf(family);
  if (!entry.ok) throw new Error(entry.error.message);
  const setup = entry.value.setup({});
  if (!setup.ok || setup.value.dynamics !== 'sequential') throw new Error(`${family} sets up`);
  const session = setup.value.newSession({
    seats: [
      { kind: 'human', name: 'a' },
      { kind: 'human', name: 'b' },
    ],
    seed: 1,
    now: 0,
  });
  if (!session.ok) throw new Error(session.error.message);
  const { game } = session.value;
  const rng = createRng(7);
  let state = session.value.position;
  for (let i = 0; i < plies; i++) {
    const moves = game.legalMoves(state);
    state = game.play(state, moves[rng.int(moves.length)]);
  }
  const player = game.toMove(state)[0] as Player;
  return { family, options: setup.value.options, state, player, level, seed: 1 };
}

describe('sharing the engine pool', () => {
  const engines = new WorkerEngines(1);
  afterAll(() => engines.close());

  it("one user's queued searches never hold another user's move behind them", async () => {
    const job = openingJob('tactrix', 'dumb');
    // Warm: the worker is up and the game's engine loaded.
    await engines.run(job);
    const order: string[] = [];
    const ask = (owner: string, name: string): Promise<unknown> =>
      engines.run(job, { owner }).then(() => order.push(name));
    // All asked at once (before any answer can come back): ann's first search takes the only worker, her four
    // others and ben's one wait.
    const asked = [
      ...['a1', 'a2', 'a3', 'a4', 'a5'].map((name) => ask('ann', name)),
      ask('ben', 'b1'),
      ask('ann', 'a6'),
    ];
    await Promise.all(asked);
    // Ben's move comes right after the search that was running when he asked; first come, first served would
    // have put it after all of ann's.
    expect(order).toEqual(['a1', 'b1', 'a2', 'a3', 'a4', 'a5', 'a6']);
  });

  it('with two users waiting, the pool serves them in turn', async () => {
    const job = openingJob('tactrix', 'dumb');
    const order: string[] = [];
    const ask = (owner: string, name: string): Promise<unknown> =>
      engines.run(job, { owner }).then(() => order.push(name));
    await Promise.all([
      ask('ann', 'a1'),
      ask('ann', 'a2'),
      ask('ann', 'a3'),
      ask('ben', 'b1'),
      ask('ben', 'b2'),
      ask('cid', 'c1'),
    ]);
    expect(order).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3']);
  });

  it("a review's searches take their turn with the computer's moves, and answer with the review engine's analysis", async () => {
    const { family, options, state, level } = openingJob('tactrix', 'dumb');
    const review = { family, options, state, limits: { depth: 2 } };
    const order: string[] = [];
    const before = engines.analysed;
    const analyses = Promise.all(
      ['r1', 'r2', 'r3'].map((name) =>
        engines.analyse(review, { owner: 'ann' }).then((a) => {
          order.push(name);
          return a;
        }),
      ),
    );
    const move = engines.run(openingJob('tactrix', level), { owner: 'ben' }).then((moves) => (order.push('b1'), moves));
    const [found, moves] = await Promise.all([analyses, move]);
    expect(order).toEqual(['r1', 'b1', 'r2', 'r3']);
    expect(moves).toHaveLength(1);
    for (const a of found) {
      expect(a.depth).toBeGreaterThanOrEqual(2);
      expect(a.pv.length).toBeGreaterThan(0);
      expect(typeof a.score).toBe('number');
    }
    expect(engines.analysed - before).toBe(3);
  });

  it("a game the worker cannot load is refused with the engine protocol's code, and the worker answers on", async () => {
    const quick = openingJob('tactrix', 'dumb');
    const refused = await engines.run({ ...quick, family: 'chess' }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(EngineError);
    expect((refused as EngineError).code).toBe('engine/load-failed');
    expect(await engines.run(quick)).toHaveLength(1);
  });

  it('a search for a game that moved on is dropped from the queue, or stopped while it runs', async () => {
    // Force 400's strongest level searches for seconds without a budget: the stop flag ends it.
    const deep = openingJob('force400', '7', 20);
    const quick = openingJob('tactrix', 'dumb');
    await engines.run(quick);
    const before = { cancelled: engines.cancelled, stopped: engines.stopped };
    const refused = (p: Promise<unknown>): Promise<unknown> =>
      p.then(
        () => 'answered',
        (e: unknown) => e,
      );
    const running = refused(engines.run(deep, { owner: 'ann', gameId: 1, version: 3 }));
    const waiting = refused(engines.run(quick, { owner: 'ann', gameId: 1, version: 3 }));
    const current = refused(engines.run(quick, { owner: 'ann', gameId: 1, version: 4 }));
    const other = engines.run(quick, { owner: 'ben', gameId: 2, version: 3 });
    expect(engines.queued).toBe(3);
    engines.cancel(1, 4);
    expect(await running).toBeInstanceOf(SearchCancelled);
    expect(await waiting).toBeInstanceOf(SearchCancelled);
    expect(engines.cancelled - before.cancelled).toBe(2);
    expect(engines.stopped - before.stopped).toBe(1);
    // The worker is free again once the stopped search returns, and its flag is down for the next jobs.
    expect(await current).toBe('answered');
    expect(await other).toHaveLength(1);
    expect(engines.queued).toBe(0);
  }, 30_000);
});
