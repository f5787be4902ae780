/**
 * The error codes of the command line: save files and references, the Hub and DXP protocols, matches, settings. Each code is declared
 * once, here, as `area/kebab-case` (docs/developing.md, "Error codes"); a code is a contract (API answers, mail
 * replies, CLI output): never rename one. scripts/error-codes.test.ts checks every code literal in the sources is
 * declared in one vocabulary.
 */
import type { CatalogueCode } from '@tactica/catalogue';

/** @public The vocabulary itself, read by scripts/error-codes.js; the code uses its type. */
export const CLI_CODES = [
  'current/damaged',
  'current/io',

  'dxp/bad-character',
  'dxp/bad-field',
  'dxp/bad-number',
  'dxp/bad-position',
  'dxp/bad-square',
  'dxp/empty',
  'dxp/short',
  'dxp/too-long',
  'dxp/trailing',
  'dxp/unknown-message',

  'hub/bad-move',
  'hub/bad-position',
  'hub/missing-command',
  'hub/syntax',

  'match/bad-games',
  'match/bad-openings',
  'match/bad-option',
  'match/loaded',
  'match/mixed-terms',
  'match/repeated-game',

  'pdn/other-variant',

  'save/ambiguous',
  'save/gone',
  'save/no-reference',
  'save/not-found',

  'settings/io',
] as const;

/** What the command line refuses with: its own codes and the catalogue's (every game's). */
export type CliCode = CatalogueCode | (typeof CLI_CODES)[number];
