/**
 * @tactica/tactrix — Tactrix! (Hard Core Game Design, 1994): a 10x10 chess-like game with seven odd pieces, chips on
 * the empty squares and pieces bought next to the regeneroid. Pure rules, notation, position text, Tutor, saves, and
 * for the computer opponent an evaluation and a make/unmake search position (the AI package searches it).
 *
 *   import { tactrix, tutor } from '@tactica/tactrix';
 *   const s = tactrix.initial();
 *   const next = tactrix.tryPlay(s, 'e2-e3');
 *   tutor(s, 'b1'); // { piece: { name: 'Jumpnar', cost: 6, ... }, moves: ['b1-a3', 'b1-c3'], ... }
 */
export * from './pieces.js';
export { Position, MAX_MOVES, encodeMove, moveFrom, moveTo, isPurchase } from './engine.js';
export { initialState, type TactrixMove, type TactrixState } from './state.js';
export { formatPosition, parsePosition } from './position-text.js';
export { formatMove, fromEngineMove, toEngineMove } from './notation.js';
export { tactrix, legalMoves, play, parseMove, outcomeOfState, purchaseRefusal } from './game.js';
export { moveEffects, type MoveEffects } from './effects.js';
export { tutor, describeTutor, type TutorReport, type TutorPiece } from './tutor.js';
export { formatRecord, parseRecord, formatResult, RECORD_HEADER, type TactrixRecord } from './record.js';
export { renderBoard, statusLine } from './render.js';
export { playthrough } from './playthrough.js';
export {
  CHIP,
  EVAL_TERMS,
  JERK_VALUES,
  WEIGHTS,
  evaluate,
  evaluateState,
  evaluateWhite,
  evaluationTerms,
  type EvalTerm,
} from './evaluate.js';
export { SEARCH_MOVE_LIMIT, TactrixSearchPosition } from './search-position.js';
export * from './codes.js';
