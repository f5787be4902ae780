/**
 * The engine's make/unmake board seen the way a game-tree search wants it: integer moves (the engine's own packing,
 * `from | to << 6`, never 0), the engine's incremental Zobrist key, the result when the game is decided, a static
 * evaluation and move-ordering hints. It has the method names of the AI package's `SearchPosition` (structurally
 * typed: this package does not import the AI package, whose layer sits above the games).
 *
 *   const sp = new TacticsSearchPosition(tactics.initial());
 *   const n = sp.generateMoves(buffer, 0);    // flipping moves first, the biggest flip first
 *   sp.makeMove(buffer[0]); sp.evaluate(); sp.unmakeMove(buffer[0]);
 *
 * Nothing is allocated per node: the engine's buffers are reserved for `MAX_SEARCH_PLY` plies at construction.
 */
import type { Outcome, Player } from '@tactica/core';
import { EMPTY, SQUARES } from './board.js';
import { MAX_MOVES, QUIET_PLY_LIMIT, TacticsEngine, packMove } from './engine.js';
import { evaluateCells, flipValue, WEIGHTS } from './evaluate.js';
import { seenKeys, seenOf, type TacticsMove, type TacticsState } from './state.js';

/** Plies a search may go below its root (the AI package's searcher stops at 128). */
export const MAX_SEARCH_PLY = 256;

/** Counts pieces rather than weighing them. */
const ONE_EACH: readonly number[] = [0, 1, 1, 1];

export interface SearchPositionOptions {
  /**
   * Score a position that repeats one met earlier in the search (same board, same player to move) as a draw,
   * without waiting for the third occurrence **(ours)**: the side that could avoid the cycle will, so searching it
   * again proves nothing. Default true; false keeps `decided` exactly the rules (threefold repetition).
   */
  readonly searchRepetitionDraws?: boolean;
}

export class TacticsSearchPosition {
  readonly engine = new TacticsEngine();
  private readonly ended: Outcome | undefined;
  private readonly searchRepetitionDraws: boolean;
  /** Keys of the positions since the search began, the root first. */
  private readonly pathLo = new Int32Array(MAX_SEARCH_PLY + 1);
  private readonly pathHi = new Int32Array(MAX_SEARCH_PLY + 1);
  private ply = 0;
  /** Keys of positions seen at least twice before the root: a third time is a draw. */
  private readonly twiceLo: Int32Array;
  private readonly twiceHi: Int32Array;
  // What each landing square flips for the side to move, per ply, as found by the last `generateMoves` there (valid
  // while the position's key is the one recorded with it): `isTactical` reads it instead of scanning again.
  private readonly gainOf = new Int32Array((MAX_SEARCH_PLY + 1) * SQUARES);
  private readonly gainStamp = new Int32Array((MAX_SEARCH_PLY + 1) * SQUARES);
  private readonly genStamp = new Int32Array(MAX_SEARCH_PLY + 1);
  private readonly genLo = new Int32Array(MAX_SEARCH_PLY + 1);
  private readonly genHi = new Int32Array(MAX_SEARCH_PLY + 1);
  private stamp = 0;
  private readonly tactical = new Int32Array(MAX_MOVES);
  private readonly keys = new Int32Array(MAX_MOVES);

  constructor(state: TacticsState, options: SearchPositionOptions = {}) {
    this.searchRepetitionDraws = options.searchRepetitionDraws ?? true;
    this.ended = state.ended;
    // The keys of positions that occurred twice before the root (repetition is judged on the whole game).
    const counts = new Map<string, number>();
    const keys = seenKeys(state.seen);
    for (let i = 0; i < keys.length - 1; i++) {
      const k = keys[i] as string;
      counts.set(k, (counts.get(k) ?? 0) + 1);
    }
    const twice = [...counts].filter(([, n]) => n >= 2).map(([k]) => k);
    this.twiceLo = new Int32Array(twice.length);
    this.twiceHi = new Int32Array(twice.length);
    twice.forEach((k, i) => {
      this.engine.load(
        { board: k.slice(0, SQUARES), turn: k[SQUARES] === 'b' ? 1 : 0, quiet: 0, seen: seenOf(k) },
        false,
      );
      this.twiceLo[i] = this.engine.keyLo | 0;
      this.twiceHi[i] = this.engine.keyHi | 0;
    });
    this.engine.load(state, true);
    this.engine.reserve(MAX_SEARCH_PLY + 1);
    this.pathLo[0] = this.engine.keyLo | 0;
    this.pathHi[0] = this.engine.keyHi | 0;
  }

  sideToMove(): Player {
    return this.engine.turn;
  }

  /** How far below the root the position is. */
  get depth(): number {
    return this.ply;
  }

