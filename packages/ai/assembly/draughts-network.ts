/**
 * The draughts network's forward pass alone (lib/network.ts), for the JS learned evaluation to call
 * (packages/ai/src/games/draughts/network-wasm.ts): the host lays the network out (`layout`), writes the input-square
 * table and the weights where it says, calls `ready`, then `evaluate` for each position, on the JS's 32-bit halves.
 */
import { networkCorrection } from './lib/network';

export { networkLayout as layout, networkReady as ready, networkTableAt as tableAt } from './lib/network';

/** The correction for the side to move (`turn` 0: White), in hundredths of a man: `evaluateJs`'s number. */
export function evaluate(wLo: i32, wHi: i32, bLo: i32, bHi: i32, kLo: i32, kHi: i32, turn: i32): f64 {
  return networkCorrection(board(wLo, wHi), board(bLo, bHi), board(kLo, kHi), turn);
}

/** One 64-bit board from the JS's two 32-bit words. */
function board(lo: i32, hi: i32): u64 {
  return (<u64>(<u32>lo)) | ((<u64>(<u32>hi)) << 32);
}
