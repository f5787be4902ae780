/**
 * Accounts: sign-up, log-in and log-out, password changes, and telling who a request comes from. A log-in gives a
 * random token; only its SHA-256 is stored, so a copy of the database logs nobody in. A wrong password and an
 * unknown name get the same answer after the same work, so the answer never tells whether a user exists.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { ChangeEvent } from '../db/database.js';
import { DomainError } from '../errors.js';
import type { Repositories, Storage } from '../storage/ports.js';
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

function checkName(name: unknown): string {
  if (typeof name !== 'string' || !NAME.test(name)) {
    throw new DomainError(
      'account/bad-name',
      'a user name is 2 to 24 letters, digits, "_" or "-", starting with a letter',
      'name',
    );
  }
  return name;
}

function checkPassword(password: unknown, field = 'password'): string {
  if (typeof password !== 'string' || password.length < 8 || password.length > 200) {
    throw new DomainError('account/bad-password', 'a password is 8 to 200 characters', field);
  }
  return password;
}

/**
 * Work that must happen in the same transaction as the end of a user's log-ins (a password change, log-out
 * everywhere): whatever else stands for the user's password ends with them, or nothing does. The e-mail gateway
 * gives its boards' reply addresses new tokens this way; accounts know nothing of it.
 */
export type RevokeHook = (repos: Repositories, userId: string) => Promise<void>;

/** Where the events of committed transactions are heard, every instance's: accounts hear of log-ins ended. */
export interface ChangeFeed {
  onChange(listener: (e: ChangeEvent) => void): unknown;
}

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
    private readonly storage: Storage,
    changes: ChangeFeed,
    private readonly cost: PasswordCost = DEFAULT_COST,
    private readonly now: () => number = Date.now,
  ) {
    changes.onChange((e) => {
      if (e.kind === 'tokens' && e.userId) this.forget(e.userId);
    });
  }

  async signUp(name: unknown, password: unknown): Promise<User> {
    const n = checkName(name);
    const hash = await hashPassword(checkPassword(password), this.cost);
    const user: User = { id: randomUUID(), name: n };
    // Two sign-ups of one name at once: the storage adds one, and tells the other the name is taken.
    const added = await this.storage.repos.accounts.addUser({ ...user, passwordHash: hash, createdAt: this.now() });
    if (added === 'taken') throw new DomainError('account/name-taken', `the name ${n} is taken`, 'name');
    return user;
  }

  /** The user whose name and password these are; the same refusal for an unknown name and a wrong password. */
  async checkCredentials(name: unknown, password: unknown): Promise<User> {
    const n = typeof name === 'string' ? name : '';
    const p = typeof password === 'string' ? password : '';
    const row = NAME.test(n) ? await this.storage.repos.accounts.userByName(n) : undefined;
    this.decoy ??= hashPassword('not a password of anyone', this.cost);
    const ok = await verifyPassword(p, row?.passwordHash ?? (await this.decoy));
    if (!row || !ok) throw new DomainError('auth/bad-credentials', 'wrong user name or password');
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
    await this.storage.repos.accounts.addToken({
      hash: hashToken(token),
      userId: user.id,
      kind,
      createdAt: now,
      expiresAt,
    });
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
    const live = await this.storage.repos.accounts.liveToken(key, now);
    if (!live) return undefined;
    if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
    this.cache.set(key, live);
    return live.user;
  }

  async logOut(token: string): Promise<void> {
    const key = hashToken(token);
    await this.storage.transaction(async (repos, notify) => {
      const userId = await repos.accounts.deleteToken(key);
      if (userId !== undefined) notify({ kind: 'tokens', userId });
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
    await this.revoke(user.id, keepToken, (repos) => repos.accounts.setPasswordHash(user.id, hash));
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
    change?: (repos: Repositories) => Promise<unknown>,
  ): Promise<void> {
    const keep = keepToken ? hashToken(keepToken) : undefined;
    await this.storage.transaction(async (repos, notify) => {
      if (change) await change(repos);
      await repos.accounts.deleteTokensOf(userId, keep);
      for (const hook of this.revokeHooks) await hook(repos, userId);
      notify({ kind: 'tokens', userId });
    });
    // This instance forgets at once; the others when the event reaches them.
    this.forget(userId);
  }

  async findByName(name: string): Promise<User | undefined> {
    if (!NAME.test(name)) return undefined;
    const row = await this.storage.repos.accounts.userByName(name);
    return row ? { id: row.id, name: row.name } : undefined;
  }

  private forget(userId: string): void {
    for (const [k, v] of this.cache) if (v.user.id === userId) this.cache.delete(k);
  }
}
