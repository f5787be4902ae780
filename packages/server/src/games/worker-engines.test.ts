/**
 * The server's engine pool: each worker searches on one thread, so a pool of N workers uses N cores — draughts
 * Master, which elsewhere starts Lazy SMP helper threads when a clock limits its move, starts none here.
 */
import { readdirSync } from 'node:fs';
import { entryOf } from '@tactica/catalogue/all';
import { createRng, type Player } from '@tactica/core';
import { afterAll, describe, expect, it } from 'vitest';
import { WorkerEngines } from './worker-engines.js';

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
