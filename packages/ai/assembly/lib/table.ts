/**
 * The deep search's transposition table (src/games/draughts/table.ts, `DeepTable`) in AssemblyScript: the same
 * buckets of four entries of four i32 (64 bytes), the same entry layout, the same bucket index and the same
 * replacement, so that a search here keeps and finds what the JS one does. One table a module, allocated once
 * (`tableInit`); nothing is shared between threads here (Lazy SMP stays with the JS searcher), so the check word's
 * lockless XOR is kept only to keep the entries identical.
 *
 * Entry: [check, info, score, move]; `info` packs depth + 1 (8 bits), the generation (6 bits) and the bound (2 bits).
 */
export const EXACT = 0;
export const LOWER = 1;
export const UPPER = 2;

let data: usize = 0;
let mask: i32 = 0;
let buckets: i32 = 0;
let generation: i32 = 0;

// The last hit (`tableProbe`).
export let hitDepth: i32 = 0;
export let hitBound: i32 = 0;
export let hitScore: i32 = 0;
export let hitMove: i32 = 0;

/** Allocates a table of 2^log2Buckets buckets (once a module: the heap of the stub runtime never frees). */
export function tableInit(log2Buckets: i32): void {
  buckets = 1 << log2Buckets;
  mask = buckets - 1;
  // A bucket is one cache line only if the table starts on a line's boundary (the heap aligns to 16 bytes): one miss a
  // probe, not two.
  data = (heap.alloc(<usize>buckets * 64 + 64) + 63) & ~(<usize>63);
  tableClear();
}

export function tableClear(): void {
  memory.fill(data, 0, <usize>buckets * 64);
  generation = 0;
}

/** A new search: entries written from now on are younger than the ones before. */
export function tableNextGeneration(): void {
  generation = (generation + 1) & 63;
}

function at(i: i32): i32 {
  return load<i32>(data + ((<usize>i) << 2));
}

export function tableProbe(lo: i32, hi: i32): bool {
  const base = (lo & mask) << 4;
  for (let i = base; i < base + 16; i += 4) {
    const info = at(i + 1);
    if (info === 0) continue;
    const score = at(i + 2);
    const move = at(i + 3);
    if ((at(i) ^ info ^ score ^ move) !== hi) continue;
    hitDepth = ((info >>> 8) & 255) - 1;
    hitBound = info & 3;
    hitScore = score;
    hitMove = move;
    return true;
  }
  return false;
}

export function tableStore(lo: i32, hi: i32, depth: i32, bound: i32, score: i32, move: i32): void {
  const base = (lo & mask) << 4;
  const gen = generation;
  let target = -1;
  let worst = i32.MAX_VALUE;
  for (let i = base; i < base + 16; i += 4) {
    const info = at(i + 1);
    if (info === 0) {
      if (target < 0 || worst > -1000) {
        target = i;
        worst = -1000;
      }
      continue;
    }
    if ((at(i) ^ info ^ at(i + 2) ^ at(i + 3)) === hi) {
      // The same position: keep a deeper exact result of this search; keep its move when the new one has none.
      const oldDepth = ((info >>> 8) & 255) - 1;
      if (move === 0) move = at(i + 3);
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
  const info = (((depth < 254 ? depth : 254) + 1) << 8) | (gen << 2) | bound;
  const p = data + ((<usize>target) << 2);
  store<i32>(p, hi ^ info ^ score ^ move);
  store<i32>(p, info, 4);
  store<i32>(p, score, 8);
  store<i32>(p, move, 12);
}
