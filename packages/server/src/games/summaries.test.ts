/**
 * Listings from stored summaries (issue 37): after long games are imported and the server restarts (nothing cached),
 * the e-mail gateway's `games`, the lobby and a profile answer from the rows' summary columns and restore no game
 * (the restores counted by the game service, also in `/api/health`); the columns stay right through moves, a
 * takeback, a round of orders and the end; games stored before the columns are back-filled at start-up; and the
 * game cache stays within its budget in bytes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Player } from '@tactica/core';
import { sql } from 'kysely';
import {
  Client,
  DB_KINDS,
  startTestServer,
  stopTestPostgres,
  type DbKind,
  type TestServer,
} from '../testing/server.js';
import { longTacticsRecord } from '../testing/records.js';
import {
  challengeGame,
  clientOn,
  gameView,
  restartTestServer,
  type GameListing,
  type GameView,
} from '../testing/games.js';
import { storeGamesWhole } from '../testing/whole-snapshots.js';

afterAll(async () => {
  await stopTestPostgres();
});

interface Health {
  games: { cached: number; cacheBytes: number; restores: number };
}

const health = async (server: TestServer): Promise<Health['games']> =>
  (await new Client(server.url).request<Health>('GET', '/api/health')).body.games;

/** The game as its player's profile lists it (from the stored summary). */
async function listed(c: Client, id: number): Promise<GameListing> {
  const reply = await c.request<GameListing[]>('GET', `/api/games?user=${c.name}`);
  if (!Array.isArray(reply.body)) throw new Error(JSON.stringify(reply.body));
  const games = reply.body;
  const g = games.find((x) => x.id === id);
  if (!g) throw new Error(`game ${id} not listed`);
  return g;
}

describe.each(DB_KINDS)('stored summaries (%s)', (kind: DbKind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('lists long imported games by mail, in the lobby and a profile after a restart without restoring one', async () => {
    let ann = await new Client(server.url).signUp(`longann${kind}`);
    const ids: number[] = [];
    for (let k = 0; k < 4; k++) {
      const imported = await ann.request<GameView>('POST', '/api/imports', {
        family: 'tactics',
        text: await longTacticsRecord(300, `long ${k}`),
      });
      expect(imported.status).toBe(201);
      expect(imported.body.moves).toHaveLength(300);
      ids.push(imported.body.id);
    }
    // A restart: nothing cached, every game only in its row.
    server = await restartTestServer(server);
    ann = clientOn(ann, server);
    expect((await health(server)).restores).toBe(0);
    const anonymous = new Client(server.url);
    const byMail = await anonymous.request<{ ok: boolean; text: string }>('POST', '/pbm', { subject: 'tactics games' });
    expect(byMail.body.ok).toBe(true);
    for (const id of ids)
      expect(byMail.body.text).toContain(`${id}  ${ann.name} vs ${ann.name}  (#301, to move: ${ann.name})`);
    const next = await anonymous.request<{ text: string }>('POST', '/pbm', {
      subject: `tactics games ${ann.name} next`,
    });
    for (const id of ids) expect(next.body.text).toContain(`${id}  `);
    const lobby = (await anonymous.request<GameListing[]>('GET', '/api/games')).body;
    const profile = (await anonymous.request<GameListing[]>('GET', `/api/games?user=${ann.name}`)).body;
    for (const games of [lobby, profile]) {
      for (const id of ids) expect(games.find((g) => g.id === id)).toMatchObject({ plies: 300, toAct: [0] });
    }
    expect((await anonymous.request('GET', `/api/games/${ids[0]}/chat`)).status).toBe(200);
    expect((await anonymous.request('GET', '/api/games/999999/chat')).status).toBe(404);
    expect((await health(server)).restores).toBe(0);
    // A view is what restores a game (the counter is real), and its last move is the one listed.
    const v = await gameView(anonymous, ids[0] as number);
    expect((await health(server)).restores).toBe(1);
    expect(lobby.find((g) => g.id === ids[0])?.lastMove).toBe(v.moves[v.moves.length - 1]);
  }, 120_000);

  it('keeps the summary right through moves, a takeback and a resignation', async () => {
    const { a, b, id } = await challengeGame(server, `sq${kind}`, 'tactics');
    const players = [a, b] as const;
    const check = async (): Promise<GameView> => {
      const v = await gameView(a, id);
      expect(await listed(a, id)).toMatchObject({
        plies: v.moves.length,
        lastMove: v.moves[v.moves.length - 1] ?? null,
        toAct: v.toAct,
      });
      return v;
    };
    let v = await check();
    expect(v.toAct).toEqual([0]);
    for (let i = 0; i < 3; i++) {
      const seat = v.toAct[0] as Player;
      const mover = players[seat];
      const move = (await gameView(mover, id)).legal[0]?.notation;
      expect((await mover.request('POST', `/api/games/${id}/move`, { version: v.version, move })).status).toBe(200);
      v = await check();
    }
    expect(v.moves).toHaveLength(3);
    // b (seat 1) takes back its move: the game goes back to b's turn, two plies.
    const asked = await b.request<{ version: number }>('POST', `/api/games/${id}/takeback`, {
      version: v.version,
      action: 'request',
    });
    expect(asked.status).toBe(200);
    await a.request('POST', `/api/games/${id}/takeback`, { version: asked.body.version, action: 'accept' });
    v = await check();
    expect(v.moves).toHaveLength(1);
    expect(v.toAct).toEqual([1]);
    await a.request('POST', `/api/games/${id}/resign`, { version: v.version });
    v = await check();
    expect(v.status).toBe('finished');
    expect(await listed(b, id)).toMatchObject({ status: 'finished', toAct: [], plies: 1 });
  });

  it('keeps the summary right through rounds of orders in Tactorus', async () => {
    const { a, b, id } = await challengeGame(server, `sim${kind}`, 'tactorus');
    expect(await listed(a, id)).toMatchObject({ plies: 0, lastMove: null, toAct: [0, 1] });
    let v = await gameView(a, id);
    const order = (await gameView(a, id)).legal.find((l) => l.action === 'order')?.notation as string;
    expect(order).toBeDefined();
    v = {
      ...v,
      version: (
        await a.request<GameView>('POST', `/api/games/${id}/orders`, { version: v.version, orders: [order, 'done'] })
      ).body.version,
    };
    // a's part is in, b's is not: only b is to act, and no round is played yet.
    expect(await listed(a, id)).toMatchObject({ plies: 0, lastMove: null, toAct: [1] });
    await b.request('POST', `/api/games/${id}/orders`, { version: v.version, orders: ['done'] });
    const after = await gameView(b, id);
    expect(after.rounds).toHaveLength(1);
    expect(await listed(b, id)).toMatchObject({ plies: 1, lastMove: `${order} / -`, toAct: [0, 1] });
    await b.request('POST', `/api/games/${id}/resign`, { version: after.version });
    expect(await listed(a, id)).toMatchObject({ status: 'finished', plies: 1, toAct: [] });
  });

  it('back-fills the summaries of games stored before them when the server starts', async () => {
    let ann = await new Client(server.url).signUp(`fillann${kind}`);
    const imported = (
      await ann.request<GameView>('POST', '/api/imports', {
        family: 'tactics',
        text: await longTacticsRecord(40, 'fill'),
      })
    ).body;
    let { a } = await challengeGame(server, `fill${kind}`, 'tactorus');
    const sim = (await a.request<GameListing[]>('GET', `/api/games?user=${a.name}`)).body[0]?.id as number;
    const simView = await gameView(a, sim);
    await a.request('POST', `/api/games/${sim}/orders`, { version: simView.version, orders: ['done'] });
    // The database as it was before migration 007: the columns gone, the migration not recorded (and before 008,
    // which came after it: each game's snapshot whole in its row).
    const db = server.database.db;
    await storeGamesWhole(db);
    for (const column of ['plies', 'last_move', 'to_act']) {
      await sql`alter table games drop column ${sql.ref(column)}`.execute(db);
    }
    await sql`delete from tactica_migrations where name = '007-game-summaries'`.execute(db);
    server = await restartTestServer(server);
    [ann, a] = [clientOn(ann, server), clientOn(a, server)];
    expect(await listed(ann, imported.id)).toMatchObject({
      plies: 40,
      lastMove: imported.moves[39],
      toAct: [0],
    });
    expect(await listed(a, sim)).toMatchObject({ plies: 0, lastMove: null, toAct: [1] });
  }, 60_000);
});

