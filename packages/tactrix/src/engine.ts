/**
 * The mutable fast path: a position with make/unmake, allocation-free move generation into typed arrays, incremental
 * Zobrist keys for repetition, and a perft counter. The immutable public API (game.ts) loads one of these, works on it
 * and copies the result out; search and perft use it directly.
 *
 * A move is an integer `from + to * 128`. `from` is a square (0–99) for a piece move, or `100 + type` for a purchase
 * of that piece type placed on `to` (docs/rules/tactrix.md "Chips and buying": buying is a whole turn).
 */
import { type Player, zobristKeys } from '@tactica/core';
import {
  BUYABLE,
  COSTS,
  DIAGANOID,
  FILES,
  JERK,
  JERK_BONUS,
  JUMPNAR,
  KING,
  NO_PROGRESS_LIMIT,
  RANKS,
  REGENEROID,
  SQUARES,
  VERTICON,
  WRAPNOID,
  farRank,
  inOwnHalf,
} from './pieces.js';

export const BUY_BASE = 100;

export function encodeMove(from: number, to: number): number {
  return from + to * 128;
}
export function moveFrom(m: number): number {
  return m & 127;
}
export function moveTo(m: number): number {
  return m >> 7;
}
export function isPurchase(m: number): boolean {
  return (m & 127) >= BUY_BASE;
}

/** The longest move list a position can have: 100 pieces with at most 17 moves each, plus 5 x 8 purchases. */
export const MAX_MOVES = 2048;

// Precomputed geometry (built once at load): the eight neighbours and the eight knight leaps of every square.
const KING_STEPS = [
  [-1, -1],
  [0, -1],
  [1, -1],
  [-1, 0],
  [1, 0],
  [-1, 1],
  [0, 1],
  [1, 1],
] as const;
const KNIGHT_LEAPS = [
  [1, 2],
  [2, 1],
  [2, -1],
  [1, -2],
  [-1, -2],
  [-2, -1],
  [-2, 1],
  [-1, 2],
] as const;

function table(steps: readonly (readonly [number, number])[]): Int8Array {
  const t = new Int8Array(SQUARES * 8).fill(-1);
  for (let sq = 0; sq < SQUARES; sq++) {
    const f = sq % FILES;
    const r = (sq - f) / FILES;
    steps.forEach(([df, dr], i) => {
      const nf = f + df;
      const nr = r + dr;
      if (nf >= 0 && nf < FILES && nr >= 0 && nr < RANKS) t[sq * 8 + i] = nr * FILES + nf;
    });
  }
  return t;
}

/** NEIGHBOURS[sq * 8 + i]: the i-th neighbour (KING_STEPS order) or -1 off the board. */
export const NEIGHBOURS = table(KING_STEPS);
const KNIGHT = table(KNIGHT_LEAPS);

// Zobrist keys over the piece placement and the side to move. Chips and balances need no keys: they change only
// through collection, purchase or the jerk bonus, which all restart the repetition window.
const KEYS = zobristKeys(14 * SQUARES + 1, 'tactrix');
const SIDE_KEY = 14 * SQUARES;
function keyIndex(piece: number, sq: number): number {
  return (piece > 0 ? piece - 1 : 6 - piece) * SQUARES + sq;
}
/** A 52-bit key as one JS number (exact in a double, JSON-safe). */
function combine(lo: number, hi: number): number {
  return (hi & 0xfffff) * 4294967296 + (lo >>> 0);
}

export class Position {
  readonly board = new Int8Array(SQUARES);
  readonly chips = new Uint8Array(SQUARES);
  readonly balance = new Float64Array(2);
  turn: Player = 0;
  /** Plies since the last capture, chip collection, jerk bonus or purchase. */
  clock = 0;
  moveNumber = 1;
  /** Squares of each side's king and regeneroid, -1 when gone. */
  readonly king = new Int16Array([-1, -1]);
  readonly regen = new Int16Array([-1, -1]);
  hashLo = 0;
  hashHi = 0;

