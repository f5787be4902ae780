/**
 * The move generator seen the way a game-tree search wants it: integer moves, make/unmake, an incremental Zobrist
 * hash, the draw rules, a static evaluation and move-ordering hints. It has the method names of the AI package's
 * `SearchPosition` (structurally typed: this package does not import the AI package, whose layer sits above the
 * games).
 *
 *   const sp = new DraughtsSearchPosition(draughtsGame('international').initial());
 *   const n = sp.generateMoves(buffer, 0);
 *   sp.makeMove(buffer[0]); sp.evaluate(); sp.unmakeMove(buffer[0]);
 *   sp.decode(buffer[0]);                                   // the DraughtsMove it stands for
 *
 * A move is an integer key naming its start and end bits, whether it captures and how many pieces, whether it crowns,
 * and its index in the position's move list (see `fill`). Keys are stable for a position (the generator's order
 * is), so the search's hash move finds its move again, and the low bits (`KEY_IDENTITY`) name the move in any
 * position (killer moves); a key is never 0. `makeMove` plays the key's record of the generator's own move buffer
 * (engine.ts): the generator's lists for every ply stay in one buffer, one above the other, so nothing is allocated
 * per node.
 *
 * Pattern evaluations (the learned one, Scan's way) read windows of four squares as ternary indexes; once
 * `trackWindows` has named the windows, make/unmake keep their indexes up to date (a few additions a move), so that
 * such an evaluation is a sum of table lookups with no look at the board's squares.
 *
 * Draws (game.ts, manual 2.4): the move counter exactly as the game keeps it; repetition as the game counts it
 * (third occurrence since the last capture or man move), and inside a search a position repeated since the search
 * began already counts as a draw (neither side can gain by going round).
 */
import type { Player } from '@tactica/core';
import { zobristKeys } from '@tactica/core';
import { lowBit, pop } from './bits.js';
import {
  Engine,
  FLAG_CROWNS,
  FLAG_KING,
  KEY_CAPTURE,
  KEY_CROWNS,
  KEY_INDEX_SHIFT,
  M_CAP_HI,
  M_CAP_LO,
  M_FLAGS,
  M_FROM,
  M_TO,
  STRIDE,
} from './engine.js';
import { geometryOf, squaresOf } from './geometry.js';
import { evalTables, evaluateBits, psqTotals, type EvalTables } from './evaluate.js';
import { sameMove, generateMoves, type DraughtsMove } from './moves.js';
import type { Position } from './position.js';
import { RULE_SETS, type RuleSet } from './rules.js';
import type { DraughtsState } from './game.js';

/** Zobrist keys: [piece code (colour * 2 + king) * 64 + bit] as low and high words, then the side to move. */
const KEYS = zobristKeys(4 * 64 + 1, 'draughts');
const KEY_LO = new Int32Array(4 * 64);
const KEY_HI = new Int32Array(4 * 64);
for (let i = 0; i < 4 * 64; i++) {
  KEY_LO[i] = KEYS[2 * i] as number;
  KEY_HI[i] = KEYS[2 * i + 1] as number;
}
const SIDE_LO = (KEYS[2 * 4 * 64] as number) | 0;
const SIDE_HI = (KEYS[2 * 4 * 64 + 1] as number) | 0;

/** Moves the search may play beyond the game's history. */
const SEARCH_PLIES = 512;

/** Key fields (see `fill` and engine.ts). */
export { KEY_CAPTURE, KEY_CROWNS };
/** The bits of a key that name the move whatever the list it is in (start, end, capture, crowning). */
export const KEY_IDENTITY = (1 << 22) - 1;
/** Pieces taken by the move a key stands for. */
export function keyCaptures(key: number): number {
  return (key >>> 13) & 31;
}

/** The Zobrist hash of a position as two words (what the search keeps incrementally). */
export function hashPosition(bits: readonly number[], turn: number): [number, number] {
  let lo = 0;
  let hi = 0;
  for (let colour = 0; colour < 2; colour++) {
    for (let w = 0; w < 2; w++) {
      const kings = bits[4 + w] as number;
      for (let x = bits[colour * 2 + w] as number; x !== 0; x &= x - 1) {
        const b = lowBit(x) + 32 * w;
        const code = colour * 2 + ((kings & (1 << (b & 31))) !== 0 ? 1 : 0);
        lo ^= KEY_LO[code * 64 + b] as number;
        hi ^= KEY_HI[code * 64 + b] as number;
      }
    }
  }
  if (turn === 1) {
    lo ^= SIDE_LO;
    hi ^= SIDE_HI;
  }
  return [lo, hi];
}

