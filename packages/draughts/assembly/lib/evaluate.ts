/**
 * The hand evaluation of `src/evaluate.ts` (`evaluateBits`) in AssemblyScript, bit for bit: the same terms in the same
 * order, the fractional ones (runaway men, the king endings' divisions) in f64 as JS computes them, rounded as
 * `Math.round` rounds. Its tables are the JS ones, written by the host (`src/wasm-search-position.ts`) into the static
 * data below and the scalars through `configureEvaluation`, so that nothing of them is written twice by hand.
 *
 * The material-and-square sum (`psq`) and the men's advance (`advance`) are kept incrementally by the search position
 * (lib/search-position.ts), as the JS search position keeps them, packed in one number (`squareValue`).
 */
import { S, S1, VALID } from './generator';

/**
 * square[code * 64 + bit] (code: colour * 2 + king), 32-bit: evaluate.ts's `psq` value plus 65536 times its `advance`
 * (a man's; 0 for a king). Sums of these are the psq total plus 65536 times the advance total: one load and one
 * addition a square keep both (`evaluateBoard` takes them apart: a psq total stays far inside 16 bits).
 */
const SQUARES = memory.data(4 * 4 * 64, 8);

let giveaway = false;
let manValue = 100;
let kingValue = 300;
let kingsToTrap = 4;
let startMen = 40;
/** Men one and two steps from crowning, per colour (evaluate.ts's `nearCrown`, `twoFromCrown`). */
let nearWhite: u64 = 0;
let nearBlack: u64 = 0;
let twoWhite: u64 = 0;
let twoBlack: u64 = 0;

/** Where the host writes the square values (4 * 64 signed 32-bit, see SQUARES). */
export function squareTable(): usize {
  return SQUARES;
}

function word(lo: i32, hi: i32): u64 {
  return ((<u64>(<u32>hi)) << 32) | (<u64>(<u32>lo));
}

/** The scalars of the rule set's `EvalTables` (the geometry is the generator's `configure`). */
export function configureEvaluation(
  giveawayMode: bool,
  man: i32,
  king: i32,
  trap: i32,
  men: i32,
  nearWhiteLo: i32,
  nearWhiteHi: i32,
  nearBlackLo: i32,
  nearBlackHi: i32,
  twoWhiteLo: i32,
  twoWhiteHi: i32,
  twoBlackLo: i32,
  twoBlackHi: i32,
): void {
  giveaway = giveawayMode;
  manValue = man;
  kingValue = king;
  kingsToTrap = trap;
  startMen = men;
  nearWhite = word(nearWhiteLo, nearWhiteHi);
  nearBlack = word(nearBlackLo, nearBlackHi);
  twoWhite = word(twoWhiteLo, twoWhiteHi);
  twoBlack = word(twoBlackLo, twoBlackHi);
}

/** A piece's square value and advance together (see SQUARES), from its own side's view (code: colour * 2 + king). */
export function squareValue(code: i32, b: i32): i32 {
  return load<i32>(SQUARES + ((<usize>((code << 6) + b)) << 2));
}

function count(x: u64): i32 {
  return <i32>popcnt(x);
}

/** The empty squares next to the kings `k` in the four directions (evaluate.ts's `kingSteps`). */
function kingSteps(k: u64, e: u64): i32 {
  return count((k >> S) & e) + count((k >> S1) & e) + count((k << S) & e) + count((k << S1) & e);
}

/** JS `Math.round` (halves toward +∞), exactly: V8's way. */
function roundHalfUp(x: f64): f64 {
  const r = Math.ceil(x);
  return r - 0.5 > x ? r - 1.0 : r;
}

/**
 * The evaluation from White's point of view given the incremental total of `squareValue`s, White's minus Black's
 * (evaluate.ts's `evaluateBits` with its psq and advance totals).
 */
export function evaluateBoard(w: u64, b: u64, k: u64, totals: i32): i32 {
  const psq = (totals << 16) >> 16;
  const adv = (totals - psq) >> 16;
  const e = ~(w | b) & VALID;
  const wm = w & ~k;
  const bm = b & ~k;
  // Men's forward steps: White moves toward lower bits, Black toward higher bits.
  const wStep = ((wm >> S) & e) | ((wm >> S1) & e);
  const bStep = ((bm << S) & e) | ((bm << S1) & e);
  // Which men can step at all.
  const wFree = wm & ((e << S) | (e << S1));
  const bFree = bm & ((e >> S) | (e >> S1));
  let mobility = count(wStep) - count(bStep);
  mobility += 2 * (count(wFree) - count(bFree));
  const wk = w & k;
  const bk = b & k;
  if ((wk | bk) !== 0) mobility += kingSteps(wk, e) - kingSteps(bk, e);

  if (giveaway) return psq - 3 * mobility;

  let score = <f64>(psq + 2 * mobility);
  const men = count(wm | bm);
  const phase = startMen - men;
  score += <f64>(adv * (2 + <i32>Math.floor(<f64>(6 * phase) / <f64>startMen)));
  const crownGain = kingValue - manValue;
  const wNear = wFree & nearWhite;
  const bNear = bFree & nearBlack;
  const wTwo = wFree & twoWhite;
  const bTwo = bFree & twoBlack;
  if ((wNear | bNear | wTwo | bTwo) !== 0) {
    score +=
      <f64>((count(wNear) - count(bNear)) * crownGain * 2) / 5.0 + <f64>((count(wTwo) - count(bTwo)) * crownGain) / 8.0;
  }

  if ((wk | bk) === 0) return <i32>roundHalfUp(score);
  const wPieces = count(w);
  const bPieces = count(b);
  const wKings = count(wk);
  const bKings = count(bk);
  if (men === 0) {
    if (
      (bPieces === 1 && wPieces > 1 && wPieces < kingsToTrap) ||
      (wPieces === 1 && bPieces > 1 && bPieces < kingsToTrap)
    ) {
      score = Math.trunc(score / 16.0);
    } else if (wPieces === bPieces) score = Math.trunc(score / 8.0);
  } else if (wKings > 0 && bKings > 0 && wPieces + bPieces <= 6 && abs(wPieces - bPieces) <= 1) {
    score = Math.trunc(score / 4.0);
  }
  return <i32>roundHalfUp(score);
}
