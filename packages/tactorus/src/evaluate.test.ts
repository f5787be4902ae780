import { createRng } from '@tactica/core';
import { describe, expect, it } from 'vitest';
import { rotateSquare, SQUARES } from './board.js';
import { canEnd, DEFAULT_WEIGHTS, evaluate, Evaluator, flagLossChance, MOVE_DISTANCE, ReachMaps } from './evaluate.js';
import { newGame } from './game.js';
import { boardCodes, OrderPlanner, OrderSet, randomOrderSet, resolveCodes } from './simulate.js';
import { BASIC_RULES, DEFAULT_RULES, type Rules } from './state.js';
import { diagram } from './test-boards.js';

const CHAIN: Rules = DEFAULT_RULES;

/** The same position seen from the other side: the board turned 180 degrees and the colours swapped. */
function mirror(board: string): string {
  let out = '';
  for (let sq = 0; sq < SQUARES; sq++) {
    const c = board[rotateSquare(sq)] as string;
    out += c === '.' ? c : c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase();
  }
  return out;
}

/** Boards from random games (both sides' random orders), for the property tests. */
function randomBoards(count: number, rules: Rules): string[] {
  const rng = createRng('evaluate boards');
  const planner = new OrderPlanner();
  const out: string[] = [];
  let board = boardCodes(newGame({ rules }).board);
  let round = 0;
  const next = new Uint8Array(SQUARES);
  while (out.length < count) {
    const a = new OrderSet().copyFrom(randomOrderSet(planner, board, rules, 0, rng));
    const b = new OrderSet().copyFrom(randomOrderSet(planner, board, rules, 1, rng));
    const code = resolveCodes(board, [a, b], ++round, next);
    if (code !== 0) {
      board = boardCodes(newGame({ rules }).board);
      round = 0;
      continue;
    }
    board = next.slice();
    let text = '';
    for (let sq = 0; sq < SQUARES; sq++) text += ' FACI    faci'[board[sq] as number]?.replace(' ', '.') ?? '.';
    out.push(text);
  }
  return out;
}