/** Parses game.ts's repetition keys (`${turn}${bits.join(',')}`) back into a hash. */
function hashOfKey(key: string): [number, number] {
  const turn = Number(key[0]);
  const bits = key.slice(1).split(',').map(Number);
  return hashPosition(bits, turn);
}

export class DraughtsSearchPosition {
  readonly rules: RuleSet;
  readonly giveaway: boolean;
  readonly engine: Engine;
  private readonly tables: EvalTables;
  private readonly m1: number;
  private readonly m2: number;
  private readonly half: number;
  private readonly validLo: number;
  private readonly validHi: number;
  /** White's crowning row (the top) and Black's (the bottom). */
  private readonly topLo: number;
  private readonly topHi: number;
  private readonly bottomLo: number;
  private readonly bottomHi: number;
  /** next[d * 64 + bit]: the diagonal neighbour; a bit's single-bit masks (geometry.ts). */
  private readonly next: Int8Array;
  private readonly bitLo: Int32Array;
  private readonly bitHi: Int32Array;

  /** Index of the current position in the stacks below (game history first, then the search path). */
  private n = 0;
  private capacity = 0;
  private lows: Int32Array = new Int32Array(0);
  private highs: Int32Array = new Int32Array(0);
  /** Index of the first position after the last capture or man move (earlier ones cannot come back). */
  private irreversible: Int32Array = new Int32Array(0);
  private inactive: Int32Array = new Int32Array(0);
  private stage2: Int32Array = new Int32Array(0);
  private psq: Int32Array = new Int32Array(0);
  private adv: Int32Array = new Int32Array(0);
  /** First generator slot of this position's move list, and the slot after it (-1 when not generated). */
  private listStart: Int32Array = new Int32Array(0);
  private listEnd: Int32Array = new Int32Array(0);
  /** The slot of the move made from this position. */
  private made: Int32Array = new Int32Array(0);

  /**
   * Per tracked window w: w * 3^size + Σ state(square j) · 3^j over its `size` squares in ascending bit order (state
   * 0 empty, 1 white, 2 black; a king counts as a piece of its colour), as `trackWindows` set it up; empty before.
   */
  windowIndex: Int32Array = new Int32Array(0);
  /** The window list being tracked (compared by identity by the evaluation that asked for it), and its windows' size. */
  trackedWindows: Int8Array | undefined;
  trackedSize = 4;
  /**
   * The tables of weights by window index (`windowIndex`'s values) given to `trackWindows`, per phase, and the sums
   * over the windows of their weights, kept with the indexes: a pattern evaluation then reads two numbers.
   */
  trackedOpening: Int16Array | undefined;
  trackedEnding: Int16Array | undefined;
  patternOpening = 0;
  patternEnding = 0;
  /** Per bit: its windows from squareStart[bit] to squareStart[bit + 1] in squareWindow, with the power 3^j there. */
  private squareStart: Int32Array = new Int32Array(65);
  private squareWindow: Int32Array = new Int32Array(0);
  private squarePower: Int32Array = new Int32Array(0);

  constructor(state: DraughtsState) {
    this.rules = RULE_SETS[state.position.variant];
    this.giveaway = state.giveaway;
    this.engine = new Engine(this.rules);
    this.tables = evalTables(this.rules, this.giveaway);
    this.m1 = 2 * this.rules.drawCounter.m1;
    this.m2 = 2 * this.rules.drawCounter.m2;
    const g = geometryOf(this.rules.size);
    this.half = g.half;
    this.validLo = g.validLo;
    this.validHi = g.validHi;
    this.topLo = g.topLo;
    this.topHi = g.topHi;
    this.bottomLo = g.bottomLo;
    this.bottomHi = g.bottomHi;
    this.next = g.next;
    this.bitLo = g.bitLo;
    this.bitHi = g.bitHi;
    this.load(state);
  }

  /** Sets up a game state (same rule set and mode as the constructor's), its history and counters included. */
  load(state: DraughtsState): void {
    if (state.position.variant !== this.rules.id || state.giveaway !== this.giveaway) {
      throw new Error(`this search position plays ${this.rules.id}${this.giveaway ? ' give-away' : ''}`);
    }
    const history = state.seen.length;
    this.ensure(history + SEARCH_PLIES);
    const [wLo, wHi, bLo, bHi, kLo, kHi] = state.position.bits;
    this.engine.load(wLo, wHi, bLo, bHi, kLo, kHi, state.position.turn);
    for (let i = 0; i < history; i++) {
      const [lo, hi] = hashOfKey(state.seen[i] as string);
      this.lows[i] = lo;
      this.highs[i] = hi;
      this.irreversible[i] = 0;
    }
    const n = history - 1;
    this.n = n;
    const [lo, hi] = hashPosition(state.position.bits, state.position.turn);
    this.lows[n] = lo;
    this.highs[n] = hi;
    this.inactive[n] = state.inactive;
    this.stage2[n] = state.stage2Left;
    const totals = psqTotals(this.tables, state.position.bits);
    this.psq[n] = totals.psq;
    this.adv[n] = totals.advance;
    this.listStart[n] = 0;
    this.listEnd[n] = -1;
    if (this.trackedWindows) {
      this.trackWindows(this.trackedWindows, this.trackedOpening, this.trackedEnding, this.trackedSize);
    }
  }

