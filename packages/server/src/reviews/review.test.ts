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
