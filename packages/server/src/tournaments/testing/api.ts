/**
 * Test support for tournaments over the API: a running tournament's view, each round waited for, a game finished
 * by its players as a test wants it (a resignation or an agreed draw), and an independent computation of the
 * standings from the games' stored results (written again here from the definitions, not by calling the pairing
 * module, so that the two can disagree).
 */
import type { Client } from '../../testing/server.js';
import { eventually } from '../../testing/server.js';

export interface Pairing {
  round: number;
  board: number;
  leg: number;
  seats: [number, number | null];
  gameId: number | null;
  score: [number, number] | null;
  forfeit: boolean;
}

interface StandingRow {
  no: number;
  rank: number;
  seed: number;
  points: number;
  score: number;
  wins: number;
  buchholz: number;
  medianBuchholz: number;
  sonnebornBerger: number;
}

export interface View {
  id: number;
  status: string;
  round: number;
  rounds: number;
  entries: { no: number; name: string; computer: boolean; seed: number | null; withdrawn: boolean }[];
  standings: StandingRow[];
  crosstable: { no: number; cells: { round: number; opponent: number | null; seat: 0 | 1; points: number | null }[] }[];
  pairings: Pairing[];
}

export async function show(client: Client, id: number): Promise<View> {
  const r = await client.request<View>('GET', `/api/tournaments/${id}`);
  if (r.status !== 200) throw new Error(`tournament ${id}: ${JSON.stringify(r.body)}`);
  return r.body;
}

/** Waits until round `round` is paired (or the tournament is over), its view then. */
export function roundPaired(client: Client, id: number, round: number, ms = 30_000): Promise<View> {
  return eventually(
    async () => {
      const v = await show(client, id);
      return v.round >= round || v.status === 'finished' ? v : undefined;
    },
    ms,
    `round ${round} of tournament ${id}`,
  );
}

interface GameView {
  version: number;
  status: string;
  outcome: { kind: string; winner?: 0 | 1 } | null;
  players: { name: string | null }[];
}

/** Ends a game as told, by its players' own commands: `0`/`1` the seat that wins (the other resigns), or a draw. */
export async function finishGame(byName: ReadonlyMap<string, Client>, gameId: number, how: 0 | 1 | 'draw') {
  const g = (await [...byName.values()][0]!.request<GameView>('GET', `/api/games/${gameId}`)).body;
  const seat = (p: 0 | 1): Client => {
    const c = byName.get(g.players[p]?.name ?? '');
    if (!c) throw new Error(`no client for ${g.players[p]?.name}`);
    return c;
  };
  const version = async (c: Client): Promise<number> =>
    (await c.request<GameView>('GET', `/api/games/${gameId}`)).body.version;
  if (how === 'draw') {
    const offer = await seat(0).request('POST', `/api/games/${gameId}/draw`, {
      version: await version(seat(0)),
      action: 'offer',
    });
    if (offer.status !== 200) throw new Error(`offer: ${JSON.stringify(offer.body)}`);
    const accept = await seat(1).request('POST', `/api/games/${gameId}/draw`, {
      version: await version(seat(1)),
      action: 'accept',
    });
    if (accept.status !== 200) throw new Error(`accept: ${JSON.stringify(accept.body)}`);
    return;
  }
  const loser = seat(how === 0 ? 1 : 0);
  const r = await loser.request('POST', `/api/games/${gameId}/resign`, { version: await version(loser) });
  if (r.status !== 200) throw new Error(`resign: ${JSON.stringify(r.body)}`);
}

/** The result of each game of the pairings as stored with the game (its outcome), seat 0's points first. */
export async function storedResults(
  client: Client,
  pairings: readonly Pairing[],
): Promise<Map<number, [number, number]>> {
  const out = new Map<number, [number, number]>();
  for (const p of pairings) {
    if (p.gameId === null) continue;
    const g = (await client.request<GameView>('GET', `/api/games/${p.gameId}`)).body;
    if (!g.outcome) continue;
    out.set(p.gameId, g.outcome.kind === 'draw' ? [0.5, 0.5] : g.outcome.winner === 0 ? [1, 0] : [0, 1]);
  }
  return out;
}

interface Independent {
  points: Map<number, number>;
  buchholz: Map<number, number>;
  medianBuchholz: Map<number, number>;
  sonnebornBerger: Map<number, number>;
  wins: Map<number, number>;
}

/**
 * The Swiss figures from first principles: a game's points from its stored outcome, a bye 1 point, a forfeit
 * without a game 1 to the one present; Buchholz the opponents' points summed, the median one less the best and the
 * worst (three opponents or more), Sonneborn-Berger the beaten opponents' points plus half the drawn ones'.
 */
