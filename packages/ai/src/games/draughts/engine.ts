/**
 * The Draughts computer opponent, for all 14 games (seven rule sets, normal and give-away), with the five skill
 * levels of the manual (3.2.2 "My skill: Dumb, Novice, Average, Good, Smart ... 5 levels of computer skill in
 * increasing strength") and a stronger one above them, Master **(ours)**.
 *
 * The manual says little of how the levels play beyond their order, that the program "just counts moves and has
 * only a basic strategic knowledge (nevertheless is still capable of trapping a single king with two, three or four
 * kings)" (1.1), and that Smart thinks long on the 10x10 board (3.2.2). So the levels are ours **(ours)**: settings
 * of the draughts searcher (`DraughtsSearcher`) over the game's make/unmake position, with the evaluation of
 * `@tactica/draughts` (material, tempo, back rank, centre, mobility, runaway men, king endings; inverted in
 * give-away):
 *
 * - Dumb: looks at its own move and the captures that follow, and picks loosely among the moves that look fine.
 * - Novice: looks at the reply too, picks among near-best moves.
 * - Average, Good, Smart, Master: search deeper and deeper (nodes capped), always the best move found.
 * - Master searches with the deep search (`DraughtsDeepSearcher`: late-move reductions, a reduced-depth probe, a
 *   bucketed table, a time manager when a clock limits it), which reaches far deeper in the same positions; the
 *   manual's five levels keep the classic searcher, their character and their node counts **(ours)**. On one thread
 *   with no endgame databases, once `prepare` has made it, the deep search runs in WebAssembly: the same tree, about
 *   twice as fast (searchers.ts; the option `wasm: false` keeps the JS).
 * - Master plays from the opening book while the position is in it (`book.ts`: positions analysed by the
 *   deep search, a pick by the seed among moves within `bookMargin` of the best); the manual's levels read no book
 *   unless the engine option `book` says so **(ours)**.
 *
 * Every level above Dumb never misses a win in one move and never allows a win in one move when some move prevents
 * it: the choice is checked by an exact look at the game's end (`immediateResults`), whatever the search said.
 * In give-away a win in one move is a move after which every reply leaves us without a move (manual 3.2.2).
 *
 * Levels are limited by depth and nodes, never by time alone, and the tables are cleared before every move, so a
 * level's move depends only on the game state and the seed (randomness only where a level picks among near-best
 * moves). A clock's budget (`timeMs`) can only shorten a search.
 *
 * Master searches on `threads` threads (Lazy SMP, smp.ts; default: the cores the platform reports, where it
 * can start threads that share memory) whenever a clock limits its move or an analysis runs by time or until
 * stopped; a move limited by its node cap alone stays on one thread, so that it depends only on the position
 * **(ours)**. With a clock, its time manager aims at `targetMs` and never passes `timeMs`; without `targetMs` (a fixed
 * time a move) it searches up to `timeMs` less a few milliseconds kept for the answer's way back (`searchMoveTime`).
 *
 *   const choice = draughtsEngine.choose(state, 'smart', { seed: 7 });   // choice.move, choice.score, choice.pv
 */
import { createRng, type Rng } from '@tactica/core';
import { DraughtsSearchPosition, type DraughtsMove, type DraughtsState, type VariantId } from '@tactica/draughts';
import type { Analysis, AnalyseLimits, Engine, LevelInfo, MoveChoice, ThinkOptions } from '../../engine.js';
import { lazyEngine } from '../../lazy-engine.js';
import { decodePv, reportIteration } from '../../level-engine.js';
import type { SearchInfo } from '../../search.js';
import { WIN, WIN_BOUND } from '../../search-position.js';
import { loadedDraughtsBook, pickBookMove, type DraughtsBook } from './book.js';
import type { FetchedEndgamesSetting } from './egdb/fetched.js';
import type { DeepEndgames, DeepEvaluator, DeepSearcherOptions } from './deep-search.js';
import { DraughtsSearcher, type DraughtsSearcherOptions } from './search.js';
import type * as MasterLoadedModule from './master-loaded.js';
import { engineSearchers } from './searchers.js';
import { nodeBuiltin } from './smp.js';
import { DeepTable } from './table.js';
import { searchMoveTime } from './time.js';

