import { createRng } from '@tactica/core';
import { describe, expect, it } from 'vitest';
import { SQUARES } from './board.js';
import { newGame, playMove } from './game.js';
import { checkOrder, legalMovesOf } from './schedule.js';
import {
  allowanceOf,
  boardCodes,
  boardText,
  OrderPlanner,
  OrderSet,
  outcomeOfCode,
  randomOrderSet,
  resolveCodes,
} from './simulate.js';
import { allowance } from './schedule.js';
import { BASIC_RULES, type Rules, type TactorusState } from './state.js';
import { stateOf } from './test-boards.js';

const RULE_SETS: readonly Rules[] = [
  BASIC_RULES,
  { chain: true, supplyLines: false, highGround: false },
  { chain: true, supplyLines: true, highGround: true },
  { chain: false, supplyLines: true, highGround: false },
];

/** Schedules an order set through the contract, checking each order as `play` would. */
function schedule(s: TactorusState, p: 0 | 1, set: OrderSet): TactorusState {
  let t = s;
  for (const o of set.toOrders()) {
    const problem = checkOrder(t, p, o.from, o.to);
    if (problem) throw new Error(`planner made an illegal order ${o.from}-${o.to}: ${problem.message}`);
    t = playMove(t, { type: 'order', player: p, ...o });
  }
  return t;
}

describe('simulated rounds agree with the rules engine (the public contract)', () => {
  it('board codes round-trip the board text', () => {
    const s = newGame();
    expect(boardText(boardCodes(s.board))).toBe(s.board);
  });

  it.each(RULE_SETS.map((r, i) => [i, r] as const))(
    'random games under rule set %i: every planned order is legal, every round resolves to the same board and outcome',
    (i, rules) => {
      const rng = createRng(`simulate ${i}`);
      const planners = [new OrderPlanner(), new OrderPlanner()] as const;
      const out = new Uint8Array(SQUARES);
      let rounds = 0;
      for (let game = 0; game < 20; game++) {
        let s = newGame({ rules });
        while (!s.ended) {
          const codes = boardCodes(s.board);
          const a = new OrderSet().copyFrom(randomOrderSet(planners[0], codes, rules, 0, rng));
          const b = new OrderSet().copyFrom(randomOrderSet(planners[1], codes, rules, 1, rng));
          let t = schedule(s, 0, a);
          t = schedule(t, 1, b);
          t = playMove(playMove(t, { type: 'done', player: 1 }), { type: 'done', player: 0 });
          const code = resolveCodes(codes, [a, b], s.round + 1, out);
          expect(boardText(out)).toBe(t.board);
          expect(outcomeOfCode(code)).toEqual(t.ended);
          s = t;
          rounds++;
        }
      }
      expect(rounds).toBeGreaterThan(250);
    },
  );

  it('the allowance on byte tables is the allowance of the rules engine', () => {
    const rng = createRng('allowance');
    const planner = new OrderPlanner();
    for (const rules of RULE_SETS) {
      let s = newGame({ rules });
      for (let r = 0; r < 30 && !s.ended; r++) {
        const codes = boardCodes(s.board);
        for (const p of [0, 1] as const) expect(allowanceOf(codes, rules, p)).toBe(allowance(s.board, rules, p));
        const a = new OrderSet().copyFrom(randomOrderSet(planner, codes, rules, 0, rng));
        const b = new OrderSet().copyFrom(randomOrderSet(planner, codes, rules, 1, rng));
        s = playMove(playMove(schedule(schedule(s, 0, a), 1, b), { type: 'done', player: 0 }), {
          type: 'done',
          player: 1,
        });
      }
    }
  });

  it('the planner allows exactly the orders the rules allow, after any orders already planned', () => {
    const rng = createRng('planner');
    const planner = new OrderPlanner();
    for (const rules of RULE_SETS) {
      let s = newGame({ rules });
      for (let step = 0; step < 25; step++) {
        const codes = boardCodes(s.board);
        const p = (step & 1) as 0 | 1;
        const set = new OrderSet().copyFrom(randomOrderSet(planner, codes, rules, p, rng));
        // Replay the set into a fresh planner, comparing its verdict on every order with the rules engine.
        planner.reset(codes, rules, p);
        let t = s;
        for (let k = 0; k <= set.length; k++) {
          const legal = legalMovesOf(t, p).filter((m) => m.type === 'order');
          let allowed = 0;
          for (let from = 0; from < SQUARES; from++) {
            for (let to = 0; to < SQUARES; to++) if (planner.allows(from, to)) allowed++;
          }
          expect(allowed).toBe(legal.length);
          for (const m of legal) if (m.type === 'order') expect(planner.allows(m.from, m.to)).toBe(true);
          if (k === set.length) break;
          const from = set.from[k] as number;
          const to = set.to[k] as number;
          planner.add(from, to);
          t = playMove(t, { type: 'order', player: p, from, to });
        }
        s = playMove(playMove(t, { type: 'done', player: p }), { type: 'done', player: (1 - p) as 0 | 1 });
        if (s.ended) s = newGame({ rules });
      }
    }
  });

  it('a swap cannot be planned under Chain moves (neither order can come first), a chain can', () => {
    // Infantry on 55 and 45 of Player 1: 55→45 needs 45 ordered away first; then 45→55 is refused, and the
    // other way round.
    const s = stateOf(
      `
      . . . . f . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . I . . . .
      . . . . . I . . . .
      . . . . . I . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . F . . . . .`,
      { chain: true, supplyLines: false, highGround: false },
    );
    const codes = boardCodes(s.board);
    const planner = new OrderPlanner().reset(codes, s.rules, 0);
    expect(planner.allows(55, 45)).toBe(false);
    planner.add(45, 35);
    expect(planner.allows(55, 45)).toBe(true);
    planner.add(55, 45);
    expect(planner.allows(65, 55)).toBe(true);
    expect(planner.allows(65, 45)).toBe(false); // already a target
  });
});
