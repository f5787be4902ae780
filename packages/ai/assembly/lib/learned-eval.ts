/**
 * The learned draughts evaluation (packages/ai/src/games/draughts/learned-eval.ts, `LearnedDraughtsEvaluator
 * .evaluateWhite`) in AssemblyScript, for a module that searches inside WebAssembly: the same windows, areas,
 * scalar features, phase mix, network correction (lib/network.ts) and scaled endings, the same integer sums and the
 * same double operations, so the same score to the last bit — on one 64-bit word per bitboard (bit b of the JS's
 * lo/hi halves: lo | hi << 32) instead of two.
 *
 * The evaluation a search calls, with no call to the host and nothing allocated:
 *
 *   learnedEvaluateWhite(white, black, kings, turn): i32   from White's point of view
 *   learnedEvaluate(white, black, kings, turn): i32        for the side to move (turn 0: White)
 *
 * Setting it up. A module that contains a search imports this file and re-exports its set-up functions
 * (`learnedLayout`, `learnedPatternsAt`, `learnedWindowsAt`, `learnedAreasAt`, `learnedScalarsAt`, `learnedMasksAt`,
 * `learnedReady`) and the network's (`networkLayout`, `networkTableAt`, `networkReady`, lib/network.ts) under these
 * names; its host then hands the instance to `writeLearnedEvaluation(exports, evaluator)` (packages/ai/src/games/
 * draughts/learned-wasm.ts), which lays everything out from a `LearnedDraughtsEvaluator`, writes its tables where
 * these functions say and calls `learnedReady`, once, before the first evaluation. Nothing is copied by hand: the
 * weights, the windows' squares, the areas and the masks are the JS evaluator's own arrays.
 *
 * Memory: taken once, at set-up, from the stub runtime's heap (`heap.alloc`; the memory grows as needed), so a
 * search's own tables must come from `heap.alloc` too (not from `__heap_base` on). Per evaluation nothing is
 * allocated. What it takes: the pattern weights, 8 bytes a configuration slot (10x10: 2×4 windows 2 916 slots, 23 KB;
 * with the 4×4 areas 107 892 slots, 863 KB; 3×4 windows 23 328 slots, 187 KB; 8x8: 1 701, 60 750 and 13 122 slots),
 * under a kilobyte of windows, masks and scratch, and the network's block if it has one (4 × squares × units +
 * 2 × units + 1 doubles and 2.8 KB of tables: 54 KB for International's 50 squares × 32 units).
 *
 * Exactness: the windows' weights are summed as 64-bit integers, each configuration's opening and ending weights
 * packed in one word (ending × 2^32 + opening: the opening sum, at most 52 × 2^15 in size, stays in the low half),
 * the scalars multiplied in 64 bits, the phases mixed as the JS does in doubles (the same exact integers divided by
 * the same number), the network's double added, then truncated (`| 0`) and divided as integers.
 */
import { networkCorrection } from './network';

const SCALARS = 11;
/** Configurations of a 4×4 area (eight squares): two 2×4 windows' configurations, the upper one lowest. */
const AREA_CONFIGS = 6561;
/** Configurations of a 2×4 window. */
const CONFIGS = 81;
/** Weights are stored in quarters of a hundredth of a man. */
const WEIGHT_SCALE = 4;
const ENDING_PLAIN = 0;
/** Kings only, a lone king against too few to trap it: a sixteenth of the score. */
const ENDING_LONE_KING = 16;
/** Kings only, equal numbers: an eighth. */
const ENDING_EQUAL_KINGS = 8;
/** Both sides crowned, at most six pieces, one apart: a quarter. */
const ENDING_CROWNED = 4;

// The layout (`learnedLayout`): the board's half width (the diagonals' shifts are half and half + 1), windows and
// their squares, areas, men at the start doubled (the phase), kings that trap a lone king, whether a network adds.
let half: u64 = 5;
let windows: i32 = 0;
let windowSize: i32 = 4;
let configs: i32 = 81;
let areas: i32 = 0;
let startMen: i32 = 40;
let kingsToTrap: i32 = 4;
let network = false;

