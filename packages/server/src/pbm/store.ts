/**
 * The e-mail gateway's own data (migration 003-pbm), beside the server's accounts and games: each user's addresses
 * and mail settings, subscriptions to boards, the secret tokens of per-board reply addresses, premoves waiting for
 * their turn, submitted moves waiting for their confirm, mail counts per sender, and the Message-IDs already
 * carried out. Every method is one statement or one transaction, the same on SQLite and PostgreSQL.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { User } from '../accounts/accounts.js';
import type { ChangeEvent, Database } from '../db/database.js';
import type { Schema } from '../db/schema.js';
import { ApiError } from '../errors.js';

export const NOTIFY_MODES = ['all', 'turn', 'off'] as const;
export type NotifyMode = (typeof NOTIFY_MODES)[number];

export interface MailSettings {
  readonly notify: NotifyMode;
  /** The most games in progress the user takes on by challenge; null: no limit. */
  readonly limit: number | null;
}

const DEFAULT_SETTINGS: MailSettings = { notify: 'all', limit: null };
/** A user may give this many addresses. */
export const MAX_ADDRESSES = 5;
/** Premoves a player may queue on one board. */
export const MAX_QUEUED = 20;
/** How long an address has to confirm (the token mailed to it to come back) before the claim lapses. */
export const CLAIM_LIFETIME_MS = 3 * 86_400_000;
/**
 * Claims that may wait on one address at once, so that strangers' sign-ups send it at most this many confirmation
 * mails per CLAIM_LIFETIME_MS. A claim from the address itself (its reply is the confirmation) is never refused.
 */
export const MAX_CLAIMS_PER_ADDRESS = 3;

/** An address asked for and not yet confirmed: the token of its confirmation mail. */
export interface AddressClaim {
  readonly address: string;
  readonly token: string;
}

/** What a change of addresses left: the confirmed ones kept, and the claims waiting for confirmation. */
export interface AddressChange {
  readonly confirmed: readonly string[];
  readonly claims: readonly AddressClaim[];
}

