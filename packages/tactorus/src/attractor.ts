/**
 * The manual's move generator for the computer (FAQ, "How does the Tactorus Application select its moves?"):
 *
 *   "The enemy flag is considered an 'attractor' to which all pieces try and move except if 'pulled' away by the
 *    presence of opposing pieces within a three square radius. A touch of randomness is added …"
 *
 * One call plans one order set for one side from the board alone (never the other side's orders). Each piece
 * picks, among staying and its legal targets, the square with the best score:
 *
 * - progress towards its attractor (the enemy flag, or a central square for levels 4 and 5), or, when an enemy
 *   piece is within three squares, towards the nearest enemy piece it can beat or eliminate (the pull);
 * - the expected gain and loss of ending there, against a simple model of the enemy in which each enemy piece
 *   stays or moves to any of its targets at random: captures by the capture table, eliminations next to cavalry
 *   and artillery;
 * - a bonus for moves of the preferred length (level 2's "favour either one square or two square movement");
 * - a little random noise.
 *
 * With `guard` (every level above the first, **ours**), two facts are settled before anything else: a flag
 * capture that no enemy order can avoid is always ordered, and the own flag always ends on a square no enemy
 * infantry can reach when there is one.
 *
 *   const planner = new AttractorPlanner();
 *   const set = planner.plan(codes, rules, round, 1, { attractor: ENEMY_FLAG, step: 2, noise: 4, guard: true }, rng);
 */
import type { Player, Rng } from '@tactica/core';
import {
  NEIGHBOUR_START as NEIGHBOUR_START_,
  NEIGHBOURS as NEIGHBOURS_,
  SQUARES as SQUARES_,
  TARGET_START as TARGET_START_,
  TARGETS as TARGETS_,
} from './board.js';
import { canEnd, flagDestinations, flagOf, MOVE_DISTANCE as MOVE_DISTANCE_, ReachMaps } from './evaluate.js';
import type { OrderSet } from './simulate.js';
import {
  ARTILLERY as ARTILLERY_,
  BEATS as BEATS_,
  CAVALRY as CAVALRY_,
  FLAG as FLAG_,
  INFANTRY as INFANTRY_,
  OrderPlanner,
  PLAYER_2 as PLAYER_2_,
} from './simulate.js';
import type { Rules } from './state.js';

// Hot loops read the tables and constants through module-local names: a module transform (the test runner's) may
// turn every use of an imported binding into a property read, several times slower in these loops.
const NEIGHBOUR_START = NEIGHBOUR_START_;
const NEIGHBOURS = NEIGHBOURS_;
const SQUARES = SQUARES_;
const TARGET_START = TARGET_START_;
const TARGETS = TARGETS_;
const MOVE_DISTANCE = MOVE_DISTANCE_;
const ARTILLERY = ARTILLERY_;
const BEATS = BEATS_;
const CAVALRY = CAVALRY_;
const FLAG = FLAG_;
const INFANTRY = INFANTRY_;
const PLAYER_2 = PLAYER_2_;

/** The attractor value meaning "the enemy flag". */
export const ENEMY_FLAG = -1;

/**
 * Central attractors of player `p` (ours: the manual names no squares): level 4's central square, and level 5's
 * three, across the row in front of the centre line as `p` sees the board.
 */
export function centralAttractors(p: Player, count: 1 | 3): readonly number[] {
  const forP1 = count === 1 ? [44] : [42, 44, 47];
  return p === 0 ? forP1 : forP1.map((sq) => SQUARES - 1 - sq);
}

export interface AttractorOptions {
  /** The square the pieces are drawn to, or ENEMY_FLAG. */
  readonly attractor: number;
  /** 0: no preference; 1 or 2: favour moves of that many squares. */
  readonly step: 0 | 1 | 2;
  /** Random jitter added to each square's score, in value units. */
  readonly noise: number;
  /** Settle sure flag captures and flag escapes first. */
  readonly guard?: boolean;
  /** Enemy pieces within this many squares pull a piece (default 3, the FAQ's radius). */
  readonly pull?: number;
  /**
   * The enemy model: `static` (Tactorus 1.0's board evaluation, ours: every enemy piece stays where it is, so
   * only what stands on and next to a square counts) or `mobile` (each enemy piece may stay or move to any of its
   * targets; default).
   */
  readonly model?: 'static' | 'mobile';
}

