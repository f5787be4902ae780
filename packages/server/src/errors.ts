/**
 * The server's refusals: a stable code (`auth/bad-credentials`, `game/stale-version`), a sentence for people, and
 * the request field it is about. Every refusal is one of these; anything else reaching an edge is a bug. The domain
 * says only what went wrong: each edge turns the code into its own answer (HTTP: a status, http/statuses.ts; the
 * stream: an error message; mail: a reply).
 */
import type { CatalogueCode } from '@tactica/catalogue';
import type { InputError } from '@tactica/core';
import type { DomainCode } from './codes.js';

export type { DomainCode, ServerCode } from './codes.js';

export class DomainError extends Error {
  constructor(
    readonly code: DomainCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }

  toJSON(): { error: { code: DomainCode; message: string; field?: string } } {
    return { error: { code: this.code, message: this.message, ...(this.field ? { field: this.field } : {}) } };
  }
}

/**
 * A coded error from the rules or the catalogue, as a refusal (with another sentence when `message` is given). Their
 * functions type an error `InputError` (any code) where it may come from several areas; every code literal of the
 * sources is declared in a vocabulary (scripts/error-codes.test.ts), so its code is one of `CatalogueCode`.
 */
export function fromInputError(e: InputError, field?: string, message: string = e.message): DomainError {
  return new DomainError(e.code as CatalogueCode, message, field);
}

export const notFound = (what: string): DomainError => new DomainError('not-found', `${what} not found`);
export const unauthenticated = (): DomainError =>
  new DomainError('auth/required', 'log in first (a session cookie or an Authorization: Bearer token)');
