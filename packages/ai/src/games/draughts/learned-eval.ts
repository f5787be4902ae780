/**
 * A draughts evaluation learned from games, in the spirit of Scan's: a linear model over patterns of the board,
 * fitted by logistic regression on self-play positions (`train.ts`, `npm run train:draughts`), evaluated on
 * the search's bitboards with no allocation, through the deep search's `DeepEvaluator` hook.
 *
 * Features, all White minus Black, each with two weights (opening and ending) mixed by the pieces left:
 * - 2×4 windows of the board (two rows, four files: four playable squares; one at every other file), indexed by what
 *   stands on their four squares (empty, white, black: 3^4 = 81 configurations), one weight per window and
 *   configuration; these carry the men's square values, tempo, back rank, formations and holes; or, as weights may
 *   choose (`WindowShape`), 3×4 windows (six squares, 729 configurations), which also see how a third row backs a
 *   formation up;
 * - men and kings counted (the fit pulls these two toward the hand-written values: see `FitOptions.materialPrior`),
 *   the side to move, how far the kings stand from the edges and whether they hold the long diagonal;
 * - mobility (men's forward steps, men free to step, kings' free neighbours), men one and two steps from crowning
 *   with a free square ahead (runaways), and the balance of the men between the two wings.
 *
 * The model is symmetric by construction: a window configuration and its mirror (the board turned half a turn, the
 * colours swapped) share one weight with opposite signs, so a position and its mirror image score exactly opposite
 * for White — the same for the side to move. A king stands in a window as a piece of its colour (what it blocks and
 * guards) and is counted, with how central it is; endings of kings only are scaled toward a draw as in the
 * hand-written evaluation (manual 1.1: a lone king escapes too few kings), and such positions are left out of
 * training **(ours)**.
 *
 * A rule set's weights may also carry a small network (network.ts) whose output, for the side to move, is
 * added to the linear score before the endings' scaling: what the windows cannot express, how features combine.
 *
 * Weights are data (`weights-<rules>.ts`, generated with the command that made them at their top), loaded
 * on demand by `loadLearnedEvaluator` so a page that never asks for it does not download it.
 *
 *   const ev = await loadLearnedEvaluator('international');
 *   const searcher = new DraughtsDeepSearcher({ evaluator: ev });
 */
import { kingSteps, pop2, RULE_SETS, type DraughtsSearchPosition, type VariantId } from '@tactica/draughts';
import type { DeepEvaluator } from './deep-search.js';
import { decodeNetwork, DraughtsNetwork, type DraughtsNetworkData } from './network.js';

/** Scalar features, in the order of the weights. */
export const SCALAR_FEATURES = [
  'men',
  'kings',
  'turn',
  'steps',
  'free-men',
  'king-steps',
  'near-crown',
  'two-from-crown',
  'balance',
  'king-centre',
  'king-diagonal',
] as const;
const SCALARS = SCALAR_FEATURES.length;
/** Configurations of a window of four squares (the 2×4 shape's). */
const CONFIGS = 81;

/**
 * The windows' shape: two rows by four files (four playable squares, 81 configurations) or three rows by four files
 * (six squares, 729 configurations; each 2×4 window lies in one, so it sees all the smaller shape sees and how a
 * third row backs a formation up) **(ours)**; or the 2×4 windows and, over them, Scan's 4×4 areas: four rows by four
 * files (eight squares, 6 561 configurations) at every other row and file, each made of two 2×4 windows one above the
 * other, so an area's configuration costs one multiply-add once the windows are read. The small windows carry what
 * is common (a man's square, a pair's shape); the areas what only a larger formation shows (a tail, a hook, a hole
 * behind the front), fitted together. Weights tell their shape by their number.
 */
export const WINDOW_SHAPES = ['2x4', '3x4', '2x4+4x4'] as const;
export type WindowShape = (typeof WINDOW_SHAPES)[number];
/** Configurations of a 4×4 area (eight squares): two 2×4 windows' configurations, the upper one lowest. */
const AREA_CONFIGS = 6561;
/** Weights are stored in quarters of a hundredth of a man. */
const WEIGHT_SCALE = 4;

/** Where the features of one board size sit: windows, their mirror, and which parameter each configuration uses. */
export interface LearnedLayout {
  readonly size: 8 | 10;
  readonly shape: WindowShape;
  /** Squares in a window, and the configurations of one (3^squares). */
  readonly windowSize: number;
  readonly configs: number;
  readonly half: number;
  /** Men per side at the start, doubled: the phase runs from this many pieces (opening) to none (ending). */
  readonly startMen: number;
  readonly windows: number;
  /** 4×4 areas (shape '2x4+4x4'; otherwise none): each the 2×4 windows `areaTop` and `areaBottom`, two rows lower. */
  readonly areas: number;
  readonly areaTop: Int16Array;
  readonly areaBottom: Int16Array;
  /** Pattern features a position has (windows, then areas), and where each one's configurations start in tables. */
  readonly patternFeatures: number;
  readonly patternBase: Int32Array;
  /** The bits of every window, ascending (2×4: a, a + 1, a + d, a + d + 1, with d half or half + 1). */
  readonly windowBits: Int8Array;
  /** Pairs of adjacent rows: the first bit of each and how many bits it spans (at most 11); the 2×4 shape's fast path. */
  readonly pairStart: Int8Array;
  readonly pairBits: Int8Array;
  /** Per window: its row pair, the first square's bit within the pair's field, and d. */
  readonly windowPair: Int8Array;
  readonly windowShift: Int8Array;
  readonly windowStep: Int8Array;
  /** Parameters per phase: scalars first, then the patterns' shared weights. */
  readonly params: number;
  /** Pattern feature k in configuration c: the parameter at [patternBase[k] + c] (-1: its weight is 0), its sign. */
  readonly patternParam: Int32Array;
  readonly patternSign: Int8Array;
  readonly validLo: number;
  readonly validHi: number;
  /** Men one and two rows from crowning, per colour: [white lo, white hi, black lo, black hi]. */
  readonly nearCrown: Int32Array;
  readonly twoFromCrown: Int32Array;
  /** The left and right halves of the board (files a–d / a–e and the rest) as White sees it: [left lo, left hi, right lo, right hi]. */
  readonly wings: Int32Array;
  /** Squares one, two and three files and rows from every edge ([lo, hi] each), and the long diagonal. */
  readonly rings: Int32Array;
  readonly diagonal: Int32Array;
}

