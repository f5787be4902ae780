/**
 * The database the server keeps its truth in: an SQLite file (the embedded default, nothing to set up) or a
 * PostgreSQL server (several server instances share it). One Kysely schema and one set of migrations serve both.
 *
 * Events: after a change commits, every instance hears of it through the database's change bus (`bus/`), which the
 * database owns: it publishes what each commit made once it has committed. SQLite's bus is in-process; PostgreSQL's
 * is LISTEN/NOTIFY, and the notifications the bus makes are written into the committing transaction or statement
 * (delivered at commit, and never for a rolled-back one).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  sql,
  SqliteDialect,
  type SqliteDatabase as SqliteDatabaseLike,
  type Transaction,
  type Updateable,
} from 'kysely';
import pg from 'pg';
import { InProcessBus, type ChangeBus, type ChangeEvent } from '../bus/change-bus.js';
import { PostgresBus } from '../bus/postgres-bus.js';
import { writeLogIn, type LogChange } from './game-log.js';
import { migrate } from './migrations.js';
import type { GamesTable, Schema } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

// The events moved to the bus (`bus/change-bus.ts`); exported here too, so every importer keeps working.
export type { ChangeEvent } from '../bus/change-bus.js';

export interface Database {
  readonly db: Kysely<Schema>;
  readonly dialect: Dialect;
  /** Where it is, for logs (a file path or the server's host and database, never a password). */
  readonly where: string;
  /** Runs `work` in one transaction; events it notes are heard by every instance once it commits. */
  transaction<T>(work: (tx: Transaction<Schema>, notify: (e: ChangeEvent) => void) => Promise<T>): Promise<T>;
  /**
   * The hot path of every move: one statement that changes a game's row only if it still has `version`, and, when
   * it did, makes `events` heard once committed (PostgreSQL: the update and its notifications in one statement).
   * `log`: the game's log rows it changes (./game-log.ts), written with the row or not at all. True when the row was
   * changed.
   */
  updateGame(
    id: number,
    version: number,
    set: Updateable<GamesTable>,
    events: readonly ChangeEvent[],
    log?: LogChange,
  ): Promise<boolean>;
  /**
   * Runs `work` as one unit of work: the first write transaction it makes (`transaction`, or `updateGame`, which
   * then runs in a transaction of its own instead of a group commit) also runs `record` before it commits, so what
   * the unit records (a mail's Message-ID) commits with the unit's first change or not at all. `recorded` says
   * whether it did; when the unit wrote nothing through a transaction, recording is the caller's.
   */
  unitOfWork<T>(record: UnitRecord, work: () => Promise<T>): Promise<{ value: T; recorded: boolean }>;
  /** The change bus the database publishes each commit's events on; the database owns it (closes it). */
  readonly bus: ChangeBus;
  /**
   * Hears every committed change, this instance's and (PostgreSQL) the others': `bus.subscribe`, kept so that the
   * services subscribe where they always did.
   */
  onChange(listener: (e: ChangeEvent) => void): () => void;
  close(): Promise<void>;
}

/**
 * A row a unit of work inserts with its first change (a mail's Message-ID): data rather than code, so that the group
 * commit of moves writes it in the move's own transaction.
 */
interface UnitRecord {
  readonly table: string;
  readonly row: Readonly<Record<string, string | number>>;
  /** What the unit's write fails with when the row is there already (another copy of the unit recorded it). */
  duplicate(): Error;
}

interface Unit {
  readonly record: UnitRecord;
  /** A write runs the record now (another one that starts meanwhile leaves it alone). */
  taken: boolean;
  recorded: boolean;
  /** Over once the unit's work has returned: writes of work it started and left running are not the unit's. */
  open: boolean;
}

/**
 * The unit of work the running code belongs to (AsyncLocalStorage follows it through every await and callback):
 * the database's write paths look here to record with the first write, whichever service makes it.
 */
