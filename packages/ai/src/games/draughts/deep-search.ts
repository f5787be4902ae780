/**
 * The deep draughts search, for the top level and engine matches: what the strong draughts engines do (Scan's
 * published search is the model), over the same `DraughtsSearchPosition` as the classic searcher of the manual's
 * levels (`search.ts`, kept as it is so that those levels keep their character and their node counts):
 *
 * - principal-variation search with null windows, aspiration windows around the last score (the iterations, their
 *   windows and the clock are `DeepeningSearcher`'s, deepening.ts, shared with the WebAssembly searcher);
 * - move ordering: the table's move, captures by pieces taken, crowning moves, two killers, a history table;
 * - late-move reductions: quiet moves after the first few are searched shallower first (more at non-PV nodes and for
 *   later moves; on 10x10 from the second move on), and again at full depth when they surprise;
 * - a reduced-depth probe at non-PV nodes (Scan's "pruning", a ProbCut), off by default: when a search at a third of
 *   the depth beats beta by a margin that grows with depth, the node is cut;
 * - the frontier's static cut (on 10x10, not in give-away): a non-PV node one ply from quiescence, with no capture
 *   to make, whose static evaluation beats beta by half a man is cut without generating its moves;
 * - a position with a single legal move (a forced capture, usually) is searched one ply deeper (on 10x10 at PV nodes
 *   only: `forcedExtension`);
 * - quiescence follows the compulsory captures to the end (manual 2.2.2), then stands pat and tries the crowning
 *   moves (a man about to crown is not quiet) and, on 10x10 with no king on the board, the moves that offer an
 *   exchange (Scan's);
 * - the transposition table (`DeepTable`): four-entry buckets, sized by the caller, shared between threads;
 * - the time manager (`DeepTimeManager`, time.ts): a target and a hard limit; more time when the best move
 *   changes, the score drops or the root fails low, less once the best move is settled; a search stopped in the
 *   middle of an iteration plays the best root move that iteration has found so far;
 * - Lazy SMP: helper threads search the same root over the shared table with their depths staggered; the main
 *   thread's result is the answer;
 * - an evaluation and an endgame database given by the caller (`DeepEvaluator`, `DeepEndgames`); with the root in
 *   the database, only the root moves that keep its value are searched, and only smaller material is probed below
 *   (see `rootInDatabase`).
 *
 * Scores are hundredths of a man from the side to move's view, `WIN - ply` for a won game.
 */
import { KEY_CROWNS, KEY_IDENTITY, pop, type DraughtsSearchPosition } from '@tactica/draughts';
import type { SearchLimits, SearchResult } from '../../search.js';
import { WIN, WIN_BOUND } from '../../search-position.js';
import { DeepeningSearcher } from './deepening.js';
import { DraughtsMoveOrder, MAX_MOVES, resultScore } from './move-order.js';
import { DeepTable, EXACT, LOWER, UPPER } from './table.js';

/** Scores from an endgame database: a win found there, `DB_WIN - ply`, ranks below a win seen on the board. */
export const DB_WIN = WIN_BOUND - 1;

/** A static evaluation for the deep search (the learned one); `pos.evaluate()` when none is given. */
export interface DeepEvaluator {
  evaluate(pos: DraughtsSearchPosition): number;
}

/** An endgame database: the result for the side to move, or undefined when the position is not in it. */
export interface DeepEndgames {
  /** Pieces on the board up to which the database answers. */
  readonly maxPieces: number;
  /** The folder the databases are read from, on Node: a Lazy SMP helper thread opens the same (`node-egdb`). */
  readonly folder?: string;
  probe(pos: DraughtsSearchPosition): -1 | 0 | 1 | undefined;
  /**
   * The position's distance to conversion: plies until a capture or a crowning with best play (the winner hurrying,
   * the loser holding out), or undefined when the database cannot say. Asked at the root only.
   */
  distance?(pos: DraughtsSearchPosition): number | undefined;
}

