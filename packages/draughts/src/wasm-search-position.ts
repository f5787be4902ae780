/**
 * The host side of the WebAssembly search position (assembly/lib/search-position.ts and lib/evaluate.ts): sets a
 * module up for a rule set and mode, and copies a JS `DraughtsSearchPosition`'s current state into it. The functions
 * take the module's exports, so that every module built on that position (this package's test module, a search's
 * module in the AI package) is set up by the same code.
 *
 *   const x = await loadWasmSearchPosition();            // or a search module's exports
 *   setUpSearchPosition(x, RULE_SETS.international, false);
 *   loadSearchPosition(x, sp);                           // sp: a DraughtsSearchPosition, its path included
 *   const n = x.positionGenerate(x.positionKeyBuffer()); // the same keys as sp.generateMoves
 */
import { geometryOf } from './geometry.js';
import { evalTables } from './evaluate.js';
import type { RuleSet } from './rules.js';
import type { DraughtsSearchPosition } from './search-position.js';
import { configureWasmGenerator, instantiateWasm, writeZobristKeys, type GeneratorSetUp } from './wasm-generator.js';

/** What a module built on lib/search-position.ts exports (booleans come back as 0 or 1, 64-bit words as bigint). */
export interface SearchPositionExports extends GeneratorSetUp {
  squareTable(): number;
  configureEvaluation(
    giveaway: number,
    man: number,
    king: number,
    kingsToTrap: number,
    startMen: number,
    ...nearAndTwoFromCrown: number[]
  ): void;
  configurePosition(size: number, giveaway: number, counterPlies1: number, counterPlies2: number): void;
  positionBegin(length: number): void;
  positionPushHash(lo: number, hi: number): void;
  positionLoad(
    wLo: number,
    wHi: number,
    bLo: number,
    bHi: number,
    kLo: number,
    kHi: number,
    turn: number,
    irreversible: number,
    inactive: number,
    stage2: number,
  ): void;
  positionKeyBuffer(): number;
  positionGenerate(out: number): number;
  positionGenerateCaptures(out: number): number;
  positionMake(key: number): void;
  positionUnmake(): void;
  positionHashLo(): number;
  positionHashHi(): number;
  positionPathIndex(): number;
  positionDrawCounter(which: number): number;
  positionDecided(ply: number): number;
  positionStatus(): number;
  positionNoMovesResult(): number;
  positionPieceCount(): number;
  positionMen(): number;
  positionCanCrown(): number;
  positionExchangeOffers(): number;
  positionIsExchangeOffer(key: number): number;
  positionOffersExchange(key: number): number;
  positionIsTactical(key: number): number;
  positionHistoryIndex(key: number): number;
  positionEvaluate(): number;
  positionBoardSize(): number;
  positionGiveaway(): number;
  positionWhite(): bigint;
  positionBlack(): bigint;
  positionKings(): bigint;
  positionSide(): number;
  readonly UNDECIDED: { readonly value: number };
}

/**
 * Sets a module to a rule set and mode: the generator's tables and flags, the evaluation's tables (evaluate.ts's, as
 * they are), the draw counter. Call again to change rule sets; then load a position.
 */
export function setUpSearchPosition(x: SearchPositionExports, rules: RuleSet, giveaway: boolean): void {
  writeZobristKeys(x);
  configureWasmGenerator(x, rules);
  const t = evalTables(rules, giveaway);
  // A piece's square value and its advance (a man's) in one word (lib/evaluate.ts's SQUARES).
  const squares = new Int32Array(x.memory.buffer, x.squareTable(), t.psq.length);
  for (let code = 0; code < 4; code++) {
    for (let b = 0; b < 64; b++) {
      const advance = (code & 1) === 0 ? (t.advance[(code >> 1) * 64 + b] as number) : 0;
      squares[code * 64 + b] = (t.psq[code * 64 + b] as number) + advance * 65536;
    }
  }
  x.configureEvaluation(
    giveaway ? 1 : 0,
    t.manValue,
    t.kingValue,
    t.kingsToTrap,
    t.startMen,
    ...t.nearCrown,
    ...t.twoFromCrown,
  );
  x.configurePosition(
    geometryOf(rules.size).size,
    giveaway ? 1 : 0,
    2 * rules.drawCounter.m1,
    2 * rules.drawCounter.m2,
  );
}

/**
 * Copies a JS search position's current state into the module (set up for its rule set and mode): the board, the
 * side to move, the hashes of its path (game history and moves made since), the draw counters. The module's
 * position then answers as `pos` does, and goes on answering so through the moves made in it.
 */
export function loadSearchPosition(x: SearchPositionExports, pos: DraughtsSearchPosition): void {
  const n = pos.pathIndex();
  x.positionBegin(n + 1);
  for (let i = 0; i <= n; i++) x.positionPushHash(pos.hashLoAt(i), pos.hashHiAt(i));
  const { irreversible, inactive, stage2 } = pos.drawCounters();
  x.positionLoad(...pos.position().bits, pos.sideToMove(), irreversible, inactive, stage2);
}

/** This package's module (assembly/draughts-search-position.ts): the position, and perft through it inside. */
export interface SearchPositionModule extends SearchPositionExports {
  /** Leaves `depth` plies below the loaded position, moves made by key; with `evaluate`, their evaluations summed. */
  positionWalk(depth: number, evaluate: number): number;
  positionWalkEvaluations(): number;
}

let loading: Promise<SearchPositionModule> | undefined;

/** This package's search-position module on its own (instantiated on the first call, then shared). */
export function loadWasmSearchPosition(): Promise<SearchPositionModule> {
  // Imported when asked for: a bundle that never walks through this module does not carry its bytes.
  loading ??= import('./wasm/draughts-search-position.js')
    .then(({ WASM_BASE64 }) => instantiateWasm(WASM_BASE64))
    .then((x) => x as SearchPositionModule);
  return loading;
}
