/**
 * What Master loads when an engine prepares for a position (`DraughtsEngine.prepare`), as one chunk of a page's
 * bundle: the learned evaluation (its weights, one chunk a rule set, imported from there on first use) and the deep
 * search in WebAssembly (its host and the module's bytes). The engine imports this module dynamically and nothing
 * else does, so a page's first load carries the call only **(ours)**: one import site, not two, and the bundler then
 * keeps the modules these share with the engine in the engine's chunk (bench/bundle-size.js).
 */
export { loadLearnedEvaluator } from './learned-eval.js';
export { wasmSearcherIfAble } from './deep-search-wasm.js';
