/** The accounts on SQLite or PostgreSQL (the `users`, `tokens` and `vacations` tables). */
import type { Executor } from '../storage/kysely-storage.js';
import {
  nameKey,
  type AccountRepository,
  type NewUser,
  type StoredToken,
  type StoredUser,
  type UserWithPassword,
  type VacationSpan,
  type VacationState,
} from './account-repository.js';

export class KyselyAccounts implements AccountRepository {
  constructor(private readonly db: Executor) {}

  async addUser(user: NewUser): Promise<'added' | 'taken'> {
    // The unique name key decides, not a read before the write: two sign-ups of one name at once cannot both pass,
    // and the loser is told so without an error that would abort the transaction it runs in (PostgreSQL).
    const row = await this.db
      .insertInto('users')
      .values({
        id: user.id,
        name: user.name,
        name_key: nameKey(user.name),
        password_hash: user.passwordHash,
        created_at: user.createdAt,
        vacation_until: null,
      })
      .onConflict((oc) => oc.column('name_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row ? 'added' : 'taken';
  }

  async userById(id: string): Promise<StoredUser | undefined> {
    return this.db.selectFrom('users').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
  }

  async userByName(name: string): Promise<UserWithPassword | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select(['id', 'name', 'password_hash'])
      .where('name_key', '=', nameKey(name))
      .executeTakeFirst();
    return row && { id: row.id, name: row.name, passwordHash: row.password_hash };
  }

  async namesOf(ids: readonly string[]): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    if (ids.length === 0) return names;
    const rows = await this.db
      .selectFrom('users')
      .select(['id', 'name'])
      .where('id', 'in', [...ids])
      .execute();
    for (const r of rows) names.set(r.id, r.name);
    return names;
  }

  async setPasswordHash(userId: string, passwordHash: string): Promise<void> {
    await this.db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
  }

  async addToken(t: StoredToken): Promise<void> {
    await this.db
      .insertInto('tokens')
      .values({
        token_hash: t.hash,
        user_id: t.userId,
        kind: t.kind,
        created_at: t.createdAt,
        expires_at: t.expiresAt,
      })
      .execute();
  }

  async liveToken(hash: string, now: number): Promise<{ user: StoredUser; expiresAt: number } | undefined> {
    const row = await this.db
      .selectFrom('tokens')
      .innerJoin('users', 'users.id', 'tokens.user_id')
      .select(['users.id', 'users.name', 'tokens.expires_at'])
      .where('tokens.token_hash', '=', hash)
      .where('tokens.expires_at', '>', now)
      .executeTakeFirst();
    return row && { user: { id: row.id, name: row.name }, expiresAt: row.expires_at };
  }

  async deleteToken(hash: string): Promise<string | undefined> {
    const row = await this.db
      .deleteFrom('tokens')
      .where('token_hash', '=', hash)
      .returning('user_id')
      .executeTakeFirst();
    return row?.user_id;
  }

  async deleteTokensOf(userId: string, keepHash?: string): Promise<void> {
    let q = this.db.deleteFrom('tokens').where('user_id', '=', userId);
    if (keepHash !== undefined) q = q.where('token_hash', '!=', keepHash);
    await q.execute();
  }

  async vacationOf(userId: string): Promise<VacationState> {
    const row = await this.db
      .selectFrom('users')
      .select(['vacation_since', 'vacation_until'])
      .where('id', '=', userId)
      .executeTakeFirst();
    return { since: row?.vacation_since ?? null, until: row?.vacation_until ?? null };
  }

  async vacationsOf(userIds: readonly string[]): Promise<Map<string, VacationState>> {
    const out = new Map<string, VacationState>();
    if (userIds.length === 0) return out;
    const rows = await this.db
      .selectFrom('users')
      .select(['id', 'vacation_since', 'vacation_until'])
      .where('id', 'in', [...userIds])
      .execute();
    for (const r of rows) out.set(r.id, { since: r.vacation_since, until: r.vacation_until });
    return out;
  }

  async setVacation(userId: string, state: VacationState): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ vacation_since: state.since, vacation_until: state.until })
      .where('id', '=', userId)
      .execute();
  }

  async addVacationSpan(userId: string, span: VacationSpan): Promise<void> {
    await this.db
      .insertInto('vacations')
      .values({ user_id: userId, started_at: span.startedAt, ended_at: span.endedAt })
      .execute();
  }

  async vacationSpansEndedAfter(userId: string, from: number, limit: number): Promise<VacationSpan[]> {
    const rows = await this.db
      .selectFrom('vacations')
      .select(['started_at', 'ended_at'])
      .where('user_id', '=', userId)
      .where('ended_at', '>', from)
      .orderBy('started_at')
      .limit(Math.max(0, limit))
      .execute();
    return rows.map((r) => ({ startedAt: r.started_at, endedAt: r.ended_at }));
  }

  async dropVacationSpansEndedBy(userId: string, until: number): Promise<void> {
    await this.db.deleteFrom('vacations').where('user_id', '=', userId).where('ended_at', '<=', until).execute();
  }
}
