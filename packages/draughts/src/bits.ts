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

/**
 * Set bits of two words together (a board's low and high words): one call where two `pop`s would be two, with the
 * two halves summed before the final fold. The leaf evaluation counts pairs of words two dozen times a node, and V8
 * inlines only so many calls into one function: the calls it did not inline cost 5% of the deep search's time.
 */
export function pop2(lo: number, hi: number): number {
  lo -= (lo >>> 1) & 0x55555555;
  hi -= (hi >>> 1) & 0x55555555;
  // Nibble counts of each word (at most 4) summed: at most 8, still a nibble.
  let x = (lo & 0x33333333) + ((lo >>> 2) & 0x33333333) + (hi & 0x33333333) + ((hi >>> 2) & 0x33333333);
  x = (x & 0x0f0f0f0f) + ((x >>> 4) & 0x0f0f0f0f);
  return Math.imul(x, 0x01010101) >>> 24;
}

/** Index of the lowest set bit of a non-zero word. */
export function lowBit(x: number): number {
  return 31 - Math.clz32(x & -x);
}