function independentStandings(
  entries: readonly number[],
  pairings: readonly Pairing[],
  results: ReadonlyMap<number, [number, number]>,
): Independent {
  const games: { a: number; b: number | null; sa: number; sb: number }[] = [];
  for (const p of pairings) {
    if (p.seats[1] === null) games.push({ a: p.seats[0], b: null, sa: 1, sb: 0 });
    else if (p.gameId === null)
      games.push({ a: p.seats[0], b: p.seats[1], sa: p.score?.[0] ?? 0, sb: p.score?.[1] ?? 0 });
    else {
      const r = results.get(p.gameId);
      if (r) games.push({ a: p.seats[0], b: p.seats[1], sa: r[0], sb: r[1] });
    }
  }
  const points = new Map(entries.map((e) => [e, 0]));
  const wins = new Map(entries.map((e) => [e, 0]));
  for (const g of games) {
    points.set(g.a, (points.get(g.a) ?? 0) + g.sa);
    if (g.sa > g.sb) wins.set(g.a, (wins.get(g.a) ?? 0) + 1);
    if (g.b !== null) {
      points.set(g.b, (points.get(g.b) ?? 0) + g.sb);
      if (g.sb > g.sa) wins.set(g.b, (wins.get(g.b) ?? 0) + 1);
    }
  }
  const buchholz = new Map<number, number>();
  const medianBuchholz = new Map<number, number>();
  const sonnebornBerger = new Map<number, number>();
  for (const e of entries) {
    const met: number[] = [];
    let sb = 0;
    for (const g of games) {
      if (g.b === null) continue;
      const [mine, theirs, opp] = g.a === e ? [g.sa, g.sb, g.b] : g.b === e ? [g.sb, g.sa, g.a] : [0, 0, -1];
      if (opp < 0) continue;
      const op = points.get(opp) ?? 0;
      met.push(op);
      if (mine > theirs) sb += op;
      else if (mine === theirs && mine > 0) sb += op / 2;
    }
    const total = met.reduce((s, x) => s + x, 0);
    buchholz.set(e, total);
    medianBuchholz.set(e, met.length >= 3 ? total - Math.max(...met) - Math.min(...met) : total);
    sonnebornBerger.set(e, sb);
  }
  return { points, buchholz, medianBuchholz, sonnebornBerger, wins };
}

/**
 * Where the API's standings differ from the independent computation: each figure of each entrant, and the order
 * (points, Buchholz, Median-Buchholz, Sonneborn-Berger, wins, then the seed). Empty when they agree.
 */
export function disagreements(view: View, results: ReadonlyMap<number, [number, number]>): string[] {
  const mine = independentStandings(
    view.entries.map((e) => e.no),
    view.pairings,
    results,
  );
  const out: string[] = [];
  for (const s of view.standings) {
    for (const k of ['points', 'buchholz', 'medianBuchholz', 'sonnebornBerger', 'wins'] as const) {
      if (s[k] !== mine[k].get(s.no)) out.push(`entry ${s.no}: ${k} ${s[k]}, computed ${mine[k].get(s.no)}`);
    }
  }
  const key = (no: number): number[] => [
    -(mine.points.get(no) ?? 0),
    -(mine.buchholz.get(no) ?? 0),
    -(mine.medianBuchholz.get(no) ?? 0),
    -(mine.sonnebornBerger.get(no) ?? 0),
    -(mine.wins.get(no) ?? 0),
    view.entries.find((e) => e.no === no)?.seed ?? 0,
  ];
  const order = [...view.entries.map((e) => e.no)].sort((a, b) => {
    const [ka, kb] = [key(a), key(b)];
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return (ka[i] ?? 0) - (kb[i] ?? 0);
    return 0;
  });
  const given = view.standings.map((s) => s.no);
  if (given.join() !== order.join()) out.push(`order ${given.join(' ')}, computed ${order.join(' ')}`);
  return out;
}

/** Where a finished Swiss breaks its pairing rules: a repeated pairing, a second bye, a seat balance past `maxSeat`. */
export function swissBreaches(pairings: readonly Pairing[], maxSeat: number): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const byes = new Set<number>();
  const balance = new Map<number, number>();
  for (const p of pairings) {
    if (p.seats[1] === null) {
      if (byes.has(p.seats[0])) out.push(`entry ${p.seats[0]} had a second bye`);
      byes.add(p.seats[0]);
      continue;
    }
    const key = [...p.seats].sort().join('-');
    if (seen.has(key)) out.push(`pairing ${key} repeated`);
    seen.add(key);
    balance.set(p.seats[0], (balance.get(p.seats[0]) ?? 0) + 1);
    balance.set(p.seats[1], (balance.get(p.seats[1]) ?? 0) - 1);
  }
  for (const [no, b] of balance) if (Math.abs(b) > maxSeat) out.push(`entry ${no}: seat balance ${b}`);
  return out;
}

export interface ComputerSwiss {
  readonly view: View;
  readonly results: Map<number, [number, number]>;
  /** From the start to the last round's end, in ms. */
  readonly ms: number;
}

/**
 * A Swiss of computer entrants run through the API on `url`: an organiser signs up, creates it, enters the computer
 * `entrants` times over `levels` in turn (so that games differ), starts it and waits for it to finish.
 */
export async function runComputerSwiss(
  organiser: Client,
  options: { entrants: number; rounds: number; family: string; levels: readonly string[]; timeoutMs: number },
): Promise<ComputerSwiss> {
  const made = await organiser.request<{ id: number }>('POST', '/api/tournaments', {
    name: 'Computer Swiss',
    kind: 'swiss',
    family: options.family,
    rounds: options.rounds,
  });
  if (made.status !== 201) throw new Error(`create: ${JSON.stringify(made.body)}`);
  const id = made.body.id;
  for (let i = 0; i < options.entrants; i++) {
    const level = options.levels[i % options.levels.length];
    const r = await organiser.request('POST', `/api/tournaments/${id}/computers`, { level });
    if (r.status !== 200) throw new Error(`computer: ${JSON.stringify(r.body)}`);
  }
  const t0 = Date.now();
  const started = await organiser.request('POST', `/api/tournaments/${id}/start`);
  if (started.status !== 200) throw new Error(`start: ${JSON.stringify(started.body)}`);
  const view = await eventually(
    async () => {
      const v = await show(organiser, id);
      return v.status === 'finished' ? v : undefined;
    },
    options.timeoutMs,
    'the computer Swiss to finish',
  );
  const ms = Date.now() - t0;
  return { view, results: await storedResults(organiser, view.pairings), ms };
}
