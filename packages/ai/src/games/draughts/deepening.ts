/**
 * What the two deep draughts searchers share above their trees: the JS reference (`DraughtsDeepSearcher`) and the
 * WebAssembly one (`WasmDeepSearcher`) must decide alike when to stop, when to search again and in which window, or
 * they would not play the same moves. Each extends this class with its own tree search; the class holds the rest
 * once:
 * - the search's clock: the hard limit, the time manager's soft limit (longer while the root fails low) and the
 *   caller's stop flag, started by `startClock` and asked by the tree every 256 nodes (`mustStop`);
 * - `deepen`: iterative deepening with aspiration windows around the last score, and the answer of a stopped
 *   iteration (the root moves searched before the stop still count).
 *
 * The answers before the first iteration and after each (`firstAnswer`, `iterationAnswer`) are the classic searcher's
 * too (search.ts, the manual's levels), which iterates in its own windows.
 *
 * A class both extend rather than a helper object: its fields and methods are the searchers' own, so the page's
 * bundle carries no options object or closures for it (the browser budget, bench/RESULTS.md "Page bundles").
 */
import type { DraughtsSearchPosition } from '@tactica/draughts';
import type { SearchInfo, SearchResult } from '../../search.js';
import { WIN, WIN_BOUND } from '../../search-position.js';
import type { DeepSearchLimits } from './deep-search.js';
import { resultScore } from './move-order.js';
import { DeepTimeManager } from './time.js';

export abstract class DeepeningSearcher {
  readonly maxPly: number;
  /** Set by the tree when a limit stops it; read by `deepen` after each root search. */
  protected stopped = false;
  /** The score of the root's best move in the iteration under way, when it was stopped. */
  protected rootScore = 0;
  /** The root is being searched again after failing low: the time manager lets it run on. */
  protected failingLow = false;
  private now: () => number = () => performance.now();
  /** When the search began, on `now`'s clock. */
  private startTime = 0;
  private deadline = Infinity;
  private manager: DeepTimeManager | undefined;
  private stopFlag: Int32Array | undefined;

  constructor(maxPly: number) {
    this.maxPly = maxPly;
  }

  /** Positions searched since the search began. */
  abstract get nodeCount(): number;

  /** The root `pos` searched to `depth` in the window (alpha, beta): its score, a bound when outside the window. */
  protected abstract searchRoot(pos: DraughtsSearchPosition, depth: number, alpha: number, beta: number): number;

  /** The principal variation the last root search left: when stopped, of the root moves searched before the stop. */
  protected abstract rootPv(): number[];

  /** Starts the clock of a search with these limits: its hard limit, its target, its stop flag. */
  protected startClock(limits: DeepSearchLimits): void {
    this.now = limits.now ?? (() => performance.now());
    const start = this.now();
    this.startTime = start;
    this.deadline = limits.timeMs === undefined ? Infinity : start + limits.timeMs;
    const target = limits.targetMs;
    this.manager =
      target === undefined ? undefined : new DeepTimeManager(target, limits.timeMs ?? Math.max(1, target * 5));
    this.failingLow = false;
    this.stopFlag = limits.stop;
    this.stopped = false;
  }

  /** Whether the search must stop now: the hard limit, the manager's soft limit, or the caller's stop flag. */
  mustStop(): boolean {
    const now = this.now();
    if (now >= this.deadline) return true;
    if (this.manager && this.manager.mustStop(now - this.startTime, this.failingLow)) return true;
    return this.stopFlag !== undefined && Atomics.load(this.stopFlag, 0) !== 0;
  }

  /**
   * Searches `pos`, whose `rootCount` moves begin with `firstMove`, deeper and deeper in aspiration windows around the
   * last score until the depth, a proven result, the clock or a forced move says to stop: the best line of the last
   * iteration, or of the root moves a stopped one had searched. Helpers (Lazy SMP's threads, `helper` > 0) stagger their first depth and widen their windows, so
   * that the threads do not all search the same tree at the same time.
   */
  protected deepen(
    pos: DraughtsSearchPosition,
    rootCount: number,
    firstMove: number | undefined,
    limits: DeepSearchLimits,
    helper: number,
  ): SearchResult {
    let best = firstAnswer(pos, rootCount, firstMove);
    if (rootCount === 0) return { ...best, stopped: false };
    const maxDepth = Math.min(limits.depth ?? this.maxPly - 1, this.maxPly - 1);
    let score = 0;
    for (let depth = 1 + (helper % 2); depth <= maxDepth; depth++) {
      // Aspiration (from depth 5): a score outside the window searches again in one three times as wide on that side;
      // failing low, the window's top comes down to its middle, and the clock is told.
      let window = 20 + (helper % 3) * 10;
      let alpha = depth >= 5 ? score - window : -WIN - 1;
      let beta = depth >= 5 ? score + window : WIN + 1;
      for (;;) {
        score = this.searchRoot(pos, depth, alpha, beta);
        if (this.stopped) break;
        if (score <= alpha) {
          this.failingLow = true;
          window *= 3;
          beta = (alpha + beta) >> 1;
          alpha = Math.max(-WIN - 1, score - window);
        } else if (score >= beta) {
          window *= 3;
          beta = Math.min(WIN + 1, score + window);
        } else break;
      }
      this.failingLow = false;
      const pv = this.rootPv();
      if (this.stopped) {
        // A move that beat the window is better than the last iteration's best (it was searched deeper), and the
        // last best, searched first, keeps its deeper score.
        if (pv.length > 0) best = { ...best, score: this.rootScore, bestMove: pv[0], pv };
        break;
      }
      const elapsed = this.now() - this.startTime;
      best = iterationAnswer(depth, score, pv, best, this.nodeCount, elapsed);
      limits.onIteration?.(best);
      if (Math.abs(score) >= WIN_BOUND && depth > WIN - Math.abs(score)) break;
      if (rootCount === 1 && depth >= 2) break;
      if (this.manager && !this.manager.iterationDone(depth, best.bestMove ?? -1, score, elapsed)) break;
    }
    return { ...best, nodes: this.nodeCount, timeMs: this.now() - this.startTime, stopped: this.stopped };
  }
}

/** A draughts search's answer before any iteration ends: the first root move, or the result of a position with none. */
export function firstAnswer(pos: DraughtsSearchPosition, rootCount: number, firstMove: number | undefined): SearchInfo {
  const score = rootCount === 0 ? resultScore(pos.noMovesResult(), 0) : 0;
  return { depth: 0, score, bestMove: firstMove, pv: firstMove !== undefined ? [firstMove] : [], nodes: 0, timeMs: 0 };
}

/** The answer of a completed iteration: its line, or the last answer's where it left none. */
export function iterationAnswer(
  depth: number,
  score: number,
  pv: number[],
  last: SearchInfo,
  nodes: number,
  timeMs: number,
): SearchInfo {
  // `+ 0`: no -0 in an answer.
  const line = pv.length > 0 ? pv : last.pv;
  return { depth, score: score + 0, bestMove: pv[0] ?? last.bestMove, pv: line, nodes, timeMs };
}
