/**
 * The computer review of any game's line, asked the same way for every game: each position searched by the game's
 * own engine (a simultaneous game's rounds judged side by side) on the game's review scale (`setup.review`).
 *
 *   const review = await reviewGame(setup, imported.history, { depth: 6 });
 */
import type { GameReview, ReviewLimits } from '@tactica/ai/review';
import type { History } from '@tactica/core';
import type { AnyGameSetup } from './types.js';

/** The review of the line's moves up to its cursor (moves taken back are not the game's). */
export async function reviewGame(
  setup: AnyGameSetup,
  history: History<unknown, unknown>,
  limits: ReviewLimits = {},
): Promise<GameReview> {
  const moves = history.moves.slice(0, history.cursor);
  // Loaded when a review is asked for: a page that lists the games loads no engine code (loading.test.ts).
  const { reviewLine, reviewRounds } = await import('@tactica/ai/review');
  if (setup.dynamics === 'simultaneous') {
    return reviewRounds(await setup.loadRoundJudge(), history.start, moves, setup.review, limits);
  }
  return reviewLine(setup.game, await setup.loadReviewEngine(), history.start, moves, setup.review, limits);
}