  /**
   * Tracks windows of `size` squares each (`bits`: that many ascending bits a window) from now on: computes their indexes
   * for the current position (`windowIndex`), which make/unmake then keep up to date. Moves made before the call may
   * be unmade afterwards: an index is linear in the board, so a move's change is the same whenever it is applied.
   * With `opening` and `ending` (weights by index), the sums `patternOpening` and `patternEnding` are kept too.
   */
  trackWindows(bits: Int8Array, opening?: Int16Array, ending?: Int16Array, size = 4): void {
    const windows = bits.length / size;
    const configs = 3 ** size;
    if (this.trackedWindows !== bits) {
      const count = new Int32Array(65);
      for (let k = 0; k < bits.length; k++) {
        const b = (bits[k] as number) + 1;
        count[b] = (count[b] as number) + 1;
      }
      for (let b = 0; b < 64; b++) count[b + 1] = (count[b + 1] as number) + (count[b] as number);
      this.squareStart = Int32Array.from(count);
      this.squareWindow = new Int32Array(bits.length);
      this.squarePower = new Int32Array(bits.length);
      for (let k = 0; k < bits.length; k++) {
        const b = bits[k] as number;
        const at = count[b] as number;
        count[b] = at + 1;
        this.squareWindow[at] = Math.floor(k / size);
        this.squarePower[at] = 3 ** (k % size);
      }
      this.windowIndex = new Int32Array(windows);
      this.trackedWindows = bits;
      this.trackedSize = size;
    }
    const e = this.engine;
    for (let w = 0; w < windows; w++) {
      let c = 0;
      for (let j = size - 1; j >= 0; j--) {
        const b = bits[w * size + j] as number;
        const bit = 1 << (b & 31);
        const white = ((b < 32 ? e.wLo : e.wHi) & bit) !== 0;
        const black = ((b < 32 ? e.bLo : e.bHi) & bit) !== 0;
        c = c * 3 + (white ? 1 : black ? 2 : 0);
      }
      this.windowIndex[w] = w * configs + c;
    }
    const o = opening ?? new Int16Array(windows * configs);
    const n = ending ?? o;
    this.trackedOpening = o;
    this.trackedEnding = n;
    let so = 0;
    let se = 0;
    for (let w = 0; w < windows; w++) {
      so += o[this.windowIndex[w] as number] as number;
      se += n[this.windowIndex[w] as number] as number;
    }
    this.patternOpening = so;
    this.patternEnding = se;
  }

  /** Adds `d` times each window's power of square `b` to the windows' indexes. */
  private shiftWindows(b: number, d: number): void {
    const idx = this.windowIndex;
    const win = this.squareWindow;
    const pw = this.squarePower;
    const o = this.trackedOpening as Int16Array;
    const n = this.trackedEnding as Int16Array;
    let so = this.patternOpening;
    let se = this.patternEnding;
    for (let k = this.squareStart[b] as number, end = this.squareStart[b + 1] as number; k < end; k++) {
      const w = win[k] as number;
      const before = idx[w] as number;
      const after = before + d * (pw[k] as number);
      idx[w] = after;
      so += (o[after] as number) - (o[before] as number);
      se += (n[after] as number) - (n[before] as number);
    }
    this.patternOpening = so;
    this.patternEnding = se;
  }

  /** The window indexes after (sign 1) or before (sign -1) the move in generator slot `slot` by `side`. */
  private moveWindows(slot: number, side: number, sign: number): void {
    const m = this.engine.moves;
    const i = slot * STRIDE;
    const from = m[i + M_FROM] as number;
    const to = m[i + M_TO] as number;
    const own = (side + 1) * sign;
    // A capture may end where it began (a king's circuit): the piece then leaves and comes back.
    if (from !== to) {
      this.shiftWindows(from, -own);
      this.shiftWindows(to, own);
    }
    const taken = (2 - side) * sign;
    for (let x = m[i + M_CAP_LO] as number; x !== 0; x &= x - 1) this.shiftWindows(lowBit(x), -taken);
    for (let x = m[i + M_CAP_HI] as number; x !== 0; x &= x - 1) this.shiftWindows(lowBit(x) + 32, -taken);
  }

