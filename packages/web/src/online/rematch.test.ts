import { describe, expect, it } from 'vitest';
import { gameLink, rematchOf, rematchOffered } from './rematch.js';

const control = { kind: 'live', mode: 'game', limit: 'blitz', increment: 0 } as const;

/** A game between alice and `second` (null: the computer), over, as `viewer` sees it. */
function finished(viewer: 0 | 1 | null, second: string | null = 'bob'): Parameters<typeof rematchOf>[0] {
  return {
    family: 'draughts',
    options: { variant: 'russian' },
    control,
    rated: true,
    status: 'finished',
    viewer,
    players: [
      { name: 'alice', level: null },
      { name: second, level: second === null ? 'easy' : null },
    ],
  };
}

describe('rematch and a shareable link after an online game', () => {
  it('a rematch challenges the same opponent with the same game, options, clock and rating, seats swapped', () => {
    expect(rematchOf(finished(0))).toEqual({
      family: 'draughts',
      options: { variant: 'russian' },
      control,
      rated: true,
      seat: '1',
      opponent: 'bob',
    });
    expect(rematchOf(finished(1))).toMatchObject({ seat: '0', opponent: 'alice' });
  });

  it('no rematch for a spectator, against the computer, or before the game ends', () => {
    expect(rematchOf(finished(null))).toBeUndefined();
    expect(rematchOf(finished(0, null))).toBeUndefined();
    expect(rematchOf({ ...finished(0), status: 'active' })).toBeUndefined();
  });

  it("the opponent's open challenge of the same game is their rematch offer", () => {
    const c = (challenger: string, opponent: string, family = 'draughts', status = 'open') => ({
      id: challenger.length + family.length,
      challenger,
      opponent,
      family,
      status,
    });
    const offers = [c('bob', 'alice', 'tactics'), c('bob', 'alice', 'draughts', 'declined'), c('bob', 'alice')];
    expect(rematchOffered(finished(0), offers)).toBe(offers[2]);
    expect(rematchOffered(finished(1), offers)).toBeUndefined();
  });

  it('the link to a game opens it from any page of the app', () => {
    expect(gameLink(12, 'https://tactica.example/#online')).toBe('https://tactica.example/#online/game/12');
    expect(gameLink(3, 'http://127.0.0.1:8080/')).toBe('http://127.0.0.1:8080/#online/game/3');
  });
});
