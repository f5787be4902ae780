/** The ratings in memory (../storage/memory-storage.ts). */
import type { Journal } from '../storage/memory-storage.js';
import type { RatingRepository, StoredRating } from './rating-repository.js';

/** The ratings by `user id + "\n" + family`. */
export type RatingTable = Map<string, StoredRating>;

const keyOf = (userId: string, family: string): string => `${userId}\n${family}`;

export class MemoryRatings implements RatingRepository {
  constructor(
    private readonly table: RatingTable,
    private readonly journal: Journal,
  ) {}

  of(userId: string, family: string): Promise<StoredRating | undefined> {
    return Promise.resolve(this.table.get(keyOf(userId, family)));
  }

  put(r: StoredRating): Promise<void> {
    this.journal.set(this.table, keyOf(r.userId, r.family), { ...r });
    return Promise.resolve();
  }

  ofUser(userId: string): Promise<StoredRating[]> {
    const mine = [...this.table.values()].filter((r) => r.userId === userId);
    return Promise.resolve(mine.sort((a, b) => (a.family < b.family ? -1 : a.family > b.family ? 1 : 0)));
  }

  standings(family: string, limit: number): Promise<StoredRating[]> {
    const all = [...this.table.values()].filter((r) => r.family === family);
    all.sort(
      (a, b) => b.rating - a.rating || a.games - b.games || (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0),
    );
    return Promise.resolve(all.slice(0, Math.max(0, limit)));
  }
}
