/**
 * Vacation credits the time actually away, within a yearly allowance: going away and straight back again gives a
 * correspondence turn nothing but the time away, and a vacation past the allowance is refused with a coded error.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { Client, DB_KINDS, startTestServer, stopTestPostgres, type TestServer } from '../testing/server.js';
import { VACATION_CREDIT_BATCH, VACATIONS_PER_YEAR } from './vacation.js';

afterAll(() => stopTestPostgres());

interface View {
  id: number;
  version: number;
  toAct: number[];
  deadline: number | null;
  legal: { notation: string }[];
}

const HOUR = 3_600_000;
const DAY = 86_400_000;
/** A 1-day deadline: the reminder after a day (the forfeit a day later). */
const ONE_DAY = { kind: 'correspondence', daysPerMove: 2, nagDays: 1 };

class FakeClock {
  t = Date.UTC(2026, 10, 25, 12);
  readonly now = (): number => this.t;
}

async function twoPlayers(server: TestServer, prefix: string) {
  const ann = await new Client(server.url).signUp(`${prefix}a`);
  const ben = await new Client(server.url).signUp(`${prefix}b`);
  const ch = await ann.request<{ id: number }>('POST', '/api/challenges', {
    family: 'draughts',
    opponent: ben.name,
    seat: '0',
    control: ONE_DAY,
  });
  if (ch.status !== 201) throw new Error(JSON.stringify(ch.body));
  const game = (await ben.request<{ game: View }>('POST', `/api/challenges/${ch.body.id}/accept`)).body.game;
  return { ann, ben, id: game.id };
}

async function view(c: Client, id: number): Promise<View> {
  return (await c.request<View>('GET', `/api/games/${id}`)).body;
}

async function vacation(c: Client, until: number | null): Promise<{ status: number; code?: string }> {
  const r = await c.request<{ error?: { code: string } }>('PUT', '/api/account/vacation', { until });
  return { status: r.status, ...(r.body?.error ? { code: r.body.error.code } : {}) };
}

describe('vacation', () => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close();
  });

  it('300 days on and straight off again, three times, credits only the time actually away', async () => {
    const clock = new FakeClock();
    // An allowance large enough for the attack's asks: what is checked here is the credit.
    const server = await startTestServer('sqlite', { now: clock.now, vacationDaysPerYear: 365 });
    servers.push(server);
    const { ann, id } = await twoPlayers(server, 'vat');
    const start = await view(ann, id);
    expect(start.toAct).toEqual([0]);
    expect(start.deadline).toBe(clock.t + DAY);
    for (let i = 0; i < 3; i++) {
      expect(await vacation(ann, clock.t + 300 * DAY)).toEqual({ status: 204 });
      // While away, the deadline does not fall.
      expect((await view(ann, id)).deadline).toBeGreaterThan(clock.t + 299 * DAY);
      clock.t += 2 * HOUR;
      expect(await vacation(ann, null)).toEqual({ status: 204 });
    }
    expect((await view(ann, id)).deadline).toBe(start.deadline! + 3 * 2 * HOUR);
  });

  it('a turn that begins while the player is away starts when they come back early', async () => {
    const clock = new FakeClock();
    const server = await startTestServer('sqlite', { now: clock.now });
    servers.push(server);
    const { ann, ben, id } = await twoPlayers(server, 'vab');
    const back = clock.t + 10 * DAY;
    expect(await vacation(ben, back)).toEqual({ status: 204 });
    clock.t += HOUR;
    const before = await view(ann, id);
    const moved = await ann.request('POST', `/api/games/${id}/move`, {
      version: before.version,
      move: before.legal[0]?.notation,
    });
    expect(moved.status).toBe(200);
    // Ben's turn waits for his return...
    expect((await view(ben, id)).deadline).toBe(back + DAY);
    clock.t += HOUR;
    expect(await vacation(ben, null)).toEqual({ status: 204 });
    // ...which came early: the turn starts now.
    expect((await view(ben, id)).deadline).toBe(clock.t + DAY);
  });

  it('the days away in a year are capped: more is refused with account/vacation-limit', async () => {
    const clock = new FakeClock();
    const server = await startTestServer('sqlite', { now: clock.now });
    servers.push(server);
    const { ann, id } = await twoPlayers(server, 'vac');
    const start = await view(ann, id);
    expect(await vacation(ann, clock.t + 61 * DAY)).toEqual({ status: 409, code: 'account/vacation-limit' });
    expect((await view(ann, id)).version).toBe(start.version);
    expect(await vacation(ann, clock.t + 40 * DAY)).toEqual({ status: 204 });
    // The 40 days run out; the time away counts, whatever was asked after.
    clock.t += 40 * DAY;
    expect(await vacation(ann, clock.t + 30 * DAY)).toEqual({ status: 409, code: 'account/vacation-limit' });
    expect(await vacation(ann, clock.t + 20 * DAY)).toEqual({ status: 204 });
    clock.t += 5 * DAY;
    expect(await vacation(ann, null)).toEqual({ status: 204 });
    // 45 days taken: 15 left.
    expect(await vacation(ann, clock.t + 16 * DAY)).toEqual({ status: 409, code: 'account/vacation-limit' });
    expect(await vacation(ann, clock.t + 15 * DAY)).toEqual({ status: 204 });
  });
});

