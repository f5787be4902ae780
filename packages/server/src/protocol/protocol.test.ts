/**
 * One wire protocol: a game command is judged the same on HTTP (the route's JSON Schema) and on the event stream
 * (its reader), both built from `protocol/`; the view the HTTP route sends (through its response schema) is the
 * stream's, field for field; the OpenAPI document describes it; and the module stays fit for a browser.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestServer, type TestServer } from '../testing/server.js';
import { StreamClient } from '../testing/stream-client.js';
import { COMMAND_LIMITS, gameViewSchema, type GameCommandName } from './index.js';

const { moveText, boardFields, orders: ordersLimit } = COMMAND_LIMITS;
const x = (n: number): string => 'x'.repeat(n);
const emoji = (n: number): string => '😀'.repeat(n);
/** An own field named `__proto__`, as `JSON.parse` makes it from a client's text. */
const protoField = JSON.parse('{"__proto__": "x"}') as Record<string, unknown>;

interface Case {
  readonly what: string;
  readonly command: GameCommandName;
  /** The command's fields besides `version` (given unless `version` is set here). */
  readonly fields: Record<string, unknown>;
  readonly valid: boolean;
}

const ok = (what: string, command: GameCommandName, fields: Record<string, unknown>): Case => ({
  what,
  command,
  fields,
  valid: true,
});
const no = (what: string, command: GameCommandName, fields: Record<string, unknown>): Case => ({
  what,
  command,
  fields,
  valid: false,
});

const boardFieldCases = Object.entries(boardFields).flatMap(([name, limit]) => [
  ok(`board field ${name} at its limit`, 'move', { move: { [name]: x(limit) } }),
  no(`board field ${name} over its limit`, 'move', { move: { [name]: x(limit + 1) } }),
  no(`board field ${name} not text`, 'move', { move: { [name]: 1 } }),
]);

const CASES: readonly Case[] = [
  ok('a move in notation', 'move', { move: '32-28' }),
  ok('move text at its limit', 'move', { move: x(moveText) }),
  no('move text over its limit', 'move', { move: x(moveText + 1) }),
  ok('move text of emoji at its limit (characters, not UTF-16 units)', 'move', { move: emoji(moveText) }),
  no('move text of emoji over its limit', 'move', { move: emoji(moveText + 1) }),
  no('an empty move', 'move', { move: '' }),
  no('a move that is a number', 'move', { move: 12 }),
  no('a move that is null', 'move', { move: null }),
  no('a move that is a list', 'move', { move: ['32-28'] }),
  no('no move', 'move', {}),
  ok('board squares', 'move', { move: { from: 'c3', to: 'd4' } }),
  ok('an empty board input', 'move', { move: {} }),
  ...boardFieldCases,
  no('an unknown board field', 'move', { move: { square: 'c3' } }),
  no('an inherited name as a board field: constructor', 'move', { move: { constructor: 'x' } }),
  no('an inherited name as a board field: toString', 'move', { move: { toString: 'x' } }),
  no('an inherited name as a board field: hasOwnProperty', 'move', { move: { hasOwnProperty: 'x' } }),
  no('a board field named __proto__', 'move', { move: protoField }),
  no('a field the command does not have', 'move', { move: '32-28', action: 'offer' }),
  no('an inherited name as a field: constructor', 'move', { move: '32-28', constructor: 'x' }),
  ok('orders', 'orders', { orders: ['a1', { from: 'c3' }] }),
  ok('orders at their limit', 'orders', { orders: Array.from({ length: ordersLimit }, () => 'w84') }),
  no('orders over their limit', 'orders', { orders: Array.from({ length: ordersLimit + 1 }, () => 'w84') }),
  no('no orders in the list', 'orders', { orders: [] }),
  no('orders that are not a list', 'orders', { orders: 'w84' }),
  no('an order over the move limit', 'orders', { orders: [x(moveText + 1)] }),
  no('an order with an inherited field name', 'orders', { orders: [{ constructor: 'x' }] }),
  no('no orders', 'orders', {}),
  ok('withdraw', 'withdraw', {}),
  no('withdraw with a move', 'withdraw', { move: 'a' }),
  ok('resign', 'resign', {}),
  no('resign with an action', 'resign', { action: 'offer' }),
  ok('draw offer', 'draw', { action: 'offer' }),
  ok('draw accept', 'draw', { action: 'accept' }),
  ok('draw decline', 'draw', { action: 'decline' }),
  no('a takeback action on draw', 'draw', { action: 'request' }),
  no('no draw action', 'draw', {}),
  no('a draw action that is a number', 'draw', { action: 1 }),
  no('an inherited name as a draw action', 'draw', { action: 'constructor' }),
  ok('takeback request', 'takeback', { action: 'request' }),
  ok('takeback accept', 'takeback', { action: 'accept' }),
  no('a draw action on takeback', 'takeback', { action: 'offer' }),
  ok('version 1', 'resign', { version: 1 }),
  ok('the largest safe version', 'resign', { version: Number.MAX_SAFE_INTEGER }),
  no('version 0', 'resign', { version: 0 }),
  no('a negative version', 'resign', { version: -3 }),
  no('a fractional version', 'resign', { version: 1.5 }),
  no('a version as text', 'resign', { version: '1' }),
  no('a version past safe integers', 'resign', { version: 2 ** 60 }),
  no('a null version', 'resign', { version: null }),
  no('no version', 'resign', { version: undefined }),
];

