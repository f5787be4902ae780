import { createRng } from '@tactica/core';
import { describe, expect, it } from 'vitest';
import { CHIP, JERK_VALUES, WEIGHTS, evaluateState, evaluationTerms } from './evaluate.js';
import { legalMoves, outcomeOfState, play, tactrix } from './game.js';
import { COSTS, DIAGANOID, JERK, RANKS, SQUARES, FILES } from './pieces.js';
import type { TactrixState } from './state.js';
import { fromAscii } from './test-setup.js';

/** The same position seen from the other side: ranks reversed, colours and balances swapped, the other to move. */
function mirror(s: TactrixState): TactrixState {
  const board = new Array<number>(SQUARES).fill(0);
  const chips = new Array<number>(SQUARES).fill(0);
  for (let sq = 0; sq < SQUARES; sq++) {
    const f = sq % FILES;
    const r = (sq - f) / FILES;
    const to = (RANKS - 1 - r) * FILES + f;
    board[to] = -(s.board[sq] as number) || 0;
    chips[to] = s.chips[sq] as number;
  }
  return {
    board,
    chips,
    balance: [s.balance[1], s.balance[0]],
    turn: s.turn === 0 ? 1 : 0,
    clock: s.clock,
    moveNumber: s.moveNumber,
    history: [],
  };
}

function randomPositions(count: number, seed: number): TactrixState[] {
  const rng = createRng(seed);
  const out: TactrixState[] = [];
  let s = tactrix.initial();
  while (out.length < count) {
    if (outcomeOfState(s)) s = tactrix.initial();
    s = play(s, rng.pick(legalMoves(s)));
    if (rng.int(3) === 0) out.push(s);
  }
  return out;
}

const EMPTY = `
  ....k.....
  ..........
  ..........
  ..........
  ..........
  ..........
  ..........
  ..........
  ..........
  ....R....K`;

describe('evaluation', () => {
  it('the symmetric starting position is worth exactly the tempo to the side to move', () => {
    expect(evaluateState(tactrix.initial())).toBe(WEIGHTS.tempo);
  });

  it('is symmetric: a position and its mirror (colours swapped, board turned) score the same for the side to move', () => {
    for (const s of randomPositions(150, 7)) expect(evaluateState(mirror(s))).toBe(evaluateState(s));
  });

  it('is a function of the position only: the same answer every time, whatever was evaluated in between', () => {
    const positions = randomPositions(40, 8);
    const first = positions.map(evaluateState);
    const again = [...positions].reverse().map(evaluateState).reverse();
    expect(again).toEqual(first);
  });

  it('counts pieces at their chip cost (manual: jerk 3, jumpnar 6, wrapnoid 9, verticon 12, diaganoid 15)', () => {
    const cases: [string, number][] = [
      ['N', 6],
      ['W', 9],
      ['V', 12],
      ['D', 15],
    ];
    for (const [letter, cost] of cases) {
      const s = fromAscii(
        EMPTY.replace('..........\n  ..........\n  ....R', `..........\n  ${letter}.........\n  ....R`),
      );
      expect(evaluationTerms(s).white.material).toBe(cost * CHIP);
    }
    expect(COSTS[DIAGANOID]).toBe(15);
  });

  it('a jerk grows in worth as it nears the far row and its 25-chip bonus', () => {
    // nine steps to go (a jerk bought on its own back row): just its cost
    expect(JERK_VALUES[9]).toBe((COSTS[JERK] as number) * CHIP);
    for (let togo = 9; togo > 1; togo--) expect(JERK_VALUES[togo - 1]).toBeGreaterThan(JERK_VALUES[togo] as number);
    expect(JERK_VALUES[1]).toBeLessThan(25 * CHIP);
    //   a white jerk on e3 and one on e8: the second is worth more
    const low = fromAscii(EMPTY.replace('..........\n  ..........\n  ....R', '....J.....\n  ..........\n  ....R'));
    const high = fromAscii(
      EMPTY.replace('....k.....\n  ..........\n  ..........', '....k.....\n  ..........\n  ....J.....'),
    );
    expect(evaluationTerms(high).white.jerks).toBeGreaterThan(evaluationTerms(low).white.jerks);
  });

  it('chips held count while the regeneroid lives; without it they, and a jerk bonus, can never be spent', () => {
    const withRegen = fromAscii(EMPTY, { balance: [10, 0] });
    const without = fromAscii(EMPTY.replace('....R....K', '.........K'), { balance: [10, 0] });
    expect(evaluationTerms(withRegen).white.regeneroid).toBe(WEIGHTS.regeneroid + 10 * WEIGHTS.heldChip);
    expect(evaluationTerms(without).white.regeneroid).toBe(10 * WEIGHTS.strandedChip);
    const jerkNoRegen = fromAscii(
      EMPTY.replace('....k.....\n  ..........\n  ..........', '....k.....\n  ..........\n  ....J.....').replace(
        '....R....K',
        '.........K',
      ),
    );
    expect(evaluationTerms(jerkNoRegen).white.jerks).toBe((COSTS[JERK] as number) * CHIP);
  });

  it('counts the squares with chips a side can move to, each once', () => {
    //   the white king on j1 reaches i1, i2, j2; chips only on i1 and i2 (and a10 far away)
    const s = fromAscii(`
      *...k.....
      ..........
      ..........
      ..........
      ..........
      ..........
      ..........
      ..........
      ........*.
      ........*K`);
    expect(evaluationTerms(s).white.chipsInReach).toBe(2 * WEIGHTS.chipInReach);
    expect(evaluationTerms(s).black.chipsInReach).toBe(0);
  });

  it('a king attacked, or with enemy moves around it, is less safe', () => {
    const calm = fromAscii(EMPTY);
    //   a black diaganoid on h3 reaches i2 and j1: the white king and a square next to it
    const attacked = fromAscii(EMPTY.replace('..........\n  ..........\n  ....R', '.......d..\n  ..........\n  ....R'));
    expect(evaluationTerms(attacked).white.kingSafety).toBeLessThan(evaluationTerms(calm).white.kingSafety);
  });

  it('the side well ahead is rewarded for driving the lone king to the edge (mop-up)', () => {
    const centre = fromAscii(`
      ..........
      ..........
      ..........
      ..........
      ....k.....
      ..........
      ..........
      ..........
      DD........
      ....R....K`);
    const edge = fromAscii(`
      ....k.....
      ..........
      ..........
      ..........
      ..........
      ..........
      ..........
      ..........
      DD........
      ....R....K`);
    expect(evaluationTerms(centre).white.mopUp).toBeGreaterThan(0);
    expect(evaluationTerms(edge).white.mopUp).toBeGreaterThan(evaluationTerms(centre).white.mopUp);
    expect(evaluationTerms(edge).black.mopUp).toBe(0);
  });

  it('stays far inside the win scores of the search', () => {
    for (const s of randomPositions(100, 9)) expect(Math.abs(evaluateState(s))).toBeLessThan(100_000);
  });
});
