/**
 * The make/unmake engine seen the way a game-tree search wants it: integer moves (the engine's action codes), an
 * incremental Zobrist hash that includes the recharge counters, the result when the game is decided, a static
 * evaluation and move-ordering hints. It has the method names of the AI package's `SearchPosition` (structurally
 * typed: this package does not import the AI package, whose layer sits above the games).
 *
 *   const sp = new Force400SearchPosition(force400.initial());
 *   const n = sp.generateMoves(buffer, 0);
 *   sp.makeMove(buffer[0]); sp.evaluate(); sp.unmakeMove(buffer[0]);
 *
 * Transfers: a sender can send any amount from 1 to his force, so the full list is large (1079 actions at the
 * start, 920 of them transfers). With `transfers: 'selected'` (the default) the search is handed, per sender and
 * receiver, only the amounts that can matter **(ours)**: everything, half, as much as the sender can spare and still
 * hold against his strongest attacker, and the least that lifts the receiver to each force that counts — holding
 * against his strongest attacker, beating each enemy man he could attack, the cap of 99. Whatever amount would save
 * a threatened king, the least such amount is among them. `transfers: 'all'` hands over every legal action.
 *
 * Allocation-free per node (the undo stacks grow by doubling, rarely).
 */
import type { Player } from '@tactica/core';
import { actionFromCode, type Force400Action } from './actions.js';
import * as board from './board.js';
import { distance, isHomeRank, SQUARES } from './board.js';
import { ABDICATE, Force400Engine, MOVE, PLAYING, TRANSFER } from './engine.js';
import { DEFAULT_WEIGHTS, evaluate, type EvalWeights } from './evaluate.js';
import { ABDICATION_COST, MAX_FORCE } from './rules.js';
import { loadEngine, type Force400State } from './state.js';
import { manKeyHi, manKeyLo, SIDE_KEY_HI, SIDE_KEY_LO, waitAt, waitKeyHi, waitKeyLo, hashEngine } from './zobrist.js';
import { unitsToDeliver } from './attacks.js';

// Module-local copies of the board's ray tables: V8 compiles a module's own unexported constant arrays into optimised
// code (address and length known) but loads and checks imported ones at every use (see evaluate.ts).
const RAY_LENGTH = board.RAY_LENGTH.slice();
const RAY_START = board.RAY_START.slice();
const RAYS = board.RAYS.slice();

/**
 * The most moves handed to a search per position **(ours)**: the AI package's searcher keeps 512 slots a ply.
 * Men's moves come first, then abdications, then transfers; a position with more (never seen in play) loses its
 * last transfers.
 */
export const SEARCH_MOVE_LIMIT = 500;

export interface SearchPositionOptions {
  /** 'selected' (default): the transfer amounts that can matter; 'all': every legal action. */
  readonly transfers?: 'selected' | 'all';
  /** Evaluation weights (default: `DEFAULT_WEIGHTS`). */
  readonly weights?: EvalWeights;
  /**
   * Score from this side's point of view with asymmetric king terms (see `evaluate`): the engine's own side, for
   * levels that defend without attacking. Undefined: symmetric.
   */
  readonly perspective?: Player;
  /**
   * Below the root, hand over only the moves that can matter soon **(ours)**: every short move, capture and
   * abdication; long moves onto rank 0 or 9, next to the enemy king's squares or next to one's own king; transfers
   * at the amounts that make a man hold or beat an enemy in reach, or that empty a doomed sender, or feed the king.
   * Default true (with 'selected' transfers); the root always gets the full 'selected' list.
   */
  readonly narrow?: boolean;
  /** Narrow the root's list as well (default false). */
  readonly narrowRoot?: boolean;
  /** The most moves handed over per position (default `SEARCH_MOVE_LIMIT`, what the searcher has room for). */
  readonly moveLimit?: number;
}

const EVAL_CACHE_MASK = (1 << 16) - 1;

/** Consecutive quiescence plies that may still capture. */
export const QUIESCENCE_PLIES = 2;

