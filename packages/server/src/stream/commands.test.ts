/**
 * Game commands on the event stream: the same rules as the HTTP routes (versions, seats, tokens, rate limits), each
 * answered by an ack or a coded error that carries the command's `ref`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestServer, type TestServer } from '../testing/server.js';
import { StreamClient, type StreamMessage } from '../testing/stream-client.js';
import { CLOSE_REVOKED } from './hub.js';

interface View {
  id: number;
  version: number;
  moves: string[];
  legal: { notation: string }[];
}

const errorCode = (m: StreamMessage): string => (m['error'] as { code: string }).code;

/** A draughts game between two new players; returns their clients and the game's view for the first. */
async function newGame(server: TestServer, tag: string): Promise<{ ann: Client; ben: Client; view: View }> {
  const ann = await new Client(server.url).signUp(`${tag}ann`);
  const ben = await new Client(server.url).signUp(`${tag}ben`);
  const ch = await ann.request<{ id: number }>('POST', '/api/challenges', {
    family: 'draughts',
    opponent: ben.name,
    seat: '0',
  });
  const { body } = await ben.request<{ game: View }>('POST', `/api/challenges/${ch.body.id}/accept`);
  const view = (await ann.request<View>('GET', `/api/games/${body.game.id}`)).body;
  return { ann, ben, view };
}

