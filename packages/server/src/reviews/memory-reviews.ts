/** The stored reviews in memory (../storage/memory-storage.ts). */
import type { Journal } from '../storage/memory-storage.js';
import type { ReviewRepository, StoredReview } from './review-repository.js';

/** The reviews by game id. */
export type ReviewTable = Map<number, StoredReview>;

export class MemoryReviews implements ReviewRepository {
  constructor(
    private readonly table: ReviewTable,
    private readonly journal: Journal,
  ) {}

  of(gameId: number): Promise<StoredReview | undefined> {
    return Promise.resolve(this.table.get(gameId));
  }

  add(review: StoredReview): Promise<boolean> {
    if (this.table.has(review.gameId)) return Promise.resolve(false);
    this.journal.set(this.table, review.gameId, structuredClone(review));
    return Promise.resolve(true);
  }
}