/** Room for the men's moves and transfers of one side. */
const BUFFER = 4096;
const MAX_SLOTS = 20;

export class Force400SearchPosition {
  readonly engine: Force400Engine;
  private readonly selected: boolean;
  private readonly weights: EvalWeights;
  private readonly perspective: Player | undefined;
  private lo = 0;
  private hi = 0;
  /** Per side, the squares of men with a recharge counter above 0 (they age as their side's turns pass). */
  private readonly waiting = new Int8Array(MAX_SLOTS * 2);
  private readonly waitingCount = new Int8Array(2);
  // Undo: hash words and the waiting lists, per ply.
  private stackLo = new Int32Array(256);
  private stackHi = new Int32Array(256);
  private stackWaiting = new Int8Array(256 * (MAX_SLOTS * 2 + 2));
  /** Whether each ply's move could be taken back by a short move (no capture, no force spent): repetition scan. */
  private reversible = new Uint8Array(256);
  private ply = 0;
  private readonly evalLo = new Int32Array(EVAL_CACHE_MASK + 1);
  private readonly evalHi = new Int32Array(EVAL_CACHE_MASK + 1);
  private readonly evalScore = new Int32Array(EVAL_CACHE_MASK + 1);
  private readonly evalSet = new Uint8Array(EVAL_CACHE_MASK + 1);
  private rootMoves: Int32Array | null = null;
  /** Per ply of the current line: 1 where the node is a quiescence node. */
  private inQuiescence = new Uint8Array(256);
  private rootCount = 0;
  // Scratch for generation: strongest enemy arrival on each own man, and the force needed to beat each enemy man
  // in reach, per square and direction.
  private readonly holdNeed = new Int16Array(SQUARES);
  private readonly beatNeed = new Int16Array(SQUARES * 8);
  private readonly amounts = new Int32Array(16);
  private full = new Int32Array(BUFFER);
  private readonly moveLimit: number;
  private readonly narrow: boolean;
  private readonly narrowRoot: boolean;

  constructor(state: Force400State | Force400Engine, options: SearchPositionOptions = {}) {
    if (state instanceof Force400Engine) {
      this.engine = new Force400Engine();
      this.engine.copyFrom(state);
    } else this.engine = loadEngine(state);
    this.selected = (options.transfers ?? 'selected') === 'selected';
    this.weights = options.weights ?? DEFAULT_WEIGHTS;
    this.perspective = options.perspective;
    this.moveLimit = options.moveLimit ?? SEARCH_MOVE_LIMIT;
    this.narrow = this.selected && (options.narrow ?? true);
    this.narrowRoot = options.narrowRoot ?? false;
    const [lo, hi] = hashEngine(this.engine);
    this.lo = lo | 0;
    this.hi = hi | 0;
    for (let sq = 0; sq < SQUARES; sq++) {
      const o = this.engine.owner[sq] as number;
      if (o !== -1 && waitAt(this.engine, sq) > 0) this.addWaiting(o, sq);
    }
  }

  /** Restricts the moves at the root (the search's first ply) to these; null lifts the restriction. */
  setRootMoves(moves: readonly number[] | null): void {
    if (moves === null) {
      this.rootMoves = null;
      return;
    }
    this.rootMoves = Int32Array.from(moves);
    this.rootCount = moves.length;
  }

  /** The move an encoded move stands for. */
  decode(move: number): Force400Action {
    return actionFromCode(move);
  }

  sideToMove(): Player {
    return this.engine.side;
  }

  /** Plies made since the position was loaded. */
  get depth(): number {
    return this.ply;
  }

  generateMoves(out: Int32Array, offset: number): number {
    const e = this.engine;
    if (e.winner !== PLAYING) return 0;
    if (this.ply === 0 && this.rootMoves) {
      for (let i = 0; i < this.rootCount; i++) out[offset + i] = this.rootMoves[i] as number;
      return this.rootCount;
    }
    const room = Math.min(this.moveLimit, out.length - offset);
    this.ensureStack();
    this.inQuiescence[this.ply] = 0;
    let n: number;
    if (!this.selected) {
      if (this.full.length < e.actionBound()) this.full = new Int32Array(e.actionBound());
      const end = e.generate(this.full, 0);
      n = Math.min(end, room);
      for (let i = 0; i < n; i++) out[offset + i] = this.full[i] as number;
    } else n = this.generateSelected(out, offset, room);
    return n;
  }