  private ensure(size: number): void {
    if (size <= this.capacity) return;
    const grow = (a: Int32Array): Int32Array => {
      const b = new Int32Array(size);
      b.set(a);
      return b;
    };
    this.lows = grow(this.lows);
    this.highs = grow(this.highs);
    this.irreversible = grow(this.irreversible);
    this.inactive = grow(this.inactive);
    this.stage2 = grow(this.stage2);
    this.psq = grow(this.psq);
    this.adv = grow(this.adv);
    this.listStart = grow(this.listStart);
    this.listEnd = grow(this.listEnd);
    this.made = grow(this.made);
    this.capacity = size;
  }

  /** The current position as public data. */
  position(): Position {
    const e = this.engine;
    return { variant: this.rules.id, bits: [e.wLo, e.wHi, e.bLo, e.bHi, e.kLo, e.kHi], turn: e.side as Player };
  }

  sideToMove(): Player {
    return this.engine.side as Player;
  }

  /** Generates this position's moves into the generator's buffer and their keys into `out`; returns how many. */
  generateMoves(out: Int32Array, offset: number): number {
    const start = this.listStart[this.n] as number;
    return this.fill(start, this.engine.generate(start), out, offset);
  }

  /**
   * The captures only, right after `status()` returned 1 (it leaves the generator knowing which pieces can jump).
   * Captures are compulsory, so they are then all the legal moves.
   */
  generateCaptures(out: Int32Array, offset: number): number {
    const start = this.listStart[this.n] as number;
    return this.fill(start, this.engine.genCaptures(start), out, offset);
  }

  /** 1: the side to move must capture; 0: it has quiet moves only; -1: it has no move at all. */
  status(): -1 | 0 | 1 {
    const e = this.engine;
    if (e.anyCapture()) return 1;
    const s = this.half;
    const s1 = s + 1;
    const eLo = ~(e.wLo | e.bLo) & this.validLo;
    const eHi = ~(e.wHi | e.bHi) & this.validHi;
    const white = e.side === 0;
    const oLo = white ? e.wLo : e.bLo;
    const oHi = white ? e.wHi : e.bHi;
    const kLo = oLo & e.kLo;
    const kHi = oHi & e.kHi;
    const mLo = oLo ^ kLo;
    const mHi = oHi ^ kHi;
    // A piece can move when a square it steps to is free; a king steps both ways (its first step is a step too).
    const upLo = (eLo << s) | (eLo << s1);
    const upHi = (eHi << s) | (eLo >>> (32 - s)) | (eHi << s1) | (eLo >>> (32 - s1));
    const downLo = (eLo >>> s) | (eHi << (32 - s)) | (eLo >>> s1) | (eHi << (32 - s1));
    const downHi = (eHi >>> s) | (eHi >>> s1);
    const fwdLo = white ? upLo : downLo;
    const fwdHi = white ? upHi : downHi;
    if (((mLo & fwdLo) | (mHi & fwdHi) | (kLo & (upLo | downLo)) | (kHi & (upHi | downHi))) !== 0) return 0;
    return -1;
  }

  /** Pieces on the board, both sides. */
  pieceCount(): number {
    const e = this.engine;
    return pop(e.wLo) + pop(e.wHi) + pop(e.bLo) + pop(e.bHi);
  }

  /**
   * The side to move has a man one step from its crowning row with a free square there to step to (a bitboard check:
   * whether the step is legal, with captures compulsory, is the generator's business).
   */
  canCrown(): boolean {
    const e = this.engine;
    const s = this.half;
    const s1 = s + 1;
    const eLo = ~(e.wLo | e.bLo) & this.validLo;
    const eHi = ~(e.wHi | e.bHi) & this.validHi;
    if (e.side === 0) {
      // White steps toward lower bits, onto the top row.
      const tLo = eLo & this.topLo;
      const tHi = eHi & this.topHi;
      const mLo = e.wLo & ~e.kLo;
      const mHi = e.wHi & ~e.kHi;
      const fromLo = (tLo << s) | (tLo << s1);
      const fromHi = (tHi << s) | (tLo >>> (32 - s)) | (tHi << s1) | (tLo >>> (32 - s1));
      return ((mLo & fromLo) | (mHi & fromHi)) !== 0;
    }
    const tLo = eLo & this.bottomLo;
    const tHi = eHi & this.bottomHi;
    const mLo = e.bLo & ~e.kLo;
    const mHi = e.bHi & ~e.kHi;
    const fromLo = (tLo >>> s) | (tHi << (32 - s)) | (tLo >>> s1) | (tHi << (32 - s1));
    const fromHi = (tHi >>> s) | (tHi >>> s1);
    return ((mLo & fromLo) | (mHi & fromHi)) !== 0;
  }

