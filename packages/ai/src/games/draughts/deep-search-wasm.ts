/**
 * The deep draughts search in WebAssembly (packages/ai/assembly/draughts-search.ts): `DraughtsDeepSearcher`'s node
 * loop, table and move order compiled from AssemblyScript over the draughts package's search position in the same
 * module, so that a node costs no call between JavaScript and WebAssembly. It searches the same tree as the JS
 * searcher: at a fixed node count the same depth, score, PV, nodes, selDepth and counters
 * (deep-search-wasm.test.ts); the JS searcher stays the reference.
 *
 *   const searcher = await createWasmDeepSearcher({ ttLog2: 18 });   // undefined where WebAssembly is missing
 *   searcher?.search(new DraughtsSearchPosition(state), { timeMs: 1000 });
 *
 * In JS, shared with `DraughtsDeepSearcher` (their base class, deepening.ts): the iterations and their aspiration
 * windows, the time manager and the stop flag (the module asks `mustStop` every 256 nodes when the search has a
 * clock). One searcher is one instance of the module (its own memory: table, move lists, history), compiled once a
 * thread, made asynchronously (browsers refuse to compile a module over 4 KB synchronously on a page's main thread).
 *
 * The evaluation is the hand one, or a `LearnedDraughtsEvaluator` given as `evaluator`: its tables are written into
 * the instance (learned-wasm.ts) and the module evaluates with lib/learned-eval.ts, the same score to the last bit.
 * The endgame databases (`endgames`) stay in JS: the root is limited by `rootInDatabase` as the JS searcher's, and a
 * node of the tree the database may answer (the module tests the material itself) asks the host with one call, which
 * writes the module's board into the searched position's words and asks `endgames.probe` as the JS searcher would (a
 * database reads a position's rule set, mode and words: every `DeepEndgames` of the project does).
 * Not supported (`wasmSearchRefuses` names it, and a caller keeps the JS searcher): any other `evaluator`, a shared
 * `table` and `helper` (Lazy SMP's threads share a JS table).
 */
import {
  loadSearchPosition,
  setUpSearchPosition,
  type DraughtsSearchPosition,
  type SearchPositionExports,
} from '@tactica/draughts';
import type { SearchResult } from '../../search.js';
import { WASM_BASE64 } from '../../wasm/draughts-search.js';
import {
  DEEP_SEARCH_SETTINGS,
  EXCHANGES_10X10,
  reductionTable,
  rootInDatabase,
  STATIC_CUT_10X10,
  type DeepSearcherOptions,
  type DeepSearchLimits,
} from './deep-search.js';
import { DeepeningSearcher } from './deepening.js';
import { LearnedDraughtsEvaluator } from './learned-eval.js';
import { writeLearnedEvaluation, type LearnedWasmSetup } from './learned-wasm.js';
import { MAX_MOVES } from './move-order.js';
import { compiledOnce } from './wasm-module.js';
import type { DeepEndgames } from './deep-search.js';

/**
 * The options the WebAssembly searcher takes: `DeepSearcherOptions`' plain numbers and booleans, and an `evaluator`
 * that is a `LearnedDraughtsEvaluator` (any other is refused).
 */
export type WasmDeepSearcherOptions = Omit<DeepSearcherOptions, 'table' | 'helper'>;

/** What the module exports (assembly/draughts-search.ts). */
interface SearchExports extends SearchPositionExports, LearnedWasmSetup {
  searchInit(
    ttLog2: number,
    plies: number,
    minDepth: number,
    probe: number,
    reduce: number,
    margin: number,
    share: number,
    late: number,
    futility: number,
  ): void;
  searchLmrTables(): number;
  searchRootOnly(): number;
  searchRootAllowed(): number;
  searchDatabase(maxPieces: number, pieces: number, men: number, allowed: number): void;
  searchDbHits(): number;
  searchBegin(
    large: number,
    all: number,
    pv: number,
    cut: number,
    offers: number,
    nodeLimit: number,
    clock: number,
    rootCount: number,
  ): void;
  searchRootMoves(): number;
  searchRoot(depth: number, alpha: number, beta: number): number;
  searchStopped(): number;
  searchNodes(): number;
  searchSelDepth(): number;
  searchRootScore(): number;
  searchStat(i: number): number;
  searchMoveAt(i: number): number;
  searchPvLength(): number;
  searchPv(): number;
  tableClear(): void;
  tableNextGeneration(): void;
  orderAge(): void;
  orderClear(): void;
  searchUseLearned(): void;
}

