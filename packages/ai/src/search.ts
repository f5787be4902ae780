import { BOUND_EXACT, BOUND_LOWER, BOUND_UPPER, TranspositionTable } from './transposition-table.js';
import { HISTORY_SIZE, WIN, WIN_BOUND, type SearchPosition } from './search-position.js';

export interface SearchLimits {
  /** Deepest iteration (plies). */
  readonly depth?: number;
  /** Stop after about this many nodes. */
  readonly nodes?: number;
  /** Stop after about this many milliseconds. */
  readonly timeMs?: number;
  /** A shared flag: the search stops soon after `stop[0]` becomes non-zero (set it from another thread). */
  readonly stop?: Int32Array;
  /** Clock in milliseconds (tests inject one). */
  readonly now?: () => number;
  /** Called after each completed iteration. */
  readonly onIteration?: (info: SearchInfo) => void;
}

export interface SearchInfo {
  /** Depth of the last completed iteration. */
  readonly depth: number;
  /** Score for the side to move at the root. */
  readonly score: number;
  /** The best move found, or undefined when the root has no legal move. */
  readonly bestMove: number | undefined;
  /** Principal variation starting with the best move. */
  readonly pv: readonly number[];
  readonly nodes: number;
  readonly timeMs: number;
}

export interface SearchResult extends SearchInfo {
  /** True when a node or time budget, or the stop flag, ended the search. */
  readonly stopped: boolean;
}

const MAX_MOVES = 512;

export interface SearcherOptions {
  /** log2 of the transposition table's entries (default 20). */
  readonly ttLog2?: number;
  readonly maxPly?: number;
  /** Late quiet moves searched a ply shallower first (default true). */
  readonly lateMoveReductions?: boolean;
  /**
   * When a node or time budget cuts an iteration short, play the best root move that iteration had already proved
   * (one that beat every root move searched before it, the previous best first) instead of the last completed
   * iteration's (default false). More nodes then always buy more: a level's node cap need not cover a whole ply.
   */
  readonly keepPartialIteration?: boolean;
}
const ASPIRATION = 60;

/**
 * Iterative-deepening principal-variation search with a transposition table, move ordering (hash move, tactical
 * moves, killers, history), late-move reductions, quiescence on tactical moves, and aspiration windows.
 * One Searcher holds its tables between searches (reuse it for a game); it is single-threaded: run one per worker.
 * Deterministic: the same position, limits (by depth or nodes) and table state give the same result.
 */
export class Searcher {
  readonly maxPly: number;
  private readonly tt: TranspositionTable;
  private readonly moves: Int32Array;
  private readonly order: Int32Array;
  private readonly killers: Int32Array;
  private readonly history: Int32Array;
  private readonly pvTable: Int32Array;
  private readonly pvLength: Int32Array;
  private nodes = 0;
  private stopped = false;
  private limitNodes = Infinity;
  private deadline = Infinity;
  private stopFlag: Int32Array | undefined;
  private now: () => number = () => performance.now();
  private readonly reductions: boolean;
  private readonly keepPartial: boolean;
  /** The root move the current iteration has proved best so far, with its score and line (keepPartialIteration). */
  private partialMove = 0;
  private partialScore = 0;
  private partialPv: number[] = [];

  constructor(options: SearcherOptions = {}) {
    this.maxPly = options.maxPly ?? 128;
    this.reductions = options.lateMoveReductions ?? true;
    this.keepPartial = options.keepPartialIteration ?? false;
    this.tt = new TranspositionTable(options.ttLog2 ?? 20);
    this.moves = new Int32Array((this.maxPly + 1) * MAX_MOVES);
    this.order = new Int32Array((this.maxPly + 1) * MAX_MOVES);
    this.killers = new Int32Array((this.maxPly + 1) * 2);
    this.history = new Int32Array(HISTORY_SIZE);
    this.pvTable = new Int32Array((this.maxPly + 1) * (this.maxPly + 1));
    this.pvLength = new Int32Array(this.maxPly + 1);
  }

  /** Forget everything learnt (a new game). */
  reset(): void {
    this.tt.clear();
    this.history.fill(0);
    this.killers.fill(0);
  }

