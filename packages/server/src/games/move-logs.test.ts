/**
 * Games stored as move logs (issue 38, migration 008): the row keeps the head, `game_moves` one row per move. A move
 * inserts its own row and writes no other (proved by triggers that note every write to the table); a takeback keeps
 * the rows, and the move after it replaces the rows past where the lines part; games stored whole by the schema
 * before are split by the migration and read back as they were; a damaged log is refused with its code. On a real
 * SQLite file and a real PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Player } from '@tactica/core';
import { sql, type Kysely } from 'kysely';
import type { Schema } from '../db/schema.js';
import { longTacticsRecord } from '../testing/records.js';
import {
  Client,
  DB_KINDS,
  startTestServer,
  stopTestPostgres,
  testPostgres,
  type DbKind,
  type TestServer,
} from '../testing/server.js';
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

interface LogWrite {
  op: string;
  seq: number;
}

/** Plays the first legal move of the side to move; returns the view after it. */
async function playOne(players: readonly [Client, Client], id: number): Promise<GameView> {
  const v = await gameView(players[0], id);
  const mover = players[v.toAct[0] as Player];
  const mine = await gameView(mover, id);
  const move = mine.legal.find((l) => l.action === 'move')?.notation ?? mine.legal[0]?.notation;
  const r = await mover.request<GameView>('POST', `/api/games/${id}/move`, { version: mine.version, move });
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  return gameView(players[0], id);
}

/** `asker` asks to take back their last move and `answerer` agrees. */
async function takeBack(asker: Client, answerer: Client, id: number): Promise<GameView> {
  const v = await gameView(asker, id);
  const asked = await asker.request<{ version: number }>('POST', `/api/games/${id}/takeback`, {
    version: v.version,
    action: 'request',
  });
  if (asked.status !== 200) throw new Error(JSON.stringify(asked.body));
  const r = await answerer.request('POST', `/api/games/${id}/takeback`, {
    version: asked.body.version,
    action: 'accept',
  });
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  return gameView(asker, id);
}

async function logRows(db: Kysely<Schema>, id: number): Promise<string[]> {
  const rows = await db.selectFrom('game_moves').select('text').where('game_id', '=', id).orderBy('seq').execute();
  return rows.map((r) => r.text);
}

/** Triggers that note every write to `game_moves` in a table of their own (`log_writes`). */
async function watchLogWrites(db: Kysely<Schema>, kind: DbKind): Promise<void> {
  await sql`create table log_writes (n integer, op text, game_id integer, seq integer)`.execute(db);
  if (kind === 'sqlite') {
    for (const [op, row] of [
      ['insert', 'new'],
      ['update', 'new'],
      ['delete', 'old'],
    ] as const) {
      await sql
        .raw(
          `create trigger game_moves_${op} after ${op} on game_moves begin
             insert into log_writes values ((select count(*) from log_writes), '${op}', ${row}.game_id, ${row}.seq);
           end`,
        )
        .execute(db);
    }
  } else {
    await sql
      .raw(
        `create function note_log_write() returns trigger language plpgsql as $$ begin
           if tg_op = 'DELETE' then
             insert into log_writes values ((select count(*) from log_writes), 'delete', old.game_id, old.seq);
             return old;
           end if;
           insert into log_writes values ((select count(*) from log_writes), lower(tg_op), new.game_id, new.seq);
           return new;
         end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger game_moves_writes after insert or update or delete on game_moves
           for each row execute function note_log_write()`,
      )
      .execute(db);
  }
}

/** The writes to a game's log rows since the last call, as sorted `op seq` texts. */
function logWrites(db: Kysely<Schema>) {
  let seen = 0;
  return async (id: number): Promise<string[]> => {
    const rows = await sql<
      LogWrite & { n: number }
    >`select n, op, seq from log_writes where game_id = ${id} and n >= ${seen}
      order by n`.execute(db);
    const all = await sql<{ c: number }>`select count(*) as c from log_writes`.execute(db);
    seen = Number(all.rows[0]?.c ?? 0);
    return rows.rows.map((r) => `${r.op} ${r.seq}`).sort();
  };
}

