/**
 * The engine's make/unmake position seen the way a game-tree search wants it: integer moves, an incremental Zobrist
 * hash, the result when the game is decided, a static evaluation and move-ordering hints. It has the method names of
 * the AI package's `SearchPosition` (structurally typed: this package does not import the AI package, whose layer
 * sits above the games).
 *
 *   const sp = new TactrixSearchPosition(tactrix.initial());
 *   const n = sp.generateMoves(buffer, 0);    // captures first, most valuable victim first
 *   sp.makeMove(buffer[0]); sp.evaluate(); sp.unmakeMove(buffer[0]);
 *
 * Allocation-free per node (the undo stacks grow by doubling, rarely).
 */
import { zobristKeys, type Player } from '@tactica/core';
import { BUY_BASE, MAX_MOVES, type Position } from './engine.js';
import { evaluate } from './evaluate.js';
import { fromEngineMove } from './notation.js';
import { FILES, JERK, NO_PROGRESS_LIMIT, SQUARES, farRank } from './pieces.js';
import { load, type TactrixMove, type TactrixState } from './state.js';

/**
 * The most moves handed to a search per position **(ours)**: the AI package's searcher keeps 512 slots a ply. Real
 * games stay far below (the start has 14, middlegames well under 100, the most found on a legal board crammed with
 * bought pieces about 300); a position with more would hand over its captures and jerk bonuses first, then the other
 * moves in generation order.
 */
export const SEARCH_MOVE_LIMIT = 500;

// What the engine's repetition key leaves out because repetition never needs it, a search's transposition table
// does: the chips on the board (Zobrist keys per square) and the two balances (a hash of side and amount), both
// XORed in and out as they change.
const CHIP_KEYS = zobristKeys(SQUARES, 'tactrix-chips');

function balanceLo(side: number, balance: number): number {
  let h = Math.imul((balance | 0) ^ (side === 0 ? 0x2545f491 : 0x6c8e9cf5), 0xcc9e2d51);
  h ^= h >>> 15;
  h = Math.imul(h, 0x85ebca6b);
  return h ^ (h >>> 13);
}
function balanceHi(side: number, balance: number): number {
  let h = Math.imul((balance | 0) ^ (side === 0 ? 0x1b873593 : 0x5bd1e995), 0x9e3779b1);
  h ^= h >>> 16;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 15);
}

/** Value of a captured piece for ordering (the king above all). */
const VICTIM = [0, 3, 6, 9, 12, 15, 20, 1000];

export class TactrixSearchPosition {
  readonly position: Position;
  private readonly scratch = new Int32Array(MAX_MOVES);
  private readonly tactical = new Int32Array(MAX_MOVES);
  private readonly sortKeys = new Int32Array(MAX_MOVES);
  // Hash of the chips and balances, and its undo stack; the path of repetition keys since the search began.
  private extraLo = 0;
  private extraHi = 0;
  private stackLo = new Int32Array(256);
  private stackHi = new Int32Array(256);
  private path = new Float64Array(256);
  private ply = 0;

  /** `moveLimit`: at most this many moves a position (default `SEARCH_MOVE_LIMIT`, the searcher's room). */
  constructor(
    state: TactrixState,
    private readonly moveLimit = SEARCH_MOVE_LIMIT,
  ) {
    this.position = load(state);
    const p = this.position;
    for (let sq = 0; sq < SQUARES; sq++) {
      if ((p.chips[sq] as number) === 0) continue;
      this.extraLo ^= CHIP_KEYS[2 * sq] as number;
      this.extraHi ^= CHIP_KEYS[2 * sq + 1] as number;
    }
    for (let side = 0; side < 2; side++) {
      this.extraLo ^= balanceLo(side, p.balance[side] as number);
      this.extraHi ^= balanceHi(side, p.balance[side] as number);
    }
    this.path[0] = p.key();
  }

  sideToMove(): Player {
    return this.position.turn;
  }

  /**
   * The legal moves, captures first (most valuable victim, then least valuable mover), then jerks earning the bonus,
   * then the rest in the engine's order (piece moves by square, purchases last). At most `moveLimit`.
   */
  generateMoves(out: Int32Array, offset: number): number {
    const p = this.position;
    const moves = this.scratch;
    const n = p.generate(p.turn, moves);
    const t = this.sortTactical(moves, n);
    const tactical = this.tactical;
    const limit = this.moveLimit;
    let count = 0;
    for (let i = 0; i < t && count < limit; i++) out[offset + count++] = tactical[i] as number;
    if (t === n) return count;
    for (let i = 0; i < n && count < limit; i++) {
      const m = moves[i] as number;
      if (m >= 0) out[offset + count++] = m;
    }
    return count;
  }

  /**
   * Only the moves quiescence follows (captures and jerk bonuses), in the same order as `generateMoves` gives them;
   * 0 when there are none. The searcher's hook for quiescence: it skips ordering the quiet moves there.
   */
  generateTacticalMoves(out: Int32Array, offset: number): number {
    const p = this.position;
    const t = this.sortTactical(this.scratch, p.generate(p.turn, this.scratch));
    const tactical = this.tactical;
    const count = t < this.moveLimit ? t : this.moveLimit;
    for (let i = 0; i < count; i++) out[offset + i] = tactical[i] as number;
    return count;
  }

