/**
 * What each refusal's code means in HTTP: the domain throws codes only (../errors.ts), and this edge gives each its
 * status. A code not listed is the client's own mistake: 400. The stream and the mail gateway answer with the code
 * and its sentence and need no status.
 */

/** The statuses of the codes that are not a plain bad request (400). */
const STATUS = new Map<string, number>([
  ['account/name-taken', 409],
  ['account/vacation-limit', 409],
  ['auth/bad-credentials', 401],
  ['auth/forbidden', 403],
  ['auth/json-required', 415],
  ['auth/required', 401],
  ['auth/too-many-guesses', 429],
  ['challenge/closed', 409],
  ['challenge/not-yours', 403],
  ['challenge/too-many', 429],
  ['challenge/unknown-player', 404],
  ['computer/rate-limited', 429],
  ['computer/too-many-games', 429],
  ['game/busy', 409],
  ['game/damaged', 500],
  ['game/no-takeback', 409],
  ['game/not-a-player', 403],
  ['game/not-your-turn', 409],
  ['game/over', 409],
  ['game/stale-version', 409],
  ['game/takeback-pending', 409],
  ['game/too-long', 409],
  ['not-found', 404],
  ['pbm/address-busy', 429],
  ['pbm/address-taken', 409],
  ['pbm/bad-confirmation', 404],
  ['pbm/bad-reply-address', 401],
  ['pbm/confirm-busy', 429],
  ['pbm/duplicate', 409],
  ['pbm/games-in-progress', 409],
  ['pbm/missing-credentials', 401],
  ['pbm/needs-password', 401],
  ['pbm/no-challenges', 404],
  ['pbm/no-memo', 409],
  ['pbm/not-opted-in', 403],
  ['pbm/nothing-to-answer', 409],
  ['pbm/nothing-to-confirm', 409],
  ['pbm/over-limit', 409],
  ['pbm/stale-move-number', 409],
  ['pbm/unknown-board', 404],
  ['pbm/unknown-challenge', 404],
  ['pbm/unknown-player', 404],
  ['pairing/full', 503],
  ['rate/broadcast', 429],
  ['rate/limited', 429],
  ['request/timeout', 408],
  ['request/too-large', 431],
  ['request/uri-too-long', 414],
  ['server/error', 500],
  ['session/stale-version', 409],
  ['session/time-up', 409],
  ['store/busy', 503],
  ['store/damaged', 409],
  ['store/io', 503],
  ['store/not-found', 404],
  ['store/quota', 409],
  ['store/stale-version', 409],
  ['store/title-taken', 409],
  ['stream/bad-origin', 403],
  ['stream/too-many', 429],
]);

/** The HTTP status a refusal of `code` travels with. */
export function httpStatusOf(code: string): number {
  return STATUS.get(code) ?? 400;
}
