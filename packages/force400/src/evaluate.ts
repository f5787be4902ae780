/**
 * The computer opponent's judgement of a position, from what the manual teaches (Force 400 manual, "Basics of
 * Play"): the object is the enemy king, so the kings' safety dominates; combat never changes the force difference
 * (both sides lose the smaller force), so what a capture wins is a man; force is won by recharging on ranks 0 and 9
 * and lost by long moves and transfers; strong men near a weak king, and men that can be taken next turn, decide
 * the play between.
 *
 *   evaluate(engine)            // score for the side to move, in tenths of a force unit
 *   evaluationTerms(state)      // the same terms per side, readable (for tests and the engine's messages)
 *
 * Allocation-free: one pass over the board with ray walks, into module-level scratch arrays.
 */
import type { Player } from '@tactica/core';
import * as board from './board.js';
import { distance, isHomeRank, RAY_START, RAYS, SQUARES } from './board.js';
import type { Force400Engine } from './engine.js';
import { kingRoom } from './king-room.js';
import * as lines from './lines.js';
import { RECHARGE_TURNS } from './rules.js';
import { loadEngine, type Force400State } from './state.js';

/** How much each term counts. Scores are in tenths of a force unit: `force: 10` makes one unit worth 10. */
export interface EvalWeights {
  /** Per unit of force a side holds. */
  readonly force: number;
  /** Per man: what a capture wins (combat itself leaves the force difference as it was). */
  readonly man: number;
  /** Per unit of the king's own force, up to `kingForceCap`: a strong king is hard to take. */
  readonly kingForce: number;
  readonly kingForceCap: number;
  /** Per unit of danger to one's own king (enemy men strong enough to beat it, weighted by nearness). */
  readonly kingDanger: number;
  /** Per unit of danger one's men pose to the enemy king: 0 makes a purely defensive player. */
  readonly kingAttack: number;
  /** The side to move's king can be taken next turn unless it answers. */
  readonly kingEnPrise: number;
  /** Per own man next to his king (he blocks lines and can pass force or the crown). */
  readonly guard: number;
  /** Per unit of force own men could transfer to the king along a clear line, up to 50 units. */
  readonly supply: number;
  /** Per man who can recharge (+10) with his next move. */
  readonly recharge: number;
  /** Per man (not the king) that the enemy could take next turn. */
  readonly threatened: number;
  /** Per square a side's men can move to. */
  readonly mobility: number;
  /**
   * In an ending (at most `ENDGAME_MEN` men), per square of room the enemy king has less than one's own (see
   * king-room.ts); 0 leaves it out **(ours)**.
   */
  readonly hunt?: number;
}

/** An ending, for the `hunt` term: this many men or fewer on the board. */
export const ENDGAME_MEN = 12;
/** A king's room counts up to this many squares: beyond it he is free enough. */
const ROOM_CAP = 12;

export const DEFAULT_WEIGHTS: EvalWeights = {
  force: 10,
  man: 60,
  kingForce: 4,
  kingForceCap: 40,
  kingDanger: 1,
  kingAttack: 1,
  kingEnPrise: 250,
  guard: 10,
  supply: 1,
  recharge: 40,
  threatened: 30,
  mobility: 1,
};

/** What the side to move gains by being able to take the enemy king at once (search finds the win itself). */
const KING_TAKEABLE = 5000;

/** Nearness weights by distance (in king steps) of a strong enemy man from a king. */
const NEAR = [0, 10, 7, 4, 2, 1];
/** Danger counts an attacker's force above the king's up to this margin. */
const MARGIN_CAP = 20;
const SUPPLY_CAP = 50;

// Per-side terms, indexed [term * 2 + side].
const T_FORCE = 0;
const T_MEN = 1;
const T_KING_FORCE = 2;
const T_DANGER = 3; // danger to this side's king
const T_ENPRISE = 4;
const T_GUARD = 5;
const T_SUPPLY = 6;
const T_RECHARGE = 7;
const T_THREATENED = 8;
const T_MOBILITY = 9;
const TERMS = 10;
const terms = new Int32Array(TERMS * 2);
// Module-local copies of the tables `fill` reads: V8 compiles a module's own constant typed arrays into optimised
// code (their address and length known), but loads and checks imported ones at every use (10% of `fill`'s time).
const RAY_LENGTH = board.RAY_LENGTH.slice();
const LINE_OF = lines.LINE_OF.slice();
const POSITION_ON_LINE = lines.POSITION_ON_LINE.slice();
const STEP = lines.STEP.slice();

