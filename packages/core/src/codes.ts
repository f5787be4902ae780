/**
 * The error codes of core: the codes shared by every game (a move, a position, a record that any game may refuse with), a session's,
 * a snapshot's and a store's. Each code is declared
 * once, here, as `area/kebab-case` (docs/developing.md, "Error codes"); a code is a contract (API answers, mail
 * replies, CLI output): never rename one. scripts/error-codes.test.ts checks every code literal in the sources is
 * declared in one vocabulary.
 */
import { STORE_ERROR_CODES } from './game-store.js';

export const CORE_CODES = [
  ...STORE_ERROR_CODES,

  'command/bad-score',
  'command/game-over',
  'command/syntax',

  'move/bad-square',
  'move/blocked',
  'move/game-over',
  'move/illegal',
  'move/no-piece',
  'move/not-your-turn',
  'move/syntax',
  'move/which-player',
  'move/wrong-player',

  'position/bad-clock',
  'position/bad-piece',
  'position/bad-side',
  'position/bad-square',
  'position/done',
  'position/syntax',

  'record/after-result',
  'record/bad-line',
  'record/bad-move-number',
  'record/bad-result',
  'record/result-mismatch',

  'session/already-submitted',
  'session/bad-clock',
  'session/bad-command',
  'session/bad-move',
  'session/bad-player',
  'session/bad-seat',
  'session/bad-time',
  'session/draw-already-offered',
  'session/game-over',
  'session/illegal-move',
  'session/no-clock',
  'session/no-commands',
  'session/no-draw-offer',
  'session/not-computer',
  'session/not-ended',
  'session/not-your-turn',
  'session/nothing-to-redo',
  'session/nothing-to-take-back',
  'session/nothing-to-withdraw',
  'session/redo-not-allowed',
  'session/sequential',
  'session/simultaneous',
  'session/stale-version',
  'session/takeback-not-allowed',
  'session/time-up',

  'snapshot/bad-command',
  'snapshot/bad-field',
  'snapshot/bad-json',
  'snapshot/bad-move',
  'snapshot/bad-position',
  'snapshot/other-game',
] as const;

export type CoreCode = (typeof CORE_CODES)[number];