  search(pos: SearchPosition, limits: SearchLimits = {}): SearchResult {
    this.now = limits.now ?? (() => performance.now());
    const start = this.now();
    this.nodes = 0;
    this.stopped = false;
    this.limitNodes = limits.nodes ?? Infinity;
    this.deadline = limits.timeMs === undefined ? Infinity : start + limits.timeMs;
    this.stopFlag = limits.stop;
    this.killers.fill(0);
    for (let i = 0; i < HISTORY_SIZE; i++) this.history[i] = (this.history[i] as number) >> 3;

    const maxDepth = Math.min(limits.depth ?? this.maxPly - 1, this.maxPly - 1);
    const rootCount = pos.generateMoves(this.moves, 0);
    let best: SearchInfo = {
      depth: 0,
      score: rootCount === 0 ? resultScore(pos.noMovesResult(), 0) : 0,
      bestMove: rootCount > 0 ? (this.moves[0] as number) : undefined,
      pv: rootCount > 0 ? [this.moves[0] as number] : [],
      nodes: 0,
      timeMs: 0,
    };
    if (rootCount === 0) return { ...best, stopped: false };

    let score = 0;
    for (let depth = 1; depth <= maxDepth; depth++) {
      let alpha = depth >= 4 ? score - ASPIRATION : -WIN - 1;
      let beta = depth >= 4 ? score + ASPIRATION : WIN + 1;
      let widen = ASPIRATION;
      this.partialMove = 0;
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
      if (this.stopped) {
        // The previous best is searched first: a move recorded here beat it at this depth.
        if (this.keepPartial && this.partialMove !== 0 && this.partialMove !== best.bestMove) {
          best = {
            depth: depth - 1,
            score: this.partialScore,
            bestMove: this.partialMove,
            pv: this.partialPv,
            nodes: this.nodes,
            timeMs: this.now() - start,
          };
        }
        break;
      }
      const pvLen = this.pvLength[0] as number;
      const pv = Array.from(this.pvTable.subarray(0, pvLen));
      best = {
        depth,
        score: score + 0 /* no -0 */,
        bestMove: pv[0] ?? best.bestMove,
        pv,
        nodes: this.nodes,
        timeMs: this.now() - start,
      };
      limits.onIteration?.(best);
      // A forced win or loss is already found at its shortest distance.
      if (Math.abs(score) >= WIN_BOUND && depth > WIN - Math.abs(score)) break;
    }
    return { ...best, nodes: this.nodes, timeMs: this.now() - start, stopped: this.stopped };
  }