export interface DeepSearcherOptions {
  /** log2 of the table's buckets (64 bytes each; default 18: 16 MB). */
  readonly ttLog2?: number;
  /** The table's storage, shared with other threads (Lazy SMP); it must hold 2^ttLog2 buckets. */
  readonly table?: SharedArrayBuffer;
  /**
   * The least remaining depth at which a non-PV node probes and stores the table (default 1: every full-width
   * node). 2 leaves out the last ply before quiescence, whose probes miss the caches for little (ours; measured in
   * bench/RESULTS.md, "no table at the last ply").
   */
  readonly tableMinDepth?: number;
  readonly maxPly?: number;
  /** 0 for the main thread; a helper's number staggers its depths. */
  readonly helper?: number;
  readonly evaluator?: DeepEvaluator;
  readonly endgames?: DeepEndgames;
  /**
   * The reduced-depth probe at non-PV nodes (default off: it gains plies, but in self-play the search without it scored
   * better, at equal time and at equal nodes; bench/RESULTS.md, "Draughts deep search").
   */
  readonly probeCut?: boolean;
  /** Late-move reductions (default on). */
  readonly reductions?: boolean;
  /**
   * One more ply for a position with a single legal move: `true` everywhere, `'pv'` at PV nodes only. Default: `'pv'`
   * on the 10x10 board, `true` on 8x8. Extending every forced move (a capture, mostly) cost International about three
   * plies of nominal depth at 1 s, for no strength the self-play could see; in English, where the search is deep
   * anyway, extending at PV nodes only scored below the old search (bench/RESULTS.md, "Draughts deep search")
   * **(ours)**.
   */
  readonly forcedExtension?: boolean | 'pv';
  /**
   * How hard late moves are reduced: the reduction of the i-th move at depth d is about ln(d)·ln(i)·scale at non-PV
   * nodes, one less at PV nodes (0 gives Scan's fixed one or two plies).
   */
  readonly reductionScale?: number;
  /**
   * Added to the move's index in the reduction formula, ln(d)·ln(i + shift)·scale: with 1 the second move (i = 1) is
   * reduced too, as Scan does. Default: 1 on the 10x10 board, 0 on 8x8 **(ours)**.
   */
  readonly reductionShift?: number;
  /** The probe's margin per ply of depth (hundredths of a man) and the share of the depth it searches. */
  readonly probeMargin?: number;
  readonly probeDepth?: number;
  /** Quiet moves searched at shallow non-PV nodes: `lateMoves + 2·depth²` (0: all). */
  readonly lateMoves?: number;
  /** Futility: at shallow non-PV nodes standing this much per ply below alpha, no quiet move is searched (0: off). */
  readonly futilityMargin?: number;
  /**
   * The frontier's static cut: a non-PV node of depth 1 with no capture to make (and some move), whose static
   * evaluation is at least beta + this margin (hundredths of a man), returns that evaluation less the margin without
   * searching its moves (0: off). Its children would be quiescence nodes, so only the side to move's own choice is
   * skipped: that every move it has loses the margin. On the depth benchmark's middlegames 0.18% of the cuts at 30
   * were wrong against the depth-1 search, 161 in 624 000 by more than a man (at 50: 0.15%, 23 in 545 000; none of
   * this cuts a sacrifice of its own: the cut side stands above beta). Default: 30 on the 10x10 board (a ply deeper at
   * 1 s than 50, and no weaker at equal nodes), 0 (off) on 8x8 and in give-away, where it was not measured
   * (bench/RESULTS.md, "the frontier's static cut" and "the static cut at 30") **(ours)**.
   */
  readonly staticCutMargin?: number;
  /**
   * Exchanges in quiescence (Scan's): with no king on the board, a quiet position whose evaluation does not reach
   * beta also tries the moves that offer a man for one of the opponent's (`DraughtsSearchPosition.offersExchange`),
   * up to this many such moves on one line; the captures that follow are resolved as usual. 0: off. Default: 8 on
   * the 10x10 board (at equal nodes +70 Elo, at equal time +17 ± 30 over 200 games: its cost in speed takes most of
   * it back); 0 on 8x8 (English at equal time: 51.2% over 128 games, nothing to show for it) and in give-away, where
   * it was not measured (bench/RESULTS.md, "exchanges in quiescence").
   */
  readonly quiescenceExchanges?: number;
}

/** Indices of `DraughtsDeepSearcher.stats`' counters. */
const Q_NODES = 0;
const PROBES = 1;
const HITS = 2;
const TABLE_CUTS = 3;
const FAIL_HIGHS = 4;
const FIRST_CUTS = 5;
const RESEARCHES = 6;
const REDUCED = 7;
const NO_TABLE_MOVE = 8;
const STATIC_CUTS = 9;