const layouts = new Map<string, LearnedLayout>();

/** Windows on one pair of rows: files 0, 2, 4 … while four files fit. */
function windowsPerPair(size: number): number {
  return Math.floor((size - 4) / 2) + 1;
}

/** Bit of internal square i (geometry.ts: one ghost bit after every two rows). */
function bitOf(size: number, i: number): number {
  return i + Math.floor(i / size);
}

/** Row (0 = top) and file (0 = left as White sees it) of internal square i (geometry.ts). */
function rowCol(size: number, i: number): { row: number; col: number } {
  const half = size / 2;
  const row = Math.floor(i / half);
  const k = i % half;
  return { row, col: row % 2 === 0 ? 2 * k + 1 : 2 * k };
}

export function learnedLayout(size: 8 | 10, shape: WindowShape = '2x4'): LearnedLayout {
  const known = layouts.get(`${size}/${shape}`);
  if (known) return known;
  const rows = shape === '3x4' ? 3 : 2;
  const windowSize = 2 * rows;
  const configs = 3 ** windowSize;
  const half = size / 2;
  const { at, validLo, validHi, nearCrown, twoFromCrown, wings, rings, diagonal } = squareMasks(size);
  const { bits, keyOf } = windowSquares(size, rows, at);
  const windows = bits.length / windowSize;
  const pairs = pairShifts(size, rows, windows, bits);
  const mirror = windowMirrors(size, windowSize, windows, bits, keyOf);
  const { areaTop, areaBottom, areaMirror } = areasOf(size, shape, mirror);
  const areas = areaTop.length;
  const patterns = patternParams({ windows, areas, configs, windowSize, mirror, areaMirror });
  const layout: LearnedLayout = {
    size,
    shape,
    windowSize,
    configs,
    half,
    startMen: 2 * (size === 10 ? 20 : 12),
    windows,
    areas,
    areaTop: Int16Array.from(areaTop),
    areaBottom: Int16Array.from(areaBottom),
    patternFeatures: patterns.patternFeatures,
    patternBase: patterns.patternBase,
    windowBits: Int8Array.from(bits),
    ...pairs,
    params: patterns.params,
    patternParam: patterns.patternParam,
    patternSign: patterns.patternSign,
    validLo,
    validHi,
    nearCrown,
    twoFromCrown,
    wings,
    rings,
    diagonal,
  };
  layouts.set(`${size}/${shape}`, layout);
  return layout;
}

/** Each square's bit by row and file, and the masks of the scalar features (crowning rows, wings, rings, diagonal). */
function squareMasks(size: number): {
  at: Map<string, number>;
  validLo: number;
  validHi: number;
  nearCrown: Int32Array;
  twoFromCrown: Int32Array;
  wings: Int32Array;
  rings: Int32Array;
  diagonal: Int32Array;
} {
  const half = size / 2;
  const squares = half * size;
  const at = new Map<string, number>();
  let validLo = 0;
  let validHi = 0;
  const nearCrown = new Int32Array(4);
  const twoFromCrown = new Int32Array(4);
  const wings = new Int32Array(4);
  const rings = new Int32Array(6);
  const diagonal = new Int32Array(2);
  const set = (a: Int32Array, k: number, b: number): void => {
    a[k * 2 + (b < 32 ? 0 : 1)] = (a[k * 2 + (b < 32 ? 0 : 1)] as number) | (1 << (b & 31));
  };
  for (let i = 0; i < squares; i++) {
    const { row, col } = rowCol(size, i);
    const b = bitOf(size, i);
    at.set(`${row},${col}`, b);
    if (b < 32) validLo |= 1 << b;
    else validHi |= 1 << (b - 32);
    // White crowns on row 0, Black on the last row.
    if (row === 1) set(nearCrown, 0, b);
    if (row === size - 2) set(nearCrown, 1, b);
    if (row === 2) set(twoFromCrown, 0, b);
    if (row === size - 3) set(twoFromCrown, 1, b);
    set(wings, col < half ? 0 : 1, b);
    const edge = Math.min(row, col, size - 1 - row, size - 1 - col);
    for (let k = 1; k <= 3; k++) if (edge >= k) set(rings, k - 1, b);
    if (row + col === size - 1) set(diagonal, 0, b);
  }
  return { at, validLo, validHi, nearCrown, twoFromCrown, wings, rings, diagonal };
}

/** The windows' squares (bits, sorted, window after window), and each window's index by its squares. */
function windowSquares(
  size: number,
  rows: number,
  at: ReadonlyMap<string, number>,
): { bits: number[]; keyOf: Map<string, number> } {
  const windowSize = 2 * rows;
  // Windows: rows r, r + 1 and files c … c + 3 hold two playable squares on each row. Every other file only (c even):
  // they still cover every square, overlapping by one file, at half the cost a leaf (a window costs about as much as
  // the whole hand-written evaluation's mobility term) **(ours)**.
  const bits: number[] = [];
  const keyOf = new Map<string, number>();
  for (let r = 0; r + rows - 1 < size; r++) {
    for (let c = 0; c + 3 < size; c += 2) {
      const w: number[] = [];
      for (let dr = 0; dr < rows; dr++) {
        for (let dc = 0; dc < 4; dc++) {
          const b = at.get(`${r + dr},${c + dc}`);
          if (b !== undefined) w.push(b);
        }
      }
      w.sort((x, y) => x - y);
      keyOf.set(w.join(','), bits.length / windowSize);
      bits.push(...w);
    }
  }
  return { bits, keyOf };
}