  makeMove(move: number): void {
    const e = this.engine;
    this.pushUndo();
    const p = e.side;
    const from = (move >>> 2) & 127;
    const to = (move >>> 9) & 127;
    const kind = move & 3;
    const victim = e.owner[to] as number;
    // Out with the old: both squares' men and every waiting counter (the mover's side's counters age).
    this.xorWaiting();
    this.xorSquare(from);
    this.xorSquare(to);
    e.make(move);
    this.xorSquare(from);
    this.xorSquare(to);
    if (kind === MOVE) {
      this.moveWaiting(p, from, to);
      if (victim !== -1 && victim !== p && e.owner[to] !== victim) this.dropWaiting(victim, to);
      if (e.owner[to] === p && waitAt(e, to) > 0) this.addWaiting(p, to);
    }
    this.pruneWaiting(p);
    this.xorWaiting();
    this.lo ^= SIDE_KEY_LO;
    this.hi ^= SIDE_KEY_HI;
    const dist = Math.max(Math.abs((from % 10) - (to % 10)), Math.abs(((from / 10) | 0) - ((to / 10) | 0)));
    this.reversible[this.ply - 1] = kind === MOVE && victim === -1 && dist === 1 && !isHomeRank(to) ? 1 : 0;
  }

  unmakeMove(_move?: number): void {
    this.engine.unmake();
    this.popUndo();
  }

  hashLo(): number {
    return this.lo;
  }

  hashHi(): number {
    return this.hi;
  }

  /**
   * +1 / -1 once a king has fallen (for the side to move); 0 when the position repeats one earlier in the line
   * with no capture, long move, transfer or recharge since **(ours: the rules have no repetition draw; a search
   * treats a line that comes back to where it was as gaining nothing)**.
   */
  decided(): -1 | 0 | 1 | undefined {
    const e = this.engine;
    if (e.winner !== PLAYING) return e.winner === e.side ? 1 : -1;
    // Walk back two plies at a time while every ply between was reversible.
    let i = this.ply;
    while (i >= 2 && this.reversible[i - 1] === 1 && this.reversible[i - 2] === 1) {
      i -= 2;
      if (this.stackLo[i] === this.lo && this.stackHi[i] === this.hi) return 0;
    }
    return undefined;
  }

  /** Never reached in play: a side with men always has an action, and a side without men has lost its king. */
  noMovesResult(): -1 | 0 | 1 {
    return -1;
  }

  /** The static evaluation, remembered by hash: quiescence meets the same positions by many move orders. */
  evaluate(): number {
    const i = this.lo & EVAL_CACHE_MASK;
    if (this.evalLo[i] === this.lo && this.evalHi[i] === this.hi && this.evalSet[i] === 1) {
      return this.evalScore[i] as number;
    }
    const score = evaluate(this.engine, this.weights, this.perspective);
    this.evalLo[i] = this.lo;
    this.evalHi[i] = this.hi;
    this.evalScore[i] = score;
    this.evalSet[i] = 1;
    return score;
  }

  /**
   * Captures that win, the king's above all. Losing attacks (even on a king, which they weaken) and the king's
   * evasions are left to the main search: followed in quiescence, chains of them explode.
   */
  isTactical(move: number): boolean {
    if ((move & 3) !== MOVE) return false;
    const e = this.engine;
    const from = (move >>> 2) & 127;
    const to = (move >>> 9) & 127;
    const o = e.owner[to] as number;
    if (o === -1 || o === e.side) return false;
    const f = e.force[from] as number;
    const dist = Math.max(Math.abs((from % 10) - (to % 10)), Math.abs(((from / 10) | 0) - ((to / 10) | 0)));
    return (dist > 1 ? f - 1 : f) > (e.force[to] as number);
  }

