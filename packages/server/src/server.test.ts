/**
 * The server end to end over HTTP on loopback, on a real SQLite file and a real PostgreSQL server: accounts,
 * games against the computer and between people, versions that refuse stale commands, takeback, draws,
 * resignation, ratings, records.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, DB_KINDS, eventually, startTestServer, stopTestPostgres, type TestServer } from './testing/server.js';

afterAll(async () => {
  await stopTestPostgres();
});

interface View {
  id: number;
  version: number;
  toAct: number[];
  status: string;
  viewer: number | null;
  moves: string[];
  legal: { notation: string; from?: string; to?: string; choice?: string; action: string }[];
  outcome: { kind: string; winner?: number; reason: string } | null;
  drawOffer: number | null;
  takebackRequest: number | null;
  board: { squares: { id: string; piece?: { owner: number } }[] };
}

describe.each(DB_KINDS)('the game server on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('answers its health check and serves its OpenAPI document', async () => {
    const c = new Client(server.url);
    const health = await c.request('GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.body['database']).toBe(kind);
    const doc = await c.request<{ openapi: string; paths: Record<string, unknown> }>('GET', '/api/openapi.json');
    expect(doc.body.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.body.paths)).toEqual(expect.arrayContaining(['/api/games/{id}/move', '/api/accounts']));
  });

  it('signs up, logs in and out; a wrong password and an unknown name get the same answer', async () => {
    const c = new Client(server.url);
    await c.signUp(`ann${kind}`);
    expect((await c.request('GET', '/api/account')).body['name']).toBe(`ann${kind}`);
    const taken = await new Client(server.url).request('POST', '/api/accounts', {
      name: `ANN${kind}`,
      password: 'another one',
    });
    expect(taken.status).toBe(409);
    const wrong = await c.request('POST', '/api/login', { name: `ann${kind}`, password: 'not it at all' });
    const unknown = await c.request('POST', '/api/login', { name: `nobody${kind}`, password: 'not it at all' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    const login = await new Client(server.url).request<{ token: string }>('POST', '/api/login', {
      name: `ann${kind}`,
      password: 'correct horse',
      kind: 'bearer',
    });
    expect(login.status).toBe(200);
    const other = new Client(server.url);
    other.token = login.body.token;
    expect((await other.request('GET', '/api/account')).status).toBe(200);
    // A password change ends the other log-ins.
    const change = await c.request('POST', '/api/account/password', {
      oldPassword: 'correct horse',
      newPassword: 'battery staple',
    });
    expect(change.status).toBe(204);
    expect((await other.request('GET', '/api/account')).status).toBe(401);
    expect((await c.request('GET', '/api/account')).status).toBe(200);
    expect((await c.request('POST', '/api/logout')).status).toBe(204);
    expect((await c.request('GET', '/api/account')).status).toBe(401);
  });

  it('plays draughts against the computer: moves by notation and by squares, the computer answers', async () => {
    const me = await new Client(server.url).signUp(`bob${kind}`);
    const created = await me.request<View>('POST', '/api/games', {
      family: 'draughts',
      options: { variant: 'english' },
      level: 'novice',
      seat: 0,
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    // English: Black (seat 1, the computer) moves first.
    const afterComputer = await eventually(
      async () => {
        const v = (await me.request<View>('GET', `/api/games/${id}`)).body;
        return v.toAct[0] === 0 ? v : undefined;
      },
      30_000,
      'the computer to move',
    );
    expect(afterComputer.moves).toHaveLength(1);
    const legal = afterComputer.legal[0];
    expect(legal).toBeDefined();
    const played = await me.request('POST', `/api/games/${id}/move`, {
      version: afterComputer.version,
      move: { from: legal?.from, to: legal?.to, ...(legal?.choice ? { choice: legal.choice } : {}) },
    });
    expect(played.status).toBe(200);
    // The same move again, on the version it was made on: stale, and nothing changes.
    const again = await me.request<{ error: { code: string } }>('POST', `/api/games/${id}/move`, {
      version: afterComputer.version,
      move: legal?.notation,
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('game/stale-version');
    const second = await eventually(
      async () => {
        const v = (await me.request<View>('GET', `/api/games/${id}`)).body;
        return v.moves.length === 3 ? v : undefined;
      },
      30_000,
      'the computer to answer',
    );
    // Against the computer a takeback is granted at once: back to my last move.
    const back = await me.request('POST', `/api/games/${id}/takeback`, { version: second.version, action: 'request' });
    expect(back.status).toBe(200);
    const after = (await me.request<View>('GET', `/api/games/${id}`)).body;
    expect(after.moves).toHaveLength(1);
    expect(after.toAct).toEqual([0]);
    const bad = await me.request<{ error: { code: string } }>('POST', `/api/games/${id}/move`, {
      version: after.version,
      move: '1-2',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toMatch(/^move\//);
  });

  it('holds the limit of 20 open challenges a player when many are made at once', async () => {
    const seeker = await new Client(server.url).signUp(`seeker${kind}`);
    const seek = { family: 'draughts', options: { variant: 'english' } };
    const made = await Promise.all(
      Array.from({ length: 26 }, () => seeker.request<{ error?: { code: string } }>('POST', '/api/challenges', seek)),
    );
    expect(made.filter((r) => r.status === 201)).toHaveLength(20);
    const refused = made.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(6);
    for (const r of refused) expect([r.status, r.body.error?.code]).toEqual([429, 'challenge/too-many']);
    const mine = await seeker.request<{ challenger: string; status: string }[]>('GET', '/api/challenges');
    expect(mine.body.filter((c) => c.challenger === seeker.name && c.status === 'open')).toHaveLength(20);
  });

  it('plays a game between people from a challenge: draw offers, takeback by consent, resignation, ratings', async () => {
    const ann = await new Client(server.url).signUp(`cat${kind}`);
    const ben = await new Client(server.url).signUp(`dan${kind}`);
    const ch = await ann.request<{ id: number }>('POST', '/api/challenges', {
      family: 'draughts',
      options: { variant: 'russian' },
      opponent: ben.name,
      seat: '0',
      rated: true,
    });
    expect(ch.status).toBe(201);
    const listed = await ben.request<{ id: number }[]>('GET', '/api/challenges');
    // The answer is the challenge as stored (the listing reads it back), names and all.
    expect(listed.body.find((c) => c.id === ch.body.id)).toEqual(ch.body);
    expect(ch.body).toMatchObject({ challenger: ann.name, opponent: ben.name, status: 'open', gameId: null });
    const accepted = await ben.request<{ game: View; challenge: unknown }>(
      'POST',
      `/api/challenges/${ch.body.id}/accept`,
    );
    expect(accepted.status).toBe(200);
    const id = accepted.body.game.id;
    expect(accepted.body.challenge).toEqual({ ...ch.body, status: 'accepted', gameId: id });
    const twice = await ann.request('POST', `/api/challenges/${ch.body.id}/accept`);
    expect(twice.status).toBeGreaterThanOrEqual(400);
    let v = (await ann.request<View>('GET', `/api/games/${id}`)).body;
    expect(v.viewer).toBe(0);
    const first = v.legal[0]?.notation as string;
    expect((await ann.request('POST', `/api/games/${id}/move`, { version: v.version, move: first })).status).toBe(200);
    v = (await ben.request<View>('GET', `/api/games/${id}`)).body;
    // Ben cannot move for Ann, nor Ann out of turn.
    const outOfTurn = await ann.request('POST', `/api/games/${id}/move`, { version: v.version, move: first });
    expect(outOfTurn.status).toBe(409);
    // Ann asks to take her move back; Ben agrees.
    expect(
      (await ann.request('POST', `/api/games/${id}/takeback`, { version: v.version, action: 'request' })).status,
    ).toBe(200);
    v = (await ben.request<View>('GET', `/api/games/${id}`)).body;
    expect(v.takebackRequest).toBe(0);
    expect(
      (await ben.request('POST', `/api/games/${id}/takeback`, { version: v.version, action: 'accept' })).status,
    ).toBe(200);
    v = (await ann.request<View>('GET', `/api/games/${id}`)).body;
    expect(v.moves).toHaveLength(0);
    expect(v.toAct).toEqual([0]);
    // A draw offer declined, then a resignation.
    expect((await ann.request('POST', `/api/games/${id}/draw`, { version: v.version, action: 'offer' })).status).toBe(
      200,
    );
    v = (await ben.request<View>('GET', `/api/games/${id}`)).body;
    expect(v.drawOffer).toBe(0);
    expect((await ben.request('POST', `/api/games/${id}/draw`, { version: v.version, action: 'decline' })).status).toBe(
      200,
    );
    v = (await ben.request<View>('GET', `/api/games/${id}`)).body;
    expect((await ben.request('POST', `/api/games/${id}/resign`, { version: v.version })).status).toBe(200);
    v = (await ben.request<View>('GET', `/api/games/${id}`)).body;
    expect(v.status).toBe('finished');
    expect(v.outcome).toMatchObject({ kind: 'win', winner: 0 });
    const profile = await ann.request<{ ratings: { family: string; rating: number; games: number }[] }>(
      'GET',
      `/api/users/${ann.name}`,
    );
    expect(profile.body.ratings).toEqual([expect.objectContaining({ family: 'draughts', games: 1 })]);
    expect(profile.body.ratings[0]?.rating).toBeGreaterThan(1500);
    const exported = await ann.request<string>('GET', `/api/games/${id}/export`);
    expect(exported.status).toBe(200);
    expect(typeof exported.body).toBe('string');
  });

  it('imports a PDN record to continue against the computer', async () => {
    const me = await new Client(server.url).signUp(`eve${kind}`);
    const pdn = '[GameType "20"]\n[White "A"]\n[Black "B"]\n\n1. 32-28 19-23 2. 28x19 14x23 *\n';
    const r = await me.request<View>('POST', '/api/imports', { family: 'draughts', text: pdn, level: 'dumb', seat: 0 });
    expect(r.status).toBe(201);
    expect(r.body.moves).toEqual(['32-28', '19-23', '28x19', '14x23']);
    const broken = await me.request<{ error: { code: string; field: string } }>('POST', '/api/imports', {
      family: 'draughts',
      text: '1. 32-28 99-98 *',
    });
    expect(broken.status).toBe(400);
    expect(broken.body.error.field).toBe('text');
  });
});
