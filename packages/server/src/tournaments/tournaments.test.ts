/**
 * Tournaments through the API on a real server, on SQLite and PostgreSQL: a Swiss paired as its rules say and
 * standings that agree with the stored games, a round robin's crosstable, an arena pairing its free players,
 * withdrawals and forfeits, computer entrants, and the refusals.
 */
import { afterAll, describe, expect, it } from 'vitest';
import {
  Client,
  DB_KINDS,
  eventually,
  startTestServer,
  stopTestPostgres,
  testPostgres,
  type TestServer,
} from '../testing/server.js';
import {
  disagreements,
  finishGame,
  runComputerSwiss,
  swissBreaches,
  roundPaired,
  show,
  storedResults,
  type Pairing,
  type View,
} from './testing/api.js';

afterAll(() => stopTestPostgres());

/** A server whose tournaments are looked at often; `now`: a clock the test moves. */
function serve(kind: (typeof DB_KINDS)[number], now?: () => number): Promise<TestServer> {
  return startTestServer(kind, {
    tournaments: { pollMs: 50 },
    scheduler: { pollMs: 20 },
    ...(now ? { now } : {}),
  });
}

async function people(server: TestServer, names: readonly string[]): Promise<Map<string, Client>> {
  const out = new Map<string, Client>();
  for (const n of names) out.set(n, await new Client(server.url).signUp(n));
  return out;
}

async function create(organiser: Client, body: Record<string, unknown>): Promise<number> {
  const r = await organiser.request<{ id: number }>('POST', '/api/tournaments', {
    name: 'Test event',
    family: 'draughts',
    ...body,
  });
  if (r.status !== 201) throw new Error(`create: ${JSON.stringify(r.body)}`);
  return r.body.id;
}

async function joinAll(clients: Iterable<Client>, id: number): Promise<void> {
  for (const c of clients) {
    const r = await c.request('POST', `/api/tournaments/${id}/join`);
    if (r.status !== 200) throw new Error(`join: ${JSON.stringify(r.body)}`);
  }
}

const pairKey = (p: Pairing): string => [...p.seats].sort().join('-');

/** A tournament `body` organised by the first of `names`, every one of them entered, and started. */
async function startedBy(
  server: TestServer,
  names: readonly string[],
  body: Record<string, unknown>,
): Promise<{ byName: Map<string, Client>; org: Client; id: number }> {
  const byName = await people(server, names);
  const org = byName.get(names[0] as string) as Client;
  const id = await create(org, body);
  await joinAll(byName.values(), id);
  await org.request('POST', `/api/tournaments/${id}/start`);
  return { byName, org, id };
}

/** Seat 0 games less seat 1 games of each entry. */
function seatBalances(pairings: readonly Pairing[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const p of pairings) {
    if (p.seats[1] === null) continue;
    out.set(p.seats[0], (out.get(p.seats[0]) ?? 0) + 1);
    out.set(p.seats[1], (out.get(p.seats[1]) ?? 0) - 1);
  }
  return out;
}

/** Checks the API's standings against the independent computation from the stored games. */
async function expectStandingsAgree(client: Client, view: View): Promise<void> {
  expect(disagreements(view, await storedResults(client, view.pairings))).toEqual([]);
}

