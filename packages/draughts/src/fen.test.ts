import { createRng } from '@tactica/core';
import { mutate } from '@tactica/core/conformance';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyMove,
  generateMoves,
  initialPosition,
  makeFen,
  parseFen,
  samePosition,
  VARIANT_IDS,
  type Position,
  type VariantId,
} from './index.js';

function fen(text: string, variant: VariantId): Position {
  const r = parseFen(text, variant);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

function errorOf(text: string, variant: VariantId): { code: string; at?: number; input?: string } {
  const r = parseFen(text, variant);
  if (r.ok) throw new Error(`accepted: ${text}`);
  return r.error;
}

/** Positions along a seeded random game, for round trips. */
function randomPositions(variant: VariantId, seed: string, plies = 120): Position[] {
  const rng = createRng(seed);
  const out: Position[] = [];
  let pos = initialPosition(variant);
  for (let k = 0; k < plies; k++) {
    out.push(pos);
    const moves = generateMoves(pos);
    if (moves.length === 0) break;
    pos = applyMove(pos, rng.pick(moves));
  }
  return out;
}

describe('FEN writing: W:W31,32,K45:B12,K22 (numeric), algebraic for Russian', () => {
  it('writes the side to move, then White and Black, squares ascending, kings marked K', () => {
    expect(makeFen(fen('B:BK22,12:W32,K45,31', 'international'))).toBe('B:W31,32,K45:B12,K22');
  });

  it('writes Russian squares algebraically, by file then rank', () => {
    expect(makeFen(fen('W:Wa1,c1,Kd4:Bh8', 'russian'))).toBe('W:Wa1,c1,Kd4:Bh8');
    expect(makeFen(fen('W:W29,30,K18:B4', 'russian'))).toBe('W:Wa1,c1,Kd4:Bh8');
  });

  it('writes an empty side as a bare colour letter', () => {
    expect(makeFen(fen('W:W:B1', 'english'))).toBe('W:W:B1');
  });
});

describe('FEN reading is tolerant', () => {
  it.each([
    ['ranges', 'W:W31-50:B1-20'],
    ['king ranges', 'W:WK31-35,36-50:B1-20'],
    ['Black listed first', 'W:B1-20:W31-50'],
    ['whitespace around the text and between items', '  W : W 31-40 , 41-50 : B1-20  '],
    ['a lower-case king mark', 'W:Wk31-35,36-50:B1-20'],
    ['double quotes, as in a PDN tag', '"W:W31-50:B1-20"'],
    ['a final full stop', 'W:W31-50:B1-20.'],
    ['lidraughts move counters', 'W:W31-50:B1-20:H0:F1'],
    ['lower-case side and colours', 'w:w31-50:b1-20'],
    ['algebraic squares on the 10x10 board', 'W:Wa1,c1,e1,g1,i1,b2,d2,f2,h2,j2,a3,c3,e3,g3,i3,b4,d4,f4,h4,j4:B1-20'],
  ])('%s', (_, text) => {
    const pos = fen(text, 'international');
    expect(pos.turn).toBe(0);
    const white = makeFen(pos).split(':')[1];
    expect(white?.split(',').length).toBe(20);
  });

  it('accepts numbers for Russian and algebraic names for English', () => {
    expect(makeFen(fen('W:W21-32:B1-12', 'russian'))).toBe(makeFen(initialPosition('russian')));
    expect(makeFen(fen('B:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:B1-12', 'english'))).toBe(
      makeFen(initialPosition('english')),
    );
  });

  it('Spanish numbers run on the mirrored board: square 1 is h1', () => {
    expect(makeFen(fen('W:Wh1:B32', 'spanish'))).toBe('W:W1:B32');
  });
});

describe('FEN errors are coded and say where', () => {
  it.each([
    ['', 'fen/empty', undefined],
    ['   ', 'fen/empty', undefined],
    ['X:W1:B2', 'fen/bad-turn', 0],
    ['W:W1:B2:W3', 'fen/duplicate-color', 8],
    ['W:W1,2', 'fen/missing-color', undefined],
    ['W:Q1:B2', 'fen/bad-color', 2],
    ['W:W51:B1', 'fen/bad-square', 3],
    ['W:W0:B1', 'fen/bad-square', 3],
    ['W:WKK11:B1', 'fen/bad-square', 3],
    ['W:Wa2:B1', 'fen/bad-square', 3],
    ['W:W1,,2:B3', 'fen/syntax', 5],
    ['W:W1::B3', 'fen/syntax', 5],
    ['W:W5-1:B9', 'fen/bad-range', 3],
    ['W:W1-60:B9', 'fen/bad-range', 3],
    ['W:W1,2:B2', 'fen/duplicate-square', 8],
    ['W:W1,K1:B9', 'fen/duplicate-square', 5],
  ] as const)('%j → %s at %s', (text, code, at) => {
    const e = errorOf(text, 'international');
    expect(e.code).toBe(code);
    if (at !== undefined) expect(e.at).toBe(at);
  });

  it('names the offending token', () => {
    const e = errorOf('W:W31,32,x45:B1', 'international');
    expect(e).toMatchObject({ code: 'fen/bad-square', input: 'x45', at: 9 });
  });
});

describe('FEN round trips', () => {
  for (const variant of VARIANT_IDS) {
    it(`${variant}: every position of a random game survives makeFen → parseFen`, () => {
      for (const pos of randomPositions(variant, `fen-${variant}`)) {
        const text = makeFen(pos);
        const back = fen(text, variant);
        expect(samePosition(back, pos), text).toBe(true);
        expect(makeFen(back)).toBe(text);
      }
    });
  }
});

describe('malformed FEN never throws and never yields a silent wrong position', () => {
  it('arbitrary text: a position or a coded error', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.constantFrom(...VARIANT_IDS), (text, variant) => {
        const r = parseFen(text, variant);
        if (!r.ok) expect(r.error.code).toMatch(/^fen\/[a-z-]+$/);
      }),
      { numRuns: 3000 },
    );
  });

  it('damaged real FEN: a coded error, or a position that writes back to an equivalent FEN', () => {
    const rng = createRng('fen-fuzz');
    for (const variant of VARIANT_IDS) {
      for (const pos of randomPositions(variant, `fen-fuzz-${variant}`, 40)) {
        const good = makeFen(pos);
        for (let k = 0; k < 25; k++) {
          const text = mutate(rng, good);
          const r = parseFen(text, variant);
          if (!r.ok) {
            expect(r.error.code).toMatch(/^fen\/[a-z-]+$/);
            expect(r.error.message.length).toBeGreaterThan(0);
            continue;
          }
          // Accepted: it must mean exactly what it says, square by square.
          const again = parseFen(makeFen(r.value), variant);
          expect(again.ok && samePosition(again.value, r.value)).toBe(true);
        }
      }
    }
  });
});
