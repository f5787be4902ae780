/**
 * The port of stored game reviews: one computer review per game, made once and kept (../reviews/review-service.ts
 * computes it in the engine pool), and the claims of those being made, so that every instance knows one is. Adapters: ./kysely-reviews.ts (SQLite, PostgreSQL), ./memory-reviews.ts; both
 * pass ./review-repository-conformance.ts.
 */
import type { GameReview } from '@tactica/ai/review';

export interface StoredReview {
  readonly gameId: number;
  /** The game's version the review was made of (a finished game's last). */
  readonly version: number;
  /** Who asked for it first (their fair share paid for it). */
  readonly requestedBy: string;
  readonly review: GameReview;
  readonly createdAt: number;
}

export interface ReviewRepository {
  /** The game's stored review, if it has one. */
  of(gameId: number): Promise<StoredReview | undefined>;
  /**
   * Stores the game's review, once: false (nothing written) when the game has one already, so that two instances
   * that both computed it keep the first.
   */
  add(review: StoredReview): Promise<boolean>;
  /**
   * Claims the making of the game's review at `at` (ms), shared by every instance on the storage: true when the
   * caller is to make it — the game had no claim, or only one made before `staleBefore` (its maker stopped, or
   * overran: taken over). Of callers at once, exactly one gets true (insert-if-absent, then a conditional update).
   */
  claim(gameId: number, at: number, staleBefore: number): Promise<boolean>;
  /** When the game's review was claimed (ms), if it is being made (or its maker stopped). */
  claimedAt(gameId: number): Promise<number | undefined>;
  /** Drops the claim made at `at` (a review stored or failed); one that took it over since is kept. */
  release(gameId: number, at: number): Promise<void>;
}
