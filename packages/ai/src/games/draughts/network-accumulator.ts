/**
 * The network's hidden sums kept along a search's path (NNUE's accumulator, kept lazily as Stockfish keeps it): a
 * slot per ply, filled only when a node is evaluated (the search makes more moves than it evaluates), from the
 * nearest filled ancestor on the path by the pieces that changed since — a quiet move two squares, a capture two
 * more a piece taken, a crowning the piece's kind — else from the slot's own last position (a sibling or a cousin:
 * the search evaluates its frontier, not the plies above it), else from scratch, as also when the changes are as
 * many as the pieces.
 *
 * A slot holds one view, the side to move's (the network's inputs are seen from the side to move), and takes its
 * sums only from a slot of the same side: an ancestor two, four… plies up. Keeping both views in every slot, so that
 * the parent could serve, cost as much again for each change and was no faster **(ours; bench/RESULTS.md,
 * 2026-11-29)**. A slot also keeps the bitboards it was made for, and the changes are read from those against the
 * board's: whatever the slot held (another search, a hash collision), the sums are the position's. They are the same
 * numbers as `DraughtsNetwork.evaluate`'s to the last bit as long as adding and taking away rows is exact in doubles:
 * the weights are float32, so sums of a few dozen of them within about 29 binary orders of magnitude are
 * (network-accumulator.test.ts checks it over random walks in every rule set, and the depth bench's trees are node
 * for node the same).
 */
import type { DraughtsSearchPosition } from '@tactica/draughts';
import { hiddenSumsInto, outputOfSums, type DraughtsNetwork } from './network.js';

/** Slots, a power of two: a path index has slot index & (slots − 1); a path longer than that reuses older slots. */
const ACCUMULATOR_SLOTS = 128;
/** How many plies back to look for a filled ancestor before summing from scratch (ours: beyond, the changes add up). */
const ACCUMULATOR_LOOKBACK = 8;

const MASK = ACCUMULATOR_SLOTS - 1;

/** Per piece class (white men, white kings, black men, black kings): its input kind when White moves, when Black does. */
const KIND_WHITE_VIEW = [0, 1, 2, 3] as const;
const KIND_BLACK_VIEW = [2, 3, 0, 1] as const;

/** One searcher's accumulators (a Lazy SMP helper has its own evaluator, so its own). Nothing allocated per node. */
export class NetworkAccumulators {
  private readonly net: DraughtsNetwork;
  /** Per slot, its side to move's sums: slot × hidden. */
  private readonly sums: Float64Array;
  /** Per slot, the bitboards its sums are for (wLo, wHi, bLo, bHi, kLo, kHi). */
  private readonly boards: Int32Array;
  /** Per slot, the hash of the position it was filled for, and for which side to move (1 White, 2 Black; 0 empty). */
  private readonly keyLo = new Int32Array(ACCUMULATOR_SLOTS);
  private readonly keyHi = new Int32Array(ACCUMULATOR_SLOTS);
  private readonly filled = new Uint8Array(ACCUMULATOR_SLOTS);
  private readonly scratch: Int32Array;
  /** Scratch: the changed rows of an update, and how many added and taken away (`rows`). */
  private readonly changed: Int32Array;
  /** The view being updated: its kinds by piece class and its table's half. */
  private kinds: readonly number[] = KIND_WHITE_VIEW;
  private flip = 0;
  private added = 0;
  private taken = 0;

  constructor(net: DraughtsNetwork) {
    this.net = net;
    this.sums = new Float64Array(ACCUMULATOR_SLOTS * net.hidden);
    this.boards = new Int32Array(ACCUMULATOR_SLOTS * 6);
    this.scratch = new Int32Array(net.squares);
    // Fewer changes than pieces, at most two a square.
    this.changed = new Int32Array(2 * net.squares);
  }

