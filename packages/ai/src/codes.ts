/**
 * The error codes of the AI package: engine requests (the worker protocol), opening books and endgame databases. Each code is declared
 * once, here, as `area/kebab-case` (docs/developing.md, "Error codes"); a code is a contract (API answers, mail
 * replies, CLI output): never rename one. scripts/error-codes.test.ts checks every code literal in the sources is
 * declared in one vocabulary.
 */
import type { CoreCode } from '@tactica/core';
import { ENGINE_ERROR_CODES } from './worker/protocol.js';

export const AI_CODES = [
  ...ENGINE_ERROR_CODES,

  'book/bad-key',
  'book/duplicate-key',
  'book/header',
  'book/syntax',

  'egdb/checksum',
  'egdb/not-a-slice',
  'egdb/not-distances',
  'egdb/size',
  'egdb/version',
  'egdb/wrong-slice',
] as const;

/** What the package's functions refuse with: its own codes and the ones every game shares. */
export type AiCode = CoreCode | (typeof AI_CODES)[number];
