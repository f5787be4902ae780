/**
 * Material signatures and the perfect index of an endgame database slice.
 *
 * A slice holds every position of one material signature (white men, white kings, black men, black kings), both
 * sides to move: entry `side * size + index`. The index is a mixed-radix number over combinations, with no hole:
 * - white men never stand on White's crowning row (the top), black men never on Black's (the bottom), so White's men
 *   are split into those on the bottom row (`k` of them) and those in the middle rows, and each `k` has a block of
 *   its own (`offsets[k]`): then the squares left to Black's men are always `squares - half - (wm - k)`;
 * - black men on the squares of their range not taken by White's middle men, then white kings on the squares no man
 *   holds, then black kings on what is left.
 * A combination is ranked in the colexicographic order: positions p0 < p1 < … rank as Σ C(p_j, j + 1).
 *
 * Squares are the internal indices of `geometry.ts` (PDN number − 1, top row first). Turning the board round
 * (square s ↦ squares − 1 − s) and swapping the colours maps every rule set onto itself (the rules are the same for
 * both colours), so a signature and its mirror (black's material as White's) hold the same values: only the
 * canonical one of the two is built and stored (`canonical`), and a probe of the other is mirrored first.
 */

/** A material signature. */
export interface Material {
  readonly wm: number;
  readonly wk: number;
  readonly bm: number;
  readonly bk: number;
}

/** Most pieces of one kind and colour a slice may hold (the binomial table's width). */
export const MAX_GROUP = 6;
const MAX_N = 64;
const W = MAX_GROUP + 1;

/**
 * C(n, k) for n < 64, k ≤ MAX_GROUP: all below 2^31, so the index arithmetic stays in 32-bit integers (a slice
 * holds fewer than 2^31 positions a side, checked when its index is made), which is what keeps it fast: the
 * modulo of doubles is a call.
 */
const BINOMIAL = new Int32Array(MAX_N * W);
for (let n = 0; n < MAX_N; n++) {
  BINOMIAL[n * W] = 1;
  for (let k = 1; k <= MAX_GROUP; k++) {
    BINOMIAL[n * W + k] =
      n === 0 ? 0 : (BINOMIAL[(n - 1) * W + k - 1] as number) + (BINOMIAL[(n - 1) * W + k] as number);
  }
}

function binomial(n: number, k: number): number {
  if (k < 0 || n < 0 || k > n || k > MAX_GROUP) return 0;
  return BINOMIAL[n * W + k] as number;
}

/** A number naming a signature (for tables indexed by material): 8 values per count. */
export function materialKey(m: Material): number {
  return ((m.wm * 8 + m.wk) * 8 + m.bm) * 8 + m.bk;
}

/** The same material with the colours swapped. */
export function mirrorMaterial(m: Material): Material {
  return { wm: m.bm, wk: m.bk, bm: m.wm, bk: m.wk };
}

/** Whether a signature is the one of its mirror pair that is built and stored: White has the larger side. */
export function isCanonical(wm: number, wk: number, bm: number, bk: number): boolean {
  const w = (wm + wk) * 16 + wm;
  const b = (bm + bk) * 16 + bm;
  return w > b || (w === b && wk >= bk);
}

export function materialName(m: Material): string {
  return `${m.wm}${m.wk}${m.bm}${m.bk}`;
}

export function pieces(m: Material): number {
  return m.wm + m.wk + m.bm + m.bk;
}

/**
 * Every canonical signature with both sides on the board and `pieces` pieces at most, in the order they can be
 * built: fewer pieces first (a capture leads there), then fewer men (a crowning turns a man into a king).
 */
export function buildOrder(maxPieces: number, half: number): Material[] {
  const out: Material[] = [];
  for (let n = 2; n <= maxPieces; n++) {
    for (let men = 0; men <= n; men++) {
      for (let wm = 0; wm <= men; wm++) {
        const bm = men - wm;
        for (let wk = 0; wk <= n - men; wk++) {
          const bk = n - men - wk;
          if (wm + wk === 0 || bm + bk === 0) continue;
          if (wm > MAX_GROUP || bm > MAX_GROUP || wk > MAX_GROUP || bk > MAX_GROUP) continue;
          // More men of a colour than its range can hold do not fit on the board (not reached below 8 pieces).
          if (wm > half * (2 * half - 1) || bm > half * (2 * half - 1)) continue;
          if (isCanonical(wm, wk, bm, bk)) out.push({ wm, wk, bm, bk });
        }
      }
    }
  }
  return out;
}

