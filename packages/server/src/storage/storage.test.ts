/**
 * Transactions over the repositories, the same on every storage: all of a transaction's changes or none, its events
 * heard only once it commits, and transactions that run at once each see a state another committed.
 */
import { deepStrictEqual, strictEqual } from 'node:assert/strict';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { ChangeEvent } from '../db/database.js';
import type { StoredRating } from '../ratings/rating-repository.js';
import { stopTestPostgres } from '../testing/server.js';
import { STORAGE_KINDS, openTestStorage, type OpenStorage } from './testing.js';

afterAll(() => stopTestPostgres());

const rating = (userId: string, games: number): StoredRating => ({
  userId,
  family: 'draughts',
  rating: 1500 + games,
  deviation: 200,
  volatility: 0.06,
  games,
  updatedAt: games,
});

async function withStorage(kind: (typeof STORAGE_KINDS)[number], test: (s: OpenStorage) => Promise<void>) {
  const s = await openTestStorage(kind);
  try {
    await s.addUser('a');
    await test(s);
  } finally {
    await s.close();
  }
}

/** One turn of the event loop: what an in-process bus would take to deliver an event sent too early. */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

for (const kind of STORAGE_KINDS) {
  describe(`storage transactions on ${kind}`, () => {
    it('a transaction that throws notes no event', async () => {
      await withStorage(kind, async (s) => {
        const heard: ChangeEvent[] = [];
        s.onChange((e) => heard.push(e));
        await expect(
          s.storage.transaction(async (repos, notify) => {
            await repos.ratings.put(rating('a', 1));
            notify({ kind: 'lobby' });
            throw new Error('refused');
          }),
        ).rejects.toThrow('refused');
        await s.storage.transaction((_repos, notify) => {
          notify({ kind: 'chat', gameId: 7 });
          return Promise.resolve();
        });
        // The chat event is heard after any event of the first transaction would have been: wait for it, then look.
        await vi.waitFor(() => strictEqual(heard.length > 0, true));
        deepStrictEqual(heard, [{ kind: 'chat', gameId: 7 }]);
      });
    });

    it("a transaction's events are heard after it has returned, never before", async () => {
      await withStorage(kind, async (s) => {
        const heard: ChangeEvent[] = [];
        s.onChange((e) => heard.push(e));
        await s.storage.transaction(async (_repos, notify) => {
          notify({ kind: 'lobby' });
          await nextTurn();
          strictEqual(heard.length, 0);
        });
        await vi.waitFor(() => deepStrictEqual(heard, [{ kind: 'lobby' }]));
      });
    });
  });
}