/** Exchange offers on one line of quiescence on the 10x10 board (`quiescenceExchanges`). */
export const EXCHANGES_10X10 = 8;

/** The static cut's margin on the 10x10 board (`staticCutMargin`) **(ours)**. */
export const STATIC_CUT_10X10 = 30;

/**
 * The settings the top level plays with (measured in bench/RESULTS.md, "Draughts deep search"). Late-move pruning
 * and futility are off: in draughts a quiet move is often a sacrifice that wins the material back a few plies later
 * (a shot), and both cut exactly those moves: with them on, the search needed depth 21 and 4 million nodes to see
 * the three-ply shot of the tests (27-21 in International), without them depth 2 **(ours)**.
 */
export const DEEP_SEARCH_SETTINGS: Required<
  Pick<DeepSearcherOptions, 'reductionScale' | 'probeMargin' | 'probeDepth' | 'lateMoves' | 'futilityMargin'>
> = { reductionScale: 1.3, probeMargin: 3, probeDepth: 0.34, lateMoves: 0, futilityMargin: 0 };

/**
 * Limits of one deep search: `timeMs` is the hard limit; `targetMs` the time the manager aims at on average (without
 * it the search runs to the hard limit, as an analysis for a fixed time should; without `timeMs` the hard limit is
 * five times the target).
 */
export interface DeepSearchLimits extends SearchLimits {
  readonly targetMs?: number;
  /**
   * Search only these root moves (keys of the position searched; UCI's `searchmoves`): the opening book's builder
   * finds the second-best move by searching without the best. Nothing is stored in the table for the root then.
   */
  readonly rootMoves?: readonly number[];
}

export class DraughtsDeepSearcher extends DeepeningSearcher {
  readonly tt: DeepTable;
  /**
   * The endgame databases the search probes, if any: read at each search, so an engine may change them between
   * (helper threads keep the folder they were given).
   */
  endgames: DeepEndgames | undefined;
  private readonly mo: DraughtsMoveOrder;
  private readonly moves: Int32Array;
  private readonly order: Int32Array;
  private readonly pvTable: Int32Array;
  private readonly pvLength: Int32Array;
  private readonly helper: number;
  private readonly evaluator: DeepEvaluator | undefined;
  private readonly probeCut: boolean;
  private readonly tableMinDepth: number;
  private readonly reductions: boolean;
  private readonly forcedExtension: boolean | 'pv' | undefined;
  /** This search's single-move extension: at every node, or at PV nodes only. */
  private extendAll = true;
  private extendPv = true;
  /** Late-move reductions by [min(depth, 63) * 64 + min(move index, 63)]: this search's table, 8x8's or 10x10's. */
  private lmr: Int8Array;
  private readonly lmrSmall: Int8Array;
  private readonly lmrLarge: Int8Array;
  private readonly probeMargin: number;
  private readonly probeShare: number;
  private readonly lateMoves: number;
  private readonly futilityMargin: number;
  private readonly staticCutOption: number | undefined;
  private readonly exchangesOption: number | undefined;
  private exchanges = 0;
  /** This search's static cut margin (0: off): the option, else the board's default. */
  private staticCut = 0;
  private nodes = 0;
  private limitNodes = Infinity;
  private rootMoves: readonly number[] | undefined;
  /** Deepest ply reached in the last search. */
  selDepth = 0;
  /** Endgame database answers in the last search: the root's moves looked up, and the positions of the tree. */
  dbHits = 0;
  /**
   * Where the last search's nodes went (bench/draughts-depth.js `--stats`): counters bumped in place, nothing
   * allocated per node. [0] quiescence nodes, [1] table probes at full-width nodes, [2] hits, [3] cutoffs by the
   * table's bound, [4] nodes that failed high, [5] of which on the first move searched, [6] reduced searches
   * re-searched at full depth, [7] reduced searches, [8] full-width nodes without a table move (depth ≥ 3), [9]
   * frontier nodes cut by their static evaluation.
   */
  get stats(): readonly number[] {
    return Array.from(this.counts);
  }
  /** The counters of `stats`, by the indices below (a typed array: no property names in the page's bundle). */
  private readonly counts = new Float64Array(10);
  /**
   * With the root in the database: the root moves that keep its value (`rootAllowed`, none: no limit), and
   * the material below which the tree probes (fewer pieces, or as many with fewer men: a capture or a crowning).
   * Probing the root's own signature would score every move that keeps a win alike, and the search would shuffle
   * without ever converting; below it, the evaluation steers toward the conversion and the database scores it
   * **(ours)**. That was not enough against a defender who knows the endings (a lone king in the double corner held
   * out against three kings for 55 moves): where the database has distances, a won root keeps only the moves that
   * convert soonest, and a lost one those that hold out longest.
   */
  private rootAllowed: readonly number[] = [];
  private dbPieces = Infinity;
  private dbMen = Infinity;

