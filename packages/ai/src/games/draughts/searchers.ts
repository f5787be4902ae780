/**
 * The searchers a draughts engine keeps between moves: the classic searcher of the manual's levels, one per table
 * size, and the deep searcher of Master, one per table size and evaluation (an engine usually plays one rule set: one
 * of each), with its Lazy SMP helper threads over a shared table when the engine has threads to give it
 * (`DraughtsEngineOptions.threads`), and the endgame databases it probes.
 *
 * Master's search runs in WebAssembly (`WasmDeepSearcher`, deep-search-wasm.ts: the same tree as the JS searcher,
 * about twice the nodes a second) whenever it searches on one thread, with the hand or the learned evaluation and
 * with the endgame databases if any (probed from the module as the JS searcher probes them), once `prepareWasm` (the
 * engine's `prepare`) has made it where the platform runs the module **(ours)**; it probes the databases in force at
 * each search (`useDraughtsEndgames` may change them). The JS searcher plays before that, where WebAssembly (or its
 * SIMD) is missing, with Lazy SMP's threads, with any other evaluator, and when the engine says `wasm: false`; it
 * too probes the databases in force at each search (its helper threads, those of the folder they were given).
 *
 *   const searchers = engineSearchers(options, evaluators);
 *   await searchers.prepareWasm(await import('./master-loaded.js'), levels, state);   // the engine's `prepare`
 *   const main = searchers.of(level, state);               // built on first use
 *   const r = main instanceof DraughtsSearcher ? main.search(sp, limits) : searchers.deepSearch(main, ...);
 */
import type { DraughtsSearchPosition, DraughtsState, VariantId } from '@tactica/draughts';
import type { SearchResult } from '../../search.js';
import { DraughtsDeepSearcher, type DeepEndgames, type DeepEvaluator, type DeepSearchLimits } from './deep-search.js';
import type { WasmDeepSearcher, wasmSearcherIfAble } from './deep-search-wasm.js';
import type { DraughtsEngineOptions, DraughtsLevel } from './engine.js';
import type { LearnedForHelpers } from './learned-eval.js';
import { DraughtsSearcher } from './search.js';
import { availableCores, defaultHelperSpawner, DraughtsHelpers } from './smp.js';
import { DeepTable } from './table.js';

/** The most threads the default takes **(ours)**: beyond it the shared table's traffic outweighs the helpers. */
const MAX_DEFAULT_THREADS = 8;

let defaultEndgames: DeepEndgames | undefined;

/**
 * The process's default endgame databases: those the deep levels (Master) probe in engines made from now on without
 * a setting of their own (`endgames`, `deepSearcher.endgames`). The command line sets the folder's
 * (`@tactica/ai/node-egdb`); a page sets the slices it fetched **(ours)**. An engine that runs elsewhere (a worker)
 * is given its folder as the `endgames` setting instead. On Node the helper threads of a search open the same folder
 * (`DeepEndgames.folder`); a page's helpers probe none.
 */
export function useDraughtsEndgames(endgames: DeepEndgames | undefined): void {
  defaultEndgames = endgames;
}

/** A deep searcher: the JS one, or the WebAssembly one where it plays (see above). */
type DeepSearcher = DraughtsDeepSearcher | WasmDeepSearcher;

/** The WebAssembly searcher's maker (deep-search-wasm.ts), loaded by the engine's `prepare` (master-loaded.ts). */
interface WasmSearchHost {
  readonly wasmSearcherIfAble: typeof wasmSearcherIfAble;
}

type SearcherSettings = Pick<DraughtsEngineOptions, 'searcher' | 'deepSearcher' | 'endgames' | 'threads' | 'wasm'>;

/** An engine's searchers (see above): built on first use, kept between moves. */
export interface EngineSearchers {
  /** The classic searcher with a table of 2^ttLog2 entries. */
  searcher(ttLog2: number): DraughtsSearcher;
  /** The searcher a level plays a game with. */
  of(level: DraughtsLevel, s: DraughtsState): DraughtsSearcher | DeepSearcher;
  /**
   * Makes the WebAssembly searchers the deep levels would play `s` with (see above), where the platform runs them:
   * asynchronous, as a module's compilation is in a browser.
   */
  prepareWasm(host: WasmSearchHost, levels: readonly DraughtsLevel[], s: DraughtsState): Promise<void>;
  /** Runs a deep search with the searcher's helpers, if it has any and `parallel`; they stop when it ends. */
  deepSearch(
    searcher: DeepSearcher,
    state: DraughtsState,
    sp: DraughtsSearchPosition,
    limits: DeepSearchLimits & { readonly depth: number },
    parallel: boolean,
  ): SearchResult;
  /** The endgame databases the deep searchers probe (the engine's own, else the process's), if any. */
  endgames(): DeepEndgames | undefined;
  /** Ends the helper threads. */
  close(): Promise<void>;
}

/**
 * The searchers of an engine with these settings; `evaluators`, the engine's learned evaluations by rule set, is read
 * when a deep searcher is built (closures rather than a class: a page's bundle carries them minified).
 */