  /** Never: the side to move may always stand pat. */
  mustPlayTactical(): boolean {
    return false;
  }

  /** Quiescence's moves: captures that win (`isTactical`), most valuable victim first. */
  generateTacticalMoves(out: Int32Array, offset: number): number {
    const e = this.engine;
    if (e.winner !== PLAYING) return 0;
    this.ensureStack();
    this.inQuiescence[this.ply] = 1;
    return this.generateTactical(out, offset, Math.min(this.moveLimit, out.length - offset));
  }

  /** Kind, source and destination (the amount left out): 16 bits. */
  historyIndex(move: number): number {
    return move & 0xffff;
  }

  /** The moves quiescence follows: captures that win (`isTactical`); none once quiescence has gone deep enough. */
  private generateTactical(out: Int32Array, offset: number, room: number): number {
    const e = this.engine;
    // Tables in locals: the optimiser keeps them at hand rather than reloading them at every use (a hot path).
    const owner = e.owner;
    const force = e.force;
    const rayStart = RAY_START;
    const rayLength = RAY_LENGTH;
    const rays = RAYS;
    const p = e.side;
    const q = p === 0 ? 1 : 0;
    const limit = offset + room;
    let n = offset;
    // Quiescence stops capturing after QUIESCENCE_PLIES plies in a row (then it stands pat) **(ours)**: many men
    // can capture at once here, and every order of independent captures is another line.
    let qPlies = 0;
    for (let i = this.ply; i >= 0 && this.inQuiescence[i] === 1; i--) qPlies++;
    const capture = qPlies <= QUIESCENCE_PLIES;
    for (let sq = 0; sq < SQUARES; sq++) {
      if (owner[sq] !== p) continue;
      const f = force[sq] as number;
      for (let d = 0; d < 8; d++) {
        const start = rayStart[sq * 8 + d] as number;
        const len = rayLength[sq * 8 + d] as number;
        for (let k = 0; k < len; k++) {
          const t = rays[start + k] as number;
          const o = owner[t] as number;
          if (o === -1) {
            if (k > 0 && f === 0) break;
            continue;
          }
          if (capture && o === q && (k === 0 ? f : f - 1) > (force[t] as number) && n < limit) {
            // Most valuable victim first (the king above all): insertion by victim force.
            const m = MOVE | (sq << 2) | (t << 9);
            const key = victimKey(e, t);
            let i = n++;
            while (i > offset && victimKey(e, ((out[i - 1] as number) >>> 9) & 127) < key) {
              out[i] = out[i - 1] as number;
              i--;
            }
            out[i] = m;
          }
          break;
        }
      }
    }
    return n - offset;
  }