  constructor(options: DeepSearcherOptions = {}) {
    super(options.maxPly ?? 128);
    this.tableMinDepth = options.tableMinDepth ?? 1;
    this.tt = new DeepTable(options.ttLog2 ?? 18, options.table);
    this.helper = options.helper ?? 0;
    this.evaluator = options.evaluator;
    this.endgames = options.endgames;
    this.probeCut = options.probeCut ?? false;
    this.reductions = options.reductions ?? true;
    this.forcedExtension = options.forcedExtension;
    const scale = options.reductionScale ?? DEEP_SEARCH_SETTINGS.reductionScale;
    this.probeMargin = options.probeMargin ?? DEEP_SEARCH_SETTINGS.probeMargin;
    this.probeShare = options.probeDepth ?? DEEP_SEARCH_SETTINGS.probeDepth;
    this.lateMoves = options.lateMoves ?? DEEP_SEARCH_SETTINGS.lateMoves;
    this.futilityMargin = options.futilityMargin ?? DEEP_SEARCH_SETTINGS.futilityMargin;
    this.staticCutOption = options.staticCutMargin;
    this.exchangesOption = options.quiescenceExchanges;
    this.lmrSmall = reductionTable(scale, options.reductionShift ?? 0);
    this.lmrLarge = reductionTable(scale, options.reductionShift ?? 1);
    this.lmr = this.lmrSmall;
    this.mo = new DraughtsMoveOrder(this.maxPly);
    // The shared arrays under the names the move loops use.
    this.moves = this.mo.moves;
    this.order = this.mo.order;
    this.pvTable = this.mo.pvTable;
    this.pvLength = this.mo.pvLength;
  }

  /** Forget what was learnt (a new game, or a level whose move must depend only on the position). */
  reset(): void {
    this.tt.clear();
    this.mo.clear();
  }

  get nodeCount(): number {
    return this.nodes;
  }

  search(pos: DraughtsSearchPosition, limits: DeepSearchLimits = {}): SearchResult {
    this.startClock(limits);
    this.nodes = 0;
    this.selDepth = 0;
    this.counts.fill(0);
    this.limitNodes = limits.nodes ?? Infinity;
    this.rootMoves = limits.rootMoves;
    this.mo.age();
    this.tt.nextGeneration();
    const large = pos.rules.size === 10;
    const extension = this.forcedExtension ?? (large ? 'pv' : true);
    this.lmr = large ? this.lmrLarge : this.lmrSmall;
    this.extendAll = extension === true;
    this.extendPv = extension !== false;
    this.staticCut = this.staticCutOption ?? (large && !pos.giveaway ? STATIC_CUT_10X10 : 0);
    this.exchanges = this.exchangesOption ?? (large && !pos.giveaway ? EXCHANGES_10X10 : 0);

    let rootCount = this.keepRootMoves(pos.generateMoves(this.moves, 0));
    const root = rootInDatabase(pos, this.endgames, this.moves, rootCount);
    this.dbHits = root.hits;
    this.dbPieces = root.pieces;
    this.dbMen = root.men;
    this.rootAllowed = root.allowed;
    if (root.allowed.length > 0) {
      this.moves.set(root.allowed);
      rootCount = root.allowed.length;
    }
    return this.deepen(pos, rootCount, rootCount > 0 ? this.moves[0] : undefined, limits, this.helper);
  }

  protected searchRoot(pos: DraughtsSearchPosition, depth: number, alpha: number, beta: number): number {
    return this.alphaBeta(pos, depth, alpha, beta, 0, true);
  }

  protected rootPv(): number[] {
    return Array.from(this.pvTable.subarray(0, this.pvLength[0] as number));
  }

  /** A position the database may be asked about: few enough pieces, and below the root's material (see above). */
  private inDatabase(pos: DraughtsSearchPosition): boolean {
    const pieces = pos.pieceCount();
    if (pieces > (this.endgames as DeepEndgames).maxPieces) return false;
    return pieces < this.dbPieces || (pieces === this.dbPieces && menOf(pos) < this.dbMen);
  }

