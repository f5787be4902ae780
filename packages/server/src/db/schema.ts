/**
 * The server's tables as Kysely sees them, the same on SQLite and PostgreSQL. Times are milliseconds since the
 * epoch (int8 read back as numbers); JSON is stored as text, so one schema serves both databases.
 */
import type { ColumnType, Generated } from 'kysely';

interface UsersTable {
  readonly id: string;
  /** As the user typed it at sign-up. */
  readonly name: string;
  /** Lower-case name: unique, so "Ann" and "ann" are one user. */
  readonly name_key: string;
  readonly password_hash: string;
  readonly created_at: number;
  /** Correspondence deadlines stop while now < vacation_until. */
  readonly vacation_until: number | null;
  /**
   * When the vacation under way began (null: none, or one set before migration 006): coming back early takes back
   * the credit for the days not taken, and the days away count against the yearly allowance.
   */
  readonly vacation_since: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A vacation that ended (migration 006): the days actually away, counted against the yearly allowance. */
interface VacationsTable {
  readonly user_id: string;
  readonly started_at: number;
  readonly ended_at: number;
}

interface TokensTable {
  /** SHA-256 of the token: a stolen table reveals no usable token. */
  readonly token_hash: string;
  readonly user_id: string;
  /** `cookie` (a browser) or `bearer` (a program). */
  readonly kind: string;
  readonly created_at: number;
  readonly expires_at: number;
}

export interface GamesTable {
  readonly id: Generated<number>;
  readonly family: string;
  readonly variant_id: string;
  /** JSON: the catalogue options the game was set up with. */
  readonly options: string;
  readonly rated: number;
  /** `active`, `finished`. */
  readonly status: string;
  readonly seat0_user: string | null;
  readonly seat1_user: string | null;
  /** The computer's level in a seat it plays. */
  readonly seat0_level: string | null;
  readonly seat1_level: string | null;
  /** Raised by one with every accepted change (the session's version). */
  readonly version: number;
  /**
   * JSON: the stored game (family, options, session snapshot) without its moves, which are its rows in `game_moves`
   * (migration 008: ../games/move-log.ts). Head and log together are the truth.
   */
  readonly head: string;
  /** JSON: the time control (live clock or correspondence days). */
  readonly control: string;
  /** When the next timeout is due (a clock running out, a correspondence reminder or forfeit), if any. */
  readonly deadline_at: number | null;
  /** JSON: what the server keeps beside the session (a takeback request, when the turn began, reminders sent). */
  readonly meta: string;
  /** JSON: the outcome, once finished. */
  readonly result: string | null;
  readonly created_at: number;
  readonly updated_at: number;
  // The game's summary (migration 007), written with every change: listings read these, never the snapshot.
  /** Moves played (sequential games: the plies up to the cursor; Tactorus: the rounds played). */
  readonly plies: Generated<number>;
  /** The last move played in the game's notation (Tactorus: the last step, both sides' orders), if any. */
  readonly last_move: string | null;
  /** The seats to act now as digits (`0`, `1`, `01`); empty when nobody is (a finished game). */
  readonly to_act: Generated<string>;
}

/**
 * A game's log (migration 008): one row per entry, numbered from 0 — a move's text (sequential games: every move of
 * the line, those taken back too) or a Tactorus step as JSON. Written with the head, in one transaction.
 */
interface GameMovesTable {
  readonly game_id: number;
  readonly seq: number;
  readonly text: string;
}

export interface ChallengesTable {
  readonly id: Generated<number>;
  readonly challenger_id: string;
  /** Null for an open seek anyone may accept. */
  readonly challenged_id: string | null;
  readonly family: string;
  readonly options: string;
  readonly control: string;
  readonly rated: number;
  /** The seat the challenger asks for: `0`, `1` or `random`. */
  readonly seat: string;
  /** `open`, `accepted`, `declined`, `cancelled`. */
  readonly status: string;
  readonly game_id: number | null;
  readonly created_at: number;
  /** 1: both players agree to engine help during the game (casual games only; migration 010). */
  readonly engine_help: Generated<number>;
  /** 1: a quick-pairing request, waiting for anyone to ask for the same game and clock (migration 010). */
  readonly pairing: Generated<number>;
  /** A seek's game and clock as one text, what quick pairing matches (../challenges/pairing.ts); null otherwise. */
  readonly match_key: string | null;
}

interface ChatTable {
  readonly id: Generated<number>;
  readonly game_id: number;
  readonly user_id: string | null;
  readonly text: string;
  readonly created_at: number;
}

export interface RatingsTable {
  readonly user_id: string;
  readonly family: string;
  readonly rating: number;
  readonly deviation: number;
  readonly volatility: number;
  readonly games: number;
  readonly updated_at: number;
}

export interface SavesTable {
  readonly id: string;
  readonly owner: string;
  readonly family: string;
  readonly title: string;
  /** `titleKey(title)`: unique per owner and family. */
  readonly title_key: string;
  readonly summary: string;
  readonly version: number;
  /** ISO time of the last write. */
  readonly saved_at: string;
  /** The document as JSON. */
  readonly doc: string;
  /** The document's size in bytes (UTF-8), counted against the owner's quota (migration 006). */
  readonly doc_bytes: number;
}

// The e-mail gateway's own data (migration 003-pbm): see ../pbm/store.ts.

interface PbmAddressesTable {
  /** Lower-cased e-mail address; one user per address. */
  readonly address: string;
  readonly user_id: string;
  readonly created_at: number;
}

/** An address a user asked for, waiting for the token mailed to it to come back (migration 005). */
interface PbmAddressClaimsTable {
  /** SHA-256 of the token of the confirmation mail. */
  readonly token_hash: string;
  /** Lower-cased e-mail address. */
  readonly address: string;
  readonly user_id: string;
  readonly created_at: number;
  readonly expires_at: number;
}

interface PbmSettingsTable {
  readonly user_id: string;
  /** Which game mails the user gets: `all` (every change), `turn` (their turn and the end), `off`. */
  readonly notify: string;
  /** The most games in progress the user takes on by challenge (null: no limit). */
  readonly game_limit: number | null;
  /** 1 when the user takes pbmserv's broadcasts (opted in), else 0. */
  readonly broadcast: Generated<number>;
  /** 1 when the user asked for a mail when their turn comes in a correspondence game (off by default), else 0. */
  readonly turn_mail: Generated<number>;
}

interface PbmSubscriptionsTable {
  readonly game_id: number;
  readonly user_id: string;
  readonly created_at: number;
}

interface PbmTokensTable {
  readonly game_id: number;
  readonly user_id: string;
  /** The secret of the board's reply address `board-<game>-<token>@…`. */
  readonly token: string;
  readonly created_at: number;
}

interface PbmQueueTable {
  readonly id: Generated<number>;
  readonly game_id: number;
  readonly user_id: string;
  /** A premove in the game's notation, played when the user's turn comes. */
  readonly move: string;
  readonly created_at: number;
}

interface PbmPendingTable {
  readonly game_id: number;
  readonly user_id: string;
  /** A submitted move waiting for its confirm. */
  readonly move: string;
  /** The game's version the preview was made on: confirm plays it only there. */
  readonly version: number;
  readonly created_at: number;
}

interface PbmRateTable {
  readonly sender: string;
  /** Start of the window (ms). */
  readonly window_start: number;
  readonly count: number;
}

interface PbmSeenTable {
  /** SHA-256 of a mail's Message-ID: a mail seen once is not carried out again. */
  readonly message_key: string;
  readonly seen_at: number;
}

// Tournaments (migration 012-tournaments): see ../tournaments/tournament-repository.ts.

export interface TournamentsTable {
  readonly id: Generated<number>;
  readonly name: string;
  readonly organiser_id: string;
  /** `swiss`, `round-robin`, `knockout`, `arena`. */
  readonly kind: string;
  readonly family: string;
  readonly variant_id: string;
  /** JSON: the catalogue options every game is set up with. */
  readonly options: string;
  /** JSON: the time control every game is played under. */
  readonly control: string;
  readonly rated: number;
  readonly rounds: number;
  /** Arena: how long it runs from its start. */
  readonly duration_ms: number | null;
  /** When the server starts it (null: the organiser does). */
  readonly starts_at: number | null;
  readonly max_entrants: number;
  /** `open`, `running`, `finished`, `cancelled`. */
  readonly status: string;
  /** The round being played (0 before the start). */
  readonly round: number;
  readonly created_at: number;
  readonly started_at: number | null;
  readonly finished_at: number | null;
}

export interface TournamentEntriesTable {
  readonly tournament_id: number;
  /** The entry's number in its tournament, from 1: its id in the pairings. */
  readonly no: number;
  /** A person, or null for the computer at `level`. */
  readonly user_id: string | null;
  readonly level: string | null;
  readonly joined_at: number;
  readonly seed: number | null;
  readonly withdrawn: number;
  readonly score: number;
}

export interface TournamentPairingsTable {
  readonly tournament_id: number;
  readonly round: number;
  readonly board: number;
  readonly leg: number;
  readonly seat0: number;
  /** Null: a bye. */
  readonly seat1: number | null;
  /** The ordinary game it is played as (null: a bye or a forfeit without a game). */
  readonly game_id: number | null;
  /** The seats' points once known (null while played). */
  readonly score0: number | null;
  readonly score1: number | null;
  readonly forfeit: number;
}

// Game reviews (migration 013-reviews): see ../reviews/review-repository.ts.
interface GameReviewsTable {
  readonly game_id: number;
  readonly version: number;
  readonly requested_by: string;
  /** The review (`GameReview`) as JSON. */
  readonly review: string;
  readonly created_at: number;
}

// The reviews being made (migration 015-review-claims): see ../reviews/review-repository.ts, `claim`.
interface ReviewClaimsTable {
  readonly game_id: number;
  /** When the instance making it claimed it (ms); stale past the service's `claimMs`. */
  readonly claimed_at: number;
}

export interface Schema {
  game_reviews: GameReviewsTable;
  review_claims: ReviewClaimsTable;
  tournaments: TournamentsTable;
  tournament_entries: TournamentEntriesTable;
  tournament_pairings: TournamentPairingsTable;
  saves: SavesTable;
  vacations: VacationsTable;
  pbm_addresses: PbmAddressesTable;
  pbm_address_claims: PbmAddressClaimsTable;
  pbm_settings: PbmSettingsTable;
  pbm_subscriptions: PbmSubscriptionsTable;
  pbm_tokens: PbmTokensTable;
  pbm_queue: PbmQueueTable;
  pbm_pending: PbmPendingTable;
  pbm_rate: PbmRateTable;
  pbm_seen: PbmSeenTable;
  users: UsersTable;
  tokens: TokensTable;
  games: GamesTable;
  game_moves: GameMovesTable;
  challenges: ChallengesTable;
  chat: ChatTable;
  ratings: RatingsTable;
}
