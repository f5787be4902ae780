/**
 * Games for the tests of stored games (move logs, summaries): a game between two new players by challenge, a
 * player's view of it, and the same server started again on its data with the same users signed in.
 */
import type { Player } from '@tactica/core';
import { Client, startTestServer, type TestServer } from './server.js';

/** The fields of a game view these tests read. */
export interface GameView {
  id: number;
  version: number;
  status: string;
  toAct: Player[];
  moves: string[];
  rounds: unknown[];
  legal: { notation: string; action: string }[];
}

/** The fields of a game in a listing (the lobby, a profile) these tests read. */
export interface GameListing {
  id: number;
  status?: string;
  plies: number;
  lastMove: string | null;
  toAct: Player[];
}

/** The same server started again on its data: nothing cached, and any migration not recorded runs. */
export async function restartTestServer(server: TestServer): Promise<TestServer> {
  await server.stop();
  return startTestServer(server.databaseUrl ? 'postgres' : 'sqlite', {
    dataDir: server.dataDir,
    ...(server.databaseUrl ? { databaseUrl: server.databaseUrl } : {}),
  });
}

/** The same user's client on a restarted server. */
export function clientOn(c: Client, server: TestServer): Client {
  const again = new Client(server.url);
  again.token = c.token;
  again.name = c.name;
  return again;
}

/** A game between two new players by challenge; the first player (seat 0) is `a`. */
export async function challengeGame(
  server: TestServer,
  prefix: string,
  family: string,
): Promise<{ a: Client; b: Client; id: number }> {
  const a = await new Client(server.url).signUp(`${prefix}a`);
  const b = await new Client(server.url).signUp(`${prefix}b`);
  const ch = await a.request<{ id: number }>('POST', '/api/challenges', { family, opponent: b.name, seat: '0' });
  if (ch.status !== 201) throw new Error(JSON.stringify(ch.body));
  const game = (await b.request<{ game: GameView }>('POST', `/api/challenges/${ch.body.id}/accept`)).body.game;
  return { a, b, id: game.id };
}

/** The game as `c` sees it. */
export async function gameView(c: Client, id: number): Promise<GameView> {
  return (await c.request<GameView>('GET', `/api/games/${id}`)).body;
}