for (const kind of DB_KINDS) {
  describe(`tournaments on ${kind}`, () => {
    it('a Swiss of 7 players over 3 rounds: no repeat, one bye each at most, seats balanced, standings as the stored games say', async () => {
      const server = await serve(kind);
      try {
        const names = ['ann', 'bob', 'cy', 'dee', 'eve', 'fay', 'gus'];
        const byName = await people(server, names);
        const org = byName.get('ann') as Client;
        const id = await create(org, { kind: 'swiss', rounds: 3, control: { kind: 'correspondence', daysPerMove: 3 } });
        await joinAll(byName.values(), id);
        const started = await org.request<View>('POST', `/api/tournaments/${id}/start`);
        expect(started.status).toBe(200);
        const nameOf = (v: View, no: number): string => v.entries.find((e) => e.no === no)?.name ?? '';
        const outcomes: (0 | 1 | 'draw')[] = [0, 1, 'draw', 1, 0, 0, 'draw', 1, 0];
        let k = 0;
        for (let round = 1; round <= 3; round++) {
          const view = await roundPaired(org, id, round);
          const games = view.pairings.filter((p) => p.round === round);
          expect(games.filter((p) => p.seats[1] === null)).toHaveLength(1);
          expect(
            games
              .flatMap((p) => p.seats)
              .filter((s) => s !== null)
              .sort(),
          ).toEqual([1, 2, 3, 4, 5, 6, 7]);
          for (const p of games) {
            if (p.gameId === null) continue;
            expect([nameOf(view, p.seats[0]), nameOf(view, p.seats[1] as number)].every((n) => byName.has(n))).toBe(
              true,
            );
            await finishGame(byName, p.gameId, outcomes[k++ % outcomes.length] as 0 | 1 | 'draw');
          }
        }
        const done = await eventually(async () => {
          const v = await show(org, id);
          return v.status === 'finished' ? v : undefined;
        });
        expect(done.pairings.every((p) => p.score !== null)).toBe(true);
        const keys = done.pairings.filter((p) => p.seats[1] !== null).map(pairKey);
        expect(new Set(keys).size).toBe(keys.length);
        const byes = done.pairings.filter((p) => p.seats[1] === null).map((p) => p.seats[0]);
        expect(byes).toHaveLength(3);
        expect(new Set(byes).size).toBe(3);
        for (const b of seatBalances(done.pairings).values()) expect(Math.abs(b)).toBeLessThanOrEqual(1);
        await expectStandingsAgree(org, done);
      } finally {
        await server.close();
      }
    });

    it("a round robin of 4: everyone meets everyone once, and the crosstable holds each game's points", async () => {
      const server = await serve(kind);
      try {
        const { byName, org, id } = await startedBy(server, ['ann', 'bob', 'cy', 'dee'], {
          kind: 'round-robin',
          control: { kind: 'correspondence', daysPerMove: 3 },
        });
        for (let round = 1; round <= 3; round++) {
          const view = await roundPaired(org, id, round);
          // A round's games are ordinary games that say which tournament they are of.
          const first = view.pairings.find((q) => q.round === round && q.gameId !== null);
          const game = await org.request<{ tournament: number | null }>('GET', `/api/games/${first?.gameId}`);
          expect(game.body.tournament).toBe(id);
          // Seat 0 wins every game.
          for (const p of view.pairings.filter((q) => q.round === round))
            await finishGame(byName, p.gameId as number, 0);
        }
        const done = await eventually(async () => {
          const v = await show(org, id);
          return v.status === 'finished' ? v : undefined;
        });
        expect(done.rounds).toBe(3);
        expect(new Set(done.pairings.map(pairKey)).size).toBe(6);
        for (const row of done.crosstable) {
          expect(row.cells.map((c) => c.opponent).sort()).toEqual([1, 2, 3, 4].filter((n) => n !== row.no));
          for (const c of row.cells) expect(c.points).toBe(c.seat === 0 ? 1 : 0);
        }
        const total = done.standings.reduce((s, r) => s + r.points, 0);
        expect(total).toBe(6);
      } finally {
        await server.close();
      }
    });

    it('an arena pairs whoever is free as games end, not with their last opponent, and scores a win 2', async () => {
      const server = await serve(kind);
      try {
        const byName = await people(server, ['ann', 'bob', 'cy', 'dee']);
        const org = byName.get('ann') as Client;
        const id = await create(org, {
          kind: 'arena',
          minutes: 60,
          control: { kind: 'live', mode: 'game', limit: 'normal' },
        });
        await joinAll(byName.values(), id);
        await org.request('POST', `/api/tournaments/${id}/start`);
        const first = await roundPaired(org, id, 1);
        const games = first.pairings.filter((p) => p.gameId !== null);
        expect(games).toHaveLength(2);
        // The first game ends: its two players are free, but each other's last opponent: they wait.
        const [g1, g2] = games as [Pairing, Pairing];
        await finishGame(byName, g1.gameId as number, 0);
        await eventually(async () =>
          (await show(org, id)).pairings.find((p) => p.gameId === g1.gameId)?.score ? true : undefined,
        );
        expect((await show(org, id)).pairings).toHaveLength(2);
        // The second ends: all four are free; winners meet winners, nobody meets their last opponent.
        await finishGame(byName, g2.gameId as number, 1);
        const second = await roundPaired(org, id, 2);
        const wave = second.pairings.filter((p) => p.round === 2);
        expect(wave).toHaveLength(2);
        const winners = [g1.seats[0], g2.seats[1]].sort();
        expect(wave.map((p) => [...p.seats].sort())).toContainEqual(winners);
        for (const p of wave) expect([pairKey(g1), pairKey(g2)]).not.toContain(pairKey(p));
        const scores = new Map(second.standings.map((s) => [s.no, s.score]));
        expect(winners.map((w) => scores.get(w as number))).toEqual([2, 2]);
      } finally {
        await server.close();
      }
    });

    it("a round robin keeps a withdrawn player's place: their later pairings are forfeits, won by the other", async () => {
      const server = await serve(kind);
      try {
        const { byName, org, id } = await startedBy(server, ['ann', 'bob', 'cy', 'dee'], {
          kind: 'round-robin',
          control: { kind: 'correspondence', daysPerMove: 3 },
        });
        const first = await roundPaired(org, id, 1);
        const bob = first.entries.find((e) => e.name === 'bob')?.no as number;
        expect((await byName.get('bob')!.request('POST', `/api/tournaments/${id}/leave`)).status).toBe(200);
        for (let round = 1; round <= 3; round++) {
          const view = await roundPaired(org, id, round);
          for (const p of view.pairings.filter((q) => q.round === round && q.gameId !== null && q.score === null)) {
            await finishGame(byName, p.gameId as number, 'draw');
          }
        }
        const done = await eventually(async () => {
          const v = await show(org, id);
          return v.status === 'finished' ? v : undefined;
        });
        const later = done.pairings.filter((p) => p.round > 1 && p.seats.includes(bob));
        expect(later).toHaveLength(2);
        for (const p of later) {
          expect(p).toMatchObject({ gameId: null, forfeit: true });
          expect(p.score?.[p.seats[0] === bob ? 0 : 1]).toBe(0);
          expect(p.score?.[p.seats[0] === bob ? 1 : 0]).toBe(1);
        }
        expect(done.entries.find((e) => e.no === bob)?.withdrawn).toBe(true);
      } finally {
        await server.close();
      }
    });

    it('a knockout of 3: the top seed has a bye, a drawn game is replayed seats reversed, a drawn replay goes to the higher seed', async () => {
      const server = await serve(kind);
      try {
        const { byName, org, id } = await startedBy(server, ['ann', 'bob', 'cy'], {
          kind: 'knockout',
          control: { kind: 'correspondence', daysPerMove: 3 },
        });
        const first = await roundPaired(org, id, 1);
        const seed = (s: number): number => first.entries.find((e) => e.seed === s)?.no as number;
        expect(first.pairings.map((p) => p.seats)).toEqual([
          [seed(1), null],
          [seed(2), seed(3)],
        ]);
        await finishGame(byName, first.pairings[1]?.gameId as number, 'draw');
        const replay = await eventually(async () =>
          (await show(org, id)).pairings.find((p) => p.leg === 2 && p.gameId !== null),
        );
        expect(replay.seats).toEqual([seed(3), seed(2)]);
        await finishGame(byName, replay.gameId as number, 'draw');
        const final = await roundPaired(org, id, 2);
        const match = final.pairings.find((p) => p.round === 2) as Pairing;
        expect([...match.seats].sort()).toEqual([seed(1), seed(2)].sort());
        await finishGame(byName, match.gameId as number, match.seats[0] === seed(2) ? 0 : 1);
        const done = await eventually(async () => {
          const v = await show(org, id);
          return v.status === 'finished' ? v : undefined;
        });
        expect(done.standings.map((s) => s.no)).toEqual([seed(2), seed(1), seed(3)]);
      } finally {
        await server.close();
      }
    });

    it('an arena makes no game once its time is up, and ends when its last game does', async () => {
      let t = Date.now();
      const server = await serve(kind, () => t);
      try {
        const { byName, org, id } = await startedBy(server, ['ann', 'bob', 'cy', 'dee'], {
          kind: 'arena',
          minutes: 1,
          control: { kind: 'live', limit: 'off' },
        });
        const first = await roundPaired(org, id, 1);
        const [g1, g2] = first.pairings as [Pairing, Pairing];
        t += 2 * 60_000;
        await finishGame(byName, g1.gameId as number, 'draw');
        await eventually(async () => ((await show(org, id)).pairings[0]?.score ? true : undefined));
        expect((await show(org, id)).status).toBe('running');
        await finishGame(byName, g2.gameId as number, 0);
        const done = await eventually(async () => {
          const v = await show(org, id);
          return v.status === 'finished' ? v : undefined;
        });
        expect(done.pairings).toHaveLength(2);
        expect(done.standings[0]).toMatchObject({ no: g2.seats[0], score: 2 });
      } finally {
        await server.close();
      }
    });

    it("a withdrawn player's game in progress is forfeited and they are not paired again; a game out of time is lost", async () => {
      let t = Date.now();
      const server = await serve(kind, () => t);
      try {
        const { byName, org, id } = await startedBy(server, ['ann', 'bob', 'cy', 'dee'], {
          kind: 'swiss',
          rounds: 2,
          control: { kind: 'correspondence', daysPerMove: 2 },
        });
        const first = await roundPaired(org, id, 1);
        const noOf = (name: string): number => first.entries.find((e) => e.name === name)?.no as number;
        const bobs = first.pairings.find((p) => p.seats.includes(noOf('bob'))) as Pairing;
        const other = first.pairings.find((p) => p !== bobs) as Pairing;
        // Someone may not withdraw another player.
        const refused = await org.request('POST', `/api/tournaments/${id}/leave`, { entry: noOf('bob') });
        expect(refused.status).toBe(403);
        const left = await byName.get('bob')!.request<View>('POST', `/api/tournaments/${id}/leave`);
        expect(left.status).toBe(200);
        const forfeited = await eventually(async () => {
          const v = await show(org, id);
          return v.pairings.find((p) => p.gameId === bobs.gameId)?.score ? v : undefined;
        });
        const bobSeat = bobs.seats[0] === noOf('bob') ? 0 : 1;
        expect(forfeited.pairings.find((p) => p.gameId === bobs.gameId)?.score?.[bobSeat]).toBe(0);
        // The other game: nobody moves, and the days per move run out (the server's clock moved on by three days).
        t += 3 * 86_400_000;
        const timedOut = await eventually(async () => {
          const v = await show(org, id);
          return v.pairings.find((p) => p.gameId === other.gameId)?.score ? v : undefined;
        });
        const game = await org.request<{ outcome: { kind: string; reason: string } }>(
          'GET',
          `/api/games/${other.gameId}`,
        );
        expect(game.body.outcome.kind).toBe('win');
        expect(timedOut.pairings.find((p) => p.gameId === other.gameId)?.score).toEqual([0, 1]);
        const second = await roundPaired(org, id, 2);
        const round2 = second.pairings.filter((p) => p.round === 2);
        expect(round2.flatMap((p) => p.seats)).not.toContain(noOf('bob'));
        expect(round2.filter((p) => p.seats[1] === null)).toHaveLength(1);
        const next = await byName.get('cy')!.request<{ gameId: number }[]>('GET', '/api/tournaments/next');
        const cyGame = round2.find((p) => p.seats.includes(noOf('cy')) && p.gameId !== null);
        expect(next.body.map((n) => n.gameId)).toEqual(cyGame ? [cyGame.gameId] : []);
      } finally {
        await server.close();
      }
    });

    // The bar, whole on SQLite (about 10 s here); on PostgreSQL, slower by its round trips (about 30 s),
    // half the field over three rounds (the whole run: `node bench/tournament-swiss.js --db postgres`).
    const [field, rounds] = kind === 'sqlite' ? [16, 5] : [8, 3];
    it(`computer entrants: a Swiss of ${field} computers over ${rounds} rounds runs through on its own, standings and tie-breaks as the stored games say`, async () => {
      const server = await serve(kind);
      try {
        const org = await new Client(server.url).signUp('ann');
        // Three levels in turn, so that the games differ (the computer plays a position the same way at a level).
        const run = await runComputerSwiss(org, {
          entrants: field,
          rounds,
          family: 'draughts',
          levels: ['dumb', 'novice', 'average'],
          timeoutMs: 240_000,
        });
        expect(run.view.entries.every((e) => e.computer)).toBe(true);
        expect(run.view.pairings).toHaveLength((field / 2) * rounds);
        expect(run.results.size).toBe((field / 2) * rounds);
        expect(swissBreaches(run.view.pairings, 2)).toEqual([]);
        expect(disagreements(run.view, run.results)).toEqual([]);
      } finally {
        await server.close();
      }
    }, 300_000);
  });
}