describe('game commands on the event stream', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite', {
      rateLimits: { auth: 10_000, moves: 5, challenges: 10_000, chat: 10_000, imports: 10_000 },
    });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('acknowledges a move with its ref once committed, and the opponent hears it', async () => {
    const { ann, ben, view } = await newGame(server, 'ack');
    const annStream = await StreamClient.open(server.url, ann.token);
    const benStream = await StreamClient.open(server.url, ben.token);
    benStream.send({ type: 'subscribe', game: view.id, detail: 'moves' });
    await benStream.next((m) => m.type === 'move');
    const move = view.legal[0]?.notation as string;
    annStream.send({ type: 'command', ref: 'a1', game: view.id, version: view.version, command: 'move', move });
    const ack = await annStream.next((m) => m.ref === 'a1');
    expect(ack).toMatchObject({ type: 'ack', id: view.id, version: view.version + 1, toAct: [1], status: 'active' });
    const heard = await benStream.next((m) => m.type === 'move' && m['version'] === view.version + 1);
    expect(heard['last']).toBe(move);
    // The move is in the game as HTTP sees it.
    expect((await ben.request<View>('GET', `/api/games/${view.id}`)).body.moves).toEqual([move]);
    annStream.close();
    benStream.close();
  });

  it('refuses a command on a stale version with game/stale-version, changing nothing', async () => {
    const { ann, view } = await newGame(server, 'stale');
    const s = await StreamClient.open(server.url, ann.token);
    const move = view.legal[0]?.notation as string;
    s.send({ type: 'command', ref: 1, game: view.id, version: view.version, command: 'move', move });
    expect((await s.next((m) => m.ref === 1)).type).toBe('ack');
    // The same mail twice, as it were: the second names a version the game has left.
    s.send({ type: 'command', ref: 2, game: view.id, version: view.version, command: 'move', move });
    const refused = await s.next((m) => m.ref === 2);
    expect(refused.type).toBe('error');
    expect(errorCode(refused)).toBe('game/stale-version');
    expect((await ann.request<View>('GET', `/api/games/${view.id}`)).body.version).toBe(view.version + 1);
    s.close();
  });

  it('lets nobody act for another player: not a spectator, not the opponent, not a stranger', async () => {
    const { ben, view } = await newGame(server, 'seat');
    const stranger = await new Client(server.url).signUp('seatstranger');
    const move = view.legal[0]?.notation as string;
    const attempts: [StreamClient, string][] = [
      [await StreamClient.open(server.url), 'auth/required'],
      [await StreamClient.open(server.url, ben.token), 'game/not-your-turn'],
      [await StreamClient.open(server.url, stranger.token), 'game/not-a-player'],
    ];
    for (const [s, code] of attempts) {
      s.send({ type: 'command', ref: 'x', game: view.id, version: view.version, command: 'move', move });
      const e = await s.next((m) => m.ref === 'x');
      expect([e.type, errorCode(e)]).toEqual(['error', code]);
      s.close();
    }
    expect((await ben.request<View>('GET', `/api/games/${view.id}`)).body.version).toBe(view.version);
  });

  it('closes a connection whose token was logged out: no command goes through on it', async () => {
    const { ann, view } = await newGame(server, 'logout');
    const s = await StreamClient.open(server.url, ann.token);
    expect((await ann.request('POST', '/api/logout')).status).toBe(204);
    expect(await s.closedBy()).toBe(CLOSE_REVOKED);
    expect(s.closeReason).toMatch(/^auth\/revoked/);
    const move = view.legal[0]?.notation as string;
    s.send({ type: 'command', ref: 'late', game: view.id, version: view.version, command: 'move', move });
    const ben = await new Client(server.url).signUp('logoutwatch');
    expect((await ben.request<View>('GET', `/api/games/${view.id}`)).body.version).toBe(view.version);
  });

  it('answers resign and draw commands as the HTTP routes do', async () => {
    const { ann, ben, view } = await newGame(server, 'draw');
    const a = await StreamClient.open(server.url, ann.token);
    const b = await StreamClient.open(server.url, ben.token);
    a.send({ type: 'command', ref: 1, game: view.id, version: view.version, command: 'draw', action: 'offer' });
    const offered = await a.next((m) => m.ref === 1);
    expect(offered.type).toBe('ack');
    b.send({ type: 'command', ref: 2, game: view.id, version: offered['version'], command: 'draw', action: 'decline' });
    const declined = await b.next((m) => m.ref === 2);
    expect(declined.type).toBe('ack');
    b.send({ type: 'command', ref: 3, game: view.id, version: declined['version'], command: 'resign' });
    const resigned = await b.next((m) => m.ref === 3);
    expect(resigned).toMatchObject({ type: 'ack', status: 'finished', outcome: { kind: 'win', winner: 0 } });
    a.close();
    b.close();
  });

  it('refuses malformed commands with a code naming the field, and keeps the connection', async () => {
    const { ann, view } = await newGame(server, 'bad');
    const s = await StreamClient.open(server.url, ann.token);
    const base = { type: 'command', game: view.id, version: view.version };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...base, command: 'move' }, 'stream/bad-move', 'move'],
      [{ ...base, command: 'move', move: '' }, 'stream/bad-move', 'move'],
      [{ ...base, command: 'move', move: 'x'.repeat(201) }, 'stream/bad-move', 'move'],
      [{ ...base, command: 'move', move: { from: 'a1', evil: 'x' } }, 'stream/bad-move', 'move.evil'],
      [{ ...base, command: 'move', move: { from: 12 } }, 'stream/bad-move', 'move.from'],
      // Names every object has: not board input fields either.
      [{ ...base, command: 'move', move: { constructor: 'x' } }, 'stream/bad-move', 'move.constructor'],
      [{ ...base, command: 'move', move: { toString: 'x' } }, 'stream/bad-move', 'move.toString'],
      [{ ...base, command: 'move', move: JSON.parse('{"__proto__":"x"}') }, 'stream/bad-move', 'move.__proto__'],
      [{ ...base, command: 'orders', orders: [{ hasOwnProperty: 'x' }] }, 'stream/bad-move', 'orders.0.hasOwnProperty'],
      [{ ...base, command: 'orders', orders: [] }, 'stream/bad-orders', 'orders'],
      [{ ...base, command: 'draw', action: 'maybe' }, 'stream/bad-action', 'action'],
      [{ ...base, command: 'castle' }, 'stream/bad-command', 'command'],
      [{ ...base, command: 'resign', game: 'one' }, 'stream/bad-game', 'game'],
      [{ ...base, command: 'resign', version: 1.5 }, 'stream/bad-version', 'version'],
      [{ ...base, command: 'resign', ref: { deep: true } }, 'stream/bad-ref', 'ref'],
      [{ ...base, command: 'move', move: 'zz-99' }, 'move/bad-square', 'move'],
    ];
    for (const [i, [msg, code, field]] of cases.entries()) {
      s.send({ ref: i, ...msg });
      const e = await s.next((m) => m.type === 'error');
      expect([i, errorCode(e), (e['error'] as { field?: string }).field]).toEqual([i, code, field]);
    }
    expect((await ann.request<View>('GET', `/api/games/${view.id}`)).body.version).toBe(view.version);
    s.send({ type: 'ping' });
    expect((await s.next((m) => m.type === 'pong')).type).toBe('pong');
    s.close();
  });

  it('refuses an inherited name as a board field over HTTP too', async () => {
    const { ann, view } = await newGame(server, 'proto');
    for (const move of [{ constructor: 'x' }, { toString: 'x' }, JSON.parse('{"__proto__":"x"}')]) {
      const r = await ann.request<{ error: { code: string } }>('POST', `/api/games/${view.id}/move`, {
        version: view.version,
        move,
      });
      // (A body with `__proto__` is refused whole by the JSON parser: request/bad-body.)
      expect(r.status).toBe(400);
      expect(['request/invalid', 'request/bad-body']).toContain(r.body.error.code);
    }
    expect((await ann.request<View>('GET', `/api/games/${view.id}`)).body.version).toBe(view.version);
  });

  it('never loses a change committed while a subscription is being set up, nor sends an older view after it', async () => {
    const { ann, ben, view } = await newGame(server, 'race');
    const games = server.services.games;
    const load = games.load.bind(games);
    const annStream = await StreamClient.open(server.url, ann.token);
    let acked: Promise<StreamMessage> | undefined;
    // The subscription reads the game, and the move commits before the read's answer is used: the worst order.
    games.load = async (id, options) => {
      const before = await load(id, options);
      if (id === view.id && acked === undefined) {
        const move = view.legal[0]?.notation as string;
        annStream.send({ type: 'command', ref: 'r', game: view.id, version: view.version, command: 'move', move });
        acked = annStream.next((m) => m.ref === 'r');
        // The move is announced on the turn after its commit, before its acknowledgement reaches the client; one
        // turn more and the event has surely passed while the subscription's read still holds the old game.
        await acked;
        await new Promise((r) => setImmediate(r));
      }
      return before;
    };
    try {
      const benStream = await StreamClient.open(server.url, ben.token);
      benStream.send({ type: 'subscribe', game: view.id, detail: 'moves' });
      const first = await benStream.next((m) => m.type === 'move');
      expect(first['version']).toBe(view.version + 1);
      benStream.send({ type: 'ping' });
      await benStream.next((m) => m.type === 'pong');
      benStream.close();
    } finally {
      games.load = load;
      annStream.close();
    }
  });

  it('holds a player to the moves rate limit across their connections', async () => {
    const { ann, view } = await newGame(server, 'rate');
    const s1 = await StreamClient.open(server.url, ann.token);
    const s2 = await StreamClient.open(server.url, ann.token);
    // Stale commands cost nothing to the game but count like any other: the limit is 5 a second.
    for (let i = 0; i < 8; i++) {
      (i % 2 ? s2 : s1).send({ type: 'command', ref: i, game: view.id, version: 999, command: 'resign' });
    }
    // Answers may come in another order than the commands (a refusal by the limit is quicker): collect them all.
    const codes: string[] = [];
    for (const s of [s1, s2])
      for (let k = 0; k < 4; k++) codes.push(errorCode(await s.next((m) => m.type === 'error')));
    expect(codes.filter((c) => c === 'rate/limited').length).toBe(3);
    expect(codes.filter((c) => c === 'game/stale-version').length).toBe(5);
    s1.close();
    s2.close();
  });
});
