/**
 * The event stream's budgets on a real server: a flood of messages from an anonymous socket is refused with
 * `rate/limited` and then cut off, with what it gets back bounded, while another user is served; a signed-in
 * connection has the larger budget; an address's connections share one budget and are capped in number; a repeated
 * subscribe or lobby is one subscription and sends nothing again; a reader that does not read is dropped; only the
 * server's own pages (and programs, which send no `Origin`) may open the stream; an oversized frame is one log line.
 */
import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { Client, eventually, startTestServer, type TestServer } from '../testing/server.js';
import { StreamClient, type StreamMessage } from '../testing/stream-client.js';
import type { ServeOptions } from '../server.js';
import { CLOSE_POLICY } from './hub.js';
import { addressKey, DEFAULT_STREAM_LIMITS } from './budget.js';

interface View {
  id: number;
  version: number;
  legal: { notation: string }[];
}

const codeOf = (m: StreamMessage): string | undefined => (m['error'] as { code?: string } | undefined)?.code;

/** A draughts game between two new players. */
async function newGame(server: TestServer, tag: string): Promise<{ ann: Client; ben: Client; id: number }> {
  const ann = await new Client(server.url).signUp(`${tag}ann`);
  const ben = await new Client(server.url).signUp(`${tag}ben`);
  const ch = await ann.request<{ id: number }>('POST', '/api/challenges', {
    family: 'draughts',
    opponent: ben.name,
    seat: '0',
  });
  const { body } = await ben.request<{ game: View }>('POST', `/api/challenges/${ch.body.id}/accept`);
  return { ann, ben, id: body.game.id };
}

