/**
 * The event stream: players and spectators hear every move as it is committed, rendered for them; the lobby hears
 * seeks; a malformed message gets an error and the connection stays.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestServer, type TestServer } from '../testing/server.js';
import { StreamClient, type StreamMessage } from '../testing/stream-client.js';

interface View {
  id: number;
  version: number;
  viewer: number | null;
  moves: string[];
  legal: { notation: string }[];
}

describe('the event stream', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('tells players and spectators of each move, each with their own view', async () => {
    const ann = await new Client(server.url).signUp('streamann');
    const ben = await new Client(server.url).signUp('streamben');
    const ch = await ann.request<{ id: number }>('POST', '/api/challenges', {
      family: 'draughts',
      options: { variant: 'international' },
      opponent: 'streamben',
      seat: '0',
    });
    const { body } = await ben.request<{ game: View }>('POST', `/api/challenges/${ch.body.id}/accept`);
    const id = body.game.id;
    const benStream = await StreamClient.open(server.url, ben.token);
    const spectator = await StreamClient.open(server.url);
    benStream.send({ type: 'subscribe', game: id });
    spectator.send({ type: 'subscribe', game: id, detail: 'moves' });
    await benStream.next((m) => m.type === 'game');
    await spectator.next((m) => m.type === 'move');
    const v = (await ann.request<View>('GET', `/api/games/${id}`)).body;
    const move = v.legal[0]?.notation as string;
    expect((await ann.request('POST', `/api/games/${id}/move`, { version: v.version, move })).status).toBe(200);
    const seen = await benStream.next((m) => m.type === 'game' && (m['view'] as View).version === v.version + 1);
    const view = seen['view'] as View;
    expect(view.viewer).toBe(1);
    expect(view.moves).toEqual([move]);
    expect(view.legal.length).toBeGreaterThan(0);
    const brief = await spectator.next((m: StreamMessage) => m.type === 'move' && m['version'] === v.version + 1);
    expect(brief['last']).toBe(move);
    // Chat reaches everyone watching.
    await ann.request('POST', `/api/games/${id}/chat`, { text: 'good luck' });
    const chat = await spectator.next((m) => m.type === 'chat');
    expect(chat['message']).toMatchObject({ from: 'streamann', text: 'good luck' });
    benStream.close();
    spectator.close();
  });

  it('shows the lobby its seeks as they come', async () => {
    const ann = await new Client(server.url).signUp('lobbyann');
    const lobby = await StreamClient.open(server.url);
    lobby.send({ type: 'lobby', on: true });
    await lobby.next((m) => m.type === 'lobby');
    const seek = await ann.request<{ id: number }>('POST', '/api/challenges', { family: 'draughts' });
    const update = await lobby.next(
      (m) => m.type === 'lobby' && (m['seeks'] as { id: number }[]).some((s) => s.id === seek.body.id),
    );
    expect(update['seeks']).toBeDefined();
    lobby.close();
  });

  it('tells the challenger at once, on each connection of theirs, that their challenge was accepted', async () => {
    const ann = await new Client(server.url).signUp('startann');
    const ben = await new Client(server.url).signUp('startben');
    // Two pages of the challenger's, one in the lobby and one not; a third user who must hear nothing of it.
    const inLobby = await StreamClient.open(server.url, ann.token);
    inLobby.send({ type: 'lobby', on: true });
    await inLobby.next((m) => m.type === 'lobby');
    const elsewhere = await StreamClient.open(server.url, ann.token);
    const bystander = await StreamClient.open(server.url, ben.token);
    const seek = await ann.request<{ id: number }>('POST', '/api/challenges', {
      family: 'draughts',
      control: { kind: 'live', mode: 'game', limit: 'blitz' },
    });
    const { body } = await ben.request<{ game: { id: number } }>('POST', `/api/challenges/${seek.body.id}/accept`);
    for (const s of [inLobby, elsewhere]) {
      expect(await s.next((m) => m.type === 'started')).toEqual({ type: 'started', game: body.game.id });
    }
    // The accepter opened the game themselves: nothing is sent to them, nor to anyone else.
    bystander.send({ type: 'ping' });
    await bystander.next((m) => m.type === 'pong');
    expect(bystander.history.filter((m) => m.type === 'started')).toEqual([]);
    for (const s of [inLobby, elsewhere, bystander]) s.close();
  });

  it('answers malformed messages with a coded error and keeps the connection', async () => {
    const s = await StreamClient.open(server.url);
    for (const bad of [
      'not json',
      '[]',
      '{"type":"subscribe","game":"x"}',
      '{"type":"fly"}',
      '{"type":"subscribe","game":999999}',
    ]) {
      s.send(bad);
      const e = await s.next((m) => m.type === 'error');
      expect((e['error'] as { code: string }).code).toMatch(/^[a-z-]+\/[a-z-]+$|^not-found$/);
    }
    s.send({ type: 'ping' });
    expect((await s.next((m) => m.type === 'pong')).type).toBe('pong');
    s.close();
  });
});
