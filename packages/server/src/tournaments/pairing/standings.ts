/**
 * Standings and the crosstable, from the pairings alone.
 *
 * Tie-breaks **(ours, after FIDE's handbook C.02, simplified)**: a bye scores its point but adds no opponent, so it
 * adds nothing to Buchholz or Sonneborn-Berger; a forfeit counts as the result it gave.
 * - Buchholz: the sum of the points of every opponent met.
 * - Median-Buchholz: Buchholz less the best and the worst opponent's points (with three opponents or more).
 * - Sonneborn-Berger: the points of each opponent beaten, plus half the points of each drawn with.
 * - Wins: games won (byes and forfeits included).
 * Order by kind: Swiss — points, Buchholz, Median-Buchholz, Sonneborn-Berger, wins, seed; round robin — points,
 * Sonneborn-Berger, wins, seed; knockout — the round reached (the winner first), then seed; arena — arena score
 * (./arena.ts), then points, wins, seed.
 */
import { arenaScores } from './arena.js';
import type { Entrant, Pairing } from './types.js';

export type TournamentKind = 'swiss' | 'round-robin' | 'knockout' | 'arena';
export const TOURNAMENT_KINDS: readonly TournamentKind[] = ['swiss', 'round-robin', 'knockout', 'arena'];

export interface Standing {
  readonly id: string;
  /** 1 for the first; players level on every tie-break share a rank. */
  readonly rank: number;
  readonly seed: number;
  readonly withdrawn: boolean;
  /** Game points (win 1, draw ½; a bye 1). */
  readonly points: number;
  /** The arena's score (win 2, draw 1, doubled on a streak); the points again in other kinds. */
  readonly score: number;
  readonly games: number;
  readonly wins: number;
  readonly buchholz: number;
  readonly medianBuchholz: number;
  readonly sonnebornBerger: number;
  /** Knockout: the last round the player was in (the winner: one more). */
  readonly reached?: number;
}

/** The figures standings are ordered by. */
type TieBreak = 'points' | 'score' | 'buchholz' | 'medianBuchholz' | 'sonnebornBerger' | 'wins' | 'reached';

/** One cell of the crosstable: a player's game of a round. */
export interface CrossCell {
  readonly round: number;
  readonly leg?: number;
  /** The opponent (null: a bye). */
  readonly opponent: string | null;
  readonly seat: 0 | 1;
  /** The player's points from it, null while it is played. */
  readonly points: number | null;
  readonly forfeit?: boolean;
}

export interface CrossRow {
  readonly id: string;
  readonly cells: readonly CrossCell[];
}

interface Tally {
  points: number;
  games: number;
  wins: number;
  opponents: { id: string; mine: number; theirs: number }[];
}

function tallies(entrants: readonly Entrant[], pairings: readonly Pairing[]): Map<string, Tally> {
  const t = new Map<string, Tally>(entrants.map((e) => [e.id, { points: 0, games: 0, wins: 0, opponents: [] }]));
  for (const p of pairings) {
    if (!p.result) continue;
    const [a, b] = p.players;
    const [sa, sb] = p.result.score;
    const ta = t.get(a);
    if (ta) {
      ta.points += sa;
      if (sa > sb) ta.wins++;
      if (b !== null) {
        ta.games++;
        ta.opponents.push({ id: b, mine: sa, theirs: sb });
      }
    }
    const tb = b === null ? undefined : t.get(b);
    if (tb) {
      tb.points += sb;
      tb.games++;
      if (sb > sa) tb.wins++;
      tb.opponents.push({ id: a, mine: sb, theirs: sa });
    }
  }
  return t;
}

/** The standings, best first. */
export function standingsOf(
  kind: TournamentKind,
  entrants: readonly Entrant[],
  pairings: readonly Pairing[],
  knockoutWinner?: string,
): Standing[] {
  const t = tallies(entrants, pairings);
  const pointsOf = (id: string): number => t.get(id)?.points ?? 0;
  const arena = kind === 'arena' ? arenaScores(entrants, pairings) : undefined;
  const reached = new Map<string, number>();
  for (const p of pairings) for (const id of p.players) if (id !== null) reached.set(id, p.round);
  if (knockoutWinner !== undefined) reached.set(knockoutWinner, (reached.get(knockoutWinner) ?? 0) + 1);
  const rows = entrants.map((e): Standing => {
    const mine = t.get(e.id) as Tally;
    const opp = mine.opponents.map((o) => pointsOf(o.id));
    const buchholz = opp.reduce((s, x) => s + x, 0);
    const sorted = [...opp].sort((x, y) => x - y);
    const medianBuchholz = sorted.length >= 3 ? sorted.slice(1, -1).reduce((s, x) => s + x, 0) : buchholz;
    let sonnebornBerger = 0;
    for (const o of mine.opponents) {
      if (o.mine > o.theirs) sonnebornBerger += pointsOf(o.id);
      else if (o.mine === o.theirs && o.mine > 0) sonnebornBerger += pointsOf(o.id) / 2;
    }
    return {
      id: e.id,
      rank: 0,
      seed: e.seed,
      withdrawn: e.withdrawn === true,
      points: mine.points,
      score: arena?.get(e.id) ?? mine.points,
      games: mine.games,
      wins: mine.wins,
      buchholz,
      medianBuchholz,
      sonnebornBerger,
      ...(kind === 'knockout' ? { reached: reached.get(e.id) ?? 0 } : {}),
    };
  });
  const keys = tieBreaks(kind);
  const compare = (x: Standing, y: Standing): number => {
    for (const k of keys) {
      const d = (y[k] ?? 0) - (x[k] ?? 0);
      if (d !== 0) return d;
    }
    return 0;
  };
  rows.sort((x, y) => compare(x, y) || x.seed - y.seed);
  let rank = 1;
  return rows.map((r, i) => {
    // A shared rank: level with the one above on every tie-break.
    const above = rows[i - 1];
    if (above && compare(above, r) !== 0) rank = i + 1;
    return { ...r, rank };
  });
}

/** The numeric keys standings are ordered by, best first, for a kind (the seed settles the rest). */
function tieBreaks(kind: TournamentKind): readonly TieBreak[] {
  switch (kind) {
    case 'swiss':
      return ['points', 'buchholz', 'medianBuchholz', 'sonnebornBerger', 'wins'];
    case 'round-robin':
      return ['points', 'sonnebornBerger', 'wins'];
    case 'knockout':
      return ['reached'];
    case 'arena':
      return ['score', 'points', 'wins'];
  }
}

/** Each player's games, round by round: the crosstable (rows in the order of `ids`). */
export function crosstableOf(ids: readonly string[], pairings: readonly Pairing[]): CrossRow[] {
  const cells = new Map<string, CrossCell[]>(ids.map((id) => [id, []]));
  for (const p of pairings) {
    p.players.forEach((id, seat) => {
      if (id === null) return;
      const other = p.players[1 - seat] ?? null;
      cells.get(id)?.push({
        round: p.round,
        ...(p.leg !== undefined && p.leg !== 1 ? { leg: p.leg } : {}),
        opponent: other,
        seat: seat as 0 | 1,
        points: p.result ? (p.result.score[seat] ?? 0) : null,
        ...(p.result?.forfeit ? { forfeit: true } : {}),
      });
    });
  }
  return ids.map((id) => ({ id, cells: cells.get(id) ?? [] }));
}