/** Weights of the move generator (value units: an infantry is 100). */
export interface AttractorWeights {
  /** Value by kind code (1 flag, 2 artillery, 3 cavalry, 4 infantry) in the enemy model. */
  readonly value: readonly [number, number, number, number, number];
  /** Per square of progress towards the attractor. */
  readonly progress: number;
  /** Per square of progress towards the piece that pulls. */
  readonly pullProgress: number;
  /** Bonus for a move of the preferred length. */
  readonly stepBonus: number;
  /** Share of the expected eliminations of enemy pieces counted as gain (the random enemy overstates them). */
  readonly eliminationGain: number;
  /** Chance that an enemy piece stays where it is, in the enemy model. */
  readonly stay: number;
  /** The flag's preference for staying where it is. */
  readonly flagStay: number;
}

export const ATTRACTOR_WEIGHTS: AttractorWeights = {
  value: [0, 5000, 90, 100, 100],
  progress: 10,
  pullProgress: 6,
  stepBonus: 16,
  eliminationGain: 0.5,
  stay: 0.35,
  flagStay: 40,
};

const MAX_PIECES = SQUARES;

/** Chebyshev distance (squares of king steps). */
function chebyshev(a: number, b: number): number {
  const dr = Math.abs(((a / 10) | 0) - ((b / 10) | 0));
  const dc = Math.abs((a % 10) - (b % 10));
  return dr > dc ? dr : dc;
}

/** A finer distance for progress: Chebyshev plus a little of the other axis, so straight lines are preferred. */
function distance(a: number, b: number): number {
  const dr = Math.abs(((a / 10) | 0) - ((b / 10) | 0));
  const dc = Math.abs((a % 10) - (b % 10));
  return dr > dc ? dr + 0.1 * dc : dc + 0.1 * dr;
}

/**
 * Plans order sets from attractors. Holds its scratch tables; one planner serves any number of calls (one at a
 * time).
 */
export class AttractorPlanner {
  readonly planner = new OrderPlanner();
  /** Expected number of enemy pieces of each kind ending on each square: `[kind * 100 + sq]`. */
  private readonly ends = new Float64Array(5 * SQUARES);
  /** Expected number of enemy pieces of each kind ending next to each square. */
  private readonly around = new Float64Array(5 * SQUARES);
  private readonly enemyReach = new ReachMaps();
  private readonly pieces = new Uint8Array(MAX_PIECES);
  private readonly priority = new Float64Array(SQUARES);
  /** The square of the enemy piece that pulls each piece being planned, or -1. */
  private readonly pullOf = new Int16Array(SQUARES);
  private readonly fixed = new Uint8Array(SQUARES);
  private readonly dest = new Uint8Array(32);
  private readonly cover = new Int16Array(32);
  private readonly coverSeen = new Uint8Array(SQUARES);
  private readonly infantry = new Uint8Array(MAX_PIECES);
  private readonly assigned = new Int16Array(MAX_PIECES);
  private readonly needed = new Uint8Array(SQUARES);
  private readonly keep = new Uint8Array(SQUARES);
  private readonly moveTo = new Int16Array(SQUARES);
  private readonly pending: number[] = [];

  constructor(readonly weights: AttractorWeights = ATTRACTOR_WEIGHTS) {}