  /**
   * Copies the keys of the generator's slots [start, end) for the current position. Key: start bit | end bit << 6 |
   * capture << 12 | pieces taken << 13 | crowns << 18 | n << 19 (n: earlier moves with the same start and end, at
   * most 7) | index in the list << 22 (when below 512). The low 22 bits say which move it is anywhere
   * (`KEY_IDENTITY`: killer moves match on them); the index makes `makeMove` find the move at once. The generator
   * wrote them with the moves (engine.ts).
   */
  private fill(start: number, end: number, out: Int32Array, offset: number): number {
    this.listEnd[this.n] = end;
    const keys = this.engine.keys;
    for (let slot = start; slot < end; slot++) out[offset + slot - start] = keys[slot] as number;
    return end - start;
  }

  /** The generator slot of move `key` in this position's list (generating the list first if needed). */
  private slotOf(key: number): number {
    const n = this.n;
    let end = this.listEnd[n] as number;
    if (end < 0) {
      this.generateMoves(this.scratch(), 0);
      end = this.listEnd[n] as number;
    }
    const keys = this.engine.keys;
    const start = this.listStart[n] as number;
    const direct = start + (key >>> KEY_INDEX_SHIFT);
    if (direct < end && keys[direct] === key) return direct;
    for (let slot = start; slot < end; slot++) if (keys[slot] === key) return slot;
    throw new Error(`move key ${key} is not legal here`);
  }

  private scratchBuffer: Int32Array | undefined;
  private scratch(): Int32Array {
    this.scratchBuffer ??= new Int32Array(4096);
    return this.scratchBuffer;
  }

  makeMove(key: number): void {
    const slot = this.slotOf(key);
    const e = this.engine;
    const n = this.n;
    const m = e.moves;
    const i = slot * STRIDE;
    const side = e.side;
    const from = m[i + M_FROM] as number;
    const to = m[i + M_TO] as number;
    const flags = m[i + M_FLAGS] as number;
    const capLo = m[i + M_CAP_LO] as number;
    const capHi = m[i + M_CAP_HI] as number;
    const king = (flags & FLAG_KING) !== 0;
    const t = this.tables;
    const psqT = t.psq;
    const mover = side * 2 + (king ? 1 : 0);
    const landed = side * 2 + (king || (flags & FLAG_CROWNS) !== 0 ? 1 : 0);
    let lo =
      (this.lows[n] as number) ^ SIDE_LO ^ (KEY_LO[mover * 64 + from] as number) ^ (KEY_LO[landed * 64 + to] as number);
    let hi =
      (this.highs[n] as number) ^
      SIDE_HI ^
      (KEY_HI[mover * 64 + from] as number) ^
      (KEY_HI[landed * 64 + to] as number);
    // Own side's point of view first, turned to White's at the end.
    let dPsq = (psqT[landed * 64 + to] as number) - (psqT[mover * 64 + from] as number);
    let dAdv = king ? 0 : 0 - (t.advance[side * 64 + from] as number);
    if (landed === mover && !king) dAdv += t.advance[side * 64 + to] as number;
    const other = (side ^ 1) * 2;
    const capture = (capLo | capHi) !== 0;
    if (capture) {
      const kLo = e.kLo;
      const kHi = e.kHi;
      for (let x = capLo; x !== 0; x &= x - 1) {
        const b = lowBit(x);
        const code = other + ((kLo & (1 << b)) !== 0 ? 1 : 0);
        lo ^= KEY_LO[code * 64 + b] as number;
        hi ^= KEY_HI[code * 64 + b] as number;
        dPsq += psqT[code * 64 + b] as number;
        if ((code & 1) === 0) dAdv += t.advance[(side ^ 1) * 64 + b] as number;
      }
      for (let x = capHi; x !== 0; x &= x - 1) {
        const b = lowBit(x) + 32;
        const code = other + ((kHi & (1 << (b - 32))) !== 0 ? 1 : 0);
        lo ^= KEY_LO[code * 64 + b] as number;
        hi ^= KEY_HI[code * 64 + b] as number;
        dPsq += psqT[code * 64 + b] as number;
        if ((code & 1) === 0) dAdv += t.advance[(side ^ 1) * 64 + b] as number;
      }
    }
    e.make(slot);
    if (this.trackedWindows) this.moveWindows(slot, side, 1);
    this.made[n] = slot;
    const c = n + 1;
    if (c >= this.capacity) this.ensure(this.capacity * 2);
    this.n = c;
    this.lows[c] = lo;
    this.highs[c] = hi;
    const sign = side === 0 ? 1 : -1;
    this.psq[c] = (this.psq[n] as number) + sign * dPsq;
    this.adv[c] = (this.adv[n] as number) + sign * dAdv;
    // Manual 2.4: a king's move without capture is inactive; anything else resets stage 1 and the repetition window.
    const inactiveMove = king && !capture;
    let inactive = inactiveMove ? (this.inactive[n] as number) + 1 : 0;
    let stage2 = this.stage2[n] as number;
    if (stage2 >= 0) stage2 = stage2 > 0 ? stage2 - 1 : 0;
    else if (inactive >= this.m1) {
      stage2 = this.m2;
      inactive = 0;
    }
    this.inactive[c] = inactive;
    this.stage2[c] = stage2;
    this.irreversible[c] = inactiveMove ? (this.irreversible[n] as number) : c;
    this.listStart[c] = this.listEnd[n] as number;
    this.listEnd[c] = -1;
  }

