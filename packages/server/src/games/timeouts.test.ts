/**
 * Timeouts on a server clock the test moves by hand: live clocks (Draughts Galore: per game the game is lost, per
 * move a random move is played), correspondence reminders and forfeits, vacation, and pending timeouts that a
 * restarted server still applies. With two instances on one PostgreSQL, a due timeout is applied once.
 */
import { afterAll, describe, expect, it } from 'vitest';
import {
  Client,
  eventually,
  startTestServer,
  stopTestPostgres,
  testPostgres,
  type TestServer,
} from '../testing/server.js';

afterAll(async () => {
  await stopTestPostgres();
});

interface View {
  id: number;
  version: number;
  status: string;
  toAct: number[];
  moves: string[];
  outcome: { kind: string; winner?: number; reason: string } | null;
  lostOnTime: number | null;
  deadline: number | null;
  legal: { notation: string }[];
  clock: { left: [number | null, number | null] } | null;
}

const MINUTE = 60_000;
const DAY = 86_400_000;

class FakeClock {
  t = Date.UTC(2026, 10, 25, 12);
  readonly now = (): number => this.t;
}

async function twoPlayers(server: TestServer, prefix: string, control: unknown, family = 'draughts') {
  const ann = await new Client(server.url).signUp(`${prefix}a`);
  const ben = await new Client(server.url).signUp(`${prefix}b`);
  const ch = await ann.request<{ id: number }>('POST', '/api/challenges', {
    family,
    opponent: ben.name,
    seat: '0',
    control,
  });
  if (ch.status !== 201) throw new Error(JSON.stringify(ch.body));
  const game = (await ben.request<{ game: View }>('POST', `/api/challenges/${ch.body.id}/accept`)).body.game;
  return { ann, ben, id: game.id };
}

async function view(c: Client, id: number): Promise<View> {
  return (await c.request<View>('GET', `/api/games/${id}`)).body;
}