export { DraughtsSearcher, type DraughtsSearcherOptions } from './search.js';
export {
  DB_WIN,
  DEEP_SEARCH_SETTINGS,
  DraughtsDeepSearcher,
  type DeepEndgames,
  type DeepEvaluator,
  type DeepSearchLimits,
  type DeepSearcherOptions,
} from './deep-search.js';
export { DeepTable } from './table.js';
export { useDraughtsEndgames } from './searchers.js';
export {
  availableCores,
  canUseHelperThreads,
  DraughtsHelpers,
  type DraughtsHelpersOptions,
  type HelperSettings,
} from './smp.js';
export { clockMoveTime, DeepTimeManager, type MoveTime } from './time.js';

/** One level: how deep and how long it searches, and how far from the best it may stray. */
export interface DraughtsLevel extends LevelInfo {
  /** Search depth in plies (root moves scored at this depth when `margin` is set). */
  readonly depth: number;
  /** Node cap for one move (the search keeps its last completed depth). */
  readonly nodes?: number;
  /**
   * Choose at random (by the seed) among root moves scoring within this many hundredths of a man of the best; 0 or
   * absent: always the best.
   */
  readonly margin?: number;
  /** Check every choice against wins and losses in one move (every level but the lowest). */
  readonly safe: boolean;
  /** log2 of the transposition table's buckets for this level (small for quick levels: clearing it is per move). */
  readonly ttLog2: number;
  /**
   * The search: `classic` (the default) is the searcher of the manual's levels (`DraughtsSearcher`); `deep` the
   * deep search of the top level (`DraughtsDeepSearcher`: reductions, a reduced-depth probe, a time manager) **(ours)**.
   */
  readonly search?: 'classic' | 'deep';
  /**
   * The deep search's evaluation in the rule sets where it is `learned`: the learned one (learned-eval.ts)
   * when the engine was given it (`loadDraughtsEngine` loads it), in normal play; otherwise, and by default, the
   * hand-written one **(ours)**.
   */
  readonly learnedIn?: readonly VariantId[];
  /**
   * Plays from the opening book when the position is in it (`book.ts`; the engine option `book` overrides
   * this for every level). Off for the manual's levels, whose character is their search **(ours)**.
   */
  readonly book?: boolean;
  /** Picks at random (by the seed) among book moves within this many hundredths of the best; 0: always the best. */
  readonly bookMargin?: number;
}

export const DRAUGHTS_LEVELS: readonly DraughtsLevel[] = [
  {
    id: 'dumb',
    name: 'Dumb',
    description:
      'looks at its own move and the captures that follow, then picks loosely among the moves that look fine',
    depth: 1,
    margin: 90,
    safe: false,
    ttLog2: 12,
  },
  {
    id: 'novice',
    name: 'Novice',
    description: 'looks at your reply too and picks among the near-best moves; never misses a win in one move',
    depth: 2,
    margin: 30,
    safe: true,
    ttLog2: 12,
  },
  {
    id: 'average',
    name: 'Average',
    description: 'searches four moves ahead (plus every capture) and plays the best it finds',
    depth: 4,
    nodes: 1_500,
    safe: true,
    ttLog2: 14,
  },
  {
    id: 'good',
    name: 'Good',
    description: 'searches deeper: about 6 thousand positions a move',
    depth: 64,
    nodes: 6_000,
    safe: true,
    ttLog2: 16,
  },
  {
    id: 'smart',
    name: 'Smart',
    description: "the strongest of the manual's levels: about 30 thousand positions a move",
    depth: 64,
    nodes: 30_000,
    safe: true,
    ttLog2: 18,
  },
  {
    id: 'master',
    name: 'Master',
    description: "above the manual's levels: a deeper search of about 180 thousand positions a move",
    depth: 64,
    nodes: 180_000,
    safe: true,
    ttLog2: 19,
    search: 'deep',
    // Where the learned evaluation beat the hand-written one at equal time: every rule set, each with weights fitted
    // to its own games (bench/RESULTS.md, "learned evaluation").
    learnedIn: ['english', 'international', 'russian', 'spanish', 'brazilian', 'pool', 'thai'],
    book: true,
    bookMargin: 10,
  },
];

