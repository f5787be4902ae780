/**
 * The error codes of the catalogue: its board input, game options, records and stored games, over every game's own codes. Each code is declared
 * once, here, as `area/kebab-case` (docs/developing.md, "Error codes"); a code is a contract (API answers, mail
 * replies, CLI output): never rename one. scripts/error-codes.test.ts checks every code literal in the sources is
 * declared in one vocabulary.
 */
import type { AiCode } from '@tactica/ai';
import type { CoreCode } from '@tactica/core';
import type { DraughtsCode } from '@tactica/draughts';
import type { Force400Code } from '@tactica/force400';
import type { TacticsCode } from '@tactica/tactics';
import type { TactorusCode } from '@tactica/tactorus';
import type { TactrixCode } from '@tactica/tactrix';

export const CATALOGUE_CODES = [
  'catalogue/unknown-game',

  'input/ambiguous',
  'input/bad-choice',
  'input/bad-square',
  'input/empty-square',
  'input/game-over',
  'input/illegal',
  'input/illegal-target',
  'input/no-choice',
  'input/no-move',
  'input/no-square',
  'input/no-such-action',
  'input/not-your-piece',
  'input/not-your-turn',
  'input/wrong-action',

  'move/capture-required',

  'options/bad-value',
  'options/conflict',
  'options/not-object',
  'options/unknown',

  'position/over',

  'record/bad-meta',
  'record/finished',
  'record/unknown-format',
  'record/unsupported-start',

  'stored/bad-field',
  'stored/bad-json',

  'tacmoves/bad-player',
  'tacmoves/no-signing-key',
  'tacmoves/not-done',
] as const;

/** What the catalogue's functions refuse with: its own codes and every game's, which it passes on as they are. */
export type CatalogueCode =
  | (typeof CATALOGUE_CODES)[number]
  | AiCode
  | CoreCode
  | DraughtsCode
  | Force400Code
  | TacticsCode
  | TactorusCode
  | TactrixCode;