  /** The network's correction for the side to move of the search's current position (`DraughtsNetwork.evaluate`'s). */
  evaluate(pos: DraughtsSearchPosition): number {
    const e = pos.engine;
    const n = pos.pathIndex();
    const slot = n & MASK;
    const view = e.side + 1;
    const stop = n > ACCUMULATOR_LOOKBACK ? n - ACCUMULATOR_LOOKBACK : 0;
    let from = -1;
    for (let i = n; i >= stop; i -= 2) {
      const s = i & MASK;
      if (this.filled[s] === view && this.keyLo[s] === pos.hashLoAt(i) && this.keyHi[s] === pos.hashHiAt(i)) {
        from = s;
        break;
      }
    }
    // With no ancestor filled near (the search evaluates its frontier, not the plies above it), the slot's own
    // sums, those of the last position evaluated at this ply (a sibling or a cousin), are usually a few pieces away.
    if (
      !(from >= 0 && this.update(from, slot, e.side, e.wLo, e.wHi, e.bLo, e.bHi, e.kLo, e.kHi)) &&
      !(
        from !== slot &&
        this.filled[slot] === view &&
        this.update(slot, slot, e.side, e.wLo, e.wHi, e.bLo, e.bHi, e.kLo, e.kHi)
      )
    ) {
      this.refresh(slot, e.side, e.wLo, e.wHi, e.bLo, e.bHi, e.kLo, e.kHi);
    }
    const b = this.boards;
    const o = slot * 6;
    b[o] = e.wLo;
    b[o + 1] = e.wHi;
    b[o + 2] = e.bLo;
    b[o + 3] = e.bHi;
    b[o + 4] = e.kLo;
    b[o + 5] = e.kHi;
    this.keyLo[slot] = pos.hashLoAt(n);
    this.keyHi[slot] = pos.hashHiAt(n);
    this.filled[slot] = view;
    return outputOfSums(this.net, this.sums, slot * this.net.hidden);
  }

  /** The sums of a position for the side to move `side` from scratch into `slot`. */
  private refresh(
    slot: number,
    side: number,
    wLo: number,
    wHi: number,
    bLo: number,
    bHi: number,
    kLo: number,
    kHi: number,
  ): void {
    const at = slot * this.net.hidden;
    hiddenSumsInto(this.net, this.sums, at, wLo, wHi, bLo, bHi, kLo, kHi, side, this.scratch);
  }

  /**
   * `slot`'s sums from `from`'s and the pieces changed between `from`'s bitboards and these; false (nothing done)
   * when the changes are as many as the pieces, where summing from scratch costs less.
   */
  private update(
    from: number,
    slot: number,
    side: number,
    wLo: number,
    wHi: number,
    bLo: number,
    bHi: number,
    kLo: number,
    kHi: number,
  ): boolean {
    const b = this.boards;
    const o = from * 6;
    const oLo = b[o + 4] as number;
    const oHi = b[o + 5] as number;
    // Each class's word before and after: white men, white kings, black men, black kings; low words then high.
    const owLo = b[o] as number;
    const owHi = b[o + 1] as number;
    const obLo = b[o + 2] as number;
    const obHi = b[o + 3] as number;
    const dWmLo = (owLo & ~oLo) ^ (wLo & ~kLo);
    const dWmHi = (owHi & ~oHi) ^ (wHi & ~kHi);
    const dWkLo = (owLo & oLo) ^ (wLo & kLo);
    const dWkHi = (owHi & oHi) ^ (wHi & kHi);
    const dBmLo = (obLo & ~oLo) ^ (bLo & ~kLo);
    const dBmHi = (obHi & ~oHi) ^ (bHi & ~kHi);
    const dBkLo = (obLo & oLo) ^ (bLo & kLo);
    const dBkHi = (obHi & oHi) ^ (bHi & kHi);
    const changes =
      popcount(dWmLo) +
      popcount(dWmHi) +
      popcount(dWkLo) +
      popcount(dWkHi) +
      popcount(dBmLo) +
      popcount(dBmHi) +
      popcount(dBkLo) +
      popcount(dBkHi);
    if (changes >= popcount(wLo | bLo) + popcount(wHi | bHi)) return false;
    // A changed bit is a piece taken away where the class had it, added where it has it now.
    this.added = 0;
    this.taken = 0;
    this.kinds = side === 0 ? KIND_WHITE_VIEW : KIND_BLACK_VIEW;
    this.flip = 64 * side;
    this.rows(dWmLo, wLo & ~kLo, 0, 0);
    this.rows(dWmHi, wHi & ~kHi, 32, 0);
    this.rows(dWkLo, wLo & kLo, 0, 1);
    this.rows(dWkHi, wHi & kHi, 32, 1);
    this.rows(dBmLo, bLo & ~kLo, 0, 2);
    this.rows(dBmHi, bHi & ~kHi, 32, 2);
    this.rows(dBkLo, bLo & kLo, 0, 3);
    this.rows(dBkHi, bHi & kHi, 32, 3);
    const h = this.net.hidden;
    const top = 2 * this.net.squares;
    this.add(from * h, slot * h, this.changed, top);
    return true;
  }