export interface DraughtsEngineOptions {
  /** The levels (default `DRAUGHTS_LEVELS`); tuning and tests pass their own. */
  readonly levels?: readonly DraughtsLevel[];
  /** The searcher's settings (reductions, extensions); the table size comes from the level. */
  readonly searcher?: Omit<DraughtsSearcherOptions, 'ttLog2'>;
  /** The deep searcher's settings, for the levels with `search: 'deep'`; the table size comes from the level. */
  readonly deepSearcher?: Omit<DeepSearcherOptions, 'ttLog2' | 'table' | 'helper'>;
  /**
   * Learned evaluations by rule set, for the levels that use them (`DraughtsLevel.learnedIn`); `prepare` adds the
   * committed one of a rule set that has none here.
   */
  readonly evaluators?: Partial<Record<VariantId, DeepEvaluator>>;
  /**
   * The rule sets whose learned evaluations `loadDraughtsEngine` loads before it returns: default every one its levels
   * use. A page passes none and lets `prepare` load the one its game is played under, so that it downloads one rule
   * set's weights, not seven **(ours)**.
   */
  readonly variants?: readonly VariantId[];
  /** The opening book on (`true`) or off (`false`) at every level; by default each level's own `book`. */
  readonly book?: boolean;
  /**
   * The books to play from, by rule set; by default those `loadDraughtsBook` has loaded (the engine never waits for
   * one: a caller that wants the book from the first move loads it first, as the catalogue does).
   */
  readonly books?: Partial<Record<VariantId, DraughtsBook>>;
  /**
   * Threads for the deep levels (Lazy SMP): default the cores the platform reports (at most 8), where it can start
   * threads sharing memory (Node; a cross-origin-isolated page), else 1; 1 keeps the single-thread search.
   */
  readonly threads?: number;
  /**
   * The endgame databases the deep levels (Master) probe, as data that can cross to a worker: the folder they are
   * read from (Node only; `loadDraughtsEngine` opens it, and a folder without slices is none), the address a page
   * fetches them from (`{ url }`: a server's `/egdb/`; `loadDraughtsEngine` fetches the slices a position needs in
   * `prepare`, within a byte budget, see `egdb/fetched.ts`), or `false` for none. Default: the process's
   * (`useDraughtsEndgames`). `deepSearcher.endgames`, an opened database, comes first **(ours)**.
   */
  readonly endgames?: string | false | FetchedEndgamesSetting;
  /**
   * The most memory one search table may take, in megabytes: a level whose table is larger gets the largest that
   * fits (default: each level's own, `ttLog2`; Master's is 32 MB). A host running many engines (a server's pool)
   * bounds them with it **(ours)**.
   */
  readonly hashMb?: number;
  /**
   * Master's search in WebAssembly where it can run there (one thread, no endgame databases; searchers.ts), made by
   * `prepare`: the same moves as the JS searcher, faster. `false` keeps the JS searcher (the reference, and tests).
   * Default true.
   */
  readonly wasm?: boolean;
}

/** A draughts engine; `close` ends its helper threads (they never keep a process alive, but a host may end them). */
export interface DraughtsEngine extends Engine<DraughtsState, DraughtsMove> {
  /** Loads the learned evaluation the levels play the position's rule set with, if it has one (not in give-away). */
  prepare(s: DraughtsState): Promise<void>;
  close(): Promise<void>;
}

/**
 * What one move of the side to move leads to at once, by the rules alone (no evaluation):
 * - `wins`: moves after which the opponent has lost before we move again (normal: he cannot move; give-away: every
 *   reply leaves us without a move);
 * - `safe`: moves after which the opponent has no such win of his own.
 */