// Addresses of the blocks (`learnedLayout`).
/** Per configuration slot (`LearnedLayout.patternBase` + configuration): ending × 2^32 + opening, in quarters. */
let patterns: usize = 0;
/** Each window's squares' bits, ascending (`LearnedLayout.windowBits`), u8. */
let windowBits: usize = 0;
/** 2×4 windows: each one's first square's bit and its second row's first (a, a + d), u8 pairs (`learnedReady`). */
let windowRows: usize = 0;
/** The areas' top windows then their bottom windows (`LearnedLayout.areaTop`, `areaBottom`), i16. */
let areaWindows: usize = 0;
/** The scalars' weights, opening then ending (quarters), i32. */
let scalars: usize = 0;
/** Masks written by the host, as i32 pairs (`learnedMasksAt`), read into the globals below by `learnedReady`. */
let masks: usize = 0;
/** Scratch: each 2×4 window's configuration, which the areas are made of, i32. */
let windowConfigs: usize = 0;
/** A window's men as two 4-bit masks (white | black << 4) → its configuration in base 3 (1 white, 2 black), u8. */
let ternary: usize = 0;

let VALID: u64 = 0;
let NEAR_WHITE: u64 = 0;
let NEAR_BLACK: u64 = 0;
let TWO_WHITE: u64 = 0;
let TWO_BLACK: u64 = 0;
let LEFT: u64 = 0;
let RING1: u64 = 0;
let RING2: u64 = 0;
let RING3: u64 = 0;
let DIAGONAL: u64 = 0;

/** How many u64 masks the host writes (`learnedMasksAt`). */
const MASKS = 11;

/**
 * Lays out the evaluation (once an instance): the board's half width (4 or 5), the windows and the squares in each
 * (4 or 6), the areas, the men at the start doubled, the kings that trap a lone king, and whether the network
 * (`networkLayout`, laid out by the host before `learnedReady`) adds its correction. Allocates the blocks.
 */
export function learnedLayout(
  boardHalf: i32,
  windowCount: i32,
  squaresPerWindow: i32,
  areaCount: i32,
  men: i32,
  kingsTrapping: i32,
  withNetwork: i32,
): void {
  half = <u64>boardHalf;
  windows = windowCount;
  windowSize = squaresPerWindow;
  configs = 1;
  for (let i = 0; i < squaresPerWindow; i++) configs *= 3;
  areas = areaCount;
  startMen = men;
  kingsToTrap = kingsTrapping;
  network = withNetwork !== 0;
  const slots = <usize>(windowCount * configs + areaCount * AREA_CONFIGS);
  patterns = heap.alloc(slots * 8);
  scalars = heap.alloc(2 * SCALARS * 4);
  masks = heap.alloc(MASKS * 8);
  windowConfigs = heap.alloc(<usize>windowCount * 4);
  windowBits = heap.alloc(<usize>(windowCount * squaresPerWindow));
  windowRows = heap.alloc(<usize>windowCount * 2);
  areaWindows = heap.alloc(<usize>(areaCount * 2 * 2));
  ternary = heap.alloc(256);
}

/** Where the host writes the pattern weights: per slot, the opening's then the packed high word (see `patterns`). */
export function learnedPatternsAt(): usize {
  return patterns;
}

/** Where the host writes the windows' squares (`LearnedLayout.windowBits`, i8). */
export function learnedWindowsAt(): usize {
  return windowBits;
}

/** Where the host writes the areas' windows (`areaTop` then `areaBottom`, i16). */
export function learnedAreasAt(): usize {
  return areaWindows;
}

/** Where the host writes the scalars' weights (opening then ending, i32, `SCALAR_FEATURES`' order). */
export function learnedScalarsAt(): usize {
  return scalars;
}

/**
 * Where the host writes the masks, as i32 lo/hi pairs (`LearnedLayout`'s arrays in this order): the playable squares,
 * `nearCrown` (white, black), `twoFromCrown` (white, black), `wings` (left, right), `rings` (three), `diagonal`.
 */
export function learnedMasksAt(): usize {
  return masks;
}

