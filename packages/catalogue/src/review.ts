/**
 * The computer review of any game's line, asked the same way for every game: each position searched by the game's
 * own engine (a simultaneous game's rounds judged side by side) on the game's review scale (`setup.review`).
 *
 *   const review = await reviewGame(setup, imported.history, { depth: 6 });
 */
import type { GameReview, ReviewLimits } from '@tactica/ai/review';
import type { History } from '@tactica/core';
import type { AnyGameSetup, EngineLoadOptions } from './types.js';

/**
 * The review of the line's moves up to its cursor (moves taken back are not the game's). `engine`: the review
 * engine's endgame databases (`loadReviewEngine`'s; a page passes the address its listing gives its engines).
 */
export async function reviewGame(
  setup: AnyGameSetup,
  history: History<unknown, unknown>,
  limits: ReviewLimits = {},
  engine: Pick<EngineLoadOptions, 'endgames'> = {},
): Promise<GameReview> {
  const moves = history.moves.slice(0, history.cursor);
  // Loaded when a review is asked for: a page that lists the games loads no engine code (loading.test.ts).
  const { reviewLine, reviewRounds } = await import('@tactica/ai/review');
  if (setup.dynamics === 'simultaneous') {
    return reviewRounds(await setup.loadRoundJudge(), history.start, moves, setup.review, limits);
  }
  const reviewer = await setup.loadReviewEngine(engine);
  // An engine that loads what it searches a position with (a page's endgame databases, fetched) is given every
  // position of the line first: the review's searches themselves are synchronous.
  if (reviewer.prepare) {
    let s = history.start;
    await reviewer.prepare(s);
    for (const m of moves) {
      s = setup.game.play(s, m);
      await reviewer.prepare(s);
    }
  }
  return reviewLine(setup.game, reviewer, history.start, moves, setup.review, limits);
}