export function immediateResults(sp: DraughtsSearchPosition): { all: number[]; wins: number[]; safe: number[] } {
  const n = sp.generateMoves(lists(0), 0);
  const all = Array.from(lists(0).subarray(0, n));
  // Plies from our move until the position where the loser is to move without a move.
  const reach = sp.giveaway ? 2 : 1;
  const wins: number[] = [];
  const safe: number[] = [];
  for (const m of all) {
    sp.makeMove(m);
    const won = loses(sp, reach - 1, 1);
    if (won) wins.push(m);
    if (won || !winsWithin(sp, reach, 1)) safe.push(m);
    sp.unmakeMove(m);
  }
  return { all, wins, safe };
}

/** Move buffers per recursion level of the checks below. */
const buffers: Int32Array[] = [];
function lists(level: number): Int32Array {
  let b = buffers[level];
  if (!b) {
    b = new Int32Array(1024);
    buffers[level] = b;
  }
  return b;
}

/** The game's result here for the side to move, by the rules (manual 2.4, 3.2.2), or undefined. */
function ruleResult(sp: DraughtsSearchPosition): -1 | 0 | 1 | undefined {
  if (sp.status() < 0) return sp.noMovesResult();
  return sp.decided(0);
}

/** The side to move can force a win within `plies` plies. */
function winsWithin(sp: DraughtsSearchPosition, plies: number, level: number): boolean {
  const r = ruleResult(sp);
  if (r !== undefined) return r === 1;
  if (plies <= 0) return false;
  const list = lists(level);
  const n = sp.generateMoves(list, 0);
  for (let i = 0; i < n; i++) {
    const m = list[i] as number;
    sp.makeMove(m);
    const won = loses(sp, plies - 1, level + 1);
    sp.unmakeMove(m);
    if (won) return true;
  }
  return false;
}

/** The side to move loses within `plies` plies whatever it does. */
function loses(sp: DraughtsSearchPosition, plies: number, level: number): boolean {
  const r = ruleResult(sp);
  if (r !== undefined) return r === -1;
  if (plies <= 0) return false;
  const list = lists(level);
  const n = sp.generateMoves(list, 0);
  for (let i = 0; i < n; i++) {
    const m = list[i] as number;
    sp.makeMove(m);
    const escaped = !winsWithin(sp, plies - 1, level + 1);
    sp.unmakeMove(m);
    if (escaped) return false;
  }
  return true;
}

/** The levels with their tables no larger than `hashMb` megabytes (the deep table's buckets are the larger). */
function levelsWithin(levels: readonly DraughtsLevel[], hashMb: number | undefined): readonly DraughtsLevel[] {
  if (hashMb === undefined) return levels;
  const most = Math.max(0, Math.floor(Math.log2((hashMb * 2 ** 20) / DeepTable.bytes(0))));
  return levels.map((l) => (l.ttLog2 > most ? { ...l, ttLog2: most } : l));
}