/** Reads the masks and works out the windows' rows and the base-3 table, once the host has written the tables. */
export function learnedReady(): void {
  VALID = load<u64>(masks);
  NEAR_WHITE = load<u64>(masks, 8);
  NEAR_BLACK = load<u64>(masks, 16);
  TWO_WHITE = load<u64>(masks, 24);
  TWO_BLACK = load<u64>(masks, 32);
  LEFT = load<u64>(masks, 40);
  RING1 = load<u64>(masks, 56);
  RING2 = load<u64>(masks, 64);
  RING3 = load<u64>(masks, 72);
  DIAGONAL = load<u64>(masks, 80);
  // A 2×4 window's squares are a, a + 1, a + d, a + d + 1 (learned-eval.ts checks it when it lays them out).
  for (let w = 0; windowSize === 4 && w < windows; w++) {
    const at = windowBits + <usize>(w * 4);
    store<u8>(windowRows + <usize>(2 * w), load<u8>(at));
    store<u8>(windowRows + <usize>(2 * w + 1), load<u8>(at, 2));
  }
  for (let i = 0; i < 256; i++) {
    let c = 0;
    for (let k = 3; k >= 0; k--) c = c * 3 + (((i >> k) & 1) !== 0 ? 1 : ((i >> (k + 4)) & 1) !== 0 ? 2 : 0);
    store<u8>(ternary + <usize>i, <u8>c);
  }
}

/** The 2×4 windows' and the areas' weights, packed (ending × 2^32 + opening). */
function windowSums2x4(white: u64, black: u64): i64 {
  let sum: i64 = 0;
  const n = windows;
  for (let w = 0; w < n; w++) {
    const at = windowRows + <usize>(2 * w);
    const a = <u64>load<u8>(at);
    const ad = <u64>load<u8>(at, 1);
    const nw = ((<u32>(white >> a)) & 3) | (((<u32>(white >> ad)) & 3) << 2);
    const nb = ((<u32>(black >> a)) & 3) | (((<u32>(black >> ad)) & 3) << 2);
    const c = <i32>load<u8>(ternary + <usize>(nw | (nb << 4)));
    store<i32>(windowConfigs + <usize>(4 * w), c);
    sum += load<i64>(patterns + ((<usize>(w * CONFIGS + c)) << 3));
  }
  const m = areas;
  if (m === 0) return sum;
  const base = n * CONFIGS;
  for (let a = 0; a < m; a++) {
    const top = <usize>load<i16>(areaWindows + <usize>(2 * a));
    const bottom = <usize>load<i16>(areaWindows + <usize>(2 * (m + a)));
    const c = load<i32>(windowConfigs + (top << 2)) + CONFIGS * load<i32>(windowConfigs + (bottom << 2));
    sum += load<i64>(patterns + ((<usize>(base + a * AREA_CONFIGS + c)) << 3));
  }
  return sum;
}

/** Any windows' weights, packed, each configuration read square by square (base 3, the first square lowest). */
function windowSumsBySquare(white: u64, black: u64): i64 {
  let sum: i64 = 0;
  const size = windowSize;
  for (let w = 0; w < windows; w++) {
    const at = windowBits + <usize>(w * size);
    let c = 0;
    for (let j = size - 1; j >= 0; j--) {
      const b = <u64>load<u8>(at + <usize>j);
      c = c * 3 + <i32>((white >> b) & 1) + 2 * <i32>((black >> b) & 1);
    }
    sum += load<i64>(patterns + ((<usize>(w * configs + c)) << 3));
  }
  return sum;
}

function pop(x: u64): i32 {
  return <i32>popcnt<u64>(x);
}

/** Empty squares a king's pieces could step to (evaluate.ts's `kingSteps`). */
function kingSteps(k: u64, empty: u64): i32 {
  const s = half;
  const s1 = s + 1;
  return pop((k >> s) & empty) + pop((k >> s1) & empty) + pop((k << s) & empty) + pop((k << s1) & empty);
}

/** The ending's divisor (0 for none) for these pieces (learned-eval.ts's `collectScalars`, evaluate.ts's rules). */
function endingOf(wMen: i32, bMen: i32, wKings: i32, bKings: i32): i32 {
  const wPieces = wMen + wKings;
  const bPieces = bMen + bKings;
  if (wMen + bMen === 0) {
    if (
      (bPieces === 1 && wPieces > 1 && wPieces < kingsToTrap) ||
      (wPieces === 1 && bPieces > 1 && bPieces < kingsToTrap)
    )
      return ENDING_LONE_KING;
    if (wPieces === bPieces) return ENDING_EQUAL_KINGS;
    return ENDING_PLAIN;
  }
  const apart = wPieces - bPieces;
  if (wKings > 0 && bKings > 0 && wPieces + bPieces <= 6 && apart <= 1 && apart >= -1) return ENDING_CROWNED;
  return ENDING_PLAIN;
}