/** Where each 2×4 window sits in its pair of rows: the pair, its shift from the pair's first bit, its row step. */
function pairShifts(
  size: number,
  rows: number,
  windows: number,
  bits: readonly number[],
): Pick<LearnedLayout, 'pairStart' | 'pairBits' | 'windowPair' | 'windowShift' | 'windowStep'> {
  const half = size / 2;
  const pairStart = new Int8Array(size - 1);
  const pairBits = new Int8Array(size - 1);
  for (let r = 0; r + 1 < size; r++) {
    pairStart[r] = bitOf(size, r * half);
    pairBits[r] = bitOf(size, (r + 2) * half - 1) - (pairStart[r] as number) + 1;
  }
  const windowPair = new Int8Array(windows);
  const windowShift = new Int8Array(windows);
  const windowStep = new Int8Array(windows);
  for (let w = 0; rows === 2 && w < windows; w++) {
    const [a, a1, ad, ad1] = bits.slice(w * 4, w * 4 + 4) as [number, number, number, number];
    const d = ad - a;
    if (a1 !== a + 1 || ad1 !== ad + 1 || (d !== half && d !== half + 1)) throw new Error('a window out of shape');
    // Windows were made row pair by row pair, WINDOWS_PER_PAIR of them each.
    const r = Math.floor(w / windowsPerPair(size));
    windowPair[w] = r;
    windowShift[w] = a - (pairStart[r] as number);
    windowStep[w] = d;
  }
  return { pairStart, pairBits, windowPair, windowShift, windowStep };
}

/** Each window's mirror under half a turn. */
function windowMirrors(
  size: number,
  windowSize: number,
  windows: number,
  bits: readonly number[],
  keyOf: ReadonlyMap<string, number>,
): Int32Array {
  const squares = (size / 2) * size;
  // Half a turn maps bit b to last - b (the ghost bits fall in place), reversing the order of a window's squares.
  const last = bitOf(size, squares - 1);
  const mirror = new Int32Array(windows);
  for (let w = 0; w < windows; w++) {
    const m = bits
      .slice(w * windowSize, (w + 1) * windowSize)
      .map((b) => last - b)
      .sort((x, y) => x - y);
    const k = keyOf.get(m.join(','));
    if (k === undefined) throw new Error('a window without its mirror');
    mirror[w] = k;
  }
  return mirror;
}

/** The areas (2x4+4x4 only): the windows on top and below, and each area's mirror. */
function areasOf(
  size: number,
  shape: WindowShape,
  mirror: Int32Array,
): { areaTop: number[]; areaBottom: number[]; areaMirror: number[] } {
  // Areas: the windows on rows r and r + 2 (r even), files alike. Half a turn maps the area at (r, j) to the one
  // made of the two windows' mirrors, the lower one now on top.
  const per = windowsPerPair(size);
  const areaTop: number[] = [];
  const areaBottom: number[] = [];
  for (let r = 0; shape === '2x4+4x4' && r + 3 < size; r += 2) {
    for (let j = 0; j < per; j++) {
      areaTop.push(r * per + j);
      areaBottom.push((r + 2) * per + j);
    }
  }
  const areaMirror = areaTop.map((t, a) => {
    const m = areaTop.findIndex((t2, b) => t2 === mirror[areaBottom[a] as number] && areaBottom[b] === mirror[t]);
    if (m < 0) throw new Error('an area without its mirror');
    return m;
  });
  return { areaTop, areaBottom, areaMirror };
}

/**
 * The pattern parameters: where each feature's configurations start, and the parameter and sign of each one, a
 * configuration and its mirror sharing one parameter with opposite signs.
 */
function patternParams({
  windows,
  areas,
  configs,
  windowSize,
  mirror,
  areaMirror,
}: {
  windows: number;
  areas: number;
  configs: number;
  windowSize: number;
  mirror: Int32Array;
  areaMirror: readonly number[];
}): Pick<LearnedLayout, 'patternFeatures' | 'patternBase' | 'patternParam' | 'patternSign' | 'params'> {
  const patternFeatures = windows + areas;
  const patternBase = new Int32Array(patternFeatures);
  for (let k = 0; k < patternFeatures; k++) {
    patternBase[k] = k < windows ? k * configs : windows * configs + (k - windows) * AREA_CONFIGS;
  }
  const slots = windows * configs + areas * AREA_CONFIGS;
  const patternParam = new Int32Array(slots).fill(-1);
  const patternSign = new Int8Array(slots);
  let params = SCALARS;
  for (let k = 0; k < patternFeatures; k++) {
    const isArea = k >= windows;
    const n = isArea ? 8 : windowSize;
    const mk = isArea ? windows + (areaMirror[k - windows] as number) : (mirror[k] as number);
    for (let c = 0; c < 3 ** n; c++) {
      const key = (patternBase[k] as number) + c;
      // The mirror: square i goes to square n - 1 - i, white men become black men and back.
      let mc = 0;
      for (let i = 0, x = c; i < n; i++, x = Math.floor(x / 3)) {
        const st = x % 3;
        mc += (st === 0 ? 0 : 3 - st) * 3 ** (n - 1 - i);
      }
      const mkey = (patternBase[mk] as number) + mc;
      if (mkey === key || (c === 0 && mc === 0)) continue; // its own mirror (or empty): worth 0 for both sides
      if (key < mkey) {
        patternParam[key] = params;
        patternSign[key] = 1;
        patternParam[mkey] = params;
        patternSign[mkey] = -1;
        params++;
      }
    }
  }
  return { patternFeatures, patternBase, patternParam, patternSign, params };
}