const units = new AsyncLocalStorage<Unit>();

async function runUnit<T>(record: UnitRecord, work: () => Promise<T>): Promise<{ value: T; recorded: boolean }> {
  const unit: Unit = { record, taken: false, recorded: false, open: true };
  try {
    const value = await units.run(unit, work);
    return { value, recorded: unit.recorded };
  } finally {
    unit.open = false;
  }
}

/** Whether a write now is a unit's first (and must carry its record). */
function unitWaiting(): boolean {
  const unit = units.getStore();
  return unit !== undefined && unit.open && !unit.taken && !unit.recorded;
}

/**
 * Runs a write with the record of the unit of work it is the first write of, if any: recorded when the write
 * commits with it (`committed`: a game's update that found the row moved on wrote nothing), left for a later write
 * otherwise.
 */
async function withUnit<T>(
  run: (record: UnitRecord | undefined) => Promise<T>,
  committed: (result: T) => boolean = () => true,
): Promise<T> {
  const unit = unitWaiting() ? units.getStore() : undefined;
  if (unit) unit.taken = true;
  try {
    const result = await run(unit?.record);
    if (unit && committed(result)) unit.recorded = true;
    return result;
  } finally {
    if (unit && !unit.recorded) unit.taken = false;
  }
}

function isUnique(e: unknown): boolean {
  return /unique|duplicate/i.test(String((e as Error).message));
}

function checkIdentifier(name: string): string {
  if (!/^[a-z_]+$/.test(name)) throw new Error(`not a table or column name: ${name}`);
  return name;
}

/** Inserts a unit's record in a transaction; the record's own error when the row is there already. */
async function insertRecord(tx: Transaction<Schema>, record: UnitRecord): Promise<void> {
  const columns = Object.keys(record.row).map(checkIdentifier);
  try {
    await sql`insert into ${sql.table(checkIdentifier(record.table))} (${sql.join(columns.map((c) => sql.ref(c)))})
      values (${sql.join(columns.map((c) => record.row[c]))})`.execute(tx);
  } catch (e) {
    if (isUnique(e)) throw record.duplicate();
    throw e;
  }
}

/** Thrown inside a unit's game update to roll it back when the row had moved on (nothing changed, nothing recorded). */
const UNCHANGED = Symbol('unchanged');

/**
 * A game's update as its own transaction (PostgreSQL), instead of in a group commit: with a unit's record, or with
 * its log rows when it changes columns the batch does not; its events noted, and the record and log rows written,
 * only if the row changed.
 */
async function updateInUnit(
  transaction: Database['transaction'],
  id: number,
  version: number,
  set: Updateable<GamesTable>,
  events: readonly ChangeEvent[],
  log: LogChange | undefined,
): Promise<boolean> {
  try {
    return await transaction(async (tx, notify) => {
      const r = await tx
        .updateTable('games')
        .set(set)
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) throw UNCHANGED;
      if (log) await writeLogIn(tx, id, log);
      for (const e of events) notify(e);
      return true;
    });
  } catch (e) {
    if (e === UNCHANGED) return false;
    throw e;
  }
}

export interface DatabaseSpec {
  /** An SQLite file, created with its folder if missing. */
  readonly file?: string;
  /** `postgres://user:password@host:port/database`. */
  readonly url?: string;
  /**
   * The change bus (the database then owns it): by default an in-process one for SQLite and a LISTEN/NOTIFY one on
   * the same database for PostgreSQL, which must be a `PostgresBus` (its notifications go in the commits).
   */
  readonly bus?: ChangeBus;
}

export async function openDatabase(spec: DatabaseSpec): Promise<Database> {
  if (spec.url) return openPostgres(spec.url, spec.bus);
  if (!spec.file) throw new Error('a database needs a file or a url');
  return openSqlite(spec.file, spec.bus ?? new InProcessBus());
}

