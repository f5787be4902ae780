/**
 * What the two deep draughts searchers share above their trees: the JS reference (`DraughtsDeepSearcher`) and the
 * WebAssembly one (`WasmDeepSearcher`) must decide alike when to stop, when to search again and in which window, or
 * they would not play the same moves. Each keeps its own tree search; this module holds the rest once:
 * - `SearchClock`: the hard limit, the time manager's soft limit (longer while the root fails low) and the caller's
 *   stop flag, asked by the tree every 256 nodes;
 * - `deepen`: iterative deepening with aspiration windows around the last score, and the answer of a stopped
 *   iteration (the root moves searched before the stop still count).
 *
 *   const clock = new SearchClock();
 *   clock.begin(limits);
 *   const best = deepen(rootSearch, firstGuess, { first: 1, maxDepth, window: 20, rootCount, clock, onIteration });
 */
import type { SearchInfo } from '../../search.js';
import { WIN, WIN_BOUND } from '../../search-position.js';
import type { DeepSearchLimits } from './deep-search.js';
import { DeepTimeManager } from './time.js';

/** A search's clock: started by `begin`, asked by the tree (`mustStop`) and between iterations (`another`). */
export class SearchClock {
  now: () => number = () => performance.now();
  /** When the search began, on `now`'s clock. */
  start = 0;
  /** Set while an iteration fails low at the root: the time manager then allows it more time. */
  failingLow = false;
  private deadline = Infinity;
  private manager: DeepTimeManager | undefined;
  private stopFlag: Int32Array | undefined;

  /** Starts the clock of a search with these limits: its hard limit, its target, its stop flag. */
  begin(limits: DeepSearchLimits): void {
    this.now = limits.now ?? (() => performance.now());
    this.start = this.now();
    this.deadline = limits.timeMs === undefined ? Infinity : this.start + limits.timeMs;
    const target = limits.targetMs;
    this.manager =
      target === undefined ? undefined : new DeepTimeManager(target, limits.timeMs ?? Math.max(1, target * 5));
    this.failingLow = false;
    this.stopFlag = limits.stop;
  }

  /** Milliseconds since `begin`. */
  elapsed(): number {
    return this.now() - this.start;
  }

  /** Whether the search must stop now: the hard limit, the manager's soft limit, or the caller's stop flag. */
  mustStop(): boolean {
    const now = this.now();
    if (now >= this.deadline) return true;
    if (this.manager && this.manager.mustStop(now - this.start, this.failingLow)) return true;
    return this.stopFlag !== undefined && Atomics.load(this.stopFlag, 0) !== 0;
  }

  /** After iteration `depth` ended with `bestMove` at `score`, `elapsedMs` in: whether another may start. */
  another(depth: number, bestMove: number, score: number, elapsedMs: number): boolean {
    return this.manager === undefined || this.manager.iterationDone(depth, bestMove, score, elapsedMs);
  }
}

/** What `deepen` asks of a searcher's tree. */
export interface RootSearch {
  /** The root searched to `depth` in the window (alpha, beta): its score, a bound when outside the window. */
  searchRoot(depth: number, alpha: number, beta: number): number;
  /** Whether the last `searchRoot` was stopped by the limits. */
  stopped(): boolean;
  /** The principal variation the last `searchRoot` left: when stopped, of the root moves searched before the stop. */
  rootPv(): number[];
  /** The score of a stopped `searchRoot`'s best move so far. */
  rootScore(): number;
  /** Positions searched since the search began. */
  nodes(): number;
}

/** How `deepen` iterates. */
export interface Deepening {
  /** The first depth, and the last. */
  readonly first: number;
  readonly maxDepth: number;
  /** The aspiration window's first half-width around the last score (from depth 5; before, the full window). */
  readonly window: number;
  /** The root's moves: with one, two iterations are enough to have its score. */
  readonly rootCount: number;
  readonly clock: SearchClock;
  readonly onIteration?: ((info: SearchInfo) => void) | undefined;
}

/**
 * Searches deeper and deeper from `best` (what to play before any iteration ends) until the depth, a proven result,
 * the clock or a forced move says to stop: the best line of the last iteration, or of the root moves a stopped one
 * had searched.
 */
export function deepen(tree: RootSearch, best: SearchInfo, o: Deepening): SearchInfo {
  let score = 0;
  for (let depth = o.first; depth <= o.maxDepth; depth++) {
    score = aspirate(tree, o.clock, depth, score, o.window);
    if (tree.stopped()) {
      // A move that beat the window is better than the last iteration's best (it was searched deeper), and the last
      // best, searched first, keeps its deeper score.
      const pv = tree.rootPv();
      return pv.length > 0 ? { ...best, score: tree.rootScore(), bestMove: pv[0], pv } : best;
    }
    const pv = tree.rootPv();
    const elapsed = o.clock.elapsed();
    best = {
      depth,
      score: score + 0,
      bestMove: pv[0] ?? best.bestMove,
      pv: pv.length > 0 ? pv : best.pv,
      nodes: tree.nodes(),
      timeMs: elapsed,
    };
    o.onIteration?.(best);
    if (Math.abs(score) >= WIN_BOUND && depth > WIN - Math.abs(score)) break;
    if (o.rootCount === 1 && depth >= 2) break;
    if (!o.clock.another(depth, best.bestMove ?? -1, score, elapsed)) break;
  }
  return best;
}

/**
 * One iteration in aspiration windows around the last score: a score outside the window searches again in one three
 * times as wide on that side (failing low, the window's top comes down to its middle, and the clock is told).
 */
function aspirate(tree: RootSearch, clock: SearchClock, depth: number, last: number, first: number): number {
  let window = first;
  let alpha = depth >= 5 ? last - window : -WIN - 1;
  let beta = depth >= 5 ? last + window : WIN + 1;
  let score: number;
  for (;;) {
    score = tree.searchRoot(depth, alpha, beta);
    if (tree.stopped()) break;
    if (score <= alpha) {
      clock.failingLow = true;
      window *= 3;
      beta = (alpha + beta) >> 1;
      alpha = Math.max(-WIN - 1, score - window);
    } else if (score >= beta) {
      window *= 3;
      beta = Math.min(WIN + 1, score + window);
    } else break;
  }
  clock.failingLow = false;
  return score;
}
