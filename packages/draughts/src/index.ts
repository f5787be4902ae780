/**
 * @tactica/draughts — the seven draughts rule sets of the Draughts Galore manual (International, English, Spanish,
 * Russian, Brazilian, Thai, Pool), each also in give-away mode: 14 games over one move generator.
 *
 *   import { draughtsGame, parseFen, perftPosition } from '@tactica/draughts';
 *   const game = draughtsGame('international');          // or draughtsGame('russian', { giveaway: true })
 *   let s = game.initial();
 *   s = unwrap(game.tryPlay(s, '32-28'));                 // untrusted text in: coded errors, never a throw
 *   game.legalMoves(s).map((m) => game.formatMove(s, m)); // ['19-23', '19-24', ...]
 *   game.outcome(s);                                      // undefined, or { kind, winner?, reason }
 *   perftPosition(unwrap(parseFen('W:W31-50:B1-20', 'international')), 6); // 167140
 *
 * The public API (stable; other packages build PDN, replay and play on it):
 * - Rule sets: `VARIANT_IDS`, `RULE_SETS[id]` (data records citing the manual), `isVariantId`.
 * - Games: `draughtsGame(variant, { giveaway })` implements the core `Game` contract with `DraughtsState` and
 *   `DraughtsMove`; `allDraughtsGames()` gives all 14. Seat 0 is White and seat 1 Black in every rule set (English
 *   and Pool start with Black). `game.fromPosition(pos)` starts a game from a position with fresh counters.
 * - State: `DraughtsState` is immutable plain data: `position`, `giveaway`, the manual's move counters, the
 *   positions seen (threefold repetition), and `over` once the game has ended. `playMove(s, m)` (= `game.play`),
 *   `stateFrom(pos, giveaway)`, `drawCounter(s)` for the status line (stage 1 or 2 and half-moves left).
 *   Outcome reasons: `no-moves` (the side to move cannot move: it loses, or wins in give-away), `last-piece-taken`
 *   (the side to move has no piece left: it loses; in give-away `no-pieces-left`, it wins), `threefold`,
 *   `move-limit`, `resigned`, `agreed`.
 * - Positions: `Position` (board + side to move), `initialPosition`, `pieceAt(pos, square)`, `pieces(pos)`,
 *   `positionOf(variant, pieces, turn)`, `pieceCounts`, `samePosition`. Squares are always the rule set's PDN
 *   numbers (1..32 or 1..50; Spanish numbered on its mirrored board from White's right-hand corner).
 * - Moves: `DraughtsMove` { from, to, path, captures, crowns }; `generateMoves(pos)`, `applyMove(pos, m)`,
 *   `sameMove(a, b)` (same start, end and taken pieces = same move).
 * - Notation: `formatMove(pos, m, legal)` (shortest unambiguous PDN text), `fullMoveText(pos, m)`,
 *   `parseMove(pos, text, legal?)` (tolerant), `squareName(pos, n)`; errors `move/syntax`, `move/bad-square`,
 *   `move/illegal`, `move/ambiguous` (and `move/game-over`, `move/not-your-turn` from the game).
 * - FEN: `parseFen(text, variant)` / `makeFen(pos)`; errors `fen/empty`, `fen/syntax`, `fen/bad-turn`,
 *   `fen/bad-color`, `fen/duplicate-color`, `fen/missing-color`, `fen/bad-square`, `fen/bad-range`,
 *   `fen/duplicate-square`. `readSquare(squares, text)`.
 * - Squares: `squaresOf(rules)` maps PDN numbers, internal squares and file/rank (as drawn for the rule set).
 * - Diagrams: `boardDiagram(pos, { flip, coordinates })`, `parseDiagram(variant, text, turn)`.
 * - Perft: `perftPosition(pos, depth, { unique })` (pure move tree, draw rules ignored, as published tables count),
 *   `dividePosition(pos, depth)`; `game.perft(s, depth)` follows the contract (drawn positions have no moves) and
 *   uses the fast generator whenever that cannot differ. `perftMakingLeaves(pos, depth)` walks as a search does (no
 *   bulk count, every move made with its hash update). `await loadWasmGenerator()`: the generator's WebAssembly port
 *   (perft, divide, the same walks; measured against the JS engine, which the games and the search use).
 * - Computer opponent: `evaluate(pos, giveaway)` (side to move's view, hundredths of a man) and
 *   `DraughtsSearchPosition` (make/unmake over integer move keys, incremental Zobrist hash, draw rules; the shape of
 *   the AI package's `SearchPosition`).
 */
