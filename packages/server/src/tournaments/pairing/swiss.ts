/**
 * Swiss pairing by score groups **(ours: a simplified Dutch system, documented in docs/server.md "Tournaments")**.
 *
 * 1. The players still in are ranked by points, then seed.
 * 2. With an odd number, the bye goes to the lowest-ranked player who has not had one (if everyone has, to the
 *    lowest-ranked); should the rest not pair without a repeat, the next such player is tried.
 * 3. The rest are paired as a minimum-cost matching, searched depth first from the top of the ranking with the
 *    cheapest partners first and bounded by `SWISS_SEARCH_NODES`: a repeat is forbidden while any pairing avoids
 *    one; then two players both strongly due the same seat (a balance of two, or the same seat twice running: as
 *    FIDE's absolute colour rule) are not paired while avoidable; otherwise the cost is the score gap (floaters:
 *    as few and as close as can be), then a mild clash of seat wishes, then how far the pair is from the Dutch fold (the top half of a score group meeting the bottom half, 1 v 5, 2 v 6, … in a group of 8).
 * 4. Seats: the one who has had seat 0 less takes it, else the one who had seat 1 last (./types.ts `seatsFor`).
 */
import {
  historyOf,
  seatBalance,
  seatsFor,
  type Entrant,
  type History,
  type NewPairing,
  type Pairing,
} from './types.js';

/**
 * The most steps the search for the cheapest matching takes in one round before it keeps the best found so far
 * **(ours)**: it runs in the transaction that pairs the round, on the event loop. A round of the largest field
 * (128 entrants, TOURNAMENT_LIMITS) pairs in 30–120 ms at this bound on this machine (`node bench/swiss-pairing.js`).
 */
const SWISS_SEARCH_NODES = 50_000;

const REPEAT_COST = 1e9;
const SCORE_COST = 1_000;
const SEAT_CLASH_COST = 10;
/** Two players both due the same seat strongly: avoided before any score gap (FIDE's absolute colour rule). */
const SEAT_CLASH_HARD_COST = 1e6;

/** The pairings of the next round of a Swiss, given every pairing so far (all finished). */
export function swissRound(entrants: readonly Entrant[], pairings: readonly Pairing[], round: number): NewPairing[] {
  const h = historyOf(entrants, pairings);
  const ranked = entrants
    .filter((e) => !e.withdrawn)
    .sort((a, b) => (h.points.get(b.id) ?? 0) - (h.points.get(a.id) ?? 0) || a.seed - b.seed)
    .map((e) => e.id);
  if (ranked.length < 2) return ranked.map((id) => ({ players: [id, null] }));
  // One budget for every try without repeats (each bye tried); the try with repeats finds a matching at once.
  const budget = { left: SWISS_SEARCH_NODES };
  const fallback = (): { left: number } => ({ left: SWISS_SEARCH_NODES });
  if (ranked.length % 2 === 0) {
    return seated(match(ranked, h, false, budget) ?? match(ranked, h, true, fallback()) ?? [], h, round);
  }
  // The bye: lowest-ranked first among those who have not had one, then the others.
  const byeOrder = [...ranked].reverse().sort((a, b) => Number(h.byes.has(a)) - Number(h.byes.has(b)));
  for (const allowRepeats of [false, true]) {
    const left = allowRepeats ? fallback() : budget;
    for (const bye of byeOrder) {
      const rest = ranked.filter((id) => id !== bye);
      const pairs = match(rest, h, allowRepeats, left);
      if (pairs) return [...seated(pairs, h, round), { players: [bye, null] }];
    }
  }
  return [];
}

function seated(pairs: readonly (readonly [string, string])[], h: History, round: number): NewPairing[] {
  return pairs.map(([a, b]) => ({ players: seatsFor(a, b, h, round) }));
}

/** A seat wish: +1 wants seat 0, −1 seat 1, strength 2 when the balance is already two off (or two the same). */
function wish(h: History, id: string): { side: number; strong: boolean } {
  const seats = h.seats.get(id) ?? [];
  const d = seatBalance(seats);
  const last = seats[seats.length - 1];
  const twice = seats.length >= 2 && seats[seats.length - 2] === last;
  if (d !== 0) return { side: d > 0 ? -1 : 1, strong: Math.abs(d) >= 2 || twice };
  if (last === undefined) return { side: 0, strong: false };
  return { side: last === 0 ? -1 : 1, strong: twice };
}

/** The cheapest matching of `ranked` (even count), or undefined when every one repeats a pairing (unless allowed). */
function match(
  ranked: readonly string[],
  h: History,
  allowRepeats: boolean,
  budget: { left: number },
): [string, string][] | undefined {
  const n = ranked.length;
  const points = ranked.map((id) => h.points.get(id) ?? 0);
  // Each player's place in their score group and the group's size: the Dutch fold pairs place i with i + size/2.
  const place: number[] = [];
  const groupSize: number[] = [];
  for (let i = 0; i < n;) {
    let j = i;
    while (j < n && points[j] === points[i]) j++;
    for (let k = i; k < j; k++) {
      place.push(k - i);
      groupSize.push(j - i);
    }
    i = j;
  }
  const wishes = ranked.map((id) => wish(h, id));
  const met = ranked.map((id) => new Set(h.opponents.get(id) ?? []));
  const cost = (i: number, j: number): number => {
    let c = 0;
    if (met[i]?.has(ranked[j] as string)) {
      if (!allowRepeats) return Infinity;
      c += REPEAT_COST;
    }
    c += SCORE_COST * Math.abs((points[i] ?? 0) - (points[j] ?? 0));
    const wi = wishes[i];
    const wj = wishes[j];
    if (wi && wj && wi.side !== 0 && wi.side === wj.side) {
      c += wi.strong && wj.strong ? SEAT_CLASH_HARD_COST : SEAT_CLASH_COST;
    }
    if (points[i] === points[j]) {
      const half = Math.floor((groupSize[i] ?? 0) / 2);
      c += Math.abs((place[j] ?? 0) - (place[i] ?? 0) - half);
    }
    return c;
  };
  const partner = new Array<number>(n).fill(-1);
  let best: number[] | undefined;
  let bestCost = Infinity;
  const search = (spent: number): void => {
    // Bounded whatever is found: when nothing was, the caller tries with repeats allowed (found at once).
    if (budget.left-- <= 0) return;
    const i = partner.indexOf(-1);
    if (i < 0) {
      if (spent < bestCost) {
        bestCost = spent;
        best = [...partner];
      }
      return;
    }
    const options: [number, number][] = [];
    for (let j = i + 1; j < n; j++) {
      if (partner[j] !== -1) continue;
      const c = cost(i, j);
      if (c !== Infinity) options.push([j, c]);
    }
    options.sort((a, b) => a[1] - b[1]);
    for (const [j, c] of options) {
      if (spent + c >= bestCost) break;
      partner[i] = j;
      partner[j] = i;
      search(spent + c);
      partner[i] = -1;
      partner[j] = -1;
      if (budget.left <= 0) return;
    }
  };
  search(0);
  if (!best) return undefined;
  const pairs: [string, string][] = [];
  best.forEach((j, i) => {
    if (i < j) pairs.push([ranked[i] as string, ranked[j] as string]);
  });
  return pairs;
}
