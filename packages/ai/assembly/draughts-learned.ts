/**
 * The learned draughts evaluation alone (lib/learned-eval.ts), with its network (lib/network.ts): the module that
 * proves it equals the JS evaluation (packages/ai/src/games/draughts/learned-wasm.test.ts) and measures it
 * (bench/learned-eval.js). A module with a search exports the same set-up functions and calls
 * `learnedEvaluate` inside; this one adds `evaluateWhite` and `evaluate` on the JS's 32-bit halves, for the host.
 */
import { learnedEvaluate, learnedEvaluateWhite } from './lib/learned-eval';

export {
  learnedAreasAt,
  learnedLayout,
  learnedMasksAt,
  learnedPatternsAt,
  learnedReady,
  learnedScalarsAt,
  learnedWindowsAt,
} from './lib/learned-eval';
export { networkLayout, networkReady, networkTableAt } from './lib/network';

/** One 64-bit board from the JS's two 32-bit words. */
function board(lo: i32, hi: i32): u64 {
  return (<u64>(<u32>lo)) | ((<u64>(<u32>hi)) << 32);
}

/** `LearnedDraughtsEvaluator.evaluateWhite`'s number, on the JS's halves. */
export function evaluateWhite(wLo: i32, wHi: i32, bLo: i32, bHi: i32, kLo: i32, kHi: i32, turn: i32): i32 {
  return learnedEvaluateWhite(board(wLo, wHi), board(bLo, bHi), board(kLo, kHi), turn);
}

/** The same for the side to move (`turn` 0: White). */
export function evaluate(wLo: i32, wHi: i32, bLo: i32, bHi: i32, kLo: i32, kHi: i32, turn: i32): i32 {
  return learnedEvaluate(board(wLo, wHi), board(bLo, bHi), board(kLo, kHi), turn);
}

/** Room for `count` positions for `evaluateAll` (white, black, kings, then the side to move: four u64 each). */
export function positionsAt(count: i32): usize {
  return heap.alloc(<usize>count * 32);
}

/**
 * The sum of `learnedEvaluate` over the `count` positions at `at`: the evaluation's cost as a search inside the
 * module pays it, without a call from the host per position (bench/learned-eval.js).
 */
export function evaluateAll(at: usize, count: i32): i32 {
  let sum = 0;
  for (let p = at, end = at + <usize>count * 32; p < end; p += 32) {
    sum += learnedEvaluate(load<u64>(p), load<u64>(p, 8), load<u64>(p, 16), <i32>load<u64>(p, 24));
  }
  return sum;
}
