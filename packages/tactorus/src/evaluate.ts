/**
 * Judging a Tactorus position for the computer opponent, from what the manual teaches:
 *
 * - material by kind, read off the capture table (rules 1–5) and the elimination stage: infantry beats every piece
 *   it lands on and is the only piece that can take a flag ("it is critical to the final victory and must
 *   therefore be protected"); cavalry removes artillery and, next to it, infantry; artillery removes nothing it
 *   meets but eliminates infantry and cavalry next to it;
 * - infantry counts double near round 50, where equal infantry ties (ties rule 3) and more wins **(ours)**;
 * - flag safety and flag attack: a flag is lost when enemy infantry ends on its square. If some square the flag
 *   can end on is out of every enemy infantry's reach, it can be saved; if not, the attacker covers as many of
 *   those squares as it has infantry for, and the flag survives only by guessing right;
 * - elimination and capture threats: a piece that an enemy piece could land on and beat, or end next to and
 *   eliminate (infantry next to cavalry or artillery, cavalry next to artillery), is in danger if it stays;
 * - the FAQ's attractor logic: infantry drawn towards the enemy flag;
 * - with Supply Lines and/or High Ground, the orders each side may give next round.
 *
 * Scores are from one player's point of view in hundredths of an infantry; `evaluate(b, 0) === -evaluate(b, 1)`.
 */
import type { Player } from '@tactica/core';
import {
  NEIGHBOUR_START as NEIGHBOUR_START_,
  NEIGHBOURS as NEIGHBOURS_,
  SQUARES as SQUARES_,
  TARGET_START as TARGET_START_,
  TARGETS as TARGETS_,
} from './board.js';
import {
  allowanceOf,
  ARTILLERY as ARTILLERY_,
  BEATS as BEATS_,
  boardCodes,
  CAVALRY as CAVALRY_,
  FLAG as FLAG_,
  INFANTRY as INFANTRY_,
  PLAYER_2 as PLAYER_2_,
} from './simulate.js';
import { ROUND_LIMIT, type Rules } from './state.js';

// Hot loops read the tables and constants through module-local names: a module transform (the test runner's) may
// turn every use of an imported binding into a property read, several times slower in these loops.
const NEIGHBOUR_START = NEIGHBOUR_START_;
const NEIGHBOURS = NEIGHBOURS_;
const SQUARES = SQUARES_;
const TARGET_START = TARGET_START_;
const TARGETS = TARGETS_;
const ARTILLERY = ARTILLERY_;
const BEATS = BEATS_;
const CAVALRY = CAVALRY_;
const FLAG = FLAG_;
const INFANTRY = INFANTRY_;
const PLAYER_2 = PLAYER_2_;

/** A won game, in evaluation units; positions are always scored well inside ±WIN_SCORE / 2. */
export const WIN_SCORE = 100_000;

export interface EvalWeights {
  /** Value of a piece by kind code (index 1 flag — unused, 2 artillery, 3 cavalry, 4 infantry). */
  readonly material: readonly [number, number, number, number, number];
  /** Extra value of each infantry at round 50 (scaled by rounds played). */
  readonly infantryLate: number;
  /** A side with no infantry left can no longer win. */
  readonly noInfantry: number;
  /** Times the chance that the flag is taken next round. */
  readonly flagDanger: number;
  /** Per enemy infantry two moves or less from the flag. */
  readonly flagPressure: number;
  /** Share of a piece's value lost when it could be taken or eliminated next round if it stays. */
  readonly threatened: number;
  /** Per move that the nearest infantry are closer to the enemy flag (the FAQ's attractor). */
  readonly approach: number;
  /** Per order of allowance over the other side (Supply Lines / High Ground). */
  readonly allowance: number;
}

export const DEFAULT_WEIGHTS: EvalWeights = {
  material: [0, 0, 90, 100, 100],
  infantryLate: 60,
  noInfantry: 1500,
  flagDanger: 4000,
  flagPressure: 25,
  threatened: 0.25,
  approach: 6,
  allowance: 12,
};

/** Moves needed from one square to another on an empty board: `MOVE_DISTANCE[from * 100 + to]`. */
export const MOVE_DISTANCE: Uint8Array = (() => {
  const t = new Uint8Array(SQUARES * SQUARES).fill(255);
  const queue = new Uint8Array(SQUARES);
  for (let from = 0; from < SQUARES; from++) {
    const row = from * SQUARES;
    t[row + from] = 0;
    let head = 0;
    let tail = 0;
    queue[tail++] = from;
    while (head < tail) {
      const sq = queue[head++] as number;
      const d = t[row + sq] as number;
      for (let i = TARGET_START[sq] as number; i < (TARGET_START[sq + 1] as number); i++) {
        const to = TARGETS[i] as number;
        if (t[row + to] === 255) {
          t[row + to] = d + 1;
          queue[tail++] = to;
        }
      }
    }
  }
  return t;
})();

