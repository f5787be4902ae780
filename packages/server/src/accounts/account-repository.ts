/**
 * The port of accounts: users (their names and password hashes), the log-ins' tokens and users' vacations. Adapters:
 * ./kysely-accounts.ts (SQLite, PostgreSQL), ./memory-accounts.ts; both pass ./account-repository-conformance.ts.
 */

/** A user as others see them. */
export interface StoredUser {
  readonly id: string;
  /** As the user typed it at sign-up. */
  readonly name: string;
}

/** A user with what their log-in is checked against. */
export interface UserWithPassword extends StoredUser {
  readonly passwordHash: string;
}

export interface NewUser extends UserWithPassword {
  readonly createdAt: number;
}

/** A log-in: only the token's hash is stored, so a copy of the storage logs nobody in. */
export interface StoredToken {
  readonly hash: string;
  readonly userId: string;
  /** `cookie` (a browser) or `bearer` (a program). */
  readonly kind: string;
  readonly createdAt: number;
  readonly expiresAt: number;
}

/** A user's vacation as it stands (../games/vacation.ts). */
export interface VacationState {
  /** Under way since (null: none, or one set before vacations were counted). */
  readonly since: number | null;
  /** Correspondence deadlines stop while now < until. */
  readonly until: number | null;
}

/** A vacation that ended: the time actually away. */
export interface VacationSpan {
  readonly startedAt: number;
  readonly endedAt: number;
}

/** The key a name is unique by: "Ann" and "ann" are one user. */
export function nameKey(name: string): string {
  return name.toLowerCase();
}

export interface AccountRepository {
  /**
   * Adds the user, unless another has the name in any case (`nameKey`): then `taken`, nothing is written and the
   * transaction goes on. Two adds of one name at once: one is added, the other taken.
   */
  addUser(user: NewUser): Promise<'added' | 'taken'>;
  userById(id: string): Promise<StoredUser | undefined>;
  /** The user of the name, in any case, with their password hash. */
  userByName(name: string): Promise<UserWithPassword | undefined>;
  /** The names of the users of these ids, by id; unknown ids are left out. */
  namesOf(ids: readonly string[]): Promise<Map<string, string>>;
  setPasswordHash(userId: string, passwordHash: string): Promise<void>;

  addToken(token: StoredToken): Promise<void>;
  /** Who holds the token of this hash and until when, if it has not expired by `now`. */
  liveToken(hash: string, now: number): Promise<{ user: StoredUser; expiresAt: number } | undefined>;
  /** Deletes the token of this hash; the id of the user it was of, if there was one. */
  deleteToken(hash: string): Promise<string | undefined>;
  /** Deletes every token of the user but the one of hash `keepHash` (if given). */
  deleteTokensOf(userId: string, keepHash?: string): Promise<void>;

  /** The user's vacation (both null for an unknown user). */
  vacationOf(userId: string): Promise<VacationState>;
  /** The vacations of these users, by id; unknown ids are left out. */
  vacationsOf(userIds: readonly string[]): Promise<Map<string, VacationState>>;
  setVacation(userId: string, state: VacationState): Promise<void>;
  /** Records a vacation of the user that ended. */
  addVacationSpan(userId: string, span: VacationSpan): Promise<void>;
  /** The user's recorded vacations that ended after `from`, by start: the first `limit`. */
  vacationSpansEndedAfter(userId: string, from: number, limit: number): Promise<VacationSpan[]>;
  /** Forgets the user's recorded vacations that ended at `until` or before. */
  dropVacationSpansEndedBy(userId: string, until: number): Promise<void>;
}