  unmakeMove(_key: number): void {
    const n = this.n - 1;
    this.n = n;
    const slot = this.made[n] as number;
    this.engine.unmake(slot);
    if (this.trackedWindows) this.moveWindows(slot, this.engine.side, -1);
  }

  hashLo(): number {
    return this.lows[this.n] as number;
  }

  /**
   * Where the current position stands in the stack of the game's history and the search's path (0: the game's first
   * position): what keeps something per ply of a search (the network's accumulators) indexes it by, and checks with
   * `hashLoAt`/`hashHiAt` that what it kept for an earlier index is for the position on the path there now.
   */
  pathIndex(): number {
    return this.n;
  }

  /** The hash of the position at `index` of the path (`pathIndex`; at most the current one's). */
  hashLoAt(index: number): number {
    return this.lows[index] as number;
  }

  hashHiAt(index: number): number {
    return this.highs[index] as number;
  }

  hashHi(): number {
    return this.highs[this.n] as number;
  }

  /**
   * The current position's draw counters: the path index of the first position after the last capture or man move,
   * the inactive moves, the stage-2 plies left (-1 before stage 2). With `pathIndex` and `hashLoAt`/`hashHiAt`, what
   * a copy of this position elsewhere needs (wasm-search-position.ts).
   */
  drawCounters(): { irreversible: number; inactive: number; stage2: number } {
    const n = this.n;
    return {
      irreversible: this.irreversible[n] as number,
      inactive: this.inactive[n] as number,
      stage2: this.stage2[n] as number,
    };
  }

  /**
   * A draw by the move counter or by repetition (manual 2.4, game.ts), else undefined. With `ply` > 0 (inside a
   * search that began `ply` moves ago) a position repeated since the search began is already a draw.
   */
  decided(ply: number): -1 | 0 | 1 | undefined {
    const n = this.n;
    if (this.stage2[n] === 0) {
      // The counter has run out: a draw, unless the side to move has no move (that result comes first).
      const e = this.engine;
      e.top = this.listStart[n] as number;
      const moves = e.countMoves();
      this.listEnd[n] = -1; // counting may have written captures where this position's list goes
      return moves > 0 ? 0 : undefined;
    }
    const first = this.irreversible[n] as number;
    if (n - first < 4) return undefined;
    const lo = this.lows[n] as number;
    const hi = this.highs[n] as number;
    const root = n - ply;
    let count = 0;
    for (let i = n - 4; i >= first; i -= 2) {
      if (this.lows[i] === lo && this.highs[i] === hi) {
        if (ply > 0 && i >= root) return 0;
        if (++count >= 2) return 0;
      }
    }
    return undefined;
  }

  noMovesResult(): -1 | 0 | 1 {
    // Manual 3.2.2: in give-away the side left without a move wins.
    return this.giveaway ? 1 : -1;
  }

  evaluate(): number {
    const e = this.engine;
    const n = this.n;
    const white = evaluateBits(
      this.tables,
      e.wLo,
      e.wHi,
      e.bLo,
      e.bHi,
      e.kLo,
      e.kHi,
      this.psq[n] as number,
      this.adv[n] as number,
    );
    return e.side === 0 ? white : 0 - white;
  }

