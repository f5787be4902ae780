/**
 * The stored reviews on SQLite or PostgreSQL (the `game_reviews` table, migration 013-reviews) and the claims of
 * those being made (`review_claims`, migration 015-review-claims).
 */
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

  async claim(gameId: number, at: number, staleBefore: number): Promise<boolean> {
    const inserted = await this.db
      .insertInto('review_claims')
      .values({ game_id: gameId, claimed_at: at })
      .onConflict((oc) => oc.column('game_id').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return true;
    // A stale claim is taken over by one caller: the row is locked by the first update, and the others' condition,
    // checked again on the updated row, no longer holds.
    const updated = await this.db
      .updateTable('review_claims')
      .set({ claimed_at: at })
      .where('game_id', '=', gameId)
      .where('claimed_at', '<', staleBefore)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) > 0;
  }

  async claimedAt(gameId: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('review_claims')
      .select('claimed_at')
      .where('game_id', '=', gameId)
      .executeTakeFirst();
    return row ? Number(row.claimed_at) : undefined;
  }

  async release(gameId: number, at: number): Promise<void> {
    await this.db.deleteFrom('review_claims').where('game_id', '=', gameId).where('claimed_at', '=', at).execute();
  }
}
