/** The ratings on SQLite or PostgreSQL (the `ratings` table). */
import type { Selectable } from 'kysely';
import type { RatingsTable } from '../db/schema.js';
import type { Executor } from '../storage/kysely-storage.js';
import type { RatingRepository, StoredRating } from './rating-repository.js';

function ratingOf(row: Selectable<RatingsTable>): StoredRating {
  return {
    userId: row.user_id,
    family: row.family,
    rating: row.rating,
    deviation: row.deviation,
    volatility: row.volatility,
    games: row.games,
    updatedAt: row.updated_at,
  };
}

export class KyselyRatings implements RatingRepository {
  constructor(private readonly db: Executor) {}

  async of(userId: string, family: string): Promise<StoredRating | undefined> {
    const row = await this.db
      .selectFrom('ratings')
      .selectAll()
      .where('user_id', '=', userId)
      .where('family', '=', family)
      .executeTakeFirst();
    return row && ratingOf(row);
  }

  async put(r: StoredRating): Promise<void> {
    const values = {
      rating: r.rating,
      deviation: r.deviation,
      volatility: r.volatility,
      games: r.games,
      updated_at: r.updatedAt,
    };
    await this.db
      .insertInto('ratings')
      .values({ user_id: r.userId, family: r.family, ...values })
      .onConflict((oc) => oc.columns(['user_id', 'family']).doUpdateSet(values))
      .execute();
  }

  async ofUser(userId: string): Promise<StoredRating[]> {
    const rows = await this.db
      .selectFrom('ratings')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('family')
      .execute();
    return rows.map(ratingOf);
  }

  async standings(family: string, limit: number): Promise<StoredRating[]> {
    const rows = await this.db
      .selectFrom('ratings')
      .selectAll()
      .where('family', '=', family)
      .orderBy('rating', 'desc')
      .orderBy('games')
      .orderBy('user_id')
      .limit(limit)
      .execute();
    return rows.map(ratingOf);
  }
}
