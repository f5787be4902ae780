/**
 * The error codes of Tactics: moves, positions, diagrams and records the rules refuse. Each code is declared
 * once, here, as `area/kebab-case` (docs/developing.md, "Error codes"); a code is a contract (API answers, mail
 * replies, CLI output): never rename one. scripts/error-codes.test.ts checks every code literal in the sources is
 * declared in one vocabulary.
 */
import type { CoreCode } from '@tactica/core';

export const TACTICS_CODES = [
  'diagram/bad-line',
  'diagram/bad-square',
  'diagram/line-count',

  'move/bad-direction',
  'move/frozen',
  'move/not-yours',
  'move/occupied',

  'position/bad-turn',
  'position/empty',
  'position/fields',
  'position/rank-length',
  'position/ranks',
  'position/too-many-pieces',

  'record/bad-position',
  'record/bad-tag',
  'record/duplicate-tag',
  'record/empty',
  'record/illegal-move',
  'record/moves-after-end',
  'record/wrong-game',
] as const;

/** What the package's functions refuse with: its own codes and the ones every game shares. */
export type TacticsCode = CoreCode | (typeof TACTICS_CODES)[number];
