/**
 * A small, fast, seeded pseudo-random generator (sfc32), so playouts, AI choices and key material for tests
 * are reproducible. Its state is four uint32 words that survive JSON and structured clone.
 * Not for secrets: cryptographic keys come from the platform's crypto.
 */
export interface Rng {
  /** Next uint32. */
  next(): number;
  /** Uniform float in [0, 1). */
  float(): number;
  /** Uniform integer in [0, n). */
  int(n: number): number;
  /** A uniformly chosen element; the array must not be empty. */
  pick<T>(items: readonly T[]): T;
  /** The generator's state, to save and restore. */
  state(): readonly [number, number, number, number];
}

export function createRng(seed: number | string | readonly [number, number, number, number] = 0): Rng {
  let a: number, b: number, c: number, d: number;
  if (typeof seed === 'object') {
    [a, b, c, d] = seed;
  } else {
    const h = typeof seed === 'string' ? hashString(seed) : seed >>> 0;
    a = 0x9e3779b9;
    b = 0x243f6a88;
    c = 0xb7e15162;
    d = h;
    for (let i = 0; i < 15; i++) step();
  }
  function step(): number {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    const t = (a + b + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t;
  }
  return {
    next: step,
    float: () => step() / 4294967296,
    int(n: number): number {
      if (!(n > 0)) throw new RangeError(`rng.int needs a positive bound, got ${n}`);
      return Math.floor((step() / 4294967296) * n);
    },
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new RangeError('rng.pick needs a non-empty array');
      return items[Math.floor((step() / 4294967296) * items.length)] as T;
    },
    state: () => [a >>> 0, b >>> 0, c >>> 0, d >>> 0] as const,
  };
}

/** FNV-1a over UTF-16 code units: a stable 32-bit seed from a string. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Zobrist keys: `count` random 32-bit pairs (low word at 2i, high word at 2i+1), reproducible from the seed. */
export function zobristKeys(count: number, seed: number | string): Uint32Array {
  const rng = createRng(seed);
  const keys = new Uint32Array(count * 2);
  for (let i = 0; i < keys.length; i++) keys[i] = rng.next();
  return keys;
}