describe('timeouts', () => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close();
  });

  it('per game: the player whose time runs out loses (manual 3.2.2)', async () => {
    const clock = new FakeClock();
    const server = await startTestServer('sqlite', { now: clock.now, scheduler: { pollMs: 20 } });
    servers.push(server);
    const { ann, id } = await twoPlayers(server, 'pg', { kind: 'live', mode: 'game', limit: 'blitz' });
    const v = await view(ann, id);
    expect(v.deadline).toBe(clock.t + 6 * MINUTE);
    clock.t += 6 * MINUTE + 1;
    const over = await eventually(async () => {
      const x = await view(ann, id);
      return x.status === 'finished' ? x : undefined;
    });
    expect(over.outcome).toMatchObject({ kind: 'win', winner: 1 });
    expect(over.lostOnTime).toBe(0);
  });

  it('per game with an increment: each move adds its seconds to the mover (ours)', async () => {
    const clock = new FakeClock();
    const server = await startTestServer('sqlite', { now: clock.now, scheduler: { pollMs: 20 } });
    servers.push(server);
    const { ann, id } = await twoPlayers(server, 'inc', { kind: 'live', mode: 'game', limit: 'blitz', increment: 3 });
    const v = await view(ann, id);
    clock.t += 10_000;
    const move = v.legal[0]?.notation as string;
    expect((await ann.request('POST', `/api/games/${id}/move`, { version: v.version, move })).status).toBe(200);
    const after = await view(ann, id);
    expect(after.clock?.left[0]).toBe(6 * MINUTE - 10_000 + 3_000);
    const bad = await ann.request<{ error: { field: string } }>('POST', '/api/challenges', {
      family: 'draughts',
      control: { kind: 'live', mode: 'move', limit: 'blitz', increment: 3 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe('control.increment');
  });

  it('per move: a random legal move is played for the player out of time (manual 3.2.2)', async () => {
    const clock = new FakeClock();
    const server = await startTestServer('sqlite', { now: clock.now, scheduler: { pollMs: 20 } });
    servers.push(server);
    const { ann, id } = await twoPlayers(server, 'pm', { kind: 'live', mode: 'move', limit: 'blitz' });
    const before = await view(ann, id);
    clock.t += 10_001;
    const after = await eventually(async () => {
      const x = await view(ann, id);
      return x.moves.length === 1 ? x : undefined;
    });
    expect(before.legal.map((l) => l.notation)).toContain(after.moves[0]);
    expect(after.toAct).toEqual([1]);
    expect(after.status).toBe('active');
  });

  it('correspondence: a reminder after the nag time, a forfeit after the forfeit time; vacation stops the clock', async () => {
    const clock = new FakeClock();
    const server = await startTestServer('sqlite', { now: clock.now, scheduler: { pollMs: 20 } });
    servers.push(server);
    const { ann, ben, id } = await twoPlayers(server, 'cr', { kind: 'correspondence', daysPerMove: 10, nagDays: 3 });
    const start = await view(ann, id);
    expect(start.deadline).toBe(clock.t + 3 * DAY);
    clock.t += 3 * DAY + 1;
    const nagged = await eventually(async () => {
      const x = await view(ann, id);
      return x.version > start.version ? x : undefined;
    });
    expect(nagged.status).toBe('active');
    expect(nagged.deadline).toBe(start.deadline! - 3 * DAY + 10 * DAY);
    // Ann goes away for 5 days: her forfeit comes 5 days later.
    expect((await ann.request('PUT', '/api/account/vacation', { until: clock.t + 5 * DAY })).status).toBe(204);
    const moved = await eventually(async () => {
      const x = await view(ann, id);
      return x.version > nagged.version ? x : undefined;
    });
    expect(moved.deadline).toBe(nagged.deadline! + 5 * DAY);
    clock.t = nagged.deadline! + 1;
    const polls = server.services.scheduler.polls;
    await eventually(async () => (server.services.scheduler.polls >= polls + 3 ? true : undefined));
    expect((await view(ann, id)).status).toBe('active');
    clock.t = moved.deadline! + 1;
    const forfeited = await eventually(async () => {
      const x = await view(ben, id);
      return x.status === 'finished' ? x : undefined;
    });
    expect(forfeited.outcome).toMatchObject({ kind: 'win', winner: 1 });
    expect(forfeited.lostOnTime).toBe(0);
  });

  it('a restarted server applies the timeouts that fell due while it was down, and clocks resume', async () => {
    const clock = new FakeClock();
    const first = await startTestServer('sqlite', { now: clock.now, scheduler: { pollMs: 20 } });
    const { ann, id } = await twoPlayers(first, 'rs', { kind: 'live', mode: 'game', limit: 'normal' });
    const v = await view(ann, id);
    expect(v.clock?.left[0]).toBe(30 * MINUTE);
    // Stop without removing the data folder, then start again on the same file.
    await first.services.scheduler.stop();
    await first.app.close();
    await first.database.close();
    clock.t += 10 * MINUTE;
    const second = await startTestServer('sqlite', {
      now: clock.now,
      scheduler: { pollMs: 20 },
      dataDir: first.dataDir,
    });
    servers.push(second);
    const client = new Client(second.url);
    client.token = ann.token;
    const resumed = await view(client, id);
    expect(resumed.clock?.left[0]).toBe(20 * MINUTE);
    clock.t += 20 * MINUTE + 1;
    const over = await eventually(async () => {
      const x = await view(client, id);
      return x.status === 'finished' ? x : undefined;
    });
    expect(over.lostOnTime).toBe(0);
  });

  it('two instances on one PostgreSQL apply a due timeout once', async () => {
    const clock = new FakeClock();
    const url = await (await testPostgres()).newDatabase();
    const a = await startTestServer('postgres', { now: clock.now, scheduler: { pollMs: 10 }, databaseUrl: url });
    const b = await startTestServer('postgres', { now: clock.now, scheduler: { pollMs: 10 }, databaseUrl: url });
    servers.push(a, b);
    const { ann, id } = await twoPlayers(a, 'mi', { kind: 'live', mode: 'move', limit: 'blitz' });
    const before = await view(ann, id);
    clock.t += 10_001;
    const after = await eventually(async () => {
      const x = await view(ann, id);
      return x.moves.length > 0 ? x : undefined;
    });
    // Both instances poll a few more times; still one random move, one version later.
    const [pa, pb] = [a.services.scheduler.polls, b.services.scheduler.polls];
    await eventually(async () =>
      a.services.scheduler.polls >= pa + 3 && b.services.scheduler.polls >= pb + 3 ? true : undefined,
    );
    const settled = await view(ann, id);
    expect(settled.moves).toHaveLength(1);
    expect(settled.version).toBe(before.version + 1);
    expect(after.moves).toEqual(settled.moves);
  });
});
