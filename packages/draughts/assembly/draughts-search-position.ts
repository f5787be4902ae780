/**
 * The search position of lib/search-position.ts with its hand evaluation, on its own: what the tests drive to prove
 * it the JS `DraughtsSearchPosition` node for node (src/wasm-search-position.test.ts). A search's module
 * (packages/ai/assembly) exports the same functions, so that the same host code (src/wasm-search-position.ts) sets
 * either up. Besides, `positionWalk`: perft through the position inside the module.
 */
import { positionEvaluate, positionGenerate, positionMake, positionUnmake } from './lib/search-position';

export { configure, nextTable, zobristTable } from './lib/generator';
export { configureEvaluation, squareTable } from './lib/evaluate';
export {
  configurePosition,
  positionBegin,
  positionBlack,
  positionBoardSize,
  positionCanCrown,
  positionDecided,
  positionDrawCounter,
  positionEvaluate,
  positionExchangeOffers,
  positionGenerate,
  positionGenerateCaptures,
  positionGiveaway,
  positionHashHi,
  positionHashLo,
  positionHistoryIndex,
  positionIsExchangeOffer,
  positionIsTactical,
  positionKeyBuffer,
  positionKings,
  positionLoad,
  positionMake,
  positionMen,
  positionNoMovesResult,
  positionOffersExchange,
  positionPathIndex,
  positionPieceCount,
  positionPushHash,
  positionSide,
  positionStatus,
  positionUnmake,
  positionWhite,
  UNDECIDED,
} from './lib/search-position';

/** Keys a ply of `positionWalk` has room for, and its plies. */
const WALK_KEYS = 1024;
const WALK_PLIES = 64;
/** The walk's lists, one a ply: a heap block taken on the first walk (beside the move records, never over them). */
let walkKeys: usize = 0;
let evaluations: f64 = 0;

function walk(depth: i32, ply: i32, evaluate: bool): f64 {
  if (depth === 0) {
    if (evaluate) evaluations += <f64>positionEvaluate();
    return 1;
  }
  const list = walkKeys + <usize>ply * WALK_KEYS * 4;
  const n = positionGenerate(list);
  let total: f64 = 0;
  for (let i = 0; i < n; i++) {
    positionMake(load<i32>(list + ((<usize>i) << 2)));
    total += walk(depth - 1, ply + 1, evaluate);
    positionUnmake();
  }
  return total;
}

/**
 * Perft through the search position, the way a search walks (every move generated as keys, made by key, unmade; at
 * most 64 plies), from the loaded position: the tree's leaves, and with `evaluate` the sum of their evaluations
 * (`positionWalkEvaluations`). What bench/perft.js measures the position by, and the tests compare with the JS walk.
 */
export function positionWalk(depth: i32, evaluate: bool): f64 {
  if (walkKeys === 0) walkKeys = heap.alloc(<usize>WALK_PLIES * WALK_KEYS * 4);
  evaluations = 0;
  return walk(min(depth, WALK_PLIES), 0, evaluate);
}

export function positionWalkEvaluations(): f64 {
  return evaluations;
}
