/**
 * A game where the computer holds both seats (a tournament's game between two computer entrants) is played to its
 * end by the scheduler: after each of its moves the computer, now to move on the other seat, moves again.
 */
import { describe, expect, it } from 'vitest';
import { eventually, startTestServer } from '../testing/server.js';
import { NO_CONTROL } from './control.js';

describe('the computer on both seats', () => {
  it('plays a game of draughts between two computer seats to its end', async () => {
    const server = await startTestServer('sqlite');
    try {
      const games = server.services.games;
      const made = await games.create({
        family: 'draughts',
        seats: [{ level: 'dumb' }, { level: 'novice' }],
        control: NO_CONTROL,
        rated: false,
      });
      const over = await eventually(
        async () => {
          const g = await games.load(made.id);
          return g.finished ? g : undefined;
        },
        30_000,
        'the game to end',
      );
      expect(over.restored.dynamics === 'sequential' && over.restored.session.history.moves.length).toBeGreaterThan(10);
    } finally {
      await server.close();
    }
  });
});
