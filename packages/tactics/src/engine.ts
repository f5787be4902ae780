/**
 * The fast path: a mutable board with make/unmake, incremental Zobrist keys and preallocated buffers, used by
 * perft and (through one shared scratch instance) by the immutable API. Nothing here allocates per node.
 */
import { zobristKeys, type Player } from '@tactica/core';
import { DIR_FROM, DIR_TO, EMPTY, RAY_LEN, RAYS, SQUARES } from './board.js';
import { CELL_OF_CHAR, type TacticsState } from './state.js';

/** At most 2 Queens (27), 2 Bishops (13) and 4 Rooks (14) can move: 136 moves. */
export const MAX_MOVES = 160;
/** A landing square has 7 squares on its rank and 7 on its file: at most 14 pieces flip. */
const MAX_FLIPS = 14;

/** Rules (ours): a game is drawn after this many consecutive plies without a flip. */
export const QUIET_PLY_LIMIT = 100;

const Z = zobristKeys(SQUARES * 16 + 1, 'tactica/tactics');
const Z_TURN = SQUARES * 16 * 2;

/** A move packed for the fast path: from | to << 6. */
export function packMove(from: number, to: number): number {
  return from | (to << 6);
}

export class TacticsEngine {
  readonly cells = new Int8Array(SQUARES);
  turn: Player = 0;
  quiet = 0;
  /** Resigned or drawn by agreement: no moves, whatever the board says. */
  ended = false;
  keyLo = 0;
  keyHi = 0;

  /** Keys of every position from the game's start to the current one (inclusive): `hist*[histLen - 1]` is now. */
  private histLo = new Uint32Array(256);
  private histHi = new Uint32Array(256);
  private histLen = 0;

  /** Moves made since `load`, and what each needs to be undone. */
  private ply = 0;
  private undoFrom = new Uint8Array(64);
  private undoTo = new Uint8Array(64);
  private undoQuiet = new Int32Array(64);
  private undoFlips = new Int32Array(64);
  private flips = new Uint8Array(64 * MAX_FLIPS);
  private flipTop = 0;

  /** Move lists, MAX_MOVES per search ply. */
  moves = new Uint16Array(MAX_MOVES * 8);

  /** Loads a position. With `withHistory`, the keys of `s.seen` too, so repetitions are seen. */
  load(s: TacticsState, withHistory: boolean): void {
    const cells = this.cells;
    for (let sq = 0; sq < SQUARES; sq++) cells[sq] = CELL_OF_CHAR[s.board.charCodeAt(sq)] ?? EMPTY;
    this.turn = s.turn;
    this.quiet = s.quiet;
    this.ended = s.ended !== undefined;
    this.ply = 0;
    this.flipTop = 0;
    this.histLen = 0;
    if (withHistory) {
      // Every key but the current one (the last), oldest first.
      let total = 0;
      for (const chunk of s.seen) total += chunk.length;
      const earlier = total - 1;
      this.ensureHistory(earlier + 1);
      let i = 0;
      for (const chunk of s.seen) {
        for (const key of chunk) {
          if (i >= earlier) break;
          this.hashKey(key);
          this.histLo[i] = this.keyLo;
          this.histHi[i] = this.keyHi;
          i++;
        }
      }
      this.histLen = Math.max(0, earlier);
    }
    this.rehash();
    this.ensureHistory(this.histLen + 1);
    this.histLo[this.histLen] = this.keyLo;
    this.histHi[this.histLen] = this.keyHi;
    this.histLen++;
  }

  /** The key of the current cells and turn. */
  private rehash(): void {
    let lo = this.turn ? (Z[Z_TURN] ?? 0) : 0;
    let hi = this.turn ? (Z[Z_TURN + 1] ?? 0) : 0;
    for (let sq = 0; sq < SQUARES; sq++) {
      const c = this.cells[sq] ?? EMPTY;
      if (c === EMPTY) continue;
      lo ^= Z[(sq * 16 + c) * 2] ?? 0;
      hi ^= Z[(sq * 16 + c) * 2 + 1] ?? 0;
    }
    this.keyLo = lo >>> 0;
    this.keyHi = hi >>> 0;
  }

  /** Sets keyLo/keyHi to the key of a `positionKey` string. */
  private hashKey(key: string): void {
    let lo = key.charCodeAt(SQUARES) === 98 ? (Z[Z_TURN] ?? 0) : 0;
    let hi = key.charCodeAt(SQUARES) === 98 ? (Z[Z_TURN + 1] ?? 0) : 0;
    for (let sq = 0; sq < SQUARES; sq++) {
      const c = CELL_OF_CHAR[key.charCodeAt(sq)] ?? EMPTY;
      if (c <= EMPTY) continue;
      lo ^= Z[(sq * 16 + c) * 2] ?? 0;
      hi ^= Z[(sq * 16 + c) * 2 + 1] ?? 0;
    }
    this.keyLo = lo >>> 0;
    this.keyHi = hi >>> 0;
  }

