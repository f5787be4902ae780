/**
 * The error codes of Force 400: moves, positions, records, saved games and handicaps the rules refuse. Each code is declared
 * once, here, as `area/kebab-case` (docs/developing.md, "Error codes"); a code is a contract (API answers, mail
 * replies, CLI output): never rename one. scripts/error-codes.test.ts checks every code literal in the sources is
 * declared in one vocabulary.
 */
import type { CoreCode } from '@tactica/core';

export const FORCE400_CODES = [
  'move/bad-amount',
  'move/bad-letter',
  'move/enemy-receiver',
  'move/missing-amount',
  'move/no-man',
  'move/no-receiver',
  'move/not-a-line',
  'move/not-king',
  'move/not-your-man',
  'move/own-man',
  'move/same-square',
  'move/too-much',
  'move/weak-king',
  'move/zero-force',

  'position/bad-ending',
  'position/bad-force',
  'position/bad-man',
  'position/bad-move-number',
  'position/bad-wait',
  'position/duplicate-square',
  'position/no-kings',
  'position/two-kings',

  'record/after-end',
  'record/bad-handicap',
  'record/bad-ply',
  'record/bad-resignation',
  'record/bad-stop',
  'record/illegal-ply',
  'record/wrong-result',

  'save/bad-level',
  'save/bad-line',
  'save/finished',
  'save/not-a-save',

  'setup/bad-handicap',
] as const;

/** What the package's functions refuse with: its own codes and the ones every game shares. */
export type Force400Code = CoreCode | (typeof FORCE400_CODES)[number];
