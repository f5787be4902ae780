/**
 * The error codes of Tactrix: moves, positions and records the rules refuse. Each code is declared
 * once, here, as `area/kebab-case` (docs/developing.md, "Error codes"); a code is a contract (API answers, mail
 * replies, CLI output): never rename one. scripts/error-codes.test.ts checks every code literal in the sources is
 * declared in one vocabulary.
 */
import type { CoreCode } from '@tactica/core';

export const TACTRIX_CODES = [
  'move/cannot-afford',
  'move/no-free-square',
  'move/no-regeneroid',
  'move/not-for-sale',
  'move/not-next-to-regeneroid',
  'move/not-your-piece',
  'move/square-taken',
  'move/unknown-piece',

  'position/bad-board',
  'position/bad-number',
  'position/bad-rank',
  'position/jerk-far-row',
  'position/kings',
  'position/regeneroid-half',
  'position/regeneroids',

  'record/bad-header',
  'record/bad-number',
  'record/bad-start',
  'record/missing-start',
  // A record's move refused: `record/` and the move's code with its slash a dash (`move/illegal`).
  'record/move-bad-square',
  'record/move-cannot-afford',
  'record/move-game-over',
  'record/move-illegal',
  'record/move-no-free-square',
  'record/move-no-piece',
  'record/move-no-regeneroid',
  'record/move-not-for-sale',
  'record/move-not-next-to-regeneroid',
  'record/move-not-your-piece',
  'record/move-not-your-turn',
  'record/move-square-taken',
  'record/move-syntax',
  'record/move-unknown-piece',
  'record/syntax',

  'tutor/bad-square',
] as const;

/** What the package's functions refuse with: its own codes and the ones every game shares. */
export type TactrixCode = CoreCode | (typeof TACTRIX_CODES)[number];