  /** Men's moves, abdications, then transfers at the amounts that matter (see the file comment). */
  private generateSelected(out: Int32Array, offset: number, room: number): number {
    const e = this.engine;
    // Tables in locals: the optimiser keeps them at hand rather than reloading them at every use (a hot path).
    const owner = e.owner;
    const force = e.force;
    const rayStart = RAY_START;
    const rayLength = RAY_LENGTH;
    const rays = RAYS;
    const p = e.side;
    const q = p === 0 ? 1 : 0;
    const limit = offset + room;
    const narrow = this.narrow && (this.ply > 0 || this.narrowRoot);
    const ownKing = e.kingSquare[p] as number;
    const enemyKing = e.kingSquare[q] as number;
    let n = offset;
    // First pass: moves and abdications; note each own man's danger and targets for the transfer amounts.
    for (let sq = 0; sq < SQUARES; sq++) {
      if (owner[sq] !== p) continue;
      const f = force[sq] as number;
      const isKing = e.king[sq] === 1;
      let hold = -1;
      for (let d = 0; d < 8; d++) {
        const start = rayStart[sq * 8 + d] as number;
        const len = rayLength[sq * 8 + d] as number;
        let beat = -1;
        for (let k = 0; k < len; k++) {
          const t = rays[start + k] as number;
          const o = owner[t] as number;
          if (o === -1) {
            if (k > 0 && f === 0) break;
            if (narrow && k > 0 && !isHomeRank(t) && distance(t, enemyKing) > 2 && distance(t, ownKing) > 1) {
              continue;
            }
            if (n < limit) out[n++] = MOVE | (sq << 2) | (t << 9);
            continue;
          }
          if (o === q) {
            const ef = force[t] as number;
            // He could attack me: he arrives with ef (short) or ef - 1 (long, if he has force to make it).
            const arrives = k === 0 ? ef : ef > 0 ? ef - 1 : -1;
            if (arrives > hold) hold = arrives;
            // I could attack him: I need more than ef on arrival.
            beat = k === 0 ? ef + 1 : ef + 2;
            if ((k === 0 || f > 0) && n < limit) out[n++] = MOVE | (sq << 2) | (t << 9);
          } else if (isKing && f >= ABDICATION_COST && n < limit) {
            out[n++] = ABDICATE | (sq << 2) | (t << 9);
          }
          break;
        }
        this.beatNeed[sq * 8 + d] = beat;
      }
      this.holdNeed[sq] = hold;
    }
    // Second pass: transfers.
    const amounts = this.amounts;
    for (let sq = 0; sq < SQUARES && n < limit; sq++) {
      if (owner[sq] !== p) continue;
      const fs = force[sq] as number;
      if (fs < 2) continue; // a single unit arrives as nothing
      for (let d = 0; d < 8; d++) {
        const start = rayStart[sq * 8 + d] as number;
        const len = rayLength[sq * 8 + d] as number;
        let dst = -1;
        for (let k = 0; k < len; k++) {
          const t = rays[start + k] as number;
          const o = owner[t] as number;
          if (o === -1) continue;
          if (o === p) dst = t;
          break;
        }
        if (dst < 0) continue;
        const fd = force[dst] as number;
        const hs = this.holdNeed[sq] as number;
        let m = 0;
        if (!narrow || dst === ownKing || hs > fs) m = addAmount(amounts, m, fs, fs);
        if (!narrow) m = addAmount(amounts, m, fs >> 1, fs);
        if (hs >= 0) m = addAmount(amounts, m, fs - hs, fs);
        const hd = this.holdNeed[dst] as number;
        if (hd > fd) m = addAmount(amounts, m, unitsToDeliver(hd - fd), fs);
        for (let dd = 0; dd < 8; dd++) {
          const beat = this.beatNeed[dst * 8 + dd] as number;
          if (beat > fd) m = addAmount(amounts, m, unitsToDeliver(beat - fd), fs);
        }
        if (fd < MAX_FORCE && (!narrow || dst === ownKing)) {
          m = addAmount(amounts, m, unitsToDeliver(MAX_FORCE - fd), fs);
        }
        for (let i = 0; i < m && n < limit; i++) {
          out[n++] = TRANSFER | (sq << 2) | (dst << 9) | ((amounts[i] as number) << 16);
        }
      }
    }
    return n - offset;
  }

  private xorSquare(sq: number): void {
    const e = this.engine;
    const o = e.owner[sq] as number;
    if (o === -1) return;
    const f = e.force[sq] as number;
    const king = e.king[sq] === 1;
    this.lo ^= manKeyLo(sq, o, f, king);
    this.hi ^= manKeyHi(sq, o, f, king);
  }

  private xorWaiting(): void {
    const e = this.engine;
    for (let side = 0; side < 2; side++) {
      const c = this.waitingCount[side] as number;
      for (let i = 0; i < c; i++) {
        const sq = this.waiting[side * MAX_SLOTS + i] as number;
        const w = waitAt(e, sq);
        if (w > 0) {
          this.lo ^= waitKeyLo(sq, side, w);
          this.hi ^= waitKeyHi(sq, side, w);
        }
      }
    }
  }

