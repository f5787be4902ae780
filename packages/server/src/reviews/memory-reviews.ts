/** The stored reviews in memory (../storage/memory-storage.ts). */
import type { Journal } from '../storage/memory-storage.js';
import type { ReviewRepository, StoredReview } from './review-repository.js';

export interface ReviewTable {
  /** The reviews by game id. */
  readonly reviews: Map<number, StoredReview>;
  /** When each game's review being made was claimed (ms), by game id. */
  readonly claims: Map<number, number>;
}

export function makeReviewTable(): ReviewTable {
  return { reviews: new Map(), claims: new Map() };
}

export class MemoryReviews implements ReviewRepository {
  constructor(
    private readonly table: ReviewTable,
    private readonly journal: Journal,
  ) {}

  of(gameId: number): Promise<StoredReview | undefined> {
    return Promise.resolve(this.table.reviews.get(gameId));
  }

  add(review: StoredReview): Promise<boolean> {
    if (this.table.reviews.has(review.gameId)) return Promise.resolve(false);
    this.journal.set(this.table.reviews, review.gameId, structuredClone(review));
    return Promise.resolve(true);
  }

  claim(gameId: number, at: number, staleBefore: number): Promise<boolean> {
    const claimed = this.table.claims.get(gameId);
    if (claimed !== undefined && claimed >= staleBefore) return Promise.resolve(false);
    this.journal.set(this.table.claims, gameId, at);
    return Promise.resolve(true);
  }

  claimedAt(gameId: number): Promise<number | undefined> {
    return Promise.resolve(this.table.claims.get(gameId));
  }

  release(gameId: number, at: number): Promise<void> {
    if (this.table.claims.get(gameId) === at) this.journal.delete(this.table.claims, gameId);
    return Promise.resolve();
  }
}
