/**
 * @tactica/core — what every Tactica game stands on: the `Game` contract, `Result` with coded `InputError`s,
 * players and outcomes, a seeded RNG and Zobrist keys, perft with divide, and a takeback/redo history.
 * No I/O and no Node built-ins: it runs in Node, browsers and workers.
 *
 *   import { perft, type Game } from '@tactica/core';
 *   perft(game, game.initial(), 4);
 *
 * The conformance kits are separate entries: `@tactica/core/conformance` for games,
 * `@tactica/core/game-store-conformance` for `GameStore` implementations.
 */
export type { CommandApplied, Dynamics, Game, GameInfo } from './game.js';
export { tryPlayWith } from './game.js';
export * from './history.js';
export { carryLineTexts, lineTexts, moveText } from './move-text.js';
export { numberedMoves, numberedMovesText, type NumberedMove } from './move-numbers.js';
export { countOf } from './words.js';
export { outcomeAt, positionText } from './state-memo.js';
export * from './outcome.js';
export * from './perft.js';
export * from './player.js';
export * from './result.js';
export * from './rng.js';
export { snapshot } from './snapshot.js';
export * from './clock.js';
export * from './session.js';
export * from './simultaneous-session.js';
export * from './game-store.js';
export * from './codes.js';
