/**
 * The draughts network's forward pass in WebAssembly with SIMD (packages/ai/assembly/draughts-network.ts): the same
 * number to the last bit as `DraughtsNetwork.evaluateJs`, in less time (bench/RESULTS.md, "learned evaluation").
 * This module is reached by dynamic import only, with the weights (`loadLearnedEvaluator`, a Lazy SMP helper's
 * init): a page's first bundle never carries the module's bytes.
 *
 * Compiled once a thread and instantiated once a network, both asynchronously (wasm-module.ts). Where WebAssembly
 * or its SIMD is missing (`WebAssembly.validate` refuses the bytes), the network keeps its JavaScript.
 */
import { WASM_BASE64 } from '../../wasm/draughts-network.js';
import type { DraughtsNetwork, NetworkForwardPass } from './network.js';
import { compiledOnce } from './wasm-module.js';

/** What the module exports (draughts-network.ts). */
interface NetworkExports {
  readonly memory: WebAssembly.Memory;
  layout(squares: number, hidden: number): number;
  tableAt(): number;
  ready(): void;
  evaluate: NetworkForwardPass;
}

/** The module, compiled once in this thread; undefined where the platform cannot run it. */
const networkModule = compiledOnce(WASM_BASE64);

/**
 * A forward pass for this network in WebAssembly, its weights copied into the instance's memory once; undefined where
 * the platform cannot run the module.
 */
export async function wasmForwardPass(net: DraughtsNetwork): Promise<NetworkForwardPass | undefined> {
  const module = await networkModule();
  if (!module) return undefined;
  // A platform that cannot give the instance its memory leaves the network its JavaScript, as one without SIMD.
  const instance = await WebAssembly.instantiate(module, {}).catch(() => undefined);
  if (!instance) return undefined;
  const wasm = instance.exports as unknown as NetworkExports;
  const at = wasm.layout(net.squares, net.hidden);
  // Views made after `layout`, which may grow (and so replace) the memory's buffer.
  new Float64Array(wasm.memory.buffer, at, net.weights.length).set(net.weights);
  new Int32Array(wasm.memory.buffer, wasm.tableAt(), net.table.length).set(net.table);
  wasm.ready();
  return wasm.evaluate;
}

/** Gives the network the WebAssembly forward pass where the platform runs it; says whether it did. */
export async function useWasmForwardPass(net: DraughtsNetwork): Promise<boolean> {
  const pass = await wasmForwardPass(net);
  if (pass) net.useForwardPass(pass);
  return pass !== undefined;
}
