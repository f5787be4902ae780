/**
 * The draughts searcher: iterative-deepening principal-variation search over `DraughtsSearchPosition`, written for
 * draughts rather than through the game-agnostic `Searcher` because draughts wants things the generic one cannot
 * know:
 *
 * - quiescence follows the compulsory captures only (manual 2.2.2): a position without a capture is scored as it
 *   stands, after a bitboard check that the side to move has a move at all (a blocked side has lost, or won in
 *   give-away) — no quiet move list is built at the leaves;
 * - a position with one legal move (usually a forced capture) is searched without using up depth;
 * - captures are ordered by the number of pieces they take, then the hash move, killers, history;
 * - late quiet moves are reduced more the later and deeper they are;
 * - a two-entry-per-bucket transposition table in one typed array (a depth-preferred entry and an always-replace
 *   entry, one cache line per probe).
 *
 * The search calls the position class directly (one concrete type at every call site), which keeps it fast.
 * Results and limits have the generic searcher's shapes (`SearchLimits`, `SearchResult`). Deterministic: the same
 * position, limits (by depth or nodes) and table state give the same result and node count.
 */
import { KEY_CROWNS, type DraughtsSearchPosition } from '@tactica/draughts';
import type { SearchLimits, SearchResult } from '../../search.js';
import { WIN, WIN_BOUND } from '../../search-position.js';
import { firstAnswer, iterationAnswer } from './deepening.js';
import { DraughtsMoveOrder, MAX_MOVES, resultScore } from './move-order.js';

const ASPIRATION = 40;

const EXACT = 0;
const LOWER = 1;
const UPPER = 2;

/**
 * Transposition table: buckets of two entries of four int32 (check word, (depth + 1) << 2 | bound, score, move); an
 * info word of 0 marks an empty entry, so clearing is one fill.
 */
class Table {
  readonly data: Int32Array;
  private readonly mask: number;
  hitDepth = 0;
  hitBound = 0;
  hitScore = 0;
  hitMove = 0;

  constructor(log2Buckets: number) {
    this.data = new Int32Array((1 << log2Buckets) * 8);
    this.mask = (1 << log2Buckets) - 1;
    this.clear();
  }

  clear(): void {
    this.data.fill(0);
  }

  probe(lo: number, hi: number): boolean {
    const d = this.data;
    let i = (lo & this.mask) << 3;
    if (d[i] !== hi || d[i + 1] === 0) {
      i += 4;
      if (d[i] !== hi || d[i + 1] === 0) return false;
    }
    const info = d[i + 1] as number;
    this.hitDepth = (info >> 2) - 1;
    this.hitBound = info & 3;
    this.hitScore = d[i + 2] as number;
    this.hitMove = d[i + 3] as number;
    return true;
  }

  store(lo: number, hi: number, depth: number, bound: number, score: number, move: number): void {
    const d = this.data;
    const a = (lo & this.mask) << 3;
    const b = a + 4;
    let i: number;
    if (d[a] === hi && d[a + 1] !== 0) i = a;
    else if (d[b] === hi && d[b + 1] !== 0) i = b;
    else if (d[a + 1] === 0 || depth + 1 >= (d[a + 1] as number) >> 2) {
      // The new result is the deepest here: it takes the first entry, whose old content moves to the second.
      d[b] = d[a] as number;
      d[b + 1] = d[a + 1] as number;
      d[b + 2] = d[a + 2] as number;
      d[b + 3] = d[a + 3] as number;
      i = a;
    } else i = b;
    d[i] = hi;
    d[i + 1] = ((depth + 1) << 2) | bound;
    d[i + 2] = score;
    d[i + 3] = move;
  }
}

export interface DraughtsSearcherOptions {
  /** log2 of the table's buckets (two entries each; default 19: 8 MB). */
  readonly ttLog2?: number;
  readonly maxPly?: number;
  /** Reduce late quiet moves (default on). */
  readonly lateMoveReductions?: boolean;
  /** Search a position with a single legal move without using up depth (default off: it did not pay in self-play). */
  readonly forcedMoveExtension?: boolean;
}

export class DraughtsSearcher {
  readonly maxPly: number;
  private readonly tt: Table;
  private readonly mo: DraughtsMoveOrder;
  private readonly moves: Int32Array;
  private readonly order: Int32Array;
  private readonly pvTable: Int32Array;
  private readonly pvLength: Int32Array;
  private readonly reductions: boolean;
  private readonly extendForced: boolean;
  private nodes = 0;
  private stopped = false;
  private limitNodes = Infinity;
  private deadline = Infinity;
  private stopFlag: Int32Array | undefined;
  private now: () => number = () => performance.now();
  /** Deepest ply reached in the last search. */
  selDepth = 0;

