/**
 * The WebAssembly port of the move generator (assembly/lib/generator.ts, compiled into wasm/): the host side. It
 * instantiates the modules once from their committed bytes (the same in Node, workers and browsers: an asynchronous
 * instantiation, since browsers refuse to compile modules over 4 KB synchronously on their main thread), writes the
 * geometry and the Zobrist keys into their memory, loads positions and runs perft: inside the perft module, or driven
 * from here a node at a time through the stepwise module. The JS `Engine` stays the reference and the generator the
 * game and the search use; this one is measured against it (bench/perft.js --wasm).
 *
 *   const wasm = await loadWasmGenerator();
 *   wasm.perft(initialPosition('international'), 6); // 1 165 194, as perftPosition
 */
import { geometryOf, squaresOf } from './geometry.js';
import { zobristKeyWords, type LeafWalk } from './leaf-walk.js';
import type { Position } from './position.js';
import { RULE_SETS, type RuleSet, type VariantId } from './rules.js';
import { hashPosition } from './search-position.js';
import { WASM_BASE64 as STEPWISE_BASE64 } from './wasm/draughts-generator-stepwise.js';
import { WASM_BASE64 as PERFT_BASE64 } from './wasm/draughts-generator.js';

/** The part of the WebAssembly API used here (the packages' `lib` is ES2022 alone, which does not declare it). */
declare const WebAssembly: {
  instantiate(bytes: Uint8Array): Promise<{ instance: { exports: unknown } }>;
};

/**
 * What every module built on lib/generator.ts exports to be set up: the tables the host writes and the rule set
 * (the search position's module and a search's module too, see wasm-search-position.ts).
 */
export interface GeneratorSetUp {
  readonly memory: { readonly buffer: ArrayBuffer };
  nextTable(): number;
  zobristTable(): number;
  configure(
    half: number,
    validLo: number,
    validHi: number,
    topLo: number,
    topHi: number,
    bottomLo: number,
    bottomHi: number,
    backward: number,
    kings: number,
    immediate: number,
    crownsMidCapture: number,
    precedence: number,
  ): void;
}

/** What both modules here export (assembly/lib/generator.ts). */
interface CommonExports extends GeneratorSetUp {
  setUnique(on: number): void;
  setPosition(...words: number[]): void;
  generateMoves(): number;
  leafHashSum(half: number): number;
}

/** assembly/draughts-generator.ts */
interface PerftExports extends CommonExports {
  perft(depth: number): number;
  perftMakingLeaves(depth: number): number;
  makeMove(slot: number): void;
  unmakeMove(slot: number): void;
  moveFrom(slot: number): number;
  moveTo(slot: number): number;
  moveFlags(slot: number): number;
  moveTaken(slot: number, half: number): number;
}

/** assembly/draughts-generator-stepwise.ts */
interface StepwiseExports extends CommonExports {
  readonly MAX_PLIES: { readonly value: number };
  firstFreeSlot(): number;
  freeSlotsFrom(slot: number): void;
  makeMoveHashed(slot: number): void;
  unmakeMoveHashed(slot: number): void;
  countLeaf(): void;
}

/** A root move and the leaves below it, as the generator lists them (squares are PDN numbers). */
export interface WasmDivideEntry {
  readonly from: number;
  readonly to: number;
  /** Squares of the taken pieces, ascending. */
  readonly captures: readonly number[];
  readonly crowns: boolean;
  readonly nodes: number;
}

export interface WasmGenerator {
  /** Perft with bulk counting at the last ply; `unique: false` counts duplicate capture paths (as perftPosition). */
  perft(pos: Position, depth: number, options?: { unique?: boolean }): number;
  /** Perft making every move with its hash update, as leaf-walk.ts's `perftMakingLeaves`. */
  perftMakingLeaves(pos: Position, depth: number): LeafWalk;
  /**
   * The same walk driven from JS a node at a time (generate, make, unmake and each leaf one call into the module), as
   * a search in JS would drive this generator: what the boundary costs per node.
   */
  perftMakingLeavesFromJs(pos: Position, depth: number): LeafWalk;
  /** Perft split by root move, in the generator's order. */
  divide(pos: Position, depth: number, options?: { unique?: boolean }): WasmDivideEntry[];
}

const KING_KINDS = { 'one-step': 0, flying: 1, 'flying-land-behind': 2 } as const;
const PRECEDENCES = { free: 0, quantity: 1, 'quantity-then-kings': 2 } as const;

/** One instantiated module: the rule set it is configured for; loads a position into it. */
class Module<T extends CommonExports> {
  private variant: VariantId | undefined;

  constructor(readonly x: T) {
    writeZobristKeys(x);
  }

  load(pos: Position, unique: boolean): T {
    if (this.variant !== pos.variant) this.configure(RULE_SETS[pos.variant]);
    this.variant = pos.variant;
    const [hashLo, hashHi] = hashPosition(pos.bits, pos.turn);
    this.x.setUnique(unique ? 1 : 0);
    this.x.setPosition(...pos.bits, pos.turn, hashLo, hashHi);
    return this.x;
  }

