/**
 * The learned draughts evaluation in WebAssembly (packages/ai/assembly/lib/learned-eval.ts, with the network's
 * forward pass of lib/network.ts): the same score to the last bit as `LearnedDraughtsEvaluator.evaluateWhite`, for a
 * search that runs inside WebAssembly and evaluates there with no call to the host.
 *
 * `writeLearnedEvaluation` sets any instance that embeds the evaluation up from a `LearnedDraughtsEvaluator` (its
 * layout, its expanded weights, its network): a module with a search re-exports the set-up functions
 * (`LearnedWasmSetup`) and its host calls this once, after instantiating, before the first evaluation.
 * `learnedWasmEvaluation` does it for the module of the evaluation alone (draughts-learned.ts), which the tests
 * hold against the JavaScript and bench/learned-eval.js measures. Compiled once a thread and instantiated once an
 * evaluation, asynchronously (wasm-module.ts); undefined where the platform runs no WebAssembly SIMD.
 */
import { WASM_BASE64 } from '../../wasm/draughts-learned.js';
import type { LearnedDraughtsEvaluator } from './learned-eval.js';
import type { NetworkForwardPass } from './network.js';
import { compiledOnce } from './wasm-module.js';

/** What a module embedding the learned evaluation exports for its set-up (lib/learned-eval.ts, lib/network.ts). */
export interface LearnedWasmSetup {
  readonly memory: WebAssembly.Memory;
  learnedLayout(
    half: number,
    windows: number,
    windowSize: number,
    areas: number,
    startMen: number,
    kingsToTrap: number,
    withNetwork: number,
  ): void;
  learnedPatternsAt(): number;
  learnedWindowsAt(): number;
  learnedAreasAt(): number;
  learnedScalarsAt(): number;
  learnedMasksAt(): number;
  learnedReady(): void;
  networkLayout(squares: number, hidden: number): number;
  networkTableAt(): number;
  networkReady(): void;
}

/** The evaluation on a position's 32-bit halves (`evaluateWhite`'s arguments): an integer score. */
type LearnedWasmEvaluate = NetworkForwardPass;

/** The module of the evaluation alone (draughts-learned.ts): the set-up and the evaluation on 32-bit halves. */
export interface LearnedModuleExports extends LearnedWasmSetup {
  evaluateWhite: LearnedWasmEvaluate;
  evaluate: LearnedWasmEvaluate;
  positionsAt(count: number): number;
  evaluateAll(at: number, count: number): number;
}

/**
 * Lays the evaluation `ev` out in an instance's memory and writes its tables there (once an instance: the memory is
 * taken from the module's heap and never given back).
 */
export function writeLearnedEvaluation(wasm: LearnedWasmSetup, ev: LearnedDraughtsEvaluator): void {
  const layout = ev.layout;
  const tables = ev.tables();
  const net = ev.network;
  // Every block allocated first: an allocation may grow the memory, which replaces its buffer (and detaches views).
  const weightsAt = net ? wasm.networkLayout(net.squares, net.hidden) : 0;
  wasm.learnedLayout(
    layout.half,
    layout.windows,
    layout.windowSize,
    layout.areas,
    layout.startMen,
    tables.kingsToTrap,
    net ? 1 : 0,
  );
  const buffer = wasm.memory.buffer;
  if (net) {
    new Float64Array(buffer, weightsAt, net.weights.length).set(net.weights);
    new Int32Array(buffer, wasm.networkTableAt(), net.table.length).set(net.table);
    wasm.networkReady();
  }
  // Each slot one 64-bit word, ending × 2^32 + opening, as two 32-bit words, low first (little-endian).
  const opening = tables.patternOpening;
  const ending = tables.patternEnding;
  const packed = new Int32Array(buffer, wasm.learnedPatternsAt(), 2 * opening.length);
  for (let k = 0; k < opening.length; k++) {
    const o = opening[k] as number;
    packed[2 * k] = o;
    packed[2 * k + 1] = (ending[k] as number) - (o < 0 ? 1 : 0);
  }
  new Int8Array(buffer, wasm.learnedWindowsAt(), layout.windowBits.length).set(layout.windowBits);
  const areas = new Int16Array(buffer, wasm.learnedAreasAt(), 2 * layout.areas);
  areas.set(layout.areaTop);
  areas.set(layout.areaBottom, layout.areas);
  const scalars = new Int32Array(buffer, wasm.learnedScalarsAt(), 2 * tables.scalarOpening.length);
  scalars.set(tables.scalarOpening);
  scalars.set(tables.scalarEnding, tables.scalarOpening.length);
  // The masks as 64-bit words (lo, hi), in lib/learned-eval.ts's order.
  const masks = [
    [layout.validLo, layout.validHi],
    layout.nearCrown,
    layout.twoFromCrown,
    layout.wings,
    layout.rings,
    layout.diagonal,
  ].flatMap((words) => Array.from(words));
  new Int32Array(buffer, wasm.learnedMasksAt(), masks.length).set(masks);
  wasm.learnedReady();
}

/** A position as the evaluation reads it: `Position.bits` (white, black, kings: lo, hi each) and the side to move. */
interface BoardOf {
  readonly bits: readonly number[];
  readonly turn: number;
}

/** The learned evaluation in WebAssembly, on a position's halves, for the side to move and for White. */
export interface LearnedWasmEvaluation {
  readonly evaluate: LearnedWasmEvaluate;
  readonly evaluateWhite: LearnedWasmEvaluate;
  /**
   * Writes `positions` into the module (once: its memory is not given back) and returns what evaluates them all
   * there, the sum of their scores for the side to move: the evaluation's cost as a search inside the module pays
   * it, with no call from the host a position (bench/learned-eval.js).
   */
  inModule(positions: readonly BoardOf[]): () => number;
}

const learnedModule = compiledOnce(WASM_BASE64);

/** A fresh instance of the evaluation's module, not set up yet; undefined where the platform cannot run it. */
export async function learnedModuleInstance(): Promise<LearnedModuleExports | undefined> {
  const module = await learnedModule();
  if (!module) return undefined;
  const instance = await WebAssembly.instantiate(module, {}).catch(() => undefined);
  return instance?.exports as unknown as LearnedModuleExports | undefined;
}

/** `ev` in its own instance of the evaluation's module; undefined where the platform cannot run it. */
export async function learnedWasmEvaluation(ev: LearnedDraughtsEvaluator): Promise<LearnedWasmEvaluation | undefined> {
  const wasm = await learnedModuleInstance();
  if (!wasm) return undefined;
  writeLearnedEvaluation(wasm, ev);
  return {
    evaluate: wasm.evaluate,
    evaluateWhite: wasm.evaluateWhite,
    inModule(positions) {
      const at = wasm.positionsAt(positions.length);
      // Four 64-bit words a position (white, black, kings, the side to move), each as two 32-bit words, low first.
      const words = new Int32Array(wasm.memory.buffer, at, 8 * positions.length);
      positions.forEach((p, k) => {
        words.set(p.bits.slice(0, 6), 8 * k);
        words[8 * k + 6] = p.turn;
      });
      return () => wasm.evaluateAll(at, positions.length);
    },
  };
}