/** The settings a caller gave that this searcher cannot honour (its name), or undefined when it can. */
export function wasmSearchRefuses(options: DeepSearcherOptions): string | undefined {
  for (const name of ['table', 'helper'] as const)
    if (options[name] !== undefined && !(name === 'helper' && options.helper === 0)) return name;
  const ev = options.evaluator;
  return ev === undefined || ev instanceof LearnedDraughtsEvaluator ? undefined : 'evaluator';
}

/**
 * A WebAssembly searcher with these settings, or undefined where it cannot play them (refused settings, no
 * WebAssembly): the caller keeps the JS searcher then (an engine's Master, searchers.ts).
 */
export async function wasmSearcherIfAble(options: DeepSearcherOptions): Promise<WasmDeepSearcher | undefined> {
  return wasmSearchRefuses(options) ? undefined : createWasmDeepSearcher(options);
}

/** The module, compiled once in this thread; undefined where the platform cannot run it. */
const searchModule = compiledOnce(WASM_BASE64);

/** A WebAssembly deep searcher with these options; undefined where the platform cannot run the module. */
export async function createWasmDeepSearcher(
  options: WasmDeepSearcherOptions = {},
): Promise<WasmDeepSearcher | undefined> {
  const refused = wasmSearchRefuses(options);
  if (refused) throw new Error(`ai/wasm-search: the WebAssembly search does not support \`${refused}\``);
  const module = await searchModule();
  if (!module) return undefined;
  const searcher = new WasmDeepSearcher(options);
  const instance = await WebAssembly.instantiate(module, {
    // lib/deep-search.ts's import (AssemblyScript names an undecorated import's module after its file).
    'deep-search': {
      mustStop: () => (searcher.mustStop() ? 1 : 0),
      probe: (...words: Words) => searcher.probe(...words),
    },
  }).catch(() => undefined);
  if (!instance) return undefined;
  searcher.attach(instance.exports as unknown as SearchExports);
  return searcher;
}

/** A position as the generator's words: white, black, kings (low and high 32 bits each) and the side to move. */
type Words = [number, number, number, number, number, number, number];

export class WasmDeepSearcher extends DeepeningSearcher {
  /** The endgame databases the search probes, if any: read at each search, so an engine may change them between. */
  endgames: DeepEndgames | undefined;
  /** Endgame database answers in the last search: the root's moves looked up, and the positions of the tree. */
  dbHits = 0;
  private wasm!: SearchExports;
  /** The position being searched: its words stand for the module's board while the database is asked (`probe`). */
  private probed: DraughtsSearchPosition | undefined;
  private readonly options: WasmDeepSearcherOptions;
  /** The rule set and mode the instance's position is set up for. */
  private mode = '';

  /** Made by `createWasmDeepSearcher`, which gives it its instance. */
  constructor(options: WasmDeepSearcherOptions) {
    super(options.maxPly ?? 128);
    this.options = options;
    this.endgames = options.endgames;
  }

  /** Lays the searcher out in its instance (once). */
  attach(wasm: SearchExports): void {
    this.wasm = wasm;
    const o = this.options;
    wasm.searchInit(
      o.ttLog2 ?? 18,
      this.maxPly,
      o.tableMinDepth ?? 1,
      o.probeCut ? 1 : 0,
      (o.reductions ?? true) ? 1 : 0,
      o.probeMargin ?? DEEP_SEARCH_SETTINGS.probeMargin,
      o.probeDepth ?? DEEP_SEARCH_SETTINGS.probeDepth,
      o.lateMoves ?? DEEP_SEARCH_SETTINGS.lateMoves,
      o.futilityMargin ?? DEEP_SEARCH_SETTINGS.futilityMargin,
    );
    // The reduction tables are the JS searcher's, computed there (the same logarithms to the last bit).
    const scale = o.reductionScale ?? DEEP_SEARCH_SETTINGS.reductionScale;
    const lmr = new Int8Array(wasm.memory.buffer, wasm.searchLmrTables(), 2 * 64 * 64);
    lmr.set(reductionTable(scale, o.reductionShift ?? 0), 0);
    lmr.set(reductionTable(scale, o.reductionShift ?? 1), 64 * 64);
    if (o.evaluator instanceof LearnedDraughtsEvaluator) {
      writeLearnedEvaluation(wasm, o.evaluator);
      wasm.searchUseLearned();
    }
  }

  /** Forget what was learnt (a new game, or a level whose move must depend only on the position). */
  reset(): void {
    this.wasm.tableClear();
    this.wasm.orderClear();
  }

  get nodeCount(): number {
    return this.wasm.searchNodes();
  }

  /** Deepest ply reached in the last search. */
  get selDepth(): number {
    return this.wasm.searchSelDepth();
  }

  /** Where the last search's nodes went: `DraughtsDeepSearcher.stats`' counters. */
  get stats(): readonly number[] {
    return Array.from({ length: 10 }, (_, i) => this.wasm.searchStat(i));
  }

