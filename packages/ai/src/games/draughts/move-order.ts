/**
 * Move ordering and the principal variation, shared by the two draughts searchers (the manual levels'
 * `DraughtsSearcher` and the top level's `DraughtsDeepSearcher`), so that both order moves the same way and a fix
 * reaches both: each ply's move list and its order keys, two killers a ply, a history table with a depth² bonus for
 * the move that cut and a malus for the quiet moves tried before it, and the triangular PV table. Everything lives
 * in typed arrays allocated once; nothing is allocated per node.
 */
import { keyCaptures, KEY_CROWNS, KEY_IDENTITY, type DraughtsSearchPosition } from '@tactica/draughts';
import { WIN } from '../../search-position.js';

/** Room for one ply's moves (International kings' captures can run long). */
export const MAX_MOVES = 512;
/** History entries (`DraughtsSearchPosition.historyIndex` stays below this). */
const HISTORY = 1 << 13;

/** Order keys: the table's move first, then crowning moves, then the killers, then history. */
const HASH_KEY = 1 << 30;
const CROWN_KEY = 1 << 29;
const KILLER_KEY = 1 << 28;

export class DraughtsMoveOrder {
  /** Ply p's moves start at `p * MAX_MOVES`. */
  readonly moves: Int32Array;
  /** The order key of each move in `moves`, kept in step by `pickNext`. */
  readonly order: Int32Array;
  readonly killers: Int32Array;
  readonly history: Int32Array;
  readonly pvTable: Int32Array;
  readonly pvLength: Int32Array;
  private readonly width: number;

  constructor(maxPly: number) {
    this.width = maxPly + 2;
    this.moves = new Int32Array(this.width * MAX_MOVES);
    this.order = new Int32Array(this.width * MAX_MOVES);
    this.killers = new Int32Array(this.width * 2);
    this.history = new Int32Array(HISTORY);
    this.pvTable = new Int32Array(this.width * this.width);
    this.pvLength = new Int32Array(this.width);
  }

  /** A new game: nothing learnt is kept. */
  clear(): void {
    this.history.fill(0);
    this.killers.fill(0);
  }

  /** A new search of the same game: killers go, history fades (a quarter is kept). */
  age(): void {
    this.killers.fill(0);
    const history = this.history;
    for (let i = 0; i < HISTORY; i++) history[i] = (history[i] as number) >> 2;
  }

  /** True when `key` sorts among the moves searched before the quiet rest (the table's move or a crowning move). */
  static isEarly(key: number): boolean {
    return key >= CROWN_KEY;
  }

  /**
   * Order keys for the `n` moves at `base`: captures by pieces taken (then crowning), quiet moves as above. The best
   * move is brought to the front as `pickNext(base, 0, n)` would (most nodes search one move: one pass, not two)
   * **(ours)**.
   */
  scoreMoves(
    pos: DraughtsSearchPosition,
    base: number,
    n: number,
    hashMove: number,
    ply: number,
    captures: boolean,
  ): void {
    const moves = this.moves;
    const order = this.order;
    let bestJ = base;
    let bestS = -1;
    if (captures) {
      for (let j = base; j < base + n; j++) {
        const m = moves[j] as number;
        const s = m === hashMove ? HASH_KEY : (keyCaptures(m) << 8) + ((m & KEY_CROWNS) !== 0 ? 1 : 0);
        order[j] = s;
        if (s > bestS) {
          bestS = s;
          bestJ = j;
        }
      }
    } else {
      const k1 = this.killers[ply * 2];
      const k2 = this.killers[ply * 2 + 1];
      const history = this.history;
      // `historyIndex` is the side to move's table with the move's squares.
      const side = pos.historyIndex(0);
      for (let j = base; j < base + n; j++) {
        const m = moves[j] as number;
        let s: number;
        if (m === hashMove) s = HASH_KEY;
        else if ((m & KEY_CROWNS) !== 0) s = CROWN_KEY;
        else if ((m & KEY_IDENTITY) === k1) s = KILLER_KEY;
        else if ((m & KEY_IDENTITY) === k2) s = KILLER_KEY - 1;
        else s = history[side | (m & 0xfff)] as number;
        order[j] = s;
        if (s > bestS) {
          bestS = s;
          bestJ = j;
        }
      }
    }
    if (bestJ !== base) {
      const m = moves[base] as number;
      moves[base] = moves[bestJ] as number;
      moves[bestJ] = m;
      order[bestJ] = order[base] as number;
      order[base] = bestS;
    }
  }

  /** Selection sort step: brings the best remaining move to position i (few moves are searched at most nodes). */
  pickNext(base: number, i: number, n: number): number {
    const order = this.order;
    const moves = this.moves;
    let bestJ = i;
    let bestS = order[base + i] as number;
    for (let j = i + 1; j < n; j++) {
      const s = order[base + j] as number;
      if (s > bestS) {
        bestS = s;
        bestJ = j;
      }
    }
    if (bestJ !== i) {
      const m = moves[base + i] as number;
      moves[base + i] = moves[base + bestJ] as number;
      moves[base + bestJ] = m;
      order[base + bestJ] = order[base + i] as number;
      order[base + i] = bestS;
    }
    return moves[base + i] as number;
  }

  /** A quiet move cut at `ply`: it becomes a killer and gains history; the `tried` moves before it lose some. */
  rememberCutoff(
    pos: DraughtsSearchPosition,
    move: number,
    depth: number,
    ply: number,
    base: number,
    tried: number,
  ): void {
    const id = move & KEY_IDENTITY;
    const killers = this.killers;
    if (killers[ply * 2] !== id) {
      killers[ply * 2 + 1] = killers[ply * 2] as number;
      killers[ply * 2] = id;
    }
    const history = this.history;
    const bonus = depth * depth;
    const h = pos.historyIndex(move);
    history[h] = Math.min((history[h] as number) + bonus, 1 << 24);
    for (let j = 0; j < tried; j++) {
      const k = pos.historyIndex(this.moves[base + j] as number);
      history[k] = Math.max((history[k] as number) - (bonus >> 1), 0);
    }
  }

  /** `move` is the best at `ply` so far: the PV from here is it and the child's PV. */
  updatePv(ply: number, move: number): void {
    const width = this.width;
    const pvTable = this.pvTable;
    const row = ply * width;
    const next = (ply + 1) * width;
    pvTable[row + ply] = move;
    const len = this.pvLength[ply + 1] as number;
    for (let j = ply + 1; j < len; j++) pvTable[row + j] = pvTable[next + j] as number;
    this.pvLength[ply] = len > ply + 1 ? len : ply + 1;
  }

  /** The root's PV of the last completed search. */
  rootPv(): number[] {
    return Array.from(this.pvTable.subarray(0, this.pvLength[0] as number));
  }
}

/** A finished game's score from the side to move's view, nearer wins scoring higher. */
export function resultScore(result: -1 | 0 | 1, ply: number): number {
  return result === 0 ? 0 : result > 0 ? WIN - ply : -WIN + ply;
}
