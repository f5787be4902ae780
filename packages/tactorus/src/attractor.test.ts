import { createRng, type Player } from '@tactica/core';
import { describe, expect, it } from 'vitest';
import { AttractorPlanner, centralAttractors, ENEMY_FLAG, type AttractorOptions } from './attractor.js';
import { rowOf, SQUARES } from './board.js';
import { newGame, playMove } from './game.js';
import { checkOrder } from './schedule.js';
import { MOVE_DISTANCE, ReachMaps } from './evaluate.js';
import { boardCodes, OrderPlanner, OrderSet, randomOrderSet } from './simulate.js';
import { BASIC_RULES, DEFAULT_RULES, type Rules, type TactorusState } from './state.js';
import { stateOf } from './test-boards.js';

const ALL: Rules = { chain: true, supplyLines: true, highGround: true };
const FLAG_PULL: AttractorOptions = { attractor: ENEMY_FLAG, step: 0, noise: 0 };

function plan(s: TactorusState, p: Player, options: AttractorOptions, seed = 1): OrderSet {
  return new OrderSet().copyFrom(
    new AttractorPlanner().plan(boardCodes(s.board), s.rules, s.round, p, options, createRng(seed)),
  );
}

/** Schedules the set through the rules engine; throws on the first illegal order. */
function schedule(s: TactorusState, p: Player, set: OrderSet): TactorusState {
  let t = s;
  for (const o of set.toOrders()) {
    const problem = checkOrder(t, p, o.from, o.to);
    if (problem) throw new Error(`illegal order ${o.from}-${o.to}: ${problem.message}`);
    t = playMove(t, { type: 'order', player: p, ...o });
  }
  return t;
}

