/**
 * What every adapter of the reviews' port must do (./review-repository.ts), as named cases, framework-free like
 * core's kits: each `run` rejects on failure.
 *
 *   for (const c of reviewRepositoryCases(() => openTestStorage(kind))) it(c.name, c.run);
 */
import { deepStrictEqual, strictEqual } from 'node:assert/strict';
import type { GameReview } from '@tactica/ai/review';
import type { OpenStorage } from '../storage/testing.js';
import type { StoredReview } from './review-repository.js';

export interface RepositoryCase {
  readonly name: string;
  readonly run: () => Promise<void>;
}

function review(gameId: number, requestedBy: string, loss: number): StoredReview {
  const marks = { inaccuracy: 0, mistake: 0, blunder: loss >= 200 ? 1 : 0 };
  const plies = [
    { ply: 0, player: 0, move: '32-28', before: 0, after: -loss, loss, best: false, line: ['31-27', '18-22'] },
  ] as const;
  const body: GameReview = {
    unit: 'centi-men',
    depth: 6,
    plies: plies.map((p) => (loss >= 200 ? { ...p, mark: 'blunder' as const } : p)),
    players: [
      { player: 0, moves: 1, averageLoss: loss, marks },
      { player: 1, moves: 0, averageLoss: 0, marks: { inaccuracy: 0, mistake: 0, blunder: 0 } },
    ],
    graph: [0, -loss],
    complete: true,
  };
  return { gameId, version: 7, requestedBy, review: body, createdAt: 1_700_000_000_123 };
}

export function reviewRepositoryCases(open: () => Promise<OpenStorage>): RepositoryCase[] {
  /** Runs `test` on a fresh storage with users `a`, `b` and a game between them, closed afterwards. */
  const withGame = (test: (s: OpenStorage, gameId: number) => Promise<void>) => async (): Promise<void> => {
    const s = await open();
    try {
      for (const id of ['a', 'b']) await s.addUser(id);
      await test(s, await s.addGame(['a', 'b']));
    } finally {
      await s.close();
    }
  };
  return [
    {
      name: 'a review added is read back as it was added, and none is there before',
      run: withGame(async ({ storage }, gameId) => {
        strictEqual(await storage.repos.reviews.of(gameId), undefined);
        strictEqual(await storage.repos.reviews.add(review(gameId, 'a', 250)), true);
        deepStrictEqual(await storage.repos.reviews.of(gameId), review(gameId, 'a', 250));
      }),
    },
    {
      name: 'a game is reviewed once: a second review of it is not stored and the first is kept',
      run: withGame(async ({ storage }, gameId) => {
        await storage.repos.reviews.add(review(gameId, 'a', 250));
        strictEqual(await storage.repos.reviews.add(review(gameId, 'b', 10)), false);
        deepStrictEqual(await storage.repos.reviews.of(gameId), review(gameId, 'a', 250));
      }),
    },
    {
      name: 'a review added in a transaction that fails is not stored',
      run: withGame(async ({ storage }, gameId) => {
        await storage
          .transaction(async (repos) => {
            await repos.reviews.add(review(gameId, 'a', 250));
            throw new Error('rolled back');
          })
          .catch(() => undefined);
        strictEqual(await storage.repos.reviews.of(gameId), undefined);
      }),
    },
    {
      name: 'a review is claimed once: of callers at once exactly one gets it, and the claim is read back',
      run: withGame(async ({ storage }, gameId) => {
        const reviews = storage.repos.reviews;
        strictEqual(await reviews.claimedAt(gameId), undefined);
        const claims = await Promise.all([1_000, 1_001, 1_002].map((at) => reviews.claim(gameId, at, 0)));
        deepStrictEqual(claims.filter(Boolean).length, 1);
        strictEqual(await reviews.claimedAt(gameId), 1_000 + claims.indexOf(true));
        strictEqual(await reviews.claim(gameId, 2_000, 500), false);
      }),
    },
    {
      name: 'a stale claim is taken over once, and the stale maker releasing it leaves the new claim',
      run: withGame(async ({ storage }, gameId) => {
        const reviews = storage.repos.reviews;
        await reviews.claim(gameId, 1_000, 0);
        const takers = await Promise.all([5_000, 5_001].map((at) => reviews.claim(gameId, at, 2_000)));
        deepStrictEqual(takers.filter(Boolean).length, 1);
        const taken = 5_000 + takers.indexOf(true);
        strictEqual(await reviews.claimedAt(gameId), taken);
        await reviews.release(gameId, 1_000);
        strictEqual(await reviews.claimedAt(gameId), taken);
      }),
    },
    {
      name: 'a claim released is dropped, and the review may be claimed again',
      run: withGame(async ({ storage }, gameId) => {
        const reviews = storage.repos.reviews;
        await reviews.claim(gameId, 1_000, 0);
        await reviews.release(gameId, 1_000);
        strictEqual(await reviews.claimedAt(gameId), undefined);
        strictEqual(await reviews.claim(gameId, 1_100, 0), true);
      }),
    },
  ];
}