  private checkLimits(): void {
    if (this.nodes >= this.limitNodes) this.stopped = true;
    // The clock every 256 nodes: a fraction of a millisecond of search on an idle core, a few on a loaded machine,
    // where every 1024 let a fixed time's move overrun its limit by tens of milliseconds (bench/RESULTS.md,
    // "Draughts time use"); reading it costs well under 1% of the nodes' time.
    else if ((this.nodes & 255) === 0 && this.mustStop()) this.stopped = true;
  }

  private evaluate(pos: DraughtsSearchPosition): number {
    return this.evaluator ? this.evaluator.evaluate(pos) : pos.evaluate();
  }

  private alphaBeta(
    pos: DraughtsSearchPosition,
    depth: number,
    alpha: number,
    beta: number,
    ply: number,
    prune: boolean,
  ): number {
    this.pvLength[ply] = ply;
    if (ply > 0) {
      const decided = pos.decided(ply);
      if (decided !== undefined) return resultScore(decided, ply);
      if (alpha < -WIN + ply) alpha = -WIN + ply;
      if (beta > WIN - ply - 1) beta = WIN - ply - 1;
      if (alpha >= beta) return alpha;
    }
    // The draw by repetition or by the move counter is settled above: a leaf's quiescence need not look again.
    if (depth <= 0 || ply >= this.maxPly) return this.quiesce(pos, alpha, beta, ply, this.exchanges, true);

    this.nodes++;
    this.checkLimits();
    if (this.stopped) return 0;
    if (ply > this.selDepth) this.selDepth = ply;

    const isPv = beta - alpha > 1;
    const useTable = isPv || depth >= this.tableMinDepth;
    const lo = pos.hashLo();
    const hi = pos.hashHi();
    let hashMove = 0;
    const tt = this.tt;
    const stats = this.counts;
    if (useTable) stats[PROBES]!++;
    if (useTable && tt.probe(lo, hi)) {
      stats[HITS]!++;
      hashMove = tt.hitMove;
      if (!isPv && tt.hitDepth >= depth && ply > 0) {
        const s = fromTable(tt.hitScore, ply);
        const bound = tt.hitBound;
        if (bound === EXACT || (bound === LOWER && s >= beta) || (bound === UPPER && s <= alpha)) {
          stats[TABLE_CUTS]!++;
          return s;
        }
      }
    }
    if (hashMove === 0 && depth >= 3) stats[NO_TABLE_MOVE]!++;

    // The endgame database answers exactly, once no capture is pending (its values are for quiet positions).
    if (ply > 0 && this.endgames && this.inDatabase(pos) && pos.status() === 0) {
      const r = this.endgames.probe(pos);
      if (r !== undefined) {
        this.dbHits++;
        return r === 0 ? 0 : r > 0 ? DB_WIN - ply : -DB_WIN + ply;
      }
    }

    // The frontier's static cut (see `staticCutMargin`): the children would only be resolved by quiescence.
    if (depth === 1 && !isPv && ply > 0 && this.staticCut > 0 && beta < WIN_BOUND && beta > -WIN_BOUND) {
      if (pos.status() === 0) {
        const s = this.evaluate(pos) - this.staticCut;
        if (s >= beta) {
          stats[STATIC_CUTS]!++;
          return s;
        }
      }
    }

    const base = ply * MAX_MOVES;
    const all = pos.generateMoves(this.moves, base);
    if (all === 0) return resultScore(pos.noMovesResult(), ply);
    const restricted = ply === 0 && this.rootMoves !== undefined;
    const n = restricted ? this.keepRootMoves(all) : all;

    // A search at 40% of the depth that beats beta by a margin: cut (never at PV nodes, near wins, or in probes).
    if (this.probeCut && prune && !isPv && depth >= 3 && beta < WIN_BOUND && beta > -WIN_BOUND) {
      const margin = depth * this.probeMargin;
      const probeBeta = beta + margin;
      const probeDepth = Math.max(1, depth * this.probeShare) | 0;
      const s = this.alphaBetaAt(pos, n, base, hashMove, probeDepth, probeBeta - 1, probeBeta, ply);
      if (this.stopped) return 0;
      if (s >= probeBeta) return s - margin;
      // The probe only reordered this node's list (its children's lists start past it): the search goes on with it.
    }

    // A root restricted to some moves has no score of its own to store; nor does a node below `tableMinDepth`.
    if (restricted || !useTable) return this.alphaBetaAt(pos, n, base, hashMove, depth, alpha, beta, ply, prune);
    return this.alphaBetaAt(pos, n, base, hashMove, depth, alpha, beta, ply, prune, lo, hi);
  }