/** Strongest arrival of each side's men on each occupied square (-1: none), indexed side * 100 + square. */
const attack = new Int16Array(SQUARES * 2);

/** Chebyshev distance between two squares (king steps), indexed a * 100 + b. */
const DISTANCE = new Int8Array(SQUARES * SQUARES);
for (let a = 0; a < SQUARES; a++) for (let b = 0; b < SQUARES; b++) DISTANCE[a * SQUARES + b] = distance(a, b);
/**
 * Per ray (square * 8 + direction): 1 where its last square is on rank 0 or 9. A ray from a square off those ranks
 * meets them only at its end, so a man off them reaches his home rank along a ray exactly when the whole ray is
 * open to him and it ends there.
 */
const RAY_ENDS_HOME = new Uint8Array(SQUARES * 8);
for (let i = 0; i < SQUARES * 8; i++) {
  const len = RAY_LENGTH[i] as number;
  if (len > 0 && isHomeRank(RAYS[(RAY_START[i] as number) + len - 1] as number)) RAY_ENDS_HOME[i] = 1;
}
/** Occupancy bits of each line, bit i for the square at position i (scratch for `fill`). */
const lineOccupancy = new Int32Array(lines.LINE_COUNT);

/** The squares of the men, in board order (scratch for `fill`). */
const menSquares = new Int8Array(SQUARES);

/**
 * Fills `terms` and `attack` for the engine's position. The hot path of the whole search (most nodes are quiescence
 * evaluations), so it keeps its sums in locals and walks each ray once, counting a ray's open squares by where it
 * stops rather than square by square.
 */
