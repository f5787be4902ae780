/**
 * The arena (as lichess's): for a fixed time, whoever is free is paired at once with another free player, those
 * with close scores first, never with the opponent they just played while another is free. Scores count per game:
 * a win 2, a draw 1, a loss 0; a player on a streak (the two games before this one won) scores double **(lichess's
 * "fire")**. New games are made only while the arena runs; it ends when its time is up and its last games are over.
 */
import type { Entrant, NewPairing, Pairing } from './types.js';

const ARENA_WIN = 2;
const ARENA_DRAW = 1;

/** The arena's score of each entrant from its pairings, in the order they were made, with the streak bonus. */
export function arenaScores(entrants: readonly Entrant[], pairings: readonly Pairing[]): Map<string, number> {
  const score = new Map(entrants.map((e) => [e.id, 0]));
  const streak = new Map<string, number>();
  for (const p of pairings) {
    if (!p.result || p.players[1] === null) continue;
    p.players.forEach((id, seat) => {
      if (id === null) return;
      const mine = p.result?.score[seat] ?? 0;
      const theirs = p.result?.score[1 - seat] ?? 0;
      const won = mine > theirs;
      const base = won ? ARENA_WIN : mine === theirs && !p.result?.forfeit ? ARENA_DRAW : 0;
      const onFire = (streak.get(id) ?? 0) >= 2;
      score.set(id, (score.get(id) ?? 0) + (onFire ? base * 2 : base));
      streak.set(id, won ? (streak.get(id) ?? 0) + 1 : 0);
    });
  }
  return score;
}

/**
 * The pairings to make now among the free players (not withdrawn, not in a game being played), most points
 * first (then seed): each takes the nearest in the ranking who was not their last opponent. A player left over (or
 * whose only free partner is their last opponent) waits for the next game to end.
 */
export function arenaPairings(entrants: readonly Entrant[], pairings: readonly Pairing[]): NewPairing[] {
  const busy = new Set<string>();
  const last = new Map<string, string>();
  const seatBalance = new Map<string, number>();
  for (const p of pairings) {
    const [a, b] = p.players;
    if (b === null) continue;
    if (!p.result) {
      busy.add(a);
      busy.add(b);
    }
    last.set(a, b);
    last.set(b, a);
    seatBalance.set(a, (seatBalance.get(a) ?? 0) + 1);
    seatBalance.set(b, (seatBalance.get(b) ?? 0) - 1);
  }
  const score = arenaScores(entrants, pairings);
  const free = entrants
    .filter((e) => !e.withdrawn && !busy.has(e.id))
    .sort((x, y) => (score.get(y.id) ?? 0) - (score.get(x.id) ?? 0) || x.seed - y.seed)
    .map((e) => e.id);
  const out: NewPairing[] = [];
  // Two players alone in the arena meet again; otherwise one waits rather than replay their last game.
  const alone = entrants.filter((e) => !e.withdrawn).length <= 2;
  while (free.length >= 2) {
    const a = free.shift() as string;
    let j = free.findIndex((id) => id !== last.get(a));
    if (j < 0 && alone) j = 0;
    if (j < 0) continue;
    const b = free.splice(j, 1)[0] as string;
    // The one who has had seat 0 less takes it.
    out.push({ players: (seatBalance.get(a) ?? 0) <= (seatBalance.get(b) ?? 0) ? [a, b] : [b, a] });
  }
  return out;
}