  /** Keys of the positions since the window began; the last is the current one. */
  private keys = new Float64Array(256);
  keyCount = 0;

  // Undo stack, one entry per ply made.
  private uMove = new Int32Array(256);
  private uCaptured = new Int8Array(256);
  private uCollected = new Uint8Array(256);
  private uBalance = new Float64Array(256);
  private uClock = new Int32Array(256);
  private uMoveNumber = new Int32Array(256);
  private uHashLo = new Int32Array(256);
  private uHashHi = new Int32Array(256);
  private depth = 0;

  /** Recomputes the king/regeneroid squares and the key from the board; call after filling it directly. */
  refresh(history: readonly number[] = []): void {
    this.king[0] = this.king[1] = this.regen[0] = this.regen[1] = -1;
    let lo = 0;
    let hi = 0;
    for (let sq = 0; sq < SQUARES; sq++) {
      const p = this.board[sq] as number;
      if (p === 0) continue;
      const side = p > 0 ? 0 : 1;
      const t = p > 0 ? p : -p;
      if (t === KING) this.king[side] = sq;
      if (t === REGENEROID) this.regen[side] = sq;
      const k = keyIndex(p, sq);
      lo ^= KEYS[2 * k] as number;
      hi ^= KEYS[2 * k + 1] as number;
    }
    if (this.turn === 1) {
      lo ^= KEYS[2 * SIDE_KEY] as number;
      hi ^= KEYS[2 * SIDE_KEY + 1] as number;
    }
    this.hashLo = lo;
    this.hashHi = hi;
    this.keyCount = 0;
    for (const k of history) this.pushKey(k);
    this.pushKey(this.key());
    this.depth = 0;
  }

  /** The repetition key of the current position. */
  key(): number {
    return combine(this.hashLo, this.hashHi);
  }

  /** Keys of the current repetition window (oldest first), the current position last. */
  windowKeys(): number[] {
    const n = Math.min(this.keyCount, this.clock + 1);
    return Array.from(this.keys.subarray(this.keyCount - n, this.keyCount));
  }

  private pushKey(k: number): void {
    if (this.keyCount === this.keys.length) {
      const bigger = new Float64Array(this.keys.length * 2);
      bigger.set(this.keys);
      this.keys = bigger;
    }
    this.keys[this.keyCount++] = k;
  }

  private xorPiece(piece: number, sq: number): void {
    const k = keyIndex(piece, sq);
    this.hashLo ^= KEYS[2 * k] as number;
    this.hashHi ^= KEYS[2 * k + 1] as number;
  }

  /**
   * Writes every legal move of `side` into `out` from `start`; returns the new end. Piece moves first (by square),
   * then purchases (by type, then by square). Allocates nothing.
   */
  generate(side: Player, out: Int32Array, start = 0): number {
    let n = start;
    const board = this.board;
    const sign = side === 0 ? 1 : -1;
    for (let from = 0; from < SQUARES; from++) {
      const p = (board[from] as number) * sign;
      if (p <= 0) continue;
      n = this.generateFrom(from, p, side, out, n);
    }
    // Rules file: buying is a whole turn; the piece goes on an empty or enemy square next to the regeneroid.
    const regen = this.regen[side] as number;
    if (regen >= 0) {
      const funds = this.balance[side] as number;
      for (const type of BUYABLE) {
        if ((COSTS[type] as number) > funds) continue;
        for (let i = 0; i < 8; i++) {
          const to = NEIGHBOURS[regen * 8 + i] as number;
          if (to < 0 || (board[to] as number) * sign > 0) continue;
          out[n++] = BUY_BASE + type + to * 128;
        }
      }
    }
    return n;
  }

