/**
 * Changes made with the session cookie must come from a page of ours, not from a form elsewhere on the same site:
 * SameSite=Lax keeps the cookie from other sites' POSTs, but not from a sibling host's or an old page's. A plain
 * HTML form can send only `application/x-www-form-urlencoded`, `multipart/form-data` or `text/plain` (and no
 * headers of its own); a script elsewhere that sets `Content-Type: application/json` needs a CORS preflight, which
 * this server never grants. So a request that the cookie authenticates and that changes something (any method but
 * GET, HEAD, OPTIONS) must say `Content-Type: application/json` — with a body, `{}` when there is nothing to say —
 * as the browser app does (ours). A bearer token is never sent by a browser on its own: programs are not asked.
 */
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const JSON_TYPE = /^application\/json\s*(;|$)/i;

/** Refuses a cookie-authenticated change that a plain form could have sent. */
export function refuseFormWrites(request: FastifyRequest, byCookie: boolean): void {
  if (!byCookie || !request.user || SAFE_METHODS.has(request.method)) return;
  if (JSON_TYPE.test(request.headers['content-type'] ?? '')) return;
  throw new DomainError(
    'auth/json-required',
    'a change made with the session cookie is sent as JSON (Content-Type: application/json, {} for no body)',
  );
}
