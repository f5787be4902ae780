import { describe, expect, it } from 'vitest';
import {
  areNeighbours,
  countPieces,
  flagSquare,
  FLANK_SETS,
  flankOf,
  isHighGround,
  isReachable,
  NEIGHBOUR_START,
  rotateSquare,
  squareName,
  startingBoard,
  startingFlanks,
  TARGET_START,
  TARGETS,
} from './board.js';
import { diagram, draw } from './test-boards.js';

describe('the starting layout (docs/rules/tactorus.md "Setup")', () => {
  it('Player 1 holds rows 8–9 (C A C | C F A C | C A C over ten infantry), Player 2 the same turned 180°', () => {
    expect(draw(startingBoard())).toBe(
      draw(
        diagram(`
          c a c c a f c c a c
          i i i i i i i i i i
          . . . . . . . . . .
          . . . . . . . . . .
          . . . . . . . . . .
          . . . . . . . . . .
          . . . . . . . . . .
          . . . . . . . . . .
          I I I I I I I I I I
          C A C C F A C C A C
        `),
      ),
    );
  });

  it('each side has 20 pieces: the flag, 3 artillery, 6 cavalry, 10 infantry', () => {
    for (const p of [0, 1] as const) {
      expect(countPieces(startingBoard(), p)).toEqual({ F: 1, A: 3, C: 6, I: 10, total: 20 });
    }
  });

  it('a flank is 1 artillery, 2 cavalry and 3 infantry; each can be left out per player (left as that player sees it)', () => {
    const board = startingBoard([
      { left: false, right: true },
      { left: true, right: false },
    ]);
    // Player 2 faces down the board, so their right flank is on the board's left.
    expect(draw(board)).toBe(
      draw(
        diagram(`
          . . . c a f c c a c
          . . . i i i i i i i
          . . . . . . . . . .
          . . . . . . . . . .
          . . . . . . . . . .
          . . . . . . . . . .
          . . . . . . . . . .
          . . . . . . . . . .
          . . . I I I I I I I
          . . . C F A C C A C
        `),
      ),
    );
    expect(countPieces(board, 0)).toEqual({ F: 1, A: 2, C: 4, I: 7, total: 14 });
    const none = startingBoard([
      { left: false, right: false },
      { left: false, right: false },
    ]);
    for (const p of [0, 1] as const) expect(countPieces(none, p)).toEqual({ F: 1, A: 1, C: 2, I: 4, total: 8 });
  });

  it('"New game": each flank is a place of 6 squares, columns 0–2 or 7–9 of its player\'s rows as they see them', () => {
    // Each square's flank, drawn: L/R Player 1's left/right flank, l/r Player 2's (their left is the board's right).
    const map = Array.from({ length: 100 }, (_, sq) => {
      const f = flankOf(sq);
      if (!f) return '.';
      const letter = f.flank === 'left' ? 'l' : 'r';
      return f.player === 0 ? letter.toUpperCase() : letter;
    }).join('');
    expect(draw(map)).toBe(
      draw(
        diagram(`
          r r r . . . . l l l
          r r r . . . . l l l
          . . . . . . . . . .
          . . . . . . . . . .
          . . . . . . . . . .
          . . . . . . . . . .
          . . . . . . . . . .
          . . . . . . . . . .
          L L L . . . . R R R
          L L L . . . . R R R
        `),
      ),
    );
    // On the starting board every flank holds one artillery, two cavalry and three infantry of its player.
    const board = startingBoard();
    for (const player of [0, 1] as const) {
      for (const flank of ['left', 'right'] as const) {
        const pieces = [...board]
          .filter((_, sq) => flankOf(sq)?.player === player && flankOf(sq)?.flank === flank)
          .sort()
          .join('');
        expect(pieces).toBe(player === 0 ? 'ACCIII' : 'acciii');
      }
    }
  });

  it('a starting board tells which flanks were brought; a board no choice of flanks gives tells none', () => {
    expect(FLANK_SETS).toHaveLength(16);
    expect(new Set(FLANK_SETS.map((f) => startingBoard(f))).size).toBe(16);
    for (const flanks of FLANK_SETS) expect(startingFlanks(startingBoard(flanks))).toEqual(flanks);
    expect(FLANK_SETS[0]).toEqual([
      { left: true, right: true },
      { left: true, right: true },
    ]);
    const moved = startingBoard().replace('IIIIIIIIII', 'IIIIIIIII.');
    expect(startingFlanks(moved)).toBeUndefined();
  });

  it('flags stand on 94 (Player 1) and 05 (Player 2)', () => {
    expect(flagSquare(startingBoard(), 0)).toBe(94);
    expect(flagSquare(startingBoard(), 1)).toBe(5);
  });
});

describe('squares and movement geometry', () => {
  it('squares are numbered 00–99 row by row from the top-left', () => {
    expect(squareName(0)).toBe('00');
    expect(squareName(7)).toBe('07');
    expect(squareName(63)).toBe('63');
    expect(rotateSquare(0)).toBe(99);
    expect(rotateSquare(37)).toBe(62);
  });

  it('a piece moves one or two squares in one of eight directions: 16 targets in open board, fewer at edges', () => {
    const targets = (sq: number): number => (TARGET_START[sq + 1] as number) - (TARGET_START[sq] as number);
    expect(targets(44)).toBe(16);
    expect(targets(0)).toBe(6);
    expect(targets(11)).toBe(11);
    expect([...TARGETS.slice(TARGET_START[0], TARGET_START[1])].sort((a, b) => a - b)).toEqual([1, 2, 10, 11, 20, 22]);
  });

  it.each([
    [44, 45, true],
    [44, 46, true],
    [44, 66, true],
    [44, 24, true],
    [44, 47, false],
    [44, 65, false], // a knight's jump is not a straight line
    [44, 44, false],
    [9, 10, false], // wrapping round the edge is not adjacent
    [19, 20, false],
  ])('isReachable(%i, %i) is %s', (from, to, expected) => {
    expect(isReachable(from, to)).toBe(expected);
  });

  it('every square has its 8 neighbours (3 in a corner, 5 on an edge)', () => {
    const n = (sq: number): number => (NEIGHBOUR_START[sq + 1] as number) - (NEIGHBOUR_START[sq] as number);
    expect([n(0), n(5), n(44), n(99)]).toEqual([3, 5, 8, 3]);
    expect(areNeighbours(44, 55)).toBe(true);
    expect(areNeighbours(9, 10)).toBe(false);
  });

  it('the High Ground is the centre 16 squares', () => {
    const hg = Array.from({ length: 100 }, (_, sq) => sq).filter(isHighGround);
    expect(hg).toEqual([33, 34, 35, 36, 43, 44, 45, 46, 53, 54, 55, 56, 63, 64, 65, 66]);
  });
});
