/**
 * The fast path for the computer opponent: boards as byte tables, order sets in reusable buffers, a planner that
 * builds legal order sets one order at a time under the same restrictions as schedule.ts, and a resolver that
 * carries out a round from byte table to byte table without making a string or an object.
 *
 * It is a second implementation of resolve.ts (the capture and elimination stages, the end rules), so
 * simulate.test.ts plays random games through both and requires the same boards and outcomes.
 *
 * Square codes: 0 empty; Player 1's flag, artillery, cavalry, infantry are 1, 2, 3, 4; Player 2's are 9, 10, 11,
 * 12 (8 + kind). `code >> 3` is the owner, `code & 7` the kind.
 *
 *   const board = boardCodes(state.board);
 *   const mine = new OrderSet(); const theirs = new OrderSet();
 *   const out = new Uint8Array(SQUARES);
 *   const outcome = resolveCodes(board, [mine, theirs], state.round + 1, out);   // OUTCOME_NONE, OUTCOME_WIN_1…
 */
import { draw, win, type Outcome, type Player, type Rng } from '@tactica/core';
import {
  homeRow,
  isHighGround,
  NEIGHBOUR_START as NEIGHBOUR_START_,
  NEIGHBOURS as NEIGHBOURS_,
  rowOf,
  SQUARES as SQUARES_,
  TARGET_START as TARGET_START_,
  TARGETS as TARGETS_,
} from './board.js';
import { BASE_ALLOWANCE } from './schedule.js';
import { ROUND_LIMIT, type Order, type Rules } from './state.js';

// Hot loops read the tables and constants through module-local names: a module transform (the test runner's) may
// turn every use of an imported binding into a property read, several times slower in these loops.
const NEIGHBOUR_START = NEIGHBOUR_START_;
const NEIGHBOURS = NEIGHBOURS_;
const SQUARES = SQUARES_;
const TARGET_START = TARGET_START_;
const TARGETS = TARGETS_;

// Kind codes (the same numbering as resolve.ts).
export const FLAG = 1;
export const ARTILLERY = 2;
export const CAVALRY = 3;
export const INFANTRY = 4;
/** Added to a kind code for Player 2's pieces. */
export const PLAYER_2 = 8;

/** The code of player `p`'s piece of kind code `kind`. */
export function pieceCode(p: Player, kind: number): number {
  return p === 0 ? kind : PLAYER_2 + kind;
}

/** Per character code of the board text: 0 for empty, else the square code. */
const CODE_OF_CHAR = (() => {
  const t = new Uint8Array(128);
  const kinds = 'FACI';
  for (let k = 0; k < 4; k++) {
    t[kinds.charCodeAt(k)] = k + 1;
    t[kinds.toLowerCase().charCodeAt(k)] = PLAYER_2 + k + 1;
  }
  return t;
})();
const CHAR_OF_CODE = ' FACI    faci'; // index by code; 0 is never read

/** The byte table of a board text (see board.ts), written into `out` when given. */
export function boardCodes(board: string, out: Uint8Array = new Uint8Array(SQUARES)): Uint8Array {
  for (let sq = 0; sq < SQUARES; sq++) out[sq] = CODE_OF_CHAR[board.charCodeAt(sq) & 127] as number;
  return out;
}

/** The board text of a byte table. */
export function boardText(codes: Uint8Array): string {
  let s = '';
  for (let sq = 0; sq < SQUARES; sq++) {
    const c = codes[sq] as number;
    s += c === 0 ? '.' : CHAR_OF_CODE[c];
  }
  return s;
}

// ---------------------------------------------------------------------------------------------------------------
// Order sets

/** One player's orders of a round in a reusable buffer, in the order they are scheduled. */
export class OrderSet {
  readonly from = new Uint8Array(SQUARES);
  readonly to = new Uint8Array(SQUARES);
  length = 0;

  clear(): this {
    this.length = 0;
    return this;
  }

  push(from: number, to: number): void {
    this.from[this.length] = from;
    this.to[this.length] = to;
    this.length++;
  }

  copyFrom(other: OrderSet): this {
    this.from.set(other.from.subarray(0, other.length));
    this.to.set(other.to.subarray(0, other.length));
    this.length = other.length;
    return this;
  }