  /**
   * Moves the tactical moves of `moves[0..n)` into `this.tactical`, insertion-sorted by key (a handful per position),
   * and marks them -1 in `moves`; returns how many.
   */
  private sortTactical(moves: Int32Array, n: number): number {
    const tactical = this.tactical;
    const keys = this.sortKeys;
    let t = 0;
    for (let i = 0; i < n; i++) {
      const m = moves[i] as number;
      const key = this.tacticalKey(m);
      if (key < 0) continue;
      moves[i] = -1;
      let j = t++;
      while (j > 0 && (keys[j - 1] as number) < key) {
        tactical[j] = tactical[j - 1] as number;
        keys[j] = keys[j - 1] as number;
        j--;
      }
      tactical[j] = m;
      keys[j] = key;
    }
    return t;
  }

  /** Ordering key of a tactical move (capture or jerk bonus), or -1 for a quiet move. */
  private tacticalKey(m: number): number {
    const p = this.position;
    const to = m >> 7;
    const from = m & 127;
    const victim = p.board[to] as number;
    const moverType = from >= BUY_BASE ? from - BUY_BASE : Math.abs(p.board[from] as number);
    if (victim !== 0) {
      const v = VICTIM[victim > 0 ? victim : -victim] as number;
      return v * 64 + 32 - (VICTIM[moverType] as number);
    }
    if (moverType === JERK && from < BUY_BASE && (to - (to % FILES)) / FILES === farRank(p.turn)) return 16;
    return -1;
  }

  makeMove(move: number): void {
    const p = this.position;
    const side = p.turn;
    const to = move >> 7;
    const d = this.ply;
    if (d + 1 >= this.stackLo.length) this.grow();
    this.stackLo[d] = this.extraLo;
    this.stackHi[d] = this.extraHi;
    const before = p.balance[side] as number;
    if ((p.chips[to] as number) > 0) {
      this.extraLo ^= CHIP_KEYS[2 * to] as number;
      this.extraHi ^= CHIP_KEYS[2 * to + 1] as number;
    }
    p.make(move);
    const after = p.balance[side] as number;
    if (after !== before) {
      this.extraLo ^= balanceLo(side, before) ^ balanceLo(side, after);
      this.extraHi ^= balanceHi(side, before) ^ balanceHi(side, after);
    }
    this.ply = d + 1;
    this.path[d + 1] = p.key();
  }

  unmakeMove(_move?: number): void {
    this.position.unmake();
    const d = --this.ply;
    this.extraLo = this.stackLo[d] as number;
    this.extraHi = this.stackHi[d] as number;
  }

  hashLo(): number {
    return (this.position.hashLo ^ this.extraLo) | 0;
  }

  hashHi(): number {
    return (this.position.hashHi ^ this.extraHi) | 0;
  }

  /**
   * +1 the side to move has won, -1 lost, 0 drawn, undefined: play on. A captured king decides at once (manual,
   * "King"); threefold repetition and the 100-ply rule draw (docs/rules/tactrix.md "The end") unless the side to move
   * has no move, which loses first (the rules' precedence). A position repeated since the search began is scored a draw
   * as well **(ours)**: the side that could avoid the repetition will, so searching the cycle again proves nothing.
   */
  decided(_ply?: number): -1 | 0 | 1 | undefined {
    const p = this.position;
    const side = p.turn;
    if ((p.king[side] as number) < 0) return -1;
    if ((p.king[1 - side] as number) < 0) return 1;
    if (p.clock >= NO_PROGRESS_LIMIT || p.repetitions() >= 3 || this.repeatedInSearch()) {
      return p.generate(side, this.scratch) === 0 ? -1 : 0;
    }
    return undefined;
  }

  private repeatedInSearch(): boolean {
    const p = this.position;
    const current = this.path[this.ply] as number;
    const oldest = Math.max(0, this.ply - p.clock);
    for (let i = this.ply - 2; i >= oldest; i -= 2) if (this.path[i] === current) return true;
    return false;
  }

  /** Rules file: a player with no legal move and no affordable purchase loses. */
  noMovesResult(): -1 | 0 | 1 {
    return -1;
  }

  evaluate(): number {
    return evaluate(this.position);
  }

  /** Captures (by a piece or by a purchase) and jerks reaching the far row: what quiescence follows. */
  isTactical(move: number): boolean {
    return this.tacticalKey(move) >= 0;
  }

  mustPlayTactical(): boolean {
    return false;
  }

  /** The move's own number (below 12 800) for White, shifted up for Black: fits the AI package's 65 536 slots. */
  historyIndex(move: number): number {
    return this.position.turn === 0 ? move : move + 12_800;
  }

  decode(move: number): TactrixMove {
    return fromEngineMove(move);
  }

  private grow(): void {
    const n = this.stackLo.length * 2;
    const lo = new Int32Array(n);
    const hi = new Int32Array(n);
    const path = new Float64Array(n + 1);
    lo.set(this.stackLo);
    hi.set(this.stackHi);
    path.set(this.path);
    this.stackLo = lo;
    this.stackHi = hi;
    this.path = path;
  }
}