  /** Moves of the piece of type `type` belonging to `side` standing on `from` (manual, "The pieces"). */
  generateFrom(from: number, type: number, side: Player, out: Int32Array, start: number): number {
    let n = start;
    const board = this.board;
    const sign = side === 0 ? 1 : -1;
    const f = from % FILES;
    const r = (from - f) / FILES;
    const base = from * 8;
    switch (type) {
      case JERK: {
        // Manual, "Jerk": one step forward onto an empty square; captures only two squares away orthogonally,
        // jumping whatever stands between.
        const fr = r + sign;
        if (fr >= 0 && fr < RANKS && board[fr * FILES + f] === 0) out[n++] = from + (fr * FILES + f) * 128;
        if (r + 2 < RANKS && (board[from + 20] as number) * sign < 0) out[n++] = from + (from + 20) * 128;
        if (r - 2 >= 0 && (board[from - 20] as number) * sign < 0) out[n++] = from + (from - 20) * 128;
        if (f + 2 < FILES && (board[from + 2] as number) * sign < 0) out[n++] = from + (from + 2) * 128;
        if (f - 2 >= 0 && (board[from - 2] as number) * sign < 0) out[n++] = from + (from - 2) * 128;
        return n;
      }
      case JUMPNAR:
        // Manual, "Jumpnar": the knight's leaps, ignoring pieces in between.
        for (let i = 0; i < 8; i++) {
          const to = KNIGHT[base + i] as number;
          if (to >= 0 && (board[to] as number) * sign <= 0) out[n++] = from + to * 128;
        }
        return n;
      case WRAPNOID: {
        // Manual, "Wrapnoid": any neighbour except directly left or right (KING_STEPS 3 and 4) ...
        for (let i = 0; i < 8; i++) {
          if (i === 3 || i === 4) continue;
          const to = NEIGHBOURS[base + i] as number;
          if (to >= 0 && (board[to] as number) * sign <= 0) out[n++] = from + to * 128;
        }
        // ... and sideways: skip the adjacent square whatever is on it, then slide 2 to 4 squares, wrapping around
        // the side edges; the first occupied square stops the slide and may be captured.
        const row = r * FILES;
        for (let dir = -1; dir <= 1; dir += 2) {
          for (let k = 2; k <= 4; k++) {
            const to = row + ((f + dir * k + FILES) % FILES);
            const q = (board[to] as number) * sign;
            if (q > 0) break;
            out[n++] = from + to * 128;
            if (q < 0) break;
          }
        }
        return n;
      }
      case VERTICON:
        // Manual, "Verticon": one step in any direction, or a vertical slide of any length.
        for (let i = 0; i < 8; i++) {
          if (i === 1 || i === 6) continue; // the vertical steps are the slides' first squares
          const to = NEIGHBOURS[base + i] as number;
          if (to >= 0 && (board[to] as number) * sign <= 0) out[n++] = from + to * 128;
        }
        n = this.slide(from, f, r, 0, 1, sign, out, n);
        n = this.slide(from, f, r, 0, -1, sign, out, n);
        return n;
      case DIAGANOID:
        // Manual, "Diaganoid": one step up, down, left or right, or a diagonal slide of any length.
        for (let i = 1; i < 7; i++) {
          if (i === 2 || i === 5) continue; // KING_STEPS 1, 3, 4, 6 are the orthogonal steps
          const to = NEIGHBOURS[base + i] as number;
          if (to >= 0 && (board[to] as number) * sign <= 0) out[n++] = from + to * 128;
        }
        n = this.slide(from, f, r, 1, 1, sign, out, n);
        n = this.slide(from, f, r, -1, 1, sign, out, n);
        n = this.slide(from, f, r, 1, -1, sign, out, n);
        n = this.slide(from, f, r, -1, -1, sign, out, n);
        return n;
      case REGENEROID:
        // Manual, "Regeneroid": a king's step that never crosses the half-way mark.
        for (let i = 0; i < 8; i++) {
          const to = NEIGHBOURS[base + i] as number;
          if (to < 0 || (board[to] as number) * sign > 0) continue;
          if (!inOwnHalf(side, (to - (to % FILES)) / FILES)) continue;
          out[n++] = from + to * 128;
        }
        return n;
      case KING:
        // Manual, "King": one step in any direction; no check rules.
        for (let i = 0; i < 8; i++) {
          const to = NEIGHBOURS[base + i] as number;
          if (to >= 0 && (board[to] as number) * sign <= 0) out[n++] = from + to * 128;
        }
        return n;
      default:
        return n;
    }
  }

