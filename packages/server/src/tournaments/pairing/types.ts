/**
 * The data the pairing rules work on, plain and JSON-safe: who is in (by seed), and every pairing made so far with
 * its result once known. Nothing here knows of games, storage or clocks: the service (../service.ts) turns stored
 * games into results and new pairings into games.
 *
 * Seats: seat 0 moves first in the sequential games (it is "white"); balancing seats is what balancing colours
 * means here, for every game (in Tactorus, played in simultaneous rounds, the balance costs nothing).
 */

/** An entrant as the rules see them: an id and a seed (1 = the strongest; the order of the starting list). */
export interface Entrant {
  readonly id: string;
  readonly seed: number;
  /** Withdrawn: never paired again (their games still count). */
  readonly withdrawn?: boolean;
}

/**
 * What a pairing scored for each seat, in game points (a win 1, a draw ½, a loss 0). `forfeit`: decided without
 * the game being played to its end by both (a withdrawal; a game lost on time is an ordinary loss).
 */
export interface PairingResult {
  readonly score: readonly [number, number];
  readonly forfeit?: boolean;
}

/** One pairing of a round: the players in seat 0 and seat 1 (null: a bye for seat 0), and its result once known. */
export interface Pairing {
  /** The round, from 1 (arena: the wave of pairings it was made in). */
  readonly round: number;
  readonly players: readonly [string, string | null];
  /** Knockout: the game of the match, from 1 (2: the replay of a drawn game, seats reversed). Default 1. */
  readonly leg?: number;
  readonly result: PairingResult | null;
}

/** A pairing to be made: who sits where (null: a bye). */
export interface NewPairing {
  readonly players: readonly [string, string | null];
  readonly leg?: number;
}

/** A bye scores a win **(ours, as FIDE's pairing-allocated bye)**. */
export const BYE_RESULT: PairingResult = { score: [1, 0] };

/** A pairing decided without its game: won by the seat `winner` (null: lost by both, two withdrawals). */
export function forfeitResult(winner: 0 | 1 | null): PairingResult {
  if (winner === null) return { score: [0, 0], forfeit: true };
  return { score: winner === 0 ? [1, 0] : [0, 1], forfeit: true };
}

/** Each player's history drawn from the pairings: for Swiss and arena choices and for the standings. */
export interface History {
  /** Points scored (game points). */
  readonly points: Map<string, number>;
  /** Opponents met (byes not counted), in order. */
  readonly opponents: Map<string, string[]>;
  /** Seats taken, in order (byes not counted). */
  readonly seats: Map<string, (0 | 1)[]>;
  /** Players who had a bye. */
  readonly byes: Set<string>;
  /** Players in a pairing still being played. */
  readonly busy: Set<string>;
}

export function historyOf(entrants: readonly Entrant[], pairings: readonly Pairing[]): History {
  const h: History = { points: new Map(), opponents: new Map(), seats: new Map(), byes: new Set(), busy: new Set() };
  for (const e of entrants) {
    h.points.set(e.id, 0);
    h.opponents.set(e.id, []);
    h.seats.set(e.id, []);
  }
  for (const p of pairings) {
    const [a, b] = p.players;
    if (b === null) h.byes.add(a);
    else {
      h.opponents.get(a)?.push(b);
      h.opponents.get(b)?.push(a);
      h.seats.get(a)?.push(0);
      h.seats.get(b)?.push(1);
    }
    if (!p.result) {
      h.busy.add(a);
      if (b !== null) h.busy.add(b);
      continue;
    }
    h.points.set(a, (h.points.get(a) ?? 0) + p.result.score[0]);
    if (b !== null) h.points.set(b, (h.points.get(b) ?? 0) + p.result.score[1]);
  }
  return h;
}

/** Seat 0 games minus seat 1 games. */
export function seatBalance(seats: readonly (0 | 1)[] | undefined): number {
  let d = 0;
  for (const s of seats ?? []) d += s === 0 ? 1 : -1;
  return d;
}

/**
 * Who of two players takes seat 0: the one who has had it less; then the one who had seat 1 last (alternation,
 * looking back to the last game where they differ); then by the round and their ranks **(ours)**.
 */
export function seatsFor(a: string, b: string, h: Pick<History, 'seats'>, round: number): readonly [string, string] {
  const sa = h.seats.get(a) ?? [];
  const sb = h.seats.get(b) ?? [];
  const da = seatBalance(sa);
  const db = seatBalance(sb);
  if (da !== db) return da < db ? [a, b] : [b, a];
  for (let i = 1; i <= Math.min(sa.length, sb.length); i++) {
    const la = sa[sa.length - i];
    const lb = sb[sb.length - i];
    if (la !== lb) return la === 1 ? [a, b] : [b, a];
  }
  // `a` is the higher ranked: seat 0 in odd rounds.
  return round % 2 === 1 ? [a, b] : [b, a];
}
