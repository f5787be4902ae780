import { unwrap } from '@tactica/core';
import { describe, expect, it } from 'vitest';
import { acfBallots, draughtsGame } from './index.js';

describe('the ACF three-move ballots', () => {
  it('174 ballots, 18 barred, 156 in play, each different', () => {
    const all = acfBallots();
    expect(all).toHaveLength(174);
    expect(all.filter((b) => b.barred)).toHaveLength(18);
    expect(new Set(all.map((b) => b.moves.join(' '))).size).toBe(174);
    expect(all[0]).toEqual({ number: 1, moves: ['9-13', '21-17', '5-9'], barred: false });
    expect(all[173]?.moves).toEqual(['12-16', '24-20', '10-15']);
  });

  it('every ballot is three legal moves from the English start, leaving a game in progress', () => {
    const game = draughtsGame('english');
    for (const b of acfBallots()) {
      const s = b.moves.reduce((state, text) => unwrap(game.tryPlay(state, text)), game.initial());
      expect(game.outcome(s), `ballot ${b.number}`).toBeUndefined();
      expect(s.position.turn, `ballot ${b.number}`).toBe(0); // White (the second mover) to play
    }
  });
});
