/**
 * The evaluation measures what the manual says wins: mobility. Boards are drawn rank 1 at the top, as the manual
 * draws them: `*X*` shows the black face, ` X ` the white face, lowercase is frozen.
 */
import { createRng, unwrap } from '@tactica/core';
import { describe, expect, it } from 'vitest';
import { SQUARES } from './board.js';
import { evaluate, evaluateCells, evaluateWhite, evaluationTerms, flipValue, PIECE, WEIGHTS } from './evaluate.js';
import { flipsOf, tactics } from './game.js';
import { cellAt, stateFromCells, type TacticsState } from './state.js';
import { board } from './test-boards.js';

/** The same position with the colours swapped and the board turned upside down (rank 1 ↔ rank 8). */
function mirror(s: TacticsState): TacticsState {
  const cells = new Array<number>(SQUARES).fill(0);
  for (let sq = 0; sq < SQUARES; sq++) {
    const c = cellAt(s, sq);
    // Swap owner (bit 2) and face (bit 3).
    cells[sq ^ 56] = c === 0 ? 0 : c ^ 12;
  }
  return stateFromCells(cells, s.turn === 0 ? 1 : 0, s.quiet);
}

function* positions(games: number, seed: number): Generator<TacticsState> {
  const rng = createRng(seed);
  for (let g = 0; g < games; g++) {
    let s = tactics.initial();
    while (!tactics.outcome(s)) {
      yield s;
      s = tactics.play(s, rng.pick(tactics.legalMoves(s)));
    }
  }
}

function cells(s: TacticsState): Int8Array {
  const out = new Int8Array(SQUARES);
  for (let sq = 0; sq < SQUARES; sq++) out[sq] = cellAt(s, sq);
  return out;
}