/** The upgrade's answer when the server refuses it: its HTTP status. */
function refusedStatus(url: string, headers: Record<string, string> = {}): Promise<number | 'open'> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/api/stream`, { headers });
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.once('open', () => {
      resolve('open');
      ws.close();
    });
    ws.once('error', (e) => {
      if (!/Unexpected server response/.test(e.message)) reject(e);
    });
  });
}

describe('the event stream budgets', () => {
  const servers: TestServer[] = [];
  const start = async (options: ServeOptions = {}): Promise<TestServer> => {
    const s = await startTestServer('sqlite', options);
    servers.push(s);
    return s;
  };
  afterEach(async () => {
    for (const s of servers.splice(0)) await s.close();
  });

  const FLOOD = 3000;
  const { burst } = DEFAULT_STREAM_LIMITS.anonymousMessages;
  // What an anonymous flooder can be answered before it is cut off: its burst, then one refusal a message until it is
  // `floodBursts` bursts over, give or take the refill while it sends.
  const MOST_ANSWERS = burst * (1 + DEFAULT_STREAM_LIMITS.floodBursts) + 20;

  for (const kind of ['lobby', 'subscribe', 'ping'] as const) {
    it(`refuses a flood of ${kind} messages from an anonymous socket, then closes it; others are served`, async () => {
      const server = await start();
      const { ann, id } = await newGame(server, kind.slice(0, 4));
      const flooder = await StreamClient.open(server.url);
      const message =
        kind === 'lobby'
          ? { type: 'lobby', on: true }
          : kind === 'ping'
            ? { type: 'ping' }
            : { type: 'subscribe', game: id };
      for (let i = 0; i < FLOOD; i++) flooder.send(message);
      // Another user's own game answers during the flood.
      const during = await Promise.all([1, 2, 3].map(() => ann.request<View>('GET', `/api/games/${id}`)));
      expect(during.map((r) => r.status)).toEqual([200, 200, 200]);
      expect(await flooder.closedBy()).toBe(CLOSE_POLICY);
      expect(flooder.closeReason).toMatch(/^rate\/limited/);
      const answers = flooder.queued();
      expect(answers.some((m) => codeOf(m) === 'rate/limited')).toBe(true);
      expect(flooder.received).toBeLessThanOrEqual(MOST_ANSWERS);
      // One lobby, one view: the repeats send nothing again.
      expect(answers.filter((m) => m.type === 'lobby' || m.type === 'game').length).toBeLessThanOrEqual(1);
      expect(flooder.bytesReceived).toBeLessThan(32 * 1024);
      // The server is still there for everyone, the flooder's address too once it slows down.
      expect((await ann.request('GET', '/api/health')).status).toBe(200);
    });
  }

  it('gives a signed-in connection a larger budget than an anonymous one', async () => {
    const server = await start();
    const ann = await new Client(server.url).signUp('budgetann');
    // Over the anonymous burst by more than its refill in several seconds, within the signed-in one.
    const n = burst + 35;
    const signedIn = await StreamClient.open(server.url, ann.token);
    const anonymous = await StreamClient.open(server.url);
    for (let i = 0; i < n; i++) {
      signedIn.send({ type: 'ping' });
      anonymous.send({ type: 'ping' });
    }
    const answers = async (s: StreamClient): Promise<StreamMessage[]> => {
      const got: StreamMessage[] = [];
      while (got.length < n) got.push(await s.next((m) => m.type === 'pong' || m.type === 'error'));
      return got;
    };
    expect((await answers(signedIn)).every((m) => m.type === 'pong')).toBe(true);
    const anon = await answers(anonymous);
    expect(anon.filter((m) => codeOf(m) === 'rate/limited').length).toBeGreaterThanOrEqual(5);
    signedIn.close();
    anonymous.close();
  });

  it('counts the messages of all the connections of one address together', async () => {
    // (Refilled so slowly that the count does not depend on how long the test takes.)
    const server = await start({ stream: { addressMessages: { perSecond: 0.001, burst: 30 } } });
    const sockets = await Promise.all([1, 2, 3].map(() => StreamClient.open(server.url)));
    // 15 each: within each connection's own budget (20), over the address's (30) together.
    for (const s of sockets) for (let i = 0; i < 15; i++) s.send({ type: 'ping' });
    const replies: StreamMessage[] = [];
    for (const s of sockets) for (let i = 0; i < 15; i++) replies.push(await s.next((m) => m.type !== 'hello'));
    expect(replies.filter((m) => m.type === 'pong')).toHaveLength(30);
    expect(replies.filter((m) => codeOf(m) === 'rate/limited')).toHaveLength(15);
    for (const s of sockets) s.close();
  });

  it('counts an IPv6 client by its /64, an IPv4 one (mapped or not) by its address', () => {
    expect(addressKey('2001:db8:1:2:3:4:5:6')).toBe(addressKey('2001:DB8:0001:0002::ffff'));
    expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db8:1:3::1'));
    expect(addressKey('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(addressKey('10.1.2.3')).not.toBe(addressKey('10.1.2.4'));
  });

  it('caps the connections of one address, refusing the upgrade with 429', async () => {
    const server = await start({ stream: { connectionsPerAddress: 3 } });
    const open = await Promise.all([1, 2, 3].map(() => StreamClient.open(server.url)));
    expect(await refusedStatus(server.url)).toBe(429);
    open[0]?.close();
    await eventually(async () => ((await refusedStatus(server.url)) === 'open' ? true : undefined));
    for (const s of open) s.close();
  });

  it('keeps a repeated subscribe as one subscription and sends its view once; the same for the lobby', async () => {
    const server = await start();
    const { ann, id } = await newGame(server, 'rep');
    const s = await StreamClient.open(server.url, ann.token);
    for (let i = 0; i < 50; i++) s.send({ type: 'subscribe', game: id });
    for (let i = 0; i < 50; i++) s.send({ type: 'lobby', on: true });
    await s.next((m) => m.type === 'game');
    await s.next((m) => m.type === 'lobby');
    s.send({ type: 'ping' });
    await s.next((m) => m.type === 'pong');
    const count = (type: string): number => s.history.filter((m) => m.type === type).length;
    expect([count('game'), count('lobby'), count('error')]).toEqual([1, 1, 0]);
    // A move: one event, as for one subscription.
    const v = (await ann.request<View>('GET', `/api/games/${id}`)).body;
    const move = v.legal[0]?.notation as string;
    expect((await ann.request('POST', `/api/games/${id}/move`, { version: v.version, move })).status).toBe(200);
    await s.next((m) => m.type === 'game' && (m['view'] as View).version === v.version + 1);
    s.send({ type: 'ping' });
    await s.next((m) => m.type === 'pong');
    expect(count('game')).toBe(2);
    // Another detail is another subscription of the same game: it is sent what it asks for.
    s.send({ type: 'subscribe', game: id, detail: 'moves' });
    expect((await s.next((m) => m.type === 'move'))['version']).toBe(v.version + 1);
    s.close();
  });

  it('drops a connection that does not read what it is sent', async () => {
    const generous = { perSecond: 1e6, burst: 1e6 };
    const server = await start({
      stream: { anonymousMessages: generous, addressMessages: generous, bufferedBytes: 64 * 1024 },
    });
    // A lobby worth sending: games in progress and seeks.
    const { ann } = await newGame(server, 'slow');
    for (let i = 0; i < 40; i++) await newGame(server, `slow${i}`);
    for (let i = 0; i < 20; i++) await ann.request('POST', '/api/challenges', { family: 'tactics' });
    const ws = new WebSocket(`${server.url.replace(/^http/, 'ws')}/api/stream`);
    await new Promise((resolve) => ws.once('open', resolve));
    (ws as unknown as { _socket: Socket })._socket.pause();
    expect(server.services.hub.size).toBe(1);
    // Each `on` sends the whole lobby; the reader reads none of it. Bounded: at most 4,000 rounds.
    for (let i = 0; i < 4000 && server.services.hub.size > 0; i++) {
      ws.send('{"type":"lobby","on":true}');
      ws.send('{"type":"lobby","on":false}');
      if (i % 100 === 99) await new Promise((r) => setImmediate(r));
    }
    await eventually(async () => (server.services.hub.size === 0 ? true : undefined));
    ws.terminate();
  });

  it("refuses an upgrade from another site's page (403), accepts its own pages, listed origins and programs", async () => {
    const server = await start({ allowedOrigins: ['https://play.example.org'] });
    const own = server.url; // http://127.0.0.1:port, as the browser app's page sends it
    expect(await refusedStatus(server.url, { origin: 'https://evil.example' })).toBe(403);
    expect(await refusedStatus(server.url, { origin: 'null' })).toBe(403);
    expect(await refusedStatus(server.url, { origin: own.replace('127.0.0.1', 'localhost') })).toBe(403);
    expect(await refusedStatus(server.url, { origin: own })).toBe('open');
    expect(await refusedStatus(server.url, { origin: 'https://play.example.org' })).toBe('open');
    expect(await refusedStatus(server.url)).toBe('open');
    // A cookie of the server's own does not open it from elsewhere either.
    const ann = await new Client(server.url).signUp('originann');
    expect(
      await refusedStatus(server.url, { origin: 'https://evil.example', cookie: `tactica_session=${ann.token}` }),
    ).toBe(403);
  });

  it('logs an oversized frame as one line without a stack', async () => {
    const lines: string[] = [];
    const server = await start({ logger: { level: 'info', stream: { write: (l: string) => void lines.push(l) } } });
    const s = await StreamClient.open(server.url);
    s.send('x'.repeat(64 * 1024 + 1));
    expect(await s.closedBy()).toBe(1009);
    const logged = await eventually(async () => {
      const found = lines.filter((l) => /payload/i.test(l));
      return found.length > 0 ? found : undefined;
    });
    expect(logged).toHaveLength(1);
    const entry = JSON.parse(logged[0] as string) as Record<string, unknown>;
    expect(entry['level']).toBeLessThanOrEqual(40);
    expect(JSON.stringify(entry)).not.toMatch(/stack|\\n\s+at /);
    expect(lines.filter((l) => (JSON.parse(l) as { level: number }).level >= 50)).toEqual([]);
  });
});
