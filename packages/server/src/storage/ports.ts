/**
 * The storage the domain sees: repositories, one per concern, and transactions over them. No SQL and no Kysely
 * type crosses this line: the domain (accounts, challenges, games, mail) asks a repository for what it needs in
 * its own words, and an adapter answers — Kysely over SQLite or PostgreSQL (./kysely-storage.ts), or plain maps in
 * memory (./memory-storage.ts). Every adapter of a repository passes that repository's conformance kit.
 *
 * A repository is reached two ways: `storage.repos` (each call on its own, committed when it returns) or inside
 * `storage.transaction(work)`, where every call of `work` commits together or not at all and the events it notes
 * are heard once it commits.
 */
import type { AccountRepository } from '../accounts/account-repository.js';
import type { ChallengeRepository } from '../challenges/challenge-repository.js';
import type { ChangeEvent } from '../db/database.js';
import type { MailRepository } from '../pbm/mail-repository.js';
import type { GameRepository } from '../games/game-repository.js';
import type { ReviewRepository } from '../reviews/review-repository.js';
import type { RatingRepository } from '../ratings/rating-repository.js';
import type { TournamentRepository } from '../tournaments/tournament-repository.js';

/** Notes an event to be heard by every instance once the transaction commits (never for a rolled-back one). */
export type Notify = (event: ChangeEvent) => void;

/**
 * The repositories of one transaction (or of none: `Storage.repos`). A concern adds its repository here and in
 * both adapters' `makeRepositories`.
 */
export interface Repositories {
  readonly ratings: RatingRepository;
  /** Games, their logs and their chat (../games/game-repository.ts). */
  readonly games: GameRepository;
  readonly accounts: AccountRepository;
  readonly challenges: ChallengeRepository;
  /** The e-mail gateway's state (../pbm/mail-repository.ts). */
  readonly mail: MailRepository;
  /** Tournaments, their entries and pairings (../tournaments/tournament-repository.ts). */
  readonly tournaments: TournamentRepository;
  /** Games' computer reviews, one per game (../reviews/review-repository.ts). */
  readonly reviews: ReviewRepository;
}

export interface Storage {
  /** The repositories outside any transaction: each call commits on its own. */
  readonly repos: Repositories;
  /**
   * Runs `work` in one transaction: all its repository calls commit together, or none does when it throws (the
   * error is passed on). Transactions do not nest: inside `work`, use the repositories it is given.
   */
  transaction<T>(work: (repos: Repositories, notify: Notify) => Promise<T>): Promise<T>;
}
