/**
 * The port of players' ratings: one Glicko-2 rating per user and game family, with the number of rated games it
 * counts. Adapters: ./kysely-ratings.ts (SQLite, PostgreSQL), ./memory-ratings.ts; both pass
 * ./rating-repository-conformance.ts.
 */
import type { Glicko } from './glicko2.js';

export interface StoredRating extends Glicko {
  readonly userId: string;
  readonly family: string;
  /** Rated games played in the family. */
  readonly games: number;
  readonly updatedAt: number;
}

export interface RatingRepository {
  /** The user's rating in the family, if they have played a rated game of it. */
  of(userId: string, family: string): Promise<StoredRating | undefined>;
  /** Sets the user's rating in the family (made if new). */
  put(rating: StoredRating): Promise<void>;
  /** The user's ratings, one per family played, by family name. */
  ofUser(userId: string): Promise<StoredRating[]>;
  /** The family's best `limit` ratings, the highest first (ties: fewer games first, then the user id). */
  standings(family: string, limit: number): Promise<StoredRating[]>;
}
