import { describe, expect, it } from 'vitest';
import { loadEntry, reviewGame, storeGame } from '@tactica/catalogue';
import { unwrap } from '@tactica/core';
import { plantedTactorusRound } from '../testing/review-games.js';
import { reviewInput } from './review-input.js';

const AT = { now: 0 };

describe('the review worker reads a stored game', () => {
  it('draughts: the session line, whose blunder the review marks', async () => {
    const setup = unwrap(
      (await loadEntry('draughts')).setup({
        position: 'B:W29,31,32,35,37,38,41,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,8,10,12,13,14,15,16,19,21',
      }),
    );
    if (setup.dynamics !== 'sequential') throw new Error('draughts is sequential');
    let session = unwrap(setup.newSession({ seed: 1, now: 0 }));
    for (const text of ['19-23', '29x20']) {
      const mover = session.toMove ?? 0;
      session = unwrap(session.playText(mover, text, { ...AT, expectedVersion: session.version }));
    }
    const input = await reviewInput(storeGame(setup, session));
    expect(input.history.moves).toHaveLength(2);
    const review = await reviewGame(input.setup, input.history);
    expect(review.plies[0]).toMatchObject({ move: '19-23', mark: 'blunder' });
  });

  it("tactorus: the rounds played, read from the game's record, each side's orders judged", async () => {
    const { setup, session } = await plantedTactorusRound();
    expect(session.round).toBe(2);
    const input = await reviewInput(storeGame(setup, session));
    const review = await reviewGame(input.setup, input.history);
    expect(review.plies.map((p) => p.player)).toEqual([0, 1]);
    // The same round as the catalogue's review test: Player 1's orders throw it away.
    expect(review.plies[0]).toMatchObject({ mark: 'blunder', best: false });
  });
});
