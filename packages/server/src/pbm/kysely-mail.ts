/**
 * The gateway's state on SQLite or PostgreSQL (the `pbm_*` tables, migrations 003 and 005), and the Kysely side of
 * its other needs: a mail's unit of work (`Database.unitOfWork`) and the games' reads the gateway makes until the
 * games' repository has them. Every statement here is the same on both databases.
 */
import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import type { Executor } from '../storage/kysely-storage.js';
import {
  AddressTakenError,
  NOTIFY_MODES,
  type BoardToken,
  type MailRepository,
  type MailSettings,
  type MessageUnits,
  type NotifyMode,
  type PendingMove,
  type Premove,
  type StoredClaim,
} from './mail-repository.js';

function isUnique(e: unknown): boolean {
  return /unique|duplicate/i.test(String((e as Error).message));
}

function settingsOf(row: {
  notify: string;
  game_limit: number | null;
  broadcast: number;
  turn_mail: number;
}): MailSettings {
  const notify = (NOTIFY_MODES as readonly string[]).includes(row.notify) ? (row.notify as NotifyMode) : 'all';
  return {
    notify,
    limit: row.game_limit,
    ...(Number(row.broadcast) === 1 ? { broadcast: true as const } : {}),
    ...(Number(row.turn_mail) === 1 ? { turnMail: true as const } : {}),
  };
}

export class KyselyMail implements MailRepository {
  constructor(private readonly db: Executor) {}

  async addressesOf(userId: string): Promise<string[]> {
    return (await this.addressesOfAll([userId])).get(userId) ?? [];
  }