export {
  CAPTURE_PRECEDENCES,
  isVariantId,
  KING_KINDS,
  REMOVALS,
  RULE_SETS,
  VARIANT_IDS,
  type CapturePrecedence,
  type Color,
  type KingKind,
  type Removal,
  type RuleSet,
  type VariantId,
} from './rules.js';
export { squaresOf, type Squares } from './geometry.js';
export {
  BLACK,
  initialPosition,
  pieceAt,
  pieceCounts,
  pieces,
  positionOf,
  samePosition,
  WHITE,
  type Piece,
  type PlacedPiece,
  type Position,
} from './position.js';
export {
  applyMove,
  compareMoves,
  generateMoves,
  hasMoves,
  perftPosition,
  sameMove,
  type DraughtsMove,
} from './moves.js';
export { formatMove, fullMoveText, parseMove, squareName } from './notation.js';
export { makeFen, parseFen, readSquare } from './fen.js';
export { boardDiagram, parseDiagram, type DiagramOptions } from './diagram.js';
export {
  allDraughtsGames,
  draughtsGame,
  drawCounter,
  playingOn,
  playMove,
  PLAYER_NAMES,
  stateFrom,
  withoutMoveCounter,
  type DraughtsGame,
  type DraughtsOptions,
  type DraughtsState,
  type DrawCounter,
} from './game.js';
export { dividePosition, type DivideEntry } from './divide.js';
// The computer opponent's view: static evaluation and the make/unmake search position (the AI package searches it).
export { lowBit, pop, pop2 } from './bits.js';
export { evalTables, evaluate, evaluateBits, kingSteps, psqTotals, type EvalTables } from './evaluate.js';
export {
  DraughtsSearchPosition,
  hashPosition,
  keyCaptures,
  KEY_CAPTURE,
  KEY_CROWNS,
  KEY_IDENTITY,
} from './search-position.js';
// The raw bitboard generator and its geometry, for tools that walk every position (the endgame database builder).
export { Engine, FLAG_CROWNS, M_CAP_HI, M_CAP_LO, M_FLAGS, M_FROM, M_TO, STRIDE } from './engine.js';
export { geometryOf, type Geometry } from './geometry.js';
// PDN 3.0 games (read with every move checked, write canonically): see ./pdn/index.ts.
export {
  formatResult,
  gamePositions,
  GIVEAWAY_VARIANT_TAG,
  isGiveawayName,
  LIDRAUGHTS_ANTIDRAUGHTS,
  moveNumberLabel,
  parsePdn,
  parseResult,
  PDN_GAME_TYPES,
  PDN_RESULTS,
  iteratePdn,
  iteratePdnPieces,
  readPdn,
  variantOfGameType,
  writePdn,
  writePdnGame,
  type PdnComment,
  type PdnError,
  type PdnGame,
  type PdnReadOptions,
  type PdnResult,
  type PdnTag,
} from './pdn/index.js';
export { acfBallots, type Ballot } from './openings.js';
export * from './codes.js';
// The WebAssembly port of the generator (measured against the JS engine: bench/perft.js --wasm), and the search-like
// perft both are measured with.
export { loadWasmGenerator, type WasmDivideEntry, type WasmGenerator } from './wasm-generator.js';
export { perftMakingLeaves, type LeafWalk } from './leaf-walk.js';
// The WebAssembly search position (assembly/lib/search-position.ts): set up and loaded from a JS search position by
// the host of any module built on it (a search's module in the AI package).
export {
  loadSearchPosition,
  loadWasmSearchPosition,
  setUpSearchPosition,
  type SearchPositionExports,
  type SearchPositionModule,
} from './wasm-search-position.js';
