/**
 * The server's refusals: a stable code (`auth/bad-credentials`, `game/stale-version`), a sentence for people, and
 * the request field it is about. Every refusal is one of these; anything else reaching an edge is a bug. The domain
 * says only what went wrong: each edge turns the code into its own answer (HTTP: a status, http/statuses.ts; the
 * stream: an error message; mail: a reply).
 */
import type { InputError } from '@tactica/core';

export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }

  toJSON(): { error: { code: string; message: string; field?: string } } {
    return { error: { code: this.code, message: this.message, ...(this.field ? { field: this.field } : {}) } };
  }
}

/** A coded error from the rules or the catalogue, as a refusal. */
export function fromInputError(e: InputError, field?: string): DomainError {
  return new DomainError(e.code, e.message, field);
}

export const notFound = (what: string): DomainError => new DomainError('not-found', `${what} not found`);
export const unauthenticated = (): DomainError =>
  new DomainError('auth/required', 'log in first (a session cookie or an Authorization: Bearer token)');