  async addressesOfAll(userIds: readonly string[]): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>();
    if (userIds.length === 0) return out;
    const rows = await this.db
      .selectFrom('pbm_addresses')
      .select(['user_id', 'address'])
      .where('user_id', 'in', [...new Set(userIds)])
      .orderBy('created_at')
      .orderBy('address')
      .execute();
    for (const r of rows) out.set(r.user_id, [...(out.get(r.user_id) ?? []), r.address]);
    return out;
  }

  async ownerOf(address: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('pbm_addresses')
      .select('user_id')
      .where('address', '=', address)
      .executeTakeFirst();
    return row?.user_id;
  }

  async takenFrom(userId: string, addresses: readonly string[]): Promise<string | undefined> {
    if (addresses.length === 0) return undefined;
    const row = await this.db
      .selectFrom('pbm_addresses')
      .select('address')
      .where('address', 'in', [...addresses])
      .where('user_id', '!=', userId)
      .executeTakeFirst();
    return row?.address;
  }

  async replaceAddresses(userId: string, addresses: readonly string[], at: number): Promise<void> {
    await this.db.deleteFrom('pbm_addresses').where('user_id', '=', userId).execute();
    if (addresses.length === 0) return;
    await this.insertAddresses(
      // A millisecond apart, so they list in the order given.
      addresses.map((address, i) => ({ address, user_id: userId, created_at: at + i })),
    );
    await this.db
      .deleteFrom('pbm_address_claims')
      .where('address', 'in', [...addresses])
      .execute();
  }

  async keepAddresses(userId: string, keep: readonly string[]): Promise<void> {
    let q = this.db.deleteFrom('pbm_addresses').where('user_id', '=', userId);
    if (keep.length > 0) q = q.where('address', 'not in', [...keep]);
    await q.execute();
  }

  async appendAddress(userId: string, address: string, at: number): Promise<void> {
    const last = await this.db
      .selectFrom('pbm_addresses')
      .select((eb) => eb.fn.max('created_at').as('last'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    const after = last?.last == null ? at : Math.max(at, Number(last.last) + 1);
    await this.insertAddresses([{ address, user_id: userId, created_at: after }]);
  }

  private async insertAddresses(rows: { address: string; user_id: string; created_at: number }[]): Promise<void> {
    try {
      await this.db.insertInto('pbm_addresses').values(rows).execute();
    } catch (e) {
      // Another change gave one of them to someone else meanwhile (the transaction is lost: nothing is kept).
      if (isUnique(e)) throw new AddressTakenError(rows.length === 1 ? (rows[0]?.address ?? '') : 'an address');
      throw e;
    }
  }

  async addClaims(claims: readonly StoredClaim[]): Promise<void> {
    if (claims.length === 0) return;
    await this.db
      .insertInto('pbm_address_claims')
      .values(
        claims.map((c) => ({
          token_hash: c.tokenHash,
          address: c.address,
          user_id: c.userId,
          created_at: c.createdAt,
          expires_at: c.expiresAt,
        })),
      )
      .execute();
  }

  async claimByHash(tokenHash: string): Promise<StoredClaim | undefined> {
    const row = await this.db
      .selectFrom('pbm_address_claims')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    return (
      row && {
        tokenHash: row.token_hash,
        address: row.address,
        userId: row.user_id,
        createdAt: row.created_at,
        expiresAt: row.expires_at,
      }
    );
  }

  async claimsOn(addresses: readonly string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    if (addresses.length === 0) return out;
    const rows = await this.db
      .selectFrom('pbm_address_claims')
      .select(['address', (eb) => eb.fn.countAll<number>().as('n')])
      .where('address', 'in', [...addresses])
      .groupBy('address')
      .execute();
    for (const r of rows) out.set(r.address, Number(r.n));
    return out;
  }

  async claimedBy(userId: string, now: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('pbm_address_claims')
      .select('address')
      .where('user_id', '=', userId)
      .where('expires_at', '>', now)
      .orderBy('address')
      .execute();
    return rows.map((r) => r.address);
  }

  async dropClaimsOf(userId: string): Promise<void> {
    await this.db.deleteFrom('pbm_address_claims').where('user_id', '=', userId).execute();
  }

  async dropClaimsOn(address: string): Promise<void> {
    await this.db.deleteFrom('pbm_address_claims').where('address', '=', address).execute();
  }

  async dropLapsedClaims(now: number): Promise<void> {
    await this.db.deleteFrom('pbm_address_claims').where('expires_at', '<=', now).execute();
  }

  async mailInvolved(gameId: number, playerIds: readonly string[]): Promise<boolean> {
    const players = playerIds.length > 0 ? playerIds : [''];
    // One statement: games nobody plays by mail cost one question per instance, not three per move.
    const row = await sql<{ involved: number | boolean }>`select (
        exists (select 1 from pbm_addresses where user_id in (${sql.join(players)}))
        or exists (select 1 from pbm_subscriptions s join pbm_addresses a on a.user_id = s.user_id
                   where s.game_id = ${gameId})
        or exists (select 1 from pbm_queue where game_id = ${gameId})
      ) as involved`.execute(this.db);
    // SQLite answers 0 or 1, PostgreSQL a boolean.
    return Boolean(row.rows[0]?.involved);
  }

  async settingsOf(userIds: readonly string[]): Promise<Map<string, MailSettings>> {
    const out = new Map<string, MailSettings>();
    if (userIds.length === 0) return out;
    const rows = await this.db
      .selectFrom('pbm_settings')
      .selectAll()
      .where('user_id', 'in', [...new Set(userIds)])
      .execute();
    for (const r of rows) out.set(r.user_id, settingsOf(r));
    return out;
  }

  async putSettings(userId: string, settings: MailSettings): Promise<void> {
    const values = {
      notify: settings.notify,
      game_limit: settings.limit,
      broadcast: settings.broadcast ? 1 : 0,
      turn_mail: settings.turnMail ? 1 : 0,
    };
    await this.db
      .insertInto('pbm_settings')
      .values({ user_id: userId, ...values })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
      .execute();
  }

  async broadcastUsers(limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('pbm_settings')
      .select('user_id')
      .where('broadcast', '=', 1)
      .orderBy('user_id')
      .limit(limit)
      .execute();
    return rows.map((r) => r.user_id);
  }

  async subscribe(gameId: number, userId: string, at: number): Promise<boolean> {
    const r = await this.db
      .insertInto('pbm_subscriptions')
      .values({ game_id: gameId, user_id: userId, created_at: at })
      .onConflict((oc) => oc.columns(['game_id', 'user_id']).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async unsubscribe(gameId: number, userId: string): Promise<boolean> {
    const r = await this.db
      .deleteFrom('pbm_subscriptions')
      .where('game_id', '=', gameId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  async subscriptionCounts(gameId: number, userId: string): Promise<{ board: number; user: number }> {
    const count = (column: 'game_id' | 'user_id', value: number | string) =>
      this.db
        .selectFrom('pbm_subscriptions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(column, '=', value)
        .executeTakeFirst();
    const [board, user] = [await count('game_id', gameId), await count('user_id', userId)];
    return { board: Number(board?.n ?? 0), user: Number(user?.n ?? 0) };
  }

  async subscribersOf(gameId: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('pbm_subscriptions')
      .select('user_id')
      .where('game_id', '=', gameId)
      .execute();
    return rows.map((r) => r.user_id);
  }

  async tokenOf(gameId: number, userId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('pbm_tokens')
      .select('token')
      .where('game_id', '=', gameId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.token;
  }

  async addToken(gameId: number, userId: string, token: string, at: number): Promise<boolean> {
    const r = await this.db
      .insertInto('pbm_tokens')
      .values({ game_id: gameId, user_id: userId, token, created_at: at })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async tokenOwner(gameId: number, token: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('pbm_tokens')
      .select('user_id')
      .where('token', '=', token)
      .where('game_id', '=', gameId)
      .executeTakeFirst();
    return row?.user_id;
  }

  async replaceTokens(userId: string, tokens: readonly BoardToken[], at: number): Promise<void> {
    await this.db.deleteFrom('pbm_tokens').where('user_id', '=', userId).execute();
    if (tokens.length === 0) return;
    await this.db
      .insertInto('pbm_tokens')
      .values(tokens.map((t) => ({ game_id: t.gameId, user_id: userId, token: t.token, created_at: at })))
      .execute();
  }

  async queued(gameId: number, userId: string): Promise<Premove[]> {
    const rows = await this.db
      .selectFrom('pbm_queue')
      .select(['id', 'user_id', 'move'])
      .where('game_id', '=', gameId)
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ id: r.id, userId: r.user_id, move: r.move }));
  }

  async queuedOnBoard(gameId: number): Promise<Premove[]> {
    const rows = await this.db
      .selectFrom('pbm_queue')
      .select(['id', 'user_id', 'move'])
      .where('game_id', '=', gameId)
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ id: r.id, userId: r.user_id, move: r.move }));
  }

  async enqueue(gameId: number, userId: string, moves: readonly string[], at: number): Promise<void> {
    if (moves.length === 0) return;
    await this.db
      .insertInto('pbm_queue')
      .values(moves.map((move) => ({ game_id: gameId, user_id: userId, move, created_at: at })))
      .execute();
  }

  async clearQueue(gameId: number, userId: string): Promise<number> {
    const r = await this.db
      .deleteFrom('pbm_queue')
      .where('game_id', '=', gameId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  async dequeue(id: number): Promise<boolean> {
    const r = await this.db.deleteFrom('pbm_queue').where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows) === 1;
  }

  async setPending(gameId: number, userId: string, pending: PendingMove, at: number): Promise<void> {
    const values = { move: pending.move, version: pending.version, created_at: at };
    await this.db
      .insertInto('pbm_pending')
      .values({ game_id: gameId, user_id: userId, ...values })
      .onConflict((oc) => oc.columns(['game_id', 'user_id']).doUpdateSet(values))
      .execute();
  }

  async takePending(gameId: number, userId: string): Promise<PendingMove | undefined> {
    const row = await this.db
      .selectFrom('pbm_pending')
      .select(['move', 'version'])
      .where('game_id', '=', gameId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) return undefined;
    // Taken only by the delete that removes it: of two confirms at once, one plays it.
    const r = await this.db
      .deleteFrom('pbm_pending')
      .where('game_id', '=', gameId)
      .where('user_id', '=', userId)
      .where('version', '=', row.version)
      .where('move', '=', row.move)
      .executeTakeFirst();
    return Number(r.numDeletedRows) === 1 ? { move: row.move, version: row.version } : undefined;
  }

  async count(key: string, windowStart: number): Promise<number> {
    // One statement, so that counts made at once by several instances all count.
    const row = await this.db
      .insertInto('pbm_rate')
      .values({ sender: key, window_start: windowStart, count: 1 })
      .onConflict((oc) =>
        oc.columns(['sender', 'window_start']).doUpdateSet((eb) => ({ count: eb(eb.ref('pbm_rate.count'), '+', 1) })),
      )
      .returning('count')
      .executeTakeFirstOrThrow();
    return row.count;
  }

  async uncount(key: string, windowStart: number): Promise<void> {
    await this.db
      .updateTable('pbm_rate')
      .set((eb) => ({ count: eb('count', '-', 1) }))
      .where('sender', '=', key)
      .where('window_start', '=', windowStart)
      .where('count', '>', 0)
      .execute();
  }

  async dropWindowsBefore(windowStart: number): Promise<void> {
    await this.db.deleteFrom('pbm_rate').where('window_start', '<', windowStart).execute();
  }

  async seen(messageKey: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('pbm_seen')
      .select('message_key')
      .where('message_key', '=', messageKey)
      .executeTakeFirst();
    return row !== undefined;
  }

  async markSeen(messageKey: string, at: number): Promise<boolean> {
    const r = await this.db
      .insertInto('pbm_seen')
      .values({ message_key: messageKey, seen_at: at })
      .onConflict((oc) => oc.column('message_key').doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async forgetSeenBefore(at: number): Promise<void> {
    await this.db.deleteFrom('pbm_seen').where('seen_at', '<', at).execute();
  }
}

/**
 * A mail's unit of work on the server's database: its Message-ID's key goes into `pbm_seen` in the transaction of
 * the command's first change (`Database.unitOfWork`, which every write path of the database honours).
 */
export function kyselyMessageUnits(database: Database): MessageUnits {
  return (messageKey, at, duplicate, work) =>
    database.unitOfWork({ table: 'pbm_seen', row: { message_key: messageKey, seen_at: at }, duplicate }, work);
}
