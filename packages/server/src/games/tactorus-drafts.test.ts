/**
 * Tactorus orders before `done` are the player's draft: editing them changes nothing the other side or a
 * spectator can observe — no new version in their views, no stream event, no mail — and the versions they see
 * stay consecutive, so the submission does not tell them how often the orders were edited. Commands still name the
 * version they were made on: the other side's, made on the version they see, are not stale.
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
import { StreamClient, type StreamMessage } from '../testing/stream-client.js';

interface View {
  id: number;
  version: number;
  orders: { mine: string[]; submitted: [boolean, boolean] } | null;
  legal: { action: string; from?: string; to?: string; notation: string }[];
}

describe('Tactorus drafts', () => {
  const servers: TestServer[] = [];
  const streams: StreamClient[] = [];
  afterAll(async () => {
    for (const s of streams) s.close();
    for (const s of servers) await s.close();
    await stopTestPostgres();
  });

  /** One SQLite server for all; or two instances on one PostgreSQL, Ann on the first, the others on the second. */
  async function serversFor(kind: 'sqlite' | 'postgres'): Promise<[TestServer, TestServer]> {
    if (kind === 'sqlite') {
      const one = await startTestServer('sqlite');
      servers.push(one);
      return [one, one];
    }
    const databaseUrl = await (await testPostgres()).newDatabase();
    const first = await startTestServer('postgres', { databaseUrl });
    servers.push(first);
    const second = await startTestServer('postgres', { databaseUrl });
    servers.push(second);
    return [first, second];
  }

  async function watch(server: TestServer, id: number, token?: string): Promise<StreamClient> {
    const s = await StreamClient.open(server.url, token);
    streams.push(s);
    s.send({ type: 'subscribe', game: id });
    await s.next((m) => m.type === 'game');
    return s;
  }

  const gameOrPong = (m: StreamMessage): boolean => m.type === 'game' || m.type === 'pong';
  const versionOf = (m: StreamMessage): number => (m['view'] as View).version;

  it.each(['sqlite', 'postgres'] as const)(
    'the other side and spectators see no change while a player edits orders, only the submission (%s)',
    async (kind) => {
      const [mine, theirs] = await serversFor(kind);
      const ann = await new Client(mine.url).signUp('draftann');
      const ben = await new Client(theirs.url).signUp('draftben');
      const ch = await ann.request<{ id: number }>('POST', '/api/challenges', {
        family: 'tactorus',
        opponent: 'draftben',
        seat: '0',
      });
      const id = (await ben.request<{ game: View }>('POST', `/api/challenges/${ch.body.id}/accept`)).body.game.id;
      const spectator = new Client(theirs.url);
      const annStream = await watch(mine, id, ann.token);
      const benStream = await watch(theirs, id, ben.token);
      const spectatorStream = await watch(theirs, id);
      const b0 = (await ben.request<View>('GET', `/api/games/${id}`)).body;
      const s0 = (await spectator.request<View>('GET', `/api/games/${id}`)).body;

      let a = (await ann.request<View>('GET', `/api/games/${id}`)).body;
      const order = a.legal.find((l) => l.action === 'order');
      expect(order).toBeDefined();
      let version = a.version;
      // Five edits: order, withdraw, order, withdraw, order.
      for (let i = 0; i < 5; i++) {
        const r =
          i % 2 === 0
            ? await ann.request<View>('POST', `/api/games/${id}/orders`, {
                version,
                orders: [{ action: 'order', from: order?.from, to: order?.to }],
              })
            : await ann.request<View>('POST', `/api/games/${id}/withdraw`, { version });
        expect(r.status).toBe(200);
        expect(r.body.version).toBe(version + 1);
        version = r.body.version;
        // Ann's own stream follows her edits (the hub handles each change for all watchers at once).
        expect(versionOf(await annStream.next((m) => m.type === 'game'))).toBe(version);
      }
      a = (await ann.request<View>('GET', `/api/games/${id}`)).body;
      expect(a.version).toBe(version);
      // The other instance has heard the last edit (its watchers' hub reads the game on each event it hears):
      // whatever it would send them, it has sent by now. (Ann's version is the row's: she saw every change.)
      await eventually(async () => ((theirs.services.games.cached(id)?.version ?? 0) >= version ? true : undefined));
      expect(a.orders?.mine).toHaveLength(1);
      // Ben and the spectator: the same version as before, and no event on their streams.
      expect((await ben.request<View>('GET', `/api/games/${id}`)).body).toEqual(b0);
      expect((await spectator.request<View>('GET', `/api/games/${id}`)).body).toEqual(s0);
      for (const s of [benStream, spectatorStream]) {
        s.send({ type: 'ping' });
        expect((await s.next(gameOrPong)).type).toBe('pong');
      }
      // Ben's command on the version he sees is not stale: Ann's draft changed nothing of his.
      const offer = await ben.request('POST', `/api/games/${id}/draw`, { version: b0.version, action: 'offer' });
      expect(offer.status).toBe(200);
      const b1 = (await ben.request<View>('GET', `/api/games/${id}`)).body;
      expect(b1.version).toBe(b0.version + 1);
      expect(versionOf(await benStream.next((m) => m.type === 'game'))).toBe(b1.version);
      expect(versionOf(await spectatorStream.next((m) => m.type === 'game'))).toBe(s0.version + 1);
      version = (await ann.request<View>('GET', `/api/games/${id}`)).body.version;
      // Ann is done: now the others hear of it, one version on, whatever the number of edits before.
      const done = await ann.request('POST', `/api/games/${id}/orders`, { version, orders: ['done'] });
      expect(done.status).toBe(200);
      const heard = await benStream.next((m) => m.type === 'game');
      expect(versionOf(heard)).toBe(b1.version + 1);
      expect((heard['view'] as View).orders?.submitted).toEqual([true, false]);
      const seen = await spectatorStream.next((m) => m.type === 'game');
      expect(versionOf(seen)).toBe(s0.version + 2);
    },
  );
});
