/**
 * At start-up the server gives its turn back to every game where the computer was to act when the last run stopped,
 * reading them a page at a time (`RECOVER_BATCH`): more of them than one page are all resumed, and the server
 * answers requests meanwhile.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { Client, DB_KINDS, eventually, startTestServer, stopTestPostgres, type TestServer } from '../testing/server.js';
import type { EngineRunner } from './scheduler.js';
import { RECOVER_BATCH } from './scheduler.js';

afterAll(() => stopTestPostgres());

/** Engines that never answer until released (the run stopped while the computer thought): then they refuse. */
class HeldEngines implements EngineRunner {
  private readonly held: ((e: Error) => void)[] = [];

  get waiting(): number {
    return this.held.length;
  }

  choose(): Promise<readonly unknown[]> {
    return new Promise((_resolve, reject) => this.held.push(reject));
  }

  cancel(): void {}

  release(): void {
    for (const reject of this.held.splice(0)) reject(new Error('stopped'));
  }

  close(): Promise<void> {
    this.release();
    return Promise.resolve();
  }
}

const MANY = { computerGames: { inProgress: 10_000, perHour: 10_000 } };

describe('the computer resumes after a restart', () => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close();
  });

  for (const kind of DB_KINDS) {
    it(`more games than one page, the computer to act in each, all get their move (${kind})`, async () => {
      const held = new HeldEngines();
      const first = await startTestServer(kind, { ...MANY, engines: held });
      const ann = await new Client(first.url).signUp(`annrec${kind[0]}`);
      const ids: number[] = [];
      for (let i = 0; i < RECOVER_BATCH + 20; i++) {
        // Seat 1: the computer moves first.
        const r = await ann.request<{ id: number }>('POST', '/api/games', {
          family: 'draughts',
          level: 'dumb',
          seat: 1,
        });
        expect(r.status).toBe(201);
        ids.push(r.body.id);
      }
      await eventually(async () => (held.waiting === ids.length ? true : undefined), 20_000, 'every game thinking');
      held.release();
      await first.stop();

      const second = await startTestServer(kind, {
        ...MANY,
        dataDir: first.dataDir,
        ...(first.databaseUrl ? { databaseUrl: first.databaseUrl } : {}),
      });
      servers.push(second);
      const again = new Client(second.url);
      again.token = ann.token;
      // The server answers while it resumes them.
      expect((await again.request('GET', '/api/health')).status).toBe(200);
      const moved = async (id: number): Promise<boolean> =>
        ((await again.request<{ moves: string[] }>('GET', `/api/games/${id}`)).body.moves?.length ?? 0) > 0;
      await eventually(
        async () => ((await Promise.all(ids.map(moved))).every(Boolean) ? true : undefined),
        60_000,
        'a move in every game',
      );
    }, 120_000);
  }
});
