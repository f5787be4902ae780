/** Starting a game alike whatever its dynamics: a new session, and a record's line put on it. */
import { describe, expect, it } from 'vitest';
import { unwrap, type SessionSeats } from '@tactica/core';
import { CATALOGUE } from './all.js';
import { GAME_LISTINGS } from './listing.js';
import { exportPlay, playersToAct, playsInRounds, playTurn, sequentialPlay, turnsPlayed } from './play-reader.js';
import { startPlay, withRecordLine } from './play-start.js';

describe('starting a game', () => {
  for (const l of GAME_LISTINGS) {
    it(`${l.family}: a new game is of the setup's kind, seated as asked, nobody's turn played`, () => {
      const setup = unwrap(CATALOGUE[l.family].setup({}));
      const level = CATALOGUE[l.family].levels[0]?.id ?? '';
      const seats: SessionSeats = [{ kind: 'human' }, { kind: 'computer', level }];
      const play = unwrap(startPlay(setup, { seats, seed: 1, now: 0 }));
      expect(play.dynamics).toBe(l.dynamics);
      expect(play.setup).toBe(setup);
      expect(play.session.seats[1]).toEqual(seats[1]);
      expect(turnsPlayed(play)).toBe(0);
      expect(playersToAct(play).length).toBeGreaterThan(0);
    });

    it(`${l.family}: a game's own record read back continues the game where it stood`, async () => {
      const entry = CATALOGUE[l.family];
      const setup = unwrap(entry.setup({}));
      const started = unwrap(startPlay(setup, { seed: 1, now: 0 }));
      const at = (v: number) => ({ expectedVersion: v, now: 0 });
      expect(unwrap(withRecordLine(started, {}, at(0)))).toBe(started);
      // One turn played, so that the record holds something to continue from (a round: both sides' orders in).
      let play = started;
      for (const p of playersToAct(started)) {
        const seq = sequentialPlay(play);
        const moves = seq ? [seq.setup.game.legalMoves(seq.session.position)[0]] : ['done'];
        play = unwrap(playTurn(play, p, moves, at(play.session.version)));
      }
      expect(turnsPlayed(play)).toBe(1);
      const format = setup.records[0]?.id ?? '';
      const record = unwrap(await entry.importRecord(format, unwrap(await exportPlay(play, format))));
      const fresh = unwrap(startPlay(unwrap(entry.setup(record.options)), { seed: 2, now: 0 }));
      // A game of rounds is seated anew from its record; a game of moves keeps the seats it was started with.
      const level = entry.levels[0]?.id ?? '';
      const seats: SessionSeats = [{ kind: 'human' }, { kind: 'computer', level }];
      const continued = unwrap(withRecordLine(fresh, record, { ...at(fresh.session.version), seats }));
      expect(turnsPlayed(continued)).toBe(1);
      expect(continued.dynamics).toBe(l.dynamics);
      if (playsInRounds(continued)) expect(continued.session.seats).toEqual(seats);
    });
  }
});