  /** Keeps, of the root's `n` moves at the start of the list, those of `rootMoves` (all when none is given). */
  private keepRootMoves(n: number): number {
    const only = this.rootMoves;
    if (only === undefined) return n;
    let kept = 0;
    for (let i = 0; i < n; i++) {
      const m = this.moves[i] as number;
      if (only.some((k) => (k & KEY_IDENTITY) === (m & KEY_IDENTITY))) this.moves[kept++] = m;
    }
    return kept;
  }

  /** The move loop of a node whose moves are at `base` (count `n`). Stores in the table when `lo`/`hi` are given. */
  private alphaBetaAt(
    pos: DraughtsSearchPosition,
    n: number,
    base: number,
    hashMove: number,
    depth: number,
    alpha: number,
    beta: number,
    ply: number,
    prune = false,
    lo?: number,
    hi?: number,
  ): number {
    const isPv = beta - alpha > 1;
    const captures = pos.isTactical(this.moves[base] as number);
    this.mo.scoreMoves(pos, base, n, hashMove, ply, captures);
    const next = n === 1 && (this.extendAll || (this.extendPv && isPv)) ? depth : depth - 1;

    const alphaIn = alpha;
    let bestScore = -WIN - 1;
    let bestMove = this.moves[base] as number;
    // Shallow non-PV nodes: late quiet moves are not searched at all, nor any quiet move when the position stands
    // far below alpha (futility).
    let moveLimit = n;
    let futile = false;
    if (!isPv && !captures && depth <= 3 && ply > 0 && alpha > -WIN_BOUND && beta < WIN_BOUND) {
      if (this.lateMoves > 0) moveLimit = Math.min(n, this.lateMoves + depth * depth * 2);
      if (this.futilityMargin > 0 && this.evaluate(pos) + this.futilityMargin * depth <= alpha) futile = true;
    }
    for (let i = 0; i < n; i++) {
      const move = i === 0 ? (this.moves[base] as number) : this.mo.pickNext(base, i, n);
      if (ply === 0 && this.rootAllowed.length > 0 && !this.rootAllowed.includes(move)) continue;
      // Moves are picked best first: the table's move, then crowning moves (still searched), then the quiet rest.
      if (i > 0 && (i >= moveLimit || futile) && !DraughtsMoveOrder.isEarly(this.order[base + i] as number)) break;
      pos.makeMove(move);
      let score: number;
      if (i === 0) {
        score = 0 - this.alphaBeta(pos, next, 0 - beta, 0 - alpha, ply + 1, prune);
      } else {
        let reduce = 0;
        if (this.reductions && !captures && depth >= 3 && (move & KEY_CROWNS) === 0 && i >= (isPv ? 3 : 1)) {
          reduce = this.lmr[(depth < 63 ? depth : 63) * 64 + (i < 63 ? i : 63)] as number;
          if (isPv) reduce = reduce > 1 ? reduce - 1 : 1;
          if (reduce >= next) reduce = next - 1;
        }
        if (reduce > 0) this.counts[REDUCED]!++;
        score = 0 - this.alphaBeta(pos, next - reduce, -1 - alpha, 0 - alpha, ply + 1, prune);
        if (score > alpha && (reduce > 0 || score < beta)) {
          if (reduce > 0) this.counts[RESEARCHES]!++;
          score = 0 - this.alphaBeta(pos, next, 0 - beta, 0 - alpha, ply + 1, prune);
        }
      }
      pos.unmakeMove(move);
      if (this.stopped) return 0;
      if (score > bestScore) {
        bestScore = score;
        bestMove = move;
        if (score > alpha) {
          alpha = score;
          this.mo.updatePv(ply, move);
          if (ply === 0) this.rootScore = score;
          if (score >= beta) {
            this.counts[FAIL_HIGHS]!++;
            if (i === 0) this.counts[FIRST_CUTS]!++;
            if (!captures) this.mo.rememberCutoff(pos, move, depth, ply, base, i);
            break;
          }
        }
      }
    }
    if (lo !== undefined && hi !== undefined) {
      const bound = bestScore >= beta ? LOWER : bestScore > alphaIn ? EXACT : UPPER;
      this.tt.store(lo, hi, depth, bound, toTable(bestScore, ply), bestScore > alphaIn ? bestMove : 0);
    }
    return bestScore;
  }