export function createDraughtsEngine(options: DraughtsEngineOptions = {}): DraughtsEngine {
  const levels = levelsWithin(options.levels ?? DRAUGHTS_LEVELS, options.hashMb);
  const strongest = levels[levels.length - 1];
  if (!strongest) throw new Error('an engine needs at least one level');
  // The engine's own record: `prepare` adds to it.
  const evaluators: Partial<Record<VariantId, DeepEvaluator>> = { ...options.evaluators };
  const searchers = engineSearchers(options, evaluators);
  const bookOf = (variant: VariantId): DraughtsBook | undefined =>
    options.books ? options.books[variant] : loadedDraughtsBook(variant);
  const positions = new Map<string, DraughtsSearchPosition>();
  const positionOf = (s: DraughtsState): DraughtsSearchPosition => {
    const key = `${s.position.variant}${s.giveaway ? '-g' : ''}`;
    let sp = positions.get(key);
    if (sp) sp.load(s);
    else {
      sp = new DraughtsSearchPosition(s);
      positions.set(key, sp);
    }
    return sp;
  };

  return {
    levels,
    async prepare(s: DraughtsState): Promise<void> {
      const loaded = await import('./master-loaded.js');
      if (!s.giveaway) await addLearned(loaded, levels, s.position.variant, evaluators);
      await searchers.prepareWasm(loaded, levels, s);
    },
    choose(s: DraughtsState, levelId: string, think: ThinkOptions = {}): MoveChoice<DraughtsMove> {
      if (s.over) throw new Error('choose() called on a finished game');
      // The clock runs from here: the checks and the table's clearing come out of the move's time.
      const started = performance.now();
      const level = levels.find((l) => l.id === levelId) ?? strongest;
      const rng = createRng(think.seed ?? 0);
      const say = think.onThought ?? ((): void => undefined);
      const sp = positionOf(s);
      const allowed = allowedMoves(sp, level, rng, say);
      if (!Array.isArray(allowed)) return allowed;
      const book = (options.book ?? level.book ?? false) && !s.giveaway ? bookOf(s.position.variant) : undefined;
      const fromBook = book ? bookChoice(book, s, sp, allowed, level, rng, say) : undefined;
      if (fromBook) return fromBook;
      const search = searchers.searcher(level.ttLog2);
      const main = searchers.of(level, s);
      main.reset();
      if (level.margin !== undefined && level.margin > 0) return pickNearBest(search, sp, level, allowed, rng, say);
      const onIteration = think.onIteration;
      // Only iterations whose best move the rules check allows: a client may play the last one reported.
      const report = onIteration
        ? (info: SearchInfo): void => {
            if (info.bestMove !== undefined && allowed.includes(info.bestMove)) {
              reportIteration(() => new DraughtsSearchPosition(s), onIteration)(info);
            }
          }
        : undefined;
      // A clock's budget is the deep search's hard limit; its time manager aims at the target.
      const spent = performance.now() - started;
      const limits = {
        depth: level.depth,
        ...(level.nodes !== undefined ? { nodes: level.nodes } : {}),
        ...(think.timeMs !== undefined ? searchMoveTime(think.timeMs, think.targetMs, spent) : {}),
        ...(think.stop ? { stop: think.stop } : {}),
        ...(report ? { onIteration: report } : {}),
      };
      const r =
        main instanceof DraughtsSearcher
          ? main.search(sp, limits)
          : searchers.deepSearch(main, s, sp, limits, think.timeMs !== undefined);
      const { move: bestMove, score } =
        r.bestMove !== undefined && allowed.includes(r.bestMove)
          ? { move: r.bestMove, score: r.score }
          : bestAllowed(search, sp, allowed);
      const pv = bestMove === r.bestMove ? decodePv(sp, r.pv) : [sp.decode(bestMove)];
      say(
        `Looked ${r.depth} moves ahead (${r.nodes} positions): ${score >= WIN_BOUND ? 'I see a win' : score <= -WIN_BOUND ? 'I see a loss unless you slip' : `score ${(score / 100).toFixed(2)}`}.`,
      );
      const endgameHits = main instanceof DraughtsSearcher ? {} : { endgameHits: main.dbHits };
      return { move: sp.decode(bestMove), score, depth: r.depth, nodes: r.nodes, pv, ...endgameHits };
    },
    analyse(s: DraughtsState, limits: AnalyseLimits): Analysis<DraughtsMove> {
      const sp = positionOf(s);
      // With no limit at all, the strongest level's budget (a search must end by itself).
      const unlimited = limits.depth === undefined && limits.timeMs === undefined && limits.nodes === undefined;
      const nodes = limits.nodes ?? (unlimited ? strongest.nodes : undefined);
      const searchLimits = {
        depth: limits.depth ?? 64,
        ...(limits.timeMs !== undefined ? { timeMs: limits.timeMs } : {}),
        ...(nodes !== undefined ? { nodes } : {}),
        ...(limits.stop ? { stop: limits.stop } : {}),
        ...(limits.onIteration ? { onIteration: reportIteration(() => positionOf(s), limits.onIteration) } : {}),
      };
      const searcher = searchers.of(strongest, s);
      // What the databases prove about the position, said beside the search's score (which, for a root in the
      // databases, steers by the evaluation among the moves that keep the value).
      const db = !(searcher instanceof DraughtsSearcher) && !s.giveaway ? searchers.endgames() : undefined;
      const value = db && sp.pieceCount() <= db.maxPieces ? db.probe(sp) : undefined;
      const proven = value === undefined ? {} : { proven: value };
      const parallel = limits.timeMs !== undefined || limits.stop !== undefined;
      const r =
        searcher instanceof DraughtsSearcher
          ? searcher.search(sp, searchLimits)
          : searchers.deepSearch(searcher, s, sp, searchLimits, parallel);
      return { score: r.score, depth: r.depth, nodes: r.nodes, timeMs: r.timeMs, pv: decodePv(sp, r.pv), ...proven };
    },
    close: () => searchers.close(),
  };
}

