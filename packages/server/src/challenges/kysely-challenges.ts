/** The challenges on SQLite or PostgreSQL (the `challenges` table). */
import { sql, type Selectable } from 'kysely';
import type { Dialect } from '../db/database.js';
import type { ChallengesTable } from '../db/schema.js';
import type { SeatChoice } from '../protocol/index.js';
import type { Executor } from '../storage/kysely-storage.js';
import { termsColumns, termsOf } from '../storage/terms-columns.js';
import type { ChallengeRepository, ChallengeStatus, NewChallenge, StoredChallenge } from './challenge-repository.js';

function challengeOf(row: Selectable<ChallengesTable>): StoredChallenge {
  return {
    id: row.id,
    challengerId: row.challenger_id,
    challengedId: row.challenged_id,
    ...termsOf(row),
    seat: row.seat as SeatChoice,
    status: row.status as ChallengeStatus,
    gameId: row.game_id,
    createdAt: row.created_at,
    engineHelp: row.engine_help === 1,
    pairing: row.pairing === 1,
    matchKey: row.match_key,
  };
}

export class KyselyChallenges implements ChallengeRepository {
  constructor(
    private readonly db: Executor,
    private readonly dialect: Dialect,
  ) {}

  async add(c: NewChallenge): Promise<number> {
    const row = await this.db
      .insertInto('challenges')
      .values({
        challenger_id: c.challengerId,
        challenged_id: c.challengedId,
        ...termsColumns(c),
        seat: c.seat,
        status: 'open',
        game_id: null,
        created_at: c.createdAt,
        engine_help: c.engineHelp ? 1 : 0,
        pairing: c.pairing ? 1 : 0,
        match_key: c.matchKey,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async get(id: number): Promise<StoredChallenge | undefined> {
    const row = await this.db.selectFrom('challenges').selectAll().where('id', '=', id).executeTakeFirst();
    return row && challengeOf(row);
  }

  async countOpenOf(userId: string): Promise<number> {
    // On PostgreSQL the user's row is locked first: the count, a statement of its own, then sees what the
    // transaction that held the lock committed. SQLite runs one transaction at a time.
    if (this.dialect === 'postgres') {
      await this.db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    }
    const open = await this.db
      .selectFrom('challenges')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('challenger_id', '=', userId)
      .where('status', '=', 'open')
      .executeTakeFirst();
    return Number(open?.n ?? 0);
  }

  async listOpen(userId: string | undefined, limit: number): Promise<StoredChallenge[]> {
    let q = this.db.selectFrom('challenges').selectAll().where('status', '=', 'open');
    q =
      userId !== undefined
        ? q.where((eb) =>
            eb.or([
              eb('challenged_id', 'is', null),
              eb('challenged_id', '=', userId),
              eb('challenger_id', '=', userId),
            ]),
          )
        : q.where('challenged_id', 'is', null);
    const rows = await q.orderBy('id', 'desc').limit(limit).execute();
    return rows.map(challengeOf);
  }

  async findSeeks(matchKey: string, userId: string, limit: number): Promise<StoredChallenge[]> {
    const rows = await this.db
      .selectFrom('challenges')
      .selectAll()
      .where('match_key', '=', matchKey)
      .where('status', '=', 'open')
      .where('challenged_id', 'is', null)
      .where('challenger_id', '<>', userId)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map(challengeOf);
  }

  async pairingsOf(userId: string): Promise<StoredChallenge[]> {
    const rows = await this.db
      .selectFrom('challenges')
      .selectAll()
      .where('challenger_id', '=', userId)
      .where('status', '=', 'open')
      .where('pairing', '=', 1)
      .orderBy('id')
      .execute();
    return rows.map(challengeOf);
  }

  async countPairings(): Promise<number> {
    const open = await this.db
      .selectFrom('challenges')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'open')
      .where('pairing', '=', 1)
      .executeTakeFirst();
    return Number(open?.n ?? 0);
  }

  async lockPairing(matchKey: string): Promise<void> {
    if (this.dialect !== 'postgres') return; // SQLite runs one transaction at a time.
    await sql`select pg_advisory_xact_lock(hashtext(${`pairing:${matchKey}`}))`.execute(this.db);
  }

  async claim(id: number, gameId: number): Promise<boolean> {
    const r = await this.db
      .updateTable('challenges')
      .set({ status: 'accepted', game_id: gameId })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async close(id: number, status: 'declined' | 'cancelled'): Promise<boolean> {
    const r = await this.db
      .updateTable('challenges')
      .set({ status })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }
}