  private configure(rules: RuleSet): void {
    configureWasmGenerator(this.x, rules);
  }
}

/** Writes the Zobrist keys into a module built on lib/generator.ts (once: they are the same for every rule set). */
export function writeZobristKeys(x: GeneratorSetUp): void {
  const words = zobristKeyWords();
  new Uint32Array(x.memory.buffer, x.zobristTable(), words.length).set(words);
}

/** Sets a module built on lib/generator.ts to a rule set: its neighbour table, geometry and rule flags. */
export function configureWasmGenerator(x: GeneratorSetUp, rules: RuleSet): void {
  const g = geometryOf(rules.size);
  new Int8Array(x.memory.buffer, x.nextTable(), g.next.length).set(g.next);
  x.configure(
    g.half,
    g.validLo,
    g.validHi,
    g.topLo,
    g.topHi,
    g.bottomLo,
    g.bottomHi,
    rules.manCapturesBackward ? 1 : 0,
    KING_KINDS[rules.king],
    rules.removal === 'immediate' ? 1 : 0,
    rules.crownsMidCapture ? 1 : 0,
    PRECEDENCES[rules.precedence],
  );
}

class Generator implements WasmGenerator {
  constructor(
    private readonly perftModule: Module<PerftExports>,
    private readonly stepwise: Module<StepwiseExports>,
  ) {}

  perft(pos: Position, depth: number, options: { unique?: boolean } = {}): number {
    return this.perftModule.load(pos, options.unique ?? true).perft(depth);
  }

  perftMakingLeaves(pos: Position, depth: number): LeafWalk {
    const x = this.perftModule.load(pos, true);
    const nodes = x.perftMakingLeaves(depth);
    return { nodes, hashSumLo: x.leafHashSum(0), hashSumHi: x.leafHashSum(1) };
  }

  perftMakingLeavesFromJs(pos: Position, depth: number): LeafWalk {
    const x = this.stepwise.x;
    if (depth > x.MAX_PLIES.value) throw new RangeError(`depth ${depth} is over ${x.MAX_PLIES.value}`);
    this.stepwise.load(pos, true);
    const nodes = this.walk(depth);
    return { nodes, hashSumLo: x.leafHashSum(0), hashSumHi: x.leafHashSum(1) };
  }

  private walk(depth: number): number {
    const x = this.stepwise.x;
    if (depth === 0) {
      x.countLeaf();
      return 1;
    }
    const start = x.firstFreeSlot();
    const end = x.generateMoves();
    let total = 0;
    for (let slot = start; slot < end; slot++) {
      x.makeMoveHashed(slot);
      total += this.walk(depth - 1);
      x.unmakeMoveHashed(slot);
    }
    x.freeSlotsFrom(start);
    return total;
  }

  divide(pos: Position, depth: number, options: { unique?: boolean } = {}): WasmDivideEntry[] {
    if (depth <= 0) return [];
    const rules = RULE_SETS[pos.variant];
    const g = geometryOf(rules.size);
    const sq = squaresOf(rules);
    const name = (bit: number): number => sq.number(g.squareOf[bit] as number);
    const x = this.perftModule.load(pos, options.unique ?? true);
    const entries: WasmDivideEntry[] = [];
    const end = x.generateMoves();
    for (let slot = 0; slot < end; slot++) {
      const captures: number[] = [];
      for (let half = 0; half < 2; half++) {
        for (let w = x.moveTaken(slot, half); w !== 0; w &= w - 1)
          captures.push(name(31 - Math.clz32(w & -w) + 32 * half));
      }
      x.makeMove(slot);
      const nodes = x.perft(depth - 1);
      x.unmakeMove(slot);
      entries.push({
        from: name(x.moveFrom(slot)),
        to: name(x.moveTo(slot)),
        captures: captures.sort((a, b) => a - b),
        crowns: (x.moveFlags(slot) & 2) !== 0,
        nodes,
      });
    }
    return entries;
  }
}

let loading: Promise<WasmGenerator> | undefined;

/** A module's exports, instantiated from its committed bytes (asynchronously: see the file's header). */
export async function instantiateWasm(base64: string): Promise<unknown> {
  const { instance } = await WebAssembly.instantiate(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
  return instance.exports;
}

async function instantiate<T extends CommonExports>(base64: string): Promise<Module<T>> {
  return new Module((await instantiateWasm(base64)) as T);
}

/** The WebAssembly generator (instantiated on the first call, then shared: it is stateful scratch space). */
export function loadWasmGenerator(): Promise<WasmGenerator> {
  loading ??= Promise.all([
    instantiate<PerftExports>(PERFT_BASE64),
    instantiate<StepwiseExports>(STEPWISE_BASE64),
  ]).then(([perft, stepwise]) => new Generator(perft, stepwise));
  return loading;
}