/** The layout of a board size whose weights number `count` (both phases): the shape is told by the count. */
function layoutForWeights(size: 8 | 10, count: number): LearnedLayout {
  for (const shape of WINDOW_SHAPES) {
    const layout = learnedLayout(size, shape);
    if (2 * layout.params === count) return layout;
  }
  throw new Error(`${count} weights fit no window shape of the ${size}x${size} board`);
}

/** Configuration of window w read square by square (base 3, the window's first square lowest; 1 white, 2 black). */
function windowConfig(layout: LearnedLayout, w: number, wLo: number, wHi: number, bLo: number, bHi: number): number {
  const k0 = w * layout.windowSize;
  let c = 0;
  for (let j = layout.windowSize - 1; j >= 0; j--) {
    const b = layout.windowBits[k0 + j] as number;
    const bit = 1 << (b & 31);
    const white = ((b < 32 ? wLo : wHi) & bit) !== 0;
    const black = ((b < 32 ? bLo : bHi) & bit) !== 0;
    c = c * 3 + (white ? 1 : black ? 2 : 0);
  }
  return c;
}

/** A window's men as two 4-bit masks (white | black << 4) → its configuration in base 3 (1 white, 2 black). */
const TERNARY = new Uint8Array(256);
for (let i = 0; i < 256; i++) {
  let c = 0;
  for (let k = 3; k >= 0; k--) c = c * 3 + (((i >> k) & 1) !== 0 ? 1 : ((i >> (k + 4)) & 1) !== 0 ? 2 : 0);
  TERNARY[i] = c;
}

/** The `bits` bits of a two-word board from bit `start`. */
function field(lo: number, hi: number, start: number, bits: number): number {
  const mask = (1 << bits) - 1;
  if (start >= 32) return (hi >>> (start - 32)) & mask;
  if (start + bits <= 32) return (lo >>> start) & mask;
  return ((lo >>> start) | (hi << (32 - start))) & mask;
}

/** What `collectFeatures` found besides the features: how to mix the phases, and whether the ending is scaled. */
export const ENDING_PLAIN = 0;
/** Kings only, a lone king against too few to trap it: a sixteenth of the score. */
const ENDING_LONE_KING = 16;
/** Kings only, equal numbers: an eighth. */
const ENDING_EQUAL_KINGS = 8;
/** Both sides crowned, at most six pieces, one apart: a quarter. */
const ENDING_CROWNED = 4;

/**
 * The features of a position, White minus Black, into `out`: the scalars (`SCALAR_FEATURES`) then each window's
 * configuration, then each area's. `fields` is scratch of 2 × (rows - 1) words. Returns pieces on the board × 32 +
 * the ending's divisor (0 for none), so that nothing is allocated. The trainer's view; the evaluation reads the same
 * windows on the fly.
 */
export function collectFeatures(
  layout: LearnedLayout,
  kingsToTrap: number,
  wLo: number,
  wHi: number,
  bLo: number,
  bHi: number,
  kLo: number,
  kHi: number,
  turn: number,
  fields: Int32Array,
  out: Int32Array,
): number {
  const info = collectScalars(layout, kingsToTrap, wLo, wHi, bLo, bHi, kLo, kHi, turn, out);
  if (layout.windowSize !== 4) {
    for (let w = 0; w < layout.windows; w++) out[SCALARS + w] = windowConfig(layout, w, wLo, wHi, bLo, bHi);
    return info;
  }
  // Each window's configuration from the pieces on its pair of rows (a king stands there as a piece of its colour).
  const pairs = layout.size - 1;
  for (let r = 0; r < pairs; r++) {
    const start = layout.pairStart[r] as number;
    const n = layout.pairBits[r] as number;
    fields[r] = field(wLo, wHi, start, n);
    fields[pairs + r] = field(bLo, bHi, start, n);
  }
  const wp = layout.windowPair;
  const ws = layout.windowShift;
  const wd = layout.windowStep;
  for (let w = 0; w < layout.windows; w++) {
    const r = wp[w] as number;
    const sh = ws[w] as number;
    const sd = sh + (wd[w] as number);
    const fw = fields[r] as number;
    const fb = fields[pairs + r] as number;
    const nw = ((fw >>> sh) & 3) | (((fw >>> sd) & 3) << 2);
    const nb = ((fb >>> sh) & 3) | (((fb >>> sd) & 3) << 2);
    out[SCALARS + w] = TERNARY[nw | (nb << 4)] as number;
  }
  const top = layout.areaTop;
  const bottom = layout.areaBottom;
  const at = SCALARS + layout.windows;
  for (let a = 0; a < layout.areas; a++) {
    out[at + a] =
      (out[SCALARS + (top[a] as number)] as number) + CONFIGS * (out[SCALARS + (bottom[a] as number)] as number);
  }
  return info;
}