export function engineSearchers(
  options: SearcherSettings,
  evaluators: Partial<Record<VariantId, DeepEvaluator>>,
): EngineSearchers {
  const classic = new Map<number, DraughtsSearcher>();
  const deepSearchers = new Map<string, DraughtsDeepSearcher>();
  const helperPools = new Map<DraughtsDeepSearcher, DraughtsHelpers>();
  const spawn = defaultHelperSpawner();
  const threads = Math.max(
    1,
    Math.floor(options.threads ?? (spawn ? Math.min(MAX_DEFAULT_THREADS, availableCores()) : 1)),
  );
  // The engine's own databases, else the process's default; `false` is none.
  const endgamesOf = (): DeepEndgames | undefined =>
    options.deepSearcher?.endgames ?? (options.endgames === false ? undefined : defaultEndgames);
  const searcher = (ttLog2: number): DraughtsSearcher => {
    let s = classic.get(ttLog2);
    if (!s) {
      s = new DraughtsSearcher({ ...options.searcher, ttLog2 });
      classic.set(ttLog2, s);
    }
    return s;
  };
  // A deep searcher's key: its table size and the rule set of its learned evaluation, if any.
  const keyOf = (level: Pick<DraughtsLevel, 'ttLog2'>, learned?: VariantId): string =>
    `${level.ttLog2}${learned ?? ''}`;
  const deepSearcher = (ttLog2: number, learned?: VariantId): DraughtsDeepSearcher => {
    const key = keyOf({ ttLog2 }, learned);
    let s = deepSearchers.get(key);
    if (s) return s;
    const endgames = endgamesOf();
    const deep = { ...options.deepSearcher, ...(endgames ? { endgames } : {}) };
    const ev = learned === undefined ? undefined : evaluators[learned];
    const evaluator = ev ?? deep.evaluator;
    // Helpers must search with the main thread's evaluation (one scale in the shared table): a learned one goes to
    // them as its weights; any other evaluator object cannot travel, and its search stays on one thread.
    const data = (evaluator as { forHelpers?(): LearnedForHelpers } | undefined)?.forHelpers?.();
    const sent = learned && data ? { learned: data } : undefined;
    const own = { ...deep, ttLog2, ...(evaluator ? { evaluator } : {}) };
    if (threads > 1 && spawn && (!evaluator || sent)) {
      // The table lives in shared memory; the helpers get the settings that are plain data, the learned weights
      // and the endgame databases' folder.
      const table = new SharedArrayBuffer(DeepTable.bytes(ttLog2));
      s = new DraughtsDeepSearcher({ ...own, table });
      const { evaluator: _e, endgames, ...plain } = deep;
      const folder = endgames?.folder;
      const settings = { ...plain, ...sent, ...(folder !== undefined ? { endgamesFolder: folder } : {}) };
      helperPools.set(s, new DraughtsHelpers({ count: threads - 1, ttLog2, table, settings, spawn }));
    } else s = new DraughtsDeepSearcher(own);
    deepSearchers.set(key, s);
    return s;
  };
  const learnedFor = (level: DraughtsLevel, s: DraughtsState): VariantId | undefined => {
    const variant = s.position.variant;
    return !s.giveaway && level.learnedIn?.includes(variant) && evaluators[variant] !== undefined ? variant : undefined;
  };
  // The WebAssembly searchers, by table size and learned rule set as the JS ones: one thread, with the databases.
  const wasmSearchers = new Map<string, WasmDeepSearcher>();
  const wasmOn = options.wasm !== false && (threads === 1 || !spawn);
  return {
    searcher,
    of(level, s) {
      if (level.search !== 'deep') return searcher(level.ttLog2);
      const learned = learnedFor(level, s);
      // The databases live in JS (the WebAssembly module asks the host), so either searcher probes whichever are in
      // force at this move.
      const deep = wasmSearchers.get(keyOf(level, learned)) ?? deepSearcher(level.ttLog2, learned);
      deep.endgames = endgamesOf();
      return deep;
    },
    async prepareWasm({ wasmSearcherIfAble }, levels, s) {
      const endgames = endgamesOf();
      if (wasmOn)
        for (const level of levels) {
          const learned = learnedFor(level, s);
          const key = keyOf(level, learned);
          // The JS searcher's settings, with the learned evaluation it would take (the module refuses any other).
          const made =
            level.search === 'deep' && !wasmSearchers.has(key)
              ? await wasmSearcherIfAble({
                  ...options.deepSearcher,
                  ...(endgames ? { endgames } : {}),
                  ttLog2: level.ttLog2,
                  ...(learned ? { evaluator: evaluators[learned] } : {}),
                })
              : undefined;
          if (made) wasmSearchers.set(key, made);
        }
    },
    deepSearch(main, state, sp, limits, parallel) {
      if (!(main instanceof DraughtsDeepSearcher)) return main.search(sp, limits);
      const helpers = parallel ? helperPools.get(main) : undefined;
      if (!helpers) return main.search(sp, limits);
      const timeMs = limits.timeMs;
      const stop = helpers.start(
        state,
        { depth: limits.depth, ...(timeMs !== undefined ? { timeMs } : {}) },
        main.tt.age + 1,
      );
      try {
        return main.search(sp, limits);
      } finally {
        helpers.finish(stop);
      }
    },
    endgames: endgamesOf,
    async close() {
      await Promise.all([...helperPools.values()].map((p) => p.close()));
    },
  };
}