  /**
   * Lists in `changedWhite`/`changedBlack` the rows of one word's changed bits of one piece class: the rows added
   * from the start (`added` of them), those taken away from the end down (`taken`) — two loops, no branch per row.
   */
  private rows(changed: number, now: number, first: number, cls: number): void {
    const s = this.net.squares;
    const h = this.net.hidden;
    const table = this.net.table;
    const kind = (this.kinds[cls as 0] as number) * s;
    const at = this.flip + first;
    while (changed !== 0) {
      const low = changed & -changed;
      changed ^= low;
      const row = (kind + (table[at + 31 - Math.clz32(low)] as number)) * h;
      this.changed[(now & low) !== 0 ? this.added++ : 2 * s - 1 - this.taken++] = row;
    }
  }

  /**
   * The sums at `to` from those at `from` and the changed rows (`rows`), up to `top`: eight units at a time in
   * locals over the rows, as `DraughtsNetwork.evaluate` sums them (the loop V8 compiles best).
   */
  private add(from: number, to: number, changed: Int32Array, top: number): void {
    const h = this.net.hidden;
    const added = this.added;
    const taken = top - this.taken;
    const v = this.net.weights;
    const sums = this.sums;
    let k = 0;
    for (; k + 8 <= h; k += 8) {
      let a0 = sums[from + k] as number;
      let a1 = sums[from + k + 1] as number;
      let a2 = sums[from + k + 2] as number;
      let a3 = sums[from + k + 3] as number;
      let a4 = sums[from + k + 4] as number;
      let a5 = sums[from + k + 5] as number;
      let a6 = sums[from + k + 6] as number;
      let a7 = sums[from + k + 7] as number;
      for (let j = 0; j < added; j++) {
        const r = (changed[j] as number) + k;
        a0 += v[r] as number;
        a1 += v[r + 1] as number;
        a2 += v[r + 2] as number;
        a3 += v[r + 3] as number;
        a4 += v[r + 4] as number;
        a5 += v[r + 5] as number;
        a6 += v[r + 6] as number;
        a7 += v[r + 7] as number;
      }
      for (let j = taken; j < top; j++) {
        const r = (changed[j] as number) + k;
        a0 -= v[r] as number;
        a1 -= v[r + 1] as number;
        a2 -= v[r + 2] as number;
        a3 -= v[r + 3] as number;
        a4 -= v[r + 4] as number;
        a5 -= v[r + 5] as number;
        a6 -= v[r + 6] as number;
        a7 -= v[r + 7] as number;
      }
      sums[to + k] = a0;
      sums[to + k + 1] = a1;
      sums[to + k + 2] = a2;
      sums[to + k + 3] = a3;
      sums[to + k + 4] = a4;
      sums[to + k + 5] = a5;
      sums[to + k + 6] = a6;
      sums[to + k + 7] = a7;
    }
    for (; k < h; k++) {
      let a = sums[from + k] as number;
      for (let j = 0; j < added; j++) a += v[(changed[j] as number) + k] as number;
      for (let j = taken; j < top; j++) a -= v[(changed[j] as number) + k] as number;
      sums[to + k] = a;
    }
  }
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) as number;
}
