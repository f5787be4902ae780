/**
 * The server's refusals: a stable code (`auth/bad-credentials`, `game/stale-version`), a sentence for people, the
 * HTTP status it travels with, and the request field it is about. Every refusal is one of these; anything else
 * reaching the edge is a bug (and a 500).
 */
import type { InputError } from '@tactica/core';

export class ApiError extends Error {
  constructor(
    readonly status: number,
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

/** A coded error from the rules or the catalogue, as a refusal of the request (400 unless said otherwise). */
export function fromInputError(e: InputError, status = 400, field?: string): ApiError {
  return new ApiError(status, e.code, e.message, field);
}

export const notFound = (what: string): ApiError => new ApiError(404, 'not-found', `${what} not found`);
export const forbidden = (why: string): ApiError => new ApiError(403, 'auth/forbidden', why);
export const unauthenticated = (): ApiError =>
  new ApiError(401, 'auth/required', 'log in first (a session cookie or an Authorization: Bearer token)');
