/**
 * The WebAssembly move generator (lib/generator.ts) driven from the host a node at a time: generate, make and unmake
 * with the hash update, count a leaf — one call each, the way a search in JS would use it. It exists to measure what
 * crossing the boundary costs per node (bench/perft.js --wasm --making-leaves), apart from the perft module so that
 * these exports leave that module's code as it is.
 */
export {
  configure,
  countLeaf,
  firstFreeSlot,
  freeSlotsFrom,
  generateMoves,
  leafHashSum,
  makeMoveHashed,
  MAX_PLIES,
  nextTable,
  setPosition,
  setUnique,
  unmakeMoveHashed,
  zobristTable,
} from './lib/generator';
