/**
 * Game review, for any game: `reviewLine` for sequential games (each position searched by the game's engine),
 * `reviewRounds` for simultaneous ones (each side's orders judged against the engine's in the round played), both
 * on a game's `ReviewScale` (its catalogue entry's). See docs/games/*.md, "Review", for each game's scale.
 *
 *   const review = reviewLine(game, engine, start, moves, scale, { depth: 6 });
 *   review.plies[12].mark === 'blunder'; review.plies[12].line; review.players[0].averageLoss
 */
export * from './types.js';
export { markOf, normalise, summarise } from './scale.js';
export { reviewLine, reviewLineAsync, reviewSearches, type ReviewSearch } from './review-line.js';
export { reviewRounds, type PlayedRound, type RoundJudge } from './review-rounds.js';
export { evalAfter, formatScore, reviewComment, summaryText } from './text.js';
