/** The accounts in memory (../storage/memory-storage.ts). */
import type { Journal } from '../storage/memory-storage.js';
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

interface UserRow extends UserWithPassword, VacationState {
  readonly createdAt: number;
}

export interface AccountTables {
  /** Users by id. */
  readonly users: Map<string, UserRow>;
  /** User ids by `nameKey(name)`. */
  readonly names: Map<string, string>;
  /** Tokens by hash. */
  readonly tokens: Map<string, StoredToken>;
  /** Each user's recorded vacations, oldest first. */
  readonly vacations: Map<string, readonly VacationSpan[]>;
}

export function makeAccountTables(): AccountTables {
  return { users: new Map(), names: new Map(), tokens: new Map(), vacations: new Map() };
}

export class MemoryAccounts implements AccountRepository {
  constructor(
    private readonly t: AccountTables,
    private readonly journal: Journal,
  ) {}

  addUser(user: NewUser): Promise<'added' | 'taken'> {
    const key = nameKey(user.name);
    if (this.t.names.has(key)) return Promise.resolve('taken');
    const { id, name, passwordHash, createdAt } = user;
    this.journal.set(this.t.users, id, { id, name, passwordHash, createdAt, since: null, until: null });
    this.journal.set(this.t.names, key, id);
    return Promise.resolve('added');
  }

  userById(id: string): Promise<StoredUser | undefined> {
    const u = this.t.users.get(id);
    return Promise.resolve(u && { id: u.id, name: u.name });
  }

  userByName(name: string): Promise<UserWithPassword | undefined> {
    const id = this.t.names.get(nameKey(name));
    const u = id === undefined ? undefined : this.t.users.get(id);
    return Promise.resolve(u && { id: u.id, name: u.name, passwordHash: u.passwordHash });
  }

  namesOf(ids: readonly string[]): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    for (const id of ids) {
      const u = this.t.users.get(id);
      if (u) names.set(id, u.name);
    }
    return Promise.resolve(names);
  }

  setPasswordHash(userId: string, passwordHash: string): Promise<void> {
    const u = this.t.users.get(userId);
    if (u) this.journal.set(this.t.users, userId, { ...u, passwordHash });
    return Promise.resolve();
  }

  addToken(token: StoredToken): Promise<void> {
    if (this.t.tokens.has(token.hash)) return Promise.reject(new Error('a token of this hash is there already'));
    this.journal.set(this.t.tokens, token.hash, { ...token });
    return Promise.resolve();
  }

  liveToken(hash: string, now: number): Promise<{ user: StoredUser; expiresAt: number } | undefined> {
    const t = this.t.tokens.get(hash);
    const u = t && t.expiresAt > now ? this.t.users.get(t.userId) : undefined;
    return Promise.resolve(t && u && { user: { id: u.id, name: u.name }, expiresAt: t.expiresAt });
  }

  deleteToken(hash: string): Promise<string | undefined> {
    const t = this.t.tokens.get(hash);
    if (t) this.journal.delete(this.t.tokens, hash);
    return Promise.resolve(t?.userId);
  }

  deleteTokensOf(userId: string, keepHash?: string): Promise<void> {
    for (const [hash, t] of [...this.t.tokens]) {
      if (t.userId === userId && hash !== keepHash) this.journal.delete(this.t.tokens, hash);
    }
    return Promise.resolve();
  }

  vacationOf(userId: string): Promise<VacationState> {
    const u = this.t.users.get(userId);
    return Promise.resolve({ since: u?.since ?? null, until: u?.until ?? null });
  }

  vacationsOf(userIds: readonly string[]): Promise<Map<string, VacationState>> {
    const out = new Map<string, VacationState>();
    for (const id of userIds) {
      const u = this.t.users.get(id);
      if (u) out.set(id, { since: u.since, until: u.until });
    }
    return Promise.resolve(out);
  }

  setVacation(userId: string, state: VacationState): Promise<void> {
    const u = this.t.users.get(userId);
    if (u) this.journal.set(this.t.users, userId, { ...u, since: state.since, until: state.until });
    return Promise.resolve();
  }

  addVacationSpan(userId: string, span: VacationSpan): Promise<void> {
    const spans = this.t.vacations.get(userId) ?? [];
    this.journal.set(this.t.vacations, userId, [...spans, { startedAt: span.startedAt, endedAt: span.endedAt }]);
    return Promise.resolve();
  }

  vacationSpansEndedAfter(userId: string, from: number, limit: number): Promise<VacationSpan[]> {
    const spans = (this.t.vacations.get(userId) ?? []).filter((s) => s.endedAt > from);
    const first = spans.sort((a, b) => a.startedAt - b.startedAt).slice(0, Math.max(0, limit));
    return Promise.resolve(first.map((s) => ({ ...s })));
  }

  dropVacationSpansEndedBy(userId: string, until: number): Promise<void> {
    const spans = this.t.vacations.get(userId);
    if (spans?.some((s) => s.endedAt <= until)) {
      this.journal.set(
        this.t.vacations,
        userId,
        spans.filter((s) => s.endedAt > until),
      );
    }
    return Promise.resolve();
  }
}
