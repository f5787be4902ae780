/**
 * The mutable fast path: a board held in typed arrays, actions packed into integers, make/unmake with an undo stack,
 * allocation-free generation and counting. Perft and the computer opponent's search run here; the immutable
 * `Force400State` of the public API is loaded into an engine and read back out (state.ts).
 */
import type { Player } from '@tactica/core';
import * as board from './board.js';
import { isHomeRank, SQUARES, fileOf, rankOf } from './board.js';
import { ABDICATION_COST, MAX_FORCE, RECHARGE, RECHARGE_TURNS } from './rules.js';

// Module-local copies of the board's ray tables: V8 compiles a module's own unexported constant arrays into optimised
// code (address and length known) but loads and checks imported ones at every use (see evaluate.ts).
const RAY_LENGTH = board.RAY_LENGTH.slice();
const RAY_START = board.RAY_START.slice();
const RAYS = board.RAYS.slice();

/** Action kinds, as packed into bits 0–1 of an action code. */
export const MOVE = 0;
export const TRANSFER = 1;
export const ABDICATE = 2;

/** Packs an action: kind in bits 0–1, source in 2–8, destination in 9–15, transfer amount in 16–22. */
export function encodeAction(kind: number, from: number, to: number, amount = 0): number {
  return kind | (from << 2) | (to << 9) | (amount << 16);
}

export function codeKind(code: number): number {
  return code & 3;
}

export function codeFrom(code: number): number {
  return (code >>> 2) & 127;
}

export function codeTo(code: number): number {
  return (code >>> 9) & 127;
}

export function codeAmount(code: number): number {
  return (code >>> 16) & 127;
}

/** `left` of a man who has never stood on rank 0 or 9: always eligible for recharge. */
export const NEVER = -1_000_000_000;

/** Nobody has won yet. */
export const PLAYING = -1;

const UNDO_SIZE = 16;

/** A man can have at most 8 transfer targets × 99 amounts + 8 abdications + ~36 moves: a safe per-man bound. */
const MAX_ACTIONS_PER_MAN = 8 * MAX_FORCE + 8 + 40;

export class Force400Engine {
  /** Per square: -1 empty, else the owner (0 White, 1 Black). */
  readonly owner = new Int8Array(SQUARES).fill(-1);
  readonly force = new Uint8Array(SQUARES);
  /** 1 where the man is his side's king. */
  readonly king = new Uint8Array(SQUARES);
  /**
   * Recharge bookkeeping: for a man off ranks 0/9, the last of his side's turns that he began on rank 0 or 9
   * (`NEVER` if none). Meaningless while he stands on rank 0/9; set when he moves off.
   */
  readonly left = new Int32Array(SQUARES).fill(NEVER);
  /** Each side's king square, -1 once the king has fallen. */
  readonly kingSquare = new Int32Array([-1, -1]);
  side: Player = 0;
  /** The move number: White's and Black's Nth turns are both in move N. */
  moveNumber = 1;
  /** PLAYING, or the side that took the other's king. */
  winner: number = PLAYING;

  private undoStack = new Int32Array(UNDO_SIZE * 64);
  private undoTop = 0;
  private buffer = new Int32Array(4096);
  private bufferTop = 0;

  /** Removes every man. */
  clear(): void {
    this.owner.fill(-1);
    this.force.fill(0);
    this.king.fill(0);
    this.left.fill(NEVER);
    this.kingSquare[0] = -1;
    this.kingSquare[1] = -1;
    this.side = 0;
    this.moveNumber = 1;
    this.winner = PLAYING;
    this.undoTop = 0;
    this.bufferTop = 0;
  }

  /** Puts a man on an empty square. */
  place(sq: number, side: Player, force: number, isKing: boolean, left: number = NEVER): void {
    this.owner[sq] = side;
    this.force[sq] = force;
    this.king[sq] = isKing ? 1 : 0;
    this.left[sq] = left;
    if (isKing) this.kingSquare[side] = sq;
  }

  /**
   * The turn number on which `side` next acts (the current one for the side to move): recharge eligibility is
   * counted in the man's own side's turns.
   */
  nextTurnOf(side: Player): number {
    if (side === this.side) return this.moveNumber;
    return side === 0 ? this.moveNumber + 1 : this.moveNumber;
  }

