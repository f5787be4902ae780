/**
 * A knockout (single elimination) on a seeded bracket: the field is filled up to a power of two with byes, which go
 * to the top seeds; seeds meet as in tennis draws (1 v 16, 8 v 9, … so that 1 and 2 can only meet in the final).
 * A match is one game; a drawn game is replayed once with the seats reversed (leg 2), and a drawn replay goes to
 * the higher seed **(ours)**. A withdrawn player loses the match they are in, and any later one, by forfeit.
 */
import type { Entrant, NewPairing, Pairing } from './types.js';

/** The bracket's slots in order for `size` (a power of two): seed numbers, 1 first. */
export function bracketOrder(size: number): number[] {
  let order = [1];
  while (order.length < size) {
    const n = order.length * 2;
    order = order.flatMap((s) => [s, n + 1 - s]);
  }
  return order;
}

/** The rounds a knockout of `count` entrants takes. */
function knockoutRounds(count: number): number {
  return count < 2 ? 0 : Math.ceil(Math.log2(count));
}

/** The match's winner once decided by its games (seat order of the first game), or undefined while it is not. */
function matchWinner(games: readonly Pairing[], seedOf: (id: string) => number): string | undefined {
  const first = games.find((g) => (g.leg ?? 1) === 1);
  if (!first?.result) return undefined;
  const [a, b] = first.players;
  if (b === null) return a;
  const decided = (p: Pairing): string | undefined => {
    const r = p.result;
    if (!r) return undefined;
    const [x, y] = p.players;
    if (r.score[0] > r.score[1]) return x;
    if (r.score[1] > r.score[0]) return y ?? x;
    return undefined;
  };
  const one = decided(first);
  if (one !== undefined) return one;
  const replay = games.find((g) => g.leg === 2);
  if (!replay?.result) return undefined;
  return decided(replay) ?? (seedOf(a) < seedOf(b) ? a : b);
}

export type KnockoutStep =
  /** Games to start now (a round's matches, or replays of drawn games). */
  | { readonly kind: 'pair'; readonly round: number; readonly pairings: readonly NewPairing[] }
  /** Games of the current round are still being played. */
  | { readonly kind: 'wait' }
  | { readonly kind: 'over'; readonly winner: string | undefined };

/**
 * What comes next in a knockout: replays of drawn matches of the current round, or the next round once every match
 * of it is decided, or the end. `pairings`: all so far.
 */
export function knockoutStep(entrants: readonly Entrant[], pairings: readonly Pairing[]): KnockoutStep {
  const seeds = new Map(entrants.map((e) => [e.id, e.seed]));
  const seedOf = (id: string): number => seeds.get(id) ?? Infinity;
  const current = pairings.reduce((r, p) => Math.max(r, p.round), 0);
  let field: string[];
  if (current === 0) {
    const bySeed = [...entrants].sort((a, b) => a.seed - b.seed).map((e) => e.id);
    if (bySeed.length < 2) return { kind: 'over', winner: bySeed[0] };
    const size = 2 ** knockoutRounds(bySeed.length);
    const slots = bracketOrder(size).map((s) => bySeed[s - 1] ?? null);
    return { kind: 'pair', round: 1, pairings: matchesOf(slots) };
  } else {
    const games = pairings.filter((p) => p.round === current);
    const matches = new Map<string, Pairing[]>();
    // A match is keyed by its first game's players (the replay has them reversed).
    const key = (p: Pairing): string => [...p.players].map(String).sort().join('\u0000');
    for (const g of games) matches.set(key(g), [...(matches.get(key(g)) ?? []), g]);
    if (games.some((g) => !g.result)) return { kind: 'wait' };
    const replays: NewPairing[] = [];
    field = [];
    for (const ms of matches.values()) {
      const winner = matchWinner(ms, seedOf);
      if (winner !== undefined) {
        field.push(winner);
        continue;
      }
      const [a, b] = (ms[0] as Pairing).players;
      replays.push({ players: [b as string, a], leg: 2 });
    }
    if (replays.length > 0) return { kind: 'pair', round: current, pairings: replays };
    // The bracket's order is kept: matches were made in slot order, and their games keep that order.
    const order = orderOfMatches(games);
    field.sort((x, y) => (order.get(x) ?? 0) - (order.get(y) ?? 0));
  }
  if (field.length <= 1) return { kind: 'over', winner: field[0] };
  // A match with a withdrawn player in it is still made: the service records it forfeited (../service.ts).
  return { kind: 'pair', round: current + 1, pairings: matchesOf(field) };
}

/** Where each player stands in the bracket's order: the index of their match's first game among the round's. */
function orderOfMatches(games: readonly Pairing[]): Map<string, number> {
  const order = new Map<string, number>();
  games.forEach((g, i) => {
    for (const id of g.players) if (id !== null && !order.has(id)) order.set(id, i);
  });
  return order;
}

/** Slots paired two by two (adjacent), a lone player (the other slot empty) getting a bye. */
function matchesOf(slots: readonly (string | null)[]): NewPairing[] {
  const out: NewPairing[] = [];
  for (let i = 0; i + 1 < slots.length; i += 2) {
    const a = slots[i] ?? null;
    const b = slots[i + 1] ?? null;
    if (a !== null && b !== null) out.push({ players: [a, b] });
    else if (a !== null || b !== null) out.push({ players: [(a ?? b) as string, null] });
  }
  return out;
}
