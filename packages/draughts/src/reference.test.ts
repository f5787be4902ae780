import { createRng, type Rng } from '@tactica/core';
import { describe, expect, it } from 'vitest';
import {
  applyMove,
  generateMoves,
  initialPosition,
  perftPosition,
  positionOf,
  VARIANT_IDS,
  type Piece,
  type Position,
  type VariantId,
} from './index.js';
import { RULE_SETS } from './rules.js';
import { referenceMoves, referencePerft } from './test-reference.js';

// The bitboard engine against the plain reference generator of test-reference.ts (written separately): the same
// moves in random positions of every rule set, and the same perft counts.

function key(m: { from: number; to: number; captures: readonly number[]; crowns: boolean }): string {
  return `${m.from}>${m.to}:${[...m.captures].sort((a, b) => a - b).join(',')}${m.crowns ? '+' : ''}`;
}

/** A random legal-looking position: men never on their own crowning row, a few kings. */
function randomPosition(rng: Rng, variant: VariantId): Position {
  const rules = RULE_SETS[variant];
  const squares = (rules.size / 2) * rules.size;
  const rowLength = rules.size / 2;
  const placed: { square: number; piece: Piece }[] = [];
  const density = 0.2 + rng.float() * 0.45;
  const kingShare = rng.float() * 0.5;
  for (let n = 1; n <= squares; n++) {
    if (rng.float() > density) continue;
    const white = rng.float() < 0.5;
    let king = rng.float() < kingShare;
    // Rows: a man of White cannot stand on the top row, nor Black's on the bottom row (numbering-dependent).
    const top = rules.mirrored ? n > squares - rowLength : n <= rowLength;
    const bottom = rules.mirrored ? n <= rowLength : n > squares - rowLength;
    if ((white && top) || (!white && bottom)) king = true;
    placed.push({ square: n, piece: white ? (king ? 'W' : 'w') : king ? 'B' : 'b' });
  }
  return positionOf(variant, placed, rng.float() < 0.5 ? 0 : 1);
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
