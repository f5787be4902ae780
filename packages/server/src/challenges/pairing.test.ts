/**
 * Quick pairing and engine help by agreement (issue 39) on a real server over SQLite and PostgreSQL: two players
 * asking for the same game and clock are paired into one game and the one who waited is told on the stream; another
 * clock is not paired; a request is cancelled, replaced by the next, and leaves the queue when its player's stream
 * closes (and when the server stops); nobody pairs with themself; of several waiting, the closest rating is chosen;
 * the queue is bounded. A challenge may allow engine help in a casual game only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, DB_KINDS, eventually, startTestServer, stopTestPostgres, type TestServer } from '../testing/server.js';
import { StreamClient } from '../testing/stream-client.js';

afterAll(async () => {
  await stopTestPostgres();
});

interface Challenge {
  id: number;
  challenger: string;
  status: string;
  pairing: boolean;
  engineHelp: boolean;
}
interface View {
  id: number;
  rated: boolean;
  engineHelp: boolean;
  players: { name: string | null }[];
  control: { kind: string };
}
interface Paired {
  status: 'paired' | 'waiting';
  challenge: Challenge;
  game?: View;
}

const BLITZ = { kind: 'live', mode: 'game', limit: 'blitz', increment: 0 };
const NORMAL = { kind: 'live', mode: 'game', limit: 'normal', increment: 0 };
const RUSSIAN = { family: 'draughts', options: { variant: 'russian' } };

describe.each(DB_KINDS)('quick pairing on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { pairingWaitingLimit: 3 });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  const player = (name: string): Promise<Client> => new Client(server.url).signUp(`${kind.slice(0, 2)}${name}`);
  const pair = (c: Client, body: Record<string, unknown>) => c.request<Paired>('POST', '/api/pairing', body);
  const waitingOf = async (c: Client): Promise<Challenge | null> =>
    (await c.request<{ waiting: Challenge | null }>('GET', '/api/pairing')).body.waiting;

  it('pairs two players asking for the same game and clock into one game; the one who waited is told', async () => {
    const ann = await player('pairann');
    const ben = await player('pairben');
    const annStream = await StreamClient.open(server.url, ann.token);
    await annStream.next((m) => m.type === 'hello');
    const first = await pair(ann, { ...RUSSIAN, control: BLITZ, rated: true });
    expect(first.status).toBe(200);
    expect(first.body.status).toBe('waiting');
    expect(first.body.challenge).toMatchObject({ challenger: ann.name, pairing: true, status: 'open' });
    expect((await waitingOf(ann))?.id).toBe(first.body.challenge.id);
    // The request is a seek like any other: the lobby shows it.
    const seeks = (await ben.request<Challenge[]>('GET', '/api/challenges')).body;
    expect(seeks.some((c) => c.id === first.body.challenge.id && c.pairing)).toBe(true);

    // Ben asks for the same, its fields in another order: paired at once.
    const second = await pair(ben, {
      rated: true,
      control: { increment: 0, limit: 'blitz', kind: 'live' },
      ...RUSSIAN,
    });
    expect(second.body.status).toBe('paired');
    const game = second.body.game as View;
    expect(game).toMatchObject({ rated: true, engineHelp: false, control: { kind: 'live' } });
    expect(game.players.map((p) => p.name).sort()).toEqual([ann.name, ben.name].sort());
    const started = await annStream.next((m) => m.type === 'started');
    expect(started['game']).toBe(game.id);
    expect(await waitingOf(ann)).toBeNull();
    expect(await waitingOf(ben)).toBeNull();
    annStream.close();
  });

  it('pairs two players asking at the same moment with each other, never leaving both waiting', async () => {
    for (let round = 0; round < 5; round++) {
      const pair2 = [await player(`race${round}p`), await player(`race${round}q`)];
      const answers = await Promise.all(pair2.map((c) => pair(c, { ...RUSSIAN, control: NORMAL })));
      expect(answers.map((a) => a.body.status).sort()).toEqual(['paired', 'waiting']);
      for (const c of pair2) expect(await waitingOf(c)).toBeNull();
    }
  });

  it('of several players waiting, pairs with the one whose rating is closest, not the oldest', async () => {
    // Ann wins a rated game against Ben: her rating is well above a new player's.
    const [ann, ben] = [await player('rateann'), await player('rateben')];
    const ch = await ann.request<{ id: number }>('POST', '/api/challenges', {
      ...RUSSIAN,
      opponent: ben.name,
      rated: true,
    });
    const { game } = (
      await ben.request<{ game: { id: number; version: number } }>('POST', `/api/challenges/${ch.body.id}/accept`)
    ).body;
    await ben.request('POST', `/api/games/${game.id}/resign`, { version: game.version });
    const [cat, dan] = [await player('ratecat'), await player('ratedan')];
    // Ann's seek first, then Cat's, from the lobby's form (two quick-pairing requests would pair each other).
    const seek = (c: Client) =>
      c.request<Challenge>('POST', '/api/challenges', { ...RUSSIAN, control: BLITZ, rated: true });
    const annSeek = (await seek(ann)).body;
    await seek(cat);
    const paired = await pair(dan, { ...RUSSIAN, control: BLITZ, rated: true });
    expect(paired.body.game?.players.map((p) => p.name).sort()).toEqual([cat.name, dan.name].sort());
    await ann.request('POST', `/api/challenges/${annSeek.id}/cancel`);
  });

  it('does not pair another clock, another rule set, or rated with casual; each waits', async () => {
    const cat = await player('clockcat');
    const dan = await player('clockdan');
    const eve = await player('clockeve');
    const fay = await player('clockfay');
    expect((await pair(cat, { ...RUSSIAN, control: BLITZ, rated: true })).body.status).toBe('waiting');
    expect((await pair(dan, { ...RUSSIAN, control: NORMAL, rated: true })).body.status).toBe('waiting');
    expect((await pair(eve, { ...RUSSIAN, control: BLITZ, rated: false })).body.status).toBe('waiting');
    // The queue holds three at most here (`pairingWaitingLimit`): a fourth request is refused with its code.
    const full = await pair(fay, { family: 'draughts', options: { variant: 'international' }, control: BLITZ });
    expect(full.status).toBe(503);
    expect((full.body as unknown as { error: { code: string } }).error.code).toBe('pairing/full');
    for (const c of [cat, dan, eve]) {
      expect((await c.request<{ cancelled: number }>('POST', '/api/pairing/cancel')).body.cancelled).toBe(1);
    }
  });

  it('cancels a request; a new one replaces the waiting one; the same one again is kept', async () => {
    const gus = await player('cancelgus');
    const hal = await player('cancelhal');
    const first = await pair(gus, { ...RUSSIAN, control: BLITZ });
    expect((await pair(gus, { ...RUSSIAN, control: BLITZ })).body.challenge.id).toBe(first.body.challenge.id);
    const other = await pair(gus, { ...RUSSIAN, control: NORMAL });
    expect(other.body.status).toBe('waiting');
    expect((await waitingOf(gus))?.id).toBe(other.body.challenge.id);
    const open = (await gus.request<Challenge[]>('GET', '/api/challenges')).body.map((c) => c.id);
    expect(open).not.toContain(first.body.challenge.id);
    expect((await gus.request<{ cancelled: number }>('POST', '/api/pairing/cancel')).body.cancelled).toBe(1);
    expect(await waitingOf(gus)).toBeNull();
    expect((await gus.request<{ cancelled: number }>('POST', '/api/pairing/cancel')).body.cancelled).toBe(0);
    // Cancelled: Hal asking for the same waits instead of being paired.
    expect((await pair(hal, { ...RUSSIAN, control: NORMAL })).body.status).toBe('waiting');
    await hal.request('POST', '/api/pairing/cancel');
  });

  it('a player cannot pair with themself: their second request waits as the one request', async () => {
    const ivy = await player('selfivy');
    const first = await pair(ivy, { ...RUSSIAN, control: BLITZ });
    // A seek of their own from the lobby's form for the same game is no partner either.
    const seek = await ivy.request<Challenge>('POST', '/api/challenges', { ...RUSSIAN, control: BLITZ });
    expect(seek.status).toBe(201);
    const again = await pair(ivy, { ...RUSSIAN, control: BLITZ });
    expect(again.body).toMatchObject({ status: 'waiting', challenge: { id: first.body.challenge.id } });
    await ivy.request('POST', '/api/pairing/cancel');
    await ivy.request('POST', `/api/challenges/${seek.body.id}/cancel`);
  });

  it('pairs with a seek posted from the lobby form for the same game and clock', async () => {
    const jay = await player('formjay');
    const kit = await player('formkit');
    const seek = await jay.request<Challenge>('POST', '/api/challenges', { ...RUSSIAN, control: NORMAL, seat: '0' });
    const paired = await pair(kit, { ...RUSSIAN, control: NORMAL });
    expect(paired.body.status).toBe('paired');
    expect(paired.body.challenge.id).toBe(seek.body.id);
    expect(paired.body.game?.players.map((p) => p.name)).toEqual([jay.name, kit.name]);
  });

  it("a request leaves the queue when its player's last stream connection closes", async () => {
    const lou = await player('gonelou');
    const one = await StreamClient.open(server.url, lou.token);
    const two = await StreamClient.open(server.url, lou.token);
    await Promise.all([one.next((m) => m.type === 'hello'), two.next((m) => m.type === 'hello')]);
    await pair(lou, { ...RUSSIAN, control: BLITZ });
    one.close();
    // Another page of theirs is still open: the request stays.
    two.send({ type: 'ping' });
    await two.next((m) => m.type === 'pong');
    expect(await waitingOf(lou)).not.toBeNull();
    two.close();
    await eventually(async () => ((await waitingOf(lou)) === null ? true : undefined));
  });

  it('refuses a request without a log-in, for an unknown game, or with a bad clock, with codes', async () => {
    const anonymous = await new Client(server.url).request<{ error: { code: string } }>(
      'POST',
      '/api/pairing',
      RUSSIAN,
    );
    expect(anonymous.status).toBe(401);
    const max = await player('badmax');
    const unknown = await pair(max, { family: 'chess' });
    expect(unknown.status).toBe(400);
    const badClock = await pair(max, { ...RUSSIAN, control: { kind: 'live', limit: 'forever' } });
    expect((badClock.body as unknown as { error: { code: string } }).error.code).toBe('control/bad-value');
  });
});

describe.each(DB_KINDS)('engine help by agreement on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  const player = (name: string): Promise<Client> => new Client(server.url).signUp(`${kind.slice(0, 2)}${name}`);

  it('is refused in a rated challenge with its code', async () => {
    const ann = await player('helpann');
    const refused = await ann.request<{ error: { code: string; field: string } }>('POST', '/api/challenges', {
      ...RUSSIAN,
      rated: true,
      engineHelp: true,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'challenge/engine-help-rated', field: 'engineHelp' });
  });

  it('a casual challenge allowing it shows so to the accepter and makes a game with help; without it, none', async () => {
    const cat = await player('helpcat');
    const dan = await player('helpdan');
    for (const engineHelp of [true, false]) {
      const ch = await cat.request<Challenge>('POST', '/api/challenges', {
        family: 'tactorus',
        opponent: dan.name,
        engineHelp,
      });
      expect(ch.status).toBe(201);
      const offered = (await dan.request<Challenge[]>('GET', '/api/challenges')).body.find((c) => c.id === ch.body.id);
      expect(offered?.engineHelp).toBe(engineHelp);
      const { body } = await dan.request<{ game: View }>('POST', `/api/challenges/${ch.body.id}/accept`);
      expect(body.game).toMatchObject({ rated: false, engineHelp });
      // Stored with the game: every reader of it is told, a spectator too.
      const watched = await new Client(server.url).request<View>('GET', `/api/games/${body.game.id}`);
      expect(watched.body.engineHelp).toBe(engineHelp);
    }
  });

  it('a seek allowing engine help is no partner for quick pairing (its accepter must choose it)', async () => {
    const eve = await player('helpeve');
    const fay = await player('helpfay');
    await eve.request('POST', '/api/challenges', { ...RUSSIAN, control: NORMAL, engineHelp: true });
    const paired = await fay.request<Paired>('POST', '/api/pairing', { ...RUSSIAN, control: NORMAL });
    expect(paired.body.status).toBe('waiting');
    await fay.request('POST', '/api/pairing/cancel');
  });
});

describe('quick pairing across a restart', () => {
  it('a request whose page was connected leaves the queue when the server stops; one from a program stays', async () => {
    let server = await startTestServer('sqlite');
    try {
      const [paged, program] = [
        await new Client(server.url).signUp('pagedann'),
        await new Client(server.url).signUp('progben'),
      ];
      const stream = await StreamClient.open(server.url, paged.token);
      await stream.next((m) => m.type === 'hello');
      await paged.request('POST', '/api/pairing', { ...RUSSIAN, control: BLITZ });
      await program.request('POST', '/api/pairing', { ...RUSSIAN, control: NORMAL });
      await server.stop();
      server = await startTestServer('sqlite', { dataDir: server.dataDir });
      const again = (c: Client): Client => Object.assign(new Client(server.url), { token: c.token, name: c.name });
      const waiting = async (c: Client) =>
        (await again(c).request<{ waiting: Challenge | null }>('GET', '/api/pairing')).body.waiting;
      expect(await waiting(paged)).toBeNull();
      expect(await waiting(program)).not.toBeNull();
    } finally {
      await server.close();
    }
  });
});