  /** Copies another engine's position (not its undo stack). */
  copyFrom(o: Force400Engine): void {
    this.owner.set(o.owner);
    this.force.set(o.force);
    this.king.set(o.king);
    this.left.set(o.left);
    this.kingSquare.set(o.kingSquare);
    this.side = o.side;
    this.moveNumber = o.moveNumber;
    this.winner = o.winner;
    this.undoTop = 0;
    this.bufferTop = 0;
  }

  /** Number of actions made and not yet unmade. */
  get depth(): number {
    return this.undoTop / UNDO_SIZE;
  }

  /** Plays a legal action (trusted). */
  make(code: number): void {
    const kind = code & 3;
    const from = (code >>> 2) & 127;
    const to = (code >>> 9) & 127;
    this.pushUndo(from, to);
    const p = this.side;
    if (kind === MOVE) {
      this.moveMan(p, from, to);
    } else if (kind === TRANSFER) {
      const amount = (code >>> 16) & 127;
      this.force[from] = (this.force[from] as number) - amount;
      // "one unit out of every five, unfavorably rounded": the loss is ceil(amount / 5)
      const received = (this.force[to] as number) + amount - (((amount + 4) / 5) | 0);
      this.force[to] = received > MAX_FORCE ? MAX_FORCE : received;
    } else {
      this.force[from] = (this.force[from] as number) - ABDICATION_COST;
      this.king[from] = 0;
      this.king[to] = 1;
      this.kingSquare[p] = to;
    }
    if (p === 1) this.moveNumber++;
    this.side = p === 0 ? 1 : 0;
  }

  /** Takes back the last action made. */
  unmake(): void {
    const u = this.undoStack;
    const t = (this.undoTop -= UNDO_SIZE);
    for (let k = 0; k < 2; k++) {
      const o = t + k * 5;
      const sq = u[o] as number;
      this.owner[sq] = u[o + 1] as number;
      this.force[sq] = u[o + 2] as number;
      this.king[sq] = u[o + 3] as number;
      this.left[sq] = u[o + 4] as number;
    }
    this.kingSquare[0] = u[t + 10] as number;
    this.kingSquare[1] = u[t + 11] as number;
    this.side = u[t + 12] as Player;
    this.moveNumber = u[t + 13] as number;
    this.winner = u[t + 14] as number;
  }

  private pushUndo(from: number, to: number): void {
    if (this.undoTop + UNDO_SIZE > this.undoStack.length) {
      const bigger = new Int32Array(this.undoStack.length * 2);
      bigger.set(this.undoStack);
      this.undoStack = bigger;
    }
    const u = this.undoStack;
    const t = this.undoTop;
    u[t] = from;
    u[t + 1] = this.owner[from] as number;
    u[t + 2] = this.force[from] as number;
    u[t + 3] = this.king[from] as number;
    u[t + 4] = this.left[from] as number;
    u[t + 5] = to;
    u[t + 6] = this.owner[to] as number;
    u[t + 7] = this.force[to] as number;
    u[t + 8] = this.king[to] as number;
    u[t + 9] = this.left[to] as number;
    u[t + 10] = this.kingSquare[0] as number;
    u[t + 11] = this.kingSquare[1] as number;
    u[t + 12] = this.side;
    u[t + 13] = this.moveNumber;
    u[t + 14] = this.winner;
    this.undoTop = t + UNDO_SIZE;
  }

  /** Short or long move, with combat and recharge (manual, "Basics of Play"). */
  private moveMan(p: Player, from: number, to: number): void {
    let f = this.force[from] as number;
    const isKing = this.king[from] as number;
    const fromHome = isHomeRank(from);
    // The last turn he began on rank 0/9 is this one if he stands there now.
    const left = fromHome ? this.moveNumber : (this.left[from] as number);
    const df = fileOf(from) - fileOf(to);
    const dr = rankOf(from) - rankOf(to);
    // A long move costs one unit, deducted before any combat.
    if (df > 1 || df < -1 || dr > 1 || dr < -1) f -= 1;
    this.owner[from] = -1;
    this.force[from] = 0;
    this.king[from] = 0;
    this.left[from] = NEVER;
    const defender = this.owner[to] as number;
    if (defender !== -1) {
      const d = this.force[to] as number;
      if (f > d) {
        // Attacker wins, diminished by the loser's force.
        if (this.king[to]) {
          this.winner = p;
          this.kingSquare[defender] = -1;
        }
        f -= d;
      } else {
        // The defender wins ties and keeps his square, diminished by the attacker's force.
        this.force[to] = d - f;
        if (isKing) {
          this.winner = defender;
          this.kingSquare[p] = -1;
        }
        return;
      }
    }
    // Recharge after surviving combat: onto rank 0/9, not having begun any of his last three turns there.
    if (!fromHome && isHomeRank(to) && this.moveNumber - left >= RECHARGE_TURNS) {
      f += RECHARGE;
      if (f > MAX_FORCE) f = MAX_FORCE;
    }
    this.owner[to] = p;
    this.force[to] = f;
    this.king[to] = isKing;
    this.left[to] = left;
    if (isKing) this.kingSquare[p] = to;
  }