/**
 * What one side's pieces can do next round, as square maps: `reach[kind * 100 + sq]` is how many of its pieces of
 * that kind can end on `sq` (staying counts), `near[kind * 100 + sq]` is 1 when one can end next to `sq`.
 * Reach respects the rules: without Chain moves no piece can be ordered onto a square its own side holds.
 */
export class ReachMaps {
  readonly reach = new Uint8Array(5 * SQUARES);
  readonly near = new Uint8Array(5 * SQUARES);

  /** Fills the maps for `side`; `withNear` false leaves `near` alone (only `reach` is wanted). */
  compute(board: Uint8Array, rules: Rules, side: Player, withNear = true): this {
    const reach = this.reach;
    const near = this.near;
    reach.fill(0);
    for (let sq = 0; sq < SQUARES; sq++) {
      const c = board[sq] as number;
      if (c === 0 || c >> 3 !== side) continue;
      const base = (c & 7) * SQUARES;
      reach[base + sq]!++;
      for (let i = TARGET_START[sq] as number; i < (TARGET_START[sq + 1] as number); i++) {
        const to = TARGETS[i] as number;
        const held = board[to] as number;
        if (!rules.chain && held !== 0 && held >> 3 === side) continue;
        reach[base + to]!++;
      }
    }
    if (!withNear) return this;
    // near = reach spread to the eight neighbours, per kind.
    near.fill(0);
    for (let k = 1; k <= 4; k++) {
      const base = k * SQUARES;
      for (let sq = 0; sq < SQUARES; sq++) {
        if (reach[base + sq] === 0) continue;
        for (let i = NEIGHBOUR_START[sq] as number; i < (NEIGHBOUR_START[sq + 1] as number); i++) {
          near[base + (NEIGHBOURS[i] as number)] = 1;
        }
      }
    }
    return this;
  }
}

/**
 * The squares player `p`'s flag (on `flag`) may end the round on, written into `out`; returns how many. Its own
 * square first, then its targets: empty squares and enemy squares, and with Chain moves squares of its own pieces
 * (which may be ordered away first).
 */
export function flagDestinations(board: Uint8Array, rules: Rules, p: Player, flag: number, out: Uint8Array): number {
  let n = 0;
  out[n++] = flag;
  for (let i = TARGET_START[flag] as number; i < (TARGET_START[flag + 1] as number); i++) {
    const to = TARGETS[i] as number;
    const c = board[to] as number;
    if (c !== 0 && c >> 3 === p && !rules.chain) continue;
    out[n++] = to;
  }
  return n;
}

/** The square of player `p`'s flag on a byte table, or -1. */
export function flagOf(board: Uint8Array, p: Player): number {
  const code = p === 0 ? FLAG : PLAYER_2 + FLAG;
  for (let sq = 0; sq < SQUARES; sq++) if (board[sq] === code) return sq;
  return -1;
}

const destScratch = new Uint8Array(32);
const matchOf = new Int16Array(SQUARES);
const seen = new Uint8Array(SQUARES);
const attackers = new Uint8Array(SQUARES);

/**
 * The chance that player `p`'s flag is taken next round, if the flag picks a square at random among those it may
 * end on and the attacker covers as many as its infantry can (a maximum matching of infantry to squares). Zero
 * when some square is out of every enemy infantry's reach (the flag can be saved).
 */
export function flagLossChance(board: Uint8Array, rules: Rules, p: Player, enemyReach: ReachMaps): number {
  const flag = flagOf(board, p);
  if (flag < 0) return 1;
  const n = flagDestinations(board, rules, p, flag, destScratch);
  const reach = enemyReach.reach;
  const inf = INFANTRY * SQUARES;
  for (let i = 0; i < n; i++) if (reach[inf + (destScratch[i] as number)] === 0) return 0;
  // Every square is covered by some infantry: how many can be covered at once?
  const e = 1 - p;
  const code = e === 0 ? INFANTRY : PLAYER_2 + INFANTRY;
  let count = 0;
  for (let sq = 0; sq < SQUARES; sq++) {
    if (board[sq] === code && MOVE_DISTANCE[sq * SQUARES + flag]! <= 2) attackers[count++] = sq;
  }
  matchOf.fill(-1, 0, count);
  let matched = 0;
  for (let d = 0; d < n && matched < count; d++) {
    seen.fill(0, 0, count);
    if (augment(board, rules, e, d, n, count)) matched++;
  }
  return Math.min(1, matched / n);
}

