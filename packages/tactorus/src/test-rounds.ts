/**
 * Random material for property tests: random positions and random legal order sets, from a seeded generator so
 * every failure can be replayed.
 */
import type { Player, Rng } from '@tactica/core';
import { EMPTY, ownerOf, pieceChar, SQUARES, TARGET_START, TARGETS, type Kind } from './board.js';
import { playMove } from './game.js';
import { allowance, checkOrder, checkWithdraw } from './schedule.js';
import { NO_ORDERS, NOBODY_COMMITTED, type Order, type Rules, type TactorusState } from './state.js';

const KINDS_BY_WEIGHT: readonly Kind[] = ['A', 'C', 'C', 'I', 'I', 'I'];

function randomRules(rng: Rng): Rules {
  return { chain: rng.int(2) === 1, supplyLines: rng.int(2) === 1, highGround: rng.int(2) === 1 };
}

/** A random crowded board: one flag each and `density` (0–1) of the other squares filled at random. */
function randomBoard(rng: Rng, density = 0.35): string {
  const cells = new Array<string>(SQUARES).fill(EMPTY);
  const free = (): number => {
    for (;;) {
      const sq = rng.int(SQUARES);
      if (cells[sq] === EMPTY) return sq;
    }
  };
  cells[free()] = 'F';
  cells[free()] = 'f';
  for (let sq = 0; sq < SQUARES; sq++) {
    if (cells[sq] !== EMPTY || rng.float() >= density) continue;
    cells[sq] = pieceChar(rng.int(2) as Player, rng.pick(KINDS_BY_WEIGHT));
  }
  return cells.join('');
}

export function randomState(rng: Rng, density?: number): TactorusState {
  return {
    board: randomBoard(rng, density),
    round: rng.int(49),
    rules: randomRules(rng),
    orders: NO_ORDERS,
    committed: NOBODY_COMMITTED,
  };
}

/**
 * Schedules random legal orders for `p` (and withdraws some now and then), up to a random share of the
 * allowance. Candidates are drawn at random and checked, which is cheap and reaches every legal order.
 */
export function scheduleRandomly(rng: Rng, s: TactorusState, p: Player): TactorusState {
  const limit = allowance(s.board, s.rules, p);
  const want = rng.int(limit + 1);
  const own: number[] = [];
  for (let sq = 0; sq < SQUARES; sq++) if (ownerOf(s.board[sq]) === p) own.push(sq);
  let t = s;
  for (let attempt = 0; attempt < want * 12 && t.orders[p].length < want; attempt++) {
    const from = rng.pick(own);
    const span = (TARGET_START[from + 1] as number) - (TARGET_START[from] as number);
    const to = TARGETS[(TARGET_START[from] as number) + rng.int(span)] as number;
    if (!checkOrder(t, p, from, to)) t = playMove(t, { type: 'order', player: p, from, to });
    if (rng.int(10) === 0 && t.orders[p].length > 0) {
      const victim = rng.pick(t.orders[p]);
      if (!checkWithdraw(t, p, victim.from)) t = playMove(t, { type: 'withdraw', player: p, from: victim.from });
    }
  }
  return t;
}

export function shuffled<T>(rng: Rng, items: readonly T[]): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [a[i], a[j]] = [a[j] as T, a[i] as T];
  }
  return a;
}

/**
 * Schedules the same order sets again in a random order: both players' orders interleaved at random, each
 * player's in a random order that scheduling accepts (with Chain moves an order into a square can only come
 * after the order leaving it), then both `done` in a random order. Returns the resolved state.
 */
export function replayPermuted(
  rng: Rng,
  start: TactorusState,
  orders: readonly [readonly Order[], readonly Order[]],
): TactorusState {
  const pending: [Order[], Order[]] = [shuffled(rng, orders[0]), shuffled(rng, orders[1])];
  let t = start;
  while (pending[0].length + pending[1].length > 0) {
    const p: Player = pending[0].length === 0 ? 1 : pending[1].length === 0 ? 0 : (rng.int(2) as Player);
    const list = pending[p];
    const ready = list.findIndex((o) => !checkOrder(t, p, o.from, o.to));
    if (ready < 0) throw new Error(`no order of Player ${p + 1} can be scheduled next: ${JSON.stringify(list)}`);
    const [o] = list.splice(ready, 1) as [Order];
    t = playMove(t, { type: 'order', player: p, from: o.from, to: o.to });
  }
  const first: Player = rng.int(2) as Player;
  t = playMove(t, { type: 'done', player: first });
  return playMove(t, { type: 'done', player: first === 0 ? 1 : 0 });
}