  /**
   * How many steps of the side to move's men offer an exchange (`offersExchange`), found from the board without
   * generating the moves; `isExchangeOffer` then names them until the position changes. Quiescence generates the
   * moves only when there is one or a man can crown, which most of its quiet positions cannot (the moves it tries are
   * the same) **(ours)**.
   */
  exchangeOffers(): number {
    this.offerCount = 0;
    const e = this.engine;
    if ((e.kLo | e.kHi) !== 0) return 0;
    const s = this.half;
    const s1 = s + 1;
    const white = e.side === 0;
    const tLo = white ? e.bLo : e.wLo;
    const tHi = white ? e.bHi : e.wHi;
    const eLo = ~(e.wLo | e.bLo) & this.validLo;
    const eHi = ~(e.wHi | e.bHi) & this.validHi;
    const mLo = white ? e.wLo : e.bLo;
    const mHi = white ? e.wHi : e.bHi;
    for (let sh = s; sh <= s1; sh++) {
      const rsh = 32 - sh;
      // The men's steps (engine.ts genQuiet) that end on a free square a man of theirs can then take (`offersStep`
      // counts no attack anywhere else): a man beside it with a free square beyond, the square left behind included.
      let aLo = 0;
      let aHi = 0;
      for (let k = s; k <= s1; k++) {
        const rk = 32 - k;
        // Theirs below (bit to + k) landing above (to - k), or above landing below; the landing square is the one the
        // man left when it lies straight behind it (k = sh: White's below, Black's above).
        const left = k === sh;
        aLo |=
          (((tLo >>> k) | (tHi << rk)) & (!white && left ? -1 : eLo << k)) |
          ((tLo << k) & (white && left ? -1 : (eLo >>> k) | (eHi << rk)));
        aHi |=
          ((tHi >>> k) & (!white && left ? -1 : (eHi << k) | (eLo >>> rk))) |
          (((tHi << k) | (tLo >>> rk)) & (white && left ? -1 : eHi >>> k));
      }
      let toLo = (white ? (mLo >>> sh) | (mHi << rsh) : mLo << sh) & eLo & aLo;
      let toHi = (white ? mHi >>> sh : (mHi << sh) | (mLo >>> rsh)) & eHi & aHi;
      const delta = white ? sh : -sh;
      for (; toLo !== 0; toLo &= toLo - 1) this.noteOffer(lowBit(toLo), delta);
      for (; toHi !== 0; toHi &= toHi - 1) this.noteOffer(lowBit(toHi) + 32, delta);
    }
    return this.offerCount;
  }

  /** Whether the move `key` is one of the steps the last `exchangeOffers` found. */
  isExchangeOffer(key: number): boolean {
    const step = key & 0xfff;
    for (let k = 0; k < this.offerCount; k++) if (this.offerSteps[k] === step) return true;
    return false;
  }

  /** The steps `exchangeOffers` found, as start bit | end bit << 6. */
  private readonly offerSteps = new Int32Array(64);
  private offerCount = 0;

  private noteOffer(to: number, delta: number): void {
    const from = to + delta;
    if (this.offersStep(from, to)) this.offerSteps[this.offerCount++] = from | (to << 6);
  }

  /**
   * Whether the quiet move `key` of a man offers an exchange (Scan's quiescence tries these): afterwards a man of the
   * opponent's can take the moved man, and every such capture ends on a square from which it cannot go on and where
   * a man of ours takes the capturer back; nor does the square the man leaves open a capture of another of ours. A
   * test of the squares around the move only, with no king on the board (false when there is one, and for a
   * capture): what the opponent then plays, a larger capture elsewhere included, is the search's to find.
   */
  offersExchange(key: number): boolean {
    const e = this.engine;
    if ((e.kLo | e.kHi) !== 0 || (key & KEY_CAPTURE) !== 0) return false;
    return this.offersStep(key & 63, (key >> 6) & 63);
  }

  /** `offersExchange` for the step of a man from bit `from` to bit `to`, no king being on the board. */
  private offersStep(from: number, to: number): boolean {
    const e = this.engine;
    const side = e.side;
    const bitLo = this.bitLo;
    const bitHi = this.bitHi;
    // Our men after the move.
    const usLo = ((side === 0 ? e.wLo : e.bLo) & ~(bitLo[from] as number)) | (bitLo[to] as number);
    const usHi = ((side === 0 ? e.wHi : e.bHi) & ~(bitHi[from] as number)) | (bitHi[to] as number);
    const themLo = side === 0 ? e.bLo : e.wLo;
    const themHi = side === 0 ? e.bHi : e.wHi;
    const back = this.rules.manCapturesBackward;
    const next = this.next;
    const them = 1 - side;
    // The square left behind: a man of ours beside it, one of theirs beyond, and the capture lands on `from`.
    for (let d = 0; d < 4; d++) {
      const v = next[d * 64 + from] as number;
      if (v < 0 || v === to || !has(usLo, usHi, v)) continue;
      const a = next[d * 64 + v] as number;
      if (a >= 0 && has(themLo, themHi, a) && manCaptures(them, 3 - d, back)) return false;
    }
    let attacks = 0;
    for (let d = 0; d < 4; d++) {
      // An attacker beside `to` in direction d takes it in the opposite direction, landing beyond.
      const a = next[d * 64 + to] as number;
      if (a < 0 || !has(themLo, themHi, a) || !manCaptures(them, 3 - d, back)) continue;
      const land = next[(3 - d) * 64 + to] as number;
      if (land < 0 || has(usLo, usHi, land) || has(themLo, themHi, land)) continue;
      attacks++;
      // After the capture `to` and `a` are empty and the capturer stands on `land`.
      const freeLo = ~(usLo | themLo) | (bitLo[to] as number) | (bitLo[a] as number);
      const freeHi = ~(usHi | themHi) | (bitHi[to] as number) | (bitHi[a] as number);
      let recaptured = false;
      for (let k = 0; k < 4; k++) {
        const n = next[k * 64 + land] as number;
        if (n < 0 || n === to) continue;
        const beyond = next[k * 64 + n] as number;
        const opposite = next[(3 - k) * 64 + land] as number;
        // The capturer goes on over a man of ours in direction k.
        if (has(usLo, usHi, n) && beyond >= 0 && has(freeLo, freeHi, beyond) && manCaptures(them, k, back)) {
          return false;
        }
        // A man of ours on n takes it back in the opposite direction.
        if (has(usLo, usHi, n) && opposite >= 0 && has(freeLo, freeHi, opposite) && manCaptures(side, 3 - k, back)) {
          recaptured = true;
        }
      }
      if (!recaptured) return false;
    }
    return attacks > 0;
  }

