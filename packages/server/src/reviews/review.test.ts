/**
 * Game review on a real server (SQLite and PostgreSQL) with its real engine pool: a finished draughts game with a
 * planted blunder is reviewed through the API and the blunder marked; a game in progress is refused; the review is
 * made once and kept.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { GameReview } from '@tactica/ai/review';
import type { WorkerEngines } from '../games/worker-engines.js';
import { PLANTED_PDN } from './testing.js';
import { Client, DB_KINDS, eventually, startTestServer, stopTestPostgres } from '../testing/server.js';

afterAll(() => stopTestPostgres());

interface Status {
  readonly status: 'pending' | 'done';
  readonly review?: GameReview;
  readonly createdAt?: number;
}

for (const kind of DB_KINDS) {
  describe(`game review on ${kind}`, () => {
    it('reviews a finished game once, marks its planted blunder, and refuses a game in progress', async () => {
      const server = await startTestServer(kind);
      try {
        const ann = await new Client(server.url).signUp(`reviewer${kind}`);
        const watcher = await new Client(server.url).signUp(`watcher${kind}`);
        const imported = await ann.request<{ id: number; version: number }>('POST', '/api/imports', {
          family: 'draughts',
          text: PLANTED_PDN,
        });
        expect(imported.status).toBe(201);
        const id = imported.body.id;

        // Fair play: no review while the game is played.
        const early = await ann.request<{ error: { code: string } }>('POST', `/api/games/${id}/review`);
        expect(early.status).toBe(409);
        expect(early.body.error.code).toBe('review/in-progress');
        const none = await ann.request<{ error: { code: string } }>('GET', `/api/games/${id}/review`);
        expect(none.status).toBe(404);
        expect(none.body.error.code).toBe('review/not-found');

        const resigned = await ann.request('POST', `/api/games/${id}/resign`, { version: imported.body.version });
        expect(resigned.status).toBe(200);
        // A spectator may ask too: the work is paid from their share of the engines.
        const asked = await watcher.request<Status>('POST', `/api/games/${id}/review`);
        expect(asked.status).toBe(200);
        expect(['pending', 'done']).toContain(asked.body.status);
        const done = await eventually(
          async () => {
            const r = await ann.request<Status>('GET', `/api/games/${id}/review`);
            return r.body.status === 'done' ? r.body : undefined;
          },
          60_000,
          'the review',
        );
        const review = done.review as GameReview;
        expect(review.complete).toBe(true);
        expect(review.plies.map((p) => p.move)).toEqual(['19-23', '29x20']);
        expect(review.plies[0]).toMatchObject({ player: 1, mark: 'blunder', best: false });
        expect(review.plies[0]?.line[0]).not.toBe('19-23');
        expect(review.players[1].marks.blunder).toBe(1);
        expect(review.graph).toHaveLength(3);

        // Stored once: asked again, the same review comes back and the engines search nothing more.
        const engines = server.engines as WorkerEngines;
        const searched = engines.analysed;
        expect(searched).toBeGreaterThan(0);
        const again = await ann.request<Status>('POST', `/api/games/${id}/review`);
        expect(again.body).toEqual(done);
        expect(engines.analysed).toBe(searched);
        expect(await server.services.storage.repos.reviews.of(id)).toMatchObject({ gameId: id, review });
      } finally {
        await server.close();
      }
    }, 120_000);
  });
}

describe('game review of a simultaneous game', () => {
  it("reviews a finished Tactorus game's rounds in a thread of its own, each side's orders an entry", async () => {
    const server = await startTestServer('sqlite');
    try {
      const me = await new Client(server.url).signUp('roundreviewer');
      const created = await me.request<{ id: number }>('POST', '/api/games', {
        family: 'tactorus',
        level: '1',
        seat: 0,
      });
      const id = created.body.id;
      type View = { version: number; orders?: { submitted: boolean[] } };
      // The computer submits its part at once; mine is no orders at all.
      const waiting = await eventually(async () => {
        const v = (await me.request<View>('GET', `/api/games/${id}`)).body;
        return v.orders?.submitted[1] ? v : undefined;
      });
      await me.request('POST', `/api/games/${id}/orders`, { version: waiting.version, orders: ['done'] });
      // The computer submits its part of the next round; then I resign.
      const after = await eventually(async () => {
        const v = (await me.request<View>('GET', `/api/games/${id}`)).body;
        return v.version > waiting.version + 1 && v.orders?.submitted[1] ? v : undefined;
      });
      expect((await me.request('POST', `/api/games/${id}/resign`, { version: after.version })).status).toBe(200);
      expect((await me.request<Status>('POST', `/api/games/${id}/review`)).status).toBe(200);
      const done = await eventually(
        async () => {
          const r = await me.request<Status>('GET', `/api/games/${id}/review`);
          return r.body.status === 'done' ? r.body : undefined;
        },
        60_000,
        'the review',
      );
      const review = done.review as GameReview;
      expect(review.complete).toBe(true);
      expect(review.plies.map((p) => [p.ply, p.player])).toEqual([
        [0, 0],
        [1, 1],
      ]);
      expect(review.graph).toHaveLength(3);
      expect((server.engines as WorkerEngines).analysed).toBe(0);
    } finally {
      await server.close();
    }
  }, 120_000);
});

describe('game review limits', () => {
  it('shares one job among the requests for a game, one review a user, and at most maxJobs on the server', async () => {
    // Deep enough that the first review is still under way while the others are asked for.
    const server = await startTestServer('sqlite', { reviews: { maxJobs: 1, depth: 40 } });
    try {
      const ann = await new Client(server.url).signUp('limitann');
      const bob = await new Client(server.url).signUp('limitbob');
      const finished = async (): Promise<number> => {
        const g = await ann.request<{ id: number; version: number }>('POST', '/api/imports', {
          family: 'draughts',
          text: PLANTED_PDN,
        });
        await ann.request('POST', `/api/games/${g.body.id}/resign`, { version: g.body.version });
        return g.body.id;
      };
      const [a, b] = [await finished(), await finished()];
      const asked = await Promise.all([
        ann.request<Status>('POST', `/api/games/${a}/review`),
        bob.request<Status>('POST', `/api/games/${a}/review`),
      ]);
      expect(asked.map((r) => r.body)).toEqual([{ status: 'pending' }, { status: 'pending' }]);
      expect(server.services.reviews.running).toBe(1);
      expect((await bob.request<Status>('GET', `/api/games/${a}/review`)).body).toEqual({ status: 'pending' });
      const busy = await ann.request<{ error: { code: string } }>('POST', `/api/games/${b}/review`);
      expect([busy.status, busy.body.error.code]).toEqual([429, 'review/busy']);
      const full = await bob.request<{ error: { code: string } }>('POST', `/api/games/${b}/review`);
      expect([full.status, full.body.error.code]).toEqual([429, 'review/too-many']);
      const anonymous = await new Client(server.url).request<{ error: { code: string } }>(
        'POST',
        `/api/games/${b}/review`,
      );
      expect(anonymous.status).toBe(401);
    } finally {
      await server.close();
    }
  }, 120_000);
});

describe('game review length', () => {
  it('refuses a game longer than maxPlies', async () => {
    const server = await startTestServer('sqlite', { reviews: { maxPlies: 1 } });
    try {
      const ann = await new Client(server.url).signUp('longann');
      const g = await ann.request<{ id: number; version: number }>('POST', '/api/imports', {
        family: 'draughts',
        text: PLANTED_PDN,
      });
      await ann.request('POST', `/api/games/${g.body.id}/resign`, { version: g.body.version });
      const refused = await ann.request<{ error: { code: string } }>('POST', `/api/games/${g.body.id}/review`);
      expect([refused.status, refused.body.error.code]).toEqual([409, 'review/too-long']);
    } finally {
      await server.close();
    }
  }, 60_000);
});
