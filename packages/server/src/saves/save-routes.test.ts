/** A player's saved games over HTTP: their own library only, versioned updates, coded refusals. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestServer, type TestServer } from '../testing/server.js';

describe('/api/saves', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('keeps each player their own library with versioned updates', async () => {
    const ann = await new Client(server.url).signUp('saveann');
    const ben = await new Client(server.url).signUp('saveben');
    const made = await ann.request<{ id: string; version: number }>('POST', '/api/saves', {
      family: 'draughts',
      title: 'Friday game',
      summary: 'move 12',
      doc: { pdn: '1. 32-28 *' },
    });
    expect(made.status).toBe(201);
    expect(made.body.version).toBe(1);
    const again = await ann.request<{ error: { code: string } }>('POST', '/api/saves', {
      family: 'draughts',
      title: 'FRIDAY game',
      doc: {},
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('store/title-taken');
    expect((await ben.request('GET', `/api/saves/${made.body.id}`)).status).toBe(404);
    expect((await ben.request<{ games: unknown[] }>('GET', '/api/saves')).body.games).toEqual([]);
    const updated = await ann.request<{ version: number }>('PUT', `/api/saves/${made.body.id}`, {
      expectedVersion: 1,
      doc: { pdn: '1. 32-28 19-23 *' },
    });
    expect(updated.body.version).toBe(2);
    const stale = await ann.request<{ error: { code: string } }>('PUT', `/api/saves/${made.body.id}`, {
      expectedVersion: 1,
      doc: {},
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('store/stale-version');
    const loaded = await ann.request<{ doc: unknown; title: string }>('GET', `/api/saves/${made.body.id}`);
    expect(loaded.body).toMatchObject({ title: 'Friday game', doc: { pdn: '1. 32-28 19-23 *' } });
    expect((await ann.request('DELETE', `/api/saves/${made.body.id}?expectedVersion=1`)).status).toBe(409);
    expect((await ann.request('DELETE', `/api/saves/${made.body.id}?expectedVersion=2`)).status).toBe(200);
    expect((await ann.request('GET', `/api/saves/${made.body.id}`)).status).toBe(404);
    expect((await new Client(server.url).request('GET', '/api/saves')).status).toBe(401);
  });
});
