import { describe, expect, it } from 'vitest';
import { lowBit, pop, pop2 } from './bits.js';

/** Bits counted one by one: the reference the fast counts must agree with. */
function slowCount(x: number): number {
  let n = 0;
  for (let b = 0; b < 32; b++) if ((x >>> b) & 1) n++;
  return n;
}

describe('bit counting', () => {
  const words = [0, 1, -1, 0x80000000 | 0, 0x55555555, 0xaaaaaaaa | 0, 0x0003ffff, 0x7fffffff, 0x12345678];
  // A fixed pseudo-random sequence (xorshift) for words no one picked by hand.
  let seed = 0x9e3779b9 | 0;
  for (let i = 0; i < 200; i++) {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    words.push(seed | 0);
  }

  it('pop counts the set bits of a word, the sign bit included', () => {
    for (const x of words) expect(pop(x)).toBe(slowCount(x));
  });

  it('pop2 counts both words of a board together, up to all 64 bits set', () => {
    for (const lo of words) {
      for (const hi of words.slice(0, 40)) expect(pop2(lo, hi)).toBe(slowCount(lo) + slowCount(hi));
    }
    expect(pop2(-1, -1)).toBe(64);
  });

  it('lowBit names the lowest set bit', () => {
    for (const x of words) if (x !== 0) expect(x & (1 << lowBit(x))).not.toBe(0);
    expect(lowBit(0x80000000 | 0)).toBe(31);
  });
});
