/**
 * Revoked is revoked on the event stream: a connection opened with a log-in that then ends — logged out, the
 * password changed, expired — is closed at once and hears nothing more of the player's private view (Tactorus
 * orders pending), on every instance: a password changed on one instance closes the connection held on another.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { Client, startTestServer, stopTestPostgres, testPostgres, type TestServer } from '../testing/server.js';
import { StreamClient } from '../testing/stream-client.js';
import { CLOSE_REVOKED } from './hub.js';

interface View {
  id: number;
  version: number;
  viewer: number | null;
  orders: { mine: string[] } | null;
  legal: { action: string; from?: string; to?: string }[];
}

const PASSWORD = 'correct horse';

/** Another log-in of the same user: a second token, as a second device has. */
async function logIn(server: TestServer, name: string): Promise<Client> {
  const c = new Client(server.url);
  const r = await c.request<{ token: string }>('POST', '/api/login', { name, password: PASSWORD, kind: 'bearer' });
  expect(r.status).toBe(200);
  c.token = r.body.token;
  c.name = name;
  return c;
}

/** A Tactorus game between two new players (the first plays seat 0). */
async function tactorus(server: TestServer, tag: string): Promise<{ ann: Client; id: number }> {
  const ann = await new Client(server.url).signUp(`${tag}ann`);
  const ben = await new Client(server.url).signUp(`${tag}ben`);
  const ch = await ann.request<{ id: number }>('POST', '/api/challenges', {
    family: 'tactorus',
    opponent: ben.name,
    seat: '0',
  });
  const { body } = await ben.request<{ game: View }>('POST', `/api/challenges/${ch.body.id}/accept`);
  return { ann, id: body.game.id };
}

describe('revoked log-ins on the event stream (SQLite)', () => {
  const servers: TestServer[] = [];
  afterEach(async () => {
    for (const s of servers.splice(0)) await s.close();
  });

  it("closes a connection whose password was changed elsewhere: the player's pending orders no longer reach it", async () => {
    const server = await startTestServer('sqlite');
    servers.push(server);
    const { ann, id } = await tactorus(server, 'pw');
    const device = await logIn(server, ann.name);
    const old = await StreamClient.open(server.url, device.token);
    old.send({ type: 'subscribe', game: id });
    const first = (await old.next((m) => m.type === 'game'))['view'] as View;
    expect(first.viewer).toBe(0);
    // The password is changed from the first log-in (which stays): every other log-in ends.
    const r = await ann.request('POST', '/api/account/password', { oldPassword: PASSWORD, newPassword: 'new horse!' });
    expect(r.status).toBe(204);
    expect(await old.closedBy()).toBe(CLOSE_REVOKED);
    // Ann orders a unit: the old connection hears nothing of it, and a new one with the old token is a spectator's.
    const order = first.legal.find((l) => l.action === 'order');
    const sent = await ann.request('POST', `/api/games/${id}/orders`, {
      version: first.version,
      orders: [{ action: 'order', from: order?.from, to: order?.to }],
    });
    expect(sent.status).toBe(200);
    const again = await StreamClient.open(server.url, device.token);
    expect((await again.next((m) => m.type === 'hello'))['user']).toBeNull();
    again.send({ type: 'subscribe', game: id });
    const seen = (await again.next((m) => m.type === 'game'))['view'] as View;
    expect(seen.viewer).toBeNull();
    expect(seen.orders?.mine ?? []).toEqual([]);
    expect(old.history.filter((m) => m.type === 'game')).toHaveLength(1);
    again.close();
  });

  it('closes every connection of a log-out, and leaves the user’s other log-ins connected', async () => {
    const server = await startTestServer('sqlite');
    servers.push(server);
    const ann = await new Client(server.url).signUp('outann');
    const phone = await logIn(server, 'outann');
    const a = await StreamClient.open(server.url, ann.token);
    const b = await StreamClient.open(server.url, ann.token);
    const other = await StreamClient.open(server.url, phone.token);
    expect((await ann.request('POST', '/api/logout')).status).toBe(204);
    expect([await a.closedBy(), await b.closedBy()]).toEqual([CLOSE_REVOKED, CLOSE_REVOKED]);
    other.send({ type: 'ping' });
    expect((await other.next((m) => m.type === 'pong')).type).toBe('pong');
    other.close();
  });

  it('closes a connection when its log-in expires', async () => {
    let clock = Date.now();
    const server = await startTestServer('sqlite', { now: () => clock, stream: { tokenCheckMs: 50 } });
    servers.push(server);
    const ann = await new Client(server.url).signUp('expann');
    const s = await StreamClient.open(server.url, ann.token);
    s.send({ type: 'ping' });
    await s.next((m) => m.type === 'pong');
    clock += 366 * 86_400_000; // a bearer token lives a year
    expect(await s.closedBy()).toBe(CLOSE_REVOKED);
  });
});

describe('revoked log-ins on the event stream, two instances on PostgreSQL', () => {
  let a: TestServer | undefined;
  let b: TestServer | undefined;
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await stopTestPostgres();
  });

  it('a password changed on one instance closes the connection held on the other', async () => {
    const url = await (await testPostgres()).newDatabase();
    a = await startTestServer('postgres', { databaseUrl: url });
    b = await startTestServer('postgres', { databaseUrl: url });
    const { ann, id } = await tactorus(a, 'inst');
    const device = await logIn(b, ann.name);
    const onB = await StreamClient.open(b.url, device.token);
    onB.send({ type: 'subscribe', game: id });
    expect(((await onB.next((m) => m.type === 'game'))['view'] as View).viewer).toBe(0);
    const r = await ann.request('POST', '/api/account/password', { oldPassword: PASSWORD, newPassword: 'new horse!' });
    expect(r.status).toBe(204);
    expect(await onB.closedBy()).toBe(CLOSE_REVOKED);
  }, 60_000);
});
