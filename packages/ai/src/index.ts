/**
 * @tactica/ai — search for computer opponents, independent of any one game.
 *
 *   const searcher = new Searcher();
 *   const result = searcher.search(position, { timeMs: 1000 });   // position: a game's SearchPosition
 *   result.bestMove, result.score, result.pv, result.depth
 *
 * Games with fast generators implement `SearchPosition` (make/unmake on integer moves); any other `Game` can be
 * searched through `ContractPosition`.
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
export { TACTRIX_LEVELS, createTactrixEngine, tactrixEngine, type TactrixLevel } from './games/tactrix.js';
export {
  TACTORUS_LEVELS,
  TactorusAi,
  playOrders,
  playTactorusMatch,
  randomTactorusOpening,
  solveMatrixGame,
  tactorusEngine,
  type TactorusAiOptions,
  type TactorusChoice,
  type TactorusLevel,
} from './games/tactorus.js';
export { SAFE_DEPTH, TACTICS_LEVELS, createTacticsEngine, tacticsEngine, type TacticsLevel } from './games/tactics.js';
export {
  DRAUGHTS_LEVELS,
  DraughtsSearcher,
  createDraughtsEngine,
  draughtsEngine,
  immediateResults,
  type DraughtsLevel,
} from './games/draughts.js';
export { FORCE400_LEVELS, createForce400Engine, force400Engine, type Force400Level } from './games/force400.js';