  /**
   * Plans player `p`'s orders on `board` (byte table, see simulate.ts). The set returned is the planner's own
   * buffer: copy it before the next call.
   */
  plan(board: Uint8Array, rules: Rules, _round: number, p: Player, options: AttractorOptions, rng: Rng): OrderSet {
    const planner = this.planner.reset(board, rules, p);
    const e: Player = p === 0 ? 1 : 0;
    this.enemyModel(board, rules, e, options.model === 'static' ? 1 : this.weights.stay);
    this.fixed.fill(0);
    const enemyFlag = flagOf(board, e);
    if (options.guard) {
      this.enemyReach.compute(board, rules, e, false);
      this.sureCapture(board, rules, p, enemyFlag);
      this.saveFlag(board, rules, p);
    }
    const attractor = options.attractor === ENEMY_FLAG ? (enemyFlag >= 0 ? enemyFlag : 44) : options.attractor;
    const pull = options.pull ?? 3;

    // The pieces still to plan, in order: pieces in contact first, then the nearest to their attractor, so that
    // pieces in front move first and leave their squares to the ones behind (Chain moves).
    let n = 0;
    for (let sq = 0; sq < SQUARES; sq++) {
      const c = board[sq] as number;
      if (c === 0 || c >> 3 !== p || this.fixed[sq] === 1 || planner.ordered[sq] === 1) continue;
      this.pieces[n++] = sq;
      const target = this.pullTarget(board, sq, c & 7, e, pull);
      this.pullOf[sq] = target;
      this.priority[sq] = (target >= 0 ? 0 : 100) + distance(sq, attractor);
    }
    const limited = planner.remaining < n;
    if (limited) {
      // Fewer orders than pieces (Supply Lines / High Ground): the pieces that gain most by moving go first.
      for (let i = 0; i < n; i++) {
        const sq = this.pieces[i] as number;
        this.priority[sq] = -this.bestGain(board, sq, attractor, options, undefined);
      }
    }
    sortByPriority(this.pieces, n, this.priority);
    for (let i = 0; i < n && planner.remaining > 0; i++) {
      const sq = this.pieces[i] as number;
      this.bestGain(board, sq, attractor, options, rng);
    }
    return planner.orders;
  }

  /**
   * Scores staying and every legal target of the piece on `sq` and, when `rng` is given, orders the best (if it
   * is not staying). Returns the best score minus the score of staying.
   */
  private bestGain(
    board: Uint8Array,
    sq: number,
    attractor: number,
    options: AttractorOptions,
    rng: Rng | undefined,
  ): number {
    const w = this.weights;
    const kind = (board[sq] as number) & 7;
    let goal = attractor;
    let progressWeight = w.progress;
    let step = options.step;
    if (kind === FLAG) {
      step = 0;
      goal = sq; // the flag stays home unless danger moves it (ours)
      progressWeight = 0;
    } else {
      const target = this.pullOf[sq] as number;
      if (target >= 0) {
        goal = target;
        progressWeight = w.pullProgress;
        step = 0; // a pulled piece moves by what it meets, not by the preference
      }
    }
    const here = MOVE_DISTANCE[sq * SQUARES + goal] as number;
    const stay =
      this.squareValue(kind, sq) +
      (kind === FLAG ? w.flagStay : 0) +
      (rng && options.noise > 0 ? rng.float() * options.noise : 0);
    let best = stay;
    let bestTo = -1;
    const planner = this.planner;
    for (let i = TARGET_START[sq] as number; i < (TARGET_START[sq + 1] as number); i++) {
      const to = TARGETS[i] as number;
      if (!planner.canTarget(to)) continue;
      // Progress in moves still needed (the pieces' own measure): a one-square and a two-square move often gain
      // the same, and then the step preference or the randomness decides.
      let score = this.squareValue(kind, to) + progressWeight * (here - (MOVE_DISTANCE[to * SQUARES + goal] as number));
      if (step !== 0 && chebyshev(sq, to) === step) score += w.stepBonus;
      if (rng && options.noise > 0) score += rng.float() * options.noise;
      if (score > best) {
        best = score;
        bestTo = to;
      }
    }
    if (rng && bestTo >= 0) planner.add(sq, bestTo);
    return best - stay;
  }

  /**
   * The nearest enemy piece within `radius` that a piece of `kind` can beat on landing or eliminate from next
   * to it (infantry: any piece; cavalry: artillery and infantry; artillery: infantry and cavalry), or -1.
   */
  private pullTarget(board: Uint8Array, sq: number, kind: number, e: Player, radius: number): number {
    if (kind === FLAG) return -1;
    const r0 = (sq / 10) | 0;
    const c0 = sq % 10;
    let best = -1;
    let bestD = 99;
    for (let r = Math.max(0, r0 - radius); r <= Math.min(9, r0 + radius); r++) {
      for (let c = Math.max(0, c0 - radius); c <= Math.min(9, c0 + radius); c++) {
        const t = r * 10 + c;
        const code = board[t] as number;
        if (code === 0 || code >> 3 !== e) continue;
        const k = code & 7;
        const prey =
          kind === INFANTRY ||
          (kind === CAVALRY && (k === ARTILLERY || k === INFANTRY)) ||
          (kind === ARTILLERY && (k === INFANTRY || k === CAVALRY));
        if (!prey) continue;
        const d = distance(sq, t);
        if (d < bestD) {
          bestD = d;
          best = t;
        }
      }
    }
    return best;
  }