  private slide(
    from: number,
    f: number,
    r: number,
    df: number,
    dr: number,
    sign: number,
    out: Int32Array,
    start: number,
  ): number {
    let n = start;
    let nf = f + df;
    let nr = r + dr;
    while (nf >= 0 && nf < FILES && nr >= 0 && nr < RANKS) {
      const to = nr * FILES + nf;
      const q = (this.board[to] as number) * sign;
      if (q > 0) break;
      out[n++] = from + to * 128;
      if (q < 0) break;
      nf += df;
      nr += dr;
    }
    return n;
  }

  /** Plays a legal move for the side to move. */
  make(m: number): void {
    const board = this.board;
    const side = this.turn;
    const sign = side === 0 ? 1 : -1;
    const from = m & 127;
    const to = m >> 7;
    const d = this.depth;
    if (d === this.uMove.length) this.growUndo();
    const captured = board[to] as number;
    const collected = this.chips[to] as number;
    this.uMove[d] = m;
    this.uCaptured[d] = captured;
    this.uCollected[d] = collected;
    this.uBalance[d] = this.balance[side] as number;
    this.uClock[d] = this.clock;
    this.uMoveNumber[d] = this.moveNumber;
    this.uHashLo[d] = this.hashLo;
    this.uHashHi[d] = this.hashHi;
    this.depth = d + 1;

    if (captured !== 0) {
      this.xorPiece(captured, to);
      const ct = captured > 0 ? captured : -captured;
      if (ct === KING) this.king[1 - side] = -1;
      else if (ct === REGENEROID) this.regen[1 - side] = -1;
    }
    let progress = captured !== 0 || collected > 0;
    if (from >= BUY_BASE) {
      const type = from - BUY_BASE;
      this.balance[side] = (this.balance[side] as number) - (COSTS[type] as number);
      board[to] = type * sign;
      this.xorPiece(type * sign, to);
      progress = true;
    } else {
      const piece = board[from] as number;
      board[from] = 0;
      this.xorPiece(piece, from);
      const type = piece > 0 ? piece : -piece;
      if (type === JERK && (to - (to % FILES)) / FILES === farRank(side)) {
        // Manual, "Jerk": reaching the other side earns 25 chips and the jerk disappears.
        board[to] = 0;
        this.balance[side] = (this.balance[side] as number) + JERK_BONUS;
        progress = true;
      } else {
        board[to] = piece;
        this.xorPiece(piece, to);
        if (type === KING) this.king[side] = to;
        else if (type === REGENEROID) this.regen[side] = to;
      }
    }
    // Manual, "General Rules": moving onto chips collects them; they do not regenerate.
    if (collected > 0) {
      this.chips[to] = 0;
      this.balance[side] = (this.balance[side] as number) + collected;
    }
    this.clock = progress ? 0 : this.clock + 1;
    if (side === 1) this.moveNumber++;
    this.turn = side === 0 ? 1 : 0;
    this.hashLo ^= KEYS[2 * SIDE_KEY] as number;
    this.hashHi ^= KEYS[2 * SIDE_KEY + 1] as number;
    this.pushKey(combine(this.hashLo, this.hashHi));
  }