describe.each(DB_KINDS)('games stored as move logs (%s)', (kind: DbKind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('a move inserts its own row and writes no other; a takeback then a new move replaces the rows past the fork', async () => {
    const db = server.database.db;
    await watchLogWrites(db, kind);
    const writes = logWrites(db);
    const { a, b, id } = await challengeGame(server, `append${kind}`, 'tactics');
    const players = [a, b] as const;
    expect(await writes(id)).toEqual([]);
    let v: GameView | undefined;
    for (let i = 0; i < 4; i++) {
      v = await playOne(players, id);
      expect(await writes(id)).toEqual([`insert ${i}`]);
      expect(await logRows(db, id)).toEqual(v.moves);
    }
    // a takes back their move (two plies): the moves stay in the log, past the cursor; only the head changes.
    v = await takeBack(a, b, id);
    expect(v.moves).toHaveLength(2);
    expect(await writes(id)).toEqual([]);
    const before = await logRows(db, id);
    expect(before).toHaveLength(4);
    // a plays another move than before: the row where the lines part is written over, the one after it goes.
    const mine = await gameView(a, id);
    const other = mine.legal.find((l) => l.action === 'move' && l.notation !== before[2])?.notation as string;
    expect((await a.request('POST', `/api/games/${id}/move`, { version: mine.version, move: other })).status).toBe(200);
    expect(await writes(id)).toEqual(['delete 3', 'update 2']);
    expect(await logRows(db, id)).toEqual([before[0], before[1], other]);
    // And a read of the rows (after a restart, nothing cached) gives the same game.
    server = await restartTestServer(server);
    const again = await gameView(clientOn(a, server), id);
    expect(again.moves).toEqual([before[0], before[1], other]);
  }, 60_000);

  it('migrates games stored whole into heads and logs, ended, taken back and Tactorus, and reads them back as they were', async () => {
    let ann = await new Client(server.url).signUp(`migann${kind}`);
    const imported = (
      await ann.request<GameView>('POST', '/api/imports', {
        family: 'tactics',
        text: await longTacticsRecord(60, `migrate ${kind}`),
      })
    ).body;
    // Draughts: three moves, one taken back (still in the line past its cursor), then a resignation: an ended game
    // whose line before the result is longer than its line.
    const d = await challengeGame(server, `migd${kind}`, 'draughts');
    for (let i = 0; i < 3; i++) await playOne([d.a, d.b], d.id);
    await takeBack(d.a, d.b, d.id);
    let dv = await gameView(d.a, d.id);
    await d.a.request('POST', `/api/games/${d.id}/resign`, { version: dv.version });
    // Tactics taken back and still in play.
    const t = await challengeGame(server, `migt${kind}`, 'tactics');
    for (let i = 0; i < 3; i++) await playOne([t.a, t.b], t.id);
    await takeBack(t.b, t.a, t.id);
    // Tactorus: a round played, and an order of the next one in.
    const r = await challengeGame(server, `migr${kind}`, 'tactorus');
    let rv = await gameView(r.a, r.id);
    const order = rv.legal.find((l) => l.action === 'order')?.notation as string;
    rv = (
      await r.a.request<GameView>('POST', `/api/games/${r.id}/orders`, { version: rv.version, orders: [order, 'done'] })
    ).body;
    await r.b.request('POST', `/api/games/${r.id}/orders`, { version: rv.version, orders: ['done'] });
    rv = await gameView(r.a, r.id);
    await r.a.request('POST', `/api/games/${r.id}/orders`, { version: rv.version, orders: [order] });
    const games = [
      { id: imported.id, c: ann },
      { id: d.id, c: d.a },
      { id: t.id, c: t.b },
      { id: r.id, c: r.a },
    ];
    // And a game whose stored text no longer reads: the migration leaves it as it is, refused as damaged after.
    const broken = await challengeGame(server, `migx${kind}`, 'tactics');
    await playOne([broken.a, broken.b], broken.id);
    const views = await Promise.all(games.map((g) => gameView(g.c, g.id)));
    const listing = async (c: Client): Promise<GameListing[]> =>
      (await c.request<GameListing[]>('GET', `/api/games?user=${c.name}`)).body;
    const listings = await Promise.all(games.map((g) => listing(g.c)));
    dv = views[1] as GameView;
    expect(dv.status).toBe('finished');

    // The schema before 008: each game's snapshot whole in its row, every move's text in it.
    await storeGamesWhole(server.database.db);
    await sql`update games set snapshot = ${'{"format": "tactica-game", "session": '} where id = ${broken.id}`.execute(
      server.database.db,
    );
    const whole = await sql<{ id: number; snapshot: string }>`select id, snapshot from games`.execute(
      server.database.db,
    );
    for (const g of games) {
      const stored = JSON.parse(whole.rows.find((w) => w.id === g.id)?.snapshot ?? 'null') as {
        session: { line: { moves?: unknown; steps?: unknown } };
      };
      expect(Array.isArray(stored.session.line.moves ?? stored.session.line.steps)).toBe(true);
    }

    server = await restartTestServer(server);
    ann = clientOn(ann, server);
    const db = server.database.db;
    for (const [i, g] of games.entries()) {
      const c = clientOn(g.c, server);
      expect(await gameView(c, g.id)).toEqual(views[i]);
      expect(await listing(c)).toEqual(listings[i]);
      // The head keeps no list of moves; the log holds them, one a row.
      const row = await db.selectFrom('games').select('head').where('id', '=', g.id).executeTakeFirstOrThrow();
      const head = JSON.parse(row.head) as { log: number; session: { line: Record<string, unknown> } };
      const line = head.session.line;
      expect(typeof (line['moves'] ?? line['steps'])).toBe('number');
      expect(await logRows(db, g.id)).toHaveLength(head.log);
    }
    expect(await logRows(db, imported.id)).toEqual(imported.moves);
    // The ended draughts game's log keeps the moves taken back before the result (what a takeback restores).
    expect(await logRows(db, d.id)).toHaveLength(3);
    expect(dv.moves).toHaveLength(2);
    expect(await logRows(db, r.id)).toHaveLength(1);
    // Play goes on, appending.
    const next = await playOne([ann, ann], imported.id);
    expect(await logRows(db, imported.id)).toEqual(next.moves);
    const refused = await clientOn(broken.a, server).request<{ error: { code: string } }>(
      'GET',
      `/api/games/${broken.id}`,
    );
    expect(refused.body.error.code).toBe('game/damaged');
  }, 120_000);

  it('refuses a game whose log misses a row or holds a move that does not read as damaged, and serves the rest', async () => {
    const c = await new Client(server.url).signUp(`damage${kind}`);
    const ids: number[] = [];
    for (let k = 0; k < 3; k++) {
      const r = await c.request<GameView>('POST', '/api/imports', {
        family: 'tactics',
        text: await longTacticsRecord(20, `damage ${kind} ${k}`),
      });
      ids.push(r.body.id);
    }
    const r = await challengeGame(server, `dmgr${kind}`, 'tactorus');
    let rv = await gameView(r.a, r.id);
    rv = (await r.a.request<GameView>('POST', `/api/games/${r.id}/orders`, { version: rv.version, orders: ['done'] }))
      .body;
    await r.b.request('POST', `/api/games/${r.id}/orders`, { version: rv.version, orders: ['done'] });
    const [missing, garbled, fine] = ids as [number, number, number];
    const db = server.database.db;
    await db.deleteFrom('game_moves').where('game_id', '=', missing).where('seq', '=', 7).execute();
    await db
      .updateTable('game_moves')
      .set({ text: 'not a move' })
      .where('game_id', '=', garbled)
      .where('seq', '=', 3)
      .execute();
    await db.updateTable('game_moves').set({ text: '[[' }).where('game_id', '=', r.id).execute();
    server = await restartTestServer(server);
    const again = clientOn(c, server);
    for (const id of [missing, garbled, r.id]) {
      const reply = await again.request<{ error: { code: string } }>('GET', `/api/games/${id}`);
      expect(reply.body.error.code).toBe('game/damaged');
    }
    expect((await again.request<GameView>('GET', `/api/games/${fine}`)).body.moves).toHaveLength(20);
    expect((await again.request('GET', '/api/health')).status).toBe(200);
  }, 60_000);
});