/** The scalar features into `out` (see `collectFeatures`). */
function collectScalars(
  layout: LearnedLayout,
  kingsToTrap: number,
  wLo: number,
  wHi: number,
  bLo: number,
  bHi: number,
  kLo: number,
  kHi: number,
  turn: number,
  out: Int32Array,
): number {
  const s = layout.half;
  const s1 = s + 1;
  const rs = 32 - s;
  const rs1 = 32 - s1;
  const eLo = ~(wLo | bLo) & layout.validLo;
  const eHi = ~(wHi | bHi) & layout.validHi;
  const wmLo = wLo & ~kLo;
  const wmHi = wHi & ~kHi;
  const bmLo = bLo & ~kLo;
  const bmHi = bHi & ~kHi;
  const wkLo = wLo & kLo;
  const wkHi = wHi & kHi;
  const bkLo = bLo & kLo;
  const bkHi = bHi & kHi;
  const wMen = pop2(wmLo, wmHi);
  const bMen = pop2(bmLo, bmHi);
  const crowned = (kLo | kHi) !== 0;
  const wKings = crowned ? pop2(wkLo, wkHi) : 0;
  const bKings = crowned ? pop2(bkLo, bkHi) : 0;
  // White moves toward lower bits, Black toward higher (evaluate.ts).
  const wStepLo = (((wmLo >>> s) | (wmHi << rs)) & eLo) | (((wmLo >>> s1) | (wmHi << rs1)) & eLo);
  const wStepHi = ((wmHi >>> s) & eHi) | ((wmHi >>> s1) & eHi);
  const bStepLo = ((bmLo << s) & eLo) | ((bmLo << s1) & eLo);
  const bStepHi = (((bmHi << s) | (bmLo >>> rs)) & eHi) | (((bmHi << s1) | (bmLo >>> rs1)) & eHi);
  const wFreeLo = wmLo & ((eLo << s) | (eLo << s1));
  const wFreeHi = wmHi & ((eHi << s) | (eLo >>> rs) | (eHi << s1) | (eLo >>> rs1));
  const bFreeLo = bmLo & ((eLo >>> s) | (eHi << rs) | (eLo >>> s1) | (eHi << rs1));
  const bFreeHi = bmHi & ((eHi >>> s) | (eHi >>> s1));
  const near = layout.nearCrown;
  const two = layout.twoFromCrown;
  const wings = layout.wings;
  // The wings split the board: the men on the right are those not on the left.
  const wBalance = Math.abs(2 * pop2(wmLo & (wings[0] as number), wmHi & (wings[1] as number)) - wMen);
  const bBalance = Math.abs(2 * pop2(bmLo & (wings[0] as number), bmHi & (wings[1] as number)) - bMen);
  out[0] = wMen - bMen;
  out[1] = wKings - bKings;
  out[2] = turn === 0 ? 1 : -1;
  out[3] = pop2(wStepLo, wStepHi) - pop2(bStepLo, bStepHi);
  out[4] = pop2(wFreeLo, wFreeHi) - pop2(bFreeLo, bFreeHi);
  out[5] = !crowned ? 0 : kingSteps(wkLo, wkHi, eLo, eHi, s, s1) - kingSteps(bkLo, bkHi, eLo, eHi, s, s1);
  out[6] =
    pop2(wFreeLo & (near[0] as number), wFreeHi & (near[1] as number)) -
    pop2(bFreeLo & (near[2] as number), bFreeHi & (near[3] as number));
  out[7] =
    pop2(wFreeLo & (two[0] as number), wFreeHi & (two[1] as number)) -
    pop2(bFreeLo & (two[2] as number), bFreeHi & (two[3] as number));
  out[8] = wBalance - bBalance;
  // Kings stand in no window: where they stand is told by how far they are from the edges, and the long diagonal.
  if (!crowned) {
    out[9] = 0;
    out[10] = 0;
  } else {
    const rg = layout.rings;
    let centre = 0;
    for (let k = 0; k < 6; k += 2) {
      const lo = rg[k] as number;
      const hi = rg[k + 1] as number;
      centre += pop2(wkLo & lo, wkHi & hi) - pop2(bkLo & lo, bkHi & hi);
    }
    out[9] = centre;
    const dLo = layout.diagonal[0] as number;
    const dHi = layout.diagonal[1] as number;
    out[10] = pop2(wkLo & dLo, wkHi & dHi) - pop2(bkLo & dLo, bkHi & dHi);
  }

  // Endings the linear model cannot see (evaluate.ts has the same rules).
  const wPieces = wMen + wKings;
  const bPieces = bMen + bKings;
  let ending = ENDING_PLAIN;
  if (wMen + bMen === 0) {
    if (
      (bPieces === 1 && wPieces > 1 && wPieces < kingsToTrap) ||
      (wPieces === 1 && bPieces > 1 && bPieces < kingsToTrap)
    )
      ending = ENDING_LONE_KING;
    else if (wPieces === bPieces) ending = ENDING_EQUAL_KINGS;
  } else if (wKings > 0 && bKings > 0 && wPieces + bPieces <= 6 && Math.abs(wPieces - bPieces) <= 1) {
    ending = ENDING_CROWNED;
  }
  return (wPieces + bPieces) * 32 + ending;
}

/** Kings needed to trap a lone king, as evaluate.ts counts them (manual 1.1). */
export function kingsToTrapOf(variant: VariantId): number {
  const rules = RULE_SETS[variant];
  if (rules.king === 'one-step') return 2;
  return rules.size === 10 ? 4 : 3;
}

/** Learned weights of one rule set as the generated module holds them. */
export interface DraughtsWeights {
  readonly variant: VariantId;
  /** Parameters per phase (must match the layout of the rule set's board). */
  readonly params: number;
  /** The command that made them. */
  readonly command: string;
  /** Little-endian int16 in quarters of a hundredth of a man, base64: the opening's then the ending's parameters. */
  readonly weights: string;
  /** A network whose output is added to the linear model's score (network.ts), fitted by the same command. */
  readonly network?: DraughtsNetworkData;
}

/** The network of a weights module, if it has one. */
export function networkOf(w: DraughtsWeights): DraughtsNetwork | undefined {
  if (!w.network) return undefined;
  return new DraughtsNetwork(RULE_SETS[w.variant].size, w.network.hidden, decodeNetwork(w.network));
}

