/** The stored reviews on SQLite or PostgreSQL (the `game_reviews` table, migration 013-reviews). */
import type { GameReview } from '@tactica/ai/review';
import type { Executor } from '../storage/kysely-storage.js';
import type { ReviewRepository, StoredReview } from './review-repository.js';

export class KyselyReviews implements ReviewRepository {
  constructor(private readonly db: Executor) {}

  async of(gameId: number): Promise<StoredReview | undefined> {
    const row = await this.db.selectFrom('game_reviews').selectAll().where('game_id', '=', gameId).executeTakeFirst();
    if (!row) return undefined;
    return {
      gameId: row.game_id,
      version: row.version,
      requestedBy: row.requested_by,
      review: JSON.parse(row.review) as GameReview,
      createdAt: Number(row.created_at),
    };
  }

  async add(r: StoredReview): Promise<boolean> {
    const result = await this.db
      .insertInto('game_reviews')
      .values({
        game_id: r.gameId,
        version: r.version,
        requested_by: r.requestedBy,
        review: JSON.stringify(r.review),
        created_at: r.createdAt,
      })
      .onConflict((oc) => oc.column('game_id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }
}
