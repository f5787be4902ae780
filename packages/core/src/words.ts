/**
 * Counts in words for status lines and messages: `1 man`, `2 men`, `1 chip`, `0 chips`. A count of one takes the
 * singular; English takes the plural for every other count, zero included.
 */

/** `n` and its noun: the singular for one, else the plural (`noun` + `s` unless given). */
export function countOf(n: number, noun: string, pluralNoun = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : pluralNoun}`;
}
