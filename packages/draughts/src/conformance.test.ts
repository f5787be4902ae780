import { conformanceCases } from '@tactica/core/conformance';
import { describe, it } from 'vitest';
import { allDraughtsGames } from './index.js';

// Every rule set, normal and give-away, through the core contract's invariants (seeded random playouts).
describe('draughts conformance: 7 rule sets x (normal, give-away)', () => {
  for (const game of allDraughtsGames()) {
    describe(game.info.id, () => {
      for (const c of conformanceCases(game, {
        playouts: 8,
        maxPlies: 160,
        perftDepth: 2,
        junkMoves: ['32-28-', 'x28', '0-5', '51-46', 'K32-28', 'a1-b2-', '32:28:', '1-0', '99x98', 'z9-z8'],
        junkPositions: ['W:W51:B1', 'X:W1:B2', 'W:W1,1:B2', 'W:Wa2:B1', 'W:W1-99:B2', 'W:W:B', 'W:W5:W6', ':::', 'W:'],
      })) {
        it(c.name, c.run);
      }
    });
  }
});