  isTactical(key: number): boolean {
    return (key & KEY_CAPTURE) !== 0;
  }

  /** Captures are compulsory (manual 2.2.2): a position with one allows no standing pat. */
  mustPlayTactical(): boolean {
    return this.engine.anyCapture();
  }

  historyIndex(key: number): number {
    return (this.engine.side << 12) | (key & 0xfff);
  }

  /** The game move a key stands for in the current position. */
  decode(key: number): DraughtsMove {
    const slot = this.slotOf(key);
    const m = this.engine.moves;
    const i = slot * STRIDE;
    const pos = this.position();
    const capLo = m[i + M_CAP_LO] as number;
    const capHi = m[i + M_CAP_HI] as number;
    // The public generator names the squares and the path; find the same move there.
    for (const move of generateMoves(pos)) {
      if (matches(this.rules, move, m[i + M_FROM] as number, m[i + M_TO] as number, capLo, capHi)) return move;
    }
    throw new Error(`move key ${key} has no public move`);
  }

  /** The key of a game move in the current position, or 0 when it is not legal here. */
  encode(move: DraughtsMove): number {
    const buffer = this.scratch();
    const count = this.generateMoves(buffer, 0);
    for (let k = 0; k < count; k++) {
      const key = buffer[k] as number;
      if (sameMove(this.decode(key), move)) return key;
    }
    return 0;
  }

  /** Positions in the stacks (history and search path); for tests. */
  get depth(): number {
    return this.n;
  }
}

/** Whether bit b is set in the board (lo, hi). */
function has(lo: number, hi: number, b: number): boolean {
  // Masks, not a test of b < 32: the squares `offersStep` looks at fall on either word at random, and a branch there
  // is mispredicted half the time **(ours)**.
  return ((lo & (LOW_WORD[b] as number)) | (hi & (HIGH_WORD[b] as number))) !== 0;
}

/** Bit b of a board as its low and high words' masks. */
const LOW_WORD = Int32Array.from({ length: 64 }, (_, b) => (b < 32 ? 1 << b : 0));
const HIGH_WORD = Int32Array.from({ length: 64 }, (_, b) => (b < 32 ? 0 : 1 << (b - 32)));

/** A man of `side` (0 White, moving up) may capture in direction d (geometry.ts: 0, 1 down, 2, 3 up). */
function manCaptures(side: number, d: number, backward: boolean): boolean {
  return backward || (side === 0 ? d >= 2 : d < 2);
}

function matches(
  rules: RuleSet,
  move: DraughtsMove,
  fromBit: number,
  toBit: number,
  capLo: number,
  capHi: number,
): boolean {
  const bitOf = bitOfNumber(rules);
  if (bitOf[move.from] !== fromBit || bitOf[move.to] !== toBit) return false;
  let lo = 0;
  let hi = 0;
  for (const c of move.captures) {
    const b = bitOf[c] as number;
    if (b < 32) lo |= 1 << b;
    else hi |= 1 << (b - 32);
  }
  return lo === capLo && hi === capHi;
}

const bitsByRules = new Map<string, Int8Array>();

/** PDN square number → bit, per rule set. */
function bitOfNumber(rules: RuleSet): Int8Array {
  let t = bitsByRules.get(rules.id);
  if (!t) {
    const g = geometryOf(rules.size);
    const sq = squaresOf(rules);
    t = new Int8Array(sq.count + 1).fill(-1);
    for (let k = 1; k <= sq.count; k++) t[k] = g.bitOf[sq.fromNumber(k)] as number;
    bitsByRules.set(rules.id, t);
  }
  return t;
}
