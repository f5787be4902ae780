import { unwrap } from '@tactica/core';
import { describe, expect, it } from 'vitest';
import { draughtsGame, initialPosition, makeFen, parseFen, perftPosition, VARIANT_IDS } from './index.js';
import { PERFT_SOURCES, PERFT_TABLES } from './testdata/perft-tables.js';

// Perft against published counts (sources and their duplicate-capture conventions in testdata/perft-tables.ts),
// to the depths that keep the default run fast; `npm run perft:deep` goes deeper.
describe('perft matches the published counts', () => {
  for (const table of PERFT_TABLES) {
    const source = PERFT_SOURCES[table.source];
    it(`${table.name} to depth ${table.ci} (${source.convention}; ${table.source})`, () => {
      const pos = unwrap(parseFen(table.fen, table.variant));
      for (let depth = 1; depth <= table.ci; depth++) {
        expect(perftPosition(pos, depth, { unique: table.unique }), `perft(${depth})`).toBe(table.counts[depth - 1]);
      }
    });
  }

  it('every table that starts from a starting position uses that rule set’s real start', () => {
    for (const v of VARIANT_IDS) {
      const start = PERFT_TABLES.find((t) => t.variant === v && t.name.includes(', start'));
      expect(start, v).toBeDefined();
      expect(makeFen(unwrap(parseFen((start as { fen: string }).fen, v)))).toBe(makeFen(initialPosition(v)));
    }
  });

  it('the game’s perft hook (fast path) gives the same counts through the contract', () => {
    for (const v of VARIANT_IDS) {
      const game = draughtsGame(v);
      const table = PERFT_TABLES.find((t) => t.variant === v && t.unique && t.name.includes(', start'));
      const counts = (table as { counts: readonly number[] }).counts;
      expect(game.perft?.(game.initial(), 5)).toBe(counts[4]);
    }
  });

  it('give-away has the same move tree', () => {
    const game = draughtsGame('international', { giveaway: true });
    expect(game.perft?.(game.initial(), 4)).toBe(4265);
  });
});
