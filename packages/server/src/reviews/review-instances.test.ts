/**
 * A game's review on several instances on one PostgreSQL: the instance that makes it claims it in the database, so
 * the others answer pending and start no second job; a stale claim (its instance stopped, or overran the bound) is
 * taken over by the next request; every instance then reads the same review.
 */
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { GameReview } from '@tactica/ai/review';
import { PLANTED_PDN } from './testing.js';
import { Client, eventually, startTestServer, stopTestPostgres, testPostgres } from '../testing/server.js';

afterAll(() => stopTestPostgres());

interface Status {
  readonly status: 'pending' | 'done';
  readonly review?: GameReview;
  readonly createdAt?: number;
}

/** A finished draughts game with a planted blunder, imported and resigned by `c`; its id. */
async function finishedGame(c: Client): Promise<number> {
  const imported = await c.request<{ id: number; version: number }>('POST', '/api/imports', {
    family: 'draughts',
    text: PLANTED_PDN,
  });
  await c.request('POST', `/api/games/${imported.body.id}/resign`, { version: imported.body.version });
  return imported.body.id;
}

async function doneOn(c: Client, id: number): Promise<Status> {
  return eventually(
    async () => {
      const r = await c.request<Status>('GET', `/api/games/${id}/review`);
      return r.body.status === 'done' ? r.body : undefined;
    },
    60_000,
    `the review on ${c.base}`,
  );
}

/** `c`'s user on another instance. */
function on(url: string, c: Client): Client {
  const other = new Client(url);
  other.token = c.token;
  return other;
}

describe('a game review on instances on one PostgreSQL', () => {
  it('an instance that did not make the review hands it to its waiter once the maker stored it (the mail)', async () => {
    const databaseUrl = await (await testPostgres()).newDatabase();
    const a = await startTestServer('postgres', { databaseUrl });
    const b = await startTestServer('postgres', { databaseUrl, reviews: { pollMs: 50 } });
    try {
      const ann = await new Client(a.url).signUp('waitann');
      const id = await finishedGame(ann);
      expect((await ann.request<Status>('POST', `/api/games/${id}/review`)).body).toEqual({ status: 'pending' });
      // B has no job of its own: what it hands over is what A stored.
      const handed = await b.services.reviews.whenDone(id);
      expect(b.services.reviews.running).toBe(0);
      const stored = await doneOn(ann, id);
      expect(handed?.review).toEqual(stored.review);
      expect(handed?.createdAt).toBe(stored.createdAt);
    } finally {
      await a.close();
      await b.close();
    }
  }, 120_000);

  it('is pending on every instance and made once; a claim stale to another is taken over there', async () => {
    const databaseUrl = await (await testPostgres()).newDatabase();
    // Deep enough that A's review is still under way until the end of the test.
    const a = await startTestServer('postgres', { databaseUrl, reviews: { depth: 40 } });
    const b = await startTestServer('postgres', { databaseUrl });
    // To C a claim is stale after 1 ms: A's, still under way, is taken over.
    const c = await startTestServer('postgres', { databaseUrl, reviews: { claimMs: 1 } });
    try {
      const ann = await new Client(a.url).signUp('claimann');
      const id = await finishedGame(ann);
      expect((await ann.request<Status>('POST', `/api/games/${id}/review`)).body).toEqual({ status: 'pending' });
      expect(a.services.reviews.running).toBe(1);

      const bob = await new Client(b.url).signUp('claimbob');
      expect((await bob.request<Status>('GET', `/api/games/${id}/review`)).body).toEqual({ status: 'pending' });
      expect((await bob.request<Status>('POST', `/api/games/${id}/review`)).body).toEqual({ status: 'pending' });
      expect(b.services.reviews.running).toBe(0);

      const bobOnC = on(c.url, bob);
      expect((await bobOnC.request<Status>('POST', `/api/games/${id}/review`)).body).toEqual({ status: 'pending' });
      const made = await doneOn(bobOnC, id);
      // C made it while A's job was still under way.
      expect(a.services.reviews.running).toBe(1);
      expect(made.review?.plies[0]).toMatchObject({ move: '19-23', mark: 'blunder' });
      expect((await bob.request<Status>('GET', `/api/games/${id}/review`)).body).toEqual(made);
      expect((await ann.request<Status>('GET', `/api/games/${id}/review`)).body).toEqual(made);
    } finally {
      await a.close();
      await b.close();
      await c.close();
    }
  }, 120_000);

  it('a review claimed by an instance that stopped without dropping it is started again once the claim is stale', async () => {
    const databaseUrl = await (await testPostgres()).newDatabase();
    const b = await startTestServer('postgres', { databaseUrl });
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const bob = await new Client(b.url).signUp('staleclaimbob');
      const id = await finishedGame(bob);
      // An instance that crashed while making the review left its claim: fresh, it is pending everywhere.
      await db.query('insert into review_claims (game_id, claimed_at) values ($1, $2)', [id, Date.now()]);
      expect((await bob.request<Status>('GET', `/api/games/${id}/review`)).body).toEqual({ status: 'pending' });
      expect((await bob.request<Status>('POST', `/api/games/${id}/review`)).body).toEqual({ status: 'pending' });
      expect(b.services.reviews.running).toBe(0);
      // Once older than the bound (5 minutes), it is lost: the next request makes the review.
      await db.query('update review_claims set claimed_at = $2 where game_id = $1', [id, Date.now() - 6 * 60_000]);
      const none = await bob.request<{ error: { code: string } }>('GET', `/api/games/${id}/review`);
      expect([none.status, none.body.error.code]).toEqual([404, 'review/not-found']);
      expect((await bob.request<Status>('POST', `/api/games/${id}/review`)).body.status).toBe('pending');
      expect((await doneOn(bob, id)).review?.plies[0]).toMatchObject({ move: '19-23', mark: 'blunder' });
      // The claim is dropped once the review is stored.
      await eventually(async () => {
        const left = await db.query('select count(*)::int as n from review_claims where game_id = $1', [id]);
        return (left.rows[0] as { n: number }).n === 0 || undefined;
      });
    } finally {
      await db.end();
      await b.close();
    }
  }, 120_000);
});
