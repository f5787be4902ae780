/**
 * `<game> tournament …` through the gateway (`POST /pbm`, the same handling as a mail's Subject): the list, a
 * tournament's standings and round, joining and leaving with the userid and password, and the refusals; and over
 * real SMTP on loopback, the standings mailed to every player with an address after each round and at the end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestServer, type TestServer } from '../testing/server.js';
import { confirmByReply, MailSender, MailSink, type SinkMail } from './testing.js';

interface Reply {
  ok: boolean;
  code?: string;
  subject: string;
  text: string;
}

describe('tournaments by mail', () => {
  let server: TestServer;
  let ann: Client;
  beforeAll(async () => {
    server = await startTestServer('sqlite', { tournaments: { pollMs: 50 } });
    ann = await new Client(server.url).signUp('ann', 'ann-password');
    await new Client(server.url).signUp('bob', 'bob-password');
  }, 60_000);
  afterAll(() => server?.close());

  const pbm = async (subject: string): Promise<Reply> =>
    (await new Client(server.url).request<Reply>('POST', '/pbm', { subject })).body;

  it('lists the tournaments of a game, joins and leaves with the password, and shows the standings', async () => {
    const made = await ann.request<{ id: number }>('POST', '/api/tournaments', {
      name: 'Mail Swiss',
      kind: 'swiss',
      family: 'draughts',
      control: { kind: 'correspondence', daysPerMove: 5 },
    });
    const id = made.body.id;
    const list = await pbm('draughts tournament list');
    expect(list.ok).toBe(true);
    expect(list.text).toMatch(new RegExp(`${id}\\s+Mail Swiss\\s+\\(swiss, open, 0/`));
    expect((await pbm('tactics tournament list')).text).not.toMatch(/Mail Swiss/);
    const joined = await pbm(`draughts tournament join ${id} bob bob-password`);
    expect(joined).toMatchObject({ ok: true, subject: `Draughts Tournament ${id}` });
    expect(joined.text).toMatch(/You are in\./);
    expect(joined.text).toMatch(/1\. bob/);
    expect((await pbm(`draughts tournament join ${id} bob bob-password`)).code).toBe('tournament/already-in');
    expect((await pbm(`draughts tournament join ${id} bob wrong`)).ok).toBe(false);
    expect((await pbm(`draughts tournament join ${id}`)).code).toBe('pbm/missing-credentials');
    await pbm(`draughts tournament join ${id} ann ann-password`);
    expect((await ann.request('POST', `/api/tournaments/${id}/start`)).status).toBe(200);
    const shown = await pbm(`draughts tournament show ${id}`);
    expect(shown.text).toMatch(/running; round 1 of 1/);
    expect(shown.text).toMatch(/Round 1:\n {2}\w+ vs \w+: playing {2}\(board \d+\)/);
    const left = await pbm(`draughts tournament leave ${id} bob bob-password`);
    expect(left.text).toMatch(/You have withdrawn\./);
    expect(left.text).toMatch(/bob .*\(withdrawn\)/);
    expect((await pbm('draughts tournament show x')).code).toBe('pbm/bad-tournament');
    expect((await pbm('draughts tournament dance')).code).toBe('pbm/bad-tournament');
  });
});

describe('tournament standings by mail', () => {
  let sink: MailSink;
  let server: TestServer;
  let sender: MailSender;
  const GW = 'pbm@pbm.example';
  const addr = (name: string): string => `${name}@example.org`;

  beforeAll(async () => {
    sink = await MailSink.start();
    server = await startTestServer('sqlite', {
      tournaments: { pollMs: 50 },
      pbm: { smtpPort: 0, relay: sink.url, domain: 'pbm.example' },
    });
    sender = new MailSender(server.pbm.smtp?.port ?? 0);
    for (const name of ['ann', 'bob', 'cat']) {
      await sender.send({ from: addr(name), to: GW, subject: `signup ${name} ${name}-password` });
      const welcome = await sink.to(addr(name), `the welcome of ${name}`);
      await confirmByReply(sender, sink, addr(name), welcome);
    }
  }, 60_000);
  afterAll(async () => {
    sender?.close();
    await server?.close();
    await sink?.close();
  });

  /** Resigns, by mail, the one game in progress of `name` in the tournament. */
  async function resignAll(id: number, round: number): Promise<void> {
    const v = (
      await new Client(server.url).request<{ pairings: { round: number; gameId: number | null }[] }>(
        'GET',
        `/api/tournaments/${id}`,
      )
    ).body;
    for (const p of v.pairings.filter((q) => q.round === round && q.gameId !== null)) {
      const g = (await new Client(server.url).request<{ players: { name: string }[] }>('GET', `/api/games/${p.gameId}`))
        .body;
      const loser = g.players[1]?.name as string;
      await sender.send({
        from: addr(loser),
        to: GW,
        subject: `draughts resign ${p.gameId} ${loser} ${loser}-password`,
      });
    }
  }

  it('mails each player the standings after every round, and the final standings', async () => {
    const ann = new Client(server.url);
    const login = await ann.request<{ token: string }>('POST', '/api/login', {
      name: 'ann',
      password: 'ann-password',
      kind: 'bearer',
    });
    ann.token = login.body.token;
    const made = await ann.request<{ id: number }>('POST', '/api/tournaments', {
      name: 'By mail',
      kind: 'swiss',
      rounds: 2,
      family: 'draughts',
      control: { kind: 'correspondence', daysPerMove: 5 },
    });
    const id = made.body.id;
    for (const name of ['ann', 'bob', 'cat']) {
      await sender.send({
        from: addr(name),
        to: GW,
        subject: `draughts tournament join ${id} ${name} ${name}-password`,
      });
      expect((await sink.to(addr(name), `${name} joined`)).text).toMatch(/You are in\./);
    }
    expect((await ann.request('POST', `/api/tournaments/${id}/start`)).status).toBe(200);
    await resignAll(id, 1);
    const isStandings = (name: string, what: string) => (m: SinkMail) =>
      m.to.includes(addr(name)) && m.subject === `Draughts Tournament ${id}: ${what}`;
    for (const name of ['ann', 'bob', 'cat']) {
      const m = await sink.take(isStandings(name, 'after round 1'), `round 1's standings to ${name}`);
      expect(m.text).toMatch(/Standings:\n {2}1\. /);
      expect(m.text).toMatch(/Round 2:/);
    }
    await resignAll(id, 2);
    for (const name of ['ann', 'bob', 'cat']) {
      const m = await sink.take(isStandings(name, 'final standings'), `the final standings to ${name}`);
      expect(m.text).toMatch(/finished; round 2 of 2/);
    }
  });
});