  /**
   * Called by the module for a position the database may answer: its value for the side to move (1, 0, -1), 2 when
   * unknown. The searched position takes the module's words for the question (`search` puts its own back).
   */
  probe(...words: Words): number {
    const pos = this.probed as DraughtsSearchPosition;
    pos.engine.load(...words);
    return (this.endgames as DeepEndgames).probe(pos) ?? 2;
  }

  /** `DraughtsDeepSearcher.search`, decided the same way (its iterations, windows and partial results). */
  search(pos: DraughtsSearchPosition, limits: DeepSearchLimits = {}): SearchResult {
    const e = pos.engine;
    const words: Words = [e.wLo, e.wHi, e.bLo, e.bHi, e.kLo, e.kHi, e.side];
    const top = e.top;
    this.probed = pos;
    try {
      return this.searchFrom(pos, limits);
    } finally {
      this.probed = undefined;
      e.load(...words);
      e.top = top;
    }
  }

  private searchFrom(pos: DraughtsSearchPosition, limits: DeepSearchLimits): SearchResult {
    this.startClock(limits);
    this.begin(pos, limits);
    const rootMoves = this.limitRoot(pos, this.wasm.searchRootMoves());
    const result = this.deepen(pos, rootMoves.length, rootMoves[0], limits, 0);
    this.dbHits += this.wasm.searchDbHits();
    return result;
  }

  /**
   * The root's moves limited by the database as the JS searcher's (`rootInDatabase`), handed to the module with the
   * material below which the tree probes: the moves searched, in the order the JS searcher's list has them.
   */
  private limitRoot(pos: DraughtsSearchPosition, n: number): readonly number[] {
    const wasm = this.wasm;
    const db = this.endgames;
    const moves = Array.from({ length: n }, (_, i) => wasm.searchMoveAt(i));
    const root = rootInDatabase(pos, db, moves, n);
    const allowed = root.allowed;
    new Int32Array(wasm.memory.buffer, wasm.searchRootAllowed(), allowed.length).set(allowed);
    // No bound (Infinity) is the module's largest i32.
    const bound = (x: number): number => Math.min(x, 0x7fffffff);
    wasm.searchDatabase(db ? db.maxPieces : -1, bound(root.pieces), bound(root.men), allowed.length);
    this.dbHits = root.hits;
    return allowed.length > 0 ? allowed : moves;
  }

  /** Loads the position and starts a search in the module: this search's settings, as the JS searcher takes them. */
  private begin(pos: DraughtsSearchPosition, limits: DeepSearchLimits): void {
    const wasm = this.wasm;
    const o = this.options;
    const mode = `${pos.rules.id}${pos.giveaway ? '-giveaway' : ''}`;
    if (this.mode !== mode) setUpSearchPosition(wasm, pos.rules, pos.giveaway);
    this.mode = mode;
    loadSearchPosition(wasm, pos);
    const only = limits.rootMoves;
    if (only && only.length > MAX_MOVES)
      throw new RangeError(`ai/wasm-search: ${only.length} root moves asked for, at most ${MAX_MOVES}`);
    if (only) new Int32Array(wasm.memory.buffer, wasm.searchRootOnly(), only.length).set(only);
    wasm.orderAge();
    wasm.tableNextGeneration();
    const large = pos.rules.size === 10;
    const extension = o.forcedExtension ?? (large ? 'pv' : true);
    const timed = limits.timeMs !== undefined || limits.targetMs !== undefined || limits.stop !== undefined;
    wasm.searchBegin(
      large ? 1 : 0,
      extension === true ? 1 : 0,
      extension !== false ? 1 : 0,
      o.staticCutMargin ?? (large && !pos.giveaway ? STATIC_CUT_10X10 : 0),
      o.quiescenceExchanges ?? (large && !pos.giveaway ? EXCHANGES_10X10 : 0),
      limits.nodes ?? Infinity,
      timed ? 1 : 0,
      only ? only.length : -1,
    );
  }

  /** The module's root search; a stopped one leaves the score of the best root move it had searched. */
  protected searchRoot(_pos: DraughtsSearchPosition, depth: number, alpha: number, beta: number): number {
    const wasm = this.wasm;
    const score = wasm.searchRoot(depth, alpha, beta);
    this.stopped = wasm.searchStopped() !== 0;
    if (this.stopped) this.rootScore = wasm.searchRootScore();
    return score;
  }

  protected rootPv(): number[] {
    const wasm = this.wasm;
    return Array.from(new Int32Array(wasm.memory.buffer, wasm.searchPv(), wasm.searchPvLength()));
  }
}
