/**
 * Online play as a modern site does it, over HTTP on loopback on a real SQLite file: the view names the squares of
 * the last move (the board highlights them online as offline).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestServer, type TestServer } from './testing/server.js';

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
});