/**
 * The database for Kysely with each SQL text prepared once: Kysely prepares every statement it runs, and the same
 * few statements (a move's update above all) run thousands of times a second.
 */
function preparedOnce(raw: SqliteDatabase.Database): SqliteDatabaseLike {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => raw.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      if (!statement) {
        // Queries built with varying shapes (lists of ids) would grow the map without end: keep the last thousand.
        if (statements.size >= 1000) statements.clear();
        statement = raw.prepare(text);
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

/** A move's update waiting for the next group commit. */
interface PendingUpdate {
  readonly id: number;
  readonly version: number;
  readonly set: Updateable<GamesTable>;
  readonly events: readonly ChangeEvent[];
  /** The game's log rows it changes, written only if the row changed. */
  readonly log?: LogChange;
  readonly resolve: (changed: boolean) => void;
  readonly reject: (e: unknown) => void;
  /** The record of the unit of work this update is the first write of (SQLite: written with it, in the batch). */
  readonly record?: UnitRecord;
}

async function openSqlite(file: string, bus: ChangeBus): Promise<Database> {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const raw = new SqliteDatabase(file);
  // WAL: readers never wait for the writer. synchronous=NORMAL in WAL mode loses nothing when the process is killed
  // (the log is in the operating system's hands once written), only on a power cut.
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  raw.pragma('foreign_keys = ON');
  raw.pragma('busy_timeout = 10000');
  const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: preparedOnce(raw) }) });
  await migrate(db as Kysely<unknown>, 'sqlite');
  // Group commit: the moves that arrive while one batch is written go together in the next transaction. One commit
  // for many moves is most of the cost saved, and each move is still its own compare-and-set.
  const pending: PendingUpdate[] = [];
  let flushing = false;
  // The batch's statements straight on better-sqlite3, one synchronous transaction, under Kysely's connection lock
  // (so no other query runs in between): a move's update is the hottest statement, and building it with the query
  // builder each time cost more than running it.
  const updates = new Map<string, SqliteDatabase.Statement>();
  const updateOf = (columns: readonly string[]): SqliteDatabase.Statement => {
    const key = columns.join(',');
    let statement = updates.get(key);
    if (!statement) {
      for (const c of columns) if (!/^[a-z_]+$/.test(c)) throw new Error(`not a column name: ${c}`);
      const assignments = columns.map((c) => `"${c}" = ?`).join(', ');
      statement = raw.prepare(`update "games" set ${assignments} where "id" = ? and "version" = ?`);
      updates.set(key, statement);
    }
    return statement;
  };
  const inserts = new Map<string, SqliteDatabase.Statement>();
  const insertOf = (record: UnitRecord): SqliteDatabase.Statement => {
    const columns = Object.keys(record.row).map(checkIdentifier);
    const key = `${record.table}(${columns.join(',')})`;
    let statement = inserts.get(key);
    if (!statement) {
      const names = columns.map((c) => `"${c}"`).join(', ');
      statement = raw.prepare(
        `insert into "${checkIdentifier(record.table)}" (${names}) values (${columns.map(() => '?').join(', ')})`,
      );
      inserts.set(key, statement);
    }
    return statement;
  };
  // A game's log rows (./game-log.ts): the ones past the new end deleted, the new ones written over their index.
  const cutLog = raw.prepare('delete from "game_moves" where "game_id" = ? and "seq" >= ?');
  const putLog = raw.prepare(
    'insert into "game_moves" ("game_id", "seq", "text") values (?, ?, ?) on conflict ("game_id", "seq") do update set "text" = excluded."text"',
  );
  const writeLog = (id: number, log: LogChange): void => {
    if (log.cut) cutLog.run(id, log.from + log.texts.length);
    log.texts.forEach((text, i) => putLog.run(id, log.from + i, text));
  };
  const update = (w: PendingUpdate): boolean => {
    // As Kysely does, a field left undefined is a column left as it is.
    const set = w.set as Record<string, unknown>;
    const columns = Object.keys(set).filter((c) => set[c] !== undefined);
    const values = columns.map((c) => set[c]);
    const changed = updateOf(columns).run(...values, w.id, w.version).changes === 1;
    // In the batch's transaction: the log rows commit with the head, or neither does.
    if (changed && w.log) writeLog(w.id, w.log);
    return changed;
  };
  // Inside the batch's transaction, a savepoint: an update whose record is there already is undone alone.
  const updateWithRecord = raw.transaction((w: PendingUpdate, record: UnitRecord): boolean => {
    const changed = update(w);
    if (changed) insertOf(record).run(...Object.values(record.row));
    return changed;
  });
  const writeBatch = raw.transaction((batch: readonly PendingUpdate[]): (boolean | Error)[] =>
    batch.map((w) => {
      if (!w.record) return update(w);
      try {
        return updateWithRecord(w, w.record);
      } catch (e) {
        if (isUnique(e)) return w.record.duplicate();
        throw e;
      }
    }),
  );
  const flush = async (): Promise<void> => {
    const batch = pending.splice(0);
    let changed: (boolean | Error)[] = [];
    try {
      // better-sqlite3 runs every statement synchronously, so between two of them the connection is busy only if a
      // transaction is open (one awaiting its next query): then the batch waits for Kysely's connection lock, and
      // otherwise it runs at once (taking the lock costs more than the batch's statements).
      if (raw.inTransaction) {
        await db.connection().execute(async () => {
          changed = writeBatch(batch);
        });
      } else {
        changed = writeBatch(batch);
      }
    } catch (e) {
      for (const w of batch) w.reject(e);
      return;
    } finally {
      // What arrived while this batch was written goes next; the flag stays set until the queue is empty.
      if (pending.length > 0) setImmediate(() => void flush());
      else flushing = false;
    }
    bus.publish(batch.flatMap((w, i) => (changed[i] === true ? w.events : [])));
    batch.forEach((w, i) => {
      const result = changed[i];
      if (result instanceof Error) w.reject(result);
      else w.resolve(result === true);
    });
  };
  const transaction: Database['transaction'] = (work) =>
    withUnit(async (record) => {
      const events: ChangeEvent[] = [];
      const result = await db.transaction().execute(async (tx) => {
        const r = await work(tx, (e) => events.push(e));
        if (record) await insertRecord(tx, record);
        return r;
      });
      // Heard after the caller has taken in what it committed.
      bus.publish(events);
      return result;
    });
  return {
    db,
    dialect: 'sqlite',
    where: file,
    transaction,
    unitOfWork: runUnit,
    updateGame(id, version, set, events, log) {
      return withUnit(
        (record) =>
          new Promise<boolean>((resolve, reject) => {
            pending.push({
              id,
              version,
              set,
              events,
              resolve,
              reject,
              ...(record ? { record } : {}),
              ...(log ? { log } : {}),
            });
            if (!flushing) {
              flushing = true;
              setImmediate(() => void flush());
            }
          }),
        (changed) => changed,
      );
    },
    bus,
    onChange: (listener) => bus.subscribe(listener),
    async close() {
      await bus.close();
      await db.destroy();
    },
  };
}

