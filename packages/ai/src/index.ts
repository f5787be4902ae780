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
export { Searcher, type SearchInfo, type SearchLimits, type SearchResult } from './search.js';
export { HISTORY_SIZE, WIN, WIN_BOUND, type SearchPosition } from './search-position.js';
export { TranspositionTable } from './transposition-table.js';
