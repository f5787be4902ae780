/**
 * Round robin by the circle method (Berger tables): every entrant meets every other once, in n − 1 rounds (n
 * rounded up to even; the odd one out each round has a bye). The first entrant stays put while the others turn
 * round the circle; seats follow Berger's tables, so nobody's seat balance strays beyond one, and nobody has the
 * same seat three games running.
 */
import type { NewPairing } from './types.js';

/** The rounds a round robin of `count` entrants takes. */
export function roundRobinRounds(count: number): number {
  return count < 2 ? 0 : count % 2 === 0 ? count - 1 : count;
}

/**
 * The pairings of round `round` (from 1) for `ids` in seed order. A bye is a pairing `[id, null]`. Pure: the whole
 * schedule follows from the list, so a round is made again the same.
 */
export function roundRobinRound(ids: readonly string[], round: number): NewPairing[] {
  const players: (string | null)[] = [...ids];
  if (players.length % 2 === 1) players.push(null);
  const n = players.length;
  const rounds = n - 1;
  if (round < 1 || round > rounds) return [];
  // The circle: position 0 fixed (the last player in Berger's numbering), the rest turned by `round - 1`.
  const fixed = players[n - 1] ?? null;
  const turning = players.slice(0, n - 1);
  const shift = ((round - 1) * (n / 2)) % (n - 1);
  const at = (i: number): string | null => turning[(i + shift) % (n - 1)] ?? null;
  const out: NewPairing[] = [];
  // Table 1: the fixed player alternates seats by round.
  const top = at(0);
  out.push(...tablePair(round % 2 === 1 ? [top, fixed] : [fixed, top]));
  for (let t = 1; t < n / 2; t++) out.push(...tablePair([at(t), at(n - 1 - t)]));
  return out;
}

/** A table's pairing: a bye when one side is the odd one out (the player takes seat 0 of the bye). */
function tablePair([a, b]: readonly [string | null, string | null]): NewPairing[] {
  if (a === null && b === null) return [];
  if (a === null) return [{ players: [b as string, null] }];
  if (b === null) return [{ players: [a, null] }];
  return [{ players: [a, b] }];
}