/** The columns a move changes, with their PostgreSQL types: updates of only these go in batches. */
const BATCHED_COLUMNS: Readonly<Record<string, string>> = {
  version: 'int4',
  head: 'text',
  meta: 'text',
  status: 'text',
  result: 'text',
  deadline_at: 'int8',
  updated_at: 'int8',
  plies: 'int4',
  last_move: 'text',
  to_act: 'text',
};
const PG_BATCH = 500;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/**
 * A string PostgreSQL takes from JSON: a lone surrogate (which JSON.stringify writes as `\udXXX`, and PostgreSQL's
 * JSON refuses) becomes U+FFFD, as it does when the pg client encodes a text parameter to UTF-8.
 */
function wellFormed(v: unknown): unknown {
  return typeof v === 'string' && LONE_SURROGATE.test(v) ? v.replace(LONE_SURROGATES, '\ufffd') : v;
}

/**
 * One statement for a batch of games' updates: the rows as arrays (`unnest`), updated where the version still
 * matches, each changed row's events notified as one list. Returns the batch's positions that changed; of two
 * updates of one game in a batch, one changes (the other's version no longer matches, as if it came second).
 */
async function updateBatch(pool: pg.Pool, batch: readonly PendingUpdate[], bus: PostgresBus): Promise<Set<number>> {
  const columns = Object.keys(BATCHED_COLUMNS);
  const arrays = [
    batch.map((_, i) => i),
    batch.map((w) => w.id),
    batch.map((w) => w.version),
    ...columns.map((c) => batch.map((w) => (w.set as Record<string, unknown>)[c] ?? null)),
    batch.map((w) => bus.payload(w.events)),
    // Where a row's log is cut (its entries from there on deleted), or null.
    batch.map((w) => (w.log?.cut ? w.log.from + w.log.texts.length : null)),
  ];
  // A column a row leaves undefined keeps its value: each row says which columns it sets.
  const given = batch.map((w) =>
    columns.map((c) => ((w.set as Record<string, unknown>)[c] === undefined ? '0' : '1')).join(''),
  );
  const assignments = columns
    .map((c, i) => `"${c}" = case when substr(v.given, ${i + 1}, 1) = '1' then v."${c}" else g."${c}" end`)
    .join(', ');
  const types = ['int4', 'int4', 'int4', ...columns.map((c) => BATCHED_COLUMNS[c] as string), 'text', 'int4', 'text'];
  const names = ['ord', 'id', 'expected', ...columns.map((c) => `"${c}"`), 'events', 'cut', 'given'];
  // The batch's log entries, each with its row's place in the batch: written for the rows that changed only.
  const entries = batch.flatMap((w, ord) => {
    const log = w.log;
    return log ? log.texts.map((text, i) => ({ ord, seq: log.from + i, text })) : [];
  });
  const logArrays = [entries.map((e) => e.ord), entries.map((e) => e.seq), entries.map((e) => e.text)];
  const logTypes = ['int4', 'int4', 'text'];
  // Text columns (the heads, the events, the log entries) go as one JSON array each: the pg client writes an array
  // literal by escaping every element with regular expressions in JavaScript, 4 to 5 times the time of
  // JSON.stringify, on the event loop the moves wait for (bench/RESULTS.md); PostgreSQL takes the elements back in
  // order.
  const param = (t: string, i: number): string =>
    t === 'text'
      ? `array(select e from json_array_elements_text($${i + 1}::json) with ordinality as j(e, o) order by o)`
      : `$${i + 1}::${t}[]`;
  const allTypes = [...types, ...logTypes];
  const values = [...arrays, given, ...logArrays].map((a, i) =>
    allTypes[i] === 'text' ? JSON.stringify(a.map(wellFormed)) : a,
  );
  const logParams = logTypes.map((t, i) => param(t, types.length + i)).join(', ');
  // The log rows in the same statement as the heads they go with (./game-log.ts): the rows past a cut log's end
  // deleted, the new ones upserted (the two never meet), only for the games whose compare-and-set changed them.
  const text = `with v as (select * from unnest(${types.map(param).join(', ')})
      as v(${names.join(', ')})),
    changed as (update games g set ${assignments} from v where g.id = v.id and g.version = v.expected
      returning v.ord, v.id, v.events, v.cut),
    cut_rows as (delete from game_moves m using changed c
      where c.cut is not null and m.game_id = c.id and m.seq >= c.cut),
    entries as (select * from unnest(${logParams}) as e(ord, seq, text)),
    added as (insert into game_moves (game_id, seq, text) select c.id, e.seq, e.text from entries e
      join changed c on c.ord = e.ord
      on conflict (game_id, seq) do update set text = excluded.text)
    select ord, ${bus.notifyColumn('events')} from changed`;
  const result = await pool.query<{ ord: number }>({ name: 'tactica_batch_update', text, values });
  return new Set(result.rows.map((r) => r.ord));
}