  /**
   * Writes every legal action of the side to move into `out` from index `at`; returns the end index.
   * Order: squares A0…J9, then the eight directions, nearest square first; transfers by amount 1…force.
   */
  generate(out: Int32Array, at: number): number {
    if (this.winner !== PLAYING) return at;
    const p = this.side;
    let n = at;
    for (let sq = 0; sq < SQUARES; sq++) {
      if (this.owner[sq] !== p) continue;
      const f = this.force[sq] as number;
      const isKing = this.king[sq] === 1;
      for (let d = 0; d < 8; d++) {
        const start = RAY_START[sq * 8 + d] as number;
        const len = RAY_LENGTH[sq * 8 + d] as number;
        for (let k = 0; k < len; k++) {
          // A zero-force man may only make a short move; so he can neither move nor attack beyond one step.
          if (k > 0 && f === 0) break;
          const t = RAYS[start + k] as number;
          const o = this.owner[t] as number;
          if (o === -1) {
            out[n++] = MOVE | (sq << 2) | (t << 9);
            continue;
          }
          if (o !== p) {
            out[n++] = MOVE | (sq << 2) | (t << 9);
          } else {
            for (let amount = 1; amount <= f; amount++) out[n++] = TRANSFER | (sq << 2) | (t << 9) | (amount << 16);
            if (isKing && f >= ABDICATION_COST) out[n++] = ABDICATE | (sq << 2) | (t << 9);
          }
          break;
        }
      }
    }
    return n;
  }

  /** The number of legal actions of the side to move, without generating them (perft's bulk count). */
  count(): number {
    if (this.winner !== PLAYING) return 0;
    const p = this.side;
    let n = 0;
    for (let sq = 0; sq < SQUARES; sq++) {
      if (this.owner[sq] !== p) continue;
      const f = this.force[sq] as number;
      const abdications = this.king[sq] === 1 && f >= ABDICATION_COST ? 1 : 0;
      for (let d = 0; d < 8; d++) {
        const start = RAY_START[sq * 8 + d] as number;
        const len = RAY_LENGTH[sq * 8 + d] as number;
        for (let k = 0; k < len; k++) {
          if (k > 0 && f === 0) break;
          const o = this.owner[RAYS[start + k] as number] as number;
          if (o === -1) {
            n++;
            continue;
          }
          n += o !== p ? 1 : f + abdications;
          break;
        }
      }
    }
    return n;
  }

  /** Room `generate` may need: men of the side to move times a per-man bound. */
  actionBound(): number {
    let men = 0;
    for (let sq = 0; sq < SQUARES; sq++) if (this.owner[sq] === this.side) men++;
    return men * MAX_ACTIONS_PER_MAN;
  }

  /** Every legal action of the side to move, as a fresh array of codes (not for hot paths). */
  legalCodes(): Int32Array {
    const out = new Int32Array(this.actionBound());
    return out.slice(0, this.generate(out, 0));
  }

  private reserve(): number {
    const need = this.bufferTop + this.actionBound();
    if (need > this.buffer.length) {
      const bigger = new Int32Array(Math.max(need, this.buffer.length * 2));
      bigger.set(this.buffer.subarray(0, this.bufferTop));
      this.buffer = bigger;
    }
    return this.bufferTop;
  }

  /** Leaf count of the action tree to `depth` plies: make/unmake with bulk counting at the last ply. */
  perft(depth: number): number {
    if (depth <= 0) return 1;
    if (this.winner !== PLAYING) return 0;
    if (depth === 1) return this.count();
    const start = this.reserve();
    const end = this.generate(this.buffer, start);
    this.bufferTop = end;
    let nodes = 0;
    for (let i = start; i < end; i++) {
      this.make(this.buffer[i] as number);
      nodes += this.perft(depth - 1);
      this.unmake();
    }
    this.bufferTop = start;
    return nodes;
  }
}
