/**
 * Tactorus on the server, the trusted referee: each player submits the round's orders, the other sees only that
 * orders are in, the round resolves when both are in and both then see it; spectators see no pending order; the
 * computer plays its rounds; a `++Tactorus` record exports and imports.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, eventually, startTestServer, type TestServer } from '../testing/server.js';
import { StreamClient } from '../testing/stream-client.js';

interface Square {
  id: string;
  piece?: { owner: number; ordered?: { to: string } };
}

interface View {
  id: number;
  version: number;
  viewer: number | null;
  toAct: number[];
  rounds: unknown[];
  board: { squares: Square[] };
  orders: { mine: string[]; submitted: [boolean, boolean] } | null;
  legal: { action: string; from?: string; to?: string; notation: string }[];
  position: string | null;
}

const ordered = (v: View): Square[] => v.board.squares.filter((q) => q.piece?.ordered);

describe('Tactorus on the server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('keeps each side its orders until both are in, then shows the round to both', async () => {
    const ann = await new Client(server.url).signUp('torann');
    const ben = await new Client(server.url).signUp('torben');
    const ch = await ann.request<{ id: number }>('POST', '/api/challenges', {
      family: 'tactorus',
      opponent: 'torben',
      seat: '0',
      options: { supplyLines: true },
    });
    expect(ch.status).toBe(201);
    const id = (await ben.request<{ game: View }>('POST', `/api/challenges/${ch.body.id}/accept`)).body.game.id;
    const spectator = new Client(server.url);

    let a = (await ann.request<View>('GET', `/api/games/${id}`)).body;
    const order = a.legal.find((l) => l.action === 'order');
    expect(order).toBeDefined();
    // Ann orders one unit by its squares, as a board sends it.
    const r1 = await ann.request('POST', `/api/games/${id}/orders`, {
      version: a.version,
      orders: [{ action: 'order', from: order?.from, to: order?.to }],
    });
    expect(r1.status).toBe(200);
    a = (await ann.request<View>('GET', `/api/games/${id}`)).body;
    expect(a.orders?.mine).toHaveLength(1);
    expect(ordered(a)).toHaveLength(1);
    // Ben and a spectator see nothing of it: no order, no ordered unit, the same board as before.
    const b = (await ben.request<View>('GET', `/api/games/${id}`)).body;
    const s = (await spectator.request<View>('GET', `/api/games/${id}`)).body;
    expect(b.orders?.mine).toEqual([]);
    expect(ordered(b)).toHaveLength(0);
    expect(ordered(s)).toHaveLength(0);
    expect(JSON.stringify(b)).not.toContain(order?.to === undefined ? '#' : `"to":"${order.to}"`);
    expect(b.orders?.submitted).toEqual([false, false]);
    // Ann is done: Ben learns that her orders are in, nothing more.
    const done = await ann.request('POST', `/api/games/${id}/orders`, { version: a.version, orders: ['done'] });
    expect(done.status).toBe(200);
    const b2 = (await ben.request<View>('GET', `/api/games/${id}`)).body;
    expect(b2.orders?.submitted).toEqual([true, false]);
    expect(ordered(b2)).toHaveLength(0);
    // A withdrawal by Ben is of his own (empty) part, never of Ann's.
    const forged = await ben.request<{ error: { code: string } }>('POST', `/api/games/${id}/withdraw`, {
      version: b2.version,
    });
    expect(forged.status).toBe(400);
    expect(forged.body.error.code).toBe('session/nothing-to-withdraw');
    const b3 = (await ben.request<View>('GET', `/api/games/${id}`)).body;
    expect(b3.orders?.submitted).toEqual([true, false]);
    const benDone = await ben.request('POST', `/api/games/${id}/orders`, { version: b3.version, orders: ['done'] });
    expect(benDone.status).toBe(200);
    const after = (await spectator.request<View>('GET', `/api/games/${id}`)).body;
    expect(after.rounds).toHaveLength(1);
    expect(JSON.stringify(after.rounds[0])).toContain(order?.from ?? '?');
    expect(after.orders?.submitted).toEqual([false, false]);
  });

  it('streams each watcher the view of its own seat: the orders reach only their player', async () => {
    const ann = await new Client(server.url).signUp('strann');
    const ben = await new Client(server.url).signUp('strben');
    const ch = await ann.request<{ id: number }>('POST', '/api/challenges', {
      family: 'tactorus',
      opponent: 'strben',
      seat: '0',
    });
    const id = (await ben.request<{ game: View }>('POST', `/api/challenges/${ch.body.id}/accept`)).body.game.id;
    const streams = {
      ann: await StreamClient.open(server.url, ann.token),
      ben: await StreamClient.open(server.url, ben.token),
      spectator: await StreamClient.open(server.url),
    };
    for (const s of Object.values(streams)) {
      s.send({ type: 'subscribe', game: id });
      await s.next((m) => m.type === 'game');
    }
    const a = (await ann.request<View>('GET', `/api/games/${id}`)).body;
    const order = a.legal.find((l) => l.action === 'order');
    const r = await ann.request('POST', `/api/games/${id}/orders`, {
      version: a.version,
      orders: [{ action: 'order', from: order?.from, to: order?.to }],
    });
    expect(r.status).toBe(200);
    const seen = async (s: StreamClient): Promise<View> =>
      (await s.next((m) => m.type === 'game' && (m['view'] as View).version === a.version + 1))['view'] as View;
    const va = await seen(streams.ann);
    expect(va.viewer).toBe(0);
    expect(va.orders?.mine).toHaveLength(1);
    expect(ordered(va)).toHaveLength(1);
    // Orders before `done` are Ann's draft: Ben and the spectator hear nothing of them (tactorus-drafts.test.ts).
    for (const s of [streams.ben, streams.spectator]) {
      s.send({ type: 'ping' });
      expect((await s.next((m) => m.type === 'game' || m.type === 'pong')).type).toBe('pong');
    }
    // Done: each watcher gets the view of its own seat, Ann's orders still hers alone.
    const done = await ann.request('POST', `/api/games/${id}/orders`, { version: a.version + 1, orders: ['done'] });
    expect(done.status).toBe(200);
    const next = async (s: StreamClient): Promise<View> =>
      (await s.next((m) => m.type === 'game' && (m['view'] as View).orders?.submitted[0] === true))['view'] as View;
    const [vb, vs] = [await next(streams.ben), await next(streams.spectator)];
    expect([vb.viewer, vs.viewer]).toEqual([1, null]);
    expect(vb.orders?.mine).toEqual([]);
    expect(ordered(vb)).toHaveLength(0);
    expect(ordered(vs)).toHaveLength(0);
    for (const s of Object.values(streams)) s.close();
  });

  it('plays rounds against the computer, and exports and imports the game as ++Tactorus', async () => {
    const me = await new Client(server.url).signUp('torme');
    const created = await me.request<View>('POST', '/api/games', { family: 'tactorus', level: '1', seat: 0 });
    expect(created.status).toBe(201);
    const id = created.body.id;
    // The computer submits its part at once; the round waits for mine.
    const waiting = await eventually(async () => {
      const v = (await me.request<View>('GET', `/api/games/${id}`)).body;
      return v.orders?.submitted[1] ? v : undefined;
    });
    const done = await me.request('POST', `/api/games/${id}/orders`, { version: waiting.version, orders: ['done'] });
    expect(done.status).toBe(200);
    const played = (await me.request<View>('GET', `/api/games/${id}`)).body;
    expect(played.rounds).toHaveLength(1);
    const exported = await me.request<string>('GET', `/api/games/${id}/export`);
    expect(exported.status).toBe(200);
    expect(exported.body).toContain('++Tactorus');
    const imported = await me.request<View>('POST', '/api/imports', { family: 'tactorus', text: exported.body });
    expect(imported.status).toBe(201);
    expect(imported.body.rounds).toHaveLength(1);
    expect(imported.body.viewer).toBe(0);
  });
});
