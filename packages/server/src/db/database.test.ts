/**
 * The database's group commit, on a real SQLite file and a real PostgreSQL: moves that arrive together are written
 * together, yet each is its own compare-and-set — of two updates of one game on one version exactly one changes
 * it, and only changed rows are announced to the listeners.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { kyselyStorage } from '../storage/kysely-storage.js';
import { blankGame } from '../storage/testing.js';
import { DB_KINDS, stopTestPostgres, testPostgres } from '../testing/server.js';
import { openDatabase, type ChangeEvent, type Database } from './database.js';

afterAll(() => stopTestPostgres());

/** A game row at version 1 (what is in it does not matter to the database layer). */
function insertGame(database: Database): Promise<number> {
  return kyselyStorage(database).repos.games.insert(blankGame());
}

describe.each(DB_KINDS)('group commit on %s', (kind) => {
  let database: Database;
  let folder: string | undefined;
  const heard: ChangeEvent[] = [];

  beforeAll(async () => {
    if (kind === 'sqlite') {
      folder = mkdtempSync(join(tmpdir(), 'tactica-db-'));
      database = await openDatabase({ file: join(folder, 'games.db') });
    } else {
      database = await openDatabase({ url: await (await testPostgres()).newDatabase() });
    }
    database.onChange((e) => heard.push(e));
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  const newGame = () => insertGame(database);

  const move = (version: number, head: string) => ({
    version: version + 1,
    head,
    meta: '{}',
    status: 'active',
    result: null,
    deadline_at: 1000 + version,
    updated_at: 2,
  });

  async function stored(id: number) {
    return database.db
      .selectFrom('games')
      .select(['version', 'head', 'deadline_at', 'control'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  /**
   * Waits until every event of the changes committed so far has been heard: a marker committed after them is heard
   * after them (SQLite announces in order on the next turn; PostgreSQL delivers notifications in commit order).
   */
  async function settle(): Promise<void> {
    const marker: ChangeEvent = { kind: 'chat', gameId: -1 };
    await database.transaction(async (_tx, notify) => notify(marker));
    await vi.waitFor(() => expect(heard).toContainEqual(marker), { timeout: 5000, interval: 10 });
    heard.splice(
      heard.findIndex((e) => e.kind === 'chat' && e.gameId === -1),
      1,
    );
  }

  it('indexes no column of games that every move changes (PostgreSQL then updates the row in place)', async () => {
    const indexed =
      kind === 'sqlite'
        ? await sql<{ name: string }>`select distinct ii.name from pragma_index_list('games') il
            join pragma_index_info(il.name) ii`.execute(database.db)
        : await sql<{ name: string }>`select distinct a.attname as name from pg_index i
            join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
            where i.indrelid = 'games'::regclass`.execute(database.db);
    const columns = indexed.rows.map((r) => r.name);
    expect(columns).toContain('deadline_at');
    // What a move of a game without a clock writes: its version, head, meta and time.
    for (const c of ['version', 'head', 'meta', 'updated_at']) expect(columns).not.toContain(c);
  });

  it('lets exactly one of two updates of a game on one version win, in one batch', async () => {
    const a = await newGame();
    const b = await newGame();
    heard.length = 0;
    const results = await Promise.all([
      database.updateGame(a, 1, move(1, 'first'), [{ kind: 'game', gameId: a, version: 2 }]),
      database.updateGame(a, 1, move(1, 'second'), [{ kind: 'game', gameId: a, version: 2 }]),
      database.updateGame(b, 1, move(1, 'other'), [{ kind: 'game', gameId: b, version: 2 }]),
      database.updateGame(b, 7, move(7, 'stale'), [{ kind: 'game', gameId: b, version: 8 }]),
    ]);
    expect(results[0] !== results[1]).toBe(true);
    expect(results.slice(2)).toEqual([true, false]);
    const rowA = await stored(a);
    expect(rowA.version).toBe(2);
    expect(rowA.head).toBe(results[0] ? 'first' : 'second');
    expect(await stored(b)).toMatchObject({ version: 2, head: 'other', deadline_at: 1001 });
    await settle();
    const games = heard.filter((e) => e.kind === 'game').map((e) => [e.gameId, e.version]);
    expect(games.sort()).toEqual([
      [a, 2],
      [b, 2],
    ]);
  });

  it('keeps the columns an update leaves out, and writes the others beside a batch', async () => {
    const a = await newGame();
    const partial = await database.updateGame(a, 1, { version: 2, updated_at: 5 }, []);
    expect(partial).toBe(true);
    expect(await stored(a)).toMatchObject({ version: 2, head: '{}', deadline_at: null, control: '{}' });
    // A column no move changes goes its own way, still a compare-and-set.
    expect(await database.updateGame(a, 2, { version: 3, control: '{"kind":"none"}' }, [])).toBe(true);
    expect(await database.updateGame(a, 2, { version: 3, control: '{}' }, [])).toBe(false);
    expect(await stored(a)).toMatchObject({ version: 3, control: '{"kind":"none"}' });
  });

  it('writes any text a batch carries as it was given, and a lone surrogate as U+FFFD', async () => {
    const texts = [
      '{"moves":["22-18","11x22"],"quote":"a \\"b\\" \\\\ c"}',
      'Ströme, 東京, ♛ and 𝄞 (a pair of surrogates), {},[],"\\',
      'tab\tand\nnewline',
      'null',
      '',
    ];
    const ids = await Promise.all(texts.map(() => newGame()));
    const done = await Promise.all(
      ids.map((id, i) =>
        database.updateGame(id, 1, { ...move(1, texts[i] as string), result: i === 3 ? 'null' : null }, []),
      ),
    );
    expect(done.every(Boolean)).toBe(true);
    for (const [i, id] of ids.entries()) {
      const row = await database.db
        .selectFrom('games')
        .select(['head', 'result'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ head: texts[i], result: i === 3 ? 'null' : null });
    }
    const lone = await newGame();
    expect(await database.updateGame(lone, 1, move(1, 'before \ud800 after'), [])).toBe(true);
    // PostgreSQL holds UTF-8 only (one U+FFFD, as the pg client encodes it); SQLite keeps the three bytes its
    // encoder writes, each read back as U+FFFD.
    expect((await stored(lone)).head).toMatch(kind === 'postgres' ? /^before \ufffd after$/ : /^before \ufffd+ after$/);
  });

  it('writes a burst of many games in few batches, each move counted', async () => {
    const ids = await Promise.all(Array.from({ length: 60 }, () => newGame()));
    for (let v = 1; v <= 5; v++) {
      const done = await Promise.all(ids.map((id) => database.updateGame(id, v, move(v, `v${v}`), [])));
      expect(done.every(Boolean)).toBe(true);
    }
    for (const id of ids) expect(await stored(id)).toMatchObject({ version: 6, head: 'v5' });
  });

  const logOf = async (id: number) =>
    (await database.db.selectFrom('game_moves').select('text').where('game_id', '=', id).orderBy('seq').execute()).map(
      (r) => r.text,
    );

  it("writes a move's log rows with its row, and none of an update that lost, in one batch", async () => {
    const a = await newGame();
    const b = await newGame();
    const results = await Promise.all([
      database.updateGame(a, 1, move(1, 'first'), [], { from: 0, texts: ['a1'], cut: false }),
      database.updateGame(a, 1, move(1, 'second'), [], { from: 0, texts: ['a2', 'a3'], cut: false }),
      database.updateGame(b, 1, move(1, 'other'), [], { from: 0, texts: ['b1', 'b2', 'b3'], cut: false }),
      database.updateGame(b, 7, move(7, 'stale'), [], { from: 0, texts: ['stale'], cut: false }),
    ]);
    expect(results[0] !== results[1]).toBe(true);
    expect(await logOf(a)).toEqual(results[0] ? ['a1'] : ['a2', 'a3']);
    expect(await logOf(b)).toEqual(['b1', 'b2', 'b3']);
    // An append, then a change from the fork: the row there written over, the ones after it gone.
    expect(await database.updateGame(b, 2, move(2, 'x'), [], { from: 3, texts: ['b4'], cut: false })).toBe(true);
    expect(await database.updateGame(b, 3, move(3, 'y'), [], { from: 1, texts: ['c2'], cut: true })).toBe(true);
    expect(await logOf(b)).toEqual(['b1', 'c2']);
    // Without a log change the rows stay as they are.
    expect(await database.updateGame(b, 4, move(4, 'z'), [])).toBe(true);
    expect(await logOf(b)).toEqual(['b1', 'c2']);
  });

  it('writes the log rows of a burst of many games, each to its own game', async () => {
    const ids = await Promise.all(Array.from({ length: 40 }, () => newGame()));
    for (let v = 1; v <= 3; v++) {
      const done = await Promise.all(
        ids.map((id) =>
          database.updateGame(id, v, move(v, `v${v}`), [], { from: v - 1, texts: [`${id}:${v}`], cut: false }),
        ),
      );
      expect(done.every(Boolean)).toBe(true);
    }
    for (const id of ids) expect(await logOf(id)).toEqual([`${id}:1`, `${id}:2`, `${id}:3`]);
  });

  it("writes a log change with a column no batch takes, in the row's transaction", async () => {
    const a = await newGame();
    const log = { from: 0, texts: ['m1', 'm2'], cut: false };
    expect(await database.updateGame(a, 1, { version: 2, control: '{"kind":"none"}' }, [], log)).toBe(true);
    expect(await database.updateGame(a, 1, { version: 2, control: '{}' }, [], { ...log, texts: ['lost'] })).toBe(false);
    expect(await logOf(a)).toEqual(['m1', 'm2']);
  });

  /** A unit's record: a row of pbm_seen, refused as a duplicate when it is there already. */
  const seen = (key: string) => ({
    table: 'pbm_seen',
    row: { message_key: key, seen_at: 1 },
    duplicate: () => new Error(`duplicate ${key}`),
  });
  const recorded = async (key: string) =>
    (await database.db.selectFrom('pbm_seen').select('message_key').where('message_key', '=', key).execute()).length;

  it("writes a unit of work's record with its first change, in the same commit, and only once", async () => {
    const a = await newGame();
    const b = await newGame();
    const unit = await database.unitOfWork(seen('unit-1'), async () => {
      // A stale update changes nothing and records nothing; the next change carries the record, the third does not.
      expect(await database.updateGame(a, 7, move(7, 'stale'), [])).toBe(false);
      expect(await recorded('unit-1')).toBe(0);
      expect(await database.updateGame(a, 1, move(1, 'first'), [])).toBe(true);
      await database.transaction(async (tx) => {
        await tx.updateTable('games').set({ updated_at: 9 }).where('id', '=', b).execute();
      });
      return 'done';
    });
    expect(unit).toEqual({ value: 'done', recorded: true });
    expect(await recorded('unit-1')).toBe(1);
    // A unit that writes nothing leaves the recording to its caller.
    expect(await database.unitOfWork(seen('unit-2'), () => stored(a))).toMatchObject({ recorded: false });
    expect(await recorded('unit-2')).toBe(0);
  });

  it('refuses the change of a second unit with the same record, and only its own change, even in one batch', async () => {
    const ids = await Promise.all([newGame(), newGame(), newGame()]);
    const results = await Promise.allSettled([
      database.unitOfWork(seen('twice'), () => database.updateGame(ids[0] as number, 1, move(1, 'one'), [])),
      database.unitOfWork(seen('twice'), () => database.updateGame(ids[1] as number, 1, move(1, 'two'), [])),
      database.updateGame(ids[2] as number, 1, move(1, 'bystander'), []),
    ]);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(1);
    expect(String((refused[0] as PromiseRejectedResult).reason)).toContain('duplicate twice');
    const versions = await Promise.all(ids.map(async (id) => (await stored(id)).version));
    expect(versions.slice(0, 2).sort()).toEqual([1, 2]);
    expect(versions[2]).toBe(2);
    expect(await recorded('twice')).toBe(1);
  });

  it('rolls a transaction back with its record when the record is there already', async () => {
    const a = await newGame();
    await database.unitOfWork(seen('tx-1'), () => database.updateGame(a, 1, move(1, 'first'), []));
    await expect(
      database.unitOfWork(seen('tx-1'), () =>
        database.transaction(async (tx) => {
          await tx.updateTable('games').set({ updated_at: 77 }).where('id', '=', a).execute();
        }),
      ),
    ).rejects.toThrow('duplicate tx-1');
    expect(
      (await database.db.selectFrom('games').select('updated_at').where('id', '=', a).executeTakeFirstOrThrow())
        .updated_at,
    ).not.toBe(77);
  });
});

describe('change events between instances on PostgreSQL', () => {
  let a: Database;
  let b: Database;
  const heardBy = { a: [] as ChangeEvent[], b: [] as ChangeEvent[] };

  beforeAll(async () => {
    const url = await (await testPostgres()).newDatabase();
    a = await openDatabase({ url });
    b = await openDatabase({ url });
    a.onChange((e) => heardBy.a.push(e));
    b.onChange((e) => heardBy.b.push(e));
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  const nextTurn = () => new Promise((r) => setImmediate(r));
  const until = async (done: () => boolean) => {
    for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
  };

  it('the instance that commits a change hears it at once from itself, the others once by notification', async () => {
    const row = { id: await insertGame(a) };
    // A step too long for a notification: the others hear the event without it, the instance that made it whole.
    const step = { at: 5, meta: {}, move: 'a'.repeat(9000) };
    const move: ChangeEvent = { kind: 'game', gameId: row.id, version: 2, step };
    const control: ChangeEvent = { kind: 'game', gameId: row.id, version: 3 };
    const lobby: ChangeEvent = { kind: 'lobby' };

    // A move (the batched statement), a change of another column (a statement of its own), a transaction.
    expect(await a.updateGame(row.id, 1, { version: 2, head: 'x', updated_at: 5 }, [move])).toBe(true);
    await nextTurn();
    expect(heardBy.a).toEqual([move]);
    expect(await a.updateGame(row.id, 2, { version: 3, control: '{"kind":"none"}' }, [control])).toBe(true);
    await nextTurn();
    expect(heardBy.a).toEqual([move, control]);
    await a.transaction(async (_tx, notify) => notify(lobby));
    await nextTurn();
    expect(heardBy.a).toEqual([move, control, lobby]);
    // A refused compare-and-set is heard by no one.
    expect(await a.updateGame(row.id, 1, { version: 2, head: 'y', updated_at: 6 }, [move])).toBe(false);

    await until(() => heardBy.b.length >= 3);
    // Any echo of a's own notifications reaches a before a notification b commits later (one connection hears in
    // commit order): once a hears b's marker, none of its own may have been heard twice.
    const marker: ChangeEvent = { kind: 'chat', gameId: -2 };
    await b.transaction(async (_tx, notify) => notify(marker));
    await until(() => heardBy.a.length > 3 && heardBy.b.length > 3);
    expect(heardBy.a.pop()).toEqual(marker);
    expect(heardBy.b.pop()).toEqual(marker);
    expect(heardBy.b).toEqual([{ kind: 'game', gameId: row.id, version: 2 }, control, lobby]);
    expect(heardBy.a).toEqual([move, control, lobby]);
  });
});
