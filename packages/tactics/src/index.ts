/**
 * @tactica/tactics — Tactics, the flip-piece game of the play-by-email servers, on the Tactica game contract:
 * rules (slides, bracket and sandwich flips, no-move loss, our draw rules), move notation (`f1-f4`), position text,
 * the manual's text board, game records, a fast perft, and for the computer opponent an evaluation and a make/unmake
 * search position.
 *
 *   import { tactics, renderDiagram } from '@tactica/tactics';
 *   const s = tactics.tryPlay(tactics.initial(), 'c1-c5');
 *   if (s.ok) console.log(renderDiagram(s.value));
 */
export {
  DIRECTION_NAMES,
  FILES,
  PIECE_KINDS,
  cellOf,
  faceOf,
  isDark,
  isFrozen,
  ownerOf,
  parseSquare,
  pieceDirections,
  pieceOf,
  squareName,
  type Cell,
  type DirectionName,
  type Piece,
  type PieceKind,
} from './board.js';
export { diagramCell, parseDiagram, renderDiagram } from './diagram.js';
export {
  EVAL_TERMS,
  PIECE,
  WEIGHTS,
  evaluate,
  evaluateCells,
  evaluateWhite,
  evaluationTerms,
  flipValue,
  type EvalTerm,
} from './evaluate.js';
export { MAX_MOVES, QUIET_PLY_LIMIT, TacticsEngine, packMove } from './engine.js';
export {
  END_REASONS,
  REPETITION_LIMIT,
  flipsOf,
  formatMove,
  outcomeOf,
  parseMove,
  pieceFault,
  repetitions,
  tactics,
} from './game.js';
export { formatPosition, parsePosition, pieceToken } from './position.js';
export { MAX_SEARCH_PLY, TacticsSearchPosition, type SearchPositionOptions } from './search-position.js';
export {
  RECORD_RESULTS,
  parseRecord,
  resultOf,
  writeRecord,
  type RecordResult,
  type Tag,
  type TacticsRecord,
} from './record.js';
export {
  cellAt,
  initialState,
  positionKey,
  seenKeys,
  stateFromCells,
  type SeenKeys,
  type TacticsMove,
  type TacticsState,
} from './state.js';
export * from './codes.js';
