/**
 * The flip rules (manual, "Pieces are flipped in one of two ways"; docs/rules/tactics.md "Flipping"), edge by
 * edge. Boards are drawn rank 1 at the top, as the manual draws them: `*X*` shows the black face, ` X ` the white
 * face, lowercase is frozen. Shading is left out (the parser ignores it).
 */
import { unwrap } from '@tactica/core';
import { describe, expect, it } from 'vitest';
import { squareName } from './board.js';
import { flipsOf, tactics } from './game.js';
import type { TacticsState } from './state.js';
import { board, picture, playAll } from './test-boards.js';

function flipped(s: TacticsState, move: string): string[] {
  return flipsOf(s, unwrap(tactics.parseMove(s, move)))
    .map(squareName)
    .sort();
}

function expectBoard(actual: TacticsState, expected: TacticsState): void {
  expect(picture(actual)).toBe(picture(expected));
}

/** A board whose rank 4 is given and every other rank is empty but for a Black Queen on h8 (so Black can move). */
function rank4(row: string): TacticsState {
  return board(`
    1 |   |   |   |   |   |   |   |   |
    2 |   |   |   |   |   |   |   |   |
    3 |   |   |   |   |   |   |   |   |
    ${row}
    5 |   |   |   |   |   |   |   |   |
    6 |   |   |   |   |   |   |   |   |
    7 |   |   |   |   |   |   |   |   |
    8 |   |   |   |   |   |   |   |*Q*|
  `);
}

describe('bracket flips (the Othello rule)', () => {
  it("a run of opponent-coloured pieces closed by a piece of the mover's colour flips to the mover's colour", () => {
    const after = playAll(rank4('4 | R |   |   |   |*R*|*B*|*Q*| R |'), 'a4-d4');
    expectBoard(after, {
      ...rank4('4 |   |   |   | R | r | b | q | R |'),
      turn: 1,
    });
    expect(after.quiet).toBe(0);
  });

  it("a frozen enemy piece shows the mover's colour, so it closes a run", () => {
    // g4 " r " is a frozen Black Rook: white face up, so for White it closes the run e4-f4.
    expect(flipped(rank4('4 | R |   |   |   |*R*|*R*| r |   |'), 'a4-d4')).toEqual(['e4', 'f4']);
  });

  it("a frozen enemy piece is not part of the opponent's run: for Black it is an opponent-coloured piece", () => {
    // Black lands on d4; e4 " r " (Black's own frozen Rook, white face) and f4 " R " show White's colour, g4 closes.
    const s = { ...rank4('4 |*R*|   |   |   | r | R |*B*|   |'), turn: 1 as const };
    expect(flipped(s, 'a4-d4')).toEqual(['e4', 'f4']);
    const after = playAll(s, 'a4-d4');
    // e4 is Black's Rook again (mobile, black face), f4 is White's Rook frozen (black face, lowercase).
    expect(picture(after).split('\n')[8]).toBe('4 |:::|   |:::|*R*|*R*|*r*|*B*|   | 4');
  });

  it("the mover's own frozen piece inside the run flips back and can move again", () => {
    // e4 "*b*" is White's frozen Bishop (black face up): it is in the run, so it flips to white and is mobile.
    const after = playAll(rank4('4 | R |   |   |   |*b*|*R*| R |   |'), 'a4-d4');
    expectBoard(after, { ...rank4('4 |   |   |   | R | B | r | R |   |'), turn: 1 });
    const white = playAll(after, 'h8-h7');
    expect(tactics.legalMoves(white).some((m) => squareName(m.from) === 'e4')).toBe(true);
  });

  it.each([
    ['a gap in the run', '4 | R |   |   |   |*R*|   | R |   |'],
    ['the run reaching the board edge unclosed', '4 | R |   |   |   |*R*|*R*|*R*|*R*|'],
    ['an empty square where the closing piece should be', '4 | R |   |   |   |*R*|*R*|   | R |'],
  ])('nothing flips with %s', (_name, row) => {
    expect(flipped(rank4(row), 'a4-d4')).toEqual([]);
  });

  it('runs on all four orthogonal lines flip together', () => {
    // White's Bishop b2 lands on d4: west b4-c4 closed by a4, east e4 closed by f4, towards rank 1 d3-d2 closed by
    // d1, towards rank 8 d5 closed by d6 (a frozen Black Rook, white face).
    const s = board(`
      1 |   |   |   | R |   |   |   |   |
      2 |   | B |   |*B*|   |   |   |   |
      3 |   |   |   |*Q*|   |   |   |   |
      4 | R |*B*|*R*|   |*R*| Q |   |   |
      5 |   |   |   |*R*|   |   |   |   |
      6 |   |   |   | r |   |   |   |   |
      7 |   |   |   |   |   |   |   |   |
      8 |   |   |   |   |   |   |   |*Q*|
    `);
    expect(flipped(s, 'b2-d4')).toEqual(['b4', 'c4', 'd2', 'd3', 'd5', 'e4']);
    expectBoard(playAll(s, 'b2-d4'), {
      ...board(`
        1 |   |   |   | R |   |   |   |   |
        2 |   |   |   | b |   |   |   |   |
        3 |   |   |   | q |   |   |   |   |
        4 | R | b | r | B | r | Q |   |   |
        5 |   |   |   | r |   |   |   |   |
        6 |   |   |   | r |   |   |   |   |
        7 |   |   |   |   |   |   |   |   |
        8 |   |   |   |   |   |   |   |*Q*|
      `),
      turn: 1,
    });
  });
});