describe('tournaments on two instances sharing one PostgreSQL', () => {
  it('a tournament started by time is started once and each round paired once, whichever instance sees it first', async () => {
    const url = await (await testPostgres()).newDatabase();
    const a = await startTestServer('postgres', { databaseUrl: url, tournaments: { pollMs: 20 } });
    const b = await startTestServer('postgres', { databaseUrl: url, tournaments: { pollMs: 20 } });
    try {
      const org = await new Client(a.url).signUp('ann');
      const made = await org.request<{ id: number }>('POST', '/api/tournaments', {
        name: 'Two instances',
        kind: 'swiss',
        family: 'draughts',
        rounds: 2,
        startsAt: Date.now() + 3_000,
      });
      const id = made.body.id;
      for (const level of ['dumb', 'novice', 'dumb', 'novice', 'dumb', 'novice']) {
        expect((await org.request('POST', `/api/tournaments/${id}/computers`, { level })).status).toBe(200);
      }
      const done = await eventually(
        async () => {
          const v = await show(new Client(b.url), id);
          return v.status === 'finished' ? v : undefined;
        },
        120_000,
        'the tournament to finish',
      );
      expect(done.pairings).toHaveLength(6);
      for (const round of [1, 2]) {
        const seats = done.pairings.filter((p) => p.round === round).flatMap((p) => p.seats);
        expect([...seats].sort()).toEqual([1, 2, 3, 4, 5, 6]);
      }
      expect(swissBreaches(done.pairings, 2)).toEqual([]);
    } finally {
      await a.close();
      await b.close();
    }
  }, 150_000);
});