  /** Expected gain minus loss of a piece of `kind` ending on `sq`, against the enemy model. */
  private squareValue(kind: number, sq: number): number {
    const w = this.weights;
    const v = w.value;
    const ends = this.ends;
    const around = this.around;
    let score = 0;
    for (let k = 1; k <= 4; k++) {
      const here = ends[k * SQUARES + sq] as number;
      if (here === 0) continue;
      if (kind === FLAG) {
        // The flag does not hunt (ours): meeting the enemy flag only ties, a capture is not worth the risk.
        if (k === FLAG || k === INFANTRY) score -= here * (v[FLAG] as number);
        continue;
      }
      if (BEATS[kind * 5 + k] === 1) score += here * (v[k] as number);
      if (BEATS[k * 5 + kind] === 1) score -= here * (v[kind] as number);
    }
    if (kind === INFANTRY) {
      const x = (around[CAVALRY * SQUARES + sq] as number) + (around[ARTILLERY * SQUARES + sq] as number);
      score -= (1 - Math.exp(-x)) * (v[INFANTRY] as number);
    } else if (kind === CAVALRY) {
      score -= (1 - Math.exp(-(around[ARTILLERY * SQUARES + sq] as number))) * (v[CAVALRY] as number);
      score += w.eliminationGain * (around[INFANTRY * SQUARES + sq] as number) * (v[INFANTRY] as number);
    } else if (kind === ARTILLERY) {
      score +=
        w.eliminationGain *
        ((around[INFANTRY * SQUARES + sq] as number) * (v[INFANTRY] as number) +
          (around[CAVALRY * SQUARES + sq] as number) * (v[CAVALRY] as number));
    }
    return score;
  }

  /** Fills the enemy model: each enemy piece stays, or moves to one of its targets, at random. */
  private enemyModel(board: Uint8Array, rules: Rules, e: Player, stay: number): void {
    const ends = this.ends;
    const around = this.around;
    ends.fill(0);
    around.fill(0);
    for (let sq = 0; sq < SQUARES; sq++) {
      const c = board[sq] as number;
      if (c === 0 || c >> 3 !== e) continue;
      const base = (c & 7) * SQUARES;
      let n = 0;
      for (let i = TARGET_START[sq] as number; i < (TARGET_START[sq + 1] as number); i++) {
        const held = board[TARGETS[i] as number] as number;
        if (rules.chain || held === 0 || held >> 3 !== e) n++;
      }
      ends[base + sq]! += n === 0 ? 1 : stay;
      if (n === 0 || stay >= 1) continue;
      const share = (1 - stay) / n;
      for (let i = TARGET_START[sq] as number; i < (TARGET_START[sq + 1] as number); i++) {
        const to = TARGETS[i] as number;
        const held = board[to] as number;
        if (rules.chain || held === 0 || held >> 3 !== e) ends[base + to]! += share;
      }
    }
    // (Nothing reads what ends next to a square for flags.)
    for (let k = ARTILLERY; k <= 4; k++) {
      const base = k * SQUARES;
      for (let sq = 0; sq < SQUARES; sq++) {
        let x = 0;
        for (let i = NEIGHBOUR_START[sq] as number; i < (NEIGHBOUR_START[sq + 1] as number); i++) {
          x += ends[base + (NEIGHBOURS[i] as number)] as number;
        }
        around[base + sq] = x;
      }
    }
  }

