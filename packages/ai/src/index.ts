/**
 * @tactica/ai — search for computer opponents, independent of any one game.
 *
 *   const searcher = new Searcher();
 *   const result = searcher.search(position, { timeMs: 1000 });   // position: a game's SearchPosition
 *   result.bestMove, result.score, result.pv, result.depth
 *
 * Games with fast generators implement `SearchPosition` (make/unmake on integer moves); any other `Game` can be
 * searched through `ContractPosition`.
 *
 * Importing this allocates nothing: the ready engines (`draughtsEngine`…) build their tables at their first move.
 * A page that plays one game imports `@tactica/ai/<game>` instead (it loads no other game), `@tactica/ai/engines`
 * loads engines by family name, `@tactica/ai/node-worker` and `@tactica/ai/web-worker` run them in workers, and
 * `@tactica/ai/review` reviews a game with any of them (no game's code of its own).
 */
export { ContractPosition, type ContractSearchOptions } from './contract-position.js';
export { Searcher, type SearcherOptions, type SearchInfo, type SearchLimits, type SearchResult } from './search.js';
export { HISTORY_SIZE, WIN, WIN_BOUND, type SearchPosition } from './search-position.js';
export { TranspositionTable } from './transposition-table.js';
export {
  findLevel,
  type Analysis,
  type AnalyseLimits,
  type Engine,
  type LevelInfo,
  type MoveChoice,
  type ThinkOptions,
} from './engine.js';
export { eloFromScore, estimateElo, type EloEstimate, type MatchScore } from './elo.js';
export {
  playMatch,
  randomOpening,
  type MatchGame,
  type MatchOptions,
  type MatchPlayer,
  type MatchResult,
} from './match.js';
export {
  analyseWith,
  decodePv,
  levelEngine,
  reportIteration,
  type DecodingPosition,
  type LevelSettings,
} from './level-engine.js';
export { lazyEngine, type ChoosingEngine } from './lazy-engine.js';
export {
  ENGINE_FAMILIES,
  loadEngine,
  parseEngineFamily,
  type EngineByFamily,
  type EngineFamily,
  type EngineOptionsByFamily,
} from './engines.js';
// Game review over any game's engine (`reviewLine`, `reviewRounds`) and its scale.
export * from './review.js';
// Each game's engine, also offered alone by its subpath (`@tactica/ai/draughts`…) for pages that play one game.
export * from './draughts.js';
export * from './force400.js';
export * from './tactics.js';
export * from './tactrix.js';
export * from './tactorus.js';
// The learned draughts evaluation and the pipeline that fits it (`npm run train:draughts`).
export {
  decodeWeights as decodeDraughtsWeights,
  encodeWeights as encodeDraughtsWeights,
  learnedEvaluatorIfLoaded,
  LEARNED_VARIANTS,
  LearnedDraughtsEvaluator,
  loadLearnedEvaluator,
  SCALAR_FEATURES as DRAUGHTS_SCALAR_FEATURES,
  WINDOW_SHAPES as DRAUGHTS_WINDOW_SHAPES,
  type DraughtsWeights,
  type LearnedEvaluatorOptions,
  type WindowShape,
} from './games/draughts/learned-eval.js';
export {
  decodeNetwork as decodeDraughtsNetwork,
  DraughtsNetwork,
  encodeNetwork as encodeDraughtsNetwork,
  networkSize as draughtsNetworkSize,
  type DraughtsNetworkData,
} from './games/draughts/network.js';
export {
  fitNetwork as fitDraughtsNetwork,
  type NetworkEpoch,
  type NetworkFit,
  type NetworkFitOptions,
} from './games/draughts/network-fit.js';
export {
  featureSet as draughtsFeatureSet,
  fitWeights,
  generatePositions,
  mergeLabelCaches,
  searchLabels,
  TRAINING_TABLE_LOG2,
  trainingPositionKey,
  type EpochLoss,
  type FeatureSet,
  type FitOptions,
  type FitResult,
  type GenerateOptions,
  type LabelCache,
  type LabelOptions,
  type MergedLabels,
  type TrainingPosition,
  type TrainingSearcher,
} from './games/draughts/train.js';
export * from './codes.js';