  /**
   * The legal moves: those that flip first, the most valuable flip first (ties in the engine's order), then the
   * others in the engine's order (by square, a1 first).
   */
  generateMoves(out: Int32Array, offset: number): number {
    const e = this.engine;
    if (this.ended) return 0;
    const n = e.generate(0);
    const moves = e.moves;
    const cells = e.cells;
    const colour = e.turn;
    const stamp = (this.stamp = (this.stamp + 1) | 0);
    const at = this.ply * SQUARES;
    this.genStamp[this.ply] = stamp;
    this.genLo[this.ply] = e.keyLo | 0;
    this.genHi[this.ply] = e.keyHi | 0;
    const tactical = this.tactical;
    const keys = this.keys;
    let t = 0;
    let q = offset + n;
    // Quiet moves are written from the end backwards, then reversed into place.
    for (let i = 0; i < n; i++) {
      const m = moves[i] as number;
      const to = m >> 6;
      let gain: number;
      if (this.gainStamp[at + to] === stamp) gain = this.gainOf[at + to] as number;
      else {
        gain = flipValue(cells, to, colour);
        this.gainOf[at + to] = gain;
        this.gainStamp[at + to] = stamp;
      }
      if (gain === 0) {
        out[--q] = m;
        continue;
      }
      let j = t++;
      while (j > 0 && (keys[j - 1] as number) < gain) {
        tactical[j] = tactical[j - 1] as number;
        keys[j] = keys[j - 1] as number;
        j--;
      }
      tactical[j] = m;
      keys[j] = gain;
    }
    for (let i = 0; i < t; i++) out[offset + i] = tactical[i] as number;
    // Reverse the quiet moves (written backwards from offset + n - 1 down to offset + t) into the engine's order.
    for (let a = offset + t, b = offset + n - 1; a < b; a++, b--) {
      const x = out[a] as number;
      out[a] = out[b] as number;
      out[b] = x;
    }
    return n;
  }

  makeMove(move: number): void {
    const e = this.engine;
    if (this.ply >= MAX_SEARCH_PLY) throw new Error(`a Tactics search went deeper than ${MAX_SEARCH_PLY} plies`);
    e.make(move);
    this.ply++;
    this.pathLo[this.ply] = e.keyLo | 0;
    this.pathHi[this.ply] = e.keyHi | 0;
  }

  /** Undoes the last `makeMove` (the engine keeps what it needs; `move` is for the interface). */
  unmakeMove(_move?: number): void {
    this.engine.unmake();
    this.ply--;
  }

  hashLo(): number {
    return this.engine.keyLo | 0;
  }

  hashHi(): number {
    return this.engine.keyHi | 0;
  }

  /**
   * +1 the side to move has won, -1 lost, 0 drawn, undefined: play on. The rules' order: a player with no legal
   * move loses (manual, "The game is over when a player cannot move"), before the draws (ours): threefold
   * repetition and 100 plies without a flip; and, in a search, a repetition of a position met earlier in it.
   */
  decided(_ply?: number): -1 | 0 | 1 | undefined {
    const e = this.engine;
    if (this.ended) {
      if (this.ended.kind === 'draw') return 0;
      return this.ended.winner === e.turn ? 1 : -1;
    }
    if (!e.hasMove()) return -1;
    if (e.quiet >= QUIET_PLY_LIMIT) return 0;
    if (!this.searchRepetitionDraws) return e.repetitions() >= 3 ? 0 : undefined;
    const lo = this.pathLo[this.ply] as number;
    const hi = this.pathHi[this.ply] as number;
    for (let i = this.ply - 2; i >= 0; i -= 2) {
      if (this.pathLo[i] === lo && this.pathHi[i] === hi) return 0;
    }
    for (let i = 0; i < this.twiceLo.length; i++) {
      if (this.twiceLo[i] === lo && this.twiceHi[i] === hi) return 0;
    }
    return undefined;
  }

  /** Manual: a player who cannot move has lost. */
  noMovesResult(): -1 | 0 | 1 {
    return -1;
  }

  evaluate(): number {
    return evaluateCells(this.engine.cells, this.engine.turn);
  }

  /** Moves that flip a piece (freeze an enemy one or free one of the mover's): what quiescence follows. */
  isTactical(move: number): boolean {
    const e = this.engine;
    const ply = this.ply;
    const at = ply * SQUARES + (move >> 6);
    if (
      this.gainStamp[at] === this.genStamp[ply] &&
      this.genLo[ply] === (e.keyLo | 0) &&
      this.genHi[ply] === (e.keyHi | 0) &&
      this.genStamp[ply] !== 0
    ) {
      return (this.gainOf[at] as number) > 0;
    }
    return flipValue(e.cells, move >> 6, e.turn, ONE_EACH) > 0;
  }

  /** The weighted value of what `move` flips, without playing it. */
  flipGain(move: number): number {
    return flipValue(this.engine.cells, move >> 6, this.engine.turn, WEIGHTS.piece);
  }

  mustPlayTactical(): boolean {
    return false;
  }

  /** The move's own 12 bits, White's below 4096 and Black's above. */
  historyIndex(move: number): number {
    return move | (this.engine.turn << 12);
  }

  decode(move: number): TacticsMove {
    return { from: move & 63, to: move >> 6 };
  }

  encode(m: TacticsMove): number {
    return packMove(m.from, m.to);
  }

  /** The cell code on a square (for tests and tools). */
  cell(sq: number): number {
    return this.engine.cells[sq] ?? EMPTY;
  }
}
