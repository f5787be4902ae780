/**
 * Notation: position text, the manual-style board, and the parsers' coded errors. Every parser is fuzzed:
 * malformed input gives a coded error (`area/what`), never a throw.
 */
import { createRng, unwrap, type InputError, type Result } from '@tactica/core';
import { mutate } from '@tactica/core/conformance';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSquare, pieceOf } from './board.js';
import { parseDiagram, renderDiagram } from './diagram.js';
import { tactics } from './game.js';
import { formatPosition, parsePosition } from './position.js';
import { cellAt, type TacticsState } from './state.js';

const START = 'QBRRRRBQ/8/8/8/8/8/8/*Q*B*R*R*R*R*B*Q w 0';
/** The manual's first worked-example diagram as position text. */
const EXAMPLE = 'R*R*b*R*R2R/5*R2/1Q1Q1*B2/4R3/*Q4*Q2/4*b2*B/4R3/8 w 0';

function expectCoded<T>(r: Result<T, InputError>): void {
  if (!r.ok) {
    expect(r.error.code).toMatch(/^[a-z0-9-]+\/[a-z0-9-]+$/);
    expect(r.error.message.length).toBeGreaterThan(0);
  }
}

describe('position text', () => {
  it('the start reads rank 1 first, as the manual prints it', () => {
    expect(formatPosition(tactics.initial())).toBe(START);
  });

  it('a piece is its letter, "*" before it for the black face, lowercase when frozen', () => {
    const s = unwrap(parsePosition('Q*Qq*q4/8/8/8/8/8/8/8 b 7'));
    const at = (sq: string) => pieceOf(cellAt(s, parseSquare(sq) ?? 0));
    expect(at('a1')).toEqual({ kind: 'Q', owner: 0, face: 0 });
    expect(at('b1')).toEqual({ kind: 'Q', owner: 1, face: 1 });
    expect(at('c1')).toEqual({ kind: 'Q', owner: 1, face: 0 });
    expect(at('d1')).toEqual({ kind: 'Q', owner: 0, face: 1 });
    expect(s.turn).toBe(1);
    expect(s.quiet).toBe(7);
  });

  it('round-trips, and the clock may be left out', () => {
    for (const text of [START, EXAMPLE, '8/8/8/8/8/8/8/8 b 100'])
      expect(formatPosition(unwrap(parsePosition(text)))).toBe(text);
    expect(formatPosition(unwrap(parsePosition('  8/8/8/8/8/8/8/8   W  ')))).toBe('8/8/8/8/8/8/8/8 w 0');
  });

  it.each([
    ['', 'position/empty', undefined],
    ['QBRRRRBQ/8/8/8/8/8/8/8', 'position/fields', undefined],
    ['8/8/8/8/8/8/8/8 w 0 extra', 'position/fields', undefined],
    ['QBRRRRBQ/8/8/8/8/8/8 w', 'position/ranks', 0],
    ['QBRRRRBX/8/8/8/8/8/8/8 w', 'position/bad-piece', 7],
    ['8/8/QBRR*/8/8/8/8/8 w', 'position/bad-piece', 8],
    ['8/8/8/8/8/8/8/7*K w', 'position/bad-piece', 15],
    ['8/8/8/8/8/8/8/9 w', 'position/bad-piece', 14],
    ['QBRRRRB/8/8/8/8/8/8/8 w', 'position/rank-length', 0],
    ['8/8/QBRRRRBQ1/8/8/8/8/8 w', 'position/rank-length', 12],
    ['8/8/8/8/8/8/8/8 x 0', 'position/bad-turn', 16],
    ['8/8/8/8/8/8/8/8 w 101', 'position/bad-clock', 18],
    ['8/8/8/8/8/8/8/8 w -1', 'position/bad-clock', 18],
    ['RRRRR3/8/8/8/8/8/8/8 w', 'position/too-many-pieces', 4],
    ['8/8/8/8/8/8/8/*Q*Qq5 w', 'position/too-many-pieces', 18],
  ])('%j is refused: %s at %s', (text, code, at) => {
    const r = parsePosition(text);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe(code);
    expect(r.error.at).toBe(at);
  });
});