  constructor(options: DraughtsSearcherOptions = {}) {
    this.maxPly = options.maxPly ?? 128;
    this.reductions = options.lateMoveReductions ?? true;
    this.extendForced = options.forcedMoveExtension ?? false;
    this.tt = new Table(options.ttLog2 ?? 19);
    this.mo = new DraughtsMoveOrder(this.maxPly);
    // The shared arrays under the names the move loops use.
    this.moves = this.mo.moves;
    this.order = this.mo.order;
    this.pvTable = this.mo.pvTable;
    this.pvLength = this.mo.pvLength;
  }

  /** Forget everything learnt (a new game, or a level that must depend only on the position). */
  reset(): void {
    this.tt.clear();
    this.mo.clear();
  }

  get nodeCount(): number {
    return this.nodes;
  }

  search(pos: DraughtsSearchPosition, limits: SearchLimits = {}): SearchResult {
    this.now = limits.now ?? (() => performance.now());
    const start = this.now();
    this.nodes = 0;
    this.selDepth = 0;
    this.stopped = false;
    this.limitNodes = limits.nodes ?? Infinity;
    this.deadline = limits.timeMs === undefined ? Infinity : start + limits.timeMs;
    this.stopFlag = limits.stop;
    this.mo.age();

    const maxDepth = Math.min(limits.depth ?? this.maxPly - 1, this.maxPly - 1);
    const rootCount = pos.generateMoves(this.moves, 0);
    let best = firstAnswer(pos, rootCount, rootCount > 0 ? this.moves[0] : undefined);
    if (rootCount === 0) return { ...best, stopped: false };

    let score = 0;
    for (let depth = 1; depth <= maxDepth; depth++) {
      let alpha = depth >= 4 ? score - ASPIRATION : -WIN - 1;
      let beta = depth >= 4 ? score + ASPIRATION : WIN + 1;
      let widen = ASPIRATION;
      for (;;) {
        score = this.alphaBeta(pos, depth, alpha, beta, 0);
        if (this.stopped) break;
        if (score <= alpha) {
          widen *= 4;
          alpha = Math.max(-WIN - 1, score - widen);
        } else if (score >= beta) {
          widen *= 4;
          beta = Math.min(WIN + 1, score + widen);
        } else break;
      }
      if (this.stopped) break;
      const pv = Array.from(this.pvTable.subarray(0, this.pvLength[0] as number));
      best = iterationAnswer(depth, score, pv, best, this.nodes, this.now() - start);
      limits.onIteration?.(best);
      // A forced win or loss is already found at its shortest distance.
      if (Math.abs(score) >= WIN_BOUND && depth > WIN - Math.abs(score)) break;
      // Only one legal move: nothing to choose.
      if (rootCount === 1 && depth >= 2) break;
    }
    return { ...best, nodes: this.nodes, timeMs: this.now() - start, stopped: this.stopped };
  }

  /**
   * Every root move with its score at `depth` (a full window each, so the scores are exact): for levels that choose
   * among near-best moves.
   */
  scoreRootMoves(pos: DraughtsSearchPosition, depth: number): { move: number; score: number }[] {
    this.stopped = false;
    this.limitNodes = Infinity;
    this.deadline = Infinity;
    this.stopFlag = undefined;
    this.nodes = 0;
    const n = pos.generateMoves(this.moves, 0);
    const root = Array.from(this.moves.subarray(0, n));
    return root.map((move) => {
      pos.makeMove(move);
      const score =
        depth <= 1 ? -this.quiesce(pos, -WIN - 1, WIN + 1, 1) : -this.alphaBeta(pos, depth - 1, -WIN - 1, WIN + 1, 1);
      pos.unmakeMove(move);
      return { move, score };
    });
  }

  private checkLimits(): void {
    if (this.nodes >= this.limitNodes) this.stopped = true;
    else if ((this.nodes & 1023) === 0) {
      if (this.now() >= this.deadline) this.stopped = true;
      else if (this.stopFlag && Atomics.load(this.stopFlag, 0) !== 0) this.stopped = true;
    }
  }

