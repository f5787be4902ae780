/**
 * @tactica/tactorus — Tactorus, the war game of secret simultaneous orders: the rules engine (scheduling with every
 * restriction, the capture and elimination stages, the end rules), per-player observations that hide the other
 * side's orders, the game's own commands (customize, rule changes), the record of a game read from the core
 * simultaneous session's line (its one authority), and (async, over the platform's Web Crypto) the `++Tactorus`
 * game export and the encrypted `++TacMoves` order export for play by e-mail.
 *
 *   import { tactorus } from '@tactica/tactorus';
 *   let s = tactorus.initial();
 *   s = tactorus.play(s, { type: 'order', player: 0, from: 84, to: 64 });
 *   const core = unwrap(createSimultaneousSession(tactorus, { now }));   // @tactica/core: a game's authority
 */
export * from './board.js';
export * from './command.js';
export * from './customize.js';
export * from './game.js';
export * from './notation.js';
export * from './observation.js';
export * from './position.js';
export * from './resolve.js';
export * from './schedule.js';
export * from './state.js';
export * from './game-file.js';
export * from './memo.js';
export * from './orders-file.js';
export * from './rebuild.js';
export * from './record.js';
export {
  fingerprint,
  fromHex,
  generateSigningKeys,
  newGameId,
  sha256Hex,
  toHex,
  type SigningKeys,
} from './web-crypto.js';
export * from './line.js';
export * from './session.js';
export * from './render.js';
export * from './simulate.js';
export * from './evaluate.js';
export * from './attractor.js';
export * from './codes.js';