/** Kuhn's augmenting path from destination index `d` (destinations in destScratch, attackers in attackers). */
function augment(board: Uint8Array, rules: Rules, e: number, d: number, n: number, count: number): boolean {
  const target = destScratch[d] as number;
  for (let a = 0; a < count; a++) {
    if (seen[a] === 1 || !canEnd(board, rules, e, attackers[a] as number, target)) continue;
    seen[a] = 1;
    const other = matchOf[a] as number;
    if (other < 0 || augment(board, rules, e, other, n, count)) {
      matchOf[a] = d;
      return true;
    }
  }
  return false;
}

/** True when player `side`'s piece on `from` can end the round on `to` (by staying, or by a legal order). */
export function canEnd(board: Uint8Array, rules: Rules, side: number, from: number, to: number): boolean {
  if (from === to) return true;
  if (MOVE_DISTANCE[from * SQUARES + to] !== 1) return false;
  const c = board[to] as number;
  return rules.chain || c === 0 || c >> 3 !== side;
}

/** Reusable scratch for evaluation: the reach maps of both sides. */
export class Evaluator {
  readonly maps = [new ReachMaps(), new ReachMaps()] as const;

  constructor(readonly weights: EvalWeights = DEFAULT_WEIGHTS) {}

  /** The position's score for player `p` (round: rounds resolved so far). */
  evaluate(board: Uint8Array, rules: Rules, round: number, p: Player): number {
    this.maps[0].compute(board, rules, 0);
    this.maps[1].compute(board, rules, 1);
    const s = this.side(board, rules, round, 0) - this.side(board, rules, round, 1);
    return p === 0 ? s : -s;
  }

  private side(board: Uint8Array, rules: Rules, round: number, q: Player): number {
    const w = this.weights;
    const e: Player = q === 0 ? 1 : 0;
    const enemy = this.maps[e];
    const reach = enemy.reach;
    const near = enemy.near;
    const enemyFlag = flagOf(board, e);
    let score = 0;
    let infantry = 0;
    let approach = 0;
    const late = (w.infantryLate * Math.min(round, ROUND_LIMIT)) / ROUND_LIMIT;
    for (let sq = 0; sq < SQUARES; sq++) {
      const c = board[sq] as number;
      if (c === 0 || c >> 3 !== q) continue;
      const k = c & 7;
      if (k === FLAG) continue;
      const value = w.material[k] as number;
      score += value;
      if (k === INFANTRY) {
        infantry++;
        score += late;
        if (enemyFlag >= 0) approach += Math.max(0, 6 - (MOVE_DISTANCE[sq * SQUARES + enemyFlag] as number));
      }
      // In danger if it stays: an enemy piece that beats it can land here, or one that eliminates it can end next to it.
      let danger = false;
      for (let a = 1; a <= 4 && !danger; a++) {
        if (BEATS[a * 5 + k] === 1 && reach[a * SQUARES + sq]! > 0) danger = true;
      }
      if (!danger && k === INFANTRY)
        danger = near[CAVALRY * SQUARES + sq] === 1 || near[ARTILLERY * SQUARES + sq] === 1;
      else if (!danger && k === CAVALRY) danger = near[ARTILLERY * SQUARES + sq] === 1;
      if (danger) score -= value * w.threatened;
    }
    if (infantry === 0) score -= w.noInfantry;
    score += approach * w.approach;
    // The flag.
    const flag = flagOf(board, q);
    if (flag >= 0) {
      score -= w.flagDanger * flagLossChance(board, rules, q, enemy);
      const code = e === 0 ? INFANTRY : PLAYER_2 + INFANTRY;
      for (let sq = 0; sq < SQUARES; sq++) {
        if (board[sq] === code && MOVE_DISTANCE[sq * SQUARES + flag]! <= 2) score -= w.flagPressure;
      }
    }
    if (rules.supplyLines || rules.highGround) score += w.allowance * allowanceOf(board, rules, q);
    return score;
  }
}

const shared = new Evaluator();

/** The score of a board (text, see board.ts) for player `p`; `round` is the number of rounds resolved. */
export function evaluate(board: string, rules: Rules, round: number, p: Player): number {
  return shared.evaluate(boardCodes(board, scratchBoard), rules, round, p);
}
const scratchBoard = new Uint8Array(SQUARES);