  /** Takes back the last move made with `make`. */
  unmake(): void {
    const d = --this.depth;
    const m = this.uMove[d] as number;
    const from = m & 127;
    const to = m >> 7;
    const side: Player = this.turn === 0 ? 1 : 0;
    const board = this.board;
    const captured = this.uCaptured[d] as number;
    this.turn = side;
    this.keyCount--;
    this.balance[side] = this.uBalance[d] as number;
    this.clock = this.uClock[d] as number;
    this.moveNumber = this.uMoveNumber[d] as number;
    this.hashLo = this.uHashLo[d] as number;
    this.hashHi = this.uHashHi[d] as number;
    this.chips[to] = this.uCollected[d] as number;
    if (from < BUY_BASE) {
      const sign = side === 0 ? 1 : -1;
      // The mover stands on `to`, unless it was a jerk that earned the bonus and left the board.
      const moved = (board[to] as number) * sign > 0 ? (board[to] as number) : JERK * sign;
      board[from] = moved;
      const type = moved > 0 ? moved : -moved;
      if (type === KING) this.king[side] = from;
      else if (type === REGENEROID) this.regen[side] = from;
    }
    board[to] = captured;
    if (captured !== 0) {
      const ct = captured > 0 ? captured : -captured;
      if (ct === KING) this.king[1 - side] = to;
      else if (ct === REGENEROID) this.regen[1 - side] = to;
    }
  }

  private growUndo(): void {
    const grow = <T extends Int32Array | Int8Array | Uint8Array | Float64Array>(a: T, make: (n: number) => T): T => {
      const b = make(a.length * 2);
      b.set(a);
      return b;
    };
    this.uMove = grow(this.uMove, (n) => new Int32Array(n));
    this.uCaptured = grow(this.uCaptured, (n) => new Int8Array(n));
    this.uCollected = grow(this.uCollected, (n) => new Uint8Array(n));
    this.uBalance = grow(this.uBalance, (n) => new Float64Array(n));
    this.uClock = grow(this.uClock, (n) => new Int32Array(n));
    this.uMoveNumber = grow(this.uMoveNumber, (n) => new Int32Array(n));
    this.uHashLo = grow(this.uHashLo, (n) => new Int32Array(n));
    this.uHashHi = grow(this.uHashHi, (n) => new Int32Array(n));
  }

  /** How many times the current position has occurred in the repetition window, this time included. */
  repetitions(): number {
    const n = Math.min(this.keyCount, this.clock + 1);
    const current = this.keys[this.keyCount - 1];
    let count = 1;
    for (let i = this.keyCount - 3; i >= this.keyCount - n; i -= 2) if (this.keys[i] === current) count++;
    return count;
  }

  /**
   * Why the game is over by rule, or undefined: a king captured (manual, "King"); the side to move has no legal move
   * and no affordable purchase; threefold repetition or 100 plies without progress (docs/rules/tactrix.md "The end").
   * `moves` is the number of legal moves of the side to move (pass it when already generated).
   */
  status(moves: number): StatusCode {
    if ((this.king[0] as number) < 0) return 'black-wins-king';
    if ((this.king[1] as number) < 0) return 'white-wins-king';
    if (moves === 0) return this.turn === 0 ? 'black-wins-no-moves' : 'white-wins-no-moves';
    if (this.repetitions() >= 3) return 'draw-threefold';
    if (this.clock >= NO_PROGRESS_LIMIT) return 'draw-no-progress';
    return undefined;
  }

  /** Leaf count of the legal-move tree (a node is one piece move or one purchase). */
  perft(depth: number, buffers: Int32Array[] = perftBuffers(depth)): number {
    if (depth <= 0) return 1;
    if ((this.king[0] as number) < 0 || (this.king[1] as number) < 0) return 0;
    const out = buffers[depth - 1] as Int32Array;
    const n = this.generate(this.turn, out);
    if (n === 0 || this.repetitions() >= 3 || this.clock >= NO_PROGRESS_LIMIT) return 0;
    if (depth === 1) return n;
    let nodes = 0;
    for (let i = 0; i < n; i++) {
      this.make(out[i] as number);
      nodes += this.perft(depth - 1, buffers);
      this.unmake();
    }
    return nodes;
  }
}

export type StatusCode =
  | 'white-wins-king'
  | 'black-wins-king'
  | 'white-wins-no-moves'
  | 'black-wins-no-moves'
  | 'draw-threefold'
  | 'draw-no-progress'
  | undefined;

export function perftBuffers(depth: number): Int32Array[] {
  return Array.from({ length: Math.max(1, depth) }, () => new Int32Array(MAX_MOVES));
}