/** The weights as numbers (hundredths of a man): [opening…, ending…]. */
export function decodeWeights(w: DraughtsWeights): Float64Array {
  const bin = atob(w.weights);
  const n = bin.length >> 1;
  if (n !== 2 * w.params) throw new Error(`${w.variant} weights: ${n} numbers for ${w.params} parameters`);
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const v = bin.charCodeAt(2 * i) | (bin.charCodeAt(2 * i + 1) << 8);
    out[i] = ((v << 16) >> 16) / WEIGHT_SCALE;
  }
  return out;
}

/** Parameters (hundredths of a man, [opening…, ending…]) as the generated module stores them. */
export function encodeWeights(params: ArrayLike<number>): string {
  let bin = '';
  for (let i = 0; i < params.length; i++) {
    const v = Math.max(-32768, Math.min(32767, Math.round((params[i] as number) * WEIGHT_SCALE))) & 0xffff;
    bin += String.fromCharCode(v & 0xff, v >> 8);
  }
  return btoa(bin);
}

/** A learned evaluation as plain data: its weights, and its network's if it has one. */
export interface LearnedForHelpers {
  readonly variant: VariantId;
  readonly params: Float64Array;
  readonly network?: { readonly hidden: number; readonly values: Float32Array };
}

/** How a learned evaluation reads the windows in a search. */
export interface LearnedEvaluatorOptions {
  /**
   * Have make/unmake keep the windows' indexes and weight sums (`DraughtsSearchPosition.trackWindows`, Scan's way), so
   * that a leaf costs the scalar features alone; otherwise every evaluation reads its windows from the bitboards.
   * Off by default: the search evaluates at fewer nodes than it makes moves, and reading the windows (21 on 8x8, 36
   * on 10x10) costs less than updating them at every make and unmake — the same tree at 16% more nodes a CPU second
   * in English, 7% in International **(ours; bench/RESULTS.md, learned evaluation, 2026-11-26 16:30)**. Weights
   * with 4×4 areas always read from the bitboards: an area is two windows' configurations, read there anyway.
   */
  readonly incremental?: boolean;
  /** A network whose output is added to the linear score (`DraughtsWeights.network`). */
  readonly network?: DraughtsNetwork;
  /**
   * Keep the network's hidden sums along the search's path (`(net) => new NetworkAccumulators(net)`,
   * network-accumulator.ts, NNUE's accumulator) instead of summing every piece's row at each evaluation: the same
   * numbers and trees. Off by default: no faster in the search — ×0.99–1.01 International, ×0.98–1.02 English nodes a
   * CPU second at load 2 (×0.87–0.88 English at load 4) — though 1.6–2.5× cheaper than the full sum on a random walk:
   * in the search most evaluated nodes take their sums from the last position evaluated at their ply, five or six
   * pieces away, and the full sum of some 30 rows in registers costs about as much **(ours; bench/RESULTS.md,
   * 2026-11-29)**.
   */
  readonly accumulators?: (network: DraughtsNetwork) => NetworkSums;
}

/**
 * What keeps a network's sums along a search's path and gives its correction for the search's position
 * (`NetworkAccumulators`, network-accumulator.ts): given as a factory, so that a bundle that does not use it (the
 * browser's: it is off by default) does not carry it.
 */
export interface NetworkSums {
  evaluate(pos: DraughtsSearchPosition): number;
}

/** The expanded weights of a learned evaluation (`LearnedDraughtsEvaluator.tables`), in quarters of a hundredth. */
export interface LearnedTables {
  /** The scalars' weights (`SCALAR_FEATURES`' order), per phase. */
  readonly scalarOpening: Int32Array;
  readonly scalarEnding: Int32Array;
  /** Pattern weights by `patternBase[feature]` + configuration, signs applied, per phase. */
  readonly patternOpening: Int16Array;
  readonly patternEnding: Int16Array;
  /** Kings needed to trap a lone king (`kingsToTrapOf`). */
  readonly kingsToTrap: number;
}

/**
 * The learned evaluation of one rule set: `evaluate` for the side to move, in hundredths of a man, as the deep search
 * wants it. Tables are expanded once. In the search the windows' indexes come from the bitboards or, where
 * `incremental`, from the position, which keeps them up to date in make/unmake with the sums of their weights.
 * `evaluateWhite` computes the same from the bitboards alone.
 */
export class LearnedDraughtsEvaluator implements DeepEvaluator {
  readonly variant: VariantId;
  readonly layout: LearnedLayout;
  /** The weights it was made from (hundredths of a man): a Lazy SMP helper thread builds the same evaluation. */
  readonly params: Float64Array;
  private readonly kingsToTrap: number;
  /** Scalar weights (quarters), opening then ending. */
  private readonly scalarO: Int32Array;
  private readonly scalarE: Int32Array;
  /**
   * Pattern weights (quarters) by `patternBase[feature]` + configuration, signs applied, per phase (6 KB each on
   * 10x10 with 2×4 windows alone, 216 KB with the areas).
   */
  private readonly patternO: Int16Array;
  private readonly patternE: Int16Array;
  private readonly features: Int32Array;
  /** Scratch: each window's configuration, which the areas are made of. */
  private readonly windowConfigs: Int32Array;
  /** Whether `evaluate` has make/unmake keep the windows' sums (`LearnedEvaluatorOptions.incremental`). */
  readonly incremental: boolean;
  /** The network added to the linear score, if any. */
  readonly network: DraughtsNetwork | undefined;
  /** The network's sums along the search's path, when it has one and `accumulators` is given. */
  private readonly accumulators: NetworkSums | undefined;