  private ensureHistory(n: number): void {
    if (n <= this.histLo.length) return;
    const size = Math.max(n, this.histLo.length * 2);
    const lo = new Uint32Array(size);
    const hi = new Uint32Array(size);
    lo.set(this.histLo);
    hi.set(this.histHi);
    this.histLo = lo;
    this.histHi = hi;
  }

  /** Room for `depth` more plies of make/unmake and move lists. */
  reserve(depth: number): void {
    const plies = this.ply + depth + 1;
    this.ensureHistory(this.histLen + depth + 1);
    if (this.undoFrom.length < plies) {
      const grow = <T extends Uint8Array | Int32Array>(a: T, make: (n: number) => T): T => {
        const b = make(plies * 2);
        b.set(a);
        return b;
      };
      this.undoFrom = grow(this.undoFrom, (n) => new Uint8Array(n));
      this.undoTo = grow(this.undoTo, (n) => new Uint8Array(n));
      this.undoQuiet = grow(this.undoQuiet, (n) => new Int32Array(n));
      this.undoFlips = grow(this.undoFlips, (n) => new Int32Array(n));
      this.flips = grow(this.flips, (n) => new Uint8Array(n * MAX_FLIPS));
    }
    if (this.moves.length < plies * MAX_MOVES) {
      const m = new Uint16Array(plies * 2 * MAX_MOVES);
      m.set(this.moves);
      this.moves = m;
    }
  }

  /**
   * Writes the moves of the player to move into `this.moves` from `base`; returns how many. Manual, "Moves and
   * Pieces": only a mobile piece moves (one showing its owner's colour), sliding like a rook, bishop or queen onto
   * an empty square; it never jumps and never captures.
   */
  generate(base: number): number {
    const cells = this.cells;
    const moves = this.moves;
    const mobile = this.turn === 0 ? 0 : 12;
    let n = base;
    for (let sq = 0; sq < SQUARES; sq++) {
      const c = cells[sq] ?? EMPTY;
      if (c === EMPTY || (c & 12) !== mobile) continue;
      const kind = c & 3;
      for (let d = DIR_FROM[kind] ?? 0, end = DIR_TO[kind] ?? 0; d < end; d++) {
        const ray = (sq * 8 + d) * 7;
        const len = RAY_LEN[sq * 8 + d] ?? 0;
        for (let i = 0; i < len; i++) {
          const t = RAYS[ray + i] ?? 0;
          if (cells[t] !== EMPTY) break;
          moves[n++] = sq | (t << 6);
        }
      }
    }
    return n - base;
  }

  /** True when the player to move has at least one legal move (board only; draws are not looked at). */
  hasMove(): boolean {
    const cells = this.cells;
    const mobile = this.turn === 0 ? 0 : 12;
    for (let sq = 0; sq < SQUARES; sq++) {
      const c = cells[sq] ?? EMPTY;
      if (c === EMPTY || (c & 12) !== mobile) continue;
      const kind = c & 3;
      for (let d = DIR_FROM[kind] ?? 0, end = DIR_TO[kind] ?? 0; d < end; d++) {
        if ((RAY_LEN[sq * 8 + d] ?? 0) > 0 && cells[RAYS[(sq * 8 + d) * 7] ?? 0] === EMPTY) return true;
      }
    }
    return false;
  }

  /**
   * Finds the pieces a piece just landed on `to` flips, judged on the board as it stands (after the landing, before
   * any flip), and writes them into `this.flips` from `top`; returns the new top. Manual, "Pieces are flipped in
   * one of two ways", as docs/rules/tactics.md "Flipping" states them:
   * 1. bracket: along each orthogonal line from `to`, a run of one or more pieces showing the opponent's colour
   *    closed by a piece showing the mover's colour (whoever owns it) flips;
   * 2. sandwich: when both orthogonal neighbours on one line show the opponent's colour, both flip.
   * A piece caught both ways flips once; diagonals never count; pieces showing the mover's colour never flip.
   */
  private findFlips(to: number, top: number): number {
    const cells = this.cells;
    const mine = this.turn;
    const flips = this.flips;
    for (let d = 0; d < 4; d++) {
      const len = RAY_LEN[to * 8 + d] ?? 0;
      if (len === 0) continue;
      const ray = (to * 8 + d) * 7;
      const first = cells[RAYS[ray] ?? 0] ?? EMPTY;
      if (first === EMPTY || ((first >> 3) & 1) === mine) continue;
      // The run of opponent-coloured pieces starting next to `to`.
      let k = 1;
      while (k < len) {
        const c = cells[RAYS[ray + k] ?? 0] ?? EMPTY;
        if (c === EMPTY || ((c >> 3) & 1) === mine) break;
        k++;
      }
      const closed = k < len && cells[RAYS[ray + k] ?? 0] !== EMPTY;
      if (closed) {
        for (let i = 0; i < k; i++) flips[top++] = RAYS[ray + i] ?? 0;
        continue;
      }
      // Not bracketed: the neighbour still flips if the neighbour on the other side shows the opponent's colour
      // too (the other side's loop adds that one, so each square is written once).
      const o = d ^ 1;
      if ((RAY_LEN[to * 8 + o] ?? 0) === 0) continue;
      const other = cells[RAYS[(to * 8 + o) * 7] ?? 0] ?? EMPTY;
      if (other !== EMPTY && ((other >> 3) & 1) !== mine) flips[top++] = RAYS[ray] ?? 0;
    }
    return top;
  }

