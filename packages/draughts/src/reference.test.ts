import { createRng } from '@tactica/core';
import { describe, expect, it } from 'vitest';
import { applyMove, generateMoves, initialPosition, perftPosition, VARIANT_IDS } from './index.js';
import { randomPosition, referenceMoves, referencePerft } from './test-reference.js';

// The bitboard engine against the plain reference generator of test-reference.ts (written separately): the same
// moves in random positions of every rule set, and the same perft counts.

function key(m: { from: number; to: number; captures: readonly number[]; crowns: boolean }): string {
  return `${m.from}>${m.to}:${[...m.captures].sort((a, b) => a - b).join(',')}${m.crowns ? '+' : ''}`;
}

describe('the engine agrees with the reference generator', () => {
  for (const variant of VARIANT_IDS) {
    it(`${variant}: the same legal moves in 400 random positions (and after each of their moves)`, () => {
      const rng = createRng(`reference-${variant}`);
      let compared = 0;
      for (let k = 0; k < 400; k++) {
        const pos = randomPosition(rng, variant);
        const positions = [
          pos,
          ...generateMoves(pos)
            .slice(0, 3)
            .map((m) => applyMove(pos, m)),
        ];
        for (const p of positions) {
          const engine = generateMoves(p).map(key).sort();
          const reference = referenceMoves(p).map(key).sort();
          expect(engine, `position ${JSON.stringify(p)}`).toEqual(reference);
          compared++;
        }
      }
      expect(compared).toBeGreaterThan(400);
    });

    it(`${variant}: the same counts when duplicate paths are kept (unique off)`, () => {
      const rng = createRng(`reference-dups-${variant}`);
      for (let k = 0; k < 150; k++) {
        const pos = randomPosition(rng, variant);
        expect(perftPosition(pos, 1, { unique: false })).toBe(referenceMoves(pos, { unique: false }).length);
      }
    });

    it(`${variant}: the same perft from random positions to depth 3`, () => {
      const rng = createRng(`reference-perft-${variant}`);
      for (let k = 0; k < 6; k++) {
        const pos = randomPosition(rng, variant);
        expect(perftPosition(pos, 3)).toBe(referencePerft(pos, 3));
      }
    });
  }

  it('Thai start (8 men each, no published count): engine and reference agree to depth 5', () => {
    const pos = initialPosition('thai');
    expect(perftPosition(pos, 5)).toBe(referencePerft(pos, 5));
  });
});
