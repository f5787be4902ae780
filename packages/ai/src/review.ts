/**
 * @tactica/ai/review — game review over any game's engine, without any game's code: `reviewLine` (sequential
 * games), `reviewRounds` (simultaneous games), the review scale, and a review as words. The catalogue's `reviewGame`
 * joins it to each game's engine and scale.
 *
 *   import { reviewLine } from '@tactica/ai/review';
 *   const review = reviewLine(game, engine, start, moves, scale, { depth: 6 });
 */
export * from './review/index.js';
