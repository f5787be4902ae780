/**
 * The port of the e-mail gateway's own state: each user's addresses and the claims waiting for their confirmation,
 * mail settings, subscriptions to boards, the secret tokens of per-board reply addresses, premoves waiting for their
 * turn, submitted moves waiting for their confirm, mail counts per sender and window, and the Message-IDs already
 * carried out. The rules (how many addresses, when a claim is busy, what a token looks like) are the domain's
 * (./store.ts); a repository keeps and finds. Adapters: ./kysely-mail.ts (SQLite, PostgreSQL), ./memory-mail.ts;
 * both pass ./mail-repository-conformance.ts.
 */

export const NOTIFY_MODES = ['all', 'turn', 'off'] as const;
export type NotifyMode = (typeof NOTIFY_MODES)[number];

export interface MailSettings {
  readonly notify: NotifyMode;
  /** The most games in progress the user takes on by challenge; null: no limit. */
  readonly limit: number | null;
  /** Opted in to pbmserv's broadcasts (absent: not). */
  readonly broadcast?: true;
  /** Opted in to a mail when their turn comes in a correspondence game (absent: not; ./turn-mail.ts). */
  readonly turnMail?: true;
}

/** An address asked for and waiting for the token mailed to it to come back, known by the token's hash. */
export interface StoredClaim {
  readonly tokenHash: string;
  readonly address: string;
  readonly userId: string;
  readonly createdAt: number;
  readonly expiresAt: number;
}

/** The secret of a player's reply address for a board. */
export interface BoardToken {
  readonly gameId: number;
  readonly token: string;
}

/** A premove: played when its player's turn comes, the oldest first. */
export interface Premove {
  readonly id: number;
  readonly userId: string;
  readonly move: string;
}

/** A submitted move waiting for its confirm, bound to the game's version it was previewed on. */
export interface PendingMove {
  readonly move: string;
  readonly version: number;
}

/**
 * Thrown by an adapter when an address it is to give a user is another user's (two changes raced): nothing of the
 * change is kept.
 */
export class AddressTakenError extends Error {
  constructor(readonly address: string) {
    super(`${address} belongs to another user`);
    this.name = 'AddressTakenError';
  }
}

export interface MailRepository {
  // Addresses: one user per address; a user's are listed in the order they were given (the first gets replies).

  /** The user's confirmed addresses, in their order. */
  addressesOf(userId: string): Promise<string[]>;
  /** Every confirmed address of each of these users (users without one are left out). */
  addressesOfAll(userIds: readonly string[]): Promise<Map<string, string[]>>;
  /** Who has this (lower-cased) address. */
  ownerOf(address: string): Promise<string | undefined>;
  /** The first of these addresses that another user than `userId` has. */
  takenFrom(userId: string, addresses: readonly string[]): Promise<string | undefined>;
  /**
   * The user's addresses become `addresses`, in that order, and every claim on them lapses.
   * AddressTakenError when one is another user's.
   */
  replaceAddresses(userId: string, addresses: readonly string[], at: number): Promise<void>;
  /** Drops the user's addresses that are not in `keep`. */
  keepAddresses(userId: string, keep: readonly string[]): Promise<void>;
  /** Adds one address after the ones the user has. AddressTakenError when it is another user's. */
  appendAddress(userId: string, address: string, at: number): Promise<void>;

  // Claims: an address a user asked for, waiting for confirmation; several users' claims on one address may wait.

  /** Adds claims (each known by its token's hash). */
  addClaims(claims: readonly StoredClaim[]): Promise<void>;
  /** The claim whose token has this hash, lapsed or not. */
  claimByHash(tokenHash: string): Promise<StoredClaim | undefined>;
  /** How many claims wait on each of these addresses (addresses with none are left out). */
  claimsOn(addresses: readonly string[]): Promise<Map<string, number>>;
  /** The addresses the user claims that have not lapsed at `now`, by address. */
  claimedBy(userId: string, now: number): Promise<string[]>;
  /** Drops every claim of the user. */
  dropClaimsOf(userId: string): Promise<void>;
  /** Drops every claim on the address (it was confirmed). */
  dropClaimsOn(address: string): Promise<void>;
  /** Drops the claims lapsed at `now`. */
  dropLapsedClaims(now: number): Promise<void>;

  /** Whether changes of a game may need mails or premoves: a player has an address, a subscriber with one follows
   * it, or a premove waits on it. One question, asked for every game that changes. */
  mailInvolved(gameId: number, playerIds: readonly string[]): Promise<boolean>;

  // Settings.

  /** The settings each of these users has set (users who never set any are left out). */
  settingsOf(userIds: readonly string[]): Promise<Map<string, MailSettings>>;
  /** Sets the user's settings (made if new). */
  putSettings(userId: string, settings: MailSettings): Promise<void>;
  /** The users who opted in to broadcasts, at most `limit`, in a stable order. */
  broadcastUsers(limit: number): Promise<string[]>;