  /**
   * Orders a sure flag capture when there is one: own infantry on (staying) or ordered to every square the enemy
   * flag can end the round on. Pieces used are fixed or ordered in the planner.
   */
  private sureCapture(board: Uint8Array, rules: Rules, p: Player, enemyFlag: number): boolean {
    if (enemyFlag < 0) return false;
    const e: Player = p === 0 ? 1 : 0;
    const n = flagDestinations(board, rules, e, enemyFlag, this.dest);
    const code = p === 0 ? INFANTRY : PLAYER_2 + INFANTRY;
    let m = 0;
    for (let sq = 0; sq < SQUARES; sq++) {
      if (board[sq] === code && MOVE_DISTANCE[sq * SQUARES + enemyFlag]! <= 2) this.infantry[m++] = sq;
    }
    if (m < n) return false;
    // Match destinations to infantry (Kuhn); cover[d] = index of the infantry for destination d.
    const assigned = this.assigned.fill(-1, 0, m);
    for (let d = 0; d < n; d++) {
      this.coverSeen.fill(0, 0, m);
      if (!this.augment(board, rules, p, d, n, m, assigned)) return false;
    }
    for (let a = 0; a < m; a++) if ((assigned[a] as number) >= 0) this.cover[assigned[a] as number] = a;
    // Infantry moving round a cycle (each onto the next one's square: a swap, say) cannot be scheduled, but each
    // square of the cycle is one to cover and has an infantry on it: they all stay instead.
    const moveTo = this.moveTo.fill(-1);
    for (let d = 0; d < n; d++) {
      const inf = this.infantry[this.cover[d] as number] as number;
      if (inf !== this.dest[d]) moveTo[inf] = this.dest[d] as number;
    }
    for (let d = 0; d < n; d++) {
      const start = this.infantry[this.cover[d] as number] as number;
      let cur = moveTo[start] as number;
      for (let steps = 0; cur >= 0 && cur !== start && steps < n; steps++) cur = moveTo[cur] as number;
      if (cur !== start) continue;
      for (let sq = start, next = moveTo[sq] as number; next >= 0 && moveTo[sq] !== -1; sq = next) {
        next = moveTo[sq] as number;
        moveTo[sq] = -1;
      }
    }
    // Schedule: infantry covering its own square stays; squares held by own pieces that do not stay there are
    // vacated first (Chain moves); then the infantry move in. Orders whose target is still held wait.
    const planner = this.planner;
    const needed = this.needed.fill(0);
    for (let d = 0; d < n; d++) {
      const inf = this.infantry[this.cover[d] as number] as number;
      const to = this.dest[d] as number;
      if (inf === to || moveTo[inf] === -1) this.fixed[inf] = 1;
      needed[to] = 1;
    }
    const pending = this.pending;
    pending.length = 0;
    for (let d = 0; d < n; d++) {
      const inf = this.infantry[this.cover[d] as number] as number;
      const to = this.dest[d] as number;
      if (inf === to || moveTo[inf] === -1) continue;
      pending.push(inf, to);
      const held = board[to] as number;
      if (held !== 0 && held >> 3 === p && !isCovering(this, to, n)) {
        // An own piece that is not one of the covering infantry sits on a square to cover: move it out.
        if (!this.vacate(board, to, needed)) return this.undo();
      }
    }
    for (let guard = 0; pending.length > 0 && guard < 64; guard++) {
      for (let i = 0; i < pending.length; i += 2) {
        const from = pending[i] as number;
        const to = pending[i + 1] as number;
        if (planner.canOrder(from) && planner.canTarget(to)) {
          planner.add(from, to);
          pending.splice(i, 2);
          i -= 2;
        }
      }
    }
    if (pending.length > 0) return this.undo();
    return true;

    function isCovering(self: AttractorPlanner, sq: number, count: number): boolean {
      for (let d = 0; d < count; d++) if (self.infantry[self.cover[d] as number] === sq) return true;
      return false;
    }
  }

  private augment(
    board: Uint8Array,
    rules: Rules,
    p: Player,
    d: number,
    n: number,
    m: number,
    assigned: Int16Array,
  ): boolean {
    const to = this.dest[d] as number;
    for (let a = 0; a < m; a++) {
      if (this.coverSeen[a] === 1) continue;
      const from = this.infantry[a] as number;
      if (!canEnd(board, rules, p, from, to)) continue;
      this.coverSeen[a] = 1;
      const other = assigned[a] as number;
      if (other < 0 || this.augment(board, rules, p, other, n, m, assigned)) {
        assigned[a] = d;
        return true;
      }
    }
    return false;
  }

  /** Orders the own piece on `sq` to the best target outside `avoid` (squares to keep free). */
  private vacate(board: Uint8Array, sq: number, avoid: Uint8Array): boolean {
    const planner = this.planner;
    if (!planner.canOrder(sq)) return planner.ordered[sq] === 1;
    const kind = (board[sq] as number) & 7;
    let best = -Infinity;
    let bestTo = -1;
    for (let i = TARGET_START[sq] as number; i < (TARGET_START[sq + 1] as number); i++) {
      const to = TARGETS[i] as number;
      if (avoid[to] === 1 || !planner.canTarget(to)) continue;
      const score = this.squareValue(kind, to);
      if (score > best) {
        best = score;
        bestTo = to;
      }
    }
    if (bestTo < 0) return false;
    planner.add(sq, bestTo);
    return true;
  }