  /** Plays a packed move from the current position (it must be legal); `unmake` undoes it. */
  make(move: number): void {
    const from = move & 63;
    const to = move >> 6;
    const cells = this.cells;
    const piece = cells[from] ?? EMPTY;
    let lo = this.keyLo ^ (Z[(from * 16 + piece) * 2] ?? 0) ^ (Z[(to * 16 + piece) * 2] ?? 0);
    let hi = this.keyHi ^ (Z[(from * 16 + piece) * 2 + 1] ?? 0) ^ (Z[(to * 16 + piece) * 2 + 1] ?? 0);
    cells[from] = EMPTY;
    cells[to] = piece;
    const start = this.flipTop;
    const top = this.findFlips(to, start);
    for (let i = start; i < top; i++) {
      const sq = this.flips[i] ?? 0;
      const c = cells[sq] ?? EMPTY;
      lo ^= (Z[(sq * 16 + c) * 2] ?? 0) ^ (Z[(sq * 16 + (c ^ 8)) * 2] ?? 0);
      hi ^= (Z[(sq * 16 + c) * 2 + 1] ?? 0) ^ (Z[(sq * 16 + (c ^ 8)) * 2 + 1] ?? 0);
      cells[sq] = c ^ 8;
    }
    const ply = this.ply;
    this.undoFrom[ply] = from;
    this.undoTo[ply] = to;
    this.undoQuiet[ply] = this.quiet;
    this.undoFlips[ply] = start;
    this.flipTop = top;
    this.quiet = top > start ? 0 : this.quiet + 1;
    this.turn = this.turn === 0 ? 1 : 0;
    this.keyLo = (lo ^ (Z[Z_TURN] ?? 0)) >>> 0;
    this.keyHi = (hi ^ (Z[Z_TURN + 1] ?? 0)) >>> 0;
    this.histLo[this.histLen] = this.keyLo;
    this.histHi[this.histLen] = this.keyHi;
    this.histLen++;
    this.ply = ply + 1;
  }

  unmake(): void {
    const ply = --this.ply;
    const cells = this.cells;
    const start = this.undoFlips[ply] ?? 0;
    for (let i = start; i < this.flipTop; i++) {
      const sq = this.flips[i] ?? 0;
      cells[sq] = (cells[sq] ?? EMPTY) ^ 8;
    }
    this.flipTop = start;
    const from = this.undoFrom[ply] ?? 0;
    const to = this.undoTo[ply] ?? 0;
    cells[from] = cells[to] ?? EMPTY;
    cells[to] = EMPTY;
    this.quiet = this.undoQuiet[ply] ?? 0;
    this.turn = this.turn === 0 ? 1 : 0;
    this.histLen--;
    this.keyLo = this.histLo[this.histLen - 1] ?? 0;
    this.keyHi = this.histHi[this.histLen - 1] ?? 0;
  }

  /** The squares the last `make` flipped. */
  lastFlips(): number[] {
    const start = this.undoFlips[this.ply - 1] ?? 0;
    return Array.from(this.flips.subarray(start, this.flipTop));
  }

  /** How many times the current position (board and player to move) has occurred, this time included. */
  repetitions(): number {
    const lo = this.keyLo;
    const hi = this.keyHi;
    let count = 1;
    // The player to move alternates every ply, so only every other earlier position can be the same.
    for (let i = this.histLen - 3; i >= 0; i -= 2) {
      if (this.histLo[i] === lo && this.histHi[i] === hi) count++;
    }
    return count;
  }

  /** Drawn by a rule of ours: threefold repetition or 100 plies without a flip. */
  isDrawn(): boolean {
    return this.quiet >= QUIET_PLY_LIMIT || this.repetitions() >= 3;
  }

  /**
   * Leaf count of the legal-move tree. A position where the game is over (no move, a draw, a resignation) has no
   * moves, exactly as the contract's `legalMoves` says.
   */
  perft(depth: number): number {
    if (depth <= 0) return 1;
    if (this.ended || this.quiet >= QUIET_PLY_LIMIT || this.repetitions() >= 3) return 0;
    const base = this.ply * MAX_MOVES;
    const n = this.generate(base);
    if (depth === 1) return n;
    let nodes = 0;
    for (let i = 0; i < n; i++) {
      this.make(this.moves[base + i] ?? 0);
      nodes += this.perft(depth - 1);
      this.unmake();
    }
    return nodes;
  }
}