describe('flipValue: what a landing flips, without playing it', () => {
  it('counts exactly the pieces the rules flip, for every legal move of 3 random games', () => {
    let checked = 0;
    for (const s of positions(3, 21)) {
      const c = cells(s);
      for (const m of tactics.legalMoves(s)) {
        const flips = flipsOf(s, m);
        expect(flipValue(c, m.to, s.turn, [0, 1, 1, 1])).toBe(flips.length);
        const weighted = flips.reduce((sum, sq) => sum + (WEIGHTS.piece[cellAt(s, sq) & 3] as number), 0);
        expect(flipValue(c, m.to, s.turn)).toBe(weighted);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(5000);
  });
});

describe('evaluate', () => {
  it('is colour-blind: a position and its mirror image (colours swapped, board upside down) score the same', () => {
    let n = 0;
    for (const s of positions(2, 22)) {
      if (n++ % 3 !== 0) continue;
      expect(evaluate(mirror(s))).toBe(evaluate(s));
      expect(evaluateWhite(mirror(s))).toBe(-evaluateWhite(s));
      expect(evaluateCells(cells(s), s.turn)).toBe(evaluate(s));
      expect(evaluateWhite(s)).toBe(s.turn === 0 ? evaluate(s) : -evaluate(s));
    }
  });

  it('the starting position is level: the side to move has only its tempo', () => {
    const [white, black] = evaluationTerms(tactics.initial());
    expect(white).toEqual(black);
    expect(white.mobilePieces).toBe(4 * PIECE + 2 * (WEIGHTS.piece[2] as number) + 2 * (WEIGHTS.piece[3] as number));
    expect(white.moves).toBe(62);
    expect(evaluate(tactics.initial())).toBe(WEIGHTS.tempo);
  });

  it('a frozen piece is worth nothing to its owner: freezing an enemy Rook gains about a Rook', () => {
    const mobile = board(`
      1 | Q |   |   |   |   |   |   |   |
      2 |   |   |   |   |   |   |   |   |
      3 |   |   |   |   |   |   |   |   |
      4 |   |   |   |*R*|   |   |   |   |
      5 |   |   |   |   |   |   |   |   |
      6 |   |   |   |   |   |   |   |   |
      7 |   |   |   |   |   |   |   |   |
      8 |   |   |   |   |   |   |   |*Q*|
    `);
    const frozen = board(`
      1 | Q |   |   |   |   |   |   |   |
      2 |   |   |   |   |   |   |   |   |
      3 |   |   |   |   |   |   |   |   |
      4 |   |   |   | r |   |   |   |   |
      5 |   |   |   |   |   |   |   |   |
      6 |   |   |   |   |   |   |   |   |
      7 |   |   |   |   |   |   |   |   |
      8 |   |   |   |   |   |   |   |*Q*|
    `);
    expect(evaluationTerms(mobile)[1].mobilePieces - evaluationTerms(frozen)[1].mobilePieces).toBe(PIECE);
    expect(evaluate(frozen) - evaluate(mobile)).toBeGreaterThan(PIECE);
  });

  it('a mobile piece with no move is boxed in, and counts against its owner', () => {
    // White's Rook on a1 is walled in by Black's b1 and a2; White's Queen on h1 is free.
    const s = board(`
      1 | R |*R*|   |   |   |   |   | Q |
      2 |*R*|   |   |   |   |   |   |   |
      3 |   |   |   |   |   |   |   |   |
      4 |   |   |   |   |   |   |   |   |
      5 |   |   |   |   |   |   |   |   |
      6 |   |   |   |   |   |   |   |   |
      7 |   |   |   |   |   |   |   |   |
      8 |   |   |   |   |   |   |   |*Q*|
    `);
    expect(evaluationTerms(s)[0].boxedIn).toBe(1);
    expect(evaluationTerms(s)[1].boxedIn).toBe(0);
  });

  it('a threat is the best flip a side can land now; out of reach it is exposure instead', () => {
    // White's Rook on a4 reaches d4 and brackets the Black Rook e4 and Queen f4 against White's g4 Rook.
    const reachable = board(`
      1 |   |   |   |   |   |   |   |   |
      2 |   |   |   |   |   |   |   |   |
      3 |   |   |   |   |   |   |   |   |
      4 | R |   |   |   |*R*|*Q*| R |   |
      5 |   |   |   |   |   |   |   |   |
      6 |   |   |   |   |   |   |   |   |
      7 |   |   |   |   |   |   |   |   |
      8 |   |   |   |   |   |   |   |*Q*|
    `);
    const [white, black] = evaluationTerms(reachable);
    expect(white.threat).toBe(PIECE + (WEIGHTS.piece[3] as number));
    expect(black.exposure).toBe(0);
    // Frozen, the a4 Rook reaches nothing: the same landing square is only exposure of Black's pieces.
    const outOfReach = { ...reachable, board: reachable.board.replace('A', 'I') };
    expect(cellAt(outOfReach, 24)).toBe(cellAt(reachable, 24) | 8);
    const [w2, b2] = evaluationTerms(outOfReach);
    expect(w2.threat).toBe(0);
    expect(b2.exposure).toBeGreaterThanOrEqual(PIECE + (WEIGHTS.piece[3] as number));
    expect(evaluate(reachable)).toBeGreaterThan(evaluate(outOfReach));
  });

  it('a sandwich threat counts both neighbours', () => {
    // Black's Rook on d1 reaches d4, between White's c4 and e4 Rooks.
    const s = board(
      `
      1 |   |   |   |*R*|   |   |   |   |
      2 |   |   |   |   |   |   |   |   |
      3 |   |   |   |   |   |   |   |   |
      4 |   |   | R |   | R |   |   |   |
      5 |   |   |   |   |   |   |   |   |
      6 |   |   |   |   |   |   |   |   |
      7 |   |   |   |   |   |   |   |   |
      8 | Q |   |   |   |   |   |   |   |
    `,
      'b',
    );
    expect(evaluationTerms(s)[1].threat).toBe(2 * PIECE);
    expect(flipsOf(s, unwrap(tactics.parseMove(s, 'd1-d4')))).toHaveLength(2);
  });
});