describe('two instances on one PostgreSQL', () => {
  let one: TestServer;
  let two: TestServer;
  beforeAll(async () => {
    const url = await (await testPostgres()).newDatabase();
    one = await startTestServer('postgres', { databaseUrl: url });
    two = await startTestServer('postgres', { databaseUrl: url });
  }, 60_000);
  afterAll(async () => {
    await one?.close();
    await two?.close();
  });

  it("appends each move to the log, whichever instance takes it, following the other's moves in between", async () => {
    const a = await new Client(one.url).signUp('logtwoa');
    const b = await new Client(one.url).signUp('logtwob');
    const ch = await a.request<{ id: number }>('POST', '/api/challenges', {
      family: 'tactics',
      opponent: b.name,
      seat: '0',
    });
    const id = (await b.request<{ game: GameView }>('POST', `/api/challenges/${ch.body.id}/accept`)).body.game.id;
    // Each player on both instances: the moves alternate between them, each instance playing on its copy of the
    // game as the other's events brought it (or read back).
    const on = (c: Client, server: TestServer) => clientOn(c, server);
    let v: GameView | undefined;
    for (let i = 0; i < 8; i++) {
      const server = i % 3 === 0 ? one : two;
      v = await playOne([on(a, server), on(b, server)], id);
      expect(await logRows(one.database.db, id)).toEqual(v.moves);
    }
    // A takeback on one instance and a new move on the other: the rows past the fork replaced.
    v = await takeBack(on(a, one), on(b, one), id);
    const after = await playOne([on(a, two), on(b, two)], id);
    expect(after.moves).toHaveLength((v?.moves.length ?? 0) + 1);
    expect(await logRows(two.database.db, id)).toEqual(after.moves);
  }, 60_000);
});