async function openPostgres(url: string, given: ChangeBus | undefined): Promise<Database> {
  if (given !== undefined && !(given instanceof PostgresBus)) {
    throw new Error('a PostgreSQL database publishes on a PostgresBus (its notifications go in the commits)');
  }
  // int8 columns hold milliseconds since the epoch: numbers, well inside the safe integer range.
  pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
  await migrate(db as Kysely<unknown>, 'postgres');
  const bus = given ?? (await PostgresBus.open(url));
  /** A game's update and its notifications in one statement: notified only if the row changed, and at commit. */
  const updateOne = async (
    id: number,
    version: number,
    set: Updateable<GamesTable>,
    events: readonly ChangeEvent[],
  ): Promise<boolean> => {
    const notices = events.map((e) => bus.notify(bus.payload(e)));
    const rows = await db
      .with('changed', (q) =>
        q.updateTable('games').set(set).where('id', '=', id).where('version', '=', version).returning('id'),
      )
      .selectFrom('changed')
      .select(['changed.id', ...notices.map((n, i) => n.as(`n${i}`))])
      .execute();
    if (rows.length !== 1) return false;
    bus.publish(events);
    return true;
  };
  // Group commit, as on SQLite: the moves that arrive while one batch is written go together in the next statement,
  // one named prepared statement whatever the batch's size (the rows come as arrays), each row still its own
  // compare-and-set. One round trip and one commit for many moves is most of a move's cost saved, on both sides.
  const pending: PendingUpdate[] = [];
  let flushing = false;
  const flush = async (): Promise<void> => {
    const batch = pending.splice(0, PG_BATCH);
    try {
      const changed = await updateBatch(pool, batch, bus);
      bus.publish(batch.flatMap((w, i) => (changed.has(i) ? w.events : [])));
      batch.forEach((w, i) => w.resolve(changed.has(i)));
    } catch (e) {
      for (const w of batch) w.reject(e);
    } finally {
      if (pending.length > 0) setImmediate(() => void flush());
      else flushing = false;
    }
  };
  const parsed = new URL(url);
  const transaction: Database['transaction'] = (work) =>
    withUnit(async (record) => {
      const events: ChangeEvent[] = [];
      const result = await db.transaction().execute(async (tx) => {
        const r = await work(tx, (e) => events.push(e));
        if (record) await insertRecord(tx, record);
        // One statement for all: a game made from a challenge notes three events, each a round trip on its own.
        await bus.notifyStatement(events)?.execute(tx);
        return r;
      });
      bus.publish(events);
      return result;
    });
  return {
    db,
    dialect: 'postgres',
    where: `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`,
    transaction,
    unitOfWork: runUnit,
    updateGame(id, version, set, events, log) {
      if (unitWaiting()) return updateInUnit(transaction, id, version, set, events, log);
      const columns = Object.keys(set).filter((c) => (set as Record<string, unknown>)[c] !== undefined);
      if (!columns.every((c) => c in BATCHED_COLUMNS)) {
        // Another column changed (none of the service's writes): a statement of its own, or with log rows a
        // transaction.
        return log ? updateInUnit(transaction, id, version, set, events, log) : updateOne(id, version, set, events);
      }
      return new Promise<boolean>((resolve, reject) => {
        pending.push({ id, version, set, events, resolve, reject, ...(log ? { log } : {}) });
        if (!flushing) {
          flushing = true;
          setImmediate(() => void flush());
        }
      });
    },
    bus,
    onChange: (l) => bus.subscribe(l),
    async close() {
      await bus.close();
      await db.destroy();
    },
  };
}