function fill(e: Force400Engine): void {
  // The module's tables in locals: the optimiser then keeps them at hand instead of reloading each from the module
  // scope at every use (a fifth of the time of this function).
  const rayLength = RAY_LENGTH;
  const steps = STEP;
  const lineOf = LINE_OF;
  const positionOnLine = POSITION_ON_LINE;
  const occupancyOf = lineOccupancy;
  const arrival = attack;
  const men = menSquares;
  const endsHome = RAY_ENDS_HOME;
  const distances = DISTANCE;
  arrival.fill(-1);
  const owner = e.owner;
  const force = e.force;
  const left = e.left;
  const isKing = e.king;
  const k0 = e.kingSquare[0] as number;
  const k1 = e.kingSquare[1] as number;
  const next0 = e.nextTurnOf(0);
  const next1 = e.nextTurnOf(1);
  let force0 = 0;
  let force1 = 0;
  let men0 = 0;
  let men1 = 0;
  let kingForce0 = 0;
  let kingForce1 = 0;
  let guard0 = 0;
  let guard1 = 0;
  let supply0 = 0;
  let supply1 = 0;
  let recharge0 = 0;
  let recharge1 = 0;
  let mobility0 = 0;
  let mobility1 = 0;
  let menCount = 0;
  occupancyOf.fill(0);
  for (let sq = 0; sq < SQUARES; sq++) {
    if ((owner[sq] as number) === -1) continue;
    men[menCount++] = sq;
    for (let o = 0; o < 4; o++) {
      const line = lineOf[sq * 4 + o] as number;
      occupancyOf[line] = (occupancyOf[line] as number) | (1 << (positionOnLine[sq * 4 + o] as number));
    }
  }
  for (let i = 0; i < menCount; i++) {
    const sq = men[i] as number;
    const p = owner[sq] as number;
    const f = force[sq] as number;
    const ownKing = p === 0 ? k0 : k1;
    // Eligible to recharge on his side's next turn: off ranks 0/9 and three of his turns since he stood there.
    const canRecharge = !isHomeRank(sq) && (p === 0 ? next0 : next1) - (left[sq] as number) >= RECHARGE_TURNS;
    let reachesHome = false;
    let mobility = 0;
    let supply = 0;
    const attackBase = p * SQUARES;
    for (let d = 0; d < 8; d++) {
      const r = sq * 8 + d;
      const full = rayLength[r] as number;
      if (full === 0) continue;
      // Open squares before the first man along the ray: the nearest occupancy bit beyond this man's position.
      const o = d & 3;
      const occupancy = occupancyOf[lineOf[sq * 4 + o] as number] as number;
      const position = positionOnLine[sq * 4 + o] as number;
      let open: number;
      if (d >= 4) {
        const beyond = occupancy >>> (position + 1);
        open = beyond === 0 ? full : 31 - Math.clz32(beyond & -beyond);
      } else {
        const before = occupancy & ((1 << position) - 1);
        open = before === 0 ? full : position - 1 - (31 - Math.clz32(before));
      }
      // A zero-force man makes short moves only.
      const len = f === 0 ? 1 : full;
      const k = open < len ? open : len;
      mobility += k;
      if (k === len) {
        if (canRecharge && k === full && endsHome[r] === 1) reachesHome = true;
        continue;
      }
      const t = sq + (k + 1) * (steps[d] as number);
      if (owner[t] !== p) {
        const arrives = k === 0 ? f : f - 1;
        if (arrives > (arrival[attackBase + t] as number)) arrival[attackBase + t] = arrives;
      } else if (t === ownKing) {
        supply += f;
      }
    }
    const king = isKing[sq] === 1;
    const guard = !king && ownKing >= 0 && distances[sq * SQUARES + ownKing] === 1 ? 1 : 0;
    // Each side's sums spelled out in locals rather than indexed by side: they stay in registers (5% of the search).
    if (p === 0) {
      force0 += f;
      men0++;
      mobility0 += mobility;
      supply0 += supply;
      guard0 += guard;
      if (reachesHome) recharge0++;
      if (king) kingForce0 = f;
    } else {
      force1 += f;
      men1++;
      mobility1 += mobility;
      supply1 += supply;
      guard1 += guard;
      if (reachesHome) recharge1++;
      if (king) kingForce1 = f;
    }
  }
  const kingF0 = k0 >= 0 ? (force[k0] as number) : 0;
  const kingF1 = k1 >= 0 ? (force[k1] as number) : 0;
  let threatened0 = 0;
  let threatened1 = 0;
  let danger0 = 0;
  let danger1 = 0;
  for (let i = 0; i < menCount; i++) {
    const sq = men[i] as number;
    const p = owner[sq] as number;
    const f = force[sq] as number;
    if (p === 0) {
      if (isKing[sq] !== 1 && (arrival[SQUARES + sq] as number) > f) threatened0++;
      // Danger this man poses to the enemy king: his force above the king's, the nearer the worse.
      if (k1 >= 0 && f > kingF1) {
        const near = NEAR[distances[sq * SQUARES + k1] as number] ?? 0;
        if (near > 0) danger1 += near * Math.min(f - kingF1, MARGIN_CAP);
      }
    } else {
      if (isKing[sq] !== 1 && (arrival[sq] as number) > f) threatened1++;
      if (k0 >= 0 && f > kingF0) {
        const near = NEAR[distances[sq * SQUARES + k0] as number] ?? 0;
        if (near > 0) danger0 += near * Math.min(f - kingF0, MARGIN_CAP);
      }
    }
  }
  terms[T_FORCE * 2] = force0;
  terms[T_FORCE * 2 + 1] = force1;
  terms[T_MEN * 2] = men0;
  terms[T_MEN * 2 + 1] = men1;
  terms[T_KING_FORCE * 2] = kingForce0;
  terms[T_KING_FORCE * 2 + 1] = kingForce1;
  terms[T_DANGER * 2] = danger0;
  terms[T_DANGER * 2 + 1] = danger1;
  terms[T_ENPRISE * 2] = k0 >= 0 && (arrival[SQUARES + k0] as number) > kingF0 ? 1 : 0;
  terms[T_ENPRISE * 2 + 1] = k1 >= 0 && (arrival[k1] as number) > kingF1 ? 1 : 0;
  terms[T_GUARD * 2] = guard0;
  terms[T_GUARD * 2 + 1] = guard1;
  terms[T_SUPPLY * 2] = Math.min(supply0, SUPPLY_CAP);
  terms[T_SUPPLY * 2 + 1] = Math.min(supply1, SUPPLY_CAP);
  terms[T_RECHARGE * 2] = recharge0;
  terms[T_RECHARGE * 2 + 1] = recharge1;
  terms[T_THREATENED * 2] = threatened0;
  terms[T_THREATENED * 2 + 1] = threatened1;
  terms[T_MOBILITY * 2] = mobility0;
  terms[T_MOBILITY * 2 + 1] = mobility1;
}

function term(t: number, p: number): number {
  return terms[t * 2 + p] as number;
}

