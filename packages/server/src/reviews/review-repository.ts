/**
 * The port of stored game reviews: one computer review per game, made once and kept (../reviews/review-service.ts
 * computes it in the engine pool). Adapters: ./kysely-reviews.ts (SQLite, PostgreSQL), ./memory-reviews.ts; both
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
}
