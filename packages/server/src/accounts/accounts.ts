/**
 * Accounts: sign-up, log-in and log-out, password changes, and telling who a request comes from. A log-in gives a
 * random token; only its SHA-256 is stored, so a copy of the database logs nobody in. A wrong password and an
 * unknown name get the same answer after the same work, so the answer never tells whether a user exists.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../db/database.js';
import type { Schema } from '../db/schema.js';
import { ApiError } from '../errors.js';
import { DEFAULT_COST, hashPassword, verifyPassword, type PasswordCost } from './passwords.js';

export interface User {
  readonly id: string;
  readonly name: string;
}

export type TokenKind = 'cookie' | 'bearer';

const DAY = 86_400_000;
const LIFETIME: Readonly<Record<TokenKind, number>> = { cookie: 30 * DAY, bearer: 365 * DAY };
const NAME = /^[A-Za-z][A-Za-z0-9_-]{1,23}$/;
const CACHE_LIMIT = 10_000;

export function checkName(name: unknown): string {
  if (typeof name !== 'string' || !NAME.test(name)) {
    throw new ApiError(
      400,
      'account/bad-name',
      'a user name is 2 to 24 letters, digits, "_" or "-", starting with a letter',
      'name',
    );
  }
  return name;
}

export function checkPassword(password: unknown, field = 'password'): string {
  if (typeof password !== 'string' || password.length < 8 || password.length > 200) {
    throw new ApiError(400, 'account/bad-password', 'a password is 8 to 200 characters', field);
  }
  return password;
}

/**
 * Work that must happen in the same transaction as the end of a user's log-ins (a password change, log-out
 * everywhere): whatever else stands for the user's password ends with them, or nothing does. The e-mail gateway
 * gives its boards' reply addresses new tokens this way; accounts know nothing of it.
 */
