import { createRng, unwrap } from '@tactica/core';
import { mutate } from '@tactica/core/conformance';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyMove,
  formatMove,
  fullMoveText,
  generateMoves,
  initialPosition,
  parseFen,
  parseMove,
  sameMove,
  VARIANT_IDS,
  type Position,
  type VariantId,
} from './index.js';

function at(fen: string, variant: VariantId): Position {
  return unwrap(parseFen(fen, variant));
}

function texts(pos: Position): string[] {
  const legal = generateMoves(pos);
  return legal.map((m) => formatMove(pos, m, legal));
}

function read(pos: Position, text: string): string {
  const r = parseMove(pos, text);
  return r.ok ? formatMove(pos, r.value, generateMoves(pos)) : r.error.code;
}

describe('move text as PDN writes it', () => {
  it('numeric squares, "-" for a move (International start)', () => {
    expect(texts(initialPosition('international'))).toEqual([
      '31-26',
      '31-27',
      '32-27',
      '32-28',
      '33-28',
      '33-29',
      '34-29',
      '34-30',
      '35-30',
    ]);
  });

  it('"x" for a capture, start and end only (28x19)', () => {
    expect(texts(at('W:W28:B23,1', 'international'))).toEqual(['28x19']);
  });

  it('algebraic squares for Russian (c3-d4, c3xe5)', () => {
    expect(texts(initialPosition('russian'))).toContain('c3-d4');
    expect(texts(at('W:Wc3:Bd4,h8', 'russian'))).toEqual(['c3xe5']);
  });

  it('the full path only when two different captures share start and end', () => {
    //     .   .   .   .   .        King on 26 (a5) takes c7 (17), then either g9 (9) and f2 (43) by 3 and 25,
    //   .   .   .   b   .          or e7 (18) and f2 (43) by 12 and 34: both end on 48 with three pieces.
    //     .   .   .   .   .
    //   .   b   b   .   .
    //     .   .   .   .   .
    //   W   .   .   .   .
    //     .   .   .   .   .
    //   .   .   .   .   .
    //     .   .   b   .   .
    //   .   .   .   .   .
    const pos = at('W:WK26:B9,17,18,43', 'international');
    expect(texts(pos)).toEqual(['26x3x25x48', '26x12x34x48']);
    // With one of them gone, the other is written short again.
    expect(texts(at('W:WK26:B17,18,43', 'international'))).toEqual(['26x48']);
  });

  it('the English example: 31x22x15 and 31x24x15', () => {
    expect(texts(at('W:W31:B26,27,18,19', 'english'))).toEqual(['31x22x15', '31x24x15']);
  });

  it('a king returning to its square after a ring of captures', () => {
    const pos = at('W:WK17:B14,15,22,23', 'english');
    const [ring] = generateMoves(pos);
    // b4 round d6, f4, d2 (or the other way) back to b4.
    expect(ring && fullMoveText(pos, ring)).toMatch(/^17x(10x19x26|26x19x10)x17$/);
    expect(texts(pos)).toEqual(['17x17']);
  });
});

describe('move text is read tolerantly', () => {
  const pos = at('W:W31:B26,27,18,19', 'english');
  it.each([
    ['31x22x15', '31x22x15'],
    ['31:22:15', '31x22x15'],
    ['31X24X15', '31x24x15'],
    ['  31x24x15  ', '31x24x15'],
    ['e1xc3xe5', '31x22x15'],
    ['31-22-15', '31x22x15'],
  ])('%j reads as %s', (text, expected) => {
    expect(read(pos, text)).toBe(expected);
  });

  it('intermediate squares may be left out when the rest is unambiguous', () => {
    const p = at('W:W28:B23,14,1', 'international');
    expect(read(p, '28x10')).toBe('28x10');
    expect(read(p, '28x19x10')).toBe('28x10');
  });

  it('start and end alone are ambiguous when two captures share them', () => {
    const r = parseMove(pos, '31x15');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('move/ambiguous');
      expect(r.error.message).toContain('31x22x15');
      expect(r.error.message).toContain('31x24x15');
    }
  });

  it('a full path names its capture even when a longer one passes the same stops (Thai)', () => {
    const p = at('W:WK10,22,24,25,28,31:B5,7,8,11,17,K32', 'thai');
    expect(read(p, '10x3x12')).toBe('10x3x12');
    expect(read(p, '10-3-12')).toBe('10x3x12');
    expect(read(p, '10x21x3x12')).toBe('10x21x3x12');
    const r = parseMove(p, '10x12');
    expect(r.ok || r.error.code).toBe('move/ambiguous');
  });

  it('either path round a ring names the one move', () => {
    const ring = at('W:WK17:B14,15,22,23', 'english');
    const [only] = generateMoves(ring);
    for (const text of ['17x10x19x26x17', '17x26x19x10x17', '17x10x17', '17x26x17', '17x17']) {
      const r = parseMove(ring, text);
      expect(r.ok && only && sameMove(r.value, only), text).toBe(true);
    }
  });

  it('numeric squares are read for Russian, algebraic ones for International', () => {
    expect(read(initialPosition('russian'), '22-18')).toBe('c3-d4');
    expect(read(initialPosition('international'), 'd4-e5')).toBe('32-28');
  });
});

