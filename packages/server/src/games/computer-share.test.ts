/**
 * The computer is shared fairly: each user may have only so many games against it in progress and start only so
 * many an hour (refused with a code, by every way a game against it is made), one user's strongest-level searches
 * never hold another user's move behind them, and a search stops when its game moves on.
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
import { COMPUTER_GAMES_IN_PROGRESS } from './computer-quota.js';
import { WorkerEngines } from './worker-engines.js';

afterAll(async () => {
  await stopTestPostgres();
});

interface View {
  id: number;
  version: number;
  status: string;
  moves: string[];
}

interface Refusal {
  error: { code: string };
}

const HOUR = 3_600_000;
/** A short record of draughts to play on from. */
const PDN = '[GameType "20"]\n\n1. 32-28 19-23 2. 28x19 14x23 *\n';

/** A game against the computer at `level`; `seat` 1: the computer moves first. */
function versus(c: Client, family: string, level: string, seat: 0 | 1 = 0) {
  return c.request<View & Refusal>('POST', '/api/games', { family, level, seat });
}

async function view(c: Client, id: number): Promise<View> {
  return (await c.request<View>('GET', `/api/games/${id}`)).body;
}

async function resign(c: Client, id: number): Promise<void> {
  const v = await view(c, id);
  const r = await c.request('POST', `/api/games/${id}/resign`, { version: v.version });
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
}

describe('the computer quota', () => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close();
  });

  it('one user cannot start 30 strongest-level games: the 6th in progress is refused', async () => {
    const server = await startTestServer('sqlite');
    servers.push(server);
    const ann = await new Client(server.url).signUp('annq');
    const codes: (number | string)[] = [];
    for (let i = 0; i < 30; i++) {
      const r = await versus(ann, 'force400', '7');
      codes.push(r.status === 201 ? 201 : r.body.error.code);
    }
    expect(codes.slice(0, COMPUTER_GAMES_IN_PROGRESS)).toEqual(Array(COMPUTER_GAMES_IN_PROGRESS).fill(201));
    expect(new Set(codes.slice(COMPUTER_GAMES_IN_PROGRESS))).toEqual(new Set(['computer/too-many-games']));
    // Somebody else's share is their own.
    const ben = await new Client(server.url).signUp('benq');
    expect((await versus(ben, 'force400', '0')).status).toBe(201);
  });

  it('an import to play on against the computer counts; a finished game frees its place', async () => {
    const server = await startTestServer('sqlite', { computerGames: { inProgress: 2, perHour: 100 } });
    servers.push(server);
    const ann = await new Client(server.url).signUp('annr');
    const first = await versus(ann, 'draughts', 'dumb');
    expect(first.status).toBe(201);
    const imported = await ann.request('POST', '/api/imports', { family: 'draughts', text: PDN, level: 'dumb' });
    expect(imported.status).toBe(201);
    const third = await versus(ann, 'tactics', 'dumb');
    expect(third.status).toBe(429);
    expect(third.body.error.code).toBe('computer/too-many-games');
    const again = await ann.request<Refusal>('POST', '/api/imports', { family: 'draughts', text: PDN, level: 'dumb' });
    expect(again.status).toBe(429);
    expect(again.body.error.code).toBe('computer/too-many-games');
    // Playing a record on both sides is no game against the computer; nor is a game between people.
    expect((await ann.request('POST', '/api/imports', { family: 'draughts', text: PDN })).status).toBe(201);
    const ben = await new Client(server.url).signUp('benr');
    const ch = await ann.request<{ id: number }>('POST', '/api/challenges', { family: 'draughts', opponent: 'benr' });
    expect((await ben.request('POST', `/api/challenges/${ch.body.id}/accept`)).status).toBe(200);
    await resign(ann, first.body.id);
    expect((await versus(ann, 'tactics', 'dumb')).status).toBe(201);
  });

  it('games started an hour are capped, finished ones included', async () => {
    let t = Date.UTC(2026, 10, 28, 12);
    const server = await startTestServer('sqlite', {
      now: () => t,
      computerGames: { inProgress: 100, perHour: 3 },
    });
    servers.push(server);
    const ann = await new Client(server.url).signUp('anns');
    for (let i = 0; i < 3; i++) {
      const r = await versus(ann, 'draughts', 'dumb');
      expect(r.status).toBe(201);
      await resign(ann, r.body.id);
    }
    const over = await versus(ann, 'draughts', 'dumb');
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe('computer/rate-limited');
    t += HOUR;
    expect((await versus(ann, 'draughts', 'dumb')).status).toBe(201);
  });

  for (const kind of DB_KINDS) {
    it(`games asked for at once cannot all pass the cap (${kind})`, async () => {
      const server = await startTestServer(kind, { computerGames: { inProgress: 3, perHour: 100 } });
      servers.push(server);
      const ann = await new Client(server.url).signUp(`annp${kind}`);
      const replies = await Promise.all(Array.from({ length: 10 }, () => versus(ann, 'draughts', 'dumb')));
      expect(replies.filter((r) => r.status === 201)).toHaveLength(3);
      expect(replies.filter((r) => r.body.error?.code === 'computer/too-many-games')).toHaveLength(7);
    }, 60_000);
  }
});