describe('the game cache in bytes', () => {
  let server: TestServer;
  const budgetMb = 0.1; // about three of the eight games below
  beforeAll(async () => {
    server = await startTestServer('sqlite', { gameCacheMb: budgetMb });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('stays within its budget in bytes however many games are imported and viewed', async () => {
    const ann = await new Client(server.url).signUp('cacheann');
    const ids: number[] = [];
    for (let k = 0; k < 8; k++) {
      const r = await ann.request<GameView>('POST', '/api/imports', {
        family: 'tactics',
        text: await longTacticsRecord(60, `cache ${k}`),
      });
      expect(r.status).toBe(201);
      ids.push(r.body.id);
      expect((await health(server)).cacheBytes).toBeLessThanOrEqual(budgetMb * 2 ** 20);
    }
    const held = await health(server);
    expect(held.cached).toBeGreaterThan(0);
    expect(held.cached).toBeLessThan(ids.length);
    // Viewing them all reads back those let go, and the cache stays within its budget.
    for (const id of ids) expect((await gameView(ann, id)).moves).toHaveLength(60);
    const after = await health(server);
    expect(after.restores).toBeGreaterThan(0);
    expect(after.cacheBytes).toBeLessThanOrEqual(budgetMb * 2 ** 20);
  }, 60_000);
});

describe('the longest game', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite', { maxGamePlies: 50 });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('refuses a longer record at import, and a game at the limit is only ended, not played on', async () => {
    const ann = await new Client(server.url).signUp('limitann');
    const longer = await ann.request<{ error: { code: string } }>('POST', '/api/imports', {
      family: 'tactics',
      text: await longTacticsRecord(51, 'too long'),
    });
    expect(longer.status).toBe(400);
    expect(longer.body.error.code).toBe('game/record-too-long');
    const full = await ann.request<GameView>('POST', '/api/imports', {
      family: 'tactics',
      text: await longTacticsRecord(50, 'at the limit'),
    });
    expect(full.status).toBe(201);
    const { id, version } = full.body;
    const move = full.body.legal[0]?.notation;
    const refused = await ann.request<{ error: { code: string } }>('POST', `/api/games/${id}/move`, { version, move });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('game/too-long');
    expect((await ann.request('POST', `/api/games/${id}/resign`, { version })).status).toBe(200);
  });
});