  constructor(variant: VariantId, params: ArrayLike<number>, options: LearnedEvaluatorOptions = {}) {
    const rules = RULE_SETS[variant];
    this.variant = variant;
    const layout = layoutForWeights(rules.size, params.length);
    this.layout = layout;
    this.incremental = (options.incremental ?? false) && layout.areas === 0;
    this.network = options.network;
    if (this.network && this.network.squares !== (rules.size * rules.size) / 2) {
      throw new Error(`${variant}: a network of ${this.network.squares} squares`);
    }
    this.accumulators = this.network && options.accumulators ? options.accumulators(this.network) : undefined;
    this.params = Float64Array.from(params);
    this.kingsToTrap = kingsToTrapOf(variant);
    const q = (i: number): number => Math.round((params[i] as number) * WEIGHT_SCALE);
    this.scalarO = new Int32Array(SCALARS);
    this.scalarE = new Int32Array(SCALARS);
    for (let i = 0; i < SCALARS; i++) {
      this.scalarO[i] = q(i);
      this.scalarE[i] = q(layout.params + i);
    }
    const n = layout.patternParam.length;
    this.patternO = new Int16Array(n);
    this.patternE = new Int16Array(n);
    const clamp = (x: number): number => Math.max(-32768, Math.min(32767, x));
    for (let k = 0; k < n; k++) {
      const p = layout.patternParam[k] as number;
      if (p < 0) continue;
      const sign = layout.patternSign[k] as number;
      this.patternO[k] = clamp(sign * q(p));
      this.patternE[k] = clamp(sign * q(layout.params + p));
    }
    this.features = new Int32Array(SCALARS);
    this.windowConfigs = new Int32Array(layout.windows);
  }

  /**
   * The tables `evaluateWhite` reads, themselves (read only), for a host that writes them into a WebAssembly module
   * (learned-wasm.ts): the evaluation there is made of these numbers, never of a second expansion of the weights.
   */
  tables(): LearnedTables {
    return {
      scalarOpening: this.scalarO,
      scalarEnding: this.scalarE,
      patternOpening: this.patternO,
      patternEnding: this.patternE,
      kingsToTrap: this.kingsToTrap,
    };
  }

  /** What rebuilds this evaluation in a Lazy SMP helper thread (plain data: `HelperSettings.learned`). */
  forHelpers(): LearnedForHelpers {
    const net = this.network;
    return {
      variant: this.variant,
      params: this.params,
      ...(net ? { network: { hidden: net.hidden, values: net.values } } : {}),
    };
  }

  /** The evaluation `forHelpers` describes, as a helper thread rebuilds it. */
  static fromHelperData(data: LearnedForHelpers): LearnedDraughtsEvaluator {
    const net = data.network;
    const network = net ? new DraughtsNetwork(RULE_SETS[data.variant].size, net.hidden, net.values) : undefined;
    return new LearnedDraughtsEvaluator(data.variant, data.params, network ? { network } : {});
  }

  /** The evaluation a weights module holds: its linear weights, and its network if it has one. */
  static fromWeights(
    w: DraughtsWeights,
    options: Pick<LearnedEvaluatorOptions, 'accumulators'> = {},
  ): LearnedDraughtsEvaluator {
    const network = networkOf(w);
    return new LearnedDraughtsEvaluator(w.variant, decodeWeights(w), network ? { ...options, network } : options);
  }

  /** From White's point of view, for the bitboards of a position: the full computation, windows read from the board. */
  evaluateWhite(wLo: number, wHi: number, bLo: number, bHi: number, kLo: number, kHi: number, turn: number): number {
    const c = this.network ? this.network.evaluate(wLo, wHi, bLo, bHi, kLo, kHi, turn) : 0;
    return this.windowsAndScalars(wLo, wHi, bLo, bHi, kLo, kHi, turn, c);
  }

  /** `evaluateWhite` with the network's correction for the side to move (`correction`) at hand. */
  private windowsAndScalars(
    wLo: number,
    wHi: number,
    bLo: number,
    bHi: number,
    kLo: number,
    kHi: number,
    turn: number,
    correction: number,
  ): number {
    const layout = this.layout;
    const to = this.patternO;
    const te = this.patternE;
    let so = 0;
    let se = 0;
    if (layout.windowSize !== 4) {
      for (let w = 0; w < layout.windows; w++) {
        const idx = (layout.patternBase[w] as number) + windowConfig(layout, w, wLo, wHi, bLo, bHi);
        so += to[idx] as number;
        se += te[idx] as number;
      }
      return this.finish(so, se, wLo, wHi, bLo, bHi, kLo, kHi, turn, correction);
    }
    const ws = layout.windowShift;
    const wd = layout.windowStep;
    const per = windowsPerPair(layout.size);
    const pairs = layout.size - 1;
    const cfg = this.windowConfigs;
    for (let r = 0, w = 0; r < pairs; r++) {
      const start = layout.pairStart[r] as number;
      const n = layout.pairBits[r] as number;
      const fw = field(wLo, wHi, start, n);
      const fb = field(bLo, bHi, start, n);
      for (let j = 0; j < per; j++, w++) {
        const sh = ws[w] as number;
        const sd = sh + (wd[w] as number);
        const nw = ((fw >>> sh) & 3) | (((fw >>> sd) & 3) << 2);
        const nb = ((fb >>> sh) & 3) | (((fb >>> sd) & 3) << 2);
        const c = TERNARY[nw | (nb << 4)] as number;
        cfg[w] = c;
        const idx = w * CONFIGS + c;
        so += to[idx] as number;
        se += te[idx] as number;
      }
    }
    const areas = layout.areas;
    if (areas > 0) {
      const top = layout.areaTop;
      const bottom = layout.areaBottom;
      const base = layout.windows * CONFIGS;
      for (let a = 0; a < areas; a++) {
        const idx =
          base + a * AREA_CONFIGS + (cfg[top[a] as number] as number) + CONFIGS * (cfg[bottom[a] as number] as number);
        so += to[idx] as number;
        se += te[idx] as number;
      }
    }
    return this.finish(so, se, wLo, wHi, bLo, bHi, kLo, kHi, turn, correction);
  }