  /** Every root move with its exact score at `depth` (full window each): for levels that choose among near-best. */
  scoreRootMoves(pos: SearchPosition, depth: number): { move: number; score: number }[] {
    this.stopped = false;
    this.limitNodes = Infinity;
    this.deadline = Infinity;
    this.stopFlag = undefined;
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

  get nodeCount(): number {
    return this.nodes;
  }

  private checkLimits(): void {
    if (this.nodes >= this.limitNodes) this.stopped = true;
    else if ((this.nodes & 1023) === 0) {
      if (this.now() >= this.deadline) this.stopped = true;
      else if (this.stopFlag && Atomics.load(this.stopFlag, 0) !== 0) this.stopped = true;
    }
  }

  private alphaBeta(pos: SearchPosition, depth: number, alpha: number, beta: number, ply: number): number {
    this.pvLength[ply] = ply;
    if (ply > 0) {
      const decided = pos.decided(ply);
      if (decided !== undefined) return resultScore(decided, ply);
      // Mate-distance pruning: no result here can beat a win already found nearer the root.
      alpha = Math.max(alpha, -WIN + ply);
      beta = Math.min(beta, WIN - ply - 1);
      if (alpha >= beta) return alpha;
    }
    if (depth <= 0 || ply >= this.maxPly) return this.quiesce(pos, alpha, beta, ply);

    this.nodes++;
    this.checkLimits();
    if (this.stopped) return 0;

    const isPv = beta - alpha > 1;
    const lo = pos.hashLo();
    const hi = pos.hashHi();
    let hashMove = 0;
    if (this.tt.probe(lo, hi)) {
      hashMove = this.tt.hitMove;
      if (!isPv && this.tt.hitDepth >= depth && ply > 0) {
        const s = fromTable(this.tt.hitScore, ply);
        const bound = this.tt.hitBound;
        if (bound === BOUND_EXACT || (bound === BOUND_LOWER && s >= beta) || (bound === BOUND_UPPER && s <= alpha)) {
          return s;
        }
      }
    }

    const base = ply * MAX_MOVES;
    const n = pos.generateMoves(this.moves, base);
    if (n === 0) return resultScore(pos.noMovesResult(), ply);
    this.scoreMoves(pos, base, n, hashMove, ply);

    const alphaIn = alpha;
    let bestScore = -WIN - 1;
    let bestMove = this.moves[base] as number;
    for (let i = 0; i < n; i++) {
      const move = this.pickNext(base, i, n);
      const tactical = pos.isTactical(move);
      pos.makeMove(move);
      let score: number;
      if (i === 0) {
        score = -this.alphaBeta(pos, depth - 1, -beta, -alpha, ply + 1);
      } else {
        // Late quiet moves are searched shallower first; anything that surprises is searched again in full.
        const reduce = this.reductions && depth >= 3 && i >= 4 && !tactical && !isPv ? 1 : 0;
        score = -this.alphaBeta(pos, depth - 1 - reduce, -alpha - 1, -alpha, ply + 1);
        if (score > alpha && reduce > 0) score = -this.alphaBeta(pos, depth - 1, -alpha - 1, -alpha, ply + 1);
        if (score > alpha && score < beta) score = -this.alphaBeta(pos, depth - 1, -beta, -alpha, ply + 1);
      }
      pos.unmakeMove(move);
      if (this.stopped) return 0;
      if (score > bestScore) {
        bestScore = score;
        bestMove = move;
        if (score > alpha) {
          alpha = score;
          this.updatePv(ply, move);
          if (ply === 0 && this.keepPartial && i > 0) {
            this.partialMove = move;
            this.partialScore = score;
            this.partialPv = Array.from(this.pvTable.subarray(0, this.pvLength[0] as number));
          }
          if (score >= beta) {
            if (!tactical) this.rememberCutoff(pos, move, depth, ply);
            break;
          }
        }
      }
    }
    const bound = bestScore >= beta ? BOUND_LOWER : bestScore > alphaIn ? BOUND_EXACT : BOUND_UPPER;
    this.tt.store(lo, hi, depth, bound, toTable(bestScore, ply), bestMove);
    return bestScore;
  }

  private quiesce(pos: SearchPosition, alpha: number, beta: number, ply: number): number {
    this.pvLength[ply] = ply;
    this.nodes++;
    this.checkLimits();
    if (this.stopped) return 0;
    if (ply > 0) {
      const decided = pos.decided(ply);
      if (decided !== undefined) return resultScore(decided, ply);
    }
    const forced = pos.mustPlayTactical();
    if (ply >= this.maxPly) return pos.evaluate();
    let bestScore = -WIN - 1;
    if (!forced) {
      const stand = pos.evaluate();
      if (stand >= beta) return stand;
      if (stand > alpha) alpha = stand;
      bestScore = stand;
    }
    const base = ply * MAX_MOVES;
    let n: number;
    if (!forced && pos.generateTacticalMoves) {
      n = pos.generateTacticalMoves(this.moves, base);
      if (n === 0) return bestScore;
    } else {
      n = pos.generateMoves(this.moves, base);
      if (n === 0) return resultScore(pos.noMovesResult(), ply);
    }
    this.scoreMoves(pos, base, n, 0, ply);
    for (let i = 0; i < n; i++) {
      const move = this.pickNext(base, i, n);
      if (!forced && !pos.isTactical(move)) continue;
      pos.makeMove(move);
      const score = -this.quiesce(pos, -beta, -alpha, ply + 1);
      pos.unmakeMove(move);
      if (this.stopped) return 0;
      if (score > bestScore) {
        bestScore = score;
        if (score > alpha) {
          alpha = score;
          this.updatePv(ply, move);
          if (score >= beta) break;
        }
      }
    }
    return bestScore;
  }

  private scoreMoves(pos: SearchPosition, base: number, n: number, hashMove: number, ply: number): void {
    const k1 = this.killers[ply * 2];
    const k2 = this.killers[ply * 2 + 1];
    for (let i = 0; i < n; i++) {
      const m = this.moves[base + i] as number;
      let s: number;
      if (m === hashMove && hashMove !== 0) s = 1 << 30;
      else if (pos.isTactical(m)) s = 1 << 28;
      else if (m === k1) s = 1 << 27;
      else if (m === k2) s = (1 << 27) - 1;
      else s = this.history[pos.historyIndex(m)] as number;
      this.order[base + i] = s;
    }
  }

  /** Selection sort step: brings the best remaining move to position i. */
  private pickNext(base: number, i: number, n: number): number {
    let bestJ = i;
    let bestS = this.order[base + i] as number;
    for (let j = i + 1; j < n; j++) {
      const s = this.order[base + j] as number;
      if (s > bestS) {
        bestS = s;
        bestJ = j;
      }
    }
    if (bestJ !== i) {
      const m = this.moves[base + i] as number;
      this.moves[base + i] = this.moves[base + bestJ] as number;
      this.moves[base + bestJ] = m;
      this.order[base + bestJ] = this.order[base + i] as number;
      this.order[base + i] = bestS;
    }
    return this.moves[base + i] as number;
  }

  private rememberCutoff(pos: SearchPosition, move: number, depth: number, ply: number): void {
    if (this.killers[ply * 2] !== move) {
      this.killers[ply * 2 + 1] = this.killers[ply * 2] as number;
      this.killers[ply * 2] = move;
    }
    const h = pos.historyIndex(move);
    this.history[h] = Math.min((this.history[h] as number) + depth * depth, 1 << 26);
  }

  private updatePv(ply: number, move: number): void {
    const row = ply * (this.maxPly + 1);
    const next = (ply + 1) * (this.maxPly + 1);
    this.pvTable[row + ply] = move;
    const len = this.pvLength[ply + 1] as number;
    for (let j = ply + 1; j < len; j++) this.pvTable[row + j] = this.pvTable[next + j] as number;
    this.pvLength[ply] = Math.max(len, ply + 1);
    // The root's PV lives at row 0 starting at index 0.
  }
}

function resultScore(result: -1 | 0 | 1, ply: number): number {
  return result === 0 ? 0 : result > 0 ? WIN - ply : -WIN + ply;
}

/** Win scores are stored relative to the node, so a table hit at another ply keeps the right distance. */
function toTable(score: number, ply: number): number {
  return score >= WIN_BOUND ? score + ply : score <= -WIN_BOUND ? score - ply : score;
}

function fromTable(score: number, ply: number): number {
  return score >= WIN_BOUND ? score - ply : score <= -WIN_BOUND ? score + ply : score;
}