describe('sandwich flips (moving between two opponent-coloured pieces)', () => {
  it('landing between two opponent-coloured pieces flips both, and only those two', () => {
    // b4 is opponent-coloured too, but only the neighbours c4 and e4 flip: no piece closes the run b4-c4.
    const s = board(`
      1 |   |   |   |   |   |   |   |   |
      2 |   |   |   |   |   |   |   |   |
      3 |   |   |   |   |   |   |   |   |
      4 |   |*R*|*R*|   |*R*|   |   |   |
      5 |   |   |   |   |   |   |   |   |
      6 |   |   |   | R |   |   |   |   |
      7 |   |   |   |   |   |   |   |   |
      8 |   |   |   |   |   |   |   |*Q*|
    `);
    expect(flipped(s, 'd6-d4')).toEqual(['c4', 'e4']);
  });

  it('works on files as on ranks, and with frozen pieces of the mover (they show the opponent colour)', () => {
    // d3 "*q*" is White's frozen Queen, d5 a Black Rook: White's Rook lands between them from h4.
    const s = board(`
      1 |   |   |   |   |   |   |   |   |
      2 |   |   |   |   |   |   |   |   |
      3 |   |   |   |*q*|   |   |   |   |
      4 |   |   |   |   |   |   |   | R |
      5 |   |   |   |*R*|   |   |   |   |
      6 |   |   |   |   |   |   |   |   |
      7 |   |   |   |   |   |   |   |   |
      8 |   |   |   |   |   |   |   |*Q*|
    `);
    expect(flipped(s, 'h4-d4')).toEqual(['d3', 'd5']);
    const after = playAll(s, 'h4-d4');
    expect(picture(after).split('\n').slice(6, 11)).toEqual([
      '3 |   |:::|   |:Q:|   |:::|   |:::| 3',
      '  +---+---+---+---+---+---+---+---+',
      '4 |:::|   |:::| R |:::|   |:::|   | 4',
      '  +---+---+---+---+---+---+---+---+',
      '5 |   |:::|   |:r:|   |:::|   |:::| 5',
    ]);
  });

  it('one opponent-coloured neighbour alone does not flip', () => {
    expect(flipped(rank4('4 |   |   |*R*|   |   |   |   | R |'), 'h4-d4')).toEqual([]);
  });

  it("a neighbour of the mover's colour on the other side spoils the sandwich", () => {
    // e4 " r " is a frozen Black Rook showing White's colour: c4 has no opponent-coloured partner.
    const s = board(`
      1 |   |   |   |   |   |   |   |   |
      2 |   |   |   |   |   |   |   |   |
      3 |   |   |   |   |   |   |   |   |
      4 |   |   |*R*|   | r |   |   |   |
      5 |   |   |   |   |   |   |   |   |
      6 |   |   |   |   |   |   |   |   |
      7 |   |   |   | R |   |   |   |   |
      8 |   |   |   |   |   |   |   |*Q*|
    `);
    expect(flipped(s, 'd7-d4')).toEqual([]);
  });
});

describe('both rules together', () => {
  it('a piece caught by both rules flips once (manual: f3 in c1-f4)', () => {
    // d5 is bracketed (closed by d6) and sandwiched (with d3): it must end white-faced, not flipped back.
    const s = board(`
      1 |   |   |   |   |   |   |   |   |
      2 |   |   |   |   |   |   |   |   |
      3 |   |   |   |*R*|   |   |   |   |
      4 |   |   |   |   |   |   |   | R |
      5 |   |   |   |*R*|   |   |   |   |
      6 |   |   |   | R |   |   |   |   |
      7 |   |   |   |   |   |   |   |   |
      8 |   |   |   |   |   |   |   |*Q*|
    `);
    expect(flipped(s, 'h4-d4')).toEqual(['d3', 'd5']);
    const after = playAll(s, 'h4-d4');
    expect(picture(after).split('\n')[10]).toBe('5 |   |:::|   |:r:|   |:::|   |:::| 5');
  });

  it('everything is judged on the landing position before any flip', () => {
    // c4 flips by the bracket (closed by a4). Had it flipped first, e4 would have no opponent-coloured partner;
    // judged before any flip, c4 and e4 sandwich d4, so e4 flips too.
    const s = board(`
      1 |   |   |   |   |   |   |   |   |
      2 |   |   |   |   |   |   |   |   |
      3 |   |   |   |   |   |   |   |   |
      4 | R |*R*|*R*|   |*R*|   |   |   |
      5 |   |   |   |   |   |   |   |   |
      6 |   |   |   | Q |   |   |   |   |
      7 |   |   |   |   |   |   |   |   |
      8 |   |   |   |   |   |   |   |*Q*|
    `);
    expect(flipped(s, 'd6-d4')).toEqual(['b4', 'c4', 'e4']);
  });

  it("landing inside an enemy bracket flips nothing (manual: c3-e5 leaves e5 and e6 Black's)", () => {
    // Black lands on d4: d3 and d6 are White's and bracket d4-d5 for White, but on Black's move only
    // white-faced pieces can flip, and neither d3 nor d6 is closed or sandwiched.
    const s = {
      ...board(`
        1 |   |   |   |   |   |   |   |   |
        2 |   |   |   |   |   |   |   |   |
        3 |   |   |   | R |   |   |   |   |
        4 |   |   |   |   |   |   |   |*Q*|
        5 |   |   |   |*R*|   |   |   |   |
        6 |   |   |   | R |   |   |   |   |
        7 |   |   |   |   |   |   |   |   |
        8 |   |   |   |   |   |   |   |   |
      `),
      turn: 1 as const,
    };
    expect(flipped(s, 'h4-d4')).toEqual([]);
  });
});

