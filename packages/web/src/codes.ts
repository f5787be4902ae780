/**
 * The error codes of the web app: files a player opens, and the network. Each code is declared
 * once, here, as `area/kebab-case` (docs/developing.md, "Error codes"); a code is a contract (API answers, mail
 * replies, CLI output): never rename one. scripts/error-codes.test.ts checks every code literal in the sources is
 * declared in one vocabulary.
 */
import type { DomainCode } from '@tactica/server/protocol';

/** @public The vocabulary itself, read by scripts/error-codes.js; the code uses its type. */
export const WEB_CODES = [
  'file/bad-json',
  'file/binary',
  'file/too-large',
  'file/unavailable',
  'file/unknown-kind',
  'file/unreadable',

  'network/unreachable',
] as const;

type WebCode = (typeof WEB_CODES)[number];

/** An HTTP failure that came with no refusal body (a proxy's 502): `http/` and its status. */
type HttpStatusCode = `http/${number}`;

/** What a refusal the web app shows may carry: the server's codes (on the wire), the app's own, a bare HTTP status. */
export type RefusalCode = DomainCode | WebCode | HttpStatusCode;