  // Subscriptions.

  /** Subscribes the user to the board; false when they were already. */
  subscribe(gameId: number, userId: string, at: number): Promise<boolean>;
  /** False when they were not subscribed. */
  unsubscribe(gameId: number, userId: string): Promise<boolean>;
  /** How many subscribers the board has, and how many boards the user is subscribed to. */
  subscriptionCounts(gameId: number, userId: string): Promise<{ readonly board: number; readonly user: number }>;
  /** The board's subscribers (user ids, in no particular order). */
  subscribersOf(gameId: number): Promise<string[]>;

  // Reply tokens: one per user and board, and no two alike.

  tokenOf(gameId: number, userId: string): Promise<string | undefined>;
  /** Gives the user this token for the board; false (nothing changed) when they have one there already. */
  addToken(gameId: number, userId: string, token: string, at: number): Promise<boolean>;
  /** Whose token this is on that board. */
  tokenOwner(gameId: number, token: string): Promise<string | undefined>;
  /** Rotation: every token of the user goes, and these take their places (the old ones are refused from now on). */
  replaceTokens(userId: string, tokens: readonly BoardToken[], at: number): Promise<void>;

  // Premoves, played in the order queued.

  /** The user's premoves on the board, the oldest first. */
  queued(gameId: number, userId: string): Promise<Premove[]>;
  /** Every premove on the board, the oldest first. */
  queuedOnBoard(gameId: number): Promise<Premove[]>;
  /** Queues these moves after the user's others on the board, in this order. */
  enqueue(gameId: number, userId: string, moves: readonly string[], at: number): Promise<void>;
  /** Drops the user's premoves on the board: how many there were. */
  clearQueue(gameId: number, userId: string): Promise<number>;
  /** Takes one premove off the queue: false when it was gone (another instance took it first). */
  dequeue(id: number): Promise<boolean>;

  // Submitted moves waiting for their confirm: one per user and board, the newest replacing the one before.

  setPending(gameId: number, userId: string, pending: PendingMove, at: number): Promise<void>;
  /** Takes the pending move off and returns it, once: a second take (or a racing one) gets nothing. */
  takePending(gameId: number, userId: string): Promise<PendingMove | undefined>;

  // Counts per key (a sender's address, `client:<ip>`, `account:<name>`) and window.

  /** Counts one more of `key` in the window starting at `windowStart`: the count with this one. */
  count(key: string, windowStart: number): Promise<number>;
  /** Takes one count of `key` back in that window (never below zero). */
  uncount(key: string, windowStart: number): Promise<void>;
  /** Forgets the counts of windows that started before `windowStart`. */
  dropWindowsBefore(windowStart: number): Promise<void>;

  // Mails carried out, by the key of their Message-ID.

  seen(messageKey: string): Promise<boolean>;
  /** Records a mail as carried out: false when it was already (a duplicate or a replay). */
  markSeen(messageKey: string, at: number): Promise<boolean>;
  /** Forgets the mails recorded before `at`. */
  forgetSeenBefore(at: number): Promise<void>;
}

/**
 * Runs a mail's command as one unit of work with its Message-ID: the first write transaction the command makes (in
 * whichever service) records `messageKey` before it commits, so the command and its record commit together or not
 * at all. `recorded` says whether it did; `duplicate` is what that write fails with when the key is there already.
 * On the databases this is `Database.unitOfWork` (./kysely-mail.ts).
 */
export type MessageUnits = <T>(
  messageKey: string,
  at: number,
  duplicate: () => Error,
  work: () => Promise<T>,
) => Promise<{ value: T; recorded: boolean }>;

/**
 * The games' reads the gateway makes (the boards of a player, listings of a family's boards), in its own words:
 * answered by the games' repository (./game-boards.ts).
 */
export interface MailBoards {
  /** The boards in progress the user plays, by board: the first `limit`. */
  inProgressOf(userId: string, limit: number): Promise<number[]>;
  /** The family's boards, the newest first, at most `limit`: in progress or finished, and played by every one of
   * `userIds`. */
  list(query: BoardQuery): Promise<BoardLine[]>;
}

export interface BoardQuery {
  readonly family: string;
  readonly status?: 'active' | 'finished';
  readonly userIds: readonly string[];
  /** `id`: by board, the newest first; `finished`: by the last change, the latest first. */
  readonly order: 'id' | 'updated';
  readonly limit: number;
}

export interface BoardLine {
  readonly id: number;
  readonly status: string;
  readonly plies: number;
  /** The stored `to_act` summary (games/summary.ts `toActOf`). */
  readonly toAct: string;
  /** The result as stored (JSON), when finished. */
  readonly result: string | null;
  readonly users: readonly [string | null, string | null];
  readonly names: readonly [string | null, string | null];
  readonly levels: readonly [string | null, string | null];
}
