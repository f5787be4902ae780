/**
 * Each player's games between people in progress are capped (`tactica serve --people-games`): past the cap, a
 * challenge or seek accepted, a quick pairing and a mail `accept` are refused with `games/too-many-games`, for
 * either player over it, and games made at once cannot all pass; a player at the cap cannot post a challenge or
 * seek (over the API or by mail); a tournament's pairing counts but is never refused; a finished game frees its place.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { signUpConfirmed } from '../pbm/testing.js';
import { roundPaired } from '../tournaments/testing/api.js';
import { Client, DB_KINDS, startTestServer, stopTestPostgres, type TestServer } from '../testing/server.js';
import { PEOPLE_GAMES_IN_PROGRESS } from './people-quota.js';

afterAll(() => stopTestPostgres());

interface Refusal {
  error?: { code: string };
}

const CAP = 3;

async function challenge(from: Client, to?: string): Promise<number> {
  const r = await from.request<{ id: number }>('POST', '/api/challenges', {
    family: 'draughts',
    ...(to !== undefined ? { opponent: to } : {}),
    seat: '0',
  });
  if (r.status !== 201) throw new Error(`challenge: ${JSON.stringify(r.body)}`);
  return r.body.id;
}

async function post(from: Client, to?: string): Promise<{ status: number; code?: string }> {
  const r = await from.request<Refusal>('POST', '/api/challenges', {
    family: 'draughts',
    ...(to !== undefined ? { opponent: to } : {}),
  });
  return { status: r.status, ...(r.body.error ? { code: r.body.error.code } : {}) };
}

async function accept(by: Client, id: number): Promise<{ status: number; code?: string; gameId?: number }> {
  const r = await by.request<Refusal & { game?: { id: number } }>('POST', `/api/challenges/${id}/accept`);
  return {
    status: r.status,
    ...(r.body.error ? { code: r.body.error.code } : {}),
    ...(r.body.game ? { gameId: r.body.game.id } : {}),
  };
}

async function resign(c: Client, id: number): Promise<void> {
  const v = (await c.request<{ version: number }>('GET', `/api/games/${id}`)).body;
  const r = await c.request('POST', `/api/games/${id}/resign`, { version: v.version });
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
}

async function people(server: TestServer, names: readonly string[]): Promise<Client[]> {
  return Promise.all(names.map((n) => new Client(server.url).signUp(n)));
}

describe('games between people in progress', () => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close();
  });

  it('the cap is 200 unless the operator says otherwise', () => {
    expect(PEOPLE_GAMES_IN_PROGRESS).toBe(200);
  });

  for (const kind of DB_KINDS) {
    it(`past the cap a challenge, a seek and a quick pairing are refused; a finished game frees a place (${kind})`, async () => {
      const server = await startTestServer(kind, { peopleGames: CAP });
      servers.push(server);
      const [ann, bob, cy, dee] = (await people(server, ['annc', 'bobc', 'cyc', 'deec'])) as [
        Client,
        Client,
        Client,
        Client,
      ];
      // Posted before the cap is reached, accepted after.
      const fourth = await challenge(ann, 'bobc');
      const games: number[] = [];
      for (let i = 0; i < CAP; i++) {
        const r = await accept(bob, await challenge(ann, 'bobc'));
        expect(r.status).toBe(200);
        games.push(r.gameId as number);
      }
      // Both are at the cap: the challenge posted before is refused when accepted, and neither may post another.
      expect(await accept(bob, fourth)).toEqual({ status: 429, code: 'games/too-many-games' });
      expect(await post(ann, 'cyc')).toEqual({ status: 429, code: 'games/too-many-games' });
      expect(await post(bob)).toEqual({ status: 429, code: 'games/too-many-games' });
      // Ann accepting someone's seek, or quick pairing with one waiting: refused too.
      const seek = await challenge(cy);
      expect(await accept(ann, seek)).toEqual({ status: 429, code: 'games/too-many-games' });
      const waiting = await dee.request<{ status: string }>('POST', '/api/pairing', { family: 'tactics' });
      expect(waiting.body.status).toBe('waiting');
      const paired = await ann.request<Refusal>('POST', '/api/pairing', { family: 'tactics' });
      expect([paired.status, paired.body.error?.code]).toEqual([429, 'games/too-many-games']);
      // Others' games are their own: Cy takes Dee's waiting request.
      const theirs = await cy.request<{ status: string }>('POST', '/api/pairing', { family: 'tactics' });
      expect(theirs.body.status).toBe('paired');
      // One of their games ends: Ann may post again, and the fourth challenge can be accepted now.
      await resign(ann, games[0] as number);
      expect((await post(ann, 'cyc')).status).toBe(201);
      expect((await accept(bob, fourth)).status).toBe(200);
    }, 60_000);

    it(`a waiting player who reached the cap leaves the quick-pairing queue, not blocking it (${kind})`, async () => {
      const server = await startTestServer(kind, { peopleGames: 1 });
      servers.push(server);
      const [eve, fay, gus] = (await people(server, ['evew', 'fayw', 'gusw'])) as [Client, Client, Client];
      const waiting = await eve.request<{ status: string }>('POST', '/api/pairing', { family: 'tactics' });
      expect(waiting.body.status).toBe('waiting');
      expect((await accept(eve, await challenge(fay, 'evew'))).status).toBe(200);
      // Eve is at the cap now: Gus's request does not take hers (it would be refused), it waits.
      const gus1 = await gus.request<{ status: string }>('POST', '/api/pairing', { family: 'tactics' });
      expect([gus1.status, gus1.body.status]).toEqual([200, 'waiting']);
      expect((await eve.request<{ waiting: unknown }>('GET', '/api/pairing')).body.waiting).toBeNull();
    }, 60_000);

    it(`games accepted at once cannot all pass the cap (${kind})`, async () => {
      const server = await startTestServer(kind, { peopleGames: CAP });
      servers.push(server);
      const [ann, bob, cy] = (await people(server, ['anna', 'boba', 'cya'])) as [Client, Client, Client];
      const toBob = await Promise.all([1, 2, 3, 4].map(() => challenge(ann, 'boba')));
      const toCy = await Promise.all([1, 2, 3, 4].map(() => challenge(ann, 'cya')));
      const replies = await Promise.all([...toBob.map((id) => accept(bob, id)), ...toCy.map((id) => accept(cy, id))]);
      expect(replies.filter((r) => r.status === 200)).toHaveLength(CAP);
      expect(replies.filter((r) => r.code === 'games/too-many-games')).toHaveLength(8 - CAP);
    }, 60_000);
  }

  it("a tournament's game counts but is never refused", async () => {
    const server = await startTestServer('sqlite', { peopleGames: CAP, tournaments: { pollMs: 50 } });
    servers.push(server);
    const [ann, bob, cy] = (await people(server, ['annt', 'bobt', 'cyt'])) as [Client, Client, Client];
    for (let i = 0; i < CAP; i++) expect((await accept(bob, await challenge(ann, 'bobt'))).status).toBe(200);
    const t = await ann.request<{ id: number }>('POST', '/api/tournaments', {
      name: 'At the cap',
      family: 'draughts',
      kind: 'swiss',
      rounds: 1,
      control: { kind: 'correspondence', daysPerMove: 3 },
    });
    expect(t.status).toBe(201);
    for (const c of [ann, cy]) expect((await c.request('POST', `/api/tournaments/${t.body.id}/join`)).status).toBe(200);
    expect((await ann.request('POST', `/api/tournaments/${t.body.id}/start`)).status).toBe(200);
    const view = await roundPaired(ann, t.body.id, 1);
    expect(view.pairings.filter((p) => p.round === 1 && p.gameId !== null)).toHaveLength(1);
    // It counts: Ann, now over the cap, may not post a challenge, nor accept Cy's.
    expect(await post(ann, 'cyt')).toEqual({ status: 429, code: 'games/too-many-games' });
    expect(await accept(ann, await challenge(cy, 'annt'))).toEqual({ status: 429, code: 'games/too-many-games' });
  }, 60_000);

  it('by mail: the accept past the cap is answered with the coded error, and nothing is made', async () => {
    const server = await startTestServer('sqlite', { peopleGames: 1 });
    servers.push(server);
    const gateway = server.pbm.gateway;
    for (const n of ['annm', 'bobm']) await signUpConfirmed(gateway, n, `${n}-password`, `${n}@example.org`);
    const command = (from: string, subject: string) =>
      gateway.handle({ subject, body: '', from: `${from}@example.org` });
    const ids: number[] = [];
    for (let i = 0; i < 2; i++) {
      const made = await command('annm', 'draughts challenge annm annm-password bobm');
      expect(made.ok, made.text).toBe(true);
      ids.push(Number(/Challenge (\d+)/.exec(made.text)?.[1]));
    }
    const first = await command('bobm', `draughts accept bobm bobm-password ${ids[0]}`);
    expect(first.ok, first.text).toBe(true);
    const second = await command('bobm', `draughts accept bobm bobm-password ${ids[1]}`);
    expect(second.ok).toBe(false);
    expect(second.code).toBe('games/too-many-games');
    expect(second.text).toContain('Error games/too-many-games');
    const challenges = await new Client(server.url).request<{ id: number; status: string }[]>('GET', '/api/challenges');
    expect(challenges.body.find((c) => c.id === ids[1])?.status ?? 'open').toBe('open');
    // At the cap, a challenge by mail is refused when sent, with the same code.
    const third = await command('annm', 'draughts challenge annm annm-password bobm');
    expect([third.ok, third.code]).toEqual([false, 'games/too-many-games']);
    expect(third.text).toContain('Error games/too-many-games');
  }, 60_000);
});
