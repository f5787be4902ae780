/**
 * @tactica/ai/draughts — the Draughts computer opponent alone, for a page that plays draughts: its levels as plain
 * data, its factory, and a ready engine made on first use. Importing this allocates nothing and loads no other game.
 *
 *   import { createDraughtsEngine, DRAUGHTS_LEVELS } from '@tactica/ai/draughts';
 *   const engine = createDraughtsEngine();                      // tables are built at the first choose
 *   const choice = engine.choose(state, 'smart', { seed: 7 });  // choice.move, choice.score, choice.pv
 *   const t = clockMoveTime({ remainingMs: 60_000, incrementMs: 500 });  // a clock's share: targetMs, timeMs
 *   engine.choose(state, 'master', t);               // Master on every core (Lazy SMP) when a clock limits it
 *   await engine.close();                            // ends its helper threads
 */
export {
  DRAUGHTS_LEVELS,
  DraughtsSearcher,
  DraughtsDeepSearcher,
  DeepTable,
  DB_WIN,
  DEEP_SEARCH_SETTINGS,
  createDraughtsEngine,
  draughtsEngine,
  loadDraughtsEngine,
  immediateResults,
  useDraughtsEndgames,
  type DraughtsEngineOptions,
  type DraughtsLevel,
  type DraughtsSearcherOptions,
  type DeepEndgames,
  type DeepEvaluator,
  type DeepSearchLimits,
  type DeepSearcherOptions,
  availableCores,
  canUseHelperThreads,
  clockMoveTime,
  DeepTimeManager,
  DraughtsHelpers,
  type DraughtsEngine,
  type DraughtsHelpersOptions,
  type HelperSettings,
  type MoveTime,
} from './games/draughts/engine.js';
export {
  BOOK_VARIANTS,
  bookKey,
  DraughtsBook,
  loadDraughtsBook,
  loadedDraughtsBook,
  pickBookMove,
  positionOfKey,
  type BookChoice,
  type BookMove,
} from './games/draughts/book.js';
