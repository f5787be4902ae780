/** Reading a game in play alike whatever its dynamics: who acts, what each seat sees, how far it went, a turn given. */
import { describe, expect, it } from 'vitest';
import { unwrap, type Player } from '@tactica/core';
import { ENTRIES } from './all.js';
import { loadComputer } from './computer.js';
import { GAME_LISTINGS } from './listing.js';
import {
  byKind,
  commonCommand,
  forfeitIn,
  playersToAct,
  playsInRounds,
  playTurn,
  positionSeenBy,
  positionsHeld,
  roundPlay,
  sequentialPlay,
  takesLiveClock,
  turnKey,
  turnNumber,
  turnsPlayed,
  turnStart,
  turnWord,
} from './play-reader.js';
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

/** Every player to act gives their turn, as the game's weakest computer chooses it: one whole turn played. */
async function oneTurn(play: RestoredGame): Promise<RestoredGame> {
  const computer = await loadComputer(play.setup);
  const level = computer.levels[0]?.id ?? '';
  const turn = turnKey(play);
  for (let k = 0; k < 2 && turnKey(play) === turn; k++) {
    const p = playersToAct(play)[0] as Player;
    const moves = computer.choose(positionSeenBy(play, p), p, level, { timeMs: 50 });
    play = unwrap(playTurn(play, p, moves, { expectedVersion: play.session.version, now: 0 }));
  }
  return play;
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
    expect(turnStart(play)).toBe(session.roundStart);
  });

  it('a sequential game is read as moves: a live clock, turns called moves, no rounds', () => {
    const play = started('draughts');
    expect([playsInRounds(play), takesLiveClock(play), turnWord(play)]).toEqual([false, true, 'move']);
    expect(sequentialPlay(play)).toBe(play);
    expect(roundPlay(play)).toBeUndefined();
    expect(
      byKind(
        play,
        () => 'moves',
        () => 'rounds',
      ),
    ).toBe('moves');
  });

  it('a simultaneous game is read as rounds: no live clock, turns called rounds', () => {
    const play = started('tactorus');
    expect([playsInRounds(play), takesLiveClock(play), turnWord(play)]).toEqual([true, false, 'round']);
    expect(roundPlay(play)).toBe(play);
    expect(sequentialPlay(play)).toBeUndefined();
    expect(
      byKind(
        play,
        () => 'moves',
        () => 'rounds',
      ),
    ).toBe('rounds');
  });

  it('every listed game says its kind as its listing does', () => {
    for (const l of GAME_LISTINGS) {
      const play = started(l.family);
      expect(playsInRounds(play), l.family).toBe(l.dynamics === 'simultaneous');
      expect(playsInRounds(l), l.family).toBe(playsInRounds(play));
    }
  });

  for (const l of GAME_LISTINGS) {
    it(`${l.family}: a turn given counts one turn played, starts a new turn and the position moves on`, async () => {
      const play = started(l.family);
      expect([turnsPlayed(play), turnNumber(play)]).toEqual([0, 1]);
      expect(turnStart(play)).toBe(positionSeenBy(play, undefined));
      const after = await oneTurn(play);
      expect(turnKey(after)).not.toBe(turnKey(play));
      expect([turnsPlayed(after), turnNumber(after)]).toEqual([1, 2]);
      expect(positionsHeld(after)).toBe(positionsHeld(play) + 1);
      expect(turnStart(after)).not.toBe(turnStart(play));
      expect(playersToAct(after).length).toBeGreaterThan(0);
    });

    it(`${l.family}: a forfeit ends the game, lost on time by the one who forfeits`, () => {
      const play = started(l.family);
      const over = unwrap(forfeitIn(play, 0, { expectedVersion: play.session.version, now: 0 }));
      expect(over.session.outcome).toMatchObject({ kind: 'win', winner: 1 });
      expect(playersToAct(over)).toEqual([]);
      expect(over.dynamics).toBe(play.dynamics);
    });

    it(`${l.family}: a draw offered and accepted, and a resignation, are given and read alike`, () => {
      const play = started(l.family);
      const p = playersToAct(play)[0] as Player;
      const at = (v: number) => ({ expectedVersion: v, now: 0 });
      const offered = unwrap(commonCommand(play, (s) => s.offerDraw(p, at(play.session.version))));
      expect([offered.dynamics, offered.session.drawOffer, play.session.drawOffer]).toEqual([l.dynamics, p, undefined]);
      const other = p === 0 ? 1 : 0;
      const agreed = unwrap(commonCommand(offered, (s) => s.answerDraw(other, true, at(offered.session.version))));
      expect(agreed.session.outcome?.kind).toBe('draw');
      const resigned = unwrap(commonCommand(play, (s) => s.resign(p, at(play.session.version))));
      expect(resigned.session.outcome).toMatchObject({ kind: 'win', winner: other });
      const refused = commonCommand(play, (s) => s.resign(p, at(play.session.version + 1)));
      expect(refused.ok || refused.error.code).toBe('session/stale-version');
    });
  }
});
