/**
 * The port of stored games: each game's record (its head, its summary and what the server keeps beside the
 * session), its move log, and its chat. The domain (./service.ts and its neighbours) reads and writes games only
 * here. Adapters: ./kysely-games.ts (SQLite, PostgreSQL), ./memory-games.ts; both pass
 * ./game-repository-conformance.ts.
 */
import type { ChangeEvent } from '../bus/change-bus.js';
import type { LogChange } from './move-log.js';

export type GameStatus = 'active' | 'finished';

/** Two seats' worth of something: seat 0's, then seat 1's. */
type Seats<T> = readonly [T, T];

/** A game as stored, without its log. Text fields are JSON the domain writes and reads; the storage keeps them as given. */
export interface GameRecord {
  readonly id: number;
  readonly family: string;
  readonly variantId: string;
  /** JSON: the catalogue options the game was set up with. */
  readonly options: string;
  readonly rated: boolean;
  readonly status: GameStatus;
  /** The users in the seats (null: the computer, or nobody). */
  readonly users: Seats<string | null>;
  /** The computer's level in a seat it plays. */
  readonly levels: Seats<string | null>;
  /** Raised by one with every accepted change: what a compare-and-set compares. */
  readonly version: number;
  /** JSON: the stored game without its moves (./move-log.ts). */
  readonly head: string;
  /** JSON: the time control. */
  readonly control: string;
  /** When the next timeout is due, if any. */
  readonly deadlineAt: number | null;
  /** JSON: what the server keeps beside the session (./live-game.ts `GameMeta`). */
  readonly meta: string;
  /** JSON: the outcome, once finished. */
  readonly result: string | null;
  readonly createdAt: number;
  readonly updatedAt: number;
  // The summary the listings read (./summary.ts), written with every change.
  readonly plies: number;
  readonly lastMove: string | null;
  /** The seats to act as digits (`0`, `1`, `01`; empty: nobody). */
  readonly toAct: string;
}

/** A game to store: its record but the id, which the storage gives, and its whole log. */
export interface NewGameRecord extends Omit<GameRecord, 'id'> {
  readonly log: readonly string[];
}

/** A game as read back: its record, its players' names, and its log (undefined when the stored log is damaged). */
export interface StoredGame extends GameRecord {
  readonly names: Seats<string | null>;
  readonly log: readonly string[] | undefined;
}

/** What a change writes: the fields that follow a transition, and what it does to the log (if anything). */
export interface GameChange {
  readonly version: number;
  readonly head: string;
  readonly meta: string;
  readonly status: GameStatus;
  readonly result: string | null;
  readonly deadlineAt: number | null;
  readonly updatedAt: number;
  readonly plies: number;
  readonly lastMove: string | null;
  readonly toAct: string;
  readonly log?: LogChange;
}

/** A game in a listing: its summary, never its head or log. */
export interface ListedGame {
  readonly id: number;
  readonly family: string;
  readonly variantId: string;
  readonly status: GameStatus;
  readonly result: string | null;
  readonly users: Seats<string | null>;
  readonly names: Seats<string | null>;
  readonly levels: Seats<string | null>;
  readonly plies: number;
  readonly lastMove: string | null;
  readonly toAct: string;
  readonly createdAt: number;
  readonly updatedAt: number;
}

export interface GameQuery {
  readonly family?: string;
  readonly status?: GameStatus;
  /** Games every one of these users plays in. */
  readonly players?: readonly string[];
  /** `newest`: by id, the newest first (a move changes no indexed column); `changed`: the last changed first. */
  readonly order: 'newest' | 'changed';
  readonly limit: number;
}

/** A chat line as stored, with its sender's name (null: the sender is gone, or it was the server). */
export interface StoredChatLine {
  readonly id: number;
  readonly gameId: number;
  readonly userId: string | null;
  readonly name: string | null;
  readonly text: string;
  readonly at: number;
}

export interface GameRepository {
  /** Stores a new game with its log; its id. */
  insert(game: NewGameRecord): Promise<number>;
  /** The game with its players' names and its log, if there is one of that id. */
  read(id: number): Promise<StoredGame | undefined>;
  /** The game's stored version, if there is one of that id. */
  versionOf(id: number): Promise<number | undefined>;
  /**
   * A compare-and-set: writes `change` (and its log rows) only if the game still has `expectedVersion`, and then
   * publishes `events` when it commits. True when the game changed. Outside a transaction the storage may write
   * many games' changes together (a group commit), each still its own compare-and-set.
   */
  update(id: number, expectedVersion: number, change: GameChange, events: readonly ChangeEvent[]): Promise<boolean>;
  /** The outcomes (JSON) of those of `ids` that are finished, by id; games in progress or unknown are left out. */
  resultsOf(ids: readonly number[]): Promise<Map<number, string>>;
  /** Sets when the game's next timeout is due, if it still has `version`. */
  setDeadline(id: number, version: number, deadlineAt: number | null): Promise<void>;
  /** Listed games, their summaries only. */
  list(query: GameQuery): Promise<ListedGame[]>;
  /** The ids of the games in progress `userId` plays, by id: those after id `after`, at most `limit` (a page). */
  activeIdsOf(userId: string, after: number, limit: number): Promise<number[]>;
  /**
   * The ids of games in progress whose timeout is due by `now`, the earliest first, at most `limit`. Inside a
   * transaction the games are held until it ends, and games another transaction holds are passed over (so
   * instances sharing a database each take their own).
   */
  takeDue(now: number, limit: number): Promise<number[]>;
  /**
   * The ids of games in progress with the computer in a seat, last changed at or before `before`, by id: those
   * after id `after`, at most `limit` (a page).
   */
  withComputerIdleSince(before: number, after: number, limit: number): Promise<number[]>;
  /**
   * How many games against the computer `userId` has in progress, and has started since `since`. Inside a
   * transaction the counts hold until it ends (another transaction counting for the same user waits).
   */
  computerGamesOf(userId: string, since: number): Promise<{ readonly active: number; readonly startedSince: number }>;
  /**
   * How many games between people `userId` has in progress (a person in each seat, not `userId` in both). Inside a
   * transaction the count holds until it ends (another transaction counting for the same user waits).
   */
  gamesAgainstPeopleOf(userId: string): Promise<number>;
  /** Adds a chat line to the game; its id, or undefined when there is no such game. */
  addChat(line: Omit<StoredChatLine, 'id' | 'name'>): Promise<number | undefined>;
  /** The game's last `limit` chat lines, oldest first. */
  chatOf(gameId: number, limit: number): Promise<StoredChatLine[]>;
}
