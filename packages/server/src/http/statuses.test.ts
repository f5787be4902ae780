import { describe, expect, it } from 'vitest';
import { SERVER_CODES } from '../codes.js';
import { httpStatusOf, SERVER_CODE_STATUS } from './statuses.js';

/** The statuses that were not a plain 400 before the codes had a vocabulary: each code keeps its own. */
const STATUSES_BEFORE: readonly (readonly [string, number])[] = [
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
  ['review/busy', 429],
  ['review/in-progress', 409],
  ['review/not-available', 409],
  ['review/not-found', 404],
  ['review/too-long', 409],
  ['review/too-many', 429],
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
  ['tournament/already-in', 409],
  ['tournament/full', 409],
  ['tournament/not-in', 409],
  ['tournament/not-open', 409],
  ['tournament/not-organiser', 403],
  ['tournament/not-yours', 403],
  ['tournament/over', 409],
  ['tournament/too-few', 409],
  ['tournament/too-many', 429],
  ['stream/too-many', 429],
];

describe('HTTP statuses of refusal codes', () => {
  it('every code keeps the status it had (the vocabulary changed no answer)', () => {
    const changed = STATUSES_BEFORE.filter(([code, status]) => httpStatusOf(code as never) !== status);
    expect(changed).toEqual([]);
  });

  it('a code the server passes on from the rules, with no status of its own, is a bad request', () => {
    expect(httpStatusOf('move/illegal')).toBe(400);
    expect(httpStatusOf('pdn/bad-tag')).toBe(400);
    expect(httpStatusOf('options/bad-value')).toBe(400);
  });

  it('every server code has its status, a client or server error, and the map names nothing else', () => {
    for (const code of SERVER_CODES) {
      const status = httpStatusOf(code);
      expect(status, code).toBe(SERVER_CODE_STATUS[code]);
      expect(status, code).toBeGreaterThanOrEqual(400);
      expect(status, code).toBeLessThan(600);
    }
    expect(Object.keys(SERVER_CODE_STATUS).sort()).toEqual([...SERVER_CODES].sort());
  });
});
