/**
 * The port of challenges and seeks (a seek names no opponent). A challenge is made open and leaves that state once:
 * claimed by a game, declined or cancelled. Adapters: ./kysely-challenges.ts (SQLite, PostgreSQL),
 * ./memory-challenges.ts; both pass ./challenge-repository-conformance.ts.
 */
import type { SeatChoice, TimeControlSpec } from '../protocol/index.js';

export type ChallengeStatus = 'open' | 'accepted' | 'declined' | 'cancelled';

export interface NewChallenge {
  readonly challengerId: string;
  /** Null for an open seek anyone may accept. */
  readonly challengedId: string | null;
  readonly family: string;
  /** The catalogue options, as JSON data. */
  readonly options: unknown;
  readonly control: TimeControlSpec;
  readonly rated: boolean;
  /** The seat the challenger asks for. */
  readonly seat: SeatChoice;
  readonly createdAt: number;
  /** Engine help is allowed during the game, both players agreeing (casual games only). */
  readonly engineHelp: boolean;
  /** A quick-pairing request: a seek that waits for anyone asking for the same game and clock. */
  readonly pairing: boolean;
  /** A seek's game and clock as one text (./pairing.ts), what quick pairing matches; null for a challenge. */
  readonly matchKey: string | null;
}

export interface StoredChallenge extends NewChallenge {
  readonly id: number;
  readonly status: ChallengeStatus;
  /** The game made when it was accepted. */
  readonly gameId: number | null;
}

export interface ChallengeRepository {
  /** Adds an open challenge; its id, higher than any before. */
  add(challenge: NewChallenge): Promise<number>;
  get(id: number): Promise<StoredChallenge | undefined>;
  /**
   * The user's open challenges, counted so that the count holds until the transaction ends: a transaction that
   * counts the same user's meanwhile waits for it (PostgreSQL locks the user; SQLite and memory run one
   * transaction at a time). So a limit checked on it, in the transaction that adds, holds when many add at once.
   */
  countOpenOf(userId: string): Promise<number>;
  /**
   * Open challenges, newest first, at most `limit`: the seeks, and with `userId` also the challenges to and from
   * that user.
   */
  listOpen(userId: string | undefined, limit: number): Promise<StoredChallenge[]>;
  /**
   * Open seeks with `matchKey` that `userId` did not post, oldest first, at most `limit`: the games a quick-pairing
   * request of that user may join.
   */
  findSeeks(matchKey: string, userId: string, limit: number): Promise<StoredChallenge[]>;
  /** The user's open quick-pairing requests (one, unless requests crossed), oldest first. */
  pairingsOf(userId: string): Promise<StoredChallenge[]>;
  /** How many quick-pairing requests are open, everyone's. */
  countPairings(): Promise<number>;
  /**
   * Makes the transaction's quick pairing for `matchKey` wait for any other transaction's, until it ends: two
   * players asking for the same game at once are then paired, not both left waiting (PostgreSQL takes an advisory
   * lock; SQLite and memory run one transaction at a time).
   */
  lockPairing(matchKey: string): Promise<void>;
  /** Marks the challenge accepted with its game, only if it is still open: whether it was. */
  claim(id: number, gameId: number): Promise<boolean>;
  /** Marks the challenge declined or cancelled, only if it is still open: whether it was. */
  close(id: number, status: 'declined' | 'cancelled'): Promise<boolean>;
}
