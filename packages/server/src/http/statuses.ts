/**
 * What each refusal's code means in HTTP: the domain throws codes only (../errors.ts, ../codes.ts), and this edge
 * gives each its status. The map names every one of the server's codes (a code added without its status does not
 * compile); a code passed on from below (the rules, a session, a store) is a bad request (400) unless
 * PASSED_ON_STATUS says otherwise. The stream and the mail gateway answer with the code and its sentence and need no
 * status.
 */
import type { CatalogueCode } from '@tactica/catalogue';
import type { DomainCode, ServerCode } from '../codes.js';

/** The HTTP status of each of the server's own codes (ours: a code that is the client's mistake is a 400). */
export const SERVER_CODE_STATUS = {
  'account/bad-name': 400,
  'account/bad-password': 400,
  'account/bad-vacation': 400,
  'account/name-taken': 409,
  'account/vacation-limit': 409,

  'auth/bad-credentials': 401,
  'auth/forbidden': 403,
  'auth/json-required': 415,
  'auth/required': 401,
  'auth/too-many-guesses': 429,

  'challenge/closed': 409,
  'challenge/engine-help-rated': 400,
  'challenge/not-yours': 403,
  'challenge/self': 400,
  'challenge/too-many': 429,
  'challenge/unknown-player': 404,

  'chat/bad-text': 400,

  'computer/rate-limited': 429,
  'computer/too-many-games': 429,

  'control/bad-value': 400,
  'control/no-clock': 400,

  'egdb/bad-name': 400,
  'egdb/none': 404,
  'egdb/not-found': 404,
  'egdb/too-large': 404,

  'game/bad-level': 400,
  'game/busy': 409,
  'game/damaged': 500,
  'game/no-round-takeback': 400,
  'game/no-takeback': 409,
  'game/not-a-player': 403,
  'game/not-simultaneous': 400,
  'game/not-your-turn': 409,
  'game/over': 409,
  'game/record-too-long': 400,
  'game/simultaneous': 400,
  'game/stale-version': 409,
  'game/takeback-pending': 409,
  'game/too-long': 409,

  'games/too-many-games': 429,

  'import/no-format': 400,

  'not-found': 404,

  'pairing/full': 503,

  'pbm/address-busy': 429,
  'pbm/address-taken': 409,
  'pbm/bad-address': 400,
  'pbm/bad-all': 400,
  'pbm/bad-board': 400,
  'pbm/bad-broadcast': 400,
  'pbm/bad-challenge': 400,
  'pbm/bad-change': 400,
  'pbm/bad-confirmation': 404,
  'pbm/bad-limit': 400,
  'pbm/bad-list': 400,
  'pbm/bad-move-number': 400,
  'pbm/bad-notify': 400,
  'pbm/bad-option': 400,
  'pbm/bad-proposal': 400,
  'pbm/bad-quote': 400,
  'pbm/bad-reply-address': 401,
  'pbm/bad-server-option': 400,
  'pbm/bad-show': 400,
  'pbm/bad-tournament': 400,
  'pbm/bad-userid': 400,
  'pbm/bad-vacation': 400,
  'pbm/body-too-long': 400,
  'pbm/comment-too-long': 400,
  'pbm/confirm-busy': 429,
  'pbm/duplicate': 409,
  'pbm/empty-message': 400,
  'pbm/empty-multiple': 400,
  'pbm/empty-subject': 400,
  'pbm/error': 400,
  'pbm/extra-words': 400,
  'pbm/games-in-progress': 409,
  'pbm/message-too-long': 400,
  'pbm/missing-args': 400,
  'pbm/missing-board': 400,
  'pbm/missing-credentials': 401,
  'pbm/missing-move': 400,
  'pbm/missing-orders': 400,
  'pbm/missing-password': 400,
  'pbm/missing-verb': 400,
  'pbm/needs-password': 401,
  'pbm/no-address': 400,
  'pbm/no-challenges': 404,
  'pbm/no-memo': 409,
  'pbm/no-memos': 400,
  'pbm/no-pass': 400,
  'pbm/no-recipient': 400,
  'pbm/no-swap': 400,
  'pbm/not-for-rounds': 400,
  'pbm/not-opted-in': 403,
  'pbm/nothing-to-answer': 409,
  'pbm/nothing-to-confirm': 409,
  'pbm/over-limit': 409,
  'pbm/queue-full': 400,
  'pbm/stale-move-number': 409,
  'pbm/subject-too-long': 400,
  'pbm/too-large': 400,
  'pbm/too-many-addresses': 400,
  'pbm/too-many-boards': 400,
  'pbm/too-many-commands': 400,
  'pbm/too-many-subscriptions': 429,
  'pbm/too-many-orders': 400,
  'pbm/unknown-board': 404,
  'pbm/unknown-challenge': 404,
  'pbm/unknown-command': 400,
  'pbm/unknown-player': 404,
  'pbm/unknown-verb': 400,
  'pbm/unreadable': 400,
  'pbm/unsupported-option': 400,
  'pbm/wrong-board': 400,
  'pbm/wrong-game': 400,

  'rate/broadcast': 429,
  'rate/limited': 429,

  'ratings/limit': 400,

  'request/bad-body': 400,
  'request/bad-url': 400,
  'request/invalid': 400,
  'request/malformed': 400,
  'request/timeout': 408,
  'request/too-large': 431,
  'request/uri-too-long': 414,

  'review/busy': 429,
  'review/in-progress': 409,
  'review/not-available': 409,
  'review/not-found': 404,
  'review/too-long': 409,
  'review/too-many': 429,

  'server/error': 500,

  'store/quota': 409,

  'stream/bad-action': 400,
  'stream/bad-command': 400,
  'stream/bad-detail': 400,
  'stream/bad-game': 400,
  'stream/bad-json': 400,
  'stream/bad-message': 400,
  'stream/bad-move': 400,
  'stream/bad-orders': 400,
  'stream/bad-origin': 403,
  'stream/bad-ref': 400,
  'stream/bad-type': 400,
  'stream/bad-version': 400,
  'stream/too-many': 429,
  'stream/unknown-field': 400,

  'tournament/already-in': 409,
  'tournament/bad-request': 400,
  'tournament/full': 409,
  'tournament/not-in': 409,
  'tournament/not-open': 409,
  'tournament/not-organiser': 403,
  'tournament/not-yours': 403,
  'tournament/over': 409,
  'tournament/too-few': 409,
  'tournament/too-many': 429,
} as const satisfies Record<ServerCode, number>;

/** The statuses of the codes passed on from below (a session, a store) that are not a plain bad request (400). */
const PASSED_ON_STATUS: Partial<Record<CatalogueCode, number>> = {
  'session/stale-version': 409,
  'session/time-up': 409,
  'store/busy': 503,
  'store/damaged': 409,
  'store/io': 503,
  'store/not-found': 404,
  'store/stale-version': 409,
  'store/title-taken': 409,
};

/** The HTTP status a refusal of `code` travels with. */
export function httpStatusOf(code: DomainCode): number {
  return isServerCode(code) ? SERVER_CODE_STATUS[code] : (PASSED_ON_STATUS[code] ?? 400);
}

/** Whether `code` is one of the server's own. */
function isServerCode(code: string): code is ServerCode {
  return Object.hasOwn(SERVER_CODE_STATUS, code);
}
