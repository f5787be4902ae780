/**
 * Several server instances on one PostgreSQL serve the same games: a move made on one reaches a spectator
 * watching on the other (LISTEN/NOTIFY), and two conflicting commands sent to the two instances at once end with
 * exactly one applied.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestServer, stopTestPostgres, testPostgres, type TestServer } from './testing/server.js';
import { StreamClient } from './testing/stream-client.js';

interface View {
  id: number;
  version: number;
  moves: string[];
  legal: { notation: string }[];
}

describe('two instances on one PostgreSQL', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    const url = await (await testPostgres()).newDatabase();
    a = await startTestServer('postgres', { databaseUrl: url });
    b = await startTestServer('postgres', { databaseUrl: url });
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await stopTestPostgres();
  });

  it('a move made on one reaches a spectator on the other; conflicting commands: one wins', async () => {
    const annA = await new Client(a.url).signUp('instann');
    const benB = await new Client(b.url).signUp('instben');
    const ch = await annA.request<{ id: number }>('POST', '/api/challenges', {
      family: 'tactics',
      opponent: 'instben',
      seat: '0',
    });
    expect(ch.status).toBe(201);
    const accepted = await benB.request<{ game: View }>('POST', `/api/challenges/${ch.body.id}/accept`);
    expect(accepted.status).toBe(200);
    const id = accepted.body.game.id;
    const watcher = await StreamClient.open(b.url);
    watcher.send({ type: 'subscribe', game: id });
    const first = await watcher.next((m) => m.type === 'game');
    const v = (await annA.request<View>('GET', `/api/games/${id}`)).body;
    expect((first['view'] as View).version).toBe(v.version);
    const move = v.legal[0]?.notation as string;
    expect((await annA.request('POST', `/api/games/${id}/move`, { version: v.version, move })).status).toBe(200);
    const seen = await watcher.next((m) => m.type === 'game' && (m['view'] as View).version === v.version + 1);
    expect((seen['view'] as View).moves).toEqual([move]);

    // Ben resigns on one instance and offers a draw on the other, both on the same version.
    const annOnB = new Client(b.url);
    annOnB.token = annA.token;
    const benOnA = new Client(a.url);
    benOnA.token = benB.token;
    const now = (await benB.request<View>('GET', `/api/games/${id}`)).body;
    const [r1, r2] = await Promise.all([
      benB.request('POST', `/api/games/${id}/resign`, { version: now.version }),
      benOnA.request('POST', `/api/games/${id}/draw`, { version: now.version, action: 'offer' }),
    ]);
    expect([r1.status, r2.status].sort()).toEqual([200, 409]);
    const after = (await annOnB.request<View>('GET', `/api/games/${id}`)).body;
    expect(after.version).toBe(now.version + 1);
    watcher.close();
  });

  it('a challenge accepted on one instance brings its challenger, listening on the other, to the game', async () => {
    const annA = await new Client(a.url).signUp('startinstann');
    const benB = await new Client(b.url).signUp('startinstben');
    const annOnB = await StreamClient.open(b.url, annA.token);
    const seek = await annA.request<{ id: number }>('POST', '/api/challenges', { family: 'draughts' });
    expect(seek.status).toBe(201);
    const benOnA = new Client(a.url);
    benOnA.token = benB.token;
    const accepted = await benOnA.request<{ game: View }>('POST', `/api/challenges/${seek.body.id}/accept`);
    expect(accepted.status).toBe(200);
    expect(await annOnB.next((m) => m.type === 'started')).toEqual({ type: 'started', game: accepted.body.game.id });
    annOnB.close();
  });
});
