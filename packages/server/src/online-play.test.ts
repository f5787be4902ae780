/**
 * Online play as a modern site does it, over HTTP on loopback on a real SQLite file: the view names the squares of
 * the last move (the board highlights them online as offline); a game's leaderboard names its players; a player's
 * history names each game's opponent and the result's reason; who is online is the players with the stream open.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, eventually, startTestServer, type TestServer } from './testing/server.js';
import { StreamClient } from './testing/stream-client.js';

interface View {
  id: number;
  version: number;
  legal: { notation: string; from?: string; to?: string }[];
  lastMove: { from?: string; to?: string } | null;
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer('sqlite');
}, 60_000);
afterAll(async () => {
  await server?.close();
});

/** A game of draughts between two new players, `first` playing White. */
async function gameBetween(first: Client, second: Client, rated = false): Promise<number> {
  const ch = await first.request<{ id: number }>('POST', '/api/challenges', {
    family: 'draughts',
    options: { variant: 'russian' },
    opponent: second.name,
    seat: '0',
    rated,
  });
  const accepted = await second.request<{ game: View }>('POST', `/api/challenges/${ch.body.id}/accept`);
  return accepted.body.game.id;
}

describe('online play as a modern site does it', () => {
  it('the view names the squares of the last move, for every viewer, none before the first move', async () => {
    const ann = await new Client(server.url).signUp('lastann');
    const ben = await new Client(server.url).signUp('lastben');
    const id = await gameBetween(ann, ben);
    let v = (await ann.request<View>('GET', `/api/games/${id}`)).body;
    expect(v.lastMove).toBeNull();
    const move = v.legal.find((i) => i.from !== undefined && i.to !== undefined) as View['legal'][number];
    expect(
      (await ann.request('POST', `/api/games/${id}/move`, { version: v.version, move: move.notation })).status,
    ).toBe(200);
    v = (await ben.request<View>('GET', `/api/games/${id}`)).body;
    expect(v.lastMove).toMatchObject({ from: move.from, to: move.to });
    const watcher = (await new Client(server.url).request<View>('GET', `/api/games/${id}`)).body;
    expect(watcher.lastMove).toMatchObject({ from: move.from, to: move.to });
  });

  it("a game's leaderboard lists the rated players best first with their names; its route is in the OpenAPI", async () => {
    const ann = await new Client(server.url).signUp('boardann');
    const ben = await new Client(server.url).signUp('boardben');
    const id = await gameBetween(ann, ben, true);
    const v = (await ben.request<View>('GET', `/api/games/${id}`)).body;
    expect((await ben.request('POST', `/api/games/${id}/resign`, { version: v.version })).status).toBe(200);
    const board = await new Client(server.url).request<
      { rank: number; name: string; rating: number; deviation: number; games: number }[]
    >('GET', '/api/ratings/draughts');
    expect(board.status).toBe(200);
    expect(board.body.map((r) => [r.rank, r.name, r.games])).toEqual([
      [1, 'boardann', 1],
      [2, 'boardben', 1],
    ]);
    expect(board.body[0]?.rating).toBeGreaterThan(board.body[1]?.rating ?? Infinity);
    const limited = await new Client(server.url).request<unknown[]>('GET', '/api/ratings/draughts?limit=1');
    expect(limited.body).toHaveLength(1);
    expect((await new Client(server.url).request<unknown[]>('GET', '/api/ratings/tactics')).body).toEqual([]);
    const unknown = await new Client(server.url).request<{ error: { code: string } }>('GET', '/api/ratings/chess');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('not-found');
    const tooMany = await new Client(server.url).request('GET', '/api/ratings/draughts?limit=100000');
    expect(tooMany.status).toBe(400);
    const doc = await new Client(server.url).request<{ paths: Record<string, unknown> }>('GET', '/api/openapi.json');
    expect(Object.keys(doc.body.paths)).toContain('/api/ratings/{family}');
  });

  it("a player's history names each game's opponent and how it ended", async () => {
    const ann = await new Client(server.url).signUp('histann');
    const ben = await new Client(server.url).signUp('histben');
    const id = await gameBetween(ann, ben);
    const v = (await ann.request<View>('GET', `/api/games/${id}`)).body;
    expect((await ann.request('POST', `/api/games/${id}/resign`, { version: v.version })).status).toBe(200);
    const history = await new Client(server.url).request<
      { id: number; seat: number; opponent: { name: string | null }; result: { winner: number; reason: string } }[]
    >('GET', '/api/games?user=histann');
    expect(history.body.find((g) => g.id === id)).toMatchObject({
      seat: 0,
      opponent: { name: 'histben' },
      result: { kind: 'win', winner: 1, reason: 'resigned' },
    });
  });

  it('who is online: the signed-in players with the stream open, each once, gone when they close it', async () => {
    const ann = await new Client(server.url).signUp('onlineann');
    const ben = await new Client(server.url).signUp('onlineben');
    const online = async () =>
      (await new Client(server.url).request<{ count: number; players: string[] }>('GET', '/api/online')).body;
    const streams = [
      await StreamClient.open(server.url, ann.token),
      await StreamClient.open(server.url, ann.token),
      await StreamClient.open(server.url, ben.token),
      // An anonymous watcher is not a player online.
      await StreamClient.open(server.url),
    ];
    try {
      await Promise.all(streams.map((s) => s.next((m) => m.type === 'hello')));
      const now = await online();
      expect(now.players.filter((n) => n.startsWith('online'))).toEqual(['onlineann', 'onlineben']);
      expect(now.count).toBe(now.players.length);
      streams[2]?.close();
      await eventually(async () => ((await online()).players.includes('onlineben') ? undefined : true));
      expect((await online()).players).toContain('onlineann');
    } finally {
      for (const s of streams) s.close();
    }
    const doc = await new Client(server.url).request<{ paths: Record<string, unknown> }>('GET', '/api/openapi.json');
    expect(Object.keys(doc.body.paths)).toContain('/api/online');
  });
});
