/**
 * The WebAssembly move generator (lib/generator.ts): load a rule set and a position, run perft inside the module
 * (bulk-counted, or making every move with its hash update as a search walks), divide at the root. The JS `Engine`
 * stays the reference (`src/wasm-generator.test.ts` proves the two count the same trees); this module answers
 * whether WebAssembly pays for the generator (bench/perft.js --wasm).
 */
export {
  configure,
  generateMoves,
  leafHashSum,
  makeMove,
  moveFlags,
  moveFrom,
  moveTaken,
  moveTo,
  nextTable,
  perft,
  perftMakingLeaves,
  setPosition,
  setUnique,
  unmakeMove,
  zobristTable,
} from './lib/generator';