type Verdict = { readonly refused: true } | { readonly refused: false; readonly code: string | null };

describe('one wire protocol', () => {
  let server: TestServer;
  let stranger: Client;
  let stream: StreamClient;
  let gameId: number;
  let version: number;
  let ann: Client;
  let ben: Client;

  beforeAll(async () => {
    server = await startTestServer('sqlite', {
      rateLimits: { auth: 10_000, moves: 10_000, challenges: 10_000, chat: 10_000, imports: 10_000 },
      stream: { userMessages: { perSecond: 10_000, burst: 10_000 } },
    });
    ann = await new Client(server.url).signUp('protoann');
    ben = await new Client(server.url).signUp('protoben');
    const ch = await ann.request<{ id: number }>('POST', '/api/challenges', {
      family: 'draughts',
      opponent: ben.name,
      seat: '0',
    });
    const accepted = await ben.request<{ game: { id: number; version: number } }>(
      'POST',
      `/api/challenges/${ch.body.id}/accept`,
    );
    gameId = accepted.body.game.id;
    version = accepted.body.game.version;
    // Nobody acts for another player: a command that passes the checks is refused by the game, never applied.
    stranger = await new Client(server.url).signUp('protostranger');
    stream = await StreamClient.open(server.url, stranger.token);
  }, 60_000);
  afterAll(async () => {
    stream?.close();
    await server?.close();
  });

  const bodyOf = (c: Case): Record<string, unknown> => ({ version, ...c.fields });

  async function overHttp(c: Case): Promise<Verdict> {
    const r = await stranger.request<{ error?: { code: string } }>(
      'POST',
      `/api/games/${gameId}/${c.command}`,
      bodyOf(c),
    );
    const code = r.body.error?.code ?? null;
    if (r.status === 400 && code?.startsWith('request/')) return { refused: true };
    return { refused: false, code };
  }

  let ref = 0;
  async function overStream(c: Case): Promise<Verdict> {
    const mine = ++ref;
    stream.send({ type: 'command', ref: mine, game: gameId, command: c.command, ...bodyOf(c) });
    const answer = await stream.next((m) => m['ref'] === mine);
    const code = answer.type === 'ack' ? null : (answer['error'] as { code: string }).code;
    if (code?.startsWith('stream/')) return { refused: true };
    return { refused: false, code };
  }

  it.each(CASES.map((c) => [c.what, c] as const))(
    'judges a command the same on HTTP and the stream: %s',
    async (_, c) => {
      const http = await overHttp(c);
      const streamed = await overStream(c);
      expect(http.refused).toBe(!c.valid);
      expect(streamed).toEqual(http);
    },
  );

  it('changed nothing: every command above was judged, none applied', async () => {
    const view = await ann.request<{ version: number; moves: string[] }>('GET', `/api/games/${gameId}`);
    expect(view.body).toMatchObject({ version, moves: [] });
  });

  it('sends the same view over HTTP (through its response schema) as on the stream, no field dropped', async () => {
    for (const family of ['draughts', 'tactorus'] as const) {
      // Two people, no computer: nothing changes the game between the two reads.
      const ch = await ann.request<{ id: number }>('POST', '/api/challenges', {
        family,
        opponent: ben.name,
        seat: '0',
      });
      const accepted = await ben.request<{ game: { id: number } }>('POST', `/api/challenges/${ch.body.id}/accept`);
      const id = accepted.body.game.id;
      const s = await StreamClient.open(server.url, ann.token);
      s.send({ type: 'subscribe', game: id });
      const streamed = await s.next((m) => m.type === 'game');
      s.close();
      const http = await ann.request('GET', `/api/games/${id}`);
      // The deadline is computed at each read; everything else is the same view.
      const { deadline: _a, ...fromHttp } = http.body;
      const { deadline: _b, ...fromStream } = streamed['view'] as Record<string, unknown>;
      expect(fromHttp).toEqual(fromStream);
      expect(Object.keys(http.body).sort()).toEqual(Object.keys(gameViewSchema.properties).sort());
    }
  });

  it("describes GET /api/games/:id's reply in the OpenAPI document with the view's fields", async () => {
    const doc = await new Client(server.url).request<{
      paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, unknown> }> }>>;
    }>('GET', '/api/openapi.json');
    const reply = doc.body.paths['/api/games/{id}']?.['get']?.responses['200'];
    const schema = reply?.content['application/json'] as { schema: { properties: Record<string, unknown> } };
    expect(Object.keys(schema.schema.properties).sort()).toEqual(Object.keys(gameViewSchema.properties).sort());
    expect(schema.schema.properties['board']).toMatchObject({ type: 'object', additionalProperties: true });
  });
});

describe('the protocol module', () => {
  it('is fit for a browser: no Node module and no server code, only types from the game packages', () => {
    const dir = dirname(fileURLToPath(import.meta.url));
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const source = readFileSync(join(dir, file), 'utf8');
      for (const [, what, from] of source.matchAll(/^(?:import|export)(.*?)from '([^']+)';/gms)) {
        const inModule = from?.startsWith('./') === true;
        const typeOnly = /^\s*type\s/.test(what ?? '');
        expect(inModule || typeOnly, `${file}: ${from}`).toBe(true);
      }
    }
  });
});