describe('tournaments started by time', () => {
  it('a tournament due with fewer than two entrants is cancelled, not started', async () => {
    const server = await startTestServer('sqlite', { tournaments: { pollMs: 20 } });
    try {
      const ann = await new Client(server.url).signUp('ann');
      const id = await create(ann, { kind: 'swiss', startsAt: Date.now() + 200 });
      await joinAll([ann], id);
      const done = await eventually(async () => {
        const v = await show(ann, id);
        return v.status !== 'open' ? v : undefined;
      });
      expect(done.status).toBe('cancelled');
      expect(done.pairings).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

describe('tournament refusals', () => {
  it('only the organiser starts or adds the computer; nobody joins twice; a full field, too few, and too many are refused', async () => {
    const server = await startTestServer('sqlite', { tournaments: { perOrganiser: 2, perPlayer: 2, pollMs: 50 } });
    try {
      const byName = await people(server, ['ann', 'bob', 'cy']);
      const [ann, bob, cy] = ['ann', 'bob', 'cy'].map((n) => byName.get(n) as Client) as [Client, Client, Client];
      const id = await create(ann, { kind: 'knockout', maxEntrants: 2 });
      const code = async (r: Promise<{ status: number; body: unknown }>): Promise<[number, string]> => {
        const got = await r;
        return [got.status, (got.body as { error?: { code: string } }).error?.code ?? ''];
      };
      expect(await code(ann.request('POST', `/api/tournaments/${id}/start`))).toEqual([409, 'tournament/too-few']);
      await joinAll([ann], id);
      expect(await code(ann.request('POST', `/api/tournaments/${id}/join`))).toEqual([409, 'tournament/already-in']);
      await joinAll([bob], id);
      expect(await code(cy.request('POST', `/api/tournaments/${id}/join`))).toEqual([409, 'tournament/full']);
      expect(await code(bob.request('POST', `/api/tournaments/${id}/start`))).toEqual([
        403,
        'tournament/not-organiser',
      ]);
      expect(await code(bob.request('POST', `/api/tournaments/${id}/computers`, { level: 'dumb' }))).toEqual([
        403,
        'tournament/not-organiser',
      ]);
      expect(await code(ann.request('POST', `/api/tournaments/${id}/computers`, { level: 'nope' }))).toEqual([
        400,
        'game/bad-level',
      ]);
      expect(await code(ann.request('POST', `/api/tournaments/${id}/computers`, { level: 'dumb' }))).toEqual([
        409,
        'tournament/full',
      ]);
      const second = await create(ann, { kind: 'swiss' });
      await joinAll([bob], second);
      const third = await create(bob, { kind: 'swiss' });
      expect(await code(bob.request('POST', `/api/tournaments/${third}/join`))).toEqual([429, 'tournament/too-many']);
      expect(
        await code(ann.request('POST', '/api/tournaments', { name: 'x', kind: 'swiss', family: 'draughts' })),
      ).toEqual([429, 'tournament/too-many']);
      expect(
        await code(
          bob.request('POST', '/api/tournaments', { name: 'x', kind: 'swiss', family: 'draughts', rounds: 99 }),
        ),
      ).toEqual([400, 'tournament/bad-request']);
      expect(
        await code(bob.request('POST', '/api/tournaments', { name: 'x', kind: 'arena', family: 'draughts' })),
      ).toEqual([400, 'tournament/bad-request']);
      expect(await code(new Client(server.url).request('POST', `/api/tournaments/${id}/join`))).toEqual([
        401,
        'auth/required',
      ]);
      expect(await code(ann.request('POST', `/api/tournaments/${id + 100}/start`))).toEqual([404, 'not-found']);
      // The knockout of two starts: one game.
      expect((await ann.request<View>('POST', `/api/tournaments/${id}/start`)).body.pairings).toHaveLength(1);
      expect(await code(cy.request('POST', `/api/tournaments/${id}/join`))).toEqual([409, 'tournament/not-open']);
    } finally {
      await server.close();
    }
  });
});