  private addWaiting(side: number, sq: number): void {
    const c = this.waitingCount[side] as number;
    for (let i = 0; i < c; i++) if (this.waiting[side * MAX_SLOTS + i] === sq) return;
    if (c >= MAX_SLOTS) throw new Error('more waiting men than a side can have');
    this.waiting[side * MAX_SLOTS + c] = sq;
    this.waitingCount[side] = c + 1;
  }

  private dropWaiting(side: number, sq: number): void {
    const c = this.waitingCount[side] as number;
    for (let i = 0; i < c; i++) {
      if (this.waiting[side * MAX_SLOTS + i] === sq) {
        this.waiting[side * MAX_SLOTS + i] = this.waiting[side * MAX_SLOTS + c - 1] as number;
        this.waitingCount[side] = c - 1;
        return;
      }
    }
  }

  /** The mover's counter travels with him (or goes when he falls attacking). */
  private moveWaiting(side: number, from: number, to: number): void {
    const c = this.waitingCount[side] as number;
    for (let i = 0; i < c; i++) {
      if (this.waiting[side * MAX_SLOTS + i] === from) {
        if (this.engine.owner[to] === side) this.waiting[side * MAX_SLOTS + i] = to;
        else this.dropWaiting(side, from);
        return;
      }
    }
  }

  private pruneWaiting(side: number): void {
    const e = this.engine;
    for (let i = (this.waitingCount[side] as number) - 1; i >= 0; i--) {
      const sq = this.waiting[side * MAX_SLOTS + i] as number;
      if (e.owner[sq] !== side || waitAt(e, sq) === 0) this.dropWaiting(side, sq);
    }
  }

  private ensureStack(): void {
    if (this.ply + 1 < this.stackLo.length) return;
    const size = this.stackLo.length * 2;
    const grow = <T extends Int32Array | Int8Array | Uint8Array>(a: T, make: (n: number) => T, per = 1): T => {
      const b = make(size * per);
      b.set(a);
      return b;
    };
    this.stackLo = grow(this.stackLo, (k) => new Int32Array(k));
    this.stackHi = grow(this.stackHi, (k) => new Int32Array(k));
    this.stackWaiting = grow(this.stackWaiting, (k) => new Int8Array(k), MAX_SLOTS * 2 + 2);
    this.reversible = grow(this.reversible, (k) => new Uint8Array(k));
    this.inQuiescence = grow(this.inQuiescence, (k) => new Uint8Array(k));
  }

  private pushUndo(): void {
    this.ensureStack();
    const i = this.ply;
    this.stackLo[i] = this.lo;
    this.stackHi[i] = this.hi;
    const base = i * (MAX_SLOTS * 2 + 2);
    for (let k = 0; k < MAX_SLOTS * 2; k++) this.stackWaiting[base + k] = this.waiting[k] as number;
    this.stackWaiting[base + MAX_SLOTS * 2] = this.waitingCount[0] as number;
    this.stackWaiting[base + MAX_SLOTS * 2 + 1] = this.waitingCount[1] as number;
    this.ply = i + 1;
  }

  private popUndo(): void {
    const i = --this.ply;
    this.lo = this.stackLo[i] as number;
    this.hi = this.stackHi[i] as number;
    const base = i * (MAX_SLOTS * 2 + 2);
    for (let k = 0; k < MAX_SLOTS * 2; k++) this.waiting[k] = this.stackWaiting[base + k] as number;
    this.waitingCount[0] = this.stackWaiting[base + MAX_SLOTS * 2] as number;
    this.waitingCount[1] = this.stackWaiting[base + MAX_SLOTS * 2 + 1] as number;
  }
}

function victimKey(e: Force400Engine, sq: number): number {
  return e.king[sq] === 1 ? 1000 : (e.force[sq] as number);
}

/** Adds a transfer amount to the first `m` (worth sending: 2 or more, no more than the sender has); returns the count. */
function addAmount(amounts: Int32Array, m: number, amount: number, fs: number): number {
  if (amount < 2 || amount > fs) return m;
  for (let i = 0; i < m; i++) if (amounts[i] === amount) return m;
  amounts[m] = amount;
  return m + 1;
}
