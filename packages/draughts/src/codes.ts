/**
 * The error codes of draughts: FEN, PDN, diagrams and moves the draughts rules refuse. Each code is declared
 * once, here, as `area/kebab-case` (docs/developing.md, "Error codes"); a code is a contract (API answers, mail
 * replies, CLI output): never rename one. scripts/error-codes.test.ts checks every code literal in the sources is
 * declared in one vocabulary.
 */
import type { CoreCode } from '@tactica/core';

export const DRAUGHTS_CODES = [
  'diagram/bad-piece',
  'diagram/row-length',
  'diagram/rows',

  'fen/bad-color',
  'fen/bad-range',
  'fen/bad-square',
  'fen/bad-turn',
  'fen/duplicate-color',
  'fen/duplicate-square',
  'fen/empty',
  'fen/missing-color',
  'fen/syntax',

  'move/ambiguous',

  'pdn/ambiguous-move',
  'pdn/bad-fen',
  'pdn/bad-game-type',
  'pdn/bad-move',
  'pdn/bad-result',
  'pdn/bad-tag',
  'pdn/empty',
  'pdn/illegal-move',
  'pdn/no-game-type',
  'pdn/result-mismatch',
  'pdn/too-deep',
  'pdn/too-long',
  'pdn/too-many-tags',
  'pdn/unbalanced-variation',
  'pdn/unexpected-character',
  'pdn/unsupported-game-type',
  'pdn/unterminated-comment',
  'pdn/unterminated-variation',
] as const;

/** What the package's functions refuse with: its own codes and the ones every game shares. */
export type DraughtsCode = CoreCode | (typeof DRAUGHTS_CODES)[number];
