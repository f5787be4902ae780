/**
 * What every adapter of the ratings' port must do (./rating-repository.ts), as named cases, framework-free like
 * core's kits: each `run` rejects on failure.
 *
 *   for (const c of ratingRepositoryCases(() => openTestStorage(kind))) it(c.name, c.run);
 */
import { deepStrictEqual, strictEqual } from 'node:assert/strict';
import { withUsers, type OpenStorage } from '../storage/testing.js';
import type { StoredRating } from './rating-repository.js';

export interface RepositoryCase {
  readonly name: string;
  readonly run: () => Promise<void>;
}

function rating(userId: string, family: string, value: number, games = 1): StoredRating {
  return { userId, family, rating: value, deviation: 200, volatility: 0.06, games, updatedAt: 1_000 + games };
}

export function ratingRepositoryCases(open: () => Promise<OpenStorage>): RepositoryCase[] {
  const withStorage = withUsers(open, ['a', 'b', 'c']);
  return [
    {
      name: 'a rating put is read back as it was put, and none is there before',
      run: withStorage(async ({ storage }) => {
        strictEqual(await storage.repos.ratings.of('a', 'draughts'), undefined);
        await storage.repos.ratings.put(rating('a', 'draughts', 1612.5, 3));
        deepStrictEqual(await storage.repos.ratings.of('a', 'draughts'), rating('a', 'draughts', 1612.5, 3));
        strictEqual(await storage.repos.ratings.of('a', 'tactics'), undefined);
      }),
    },
    {
      name: 'putting a rating again replaces it: one rating per user and family',
      run: withStorage(async ({ storage }) => {
        await storage.repos.ratings.put(rating('a', 'draughts', 1500, 1));
        await storage.repos.ratings.put(rating('a', 'draughts', 1540, 2));
        deepStrictEqual(await storage.repos.ratings.ofUser('a'), [rating('a', 'draughts', 1540, 2)]);
      }),
    },
    {
      name: "a user's ratings are listed one per family, by family name, and nobody else's",
      run: withStorage(async ({ storage }) => {
        await storage.repos.ratings.put(rating('a', 'tactrix', 1400));
        await storage.repos.ratings.put(rating('a', 'draughts', 1500));
        await storage.repos.ratings.put(rating('b', 'force400', 1600));
        deepStrictEqual(
          (await storage.repos.ratings.ofUser('a')).map((r) => r.family),
          ['draughts', 'tactrix'],
        );
        deepStrictEqual(await storage.repos.ratings.ofUser('c'), []);
      }),
    },
    {
      name: "standings list one family's best ratings first, ties by fewer games, cut at the limit",
      run: withStorage(async ({ storage }) => {
        await storage.repos.ratings.put(rating('a', 'tactics', 1500, 4));
        await storage.repos.ratings.put(rating('b', 'tactics', 1700, 2));
        await storage.repos.ratings.put(rating('c', 'tactics', 1500, 1));
        await storage.repos.ratings.put(rating('a', 'draughts', 2000, 1));
        deepStrictEqual(
          (await storage.repos.ratings.standings('tactics', 10)).map((r) => r.userId),
          ['b', 'c', 'a'],
        );
        deepStrictEqual(
          (await storage.repos.ratings.standings('tactics', 2)).map((r) => r.userId),
          ['b', 'c'],
        );
        deepStrictEqual(await storage.repos.ratings.standings('force400', 10), []);
      }),
    },
    {
      name: 'ratings put in a transaction that fails are not kept',
      run: withStorage(async ({ storage }) => {
        await storage.repos.ratings.put(rating('a', 'draughts', 1500, 1));
        const failure = new Error('the game could not be written');
        let caught: unknown;
        try {
          await storage.transaction(async (repos) => {
            await repos.ratings.put(rating('a', 'draughts', 1600, 2));
            await repos.ratings.put(rating('b', 'draughts', 1400, 1));
            throw failure;
          });
        } catch (e) {
          caught = e;
        }
        strictEqual(caught, failure);
        deepStrictEqual(await storage.repos.ratings.of('a', 'draughts'), rating('a', 'draughts', 1500, 1));
        strictEqual(await storage.repos.ratings.of('b', 'draughts'), undefined);
      }),
    },
    {
      name: 'ratings put in a transaction are read back in it and kept once it commits',
      run: withStorage(async ({ storage }) => {
        await storage.transaction(async (repos) => {
          await repos.ratings.put(rating('a', 'draughts', 1600, 2));
          deepStrictEqual(await repos.ratings.of('a', 'draughts'), rating('a', 'draughts', 1600, 2));
        });
        deepStrictEqual(await storage.repos.ratings.of('a', 'draughts'), rating('a', 'draughts', 1600, 2));
      }),
    },
  ];
}
