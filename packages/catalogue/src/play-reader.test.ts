/** Reading a game in play alike whatever its dynamics: who acts, and what each seat sees. */
import { describe, expect, it } from 'vitest';
import { unwrap } from '@tactica/core';
import { ENTRIES } from './all.js';
import { playersToAct, positionSeenBy } from './play-reader.js';
import type { RestoredGame } from './stored-game.js';

function started(family: string): RestoredGame {
  const entry = ENTRIES.find((e) => e.family === family);
  if (!entry) throw new Error(family);
  const setup = unwrap(entry.setup({}));
  if (setup.dynamics === 'sequential') {
    return { dynamics: 'sequential', setup, session: unwrap(setup.newSession({ seed: 1, now: 0 })) };
  }
  return { dynamics: 'simultaneous', setup, session: unwrap(setup.newSession({ seed: 1, now: 0 })) };
}

describe('reading a game in play', () => {
  it('a sequential game: the player to move acts, and everyone sees the one position', () => {
    const play = started('tactics');
    expect(playersToAct(play)).toEqual([0]);
    expect(positionSeenBy(play, 1)).toBe(play.session.position);
    expect(positionSeenBy(play, undefined)).toBe(play.session.position);
  });

  it('a simultaneous round: each player who has not submitted acts, and sees only their own orders', () => {
    let play = started('tactorus');
    if (play.dynamics !== 'simultaneous') throw new Error('tactorus is simultaneous');
    expect(playersToAct(play)).toEqual([0, 1]);
    const session = unwrap(play.session.submit(0, ['done'], { expectedVersion: play.session.version, now: 0 }));
    play = { ...play, session };
    expect(playersToAct(play)).toEqual([1]);
    expect(positionSeenBy(play, undefined)).toBe(session.roundStart);
    expect(positionSeenBy(play, 1)).toBe(session.ownPosition(1));
  });
});
