/**
 * The port of tournaments: each tournament's settings and state, its entries (people, or the computer at a level)
 * and its pairings, each linked to the ordinary game it is played as. Adapters: ./kysely-tournaments.ts (SQLite,
 * PostgreSQL), ./memory-tournaments.ts; both pass ./tournament-repository-conformance.ts.
 *
 * Every change to a tournament (an entry, a start, a round paired, a result) is made in a transaction that first
 * `hold`s the tournament: PostgreSQL locks its row until the transaction ends, SQLite and memory run one
 * transaction at a time, so two instances never pair the same round twice.
 */
import type { TimeControlSpec } from '../protocol/index.js';
import type { PairingResult, TournamentKind } from './pairing/index.js';

/** `open`: taking entries; `running`: rounds being played; `finished`; `cancelled` (by its organiser, before it ran). */
export type TournamentStatus = 'open' | 'running' | 'finished' | 'cancelled';

export interface NewTournament {
  readonly name: string;
  readonly organiserId: string;
  readonly kind: TournamentKind;
  readonly family: string;
  /** The catalogue options, as JSON data (the variant among them). */
  readonly options: unknown;
  readonly variantId: string;
  /** Live (a clock) or correspondence (days per move): every game of the tournament is played under it. */
  readonly control: TimeControlSpec;
  readonly rated: boolean;
  /** Swiss: the rounds to play; set at the start for round robin and knockout; 0 for an arena. */
  readonly rounds: number;
  /** Arena: how long it runs, in ms, from its start; else null. */
  readonly durationMs: number | null;
  /** When the server starts it (null: when the organiser does). */
  readonly startsAt: number | null;
  /** The most entrants it takes. */
  readonly maxEntrants: number;
  readonly createdAt: number;
}

export interface StoredTournament extends NewTournament {
  readonly id: number;
  readonly status: TournamentStatus;
  /** The round being played (0 before the start; arena: the last wave of pairings). */
  readonly round: number;
  readonly startedAt: number | null;
  readonly finishedAt: number | null;
}

/** What a tournament's state change sets. */
export interface TournamentChange {
  readonly status?: TournamentStatus;
  readonly round?: number;
  readonly rounds?: number;
  readonly startedAt?: number;
  readonly finishedAt?: number;
}

export interface NewEntry {
  readonly tournamentId: number;
  /** A person, or null for the computer. */
  readonly userId: string | null;
  /** The computer's level (null for a person). */
  readonly level: string | null;
  readonly joinedAt: number;
}

export interface StoredEntry extends NewEntry {
  /** The entry's number in its tournament, from 1, in the order of joining: its id in the pairings. */
  readonly no: number;
  /** The seed given at the start (1: the strongest), null before. */
  readonly seed: number | null;
  readonly withdrawn: boolean;
  /** The score in the standings (game points; arena: its score), written as results come in. */
  readonly score: number;
}

export interface NewStoredPairing {
  readonly round: number;
  /** The pairing's number in its round, from 1 (a knockout's replays come after the round's first games). */
  readonly board: number;
  readonly leg: number;
  /** Entry numbers in seat 0 and seat 1 (null: a bye). */
  readonly seats: readonly [number, number | null];
  /** The game it is played as (null: a bye, or decided without one: a forfeit). */
  readonly gameId: number | null;
  readonly result: PairingResult | null;
}

export interface StoredPairing extends NewStoredPairing {
  readonly tournamentId: number;
}

export interface TournamentRepository {
  /** Adds an open tournament; its id, higher than any before. */
  create(t: NewTournament): Promise<number>;
  get(id: number): Promise<StoredTournament | undefined>;
  /**
   * The tournament, held until the transaction ends (PostgreSQL: its row locked; SQLite and memory run one
   * transaction at a time). Every change to a tournament's entries, pairings or state holds it first.
   */
  hold(id: number): Promise<StoredTournament | undefined>;
  /** Tournaments in any of `statuses`, the newest first, at most `limit`. */
  list(statuses: readonly TournamentStatus[], limit: number): Promise<StoredTournament[]>;
  /**
   * The organiser's tournaments not over (open or running), counted so that the count holds until the transaction
   * ends (PostgreSQL locks the user), as the challenges' count.
   */
  countLiveBy(organiserId: string): Promise<number>;
  /** Sets what `change` gives. */
  update(id: number, change: TournamentChange): Promise<void>;
  /** Open tournaments whose start time has come by `now`, at most `limit`, the earliest first. */
  dueToStart(now: number, limit: number): Promise<number[]>;
  /** Running tournaments' ids above `afterId`, at most `limit`, by id (a poll goes round them all in turns). */
  running(afterId: number, limit: number): Promise<number[]>;

  /** Adds an entry; its number, or undefined when the user is in already. */
  addEntry(entry: NewEntry): Promise<number | undefined>;
  /** Takes an entry out (leaving before the start): whether there was one. */
  removeEntry(tournamentId: number, no: number): Promise<boolean>;
  /** The tournament's entries, by number. */
  entries(tournamentId: number): Promise<StoredEntry[]>;
  /** How many entries each of the tournaments `ids` has (a listing's counts, in one question). */
  entryCounts(ids: readonly number[]): Promise<Map<number, number>>;
  /** The tournaments (not finished nor cancelled) `userId` has an entry in, with the entry's number. */
  entriesOf(userId: string): Promise<{ readonly tournamentId: number; readonly no: number }[]>;
  setWithdrawn(tournamentId: number, no: number): Promise<void>;
  setSeeds(tournamentId: number, seeds: ReadonlyMap<number, number>): Promise<void>;
  setScores(tournamentId: number, scores: ReadonlyMap<number, number>): Promise<void>;

  addPairings(tournamentId: number, pairings: readonly NewStoredPairing[]): Promise<void>;
  /** The tournament's pairings by round, then board. */
  pairings(tournamentId: number): Promise<StoredPairing[]>;
  /** Records a pairing's result, only while it has none: whether it had none. */
  setResult(tournamentId: number, round: number, board: number, result: PairingResult): Promise<boolean>;
  /** The pairing a game is played for, if it is a tournament's. */
  pairingOfGame(gameId: number): Promise<StoredPairing | undefined>;
}
