/**
 * The deep draughts search's transposition table: buckets of four entries of four int32 (64 bytes, one cache line),
 * sized by the caller, in an `ArrayBuffer` or a `SharedArrayBuffer` that several search threads share (Lazy SMP).
 *
 * Entry: [check, info, score, move]. `info` packs the depth (8 bits, +1 so that 0 marks an empty entry), the bound
 * (2 bits) and the search generation (6 bits); `check` is the hash's high word XORed with the other three words, so
 * a probe that reads an entry another thread is writing (four separate stores) sees a mismatch and ignores it rather
 * than trusting a torn entry (the lockless scheme of Hyatt and Mann).
 *
 * Replacement: the entry of the same position; else an empty one; else the one that is worth least, its depth less
 * four plies per generation it has aged (entries from earlier searches give way first).
 */
export const EXACT = 0;
export const LOWER = 1;
export const UPPER = 2;

/** Bytes per bucket (4 entries of 16 bytes). */
export const BUCKET_BYTES = 64;

export class DeepTable {
  readonly data: Int32Array;
  readonly buckets: number;
  private readonly mask: number;
  private generation = 0;
  hitDepth = 0;
  hitBound = 0;
  hitScore = 0;
  hitMove = 0;

  /** A table of 2^log2Buckets buckets, in `shared` when given (it must hold them all). */
  constructor(log2Buckets: number, shared?: SharedArrayBuffer) {
    const bytes = 2 ** log2Buckets * BUCKET_BYTES;
    if (shared && shared.byteLength < bytes)
      throw new Error(`the shared table holds ${shared.byteLength} bytes, not ${bytes}`);
    this.data = shared ? new Int32Array(shared, 0, bytes / 4) : new Int32Array(bytes / 4);
    this.buckets = 2 ** log2Buckets;
    this.mask = this.buckets - 1;
  }

  /** The size in bytes a table of 2^log2Buckets buckets takes. */
  static bytes(log2Buckets: number): number {
    return 2 ** log2Buckets * BUCKET_BYTES;
  }

  clear(): void {
    this.data.fill(0);
    this.generation = 0;
  }

  /** The search generation (0–63); Lazy SMP's helpers take the main thread's, so that all age entries alike. */
  get age(): number {
    return this.generation;
  }

  set age(generation: number) {
    this.generation = generation & 63;
  }

  /** A new search: entries written from now on are younger than the ones before. */
  nextGeneration(): void {
    this.generation = (this.generation + 1) & 63;
  }

  probe(lo: number, hi: number): boolean {
    const d = this.data;
    const base = (lo & this.mask) << 4;
    for (let i = base; i < base + 16; i += 4) {
      const info = d[i + 1] as number;
      if (info === 0) continue;
      const score = d[i + 2] as number;
      const move = d[i + 3] as number;
      if (((d[i] as number) ^ info ^ score ^ move) !== hi) continue;
      this.hitDepth = ((info >>> 8) & 255) - 1;
      this.hitBound = info & 3;
      this.hitScore = score;
      this.hitMove = move;
      return true;
    }
    return false;
  }

  store(lo: number, hi: number, depth: number, bound: number, score: number, move: number): void {
    const d = this.data;
    const base = (lo & this.mask) << 4;
    const gen = this.generation;
    let target = -1;
    let worst = Infinity;
    for (let i = base; i < base + 16; i += 4) {
      const info = d[i + 1] as number;
      if (info === 0) {
        if (target < 0 || worst > -1000) {
          target = i;
          worst = -1000;
        }
        continue;
      }
      if (((d[i] as number) ^ info ^ (d[i + 2] as number) ^ (d[i + 3] as number)) === hi) {
        // The same position: keep a deeper exact result of this search; keep its move when the new one has none.
        const oldDepth = ((info >>> 8) & 255) - 1;
        if (move === 0) move = d[i + 3] as number;
        if (oldDepth > depth + 2 && (info & 3) === EXACT && ((info >>> 2) & 63) === gen) return;
        target = i;
        break;
      }
      const age = (gen - ((info >>> 2) & 63)) & 63;
      const value = ((info >>> 8) & 255) - 4 * age;
      if (value < worst) {
        worst = value;
        target = i;
      }
    }
    const info = ((Math.min(depth, 254) + 1) << 8) | (gen << 2) | bound;
    d[target] = hi ^ info ^ score ^ move;
    d[target + 1] = info;
    d[target + 2] = score;
    d[target + 3] = move;
  }
}