type Say = (thought: string) => void;
type MasterLoaded = typeof MasterLoadedModule;

/**
 * The moves a level may play after the rules check (`immediateResults`): a level that plays safe wins at once when
 * it can and avoids the moves that let the opponent win at once; the choice itself when that settles it.
 */
function allowedMoves(
  sp: DraughtsSearchPosition,
  level: DraughtsLevel,
  rng: Rng,
  say: Say,
): number[] | MoveChoice<DraughtsMove> {
  const checked = immediateResults(sp);
  const { all } = checked;
  if (all.length === 0) throw new Error('choose() called in a position without legal moves');
  let allowed = all;
  if (level.safe) {
    if (checked.wins.length > 0) {
      // Any of them ends the game at once: nothing to search.
      say('I can win at once.');
      const win = checked.wins[rng.int(checked.wins.length)] as number;
      const plies = sp.giveaway ? 2 : 1;
      return { move: sp.decode(win), score: WIN - plies, depth: plies };
    }
    if (checked.safe.length > 0 && checked.safe.length < all.length) {
      say(`${all.length - checked.safe.length} of my moves would let you win at once; I avoid them.`);
      allowed = checked.safe;
    }
  }
  if (allowed.length === 1) return { move: sp.decode(allowed[0] as number), depth: 0 };
  return allowed;
}

/** A move from the opening book among the allowed ones (the book's are legal; the rules check is about the next). */
function bookChoice(
  book: DraughtsBook,
  s: DraughtsState,
  sp: DraughtsSearchPosition,
  allowed: readonly number[],
  level: DraughtsLevel,
  rng: Rng,
  say: Say,
): MoveChoice<DraughtsMove> | undefined {
  const choices = book.movesAt(s.position).filter((c) => allowed.includes(sp.encode(c.move)));
  const pick = pickBookMove(choices, level.bookMargin ?? 0, rng);
  if (!pick) return undefined;
  say(`From my opening book (${choices.length} move${choices.length === 1 ? '' : 's'} there).`);
  return { move: pick.move, score: pick.score, depth: 0, pv: [pick.move] };
}

/** A level with a `margin`: the root's allowed moves scored at its depth, one within the margin of the best. */
function pickNearBest(
  search: DraughtsSearcher,
  sp: DraughtsSearchPosition,
  level: DraughtsLevel,
  allowed: readonly number[],
  rng: Rng,
  say: Say,
): MoveChoice<DraughtsMove> {
  const scored = search.scoreRootMoves(sp, level.depth).filter((x) => allowed.includes(x.move));
  const best = Math.max(...scored.map((x) => x.score));
  const near = scored.filter((x) => x.score >= best - (level.margin as number));
  const pick = near[rng.int(near.length)] ?? scored[0];
  if (!pick) throw new Error('no root move scored');
  say(`${near.length} move${near.length === 1 ? '' : 's'} look about as good; I pick one.`);
  return { move: sp.decode(pick.move), score: pick.score, depth: level.depth, nodes: search.nodeCount };
}

/**
 * When the search preferred a move the rules check forbids (a loss it could not see, or a slower win): the best of
 * the allowed moves at a shallow depth instead.
 */
function bestAllowed(
  search: DraughtsSearcher,
  sp: DraughtsSearchPosition,
  allowed: readonly number[],
): { move: number; score: number } {
  search.reset();
  const scored = search.scoreRootMoves(sp, 4).filter((x) => allowed.includes(x.move));
  scored.sort((a, b) => b.score - a.score);
  const top = scored[0];
  if (!top) throw new Error('no root move scored');
  return { move: top.move, score: top.score };
}