describe('evaluation', () => {
  it('moves needed: a two-square line is one move, a knight jump two, across the board five', () => {
    const cases: [number, number, number][] = [
      [44, 44, 0],
      [44, 46, 1], // two squares right
      [44, 66, 1], // two squares diagonally
      [44, 45, 1],
      [44, 65, 2], // a knight's jump: not a straight line
      [44, 48, 2],
      [90, 9, 5], // corner to corner of the other diagonal: 9 rows, 9 columns
      [94, 4, 5],
    ];
    for (const [from, to, n] of cases) expect(MOVE_DISTANCE[from * SQUARES + to], `${from}->${to}`).toBe(n);
  });

  it('is zero-sum and the same from either side of the board (turned and colours swapped)', () => {
    for (const rules of [BASIC_RULES, CHAIN, { chain: true, supplyLines: true, highGround: true }]) {
      for (const board of randomBoards(40, rules)) {
        const score = evaluate(board, rules, 10, 0);
        expect(evaluate(board, rules, 10, 1)).toBeCloseTo(-score, 6);
        expect(evaluate(mirror(board), rules, 10, 1)).toBeCloseTo(score, 6);
      }
    }
  });

  it('the starting position is level', () => {
    expect(evaluate(newGame().board, CHAIN, 0, 0)).toBe(0);
  });

  it('material by kind: one more infantry, cavalry or artillery is worth its value', () => {
    const base = `
      . . . . . f . . . i
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      I . . . F . . . . .`;
    const withPiece = (kind: string) => diagram(base).slice(0, 50) + kind + diagram(base).slice(51);
    const b0 = evaluate(diagram(base), BASIC_RULES, 0, 0);
    expect(b0).toBe(0);
    // A lone piece in the middle, far from every enemy: its value and nothing else (infantry also approach).
    expect(evaluate(withPiece('A'), BASIC_RULES, 0, 0)).toBe(DEFAULT_WEIGHTS.material[2]);
    expect(evaluate(withPiece('C'), BASIC_RULES, 0, 0)).toBe(DEFAULT_WEIGHTS.material[3]);
    expect(evaluate(withPiece('I'), BASIC_RULES, 0, 0)).toBeGreaterThanOrEqual(DEFAULT_WEIGHTS.material[4]);
  });

  it('infantry is worth more as round 50 nears (more infantry wins there)', () => {
    const board = diagram(`
      . . . . f . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      i . . . . . . . . I
      I . . . F . . . . .`);
    expect(evaluate(board, BASIC_RULES, 45, 0)).toBeGreaterThan(evaluate(board, BASIC_RULES, 5, 0));
  });

  it('a side without infantry can no longer win', () => {
    const board = diagram(`
      . . . . f . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      I C . . F . . . . c`);
    expect(evaluate(board, BASIC_RULES, 0, 1)).toBeLessThan(-DEFAULT_WEIGHTS.noInfantry + 200);
  });

  describe('flag safety: the chance the flag is taken next round', () => {
    it('an unthreatened flag is safe', () => {
      const board = boardCodes(
        diagram(`
        . . . . f . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . i . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . F . . . . .`),
      );
      const maps = new ReachMaps().compute(board, BASIC_RULES, 1);
      expect(flagLossChance(board, BASIC_RULES, 0, maps)).toBe(0);
    });

    it('a flag with one square out of every infantry’s reach can be saved: chance 0', () => {
      // The infantry on 74 can land on 94, but not on 93 or 95 (a knight's jump away): the flag can step there.
      const board = boardCodes(
        diagram(`
        . . . . f . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . i . . . . .
        . . . . . . . . . .
        . . . . F . . . . .`),
      );
      const maps = new ReachMaps().compute(board, BASIC_RULES, 1);
      expect(maps.reach[4 * SQUARES + 94]).toBe(1);
      expect(flagLossChance(board, BASIC_RULES, 0, maps)).toBe(0);
    });

    it('a cornered flag whose every square is covered is lost for sure when there is an infantry per square', () => {
      // Chain moves. Flag on 99: it may end on 99, 98, 97, 89, 88, 79, 77. Seven enemy infantry cover all seven at
      // once: 79→99, 57→79, 77 stays, 86→88, 96→98, 95→97, 69→89.
      const board = boardCodes(
        diagram(`
        f . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . i . .
        . . . . . . . . . i
        . . . . . . . i . i
        . . . . . . i . . .
        . . . . . i i . . F`),
      );
      const maps = new ReachMaps().compute(board, CHAIN, 1);
      expect(flagLossChance(board, CHAIN, 0, maps)).toBe(1);
      expect(evaluate(diagramText(board), CHAIN, 0, 0)).toBeLessThan(-DEFAULT_WEIGHTS.flagDanger + 1000);
    });

    it('with fewer infantry than squares the attacker must guess: the chance is the share it can cover', () => {
      // No Chain moves. Flag on 99, its own pieces on 97 and 77 block it: it may end on 99, 98, 89, 88, 79.
      const board = boardCodes(
        diagram(`
        f . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . A . .
        . . . . . . . . . i
        . . . . . . . C . F`),
      );
      const maps = new ReachMaps().compute(board, BASIC_RULES, 1);
      // The infantry on 89 reaches 99, 98, 88 and 79 and covers 89 by staying: every square is covered, but by one
      // infantry, which must guess.
      expect(flagLossChance(board, BASIC_RULES, 0, maps)).toBeCloseTo(1 / 5, 6);
    });
  });

  it('without Chain moves no piece can be ordered onto its own side’s square; with Chain moves it may', () => {
    const board = boardCodes(newGame().board);
    expect(canEnd(board, BASIC_RULES, 0, 94, 84)).toBe(false);
    expect(canEnd(board, CHAIN, 0, 94, 84)).toBe(true);
    expect(canEnd(board, BASIC_RULES, 0, 84, 64)).toBe(true);
    expect(canEnd(board, BASIC_RULES, 0, 84, 54)).toBe(false); // three squares
  });

  it('a piece that can be taken or eliminated where it stands is worth less', () => {
    // Player 1's cavalry on 55; an enemy artillery two squares away can end next to it.
    const near = diagram(`
      . . . . f . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . a . . . .
      . . . . . . . . . .
      . . . . . C . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . F . . . . .`);
    const far = near.replace('a', '.').slice(0, 5) + 'a' + near.replace('a', '.').slice(6);
    const e = new Evaluator();
    const score = (b: string) => e.evaluate(boardCodes(b), BASIC_RULES, 0, 0);
    expect(score(near)).toBeLessThan(score(far));
  });
});

function diagramText(codes: Uint8Array): string {
  let s = '';
  for (let sq = 0; sq < SQUARES; sq++) s += '.FACI....faci'[codes[sq] as number];
  return s;
}