describe('vacations a year', () => {
  let server: TestServer | undefined;
  afterAll(async () => {
    await server?.close();
  });

  it('however short, only so many vacations in a year: the next is refused with account/vacation-limit', async () => {
    const clock = new FakeClock();
    server = await startTestServer('sqlite', { now: clock.now });
    const { ann } = await twoPlayers(server, 'vay');
    for (let i = 0; i < VACATIONS_PER_YEAR; i++) {
      expect(await vacation(ann, clock.t + DAY)).toEqual({ status: 204 });
      clock.t += HOUR;
      expect(await vacation(ann, null)).toEqual({ status: 204 });
    }
    expect(await vacation(ann, clock.t + DAY)).toEqual({ status: 409, code: 'account/vacation-limit' });
    // A year after the first, it may be taken again (logged in again: the session has expired meanwhile).
    clock.t += 365 * DAY;
    const login = await ann.request<{ token: string }>('POST', '/api/login', {
      name: ann.name,
      password: 'correct horse',
      kind: 'bearer',
    });
    ann.token = login.body.token;
    expect(await vacation(ann, clock.t + DAY)).toEqual({ status: 204 });
  });
});

describe('vacation over many games', () => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close();
  });

  for (const kind of DB_KINDS) {
    it(`every turn is credited, and taken back, over more games than one batch (${kind})`, async () => {
      const clock = new FakeClock();
      const server = await startTestServer(kind, { now: clock.now });
      servers.push(server);
      const { ann, ben, id } = await twoPlayers(server, `vam${kind[0]}`);
      const ids = [id];
      for (let i = 0; i < VACATION_CREDIT_BATCH + 5; i++) {
        const ch = await ann.request<{ id: number }>('POST', '/api/challenges', {
          family: 'draughts',
          opponent: ben.name,
          seat: '0',
          control: ONE_DAY,
        });
        ids.push((await ben.request<{ game: View }>('POST', `/api/challenges/${ch.body.id}/accept`)).body.game.id);
      }
      const deadlines = async (): Promise<Set<number | null>> =>
        new Set(await Promise.all(ids.map(async (g) => (await view(ann, g)).deadline)));
      const start = clock.t;
      expect(await deadlines()).toEqual(new Set([start + DAY]));
      expect(await vacation(ann, start + 10 * DAY)).toEqual({ status: 204 });
      expect(await deadlines()).toEqual(new Set([start + 11 * DAY]));
      clock.t += 3 * HOUR;
      expect(await vacation(ann, null)).toEqual({ status: 204 });
      expect(await deadlines()).toEqual(new Set([start + DAY + 3 * HOUR]));
    }, 120_000);
  }
});

describe('vacation changes are rate-limited', () => {
  let server: TestServer | undefined;
  afterAll(async () => {
    await server?.close();
  });

  it('each change walks the games in progress, so they are limited as log-ins are', async () => {
    // Three a minute here (each route counts its own).
    server = await startTestServer('sqlite', { rateLimits: { auth: 3 } });
    const ann = await new Client(server.url).signUp('toggler');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const until = i % 2 === 0 ? Date.now() + DAY : null;
      statuses.push((await ann.request('PUT', '/api/account/vacation', { until })).status);
    }
    expect(statuses).toEqual([204, 204, 204, 429]);
  });
});