  /** The scalars added to the windows' sums (opening, ending), the phases mixed, scaled endings scaled. */
  private finish(
    so: number,
    se: number,
    wLo: number,
    wHi: number,
    bLo: number,
    bHi: number,
    kLo: number,
    kHi: number,
    turn: number,
    correction: number,
  ): number {
    const f = this.features;
    const info = collectScalars(this.layout, this.kingsToTrap, wLo, wHi, bLo, bHi, kLo, kHi, turn, f);
    for (let i = 0; i < SCALARS; i++) {
      const x = f[i] as number;
      so += x * (this.scalarO[i] as number);
      se += x * (this.scalarE[i] as number);
    }
    const start = this.layout.startMen;
    let pieces = info >> 5;
    if (pieces > start) pieces = start;
    let value = (so * pieces + se * (start - pieces)) / (start * WEIGHT_SCALE);
    if (this.network) value += turn === 0 ? correction : -correction;
    // Truncated toward zero by `| 0`, which also never gives -0: a position and its mirror score exactly opposite.
    let score = value | 0;
    const ending = info & 31;
    if (ending !== ENDING_PLAIN) score = (score / ending) | 0;
    return score;
  }

  evaluate(pos: DraughtsSearchPosition): number {
    const e = pos.engine;
    const net = this.network;
    const acc = this.accumulators;
    const c = acc ? acc.evaluate(pos) : net ? net.evaluate(e.wLo, e.wHi, e.bLo, e.bHi, e.kLo, e.kHi, e.side) : 0;
    if (!this.incremental) {
      const full = this.windowsAndScalars(e.wLo, e.wHi, e.bLo, e.bHi, e.kLo, e.kHi, e.side, c);
      return e.side === 0 ? full : 0 - full;
    }
    // The first call on a position starts its tracking; make/unmake keep the windows' sums from then on.
    if (pos.trackedOpening !== this.patternO || pos.trackedWindows !== this.layout.windowBits) {
      pos.trackWindows(this.layout.windowBits, this.patternO, this.patternE, this.layout.windowSize);
    }
    const white = this.finish(
      pos.patternOpening,
      pos.patternEnding,
      e.wLo,
      e.wHi,
      e.bLo,
      e.bHi,
      e.kLo,
      e.kHi,
      e.side,
      c,
    );
    return e.side === 0 ? white : 0 - white;
  }
}

/** The weights modules in the repository, each a chunk of its own in a bundle (imported on first use). */
const WEIGHT_MODULES: Partial<Record<VariantId, () => Promise<{ readonly WEIGHTS: DraughtsWeights }>>> = {
  english: () => import('./weights-english.js'),
  international: () => import('./weights-international.js'),
  russian: () => import('./weights-russian.js'),
  spanish: () => import('./weights-spanish.js'),
  brazilian: () => import('./weights-brazilian.js'),
  pool: () => import('./weights-pool.js'),
  thai: () => import('./weights-thai.js'),
};

/** The rule sets with learned weights in the repository. */
export const LEARNED_VARIANTS: readonly VariantId[] = Object.keys(WEIGHT_MODULES) as VariantId[];

const loaded = new Map<VariantId, LearnedDraughtsEvaluator>();
const loading = new Map<VariantId, Promise<LearnedDraughtsEvaluator | undefined>>();

/** The committed weights of a rule set (undefined when it has none), as their module holds them. */
export async function learnedWeightsOf(variant: VariantId): Promise<DraughtsWeights | undefined> {
  const load = WEIGHT_MODULES[variant];
  return load ? (await load()).WEIGHTS : undefined;
}

/**
 * The learned evaluation of a rule set, its weights imported on first use (a chunk of its own in a bundle), or
 * undefined for a rule set without weights; its network runs in WebAssembly where the platform allows
 * (`withWasmNetwork`; `fromWeights` keeps the JavaScript). Normal play only: give-away has its own goal.
 */
export async function loadLearnedEvaluator(variant: VariantId): Promise<LearnedDraughtsEvaluator | undefined> {
  const known = loaded.get(variant);
  if (known) return known;
  // One evaluation (one WebAssembly instance) a rule set and thread, however many ask at once.
  let pending = loading.get(variant);
  if (!pending) {
    pending = (async () => {
      const w = await learnedWeightsOf(variant);
      if (!w) return undefined;
      const ev = await withWasmNetwork(LearnedDraughtsEvaluator.fromWeights(w));
      loaded.set(variant, ev);
      return ev;
    })().finally(() => loading.delete(variant));
    loading.set(variant, pending);
  }
  return pending;
}

/**
 * Gives the evaluation's network, if it has one, the WebAssembly forward pass where the platform runs it (the same
 * numbers, faster: network-wasm.ts, a chunk of its own loaded with the weights). Returns the evaluation.
 */
export async function withWasmNetwork(ev: LearnedDraughtsEvaluator): Promise<LearnedDraughtsEvaluator> {
  if (ev.network) {
    const { useWasmForwardPass } = await import('./network-wasm.js');
    await useWasmForwardPass(ev.network);
  }
  return ev;
}

/** The learned evaluation already loaded for a rule set (`loadLearnedEvaluator`), if any. */
export function learnedEvaluatorIfLoaded(variant: VariantId): LearnedDraughtsEvaluator | undefined {
  return loaded.get(variant);
}