/**
 * The index of one signature on one board: `size` positions per side to move. `rank` and `unrank` read and write
 * the squares of the four groups, each sorted ascending, in the arrays `wmSq`, `wkSq`, `bmSq`, `bkSq` (scratch
 * space owned by the indexer: a caller fills or reads them; nothing is allocated per call).
 */
export class SliceIndex {
  readonly material: Material;
  readonly squares: number;
  readonly half: number;
  /** Positions per side to move. */
  readonly size: number;
  readonly wmSq: Int32Array;
  readonly wkSq: Int32Array;
  readonly bmSq: Int32Array;
  readonly bkSq: Int32Array;
  /** Block start per number of white men on the bottom row. */
  private readonly offsets: Int32Array;
  private readonly middle: number;
  private readonly cBlackMen: Int32Array;
  private readonly cMiddle: Int32Array;
  private readonly cBottom: Int32Array;
  private readonly cWk: number;
  private readonly cBk: number;
  private readonly menSq: Int32Array;
  private readonly occSq: Int32Array;
  private readonly tmp: Int32Array;

  constructor(material: Material, squares: number, half: number) {
    this.material = material;
    this.squares = squares;
    this.half = half;
    const { wm, wk, bm, bk } = material;
    this.middle = squares - 2 * half;
    this.wmSq = new Int32Array(Math.max(wm, 1));
    this.wkSq = new Int32Array(Math.max(wk, 1));
    this.bmSq = new Int32Array(Math.max(bm, 1));
    this.bkSq = new Int32Array(Math.max(bk, 1));
    this.menSq = new Int32Array(wm + bm + 1);
    this.occSq = new Int32Array(wm + bm + wk + 1);
    this.tmp = new Int32Array(MAX_GROUP + 1);
    if (Math.max(wm, wk, bm, bk) > MAX_GROUP) throw new Error(`more than ${MAX_GROUP} pieces of a kind`);
    this.offsets = new Int32Array(wm + 2);
    this.cBlackMen = new Int32Array(wm + 1);
    this.cMiddle = new Int32Array(wm + 1);
    this.cBottom = new Int32Array(wm + 1);
    this.cWk = binomial(squares - wm - bm, wk);
    this.cBk = binomial(squares - wm - bm - wk, bk);
    let total = 0;
    for (let k = 0; k <= wm; k++) {
      this.offsets[k] = total;
      this.cBottom[k] = binomial(half, k);
      this.cMiddle[k] = binomial(this.middle, wm - k);
      this.cBlackMen[k] = binomial(squares - half - (wm - k), bm);
      total +=
        (this.cBottom[k] as number) * (this.cMiddle[k] as number) * (this.cBlackMen[k] as number) * this.cWk * this.cBk;
    }
    if (total >= 2 ** 31) throw new Error('a slice of 2^31 positions or more');
    this.offsets[wm + 1] = total;
    this.size = total;
  }

  /** The index of the squares in the four arrays (each group sorted ascending). */
  rank(): number {
    const { wm, wk, bm, bk } = this.material;
    const half = this.half;
    const bottomStart = this.squares - half;
    const wmSq = this.wmSq;
    // White men: the middle ones first in the sorted list, those on the bottom row last.
    let k = 0;
    while (k < wm && (wmSq[wm - 1 - k] as number) >= bottomStart) k++;
    const mid = wm - k;
    let rMid = 0;
    for (let j = 0; j < mid; j++) rMid += BINOMIAL[((wmSq[j] as number) - half) * W + j + 1] as number;
    let rBot = 0;
    for (let j = 0; j < k; j++) rBot += BINOMIAL[((wmSq[mid + j] as number) - bottomStart) * W + j + 1] as number;
    // Black men: their range is [0, bottomStart), less the white men in the middle.
    let rB = 0;
    for (let j = 0, w = 0; j < bm; j++) {
      const s = this.bmSq[j] as number;
      while (w < mid && (wmSq[w] as number) < s) w++;
      rB += BINOMIAL[(s - w) * W + j + 1] as number;
    }
    // Kings: the squares no man holds, then (black kings) no white king either.
    const men = this.menSq;
    const nMen = mergeSorted(wmSq, wm, this.bmSq, bm, men);
    let rWk = 0;
    for (let j = 0, m = 0; j < wk; j++) {
      const s = this.wkSq[j] as number;
      while (m < nMen && (men[m] as number) < s) m++;
      rWk += BINOMIAL[(s - m) * W + j + 1] as number;
    }
    const occ = this.occSq;
    const nOcc = mergeSorted(men, nMen, this.wkSq, wk, occ);
    let rBk = 0;
    for (let j = 0, m = 0; j < bk; j++) {
      const s = this.bkSq[j] as number;
      while (m < nOcc && (occ[m] as number) < s) m++;
      rBk += BINOMIAL[(s - m) * W + j + 1] as number;
    }
    const cMid = this.cMiddle[k] as number;
    const cB = this.cBlackMen[k] as number;
    return (this.offsets[k] as number) + (((rBot * cMid + rMid) * cB + rB) * this.cWk + rWk) * this.cBk + rBk;
  }