  /** Drops everything planned so far (a sure capture that could not be scheduled after all). */
  private undo(): boolean {
    this.planner.restart();
    this.fixed.fill(0);
    return false;
  }

  /**
   * Keeps the own flag out of reach of enemy infantry when it can be: it stays when its square is safe, else it
   * moves to the safe square with the fewest enemy infantry two moves away (its own pieces are moved off a square
   * first under Chain moves). When no square is safe, it goes where the fewest enemy infantry can reach. A side
   * with more infantry (which wins at round 50) also keeps its flag from the enemy flag: flags that meet tie.
   */
  private saveFlag(board: Uint8Array, rules: Rules, p: Player): void {
    const flag = flagOf(board, p);
    if (flag < 0) return;
    const planner = this.planner;
    if (planner.ordered[flag] === 1) return;
    const reach = this.enemyReach.reach;
    const e: Player = p === 0 ? 1 : 0;
    const ahead = countKind(board, p, INFANTRY) > countKind(board, e, INFANTRY);
    const danger = (sq: number): number =>
      (reach[INFANTRY * SQUARES + sq] as number) * 1000 + (ahead ? (reach[FLAG * SQUARES + sq] as number) * 300 : 0);
    const here = danger(flag);
    if (here === 0) {
      this.fixed[flag] = 1;
      return;
    }
    const n = flagDestinations(board, rules, p, flag, this.dest);
    let best = Infinity;
    let bestTo = -1;
    for (let i = 1; i < n; i++) {
      const to = this.dest[i] as number;
      if (planner.targeted[to] === 1) continue;
      const held = board[to] as number;
      const own = held !== 0 && held >> 3 === p;
      if (own && (this.fixed[to] === 1 || (planner.ordered[to] === 0 && !this.canVacate(to)))) continue;
      // Risk: enemy infantry that can land here now weighs most; those that could next round, a little.
      let risk = danger(to) + (own ? 1 : 0);
      for (let sq = 0; sq < SQUARES; sq++) {
        const c = board[sq] as number;
        if (c !== 0 && c >> 3 === e && (c & 7) === INFANTRY && MOVE_DISTANCE[sq * SQUARES + to]! <= 2) risk += 10;
      }
      risk += 0.01 * MOVE_DISTANCE[to * SQUARES + flag]!;
      if (risk < best) {
        best = risk;
        bestTo = to;
      }
    }
    if (bestTo < 0 || best >= here) return; // no safer square: the flag is planned with the other pieces
    const held = board[bestTo] as number;
    if (held !== 0 && held >> 3 === p && planner.ordered[bestTo] === 0) {
      const keep = this.keep.fill(0);
      keep[bestTo] = 1;
      keep[flag] = 1;
      if (!this.vacate(board, bestTo, keep)) return;
    }
    if (planner.canOrder(flag) && planner.canTarget(bestTo)) planner.add(flag, bestTo);
  }

  private canVacate(sq: number): boolean {
    if (!this.planner.canOrder(sq) || this.planner.remaining < 2) return false;
    for (let i = TARGET_START[sq] as number; i < (TARGET_START[sq + 1] as number); i++) {
      if (this.planner.canTarget(TARGETS[i] as number)) return true;
    }
    return false;
  }
}

function countKind(board: Uint8Array, p: Player, kind: number): number {
  const code = p === 0 ? kind : PLAYER_2 + kind;
  let n = 0;
  for (let sq = 0; sq < SQUARES; sq++) if (board[sq] === code) n++;
  return n;
}

/** Insertion sort of `items[0..n)` by `key[item]` ascending (n is at most a few dozen). */
function sortByPriority(items: Uint8Array, n: number, key: Float64Array): void {
  for (let i = 1; i < n; i++) {
    const x = items[i] as number;
    const kx = key[x] as number;
    let j = i - 1;
    while (j >= 0 && (key[items[j] as number] as number) > kx) {
      items[j + 1] = items[j] as number;
      j--;
    }
    items[j + 1] = x;
  }
}
