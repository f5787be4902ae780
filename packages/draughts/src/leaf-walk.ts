/**
 * Perft the way a search walks the tree, as the yardstick of the generator's cost per searched node: no bulk count
 * at the last ply, every move generated, made with its Zobrist hash update (search-position.ts's keys and rule) and
 * unmade. The leaves' hashes are summed so that another generator (the WebAssembly port, wasm-generator.ts) can
 * prove it walks the same tree with the same hashes.
 */
import { lowBit } from './bits.js';
import { engineFor, FLAG_CROWNS, FLAG_KING, M_CAP_HI, M_CAP_LO, M_FLAGS, M_FROM, M_TO, STRIDE } from './engine.js';
import type { Engine } from './engine.js';
import type { Position } from './position.js';
import { RULE_SETS } from './rules.js';
import { hashPosition, ZOBRIST_WORDS } from './search-position.js';

type Keys = typeof ZOBRIST_WORDS;

export interface LeafWalk {
  /** Leaves `depth` plies below the position (perft). */
  readonly nodes: number;
  /** The leaves' hashes summed modulo 2^32, low words and high words (as signed 32-bit integers). */
  readonly hashSumLo: number;
  readonly hashSumHi: number;
}

let sumLo = 0;
let sumHi = 0;

/** Perft making every move, the leaves included, with the hash kept up to date move by move. */
export function perftMakingLeaves(pos: Position, depth: number): LeafWalk {
  const e = engineFor(RULE_SETS[pos.variant]);
  const [wLo, wHi, bLo, bHi, kLo, kHi] = pos.bits;
  e.load(wLo, wHi, bLo, bHi, kLo, kHi, pos.turn);
  const [lo, hi] = hashPosition(pos.bits, pos.turn);
  sumLo = 0;
  sumHi = 0;
  try {
    const nodes = walk(e, ZOBRIST_WORDS, depth, lo, hi);
    return { nodes, hashSumLo: sumLo, hashSumHi: sumHi };
  } finally {
    e.top = 0;
  }
}

function walk(e: Engine, k: Keys, depth: number, lo: number, hi: number): number {
  if (depth <= 0) {
    sumLo = (sumLo + lo) | 0;
    sumHi = (sumHi + hi) | 0;
    return 1;
  }
  const start = e.top;
  const end = e.generate(start);
  let total = 0;
  for (let slot = start; slot < end; slot++) {
    // As search-position.ts's makeMove: the mover leaves its square, lands (crowned or not), the taken pieces go.
    const m = e.moves;
    const i = slot * STRIDE;
    const side = e.side;
    const from = m[i + M_FROM] as number;
    const to = m[i + M_TO] as number;
    const flags = m[i + M_FLAGS] as number;
    const mover = side * 2 + ((flags & FLAG_KING) !== 0 ? 1 : 0);
    const landed = side * 2 + ((flags & (FLAG_KING | FLAG_CROWNS)) !== 0 ? 1 : 0);
    let nlo = lo ^ k.sideLo ^ (k.lo[mover * 64 + from] as number) ^ (k.lo[landed * 64 + to] as number);
    let nhi = hi ^ k.sideHi ^ (k.hi[mover * 64 + from] as number) ^ (k.hi[landed * 64 + to] as number);
    const other = (side ^ 1) * 2;
    for (let x = m[i + M_CAP_LO] as number; x !== 0; x &= x - 1) {
      const b = lowBit(x);
      const code = other + ((e.kLo & (1 << b)) !== 0 ? 1 : 0);
      nlo ^= k.lo[code * 64 + b] as number;
      nhi ^= k.hi[code * 64 + b] as number;
    }
    for (let x = m[i + M_CAP_HI] as number; x !== 0; x &= x - 1) {
      const b = lowBit(x);
      const code = other + ((e.kHi & (1 << b)) !== 0 ? 1 : 0);
      nlo ^= k.lo[code * 64 + b + 32] as number;
      nhi ^= k.hi[code * 64 + b + 32] as number;
    }
    e.make(slot);
    total += walk(e, k, depth - 1, nlo, nhi);
    e.unmake(slot);
  }
  e.top = start;
  return total;
}