  /** Writes the squares of position `index` (0 ≤ index < size) into the four arrays. */
  unrank(index: number): void {
    const { wm, wk, bm, bk } = this.material;
    const half = this.half;
    const bottomStart = this.squares - half;
    let k = 0;
    while (k < wm && index >= (this.offsets[k + 1] as number)) k++;
    let r = (index - (this.offsets[k] as number)) | 0;
    const cBk = this.cBk | 0;
    const cWk = this.cWk | 0;
    const rBk = (r % cBk) | 0;
    r = ((r - rBk) / cBk) | 0;
    const rWk = (r % cWk) | 0;
    r = ((r - rWk) / cWk) | 0;
    const cB = this.cBlackMen[k] as number;
    const rB = (r % cB) | 0;
    r = ((r - rB) / cB) | 0;
    const cMid = this.cMiddle[k] as number;
    const rMid = (r % cMid) | 0;
    const rBot = ((r - rMid) / cMid) | 0;
    const mid = wm - k;
    const tmp = this.tmp;
    const wmSq = this.wmSq;
    unrankCombination(rMid, mid, this.middle, tmp);
    for (let j = 0; j < mid; j++) wmSq[j] = (tmp[j] as number) + half;
    unrankCombination(rBot, k, half, tmp);
    for (let j = 0; j < k; j++) wmSq[mid + j] = (tmp[j] as number) + bottomStart;
    unrankCombination(rB, bm, bottomStart - mid, tmp);
    placeAround(tmp, bm, wmSq, mid, this.bmSq);
    const men = this.menSq;
    const nMen = mergeSorted(wmSq, wm, this.bmSq, bm, men);
    unrankCombination(rWk, wk, this.squares - nMen, tmp);
    placeAround(tmp, wk, men, nMen, this.wkSq);
    const occ = this.occSq;
    const nOcc = mergeSorted(men, nMen, this.wkSq, wk, occ);
    unrankCombination(rBk, bk, this.squares - nOcc, tmp);
    placeAround(tmp, bk, occ, nOcc, this.bkSq);
  }
}

/** Merges two sorted runs into `out`; returns the length. */
function mergeSorted(a: Int32Array, na: number, b: Int32Array, nb: number, out: Int32Array): number {
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < na || j < nb) {
    if (j >= nb || (i < na && (a[i] as number) < (b[j] as number))) out[n++] = a[i++] as number;
    else out[n++] = b[j++] as number;
  }
  return n;
}

/** The k positions (ascending) of colex rank r among n places. */
function unrankCombination(r: number, k: number, n: number, out: Int32Array): void {
  let c = n - 1;
  for (let j = k; j >= 1; j--) {
    // C(c, j) for c < j is 0 in the table, so the scan stops at c = j - 1 at the latest.
    while ((BINOMIAL[c * W + j] as number) > r) c--;
    out[j - 1] = c;
    r -= BINOMIAL[c * W + j] as number;
    c--;
  }
}

/** Turns positions among the free squares into squares, skipping the `n` taken squares (sorted) in `taken`. */
function placeAround(pos: Int32Array, k: number, taken: Int32Array, n: number, out: Int32Array): void {
  let t = 0;
  for (let j = 0; j < k; j++) {
    // The j-th position skips every taken square at or below where it lands (positions ascend, so t only grows).
    let s = (pos[j] as number) + t;
    while (t < n && (taken[t] as number) <= s) {
      t++;
      s++;
    }
    out[j] = s;
  }
}
