/**
 * Nobody acts for someone else: a spectator, a player of another game and an anonymous client each try every
 * command on a game they do not play, and a player tries the other side's turn; all are refused with a coded
 * error and the game does not change. Fuzzed request bodies and stream messages never get a 5xx.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestServer, type TestServer } from './testing/server.js';
import { StreamClient } from './testing/stream-client.js';

interface View {
  id: number;
  version: number;
  legal: { notation: string }[];
}

describe('who may do what', () => {
  let server: TestServer;
  let ann: Client;
  let ben: Client;
  let eve: Client;
  let id: number;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
    ann = await new Client(server.url).signUp('secann');
    ben = await new Client(server.url).signUp('secben');
    eve = await new Client(server.url).signUp('seceve');
    const ch = await ann.request<{ id: number }>('POST', '/api/challenges', {
      family: 'draughts',
      opponent: 'secben',
      seat: '0',
    });
    id = (await ben.request<{ game: View }>('POST', `/api/challenges/${ch.body.id}/accept`)).body.game.id;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  const commands = (version: number, move: string): [string, unknown][] => [
    ['move', { version, move }],
    ['resign', { version }],
    ['draw', { version, action: 'offer' }],
    ['draw', { version, action: 'accept' }],
    ['takeback', { version, action: 'request' }],
    ['takeback', { version, action: 'accept' }],
  ];

  it('a spectator, an anonymous client and the player out of turn cannot act on the game', async () => {
    const before = (await ann.request<View>('GET', `/api/games/${id}`)).body;
    const move = before.legal[0]?.notation as string;
    const anonymous = new Client(server.url);
    for (const [verb, body] of commands(before.version, move)) {
      const asEve = await eve.request<{ error: { code: string } }>('POST', `/api/games/${id}/${verb}`, body);
      expect(asEve.status).toBe(403);
      expect(asEve.body.error.code).toBe('game/not-a-player');
      const asNobody = await anonymous.request<{ error: { code: string } }>('POST', `/api/games/${id}/${verb}`, body);
      expect(asNobody.status).toBe(401);
    }
    // Ben may not play White's move.
    const outOfTurn = await ben.request<{ error: { code: string } }>('POST', `/api/games/${id}/move`, {
      version: before.version,
      move,
    });
    expect(outOfTurn.status).toBe(409);
    expect(outOfTurn.body.error.code).toBe('game/not-your-turn');
    // Ben cannot accept a draw nobody offered, nor answer his own takeback request.
    expect(
      (await ben.request('POST', `/api/games/${id}/draw`, { version: before.version, action: 'accept' })).status,
    ).toBe(400);
    expect((await anonymous.request('POST', `/api/games/${id}/chat`, { text: 'hi' })).status).toBe(401);
    const after = (await ann.request<View>('GET', `/api/games/${id}`)).body;
    expect(after.version).toBe(before.version);
  });

  it('two conflicting commands on one version: exactly one wins, the other gets a stale-version error', async () => {
    const v = (await ann.request<View>('GET', `/api/games/${id}`)).body;
    const results = await Promise.all([
      ann.request('POST', `/api/games/${id}/move`, { version: v.version, move: v.legal[0]?.notation }),
      ann.request('POST', `/api/games/${id}/resign`, { version: v.version }),
      ann.request('POST', `/api/games/${id}/draw`, { version: v.version, action: 'offer' }),
    ]);
    const won = results.filter((r) => r.status === 200);
    expect(won).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect((r.body as { error: { code: string } }).error.code).toBe('game/stale-version');
    }
  });

  it('fuzzed request bodies get 4xx with a coded error, never a 5xx', async () => {
    const routes: [string, string][] = [
      ['POST', '/api/accounts'],
      ['POST', '/api/login'],
      ['POST', '/api/account/password'],
      ['PUT', '/api/account/vacation'],
      ['POST', '/api/games'],
      ['POST', `/api/games/${id}/move`],
      ['POST', `/api/games/${id}/orders`],
      ['POST', `/api/games/${id}/draw`],
      ['POST', `/api/games/${id}/takeback`],
      ['POST', `/api/games/${id}/resign`],
      ['POST', `/api/games/${id}/chat`],
      ['POST', '/api/challenges'],
      ['POST', '/api/imports'],
      ['GET', '/api/games/abc'],
      ['GET', `/api/games/${id}/export?format=zzz`],
      ['POST', '/api/challenges/99999/accept'],
    ];
    const body = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      fc.string({ maxLength: 50 }),
      fc.record(
        {
          version: fc.oneof(fc.integer(), fc.double(), fc.string(), fc.constant(null)),
          move: fc.oneof(fc.string(), fc.jsonValue({ maxDepth: 2 })),
          action: fc.string(),
          family: fc.constantFrom('draughts', 'chess', '', 'tactorus'),
          options: fc.jsonValue({ maxDepth: 2 }),
          level: fc.string(),
          text: fc.string(),
          name: fc.string(),
          password: fc.string(),
        },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), body, async ([method, path], b) => {
        const r = await ann.request<{ error?: { code: string } }>(method, path, method === 'GET' ? undefined : b);
        expect(r.status).toBeLessThan(500);
        if (r.status >= 400) expect(r.body.error?.code).toMatch(/^[a-z-]+(\/[a-z-]+)?$/);
      }),
      { numRuns: 300, seed: 42 },
    );
    // Bodies that are not JSON at all.
    const raw = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": ',
    });
    expect(raw.status).toBe(400);
    expect(((await raw.json()) as { error: { code: string } }).error.code).toBe('request/bad-body');
  });

  it('fuzzed stream messages get error messages, and the server stays up', async () => {
    const s = await StreamClient.open(server.url, ann.token);
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.string()), async (m) => {
        s.send(typeof m === 'string' ? m : JSON.stringify(m));
        s.send({ type: 'ping' });
        const reply = await s.next((x) => x.type === 'pong' || x.type === 'error');
        expect(['pong', 'error']).toContain(reply.type);
      }),
      { numRuns: 100, seed: 7 },
    );
    expect((await ann.request('GET', '/api/health')).status).toBe(200);
    s.close();
  });
});
