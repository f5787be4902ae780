/**
 * Stored games on SQLite or PostgreSQL: the `games` rows, their log rows (`game_moves`, ../db/game-log.ts) and
 * `chat`. Outside a transaction a game's change goes through the database's group commit (`Database.updateGame`),
 * the hot path of every move; inside one it is a statement of the transaction.
 */
import type { Selectable, Transaction, Updateable } from 'kysely';
import type { ChangeEvent } from '../bus/change-bus.js';
import type { Database, Dialect } from '../db/database.js';
import { logColumns, logEntries, writeLogIn } from '../db/game-log.js';
import type { GamesTable, Schema } from '../db/schema.js';
import type { Executor } from '../storage/kysely-storage.js';
import type { Notify } from '../storage/ports.js';
import type {
  GameChange,
  GameQuery,
  GameRecord,
  GameRepository,
  GameStatus,
  ListedGame,
  NewGameRecord,
  StoredChatLine,
  StoredGame,
} from './game-repository.js';

/** Where a change goes: the database's group commit, or the open transaction (whose events `notify` notes). */
export type GameWrites = { readonly database: Database } | { readonly notify: Notify };

function statusOf(s: string): GameStatus {
  return s === 'finished' ? 'finished' : 'active';
}

function recordOf(row: Selectable<GamesTable>): GameRecord {
  return {
    id: row.id,
    family: row.family,
    variantId: row.variant_id,
    options: row.options,
    rated: row.rated === 1,
    status: statusOf(row.status),
    users: [row.seat0_user, row.seat1_user],
    levels: [row.seat0_level, row.seat1_level],
    version: row.version,
    head: row.head,
    control: row.control,
    deadlineAt: row.deadline_at,
    meta: row.meta,
    result: row.result,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    plies: row.plies,
    lastMove: row.last_move,
    toAct: row.to_act,
  };
}

/** A change as the row's columns. */
function columnsOf(c: GameChange): Updateable<GamesTable> {
  return {
    version: c.version,
    head: c.head,
    meta: c.meta,
    status: c.status,
    result: c.result,
    deadline_at: c.deadlineAt,
    updated_at: c.updatedAt,
    plies: c.plies,
    last_move: c.lastMove,
    to_act: c.toAct,
  };
}

const LISTED = [
  'games.id',
  'games.family',
  'games.variant_id',
  'games.status',
  'games.result',
  'games.seat0_user',
  'games.seat1_user',
  'games.seat0_level',
  'games.seat1_level',
  'games.plies',
  'games.last_move',
  'games.to_act',
  'games.created_at',
  'games.updated_at',
  'u0.name as seat0_name',
  'u1.name as seat1_name',
] as const;

export class KyselyGames implements GameRepository {
  constructor(
    private readonly db: Executor,
    private readonly dialect: Dialect,
    private readonly writes: GameWrites,
  ) {}