/**
 * The score of the position for `owner` (default: the side to move), in tenths of a force unit. With `attacker`
 * set, the king terms are asymmetric: only that side values attacking the enemy king (`kingAttack`) and only its own
 * king's danger counts (`kingDanger`) — the manual's level 1 defends its king but does not attack.
 */
export function evaluate(e: Force400Engine, w: EvalWeights = DEFAULT_WEIGHTS, perspective?: Player): number {
  if (e.kingSquare[0] === -1 || e.kingSquare[1] === -1) {
    // A fallen king: the game is over (search scores it as a win or loss before asking here).
    const loser = e.kingSquare[0] === -1 ? 0 : 1;
    return e.side === loser ? -KING_TAKEABLE * 2 : KING_TAKEABLE * 2;
  }
  fill(e);
  const me = e.side;
  const them = 1 - me;
  // The side to move takes a king that hangs; its own hanging king it must still save.
  if (term(T_ENPRISE, them) === 1) return KING_TAKEABLE;
  const owner = perspective ?? me;
  const other = 1 - owner;
  let s = 0;
  s += w.force * (term(T_FORCE, owner) - term(T_FORCE, other));
  s += w.man * (term(T_MEN, owner) - term(T_MEN, other));
  s +=
    w.kingForce *
    (Math.min(term(T_KING_FORCE, owner), w.kingForceCap) - Math.min(term(T_KING_FORCE, other), w.kingForceCap));
  s += w.guard * (term(T_GUARD, owner) - term(T_GUARD, other));
  s += w.supply * (term(T_SUPPLY, owner) - term(T_SUPPLY, other));
  s += w.recharge * (term(T_RECHARGE, owner) - term(T_RECHARGE, other));
  s -= w.threatened * (term(T_THREATENED, owner) - term(T_THREATENED, other));
  s += w.mobility * (term(T_MOBILITY, owner) - term(T_MOBILITY, other));
  if (perspective === undefined) {
    const k = w.kingDanger + w.kingAttack;
    s -= k * (term(T_DANGER, owner) - term(T_DANGER, other));
  } else {
    s -= w.kingDanger * term(T_DANGER, owner);
    s += w.kingAttack * term(T_DANGER, other);
  }
  if (term(T_ENPRISE, me) === 1) s += owner === me ? -w.kingEnPrise : w.kingEnPrise;
  const hunt = w.hunt ?? 0;
  if (hunt > 0 && term(T_MEN, 0) + term(T_MEN, 1) <= ENDGAME_MEN) {
    const room = kingRoom(e, e.kingSquare[owner] as number, ROOM_CAP);
    const enemyRoom = kingRoom(e, e.kingSquare[other] as number, ROOM_CAP);
    s += hunt * (room - enemyRoom);
  }
  return owner === me ? s : -s;
}

/** Each side's evaluation terms, [White, Black], for tests and the engine's messages (allocates). */
export interface EvaluationTerms {
  readonly force: readonly [number, number];
  readonly men: readonly [number, number];
  readonly kingForce: readonly [number, number];
  /** Danger to each side's king. */
  readonly kingDanger: readonly [number, number];
  /** Each side's king could be taken next turn (were it the enemy's move). */
  readonly kingEnPrise: readonly [boolean, boolean];
  readonly guards: readonly [number, number];
  readonly supply: readonly [number, number];
  readonly recharge: readonly [number, number];
  readonly threatened: readonly [number, number];
  readonly mobility: readonly [number, number];
}

export function evaluationTerms(s: Force400State | Force400Engine): EvaluationTerms {
  const e = 'board' in s ? loadEngine(s) : s;
  fill(e);
  const pair = (t: number): [number, number] => [term(t, 0), term(t, 1)];
  return {
    force: pair(T_FORCE),
    men: pair(T_MEN),
    kingForce: pair(T_KING_FORCE),
    kingDanger: pair(T_DANGER),
    kingEnPrise: [term(T_ENPRISE, 0) === 1, term(T_ENPRISE, 1) === 1],
    guards: pair(T_GUARD),
    supply: pair(T_SUPPLY),
    recharge: pair(T_RECHARGE),
    threatened: pair(T_THREATENED),
    mobility: pair(T_MOBILITY),
  };
}

/** `evaluate` for an immutable state: the score for the side to move. */
export function evaluateState(s: Force400State, w: EvalWeights = DEFAULT_WEIGHTS): number {
  return evaluate(loadEngine(s), w);
}
