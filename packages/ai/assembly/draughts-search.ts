/**
 * The deep draughts search in WebAssembly (lib/deep-search.ts) over the draughts package's search position in the
 * same module, so that a node costs no call between JavaScript and WebAssembly. The host,
 * src/games/draughts/deep-search-wasm.ts, sets the position up with the draughts package's host code (the same
 * exports as packages/draughts/assembly/draughts-search-position.ts) and, for the learned evaluation, with
 * src/games/draughts/learned-wasm.ts; it drives the iterations and keeps the clock.
 */
export {
  searchBegin,
  searchDatabase,
  searchDbHits,
  searchInit,
  searchLmrTables,
  searchMoveAt,
  searchNodes,
  searchPv,
  searchPvLength,
  searchRoot,
  searchRootAllowed,
  searchRootMoves,
  searchRootOnly,
  searchRootScore,
  searchSelDepth,
  searchStat,
  searchStopped,
  searchUseLearned,
} from './lib/deep-search';
// The learned evaluation's set-up (src/games/draughts/learned-wasm.ts, `writeLearnedEvaluation`).
export {
  learnedAreasAt,
  learnedLayout,
  learnedMasksAt,
  learnedPatternsAt,
  learnedReady,
  learnedScalarsAt,
  learnedWindowsAt,
} from './lib/learned-eval';
export { networkLayout, networkReady, networkTableAt } from './lib/network';
export { tableClear, tableNextGeneration } from './lib/table';
export { orderAge, orderClear } from './lib/move-order';
// The search position's functions, set up and loaded by the draughts package's host (src/wasm-search-position.ts).
export * from '../../draughts/assembly/draughts-search-position';