function hashClaim(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** `name@domain`, checked loosely (the mail system is the judge), at most 254 characters, lower-cased. */
export function checkAddress(text: string, field = 'address'): string {
  const a = text.trim().toLowerCase();
  if (a.length > 254 || !/^[^\s@<>()",;:]+@[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(a)) {
    throw new ApiError(400, 'pbm/bad-address', `"${text.slice(0, 80)}" is not an e-mail address`, field);
  }
  return a;
}

function isUnique(e: unknown): boolean {
  return /unique|duplicate/i.test(String((e as Error).message));
}

export class PbmStore {
  private readonly mailChanges = new Set<() => void>();

  constructor(
    private readonly database: Database,
    private readonly now: () => number = Date.now,
  ) {}

  private get db() {
    return this.database.db;
  }

  /**
   * Hears, as soon as it commits, each change this instance makes to who gets mails of games (an address, a
   * subscription, a premove); other instances hear it as a `mail` change event.
   */
  onMailChange(listener: () => void): void {
    this.mailChanges.add(listener);
  }

  /** Runs `work` in a transaction that adds to who gets mails: the change is announced once it has committed. */
  private async addingMail<T>(event: ChangeEvent, work: (tx: Transaction<Schema>) => Promise<T>): Promise<T> {
    const result = await this.database.transaction(async (tx, notify) => {
      const r = await work(tx);
      notify(event);
      return r;
    });
    for (const l of this.mailChanges) l();
    return result;
  }

  async addressesOf(userId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('pbm_addresses')
      .select('address')
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('address')
      .execute();
    return rows.map((r) => r.address);
  }

  /**
   * Whether changes of a game may need mails or premoves: one of its players has an address, a subscriber with an
   * address follows it, or a premove waits on it. One query, so that games nobody plays by mail cost one question
   * per instance, not three per move.
   */
  async mailInvolved(gameId: number, playerIds: readonly string[]): Promise<boolean> {
    const players = playerIds.length > 0 ? playerIds : [''];
    const row = await sql<{ involved: number | boolean }>`select (
        exists (select 1 from pbm_addresses where user_id in (${sql.join(players)}))
        or exists (select 1 from pbm_subscriptions s join pbm_addresses a on a.user_id = s.user_id
                   where s.game_id = ${gameId})
        or exists (select 1 from pbm_queue where game_id = ${gameId})
      ) as involved`.execute(this.db);
    return Boolean(row.rows[0]?.involved);
  }

  /** Every address of each of these users. */
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

  async userByAddress(address: string): Promise<User | undefined> {
    const row = await this.db
      .selectFrom('pbm_addresses')
      .innerJoin('users', 'users.id', 'pbm_addresses.user_id')
      .select(['users.id', 'users.name'])
      .where('pbm_addresses.address', '=', address.toLowerCase())
      .executeTakeFirst();
    return row ? { id: row.id, name: row.name } : undefined;
  }

  /** The addresses of a change, checked: lower-cased, doubles dropped, at least one, at most MAX_ADDRESSES. */
  private addressList(addresses: readonly string[]): string[] {
    const list = [...new Set(addresses.map((a) => checkAddress(a)))];
    if (list.length === 0) throw new ApiError(400, 'pbm/no-address', 'give at least one address', 'address');
    if (list.length > MAX_ADDRESSES) {
      throw new ApiError(400, 'pbm/too-many-addresses', `at most ${MAX_ADDRESSES} addresses`, 'address');
    }
    return list;
  }

  /** Refuses when one of these addresses is confirmed for another user. */
  private async refuseTaken(tx: Kysely<Schema>, userId: string, list: readonly string[]): Promise<void> {
    const taken = await tx
      .selectFrom('pbm_addresses')
      .select('address')
      .where('address', 'in', list)
      .where('user_id', '!=', userId)
      .executeTakeFirst();
    if (taken) throw new ApiError(409, 'pbm/address-taken', `${taken.address} belongs to another player`);
  }

  /**
   * Replaces the user's addresses, taken as confirmed (the operator's word: `tactica pbm --confirmed`); an address
   * another user has is refused and nothing changes. Other users' claims on them lapse.
   */
  async setAddresses(userId: string, addresses: readonly string[]): Promise<void> {
    const list = this.addressList(addresses);
    const now = this.now();
    await this.addingMail({ kind: 'mail', userId }, async (tx) => {
      await this.refuseTaken(tx, userId, list);
      await tx.deleteFrom('pbm_addresses').where('user_id', '=', userId).execute();
      await tx
        .insertInto('pbm_addresses')
        // A millisecond apart, so they list in the order given (the first is where replies go first).
        .values(list.map((address, i) => ({ address, user_id: userId, created_at: now + i })))
        .execute();
      await tx.deleteFrom('pbm_address_claims').where('address', 'in', list).execute();
    }).catch((e: unknown) => {
      if (e instanceof ApiError) throw e;
      if (isUnique(e)) throw new ApiError(409, 'pbm/address-taken', 'that address belongs to another player');
      throw e;
    });
  }

  /**
   * Asks for these addresses: those the user has confirmed stay, the user's others go at once (dropping needs no
   * proof), and each new one becomes a claim with a token to mail to it — the address is the user's, and gets game
   * mail, only once the token comes back (`confirmClaim`). The user's earlier claims are replaced. An address
   * confirmed for another user is refused; another user's unconfirmed claim on it does not stand in the way.
   */
  async requestAddresses(userId: string, addresses: readonly string[], from?: string): Promise<AddressChange> {
    const list = this.addressList(addresses);
    const now = this.now();
    return this.database.transaction(async (tx) => {
      await this.refuseTaken(tx, userId, list);
      await tx.deleteFrom('pbm_address_claims').where('expires_at', '<=', now).execute();
      await tx.deleteFrom('pbm_address_claims').where('user_id', '=', userId).execute();
      const others = list.filter((a) => a !== from?.toLowerCase());
      if (others.length > 0) {
        const busy = await tx
          .selectFrom('pbm_address_claims')
          .select(['address', (eb) => eb.fn.countAll<number>().as('n')])
          .where('address', 'in', others)
          .groupBy('address')
          .having((eb) => eb.fn.countAll(), '>=', MAX_CLAIMS_PER_ADDRESS)
          .executeTakeFirst();
        if (busy) {
          throw new ApiError(
            429,
            'pbm/address-busy',
            `${busy.address} has ${MAX_CLAIMS_PER_ADDRESS} confirmations waiting already: if it is yours, send the command from it`,
            'address',
          );
        }
      }
      await tx.deleteFrom('pbm_addresses').where('user_id', '=', userId).where('address', 'not in', list).execute();
      const have = new Set(
        (await tx.selectFrom('pbm_addresses').select('address').where('user_id', '=', userId).execute()).map(
          (r) => r.address,
        ),
      );
      const claims = list
        .filter((address) => !have.has(address))
        .map((address) => ({ address, token: base32(randomBytes(15)) }));
      if (claims.length > 0) {
        await tx
          .insertInto('pbm_address_claims')
          .values(
            claims.map((c) => ({
              token_hash: hashClaim(c.token),
              address: c.address,
              user_id: userId,
              created_at: now,
              expires_at: now + CLAIM_LIFETIME_MS,
            })),
          )
          .execute();
      }
      return { confirmed: list.filter((a) => have.has(a)), claims };
    });
  }

  /**
   * The token of a confirmation mail came back: its address becomes its claimant's (after the addresses they have),
   * and every other claim on it lapses. Refused when the token is unknown or lapsed, or the address was confirmed
   * for another user meanwhile.
   */
  async confirmClaim(token: string): Promise<{ user: User; address: string }> {
    const unknown = new ApiError(
      404,
      'pbm/bad-confirmation',
      'this confirmation is unknown or has lapsed: ask for the address again (change address)',
    );
    if (!/^[a-z2-7]{24}$/.test(token)) throw unknown;
    const now = this.now();
    const claim = await this.db
      .selectFrom('pbm_address_claims')
      .innerJoin('users', 'users.id', 'pbm_address_claims.user_id')
      .select(['pbm_address_claims.address', 'pbm_address_claims.expires_at', 'users.id', 'users.name'])
      .where('pbm_address_claims.token_hash', '=', hashClaim(token))
      .executeTakeFirst();
    if (!claim || claim.expires_at <= now) throw unknown;
    const user: User = { id: claim.id, name: claim.name };
    await this.addingMail({ kind: 'mail', userId: user.id }, async (tx) => {
      const owner = await tx
        .selectFrom('pbm_addresses')
        .select('user_id')
        .where('address', '=', claim.address)
        .executeTakeFirst();
      if (owner && owner.user_id !== user.id) {
        throw new ApiError(409, 'pbm/address-taken', `${claim.address} belongs to another player`);
      }
      if (!owner) {
        const have = await tx.selectFrom('pbm_addresses').select('created_at').where('user_id', '=', user.id).execute();
        if (have.length >= MAX_ADDRESSES) {
          throw new ApiError(400, 'pbm/too-many-addresses', `at most ${MAX_ADDRESSES} addresses`, 'address');
        }
        // After the addresses the user has (the first is where replies go first).
        const after = Math.max(now, ...have.map((a) => Number(a.created_at) + 1));
        await tx
          .insertInto('pbm_addresses')
          .values({ address: claim.address, user_id: user.id, created_at: after })
          .execute();
      }
      await tx.deleteFrom('pbm_address_claims').where('address', '=', claim.address).execute();
    }).catch((e: unknown) => {
      if (e instanceof ApiError) throw e;
      if (isUnique(e)) throw new ApiError(409, 'pbm/address-taken', `${claim.address} belongs to another player`);
      throw e;
    });
    return { user, address: claim.address };
  }

  /** The addresses the user asked for that wait for their confirmation. */
  async claimsOf(userId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('pbm_address_claims')
      .select('address')
      .where('user_id', '=', userId)
      .where('expires_at', '>', this.now())
      .orderBy('address')
      .execute();
    return rows.map((r) => r.address);
  }

  async settings(userId: string): Promise<MailSettings> {
    const row = await this.db.selectFrom('pbm_settings').selectAll().where('user_id', '=', userId).executeTakeFirst();
    if (!row) return DEFAULT_SETTINGS;
    const notify = (NOTIFY_MODES as readonly string[]).includes(row.notify) ? (row.notify as NotifyMode) : 'all';
    return { notify, limit: row.game_limit };
  }

  async settingsOfAll(userIds: readonly string[]): Promise<Map<string, MailSettings>> {
    const out = new Map<string, MailSettings>();
    if (userIds.length === 0) return out;
    const rows = await this.db
      .selectFrom('pbm_settings')
      .selectAll()
      .where('user_id', 'in', [...new Set(userIds)])
      .execute();
    for (const r of rows) {
      const notify = (NOTIFY_MODES as readonly string[]).includes(r.notify) ? (r.notify as NotifyMode) : 'all';
      out.set(r.user_id, { notify, limit: r.game_limit });
    }
    return out;
  }

  async updateSettings(userId: string, change: Partial<MailSettings>): Promise<MailSettings> {
    const next = { ...(await this.settings(userId)), ...change };
    const values = { notify: next.notify, game_limit: next.limit };
    const r = await this.db.updateTable('pbm_settings').set(values).where('user_id', '=', userId).executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) {
      await this.db
        .insertInto('pbm_settings')
        .values({ user_id: userId, ...values })
        .execute()
        .catch(async (e: unknown) => {
          // Two changes at once: the other one inserted the row first.
          if (!isUnique(e)) throw e;
          await this.db.updateTable('pbm_settings').set(values).where('user_id', '=', userId).execute();
        });
    }
    return next;
  }

  async subscribe(gameId: number, userId: string): Promise<boolean> {
    const existing = await this.db
      .selectFrom('pbm_subscriptions')
      .select('game_id')
      .where('game_id', '=', gameId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (existing) return false;
    await this.addingMail({ kind: 'mail', gameId }, (tx) =>
      tx.insertInto('pbm_subscriptions').values({ game_id: gameId, user_id: userId, created_at: this.now() }).execute(),
    ).catch((e: unknown) => {
      if (!isUnique(e)) throw e;
    });
    return true;
  }

  async unsubscribe(gameId: number, userId: string): Promise<boolean> {
    const r = await this.db
      .deleteFrom('pbm_subscriptions')
      .where('game_id', '=', gameId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  async subscribers(gameId: number): Promise<User[]> {
    const rows = await this.db
      .selectFrom('pbm_subscriptions')
      .innerJoin('users', 'users.id', 'pbm_subscriptions.user_id')
      .select(['users.id', 'users.name'])
      .where('pbm_subscriptions.game_id', '=', gameId)
      .orderBy('users.name_key')
      .execute();
    return rows.map((r) => ({ id: r.id, name: r.name }));
  }

  /** The secret of a player's reply address for a board, made at first use. */
  async tokenFor(gameId: number, userId: string): Promise<string> {
    const find = () =>
      this.db
        .selectFrom('pbm_tokens')
        .select('token')
        .where('game_id', '=', gameId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    const known = await find();
    if (known) return known.token;
    // 120 random bits in lower-case base32: an address part any mail system keeps as it is.
    const token = base32(randomBytes(15));
    try {
      await this.db
        .insertInto('pbm_tokens')
        .values({ game_id: gameId, user_id: userId, token, created_at: this.now() })
        .execute();
      return token;
    } catch (e) {
      if (!isUnique(e)) throw e;
      const raced = await find();
      if (!raced) throw e;
      return raced.token;
    }
  }

  /** Who a board's reply token belongs to, if it is one of that board's. */
  async tokenOwner(gameId: number, token: string): Promise<User | undefined> {
    if (!/^[a-z2-7]{24}$/.test(token)) return undefined;
    const row = await this.db
      .selectFrom('pbm_tokens')
      .innerJoin('users', 'users.id', 'pbm_tokens.user_id')
      .select(['users.id', 'users.name'])
      .where('pbm_tokens.token', '=', token)
      .where('pbm_tokens.game_id', '=', gameId)
      .executeTakeFirst();
    return row ? { id: row.id, name: row.name } : undefined;
  }

  /** A new token for every board of the user (the old reply addresses stop working). */
  async forgetTokens(userId: string): Promise<void> {
    await this.database.transaction((tx) => this.rotateTokens(tx, userId));
  }

  /**
   * In the transaction that ends the user's log-ins (`Accounts.onRevoke`): every reply token of the user goes, and
   * each board they play in progress gets a new one, so the old reply addresses are refused from the commit on.
   */
  async rotateTokens(tx: Transaction<Schema>, userId: string): Promise<void> {
    await tx.deleteFrom('pbm_tokens').where('user_id', '=', userId).execute();
    const boards = await tx
      .selectFrom('games')
      .select('id')
      .where('status', '=', 'active')
      .where((eb) => eb.or([eb('seat0_user', '=', userId), eb('seat1_user', '=', userId)]))
      .execute();
    if (boards.length === 0) return;
    const now = this.now();
    await tx
      .insertInto('pbm_tokens')
      .values(boards.map((b) => ({ game_id: b.id, user_id: userId, token: base32(randomBytes(15)), created_at: now })))
      .execute();
  }

  /** The reply tokens of the boards in progress the user plays, by board. */
  async activeTokens(userId: string): Promise<{ gameId: number; token: string }[]> {
    const rows = await this.db
      .selectFrom('pbm_tokens')
      .innerJoin('games', 'games.id', 'pbm_tokens.game_id')
      .select(['pbm_tokens.game_id', 'pbm_tokens.token'])
      .where('pbm_tokens.user_id', '=', userId)
      .where('games.status', '=', 'active')
      .orderBy('pbm_tokens.game_id')
      .execute();
    return rows.map((r) => ({ gameId: r.game_id, token: r.token }));
  }

  async queued(gameId: number, userId: string): Promise<{ id: number; move: string }[]> {
    return this.db
      .selectFrom('pbm_queue')
      .select(['id', 'move'])
      .where('game_id', '=', gameId)
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  }

  /** Every premove on a board, oldest first. */
  async queuedOnBoard(gameId: number): Promise<{ id: number; user_id: string; move: string }[]> {
    return this.db
      .selectFrom('pbm_queue')
      .select(['id', 'user_id', 'move'])
      .where('game_id', '=', gameId)
      .orderBy('id')
      .execute();
  }

  async enqueue(gameId: number, userId: string, moves: readonly string[]): Promise<void> {
    const have = (await this.queued(gameId, userId)).length;
    if (have + moves.length > MAX_QUEUED) {
      throw new ApiError(400, 'pbm/queue-full', `at most ${MAX_QUEUED} premoves on a board`, 'move');
    }
    const now = this.now();
    await this.addingMail({ kind: 'mail', gameId }, (tx) =>
      tx
        .insertInto('pbm_queue')
        .values(moves.map((move) => ({ game_id: gameId, user_id: userId, move, created_at: now })))
        .execute(),
    );
  }

  async clearQueue(gameId: number, userId: string): Promise<number> {
    const r = await this.db
      .deleteFrom('pbm_queue')
      .where('game_id', '=', gameId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  /** Takes one premove off the queue; false when another instance took it first. */
  async dequeue(id: number): Promise<boolean> {
    const r = await this.db.deleteFrom('pbm_queue').where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows) === 1;
  }

  async setPending(gameId: number, userId: string, move: string, version: number): Promise<void> {
    await this.database.transaction(async (tx) => {
      await tx.deleteFrom('pbm_pending').where('game_id', '=', gameId).where('user_id', '=', userId).execute();
      await tx
        .insertInto('pbm_pending')
        .values({ game_id: gameId, user_id: userId, move, version, created_at: this.now() })
        .execute();
    });
  }

  /** The submitted move waiting for its confirm, taken off (a confirm uses it once). */
  async takePending(gameId: number, userId: string): Promise<{ move: string; version: number } | undefined> {
    const row = await this.db
      .selectFrom('pbm_pending')
      .select(['move', 'version'])
      .where('game_id', '=', gameId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) return undefined;
    const r = await this.db
      .deleteFrom('pbm_pending')
      .where('game_id', '=', gameId)
      .where('user_id', '=', userId)
      .where('version', '=', row.version)
      .executeTakeFirst();
    return Number(r.numDeletedRows) === 1 ? row : undefined;
  }

  /** Counts a mail from `sender` in the current window of `windowMs`: how many it has sent in it, this one too. */
  async rateCount(sender: string, windowMs: number): Promise<number> {
    return (await this.count(sender, windowMs)).count;
  }

  /**
   * Counts one more of `key` (a sender's address, `client:<ip>`, `account:<name>`) in the current window of
   * `windowMs`, shared by every instance: how many there are in it, this one too, and the window's start (to take
   * it back with `uncount`).
   */
  async count(key: string, windowMs: number): Promise<{ count: number; windowStart: number }> {
    const now = this.now();
    const start = now - (now % windowMs);
    const k = key.toLowerCase().slice(0, 254);
    const bump = () =>
      this.db
        .updateTable('pbm_rate')
        .set((eb) => ({ count: eb('count', '+', 1) }))
        .where('sender', '=', k)
        .where('window_start', '=', start)
        .returning('count')
        .executeTakeFirst();
    const row = await bump();
    if (row) return { count: row.count, windowStart: start };
    try {
      await this.db.insertInto('pbm_rate').values({ sender: k, window_start: start, count: 1 }).execute();
      // Old windows go as new ones start.
      await this.db
        .deleteFrom('pbm_rate')
        .where('window_start', '<', start - windowMs)
        .execute();
      return { count: 1, windowStart: start };
    } catch (e) {
      if (!isUnique(e)) throw e;
      return { count: (await bump())?.count ?? 1, windowStart: start };
    }
  }

  /** Takes back one count of `key` in the window that starts at `windowStart` (an attempt that turned out fine). */
  async uncount(key: string, windowStart: number): Promise<void> {
    await this.db
      .updateTable('pbm_rate')
      .set((eb) => ({ count: eb('count', '-', 1) }))
      .where('sender', '=', key.toLowerCase().slice(0, 254))
      .where('window_start', '=', windowStart)
      .where('count', '>', 0)
      .execute();
  }

  /**
   * Whether replies to `address` may quote what was sent from it: an address one account has. **(ours)** The one
   * place that says so: once addresses are confirmed, only a confirmed address is known.
   */
  async knownSender(address: string): Promise<boolean> {
    return (await this.userByAddress(address)) !== undefined;
  }

  /** Whether a mail with this Message-ID was carried out before. */
  async seenBefore(messageId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('pbm_seen')
      .select('message_key')
      .where('message_key', '=', seenKey(messageId))
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Carries out `work` (a mail's command) once for its Message-ID: the ID is recorded in the transaction of the
   * command's first change (`Database.unitOfWork`), so a crash leaves the command and its record both done or both
   * not; a command that changed nothing through a transaction (a refusal, a read) has it recorded after, unless it
   * failed on our side (then a retry of the mail is carried out). A second copy of the mail racing this one is
   * refused with `pbm/duplicate` (inside the command's transaction, which then changes nothing).
   */
  async carryOutOnce<T>(
    messageId: string,
    keepMs: number,
    work: () => Promise<T>,
    failedOnOurSide: (value: T) => boolean,
  ): Promise<T> {
    const record = {
      table: 'pbm_seen',
      row: { message_key: seenKey(messageId), seen_at: this.now() },
      duplicate: () => duplicateOf(messageId),
    };
    const { value, recorded } = await this.database.unitOfWork(record, work);
    if (!recorded && !failedOnOurSide(value)) {
      await this.recordSeen(messageId).catch((e: unknown) => {
        // The racing copy recorded it first: this one is answered already.
        if (!(e instanceof ApiError && e.code === 'pbm/duplicate')) throw e;
      });
    }
    await this.forgetSeen(keepMs);
    return value;
  }

  private async recordSeen(messageId: string): Promise<void> {
    try {
      await this.db
        .insertInto('pbm_seen')
        .values({ message_key: seenKey(messageId), seen_at: this.now() })
        .execute();
    } catch (e) {
      if (isUnique(e)) throw duplicateOf(messageId);
      throw e;
    }
  }

  /** Forgets, now and then, the IDs older than `keepMs` (a replay that old is caught by the move numbers). */
  private async forgetSeen(keepMs: number): Promise<void> {
    if (Math.random() < 0.01)
      await this.db
        .deleteFrom('pbm_seen')
        .where('seen_at', '<', this.now() - keepMs)
        .execute();
  }

  /**
   * Records a mail's Message-ID; false when it was seen before (a duplicate or a replay). IDs older than
   * `keepMs` are forgotten (a replay that old is caught by the move numbers).
   */
  async firstSeen(messageId: string, keepMs: number): Promise<boolean> {
    try {
      await this.recordSeen(messageId);
    } catch (e) {
      if (e instanceof ApiError && e.code === 'pbm/duplicate') return false;
      throw e;
    }
    await this.forgetSeen(keepMs);
    return true;
  }
}

/** A Message-ID as it is kept: hashed, so any length or content costs one short key. */
function seenKey(messageId: string): string {
  return createHash('sha256').update(messageId.trim().toLowerCase()).digest('hex');
}

export function duplicateOf(messageId: string): ApiError {
  return new ApiError(
    409,
    'pbm/duplicate',
    `this mail (Message-ID ${messageId.slice(0, 200)}) was carried out before; it is not carried out again`,
  );
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

function base32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}