describe('the attractor move generator (manual FAQ, level 1 and up)', () => {
  it('plans legal order sets, in an order they can be scheduled in, under every rule set', () => {
    const rng = createRng('attractor legality');
    const random = new OrderPlanner();
    const planner = new AttractorPlanner();
    const options: AttractorOptions[] = [
      FLAG_PULL,
      { attractor: ENEMY_FLAG, step: 1, noise: 8, guard: true },
      { attractor: 44, step: 2, noise: 8, guard: true, model: 'static' },
    ];
    for (const rules of [BASIC_RULES, DEFAULT_RULES, ALL]) {
      let s = newGame({ rules });
      for (let round = 0; round < 60; round++) {
        const codes = boardCodes(s.board);
        for (const p of [0, 1] as const) {
          const set = planner.plan(codes, rules, s.round, p, options[round % 3] as AttractorOptions, rng);
          s = schedule(s, p, new OrderSet().copyFrom(set));
        }
        // Then random orders carry the game on now and then, so the generator meets all sorts of positions.
        s = playMove(playMove(s, { type: 'done', player: 0 }), { type: 'done', player: 1 });
        if (s.ended) s = newGame({ rules });
        else if (round % 4 === 3) {
          const a = new OrderSet().copyFrom(randomOrderSet(random, boardCodes(s.board), rules, 0, rng));
          const b = new OrderSet().copyFrom(randomOrderSet(random, boardCodes(s.board), rules, 1, rng));
          s = schedule(schedule(s, 0, a), 1, b);
          s = playMove(playMove(s, { type: 'done', player: 0 }), { type: 'done', player: 1 });
          if (s.ended) s = newGame({ rules });
        }
      }
    }
  });

  it('is deterministic for a seed, and the touch of randomness makes other seeds differ', () => {
    const s = newGame();
    const options = { attractor: ENEMY_FLAG, step: 0, noise: 8 } as const;
    expect(plan(s, 0, options, 7).sameSet(plan(s, 0, options, 7))).toBe(true);
    const sets = [1, 2, 3, 4, 5].map((seed) => plan(s, 0, options, seed));
    expect(sets.some((x) => !x.sameSet(sets[0] as OrderSet))).toBe(true);
  });

  it('draws every piece towards the enemy flag from the start (each order brings it closer, the flag stays)', () => {
    const s = newGame();
    for (const p of [0, 1] as const) {
      const set = plan(s, p, FLAG_PULL);
      const enemyFlag = p === 0 ? 5 : 94;
      expect(set.length).toBeGreaterThanOrEqual(15); // a few back-row pieces find every square ahead taken
      for (const o of set.toOrders()) {
        const closer = MOVE_DISTANCE[o.to * SQUARES + enemyFlag]! < MOVE_DISTANCE[o.from * SQUARES + enemyFlag]!;
        expect(closer, `${o.from}-${o.to}`).toBe(true);
      }
      expect(set.indexFrom(p === 0 ? 94 : 5)).toBe(-1);
    }
  });

  it('level 2’s preference: most pieces move one square, or most two squares', () => {
    const s = newGame();
    const lengths = (step: 1 | 2) =>
      plan(s, 0, { attractor: ENEMY_FLAG, step, noise: 0 })
        .toOrders()
        .map((o) => Math.max(Math.abs(rowOf(o.to) - rowOf(o.from)), Math.abs((o.to % 10) - (o.from % 10))));
    const one = lengths(1);
    const two = lengths(2);
    expect(one.filter((n) => n === 1).length).toBeGreaterThan(one.length * 0.8);
    expect(two.filter((n) => n === 2).length).toBeGreaterThan(two.length * 0.8);
  });

  it('central attractors are the same squares turned round for Player 2', () => {
    expect(centralAttractors(0, 1)).toEqual([44]);
    expect(centralAttractors(1, 3)).toEqual(centralAttractors(0, 3).map((sq) => SQUARES - 1 - sq));
  });

  it('a piece within three squares of an enemy piece is pulled to it: infantry lands on a lone artillery', () => {
    // Player 1's infantry on 66, Player 2's artillery on 46 (two squares up): nothing else near. Landing on it
    // removes it (infantry beats every piece); ending next to it would be the infantry's end.
    const s = stateOf(`
      . . . . . f . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . a . . .
      . . . . . . . . . .
      . . . . . . I . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . F . . . . .`);
    const set = plan(s, 0, { ...FLAG_PULL, model: 'static' });
    expect(set.toOrders()).toContainEqual({ from: 66, to: 46 });
  });

  it('the mobile enemy model (levels 2 and up) leaves fewer infantry where enemy cavalry or artillery can reach', () => {
    // Level 1 judges the board as it stands; the mobile model knows enemy pieces move too. Over positions from
    // games, count the infantry each plan leaves on squares next to which an enemy cavalry or artillery can end.
    const rng = createRng('mobile model');
    const random = new OrderPlanner();
    const planner = new AttractorPlanner();
    const exposed = { static: 0, mobile: 0 };
    let s = newGame();
    for (let round = 0; round < 80; round++) {
      const codes = boardCodes(s.board);
      const maps = new ReachMaps().compute(codes, s.rules, 1);
      for (const model of ['static', 'mobile'] as const) {
        const set = planner.plan(codes, s.rules, s.round, 0, { attractor: ENEMY_FLAG, step: 0, noise: 0, model }, rng);
        for (let sq = 0; sq < SQUARES; sq++) {
          if (s.board[sq] !== 'I') continue;
          const i = set.indexFrom(sq);
          const end = i < 0 ? sq : (set.to[i] as number);
          if (maps.near[3 * SQUARES + end] === 1 || maps.near[2 * SQUARES + end] === 1) exposed[model]++;
        }
      }
      const a = new OrderSet().copyFrom(randomOrderSet(random, codes, s.rules, 0, rng));
      const b = new OrderSet().copyFrom(randomOrderSet(random, codes, s.rules, 1, rng));
      s = playMove(playMove(schedule(schedule(s, 0, a), 1, b), { type: 'done', player: 0 }), {
        type: 'done',
        player: 1,
      });
      if (s.ended) s = newGame();
    }
    expect(exposed.mobile).toBeLessThan(exposed.static);
  });

  describe('the guard (levels above 1)', () => {
    it('orders a flag capture that no enemy order can avoid', () => {
      // Chain moves. Player 2's flag on 09 may end on 09, 08 (its cavalry may move away), 07, 19, 29, 18 or 27.
      // Player 1 has an infantry for each: for instance 07→09 with 17→07 behind it, 28→08, the rest staying.
      // Without Chain moves no capture is ever sure: the infantry that steps onto the flag's square leaves its
      // own square, which the flag may move to, and no other infantry may be ordered onto it in the same round.
      const s = stateOf(
        `
        . . . . . . . I c f
        . . . . . . . I I I
        . . . . . . . I I I
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . F . . . . .`,
        DEFAULT_RULES,
      );
      for (const seed of [1, 2, 3]) {
        const set = plan(s, 0, { attractor: 44, step: 1, noise: 50, guard: true }, seed);
        schedule(s, 0, set);
        const ends = new Set<number>();
        for (let sq = 0; sq < SQUARES; sq++) if (s.board[sq] === 'I' && set.indexFrom(sq) < 0) ends.add(sq);
        for (const o of set.toOrders()) if (s.board[o.from] === 'I') ends.add(o.to);
        for (const sq of [9, 8, 7, 19, 29, 18, 27]) expect(ends.has(sq), `square ${sq}`).toBe(true);
      }
    });

    it('moves the flag out of every enemy infantry’s reach when it can, and keeps it there when it is safe', () => {
      // Player 2's infantry on 74 can land on 94; 93 and 95 are out of its reach.
      const s = stateOf(`
        . . . . f . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . i . . . . .
        . . . . . . . . . .
        . . . . F . . . . .`);
      for (const seed of [1, 2, 3, 4]) {
        const set = plan(s, 0, { attractor: ENEMY_FLAG, step: 2, noise: 50, guard: true }, seed);
        const o = set.toOrders().find((x) => x.from === 94);
        expect(o && [93, 95].includes(o.to), JSON.stringify(set.toOrders())).toBe(true);
      }
      const safe = stateOf(`
        . . . . f . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . i . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . F . . . . .`);
      expect(plan(safe, 0, { attractor: ENEMY_FLAG, step: 2, noise: 50, guard: true }).indexFrom(94)).toBe(-1);
    });
  });
});
