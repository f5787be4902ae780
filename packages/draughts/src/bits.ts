/**
 * Bit counting on the 32-bit words the draughts bitboards are made of (a board is two words, low and high
 * squares). Shared by move generation, the search position and the evaluations; small enough for V8 to inline.
 */

/** Number of set bits of a word. */
export function pop(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** Index of the lowest set bit of a non-zero word. */
export function lowBit(x: number): number {
  return 31 - Math.clz32(x & -x);
}