  private alphaBeta(pos: DraughtsSearchPosition, depth: number, alpha: number, beta: number, ply: number): number {
    this.pvLength[ply] = ply;
    if (ply > 0) {
      const decided = pos.decided(ply);
      if (decided !== undefined) return resultScore(decided, ply);
      // Mate-distance pruning: nothing here can beat a win already found nearer the root.
      if (alpha < -WIN + ply) alpha = -WIN + ply;
      if (beta > WIN - ply - 1) beta = WIN - ply - 1;
      if (alpha >= beta) return alpha;
    }
    if (depth <= 0 || ply >= this.maxPly) return this.quiesce(pos, alpha, beta, ply);

    this.nodes++;
    this.checkLimits();
    if (this.stopped) return 0;
    if (ply > this.selDepth) this.selDepth = ply;

    const isPv = beta - alpha > 1;
    const lo = pos.hashLo();
    const hi = pos.hashHi();
    let hashMove = 0;
    const tt = this.tt;
    if (tt.probe(lo, hi)) {
      hashMove = tt.hitMove;
      if (!isPv && tt.hitDepth >= depth && ply > 0) {
        const s = fromTable(tt.hitScore, ply);
        const bound = tt.hitBound;
        if (bound === EXACT || (bound === LOWER && s >= beta) || (bound === UPPER && s <= alpha)) return s;
      }
    }

    const base = ply * MAX_MOVES;
    const n = pos.generateMoves(this.moves, base);
    if (n === 0) return resultScore(pos.noMovesResult(), ply);
    const captures = pos.isTactical(this.moves[base] as number);
    this.mo.scoreMoves(pos, base, n, hashMove, ply, captures);
    // A forced move costs no depth: the line it starts is the same line, one ply longer.
    const next = n === 1 && this.extendForced ? depth : depth - 1;

    const alphaIn = alpha;
    let bestScore = -WIN - 1;
    let bestMove = this.moves[base] as number;
    for (let i = 0; i < n; i++) {
      const move = this.mo.pickNext(base, i, n);
      pos.makeMove(move);
      let score: number;
      if (i === 0) {
        score = -this.alphaBeta(pos, next, -beta, -alpha, ply + 1);
      } else {
        // Late quiet moves are searched shallower first; anything that surprises is searched again in full.
        let reduce = 0;
        if (this.reductions && !captures && depth >= 3 && i >= 3 && (move & KEY_CROWNS) === 0) {
          reduce = i >= 8 && depth >= 6 ? 2 : 1;
          if (isPv) reduce--;
        }
        score = -this.alphaBeta(pos, next - reduce, -alpha - 1, -alpha, ply + 1);
        if (score > alpha && reduce > 0) score = -this.alphaBeta(pos, next, -alpha - 1, -alpha, ply + 1);
        if (score > alpha && score < beta) score = -this.alphaBeta(pos, next, -beta, -alpha, ply + 1);
      }
      pos.unmakeMove(move);
      if (this.stopped) return 0;
      if (score > bestScore) {
        bestScore = score;
        bestMove = move;
        if (score > alpha) {
          alpha = score;
          this.mo.updatePv(ply, move);
          if (score >= beta) {
            if (!captures) this.mo.rememberCutoff(pos, move, depth, ply, base, i);
            break;
          }
        }
      }
    }
    const bound = bestScore >= beta ? LOWER : bestScore > alphaIn ? EXACT : UPPER;
    tt.store(lo, hi, depth, bound, toTable(bestScore, ply), bestMove);
    return bestScore;
  }

  /** Captures until none is left (they are compulsory, so no standing pat while one exists). */
  private quiesce(pos: DraughtsSearchPosition, alpha: number, beta: number, ply: number): number {
    this.pvLength[ply] = ply;
    this.nodes++;
    this.checkLimits();
    if (this.stopped) return 0;
    if (ply > this.selDepth) this.selDepth = ply;
    if (ply > 0) {
      const decided = pos.decided(ply);
      if (decided !== undefined) return resultScore(decided, ply);
    }
    const status = pos.status();
    if (status < 0) return resultScore(pos.noMovesResult(), ply);
    if (status === 0 || ply >= this.maxPly) return pos.evaluate();
    const base = ply * MAX_MOVES;
    const n = pos.generateCaptures(this.moves, base);
    if (n > 1) this.mo.scoreMoves(pos, base, n, 0, ply, true);
    let bestScore = -WIN - 1;
    for (let i = 0; i < n; i++) {
      const move = n > 1 ? this.mo.pickNext(base, i, n) : (this.moves[base] as number);
      pos.makeMove(move);
      const score = -this.quiesce(pos, -beta, -alpha, ply + 1);
      pos.unmakeMove(move);
      if (this.stopped) return 0;
      if (score > bestScore) {
        bestScore = score;
        if (score > alpha) {
          alpha = score;
          this.mo.updatePv(ply, move);
          if (score >= beta) break;
        }
      }
    }
    return bestScore;
  }
}

/** Win scores are stored relative to the node, so a table hit at another ply keeps the right distance. */
function toTable(score: number, ply: number): number {
  return score >= WIN_BOUND ? score + ply : score <= -WIN_BOUND ? score - ply : score;
}

function fromTable(score: number, ply: number): number {
  return score >= WIN_BOUND ? score - ply : score <= -WIN_BOUND ? score + ply : score;
}