describe('the text board', () => {
  it('flipped, the board is turned half round: rank 8 at the top, files from H to A', () => {
    const lines = renderDiagram(tactics.initial(), { flipped: true }).split('\n');
    expect(lines[0]).toBe('    H   G   F   E   D   C   B   A');
    expect(lines[2]).toBe('8 |*Q*|*B*|*R*|*R*|*R*|*R*|*B*|*Q*| 8');
    expect(lines[16]).toBe('1 |:Q:| B |:R:| R |:R:| R |:B:| Q | 1');
    expect(lines[18]).toBe('    H   G   F   E   D   C   B   A ');
  });

  it('renders and parses back every position of a random game', () => {
    const rng = createRng(5);
    let s: TacticsState = tactics.initial();
    for (let ply = 0; ply < 120 && !tactics.outcome(s); ply++) {
      expect(unwrap(parseDiagram(renderDiagram(s))).join(',')).toBe(
        Array.from({ length: 64 }, (_, i) => cellAt(s, i)).join(','),
      );
      s = tactics.play(s, rng.pick(tactics.legalMoves(s)));
    }
  });

  it('says which line and column of a board is wrong', () => {
    const good = renderDiagram(tactics.initial());
    const lines = good.split('\n');
    const withLine = (i: number, text: string) => lines.map((l, j) => (j === i ? text : l)).join('\n');
    const cases: [string, string, number | undefined, number | undefined][] = [
      [lines.slice(0, 10).join('\n'), 'diagram/line-count', undefined, undefined],
      [withLine(0, '    a   b   c   d   e   f   g   h'), 'diagram/bad-line', 1, 1],
      [withLine(3, '  +---+---+---+---+---+---+---+--+'), 'diagram/bad-line', 4, 1],
      [withLine(4, '3 |:::|   |:::|   |:::|   |:::|   | 3'), 'diagram/bad-line', 5, 1],
      [withLine(2, '1 | Q |:B:| K |:R:| R |:R:| B |:Q:| 1'), 'diagram/bad-square', 3, 12],
      [withLine(2, '1 | Q |:B:| R |*R:| R |:R:| B |:Q:| 1'), 'diagram/bad-square', 3, 16],
      [withLine(2, '1 | Q |:B:| R |:R:| R |:R:| B ;:Q:| 1'), 'diagram/bad-line', 3, 31],
    ];
    for (const [text, code, line, column] of cases) {
      const r = parseDiagram(text);
      expect(r.ok ? 'accepted' : r.error.code).toBe(code);
      if (!r.ok) {
        expect(r.error.line).toBe(line);
        expect(r.error.column).toBe(column);
      }
    }
  });
});

describe('fuzzed input never throws and always gets a coded error', () => {
  it('position text: any string', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (text) => {
        expectCoded(parsePosition(text));
      }),
      { numRuns: 2000, seed: 1 },
    );
  });

  it('position text: damaged real positions, and any accepted one round-trips', () => {
    const rng = createRng(11);
    for (let i = 0; i < 3000; i++) {
      const r = parsePosition(mutate(rng, i % 2 ? START : EXAMPLE));
      expectCoded(r);
      if (r.ok) expect(formatPosition(unwrap(parsePosition(formatPosition(r.value))))).toBe(formatPosition(r.value));
    }
  });

  it('moves: any string, against positions of a random game', () => {
    const positions = [tactics.initial(), unwrap(parsePosition(EXAMPLE))];
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.integer({ min: 0, max: 1 }), (text, i) => {
        const s = positions[i]!;
        const r = tactics.parseMove(s, text);
        expectCoded(r);
        if (r.ok) expect(tactics.legalMoves(s).some((m) => m.from === r.value.from && m.to === r.value.to)).toBe(true);
      }),
      { numRuns: 3000, seed: 2 },
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...'abcdefghiABCH'),
        fc.integer({ min: 0, max: 9 }),
        fc.constantFrom('-', '', ' - ', '--', 'x'),
        fc.constantFrom(...'abcdefghiABCH'),
        fc.integer({ min: 0, max: 9 }),
        (f1, r1, sep, f2, r2) => {
          const r = tactics.parseMove(positions[1]!, `${f1}${r1}${sep}${f2}${r2}`);
          expectCoded(r);
        },
      ),
      { numRuns: 2000, seed: 3 },
    );
  });

  it('boards: damaged diagrams', () => {
    const rng = createRng(12);
    const text = renderDiagram(unwrap(parsePosition(EXAMPLE)));
    for (let i = 0; i < 2000; i++) expectCoded(parseDiagram(mutate(rng, text)));
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (t) => {
        expectCoded(parseDiagram(t));
      }),
      { numRuns: 500, seed: 4 },
    );
  });
});
