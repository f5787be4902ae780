/**
 * Solved slices and how a position is looked up in them. A slice's values are packed four to a byte, two bits each:
 * `DRAW`, `WIN`, `LOSS` for the side to move (`slice-file.ts` stores the same bytes). The move counters' draw rules
 * are not part of a value: a value says what play leads to with no counter, as endgame databases do **(ours)**.
 */
import { geometryOf, lowBit, pop, type RuleSet } from '@tactica/draughts';
import { isCanonical, materialKey, MAX_GROUP, type Material, type SliceIndex } from './material.js';

export const DRAW = 0;
export const WIN = 1;
export const LOSS = 2;
/** No slice holds the position. */
export const UNKNOWN = -1;
/** `locate`'s answer for a side to move with no piece left (lost, in no slice). */
const NO_PIECES = -2;

export interface Slice {
  readonly rules: RuleSet['id'];
  readonly material: Material;
  /** The index (and its scratch arrays) of this signature. */
  readonly index: SliceIndex;
  /** 2 bits per entry, entry = side to move * index.size + index. */
  readonly data: Uint8Array;
  /**
   * The distance to conversion of each entry, a byte each (plies until a capture or a crowning leaves the slice with
   * best play; 0 for a draw): the builder's, or read later from the slice's distance file (`distance-file.ts`), which
   * only the root of a search needs.
   */
  distances?: Uint8Array;
}

export function readValue(data: Uint8Array, entry: number): number {
  return ((data[entry >>> 2] as number) >>> ((entry & 3) * 2)) & 3;
}

export function writeValue(data: Uint8Array, entry: number, value: number): void {
  const i = entry >>> 2;
  const shift = (entry & 3) * 2;
  data[i] = ((data[i] as number) & ~(3 << shift)) | (value << shift);
}

/**
 * The slices of one rule set by material, and the lookup of a position given as the generator's six words.
 * `find` is asked for a slice not yet held (a lazy loader); it returns undefined when there is none.
 */
export class SliceSet {
  readonly rules: RuleSet;
  readonly squares: number;
  readonly half: number;
  private readonly squareOf: Int8Array;
  private readonly slices: (Slice | null | undefined)[] = new Array<Slice | null | undefined>(8 * 8 * 8 * 8);
  private readonly find: ((m: Material) => Slice | undefined) | undefined;

  constructor(rules: RuleSet, find?: (m: Material) => Slice | undefined) {
    this.rules = rules;
    const g = geometryOf(rules.size);
    this.squares = g.squares;
    this.half = g.half;
    this.squareOf = g.squareOf;
    this.find = find;
  }

  add(slice: Slice): void {
    if (slice.rules !== this.rules.id) throw new Error(`a ${slice.rules} slice in a ${this.rules.id} set`);
    this.slices[materialKey(slice.material)] = slice;
  }

  /** The canonical slice of a signature, loaded on first use; undefined when there is none. */
  get(wm: number, wk: number, bm: number, bk: number): Slice | undefined {
    if (wm > MAX_GROUP || wk > MAX_GROUP || bm > MAX_GROUP || bk > MAX_GROUP) return undefined;
    const key = ((wm * 8 + wk) * 8 + bm) * 8 + bk;
    const known = this.slices[key];
    if (known !== undefined) return known ?? undefined;
    const found = this.find ? this.find({ wm, wk, bm, bk }) : undefined;
    this.slices[key] = found ?? null;
    return found;
  }

  /**
   * The value for the side to move (`DRAW`, `WIN`, `LOSS`) of the position in the six words, or `UNKNOWN` when no
   * slice holds it. A side with no piece left to move has lost.
   */
  value(wLo: number, wHi: number, bLo: number, bHi: number, kLo: number, kHi: number, side: number): number {
    const entry = this.locate(wLo, wHi, bLo, bHi, kLo, kHi, side);
    if (entry === NO_PIECES) return LOSS;
    return entry < 0 ? UNKNOWN : readValue((this.located as Slice).data, entry);
  }

  /**
   * The distance to conversion (see `Slice.distances`) of the position in the six words; `load` gives a slice's
   * distances when it has none yet (an empty array when there are none, so that it is not asked again). Undefined
   * when no slice holds the position or there are no distances for it.
   */
  distance(
    wLo: number,
    wHi: number,
    bLo: number,
    bHi: number,
    kLo: number,
    kHi: number,
    side: number,
    load: (slice: Slice) => Uint8Array,
  ): number | undefined {
    const entry = this.locate(wLo, wHi, bLo, bHi, kLo, kHi, side);
    if (entry === NO_PIECES) return 0;
    if (entry < 0) return undefined;
    const slice = this.located as Slice;
    slice.distances ??= load(slice);
    return slice.distances?.[entry];
  }

  /** The slice found by the last `locate`. */
  private located: Slice | undefined;

  /**
   * The entry of the position in its canonical slice (kept in `located`), `NO_PIECES` when the side to move has no
   * piece left, or -1 when no slice holds it.
   */
  private locate(wLo: number, wHi: number, bLo: number, bHi: number, kLo: number, kHi: number, side: number): number {
    const wmLo = wLo & ~kLo;
    const wmHi = wHi & ~kHi;
    const bmLo = bLo & ~kLo;
    const bmHi = bHi & ~kHi;
    const wm = pop(wmLo) + pop(wmHi);
    const bm = pop(bmLo) + pop(bmHi);
    const wk = pop(wLo & kLo) + pop(wHi & kHi);
    const bk = pop(bLo & kLo) + pop(bHi & kHi);
    if (side === 0 ? wm + wk === 0 : bm + bk === 0) return NO_PIECES;
    if (wm + wk === 0 || bm + bk === 0) return -1;
    if (isCanonical(wm, wk, bm, bk)) {
      const slice = this.get(wm, wk, bm, bk);
      if (!slice) return -1;
      const x = slice.index;
      this.fill(x.wmSq, wmLo, wmHi, false);
      this.fill(x.wkSq, wLo & kLo, wHi & kHi, false);
      this.fill(x.bmSq, bmLo, bmHi, false);
      this.fill(x.bkSq, bLo & kLo, bHi & kHi, false);
      this.located = slice;
      return side * x.size + x.rank();
    }
    // The board turned round with the colours swapped: Black's pieces become White's.
    const slice = this.get(bm, bk, wm, wk);
    if (!slice) return -1;
    const x = slice.index;
    this.fill(x.wmSq, bmLo, bmHi, true);
    this.fill(x.wkSq, bLo & kLo, bHi & kHi, true);
    this.fill(x.bmSq, wmLo, wmHi, true);
    this.fill(x.bkSq, wLo & kLo, wHi & kHi, true);
    this.located = slice;
    return (side ^ 1) * x.size + x.rank();
  }

  /** Writes the squares of a bitboard ascending (or, mirrored, as squares − 1 − s, still ascending). */
  private fill(out: Int32Array, lo: number, hi: number, mirror: boolean): void {
    const squareOf = this.squareOf;
    if (!mirror) {
      let n = 0;
      for (let x = lo; x !== 0; x &= x - 1) out[n++] = squareOf[lowBit(x)] as number;
      for (let x = hi; x !== 0; x &= x - 1) out[n++] = squareOf[lowBit(x) + 32] as number;
      return;
    }
    let n = pop(lo) + pop(hi);
    const last = this.squares - 1;
    for (let x = lo; x !== 0; x &= x - 1) out[--n] = last - (squareOf[lowBit(x)] as number);
    for (let x = hi; x !== 0; x &= x - 1) out[--n] = last - (squareOf[lowBit(x) + 32] as number);
  }
}
