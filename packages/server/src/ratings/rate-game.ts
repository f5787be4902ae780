/**
 * A rated game's end: both players' Glicko-2 ratings in the game's family updated, as one rating period per game,
 * in the transaction that ends the game (so a game never ends without its ratings, nor the reverse).
 */
import { NEW_PLAYER, updateGlicko, type Glicko } from './glicko2.js';
import type { RatingRepository, StoredRating } from './rating-repository.js';

/** A finished game as its rating sees it: who played each seat and how it ended. */
export interface RatedResult {
  readonly family: string;
  readonly players: readonly [string, string];
  readonly outcome: { readonly kind: string; readonly winner?: 0 | 1 };
}

export async function rateGame(ratings: RatingRepository, game: RatedResult, now: number): Promise<void> {
  const [a, b] = game.players;
  const ratingOf = async (userId: string): Promise<Glicko & { games: number }> =>
    (await ratings.of(userId, game.family)) ?? { ...NEW_PLAYER, games: 0 };
  const ra = await ratingOf(a);
  const rb = await ratingOf(b);
  const scoreA = game.outcome.kind === 'draw' ? 0.5 : game.outcome.winner === 0 ? 1 : 0;
  const na = updateGlicko(ra, [{ opponent: rb, score: scoreA }]);
  const nb = updateGlicko(rb, [{ opponent: ra, score: 1 - scoreA }]);
  const stored = (userId: string, r: Glicko, games: number): StoredRating => ({
    userId,
    family: game.family,
    rating: r.rating,
    deviation: r.deviation,
    volatility: r.volatility,
    games,
    updatedAt: now,
  });
  await ratings.put(stored(a, na, ra.games + 1));
  await ratings.put(stored(b, nb, rb.games + 1));
}