describe('bad move text gets a coded error naming what and where', () => {
  const start = initialPosition('international');
  it.each([
    ['', 'move/syntax'],
    ['32', 'move/syntax'],
    ['32-', 'move/syntax'],
    ['-28', 'move/syntax'],
    ['32--28', 'move/syntax'],
    ['hello', 'move/syntax'],
    ['51-46', 'move/bad-square'],
    ['0-5', 'move/bad-square'],
    ['a2-b3', 'move/bad-square'],
    ['z9-z8', 'move/bad-square'],
    ['32-27x', 'move/syntax'],
    ['32-29', 'move/illegal'],
    ['19-23', 'move/illegal'],
    ['1-6', 'move/illegal'],
  ])('%j → %s', (text, code) => {
    const r = parseMove(start, text);
    expect(r.ok ? 'accepted' : r.error.code).toBe(code);
  });

  it('says which square is bad and where it is', () => {
    const r = parseMove(start, ' 32-99');
    expect(r.ok ? undefined : r.error).toMatchObject({ code: 'move/bad-square', input: '99', at: 4 });
  });

  it('explains an illegal move', () => {
    const forced = at('W:W28,48:B23,1', 'international');
    const r = parseMove(forced, '48-42');
    expect(r.ok ? '' : r.error.message).toMatch(/capture is compulsory/);
    const r2 = parseMove(start, '19-23');
    expect(r2.ok ? '' : r2.error.message).toMatch(/not White's/);
  });
});

describe('notation round trips and fuzzing', () => {
  for (const variant of VARIANT_IDS) {
    it(`${variant}: every legal move of a random game reads back as itself`, () => {
      const rng = createRng(`notation-${variant}`);
      let pos = initialPosition(variant);
      for (let ply = 0; ply < 150; ply++) {
        const legal = generateMoves(pos);
        if (legal.length === 0) break;
        for (const m of legal) {
          const text = formatMove(pos, m, legal);
          const back = parseMove(pos, text, legal);
          expect(back.ok && sameMove(back.value, m), text).toBe(true);
          const full = parseMove(pos, fullMoveText(pos, m), legal);
          expect(full.ok && sameMove(full.value, m), fullMoveText(pos, m)).toBe(true);
        }
        pos = applyMove(pos, rng.pick(legal));
      }
    });
  }

  it('arbitrary text never throws: a move or a coded error', () => {
    const pos = initialPosition('international');
    const legal = generateMoves(pos);
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (text) => {
        const r = parseMove(pos, text, legal);
        if (!r.ok) expect(r.error.code).toMatch(/^move\/[a-z-]+$/);
      }),
      { numRuns: 3000 },
    );
  });

  it('damaged legal moves never throw', () => {
    const rng = createRng('move-fuzz');
    for (const variant of VARIANT_IDS) {
      const pos = initialPosition(variant);
      const legal = generateMoves(pos);
      for (const m of legal) {
        for (let k = 0; k < 40; k++) {
          const r = parseMove(pos, mutate(rng, formatMove(pos, m, legal)), legal);
          if (!r.ok) expect(r.error.code).toMatch(/^move\/[a-z-]+$/);
        }
      }
    }
  });
});
