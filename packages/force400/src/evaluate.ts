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
import { distance, isHomeRank, RAY_LENGTH, RAY_START, RAYS, SQUARES } from './board.js';
import type { Force400Engine } from './engine.js';
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
}

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
/** Strongest arrival of each side's men on each occupied square (-1: none), indexed side * 100 + square. */
const attack = new Int16Array(SQUARES * 2);

function add(i: number, v: number): void {
  terms[i] = (terms[i] as number) + v;
}

function fill(e: Force400Engine): void {
  terms.fill(0);
  attack.fill(-1);
  const owner = e.owner;
  const force = e.force;
  const left = e.left;
  const k0 = e.kingSquare[0] as number;
  const k1 = e.kingSquare[1] as number;
  const next0 = e.nextTurnOf(0);
  const next1 = e.nextTurnOf(1);
  let mobility0 = 0;
  let mobility1 = 0;
  for (let sq = 0; sq < SQUARES; sq++) {
    const p = owner[sq] as number;
    if (p === -1) continue;
    const f = force[sq] as number;
    const ownKing = p === 0 ? k0 : k1;
    add(T_FORCE * 2 + p, f);
    add(T_MEN * 2 + p, 1);
    // Eligible to recharge on his side's next turn: off ranks 0/9 and three of his turns since he stood there.
    const canRecharge = !isHomeRank(sq) && (p === 0 ? next0 : next1) - (left[sq] as number) >= RECHARGE_TURNS;
    let reachesHome = false;
    let mobility = 0;
    for (let d = 0; d < 8; d++) {
      const start = RAY_START[sq * 8 + d] as number;
      // A zero-force man makes short moves only.
      const len = f === 0 ? Math.min(1, RAY_LENGTH[sq * 8 + d] as number) : (RAY_LENGTH[sq * 8 + d] as number);
      for (let k = 0; k < len; k++) {
        const t = RAYS[start + k] as number;
        const o = owner[t] as number;
        if (o === -1) {
          mobility++;
          if (canRecharge && (t < 10 || t >= 90)) reachesHome = true;
          continue;
        }
        if (o !== p) {
          const arrives = k === 0 ? f : f - 1;
          const i = p * SQUARES + t;
          if (arrives > (attack[i] as number)) attack[i] = arrives;
        } else if (t === ownKing) {
          add(T_SUPPLY * 2 + p, f);
        }
        break;
      }
    }
    if (p === 0) mobility0 += mobility;
    else mobility1 += mobility;
    if (reachesHome) add(T_RECHARGE * 2 + p, 1);
    if (e.king[sq] === 1) {
      terms[T_KING_FORCE * 2 + p] = f;
    } else if (ownKing >= 0 && distance(sq, ownKing) === 1) {
      add(T_GUARD * 2 + p, 1);
    }
  }
  terms[T_MOBILITY * 2] = mobility0;
  terms[T_MOBILITY * 2 + 1] = mobility1;
  for (let sq = 0; sq < SQUARES; sq++) {
    const p = e.owner[sq] as number;
    if (p === -1) continue;
    const q = 1 - p;
    const f = e.force[sq] as number;
    if (e.king[sq] !== 1 && (attack[q * SQUARES + sq] as number) > f) add(T_THREATENED * 2 + p, 1);
    // Danger this man poses to the enemy king: his force above the king's, the nearer the worse.
    const enemyKing = q === 0 ? k0 : k1;
    if (enemyKing < 0) continue;
    const kf = e.force[enemyKing] as number;
    if (f <= kf) continue;
    const near = NEAR[distance(sq, enemyKing)] ?? 0;
    if (near > 0) add(T_DANGER * 2 + q, near * Math.min(f - kf, MARGIN_CAP));
  }
  for (let p = 0; p < 2; p++) {
    const king = p === 0 ? k0 : k1;
    if (king >= 0 && (attack[(1 - p) * SQUARES + king] as number) > (e.force[king] as number)) {
      terms[T_ENPRISE * 2 + p] = 1;
    }
    if ((terms[T_SUPPLY * 2 + p] as number) > SUPPLY_CAP) terms[T_SUPPLY * 2 + p] = SUPPLY_CAP;
  }
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