  async insert(game: NewGameRecord): Promise<number> {
    // The row and its log together or not at all.
    if (!this.db.isTransaction) {
      return this.db.transaction().execute((tx) => new KyselyGames(tx, this.dialect, this.writes).insert(game));
    }
    const row = await this.db
      .insertInto('games')
      .values({
        family: game.family,
        variant_id: game.variantId,
        options: game.options,
        rated: game.rated ? 1 : 0,
        status: game.status,
        seat0_user: game.users[0],
        seat1_user: game.users[1],
        seat0_level: game.levels[0],
        seat1_level: game.levels[1],
        version: game.version,
        head: game.head,
        control: game.control,
        deadline_at: game.deadlineAt,
        meta: game.meta,
        result: game.result,
        created_at: game.createdAt,
        updated_at: game.updatedAt,
        plies: game.plies,
        last_move: game.lastMove,
        to_act: game.toAct,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (game.log.length > 0) await writeLogIn(this.tx(), row.id, { from: 0, texts: game.log, cut: false });
    return row.id;
  }

  /** The open transaction this adapter runs in (its log writes are several statements). */
  private tx(): Transaction<Schema> {
    if (!this.db.isTransaction) throw new Error('log rows are written in a transaction');
    return this.db as Transaction<Schema>;
  }

  async read(id: number): Promise<StoredGame | undefined> {
    const log = logColumns(this.dialect);
    const row = await this.db
      .selectFrom('games')
      .leftJoin('users as u0', 'u0.id', 'games.seat0_user')
      .leftJoin('users as u1', 'u1.id', 'games.seat1_user')
      .selectAll('games')
      .select(['u0.name as seat0_name', 'u1.name as seat1_name', log.texts.as('log_texts'), log.last.as('log_last')])
      .where('games.id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      ...recordOf(row),
      names: [row.seat0_name, row.seat1_name],
      log: logEntries(row.log_texts, row.log_last),
    };
  }

  async versionOf(id: number): Promise<number | undefined> {
    const row = await this.db.selectFrom('games').select('version').where('id', '=', id).executeTakeFirst();
    return row?.version;
  }

  async resultsOf(ids: readonly number[]): Promise<Map<number, string>> {
    const out = new Map<number, string>();
    // In slices: SQLite takes at most 32,766 parameters a statement.
    for (let i = 0; i < ids.length; i += 500) {
      const rows = await this.db
        .selectFrom('games')
        .select(['id', 'result'])
        .where('id', 'in', ids.slice(i, i + 500))
        .where('status', '=', 'finished')
        .execute();
      for (const r of rows) if (r.result !== null) out.set(r.id, r.result);
    }
    return out;
  }

  async update(
    id: number,
    expectedVersion: number,
    change: GameChange,
    events: readonly ChangeEvent[],
  ): Promise<boolean> {
    const set = columnsOf(change);
    if ('database' in this.writes) return this.writes.database.updateGame(id, expectedVersion, set, events, change.log);
    const r = await this.db
      .updateTable('games')
      .set(set)
      .where('id', '=', id)
      .where('version', '=', expectedVersion)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) return false;
    if (change.log) await writeLogIn(this.tx(), id, change.log);
    for (const e of events) this.writes.notify(e);
    return true;
  }

  async setDeadline(id: number, version: number, deadlineAt: number | null): Promise<void> {
    await this.db
      .updateTable('games')
      .set({ deadline_at: deadlineAt })
      .where('id', '=', id)
      .where('version', '=', version)
      .execute();
  }

  async list(query: GameQuery): Promise<ListedGame[]> {
    let q = this.db
      .selectFrom('games')
      .leftJoin('users as u0', 'u0.id', 'games.seat0_user')
      .leftJoin('users as u1', 'u1.id', 'games.seat1_user')
      .select(LISTED);
    if (query.family !== undefined) q = q.where('games.family', '=', query.family);
    if (query.status !== undefined) q = q.where('games.status', '=', query.status);
    for (const id of query.players ?? []) {
      q = q.where((eb) => eb.or([eb('games.seat0_user', '=', id), eb('games.seat1_user', '=', id)]));
    }
    q = query.order === 'newest' ? q : q.orderBy('games.updated_at', 'desc');
    q = q.orderBy('games.id', 'desc');
    const rows = await q.limit(Math.max(0, query.limit)).execute();
    return rows.map((r) => ({
      id: r.id,
      family: r.family,
      variantId: r.variant_id,
      status: statusOf(r.status),
      result: r.result,
      users: [r.seat0_user, r.seat1_user],
      names: [r.seat0_name, r.seat1_name],
      levels: [r.seat0_level, r.seat1_level],
      plies: r.plies,
      lastMove: r.last_move,
      toAct: r.to_act,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    }));
  }

  async activeIdsOf(userId: string, after: number, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('games')
      .select('id')
      .where('status', '=', 'active')
      .where((eb) => eb.or([eb('seat0_user', '=', userId), eb('seat1_user', '=', userId)]))
      .where('id', '>', after)
      .orderBy('id')
      .limit(Math.max(0, limit))
      .execute();
    return rows.map((r) => r.id);
  }

  async takeDue(now: number, limit: number): Promise<number[]> {
    let query = this.db
      .selectFrom('games')
      .select('id')
      .where('status', '=', 'active')
      .where('deadline_at', '<=', now)
      .orderBy('deadline_at')
      .orderBy('id')
      .limit(limit);
    // PostgreSQL: the rows held to the transaction's end, those another instance holds passed over. SQLite has one
    // writer at a time: the transaction holds them all.
    if (this.dialect === 'postgres' && this.db.isTransaction) query = query.forUpdate().skipLocked();
    return (await query.execute()).map((r) => r.id);
  }

  async withComputerIdleSince(before: number, after: number, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('games')
      .select('id')
      .where('status', '=', 'active')
      .where((eb) => eb.or([eb('seat0_level', 'is not', null), eb('seat1_level', 'is not', null)]))
      .where('updated_at', '<=', before)
      .where('id', '>', after)
      .orderBy('id')
      .limit(Math.max(0, limit))
      .execute();
    return rows.map((r) => r.id);
  }

  async computerGamesOf(userId: string, since: number): Promise<{ active: number; startedSince: number }> {
    // PostgreSQL: the user's row locked first, so that two transactions counting for one user take turns (as a
    // challenge's count does); SQLite runs one transaction at a time.
    if (this.dialect === 'postgres' && this.db.isTransaction) {
      await this.db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    }
    const against = this.db
      .selectFrom('games')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) =>
        eb.or([
          eb.and([eb('seat0_user', '=', userId), eb('seat1_level', 'is not', null)]),
          eb.and([eb('seat1_user', '=', userId), eb('seat0_level', 'is not', null)]),
        ]),
      );
    const active = await against.where('status', '=', 'active').executeTakeFirst();
    const recent = await against.where('created_at', '>', since).executeTakeFirst();
    return { active: Number(active?.n ?? 0), startedSince: Number(recent?.n ?? 0) };
  }

  async gamesAgainstPeopleOf(userId: string): Promise<number> {
    // PostgreSQL: the user's row locked first, so that two transactions counting for one user take turns (as the
    // computer's count does); SQLite runs one transaction at a time.
    if (this.dialect === 'postgres' && this.db.isTransaction) {
      await this.db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    }
    const row = await this.db
      .selectFrom('games')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'active')
      .where((eb) =>
        eb.or([
          eb.and([eb('seat0_user', '=', userId), eb('seat1_user', 'is not', null), eb('seat1_user', '!=', userId)]),
          eb.and([eb('seat1_user', '=', userId), eb('seat0_user', 'is not', null), eb('seat0_user', '!=', userId)]),
        ]),
      )
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async addChat(line: Omit<StoredChatLine, 'id' | 'name'>): Promise<number | undefined> {
    const exists = await this.db.selectFrom('games').select('id').where('id', '=', line.gameId).executeTakeFirst();
    if (!exists) return undefined;
    const row = await this.db
      .insertInto('chat')
      .values({ game_id: line.gameId, user_id: line.userId, text: line.text, created_at: line.at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async chatOf(gameId: number, limit: number): Promise<StoredChatLine[]> {
    const rows = await this.db
      .selectFrom('chat')
      .leftJoin('users', 'users.id', 'chat.user_id')
      .select(['chat.id', 'chat.user_id', 'chat.text', 'chat.created_at', 'users.name'])
      .where('chat.game_id', '=', gameId)
      .orderBy('chat.id', 'desc')
      .limit(Math.max(0, limit))
      .execute();
    return rows
      .reverse()
      .map((r) => ({ id: r.id, gameId, userId: r.user_id, name: r.name, text: r.text, at: r.created_at }));
  }
}
