/**
 * The server's error codes: declared once, with their HTTP statuses, in http/statuses.ts (`SERVER_CODE_STATUS`), so
 * a code the server refuses with that has no status is a compile error. Listed here like every package's
 * vocabulary, for scripts/error-codes.test.ts.
 */
export { SERVER_CODES, type DomainCode, type ServerCode } from './http/statuses.js';