  /** The index of the order of the piece on `from`, or -1. */
  indexFrom(from: number): number {
    for (let i = 0; i < this.length; i++) if (this.from[i] === from) return i;
    return -1;
  }

  /** The index of the order into `to`, or -1. */
  indexInto(to: number): number {
    for (let i = 0; i < this.length; i++) if (this.to[i] === to) return i;
    return -1;
  }

  /** The orders as plain values (for the contract and the terminal), in scheduling order. */
  toOrders(): Order[] {
    const out: Order[] = [];
    for (let i = 0; i < this.length; i++) out.push({ from: this.from[i] as number, to: this.to[i] as number });
    return out;
  }

  static of(orders: readonly Order[]): OrderSet {
    const s = new OrderSet();
    for (const o of orders) s.push(o.from, o.to);
    return s;
  }

  /** Same orders, whatever the scheduling order (the round's result depends only on the set). */
  sameSet(other: OrderSet): boolean {
    if (other.length !== this.length) return false;
    for (let i = 0; i < this.length; i++) {
      const j = other.indexFrom(this.from[i] as number);
      if (j < 0 || other.to[j] !== this.to[i]) return false;
    }
    return true;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Allowance and planning

/** `allowance` of schedule.ts on a byte table: orders player `p` may schedule this round. */
export function allowanceOf(board: Uint8Array, rules: Rules, p: Player): number {
  let pieces = 0;
  let lostSupply = 0;
  let highGround = 0;
  const home = homeRow(p);
  for (let sq = 0; sq < SQUARES; sq++) {
    const c = board[sq] as number;
    if (c === 0) continue;
    if (c >> 3 === p) {
      pieces++;
      if (isHighGround(sq)) highGround++;
    } else if (rowOf(sq) === home) lostSupply++;
  }
  if (!rules.supplyLines && !rules.highGround) return pieces;
  let n = BASE_ALLOWANCE;
  if (rules.supplyLines) n -= 2 * lostSupply;
  if (rules.highGround) n += highGround;
  return Math.min(Math.max(n, 1), pieces);
}

/**
 * Builds one player's order set one order at a time, allowing exactly what `checkOrder` (schedule.ts) allows
 * after the orders already added: the piece is the player's and not yet ordered; the target is one of its
 * TARGETS; the target is not held by an own piece (with Chain moves: unless that piece is already ordered away);
 * no order already moves into it; the allowance is not used up. An order set built here can be scheduled in the
 * order it was built.
 */
export class OrderPlanner {
  /** 1 where an own order already moves into the square. */
  readonly targeted = new Uint8Array(SQUARES);
  /** 1 where the own piece on the square has an order. */
  readonly ordered = new Uint8Array(SQUARES);
  readonly orders = new OrderSet();
  private board: Uint8Array = new Uint8Array(SQUARES);
  private chain = false;
  private player: Player = 0;
  private limit = 0;

  /** Starts a new order set for `p` on `board`. */
  reset(board: Uint8Array, rules: Rules, p: Player, limit = allowanceOf(board, rules, p)): this {
    this.board = board;
    this.chain = rules.chain;
    this.player = p;
    this.limit = limit;
    this.targeted.fill(0);
    this.ordered.fill(0);
    this.orders.clear();
    return this;
  }

  /** Drops the orders planned so far (same board, rules, player and allowance). */
  restart(): this {
    this.targeted.fill(0);
    this.ordered.fill(0);
    this.orders.clear();
    return this;
  }

  get remaining(): number {
    return this.limit - this.orders.length;
  }

  /** True when the piece on `from` belongs to the player and has no order yet. */
  canOrder(from: number): boolean {
    const c = this.board[from] as number;
    return c !== 0 && c >> 3 === this.player && this.ordered[from] === 0 && this.orders.length < this.limit;
  }

  /** True when an order into `to` is allowed now (the piece and reach are checked by the caller). */
  canTarget(to: number): boolean {
    if (this.targeted[to] === 1) return false;
    const c = this.board[to] as number;
    if (c !== 0 && c >> 3 === this.player) return this.chain && this.ordered[to] === 1;
    return true;
  }

  /** True when `from`→`to` is a legal next order. */
  allows(from: number, to: number): boolean {
    if (!this.canOrder(from) || !this.canTarget(to)) return false;
    for (let i = TARGET_START[from] as number; i < (TARGET_START[from + 1] as number); i++) {
      if (TARGETS[i] === to) return true;
    }
    return false;
  }

  /** Adds an order the caller has checked with `allows` (or `canOrder` + `canTarget` over TARGETS). */
  add(from: number, to: number): void {
    this.orders.push(from, to);
    this.ordered[from] = 1;
    this.targeted[to] = 1;
  }
}

/**
 * A random legal order set for `p`: up to `count` orders (default: a random number up to the allowance), each a
 * random piece to a random target, tried a bounded number of times. For tests, playouts and openings.
 */
export function randomOrderSet(
  planner: OrderPlanner,
  board: Uint8Array,
  rules: Rules,
  p: Player,
  rng: Rng,
  count?: number,
): OrderSet {
  planner.reset(board, rules, p);
  const want = Math.min(count ?? rng.int(planner.remaining + 1), planner.remaining);
  const pieces = scratchPieces;
  let n = 0;
  for (let sq = 0; sq < SQUARES; sq++) {
    const c = board[sq] as number;
    if (c !== 0 && c >> 3 === p) pieces[n++] = sq;
  }
  for (let tries = 0; tries < want * 8 && planner.orders.length < want && n > 0; tries++) {
    const from = pieces[rng.int(n)] as number;
    if (!planner.canOrder(from)) continue;
    const start = TARGET_START[from] as number;
    const to = TARGETS[start + rng.int((TARGET_START[from + 1] as number) - start)] as number;
    if (planner.canTarget(to)) planner.add(from, to);
  }
  return planner.orders;
}
const scratchPieces = new Uint8Array(SQUARES);

// ---------------------------------------------------------------------------------------------------------------
// Resolution

export const OUTCOME_NONE = 0;
/** Player 1 took the flag. */
export const OUTCOME_FLAG_1 = 1;
/** Player 2 took the flag. */
export const OUTCOME_FLAG_2 = 2;
export const OUTCOME_FLAGS_MET = 3;
export const OUTCOME_BOTH_FLAGS = 4;
export const OUTCOME_NO_INFANTRY = 5;
/** Round limit, Player 1 has more infantry. */
export const OUTCOME_LIMIT_1 = 6;
export const OUTCOME_LIMIT_2 = 7;
export const OUTCOME_LIMIT_DRAW = 8;

/** The winner of an outcome code: 0, 1, or -1 for a draw (or no outcome). */
export function outcomeWinner(code: number): Player | -1 {
  if (code === OUTCOME_FLAG_1 || code === OUTCOME_LIMIT_1) return 0;
  if (code === OUTCOME_FLAG_2 || code === OUTCOME_LIMIT_2) return 1;
  return -1;
}

/** The contract's outcome of an outcome code. */
export function outcomeOfCode(code: number): Outcome | undefined {
  switch (code) {
    case OUTCOME_FLAG_1:
      return win(0, 'flag-captured');
    case OUTCOME_FLAG_2:
      return win(1, 'flag-captured');
    case OUTCOME_FLAGS_MET:
      return draw('flags-met');
    case OUTCOME_BOTH_FLAGS:
      return draw('both-flags-captured');
    case OUTCOME_NO_INFANTRY:
      return draw('no-infantry');
    case OUTCOME_LIMIT_1:
      return win(0, 'round-limit');
    case OUTCOME_LIMIT_2:
      return win(1, 'round-limit');
    case OUTCOME_LIMIT_DRAW:
      return draw('round-limit');
    default:
      return undefined;
  }
}

/** The capture table (manual, capture rules 1–5): `BEATS[a * 5 + b]` is 1 when kind `a` removes kind `b`. */
export const BEATS: Uint8Array = (() => {
  const t = new Uint8Array(25);
  for (const k of [FLAG, ARTILLERY, CAVALRY, INFANTRY]) t[k * 5 + k] = 1;
  for (const k of [FLAG, ARTILLERY, CAVALRY]) t[INFANTRY * 5 + k] = 1;
  t[CAVALRY * 5 + ARTILLERY] = 1;
  t[FLAG * 5 + CAVALRY] = 1;
  t[FLAG * 5 + ARTILLERY] = 1;
  return t;
})();

const next0 = new Uint8Array(SQUARES);
const next1 = new Uint8Array(SQUARES);
const gone0 = new Uint8Array(SQUARES);
const gone1 = new Uint8Array(SQUARES);

/**
 * Carries out a round on byte tables (the capture stage, then the elimination stage, then the end rules, exactly
 * as resolve.ts) and writes the next board into `out` (which may not be `board`). `orders` must be legal, as
 * built by `OrderPlanner`. Returns an outcome code (`OUTCOME_NONE` while the game goes on).
 */
export function resolveCodes(
  board: Uint8Array,
  orders: readonly [OrderSet, OrderSet],
  round: number,
  out: Uint8Array,
): number {
  for (let sq = 0; sq < SQUARES; sq++) {
    const c = board[sq] as number;
    next0[sq] = c !== 0 && c < PLAYER_2 ? c : 0;
    next1[sq] = c >= PLAYER_2 ? c & 7 : 0;
  }
  moveAll(board, orders[0], next0);
  moveAll(board, orders[1], next1);

  // Capture stage.
  let flagsMet = false;
  let taken0 = false;
  let taken1 = false;
  for (let sq = 0; sq < SQUARES; sq++) {
    const a = next0[sq] as number;
    const b = next1[sq] as number;
    if (a === 0 || b === 0) continue;
    const removeB = BEATS[a * 5 + b] === 1;
    const removeA = BEATS[b * 5 + a] === 1;
    if (a === FLAG && b === FLAG) flagsMet = true;
    else if (b === FLAG && removeB) taken1 = true;
    else if (a === FLAG && removeA) taken0 = true;
    if (removeA) next0[sq] = 0;
    if (removeB) next1[sq] = 0;
  }

  // Elimination stage, judged all at once.
  markEliminated(next0, next1, gone0);
  markEliminated(next1, next0, gone1);

  let i0 = 0;
  let i1 = 0;
  for (let sq = 0; sq < SQUARES; sq++) {
    const k0 = next0[sq] as number;
    const k1 = next1[sq] as number;
    let c = 0;
    if (k0 !== 0 && gone0[sq] === 0) {
      c = k0;
      if (k0 === INFANTRY) i0++;
    } else if (k1 !== 0 && gone1[sq] === 0) {
      c = PLAYER_2 + k1;
      if (k1 === INFANTRY) i1++;
    }
    out[sq] = c;
  }
  if (flagsMet) return OUTCOME_FLAGS_MET;
  if (taken0 && taken1) return OUTCOME_BOTH_FLAGS;
  if (taken1) return OUTCOME_FLAG_1;
  if (taken0) return OUTCOME_FLAG_2;
  if (i0 === 0 && i1 === 0) return OUTCOME_NO_INFANTRY;
  if (round >= ROUND_LIMIT) return i0 === i1 ? OUTCOME_LIMIT_DRAW : i0 > i1 ? OUTCOME_LIMIT_1 : OUTCOME_LIMIT_2;
  return OUTCOME_NONE;
}

function moveAll(board: Uint8Array, orders: OrderSet, next: Uint8Array): void {
  const n = orders.length;
  for (let i = 0; i < n; i++) next[orders.from[i] as number] = 0;
  for (let i = 0; i < n; i++) next[orders.to[i] as number] = (board[orders.from[i] as number] as number) & 7;
}

function markEliminated(own: Uint8Array, enemy: Uint8Array, gone: Uint8Array): void {
  for (let sq = 0; sq < SQUARES; sq++) {
    gone[sq] = 0;
    const k = own[sq] as number;
    if (k !== INFANTRY && k !== CAVALRY) continue;
    for (let i = NEIGHBOUR_START[sq] as number; i < (NEIGHBOUR_START[sq + 1] as number); i++) {
      const e = enemy[NEIGHBOURS[i] as number] as number;
      if (e === ARTILLERY || (k === INFANTRY && e === CAVALRY)) {
        gone[sq] = 1;
        break;
      }
    }
  }
}