export type RevokeHook = (tx: Transaction<Schema>, userId: string) => Promise<void>;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export class Accounts {
  /** Token hash → who and until when: most requests then need no query. */
  private readonly cache = new Map<string, { user: User; expiresAt: number }>();
  /** A hash to check against when the name is unknown, so both answers take the same time. */
  private decoy: Promise<string> | undefined;
  private readonly revokeHooks: RevokeHook[] = [];

  constructor(
    private readonly database: Database,
    private readonly cost: PasswordCost = DEFAULT_COST,
    private readonly now: () => number = Date.now,
  ) {
    database.onChange((e) => {
      if (e.kind === 'tokens' && e.userId) this.forget(e.userId);
    });
  }

  async signUp(name: unknown, password: unknown): Promise<User> {
    const n = checkName(name);
    const hash = await hashPassword(checkPassword(password), this.cost);
    const user: User = { id: randomUUID(), name: n };
    const taken = await this.database
      .transaction(async (tx) => {
        const existing = await tx
          .selectFrom('users')
          .select('id')
          .where('name_key', '=', n.toLowerCase())
          .executeTakeFirst();
        if (existing) return true;
        await tx
          .insertInto('users')
          .values({
            id: user.id,
            name: n,
            name_key: n.toLowerCase(),
            password_hash: hash,
            created_at: this.now(),
            vacation_until: null,
          })
          .execute();
        return false;
      })
      .catch((e: unknown) => {
        // Two sign-ups of one name at once: the unique index refuses the second.
        if (/unique|duplicate/i.test(String((e as Error).message))) return true;
        throw e;
      });
    if (taken) throw new ApiError(409, 'account/name-taken', `the name ${n} is taken`, 'name');
    return user;
  }

  /** The user whose name and password these are; the same refusal for an unknown name and a wrong password. */
  async checkCredentials(name: unknown, password: unknown): Promise<User> {
    const n = typeof name === 'string' ? name : '';
    const p = typeof password === 'string' ? password : '';
    const row = NAME.test(n)
      ? await this.database.db
          .selectFrom('users')
          .select(['id', 'name', 'password_hash'])
          .where('name_key', '=', n.toLowerCase())
          .executeTakeFirst()
      : undefined;
    this.decoy ??= hashPassword('not a password of anyone', this.cost);
    const ok = await verifyPassword(p, row?.password_hash ?? (await this.decoy));
    if (!row || !ok) throw new ApiError(401, 'auth/bad-credentials', 'wrong user name or password');
    return { id: row.id, name: row.name };
  }

  async logIn(
    name: unknown,
    password: unknown,
    kind: TokenKind,
  ): Promise<{ user: User; token: string; expiresAt: number }> {
    const user = await this.checkCredentials(name, password);
    return { user, ...(await this.issueToken(user, kind)) };
  }

  async issueToken(user: User, kind: TokenKind): Promise<{ token: string; expiresAt: number }> {
    const token = `tct_${randomBytes(32).toString('base64url')}`;
    const now = this.now();
    const expiresAt = now + LIFETIME[kind];
    await this.database.db
      .insertInto('tokens')
      .values({ token_hash: hashToken(token), user_id: user.id, kind, created_at: now, expires_at: expiresAt })
      .execute();
    return { token, expiresAt };
  }

  /** Who holds this token, if it is a live one. */
  async authenticate(token: string | undefined): Promise<User | undefined> {
    if (!token || token.length > 200) return undefined;
    return this.authenticateKey(hashToken(token));
  }

  /** The key a token is known by (its hash): a connection that checks its token on every command keeps it. */
  tokenKey(token: string | undefined): string | undefined {
    return token && token.length <= 200 ? hashToken(token) : undefined;
  }

  /** Who holds the token of this key (`tokenKey`), if it is a live one. */
  async authenticateKey(key: string | undefined): Promise<User | undefined> {
    if (!key) return undefined;
    const now = this.now();
    const known = this.cache.get(key);
    if (known) {
      if (known.expiresAt > now) return known.user;
      this.cache.delete(key);
    }
    const row = await this.database.db
      .selectFrom('tokens')
      .innerJoin('users', 'users.id', 'tokens.user_id')
      .select(['users.id', 'users.name', 'tokens.expires_at'])
      .where('tokens.token_hash', '=', key)
      .executeTakeFirst();
    if (!row || row.expires_at <= now) return undefined;
    const user = { id: row.id, name: row.name };
    if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
    this.cache.set(key, { user, expiresAt: row.expires_at });
    return user;
  }

  async logOut(token: string): Promise<void> {
    const key = hashToken(token);
    const row = await this.database.db
      .selectFrom('tokens')
      .select('user_id')
      .where('token_hash', '=', key)
      .executeTakeFirst();
    await this.database.transaction(async (tx, notify) => {
      await tx.deleteFrom('tokens').where('token_hash', '=', key).execute();
      if (row) notify({ kind: 'tokens', userId: row.user_id });
    });
    this.cache.delete(key);
  }

  /**
   * Runs `hook` inside every transaction that ends a user's log-ins, whichever way it was asked for (the API, a
   * mail, the command line): if the hook fails, nothing is revoked and the caller is refused.
   */
  onRevoke(hook: RevokeHook): void {
    this.revokeHooks.push(hook);
  }

  /** Changes the password and ends every other log-in of the user. */
  async changePassword(user: User, oldPassword: unknown, newPassword: unknown, keepToken?: string): Promise<void> {
    const fresh = checkPassword(newPassword, 'newPassword');
    await this.checkCredentials(user.name, oldPassword);
    const hash = await hashPassword(fresh, this.cost);
    await this.revoke(user.id, keepToken, (tx) =>
      tx.updateTable('users').set({ password_hash: hash }).where('id', '=', user.id).execute(),
    );
  }

  /** Ends every log-in of the user, this one too (log-out everywhere), and whatever stands for them (hooks). */
  async logOutEverywhere(user: User): Promise<void> {
    await this.revoke(user.id, undefined);
  }

  /**
   * One transaction: `change` (if any), every token of the user but `keepToken` deleted, the revocation hooks; the
   * `tokens` event (every instance forgets the user's tokens and closes their streams) is heard once it commits.
   */
  private async revoke(
    userId: string,
    keepToken: string | undefined,
    change?: (tx: Transaction<Schema>) => Promise<unknown>,
  ): Promise<void> {
    const keep = keepToken ? hashToken(keepToken) : '';
    await this.database.transaction(async (tx, notify) => {
      if (change) await change(tx);
      await tx.deleteFrom('tokens').where('user_id', '=', userId).where('token_hash', '!=', keep).execute();
      for (const hook of this.revokeHooks) await hook(tx, userId);
      notify({ kind: 'tokens', userId });
    });
    // This instance forgets at once; the others when the event reaches them.
    this.forget(userId);
  }

  async findByName(name: string): Promise<User | undefined> {
    if (!NAME.test(name)) return undefined;
    const row = await this.database.db
      .selectFrom('users')
      .select(['id', 'name'])
      .where('name_key', '=', name.toLowerCase())
      .executeTakeFirst();
    return row ? { id: row.id, name: row.name } : undefined;
  }

  private forget(userId: string): void {
    for (const [k, v] of this.cache) if (v.user.id === userId) this.cache.delete(k);
  }
}
