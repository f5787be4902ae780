/**
 * A fixed-size transposition table in typed arrays (no objects per entry), always-replace by depth preference.
 * Entry i: check word (hash hi), packed depth/flag, score, best move.
 */
export const BOUND_EXACT = 0;
export const BOUND_LOWER = 1;
export const BOUND_UPPER = 2;

export class TranspositionTable {
  private readonly check: Int32Array;
  private readonly info: Int32Array;
  private readonly score: Int32Array;
  private readonly best: Int32Array;
  private readonly mask: number;
  /** Filled by `probe` on a hit. */
  hitDepth = 0;
  hitBound = 0;
  hitScore = 0;
  hitMove = 0;

  constructor(log2Entries = 20) {
    const n = 1 << log2Entries;
    this.mask = n - 1;
    this.check = new Int32Array(n);
    this.info = new Int32Array(n);
    this.score = new Int32Array(n);
    this.best = new Int32Array(n);
    this.clear();
  }

  clear(): void {
    this.info.fill(-1);
  }

  probe(lo: number, hi: number): boolean {
    const i = lo & this.mask;
    const info = this.info[i] as number;
    if (info === -1 || this.check[i] !== (hi | 0)) return false;
    this.hitDepth = info >> 2;
    this.hitBound = info & 3;
    this.hitScore = this.score[i] as number;
    this.hitMove = this.best[i] as number;
    return true;
  }

  store(lo: number, hi: number, depth: number, bound: number, score: number, move: number): void {
    const i = lo & this.mask;
    const info = this.info[i] as number;
    // Keep a deeper entry of another position; always replace the same position or shallower ones.
    if (info !== -1 && this.check[i] !== (hi | 0) && info >> 2 > depth) return;
    this.check[i] = hi | 0;
    this.info[i] = (depth << 2) | bound;
    this.score[i] = score;
    this.best[i] = move;
  }
}