describe('board edges and diagonals', () => {
  it('a corner has one neighbour per line, so no sandwich; a run to the edge is never closed', () => {
    const s = board(`
      1 |   |*R*|   |   |   |   |   |   |
      2 |*R*|   |   |   |   |   |   |   |
      3 |   |   |   |   |   |   |   |   |
      4 | Q |   |   |   |   |   |   |   |
      5 |   |   |   |   |   |   |   |   |
      6 |   |   |   |   |   |   |   |   |
      7 |   |   |   |   |   |   |   |   |
      8 |   |   |   |   |   |   |   |*Q*|
    `);
    // a4-a3 lands next to a2 (run a2 then the edge beyond a1): nothing. a4-d1 lands on the edge rank.
    expect(flipped(s, 'a4-a3')).toEqual([]);
    expect(flipped(s, 'a4-d1')).toEqual([]);
  });

  it('on an edge square the line along the edge still sandwiches and brackets', () => {
    const s = board(`
      1 |   |   |   |   |   |   |   |   |
      2 |*R*|   |   |   |   |   |   |   |
      3 |   |   |   |   |   |   |   |   |
      4 |*R*|   |   |   |   |   |   | R |
      5 |*R*|   |   |   |   |   |   |   |
      6 | R |   |   |   |   |   |   |   |
      7 |   |   |   |   |   |   |   |   |
      8 |   |   |   |   |   |   |   |*Q*|
    `);
    // Landing a3: towards rank 1 a2 then the edge (no close); towards rank 8 a4-a5 closed by a6: flips.
    // a2 and a4 also sandwich a3: both flip. The missing west neighbour makes no difference.
    expect(flipped(s, 'h4-h3')).toEqual([]);
    const t = playAll(s, 'h4-h3', 'h8-h7');
    expect(flipped(t, 'h3-a3')).toEqual(['a2', 'a4', 'a5']);
  });

  it('diagonal lines never flip: no diagonal bracket, no diagonal sandwich', () => {
    const s = board(`
      1 |   |   |   |   |   |   |   |   |
      2 |   |   |   |   |   |   |   |   |
      3 |   |   |*R*|   |*R*|   |   |   |
      4 |   |   |   |   |   |   |   | R |
      5 |   |   |*R*|   |*R*|   |   |   |
      6 |   | Q |   |   |   | R |   |   |
      7 |   |   |   |   |   |   |   |   |
      8 |   |   |   |   |   |   |   |*Q*|
    `);
    // d4's diagonal neighbours are all Black (sandwiches on both diagonals) and c5-b6, e5-f6 are closed runs.
    expect(flipped(s, 'h4-d4')).toEqual([]);
  });
});

describe("pieces showing the mover's colour never flip on his move", () => {
  it("the mover's pieces and frozen enemy pieces next to the landing square stay as they are", () => {
    // The Queen lands on d4 from g7: all four neighbours show White's colour (d3 is a frozen Black Rook).
    const s = board(`
      1 |   |   |   |   |   |   |   |   |
      2 |   |   |   |   |   |   |   |   |
      3 |   |   |   | r |   |   |   |   |
      4 |   |   | R |   | B |   |   |   |
      5 |   |   |   | R |   |   |   |   |
      6 |   |   |   |*R*|   |   |   |   |
      7 |   |   |   |   |   |   | Q |   |
      8 |   |   |   |   |   |   |   |*Q*|
    `);
    expect(flipped(s, 'g7-d4')).toEqual([]);
    expectBoard(playAll(s, 'g7-d4'), {
      ...board(`
        1 |   |   |   |   |   |   |   |   |
        2 |   |   |   |   |   |   |   |   |
        3 |   |   |   | r |   |   |   |   |
        4 |   |   | R | Q | B |   |   |   |
        5 |   |   |   | R |   |   |   |   |
        6 |   |   |   |*R*|   |   |   |   |
        7 |   |   |   |   |   |   |   |   |
        8 |   |   |   |   |   |   |   |*Q*|
      `),
      turn: 1,
    });
  });
});