/**
 * `createDraughtsEngine` with the learned evaluations loaded for the levels that play with them (Master, where it
 * measured better: bench/RESULTS.md), of every rule set or of `options.variants`. Their weights are chunks of their
 * own, one a rule set, imported here or by `prepare` and not before.
 */
export async function loadDraughtsEngine(options: DraughtsEngineOptions = {}): Promise<DraughtsEngine> {
  const levels = options.levels ?? DRAUGHTS_LEVELS;
  const evaluators: Partial<Record<VariantId, DeepEvaluator>> = { ...options.evaluators };
  const wanted = [...(options.variants ?? new Set(levels.flatMap((l) => l.learnedIn ?? [])))];
  // Master's chunk only when a rule set's weights are wanted now (a page asks for none: `prepare` loads it).
  if (wanted.length > 0) {
    const loaded = await import('./master-loaded.js');
    for (const variant of wanted) await addLearned(loaded, levels, variant, evaluators);
  }
  const folder = options.endgames;
  if (typeof folder === 'object' && !options.deepSearcher?.endgames) return fetchingEngine(options, folder, evaluators);
  if (typeof folder !== 'string' || options.deepSearcher?.endgames)
    return createDraughtsEngine({ ...options, evaluators });
  // A folder without slices (or unreadable, or not on Node) is no databases, not the process's default.
  const endgames = await openEndgamesFolder(folder);
  const deepSearcher = { ...options.deepSearcher, ...(endgames ? { endgames } : {}) };
  return createDraughtsEngine({ ...options, evaluators, deepSearcher, endgames: endgames ? folder : false });
}

/**
 * An engine whose databases are fetched from an address (a page's): the loader is a chunk of its own, and the
 * engine's `prepare` fetches what the position needs before each search.
 */
async function fetchingEngine(
  options: DraughtsEngineOptions,
  setting: FetchedEndgamesSetting,
  evaluators: Partial<Record<VariantId, DeepEvaluator>>,
): Promise<DraughtsEngine> {
  const { FetchedEndgames } = await import('./egdb/fetched.js');
  const endgames = new FetchedEndgames(setting);
  const deepSearcher = { ...options.deepSearcher, endgames };
  const engine = createDraughtsEngine({ ...options, evaluators, deepSearcher, endgames: false });
  return {
    ...engine,
    async prepare(s: DraughtsState): Promise<void> {
      await engine.prepare(s);
      await endgames.prepare(s);
    },
  };
}

/**
 * The endgame databases of a folder (Node only: the module is reached by a computed specifier, so that a page's
 * bundle never takes in its `node:fs`); undefined when it holds none.
 */
async function openEndgamesFolder(folder: string): Promise<DeepEndgames | undefined> {
  if (nodeBuiltin('node:fs') === undefined) return undefined;
  const specifier = '../../node-egdb.js';
  const egdb = (await import(/* @vite-ignore */ specifier)) as {
    openEgdbFolders(dir: string): DeepEndgames | undefined;
  };
  return egdb.openEgdbFolders(folder);
}

/**
 * Adds the committed learned evaluation of a rule set to `evaluators` when a level plays one there and none is given
 * (the weights' chunk imported on first use).
 */
async function addLearned(
  { loadLearnedEvaluator }: MasterLoaded,
  levels: readonly DraughtsLevel[],
  variant: VariantId,
  evaluators: Partial<Record<VariantId, DeepEvaluator>>,
): Promise<void> {
  if (evaluators[variant] !== undefined || !levels.some((l) => l.learnedIn?.includes(variant))) return;
  const ev = await loadLearnedEvaluator(variant);
  if (ev) evaluators[variant] ??= ev;
}

/** The engine with the manual's five levels and Master, made on first use (importing allocates nothing). */
export const draughtsEngine: Engine<DraughtsState, DraughtsMove> = /* @__PURE__ */ lazyEngine(DRAUGHTS_LEVELS, () =>
  createDraughtsEngine(),
);
