/**
 * @tactica/force400 — Force 400 (Stephen Walton, Baen Software 1984): rules engine, position text, record notation.
 *
 *   import { force400 } from '@tactica/force400';
 *   const s = force400.initial();
 *   const r = force400.tryPlay(s, 'M C8-C1'); // Result: the next state, or a coded reason it is illegal
 *
 * For the computer opponent: `evaluate` (the judgement of a position), `Force400SearchPosition` (make/unmake with
 * an incremental Zobrist hash, for the AI package's searcher), `strongestAttack`/`canTakeKing` (who can take whom).
 */
export * from './actions.js';
export * from './attacks.js';
export * from './board.js';
export * from './engine.js';
export * from './evaluate.js';
export * from './game.js';
export * from './notation.js';
export * from './position-text.js';
export * from './record.js';
export * from './render.js';
export * from './replay.js';
export * from './rules.js';
export * from './saved-game.js';
export * from './search-position.js';
export * from './setup.js';
export * from './state.js';
export * from './zobrist.js';
export * from './codes.js';