  /**
   * Captures until none is left; then the side to move may stand pat, crown, or (with `exchanges` left and no king
   * on the board) offer an exchange. `decided`: the caller has already looked for a draw by repetition or the move
   * counter here.
   */
  private quiesce(
    pos: DraughtsSearchPosition,
    alpha: number,
    beta: number,
    ply: number,
    exchanges: number,
    decided = false,
  ): number {
    this.pvLength[ply] = ply;
    this.nodes++;
    this.counts[Q_NODES]!++;
    this.checkLimits();
    if (this.stopped) return 0;
    if (ply > this.selDepth) this.selDepth = ply;
    if (ply > 0 && !decided) {
      const result = pos.decided(ply);
      if (result !== undefined) return resultScore(result, ply);
    }
    const status = pos.status();
    if (status < 0) return resultScore(pos.noMovesResult(), ply);
    if (ply >= this.maxPly) return this.evaluate(pos);
    const base = ply * MAX_MOVES;
    let n: number;
    let bestScore = -WIN - 1;
    if (status === 0) {
      if (this.endgames && this.inDatabase(pos)) {
        const r = this.endgames.probe(pos);
        if (r !== undefined) {
          this.dbHits++;
          return r === 0 ? 0 : r > 0 ? DB_WIN - ply : -DB_WIN + ply;
        }
      }
      const stand = this.evaluate(pos);
      if (stand >= beta) return stand;
      // Most quiet positions have neither an offer nor a crowning move: their moves are then not generated at all.
      const offers = exchanges > 0 ? pos.exchangeOffers() : 0;
      if (offers === 0 && !pos.canCrown()) return stand;
      bestScore = stand;
      if (stand > alpha) alpha = stand;
      n = this.quietTries(pos, base, offers);
    } else {
      n = pos.generateCaptures(this.moves, base);
      if (n > 1) this.mo.scoreMoves(pos, base, n, 0, ply, true);
    }
    for (let i = 0; i < n; i++) {
      const move = i > 0 && status !== 0 ? this.mo.pickNext(base, i, n) : (this.moves[base + i] as number);
      pos.makeMove(move);
      // A quiet try that does not crown is an exchange offered: one fewer is left for the line.
      const left = status === 0 && (move & KEY_CROWNS) === 0 ? exchanges - 1 : exchanges;
      const score = 0 - this.quiesce(pos, 0 - beta, 0 - alpha, ply + 1, left);
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

  /**
   * The quiet moves quiescence tries, written at `base`: the crowning moves, then the `offers` moves that offer an
   * exchange (those `exchangeOffers` found). Returns how many.
   */
  private quietTries(pos: DraughtsSearchPosition, base: number, offers: number): number {
    const all = pos.generateMoves(this.moves, base);
    const moves = this.moves;
    let n = 0;
    for (let i = 0; i < all; i++) {
      const m = moves[base + i] as number;
      if ((m & KEY_CROWNS) !== 0) {
        moves[base + i] = moves[base + n] as number;
        moves[base + n++] = m;
      }
    }
    if (offers === 0) return n;
    for (let i = n; i < all; i++) {
      const m = moves[base + i] as number;
      if (pos.isExchangeOffer(m)) moves[base + n++] = m;
    }
    return n;
  }
}

/** Reductions by [depth * 64 + move index]: ln(d)·ln(i + shift)·scale rounded, or with scale 0 Scan's one or two. */
export function reductionTable(scale: number, shift: number): Int8Array {
  const lmr = new Int8Array(64 * 64);
  for (let d = 1; d < 64; d++) {
    for (let i = 1; i < 64; i++) {
      lmr[d * 64 + i] = scale > 0 ? Math.floor(0.5 + Math.log(d) * Math.log(i + shift) * scale) : i >= 6 ? 2 : 1;
    }
  }
  return lmr;
}

function toTable(score: number, ply: number): number {
  return score >= WIN_BOUND - 200 ? score + ply : score <= -WIN_BOUND + 200 ? score - ply : score;
}

function fromTable(score: number, ply: number): number {
  return score >= WIN_BOUND - 200 ? score - ply : score <= -WIN_BOUND + 200 ? score + ply : score;
}

/** The root limited by an endgame database (`rootInDatabase`). */
export interface DatabaseRoot {
  /** The root moves kept, in the list's order (none: no limit). */
  readonly allowed: readonly number[];
  /**
   * The material below which the tree probes: fewer pieces, or as many with fewer men (a capture or a crowning);
   * Infinity with no limit.
   */
  readonly pieces: number;
  readonly men: number;
  /** The database's answers counted (`dbHits`). */
  readonly hits: number;
}

const NO_ROOT_LIMIT: DatabaseRoot = { allowed: [], pieces: Infinity, men: Infinity, hits: 0 };

/**
 * When the root's moves (`moves[0..n)`) all lead into the database: keeps those that hold the root's value (to a
 * position lost for the opponent when there is one; else to a drawn or unknown one), and probes only below the root's
 * material from then on; with distances, of the winning moves only the nearest to a conversion, and with every move
 * lost the farthest (`keepByDistance`). Otherwise no filter (`NO_ROOT_LIMIT`) and the usual probes. Both searchers decide
 * their root with it (the JS one and the WebAssembly one, deep-search-wasm.ts).
 */
export function rootInDatabase(
  pos: DraughtsSearchPosition,
  db: DeepEndgames | undefined,
  moves: ArrayLike<number>,
  n: number,
): DatabaseRoot {
  if (!db || pos.pieceCount() > db.maxPieces) return NO_ROOT_LIMIT;
  let wins = 0;
  let holds = 0;
  let known = 0;
  // Values after each move, from the mover's view: 1 won, 0 drawn or unknown, -1 lost.
  const after: number[] = [];
  for (let i = 0; i < n; i++) {
    const move = moves[i] as number;
    pos.makeMove(move);
    let r: number | undefined;
    // A position where the side to move must take is in the database too: asking only quiet ones counted every
    // offer of an exchange as unknown, so a won root never played the exchange that wins (and a lost one preferred
    // giving a piece away to the known losses).
    if (pos.status() < 0) r = pos.noMovesResult();
    else r = db.probe(pos);
    pos.unmakeMove(move);
    if (r !== undefined) known++;
    const v = r === undefined ? 0 : -r;
    after.push(v);
    if (v > 0) wins++;
    else if (v === 0) holds++;
  }
  if (known === 0) return NO_ROOT_LIMIT;
  const all = Array.from({ length: n }, (_, i) => moves[i] as number);
  // Every move loses: the ones the database says hold out longest.
  const allowed =
    wins === 0 && holds === 0
      ? keepByDistance(pos, db, all, false)
      : keepByDistance(
          pos,
          db,
          all.filter((_, i) => (wins > 0 ? (after[i] as number) > 0 : after[i] === 0)),
          wins > 0 ? true : undefined,
        );
  return { allowed, pieces: pos.pieceCount(), men: menOf(pos), hits: known };
}

/**
 * Narrows the allowed root moves to those reaching a conversion soonest (`nearest`, the winner's) or latest (the
 * loser's), when the database knows every distance; a move that captures or crowns converts at once (0). `nearest`
 * undefined: no narrowing.
 */
function keepByDistance(
  pos: DraughtsSearchPosition,
  db: DeepEndgames,
  allowed: number[],
  nearest: boolean | undefined,
): number[] {
  if (!db.distance || nearest === undefined) return allowed;
  const pieces = pos.pieceCount();
  const men = menOf(pos);
  const distances: number[] = [];
  let best = nearest ? Infinity : -1;
  for (const move of allowed) {
    pos.makeMove(move);
    const converted = pos.pieceCount() < pieces || menOf(pos) < men || pos.status() < 0;
    const d = converted ? 0 : db.distance(pos);
    pos.unmakeMove(move);
    if (d === undefined) return allowed;
    distances.push(d);
    if (nearest ? d < best : d > best) best = d;
  }
  return allowed.filter((_, i) => distances[i] === best);
}

/** Men on the board, both sides. */
function menOf(pos: DraughtsSearchPosition): number {
  const e = pos.engine;
  return pop((e.wLo | e.bLo) & ~e.kLo) + pop((e.wHi | e.bHi) & ~e.kHi);
}