/** Scalar feature `i` (value `x`) times its opening weight, in 64 bits. */
function scalarO(i: i32, x: i32): i64 {
  return <i64>x * <i64>load<i32>(scalars + <usize>(i * 4));
}
/** Scalar feature `i` (value `x`) times its ending weight, in 64 bits. */
function scalarE(i: i32, x: i32): i64 {
  return <i64>x * <i64>load<i32>(scalars + <usize>((SCALARS + i) * 4));
}

/** The learned evaluation from White's point of view, in hundredths of a man: `evaluateWhite`'s number. */
export function learnedEvaluateWhite(white: u64, black: u64, kings: u64, turn: i32): i32 {
  const packed = windowSize === 4 ? windowSums2x4(white, black) : windowSumsBySquare(white, black);
  // The opening's sum is the low word, sign extended; the ending's what is left, shifted down.
  let so = <i64>(<i32>packed);
  let se = (packed - so) >> 32;

  const s = half;
  const s1 = s + 1;
  const empty = ~(white | black) & VALID;
  const wm = white & ~kings;
  const bm = black & ~kings;
  const wk = white & kings;
  const bk = black & kings;
  const wMen = pop(wm);
  const bMen = pop(bm);
  const crowned = kings !== 0;
  const wKings = pop(wk);
  const bKings = pop(bk);
  // White moves toward lower bits, Black toward higher.
  const wStep = ((wm >> s) | (wm >> s1)) & empty;
  const bStep = ((bm << s) | (bm << s1)) & empty;
  const wFree = wm & ((empty << s) | (empty << s1));
  const bFree = bm & ((empty >> s) | (empty >> s1));
  const wBalance = abs<i32>(2 * pop(wm & LEFT) - wMen);
  const bBalance = abs<i32>(2 * pop(bm & LEFT) - bMen);
  let f = wMen - bMen;
  so += scalarO(0, f);
  se += scalarE(0, f);
  f = wKings - bKings;
  so += scalarO(1, f);
  se += scalarE(1, f);
  f = turn === 0 ? 1 : -1;
  so += scalarO(2, f);
  se += scalarE(2, f);
  f = pop(wStep) - pop(bStep);
  so += scalarO(3, f);
  se += scalarE(3, f);
  f = pop(wFree) - pop(bFree);
  so += scalarO(4, f);
  se += scalarE(4, f);
  f = crowned ? kingSteps(wk, empty) - kingSteps(bk, empty) : 0;
  so += scalarO(5, f);
  se += scalarE(5, f);
  f = pop(wFree & NEAR_WHITE) - pop(bFree & NEAR_BLACK);
  so += scalarO(6, f);
  se += scalarE(6, f);
  f = pop(wFree & TWO_WHITE) - pop(bFree & TWO_BLACK);
  so += scalarO(7, f);
  se += scalarE(7, f);
  f = wBalance - bBalance;
  so += scalarO(8, f);
  se += scalarE(8, f);
  if (crowned) {
    // Kings stand in no window: where they stand is told by how far they are from the edges, and the long diagonal.
    f = pop(wk & RING1) - pop(bk & RING1) + (pop(wk & RING2) - pop(bk & RING2)) + (pop(wk & RING3) - pop(bk & RING3));
    so += scalarO(9, f);
    se += scalarE(9, f);
    f = pop(wk & DIAGONAL) - pop(bk & DIAGONAL);
    so += scalarO(10, f);
    se += scalarE(10, f);
  }

  const start = startMen;
  let pieces = wMen + bMen + wKings + bKings;
  if (pieces > start) pieces = start;
  let value = <f64>(so * <i64>pieces + se * <i64>(start - pieces)) / <f64>(start * WEIGHT_SCALE);
  if (network) {
    const c = networkCorrection(white, black, kings, turn);
    value += turn === 0 ? c : -c;
  }
  // Truncated toward zero as the JS's `| 0` (the score is far inside 32 bits).
  let score = <i32>value;
  const ending = endingOf(wMen, bMen, wKings, bKings);
  if (ending !== ENDING_PLAIN) score = score / ending;
  return score;
}

/** The learned evaluation for the side to move (`turn` 0: White): what the search calls at a leaf. */
export function learnedEvaluate(white: u64, black: u64, kings: u64, turn: i32): i32 {
  const score = learnedEvaluateWhite(white, black, kings, turn);
  return turn === 0 ? score : -score;
}
