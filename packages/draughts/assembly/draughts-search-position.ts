/**
 * The search position of lib/search-position.ts with its hand evaluation, on its own: what the tests drive to prove
 * it the JS `DraughtsSearchPosition` node for node (src/wasm-search-position.test.ts). A search's module
 * (packages/ai/assembly) exports the same functions, so that the same host code (src/wasm-search-position.ts) sets
 * either up.
 */
export { configure, nextTable, zobristTable } from './lib/generator';
export { advanceTable, configureEvaluation, psqTable } from './lib/evaluate';
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