describe('fair shares of the engine pool', () => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close();
  });

  it("another user's weakest-level game gets its move while one user's strongest-level searches wait", async () => {
    // Each strongest-level search held to 1.5 s, so the test is short; the order is what is checked.
    const engines = new WorkerEngines(1, Date.now, { moveMs: 1_500 });
    const server = await startTestServer('sqlite', { engines });
    servers.push(server);
    const ann = await new Client(server.url).signUp('annf');
    const ben = await new Client(server.url).signUp('benf');
    const strong: number[] = [];
    for (let i = 0; i < COMPUTER_GAMES_IN_PROGRESS; i++) {
      const r = await versus(ann, 'force400', '7', 1);
      expect(r.status).toBe(201);
      strong.push(r.body.id);
    }
    const weak = await versus(ben, 'force400', '0', 1);
    expect(weak.status).toBe(201);
    await eventually(async () => ((await view(ben, weak.body.id)).moves.length > 0 ? true : undefined));
    const answered = (await Promise.all(strong.map((id) => view(ann, id)))).filter((v) => v.moves.length > 0);
    // Ben waited for the search running when he asked (and, at most, the one after it as his move came back);
    // first come, first served would have made him wait for all five.
    expect(answered.length).toBeLessThanOrEqual(2);
    await eventually(
      async () => (await Promise.all(strong.map((id) => view(ann, id)))).every((v) => v.moves.length > 0) || undefined,
      30_000,
      "all of ann's moves",
    );
  }, 60_000);

  it("a resigned game's search is stopped while it runs, and dropped while it waits", async () => {
    const engines = new WorkerEngines(1);
    const server = await startTestServer('sqlite', { engines });
    servers.push(server);
    const ann = await new Client(server.url).signUp('annc');
    // The computer moves first at its strongest: seconds of search each.
    const running = await versus(ann, 'force400', '7', 1);
    const waiting = await versus(ann, 'force400', '7', 1);
    expect(engines.queued).toBe(1);
    await resign(ann, waiting.body.id);
    await eventually(async () => (engines.cancelled === 1 ? true : undefined), 5_000, 'the waiting search dropped');
    expect(engines.stopped).toBe(0);
    await resign(ann, running.body.id);
    await eventually(async () => (engines.stopped === 1 ? true : undefined), 5_000, 'the running search stopped');
    expect(engines.cancelled).toBe(2);
    for (const id of [running.body.id, waiting.body.id]) {
      const v = await view(ann, id);
      expect(v.status).toBe('finished');
      expect(v.moves).toEqual([]);
    }
    // The worker is free again: a new game gets its move.
    const next = await versus(ann, 'force400', '0', 1);
    await eventually(async () => ((await view(ann, next.body.id)).moves.length > 0 ? true : undefined));
  }, 60_000);

  it('a game resigned on another instance stops the search of the instance thinking on it (PostgreSQL)', async () => {
    const url = await (await testPostgres()).newDatabase();
    const engines = new WorkerEngines(1);
    const thinking = await startTestServer('postgres', { databaseUrl: url, engines });
    servers.push(thinking);
    const other = await startTestServer('postgres', { databaseUrl: url });
    servers.push(other);
    const ann = await new Client(thinking.url).signUp('annpg');
    const game = await versus(ann, 'force400', '7', 1);
    expect(game.status).toBe(201);
    const annElsewhere = new Client(other.url);
    annElsewhere.token = ann.token;
    await resign(annElsewhere, game.body.id);
    await eventually(async () => (engines.stopped === 1 ? true : undefined), 10_000, 'the search stopped');
    const v = await view(ann, game.body.id);
    expect(v.status).toBe('finished');
    expect(v.moves).toEqual([]);
  }, 60_000);
});
