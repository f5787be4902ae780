/**
 * Each of the five games by mail over real SMTP on loopback, continued in the HTTP API: started by a challenge by
 * mail from a loaded position near the end (`-position="…"`, Tactorus `-board="…"`), a move (or a round's orders)
 * by mail, the winning reply through the API, and the end mailed to both players and read back by mail (`show`).
 * The Tactorus round checks secrecy: until the round resolves, no mail, `show` or `showas` of anyone but the player
 * who gave them holds that player's orders.
 */
import { entryOf } from '@tactica/catalogue/all';
import { formatPosition, tactics } from '@tactica/tactics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestServer, type TestServer } from '../testing/server.js';
import { confirmByReply, MailSender, MailSink, type SinkMail } from './testing.js';

interface View {
  version: number;
  moves: string[];
  outcome: { kind: string; winner?: number } | null;
  orders: { mine: string[]; submitted: [boolean, boolean] } | null;
}

const GW = 'pbm@pbm.example';
const addr = (name: string): string => `${name}@example.org`;

/** The Tactics game of the golden transcript (pbm-tactics.test.ts) but its last two plies: White wins in two. */
const TACTICS_LINE = ['c1-c7', 'g8-f7', 'd1-d5', 'h8-e5', 'b1-f5', 'a8-b7', 'a1-a7', 'f7-g8', 'h1-h7', 'f8-f6'];
const TACTICS_END = ['h7-f7', 'e8-e7', 'd5-d7', 'd8-e8', 'd7-d8', 'g8-h7', 'f5-g6', 'h7-g8', 'g6-h7'];

function tacticsNearTheEnd(): string {
  let s = tactics.initial();
  for (const m of [...TACTICS_LINE, ...TACTICS_END.slice(0, -2)]) {
    const next = tactics.tryPlay(s, m);
    if (!next.ok) throw new Error(next.error.message);
    s = next.value;
  }
  return formatPosition(s);
}

/**
 * Per game: a position, the move mailed from it (by the side to move, `mover`) and the reply played through the API
 * that wins (found by a search of two plies with the game's own rules, and checked below with them).
 */
const GAMES = [
  { family: 'tactics', position: tacticsNearTheEnd(), mail: 'h7-g8', api: 'g6-h7', mover: 1, winner: 0 },
  { family: 'draughts', position: 'W:W31:B21', mail: '31-27', api: '21x32', mover: 0, winner: 1 },
  { family: 'force400', position: 'w 1 W:A1:10K B:A3:2,J0:10K', mail: 'M A1-A0', api: 'M J0-A0', mover: 0, winner: 0 },
  {
    family: 'tactrix',
    position: `.........k/${'........../'.repeat(8)}K........V b 5 7 3 12`,
    mail: 'j10-j9',
    api: 'j1xj9',
    mover: 1,
    winner: 0,
  },
] as const;

describe('the five games by mail, continued in the API', () => {
  let sink: MailSink;
  let server: TestServer;
  let sender: MailSender;
  const api = new Map<string, Client>();

  beforeAll(async () => {
    sink = await MailSink.start();
    server = await startTestServer('sqlite', { pbm: { smtpPort: 0, relay: sink.url, domain: 'pbm.example' } });
    sender = new MailSender(server.pbm.smtp?.port ?? 0);
    for (const name of ['ann', 'bob', 'cat']) {
      const [welcome] = await mail(name, `signup ${name} ${name}-password`, [name]);
      await confirmByReply(sender, sink, addr(name), welcome as SinkMail);
      const c = new Client(server.url);
      const r = await c.request<{ token: string }>('POST', '/api/login', {
        name,
        password: `${name}-password`,
        kind: 'bearer',
      });
      expect(r.status).toBe(200);
      c.token = r.body.token;
      api.set(name, c);
    }
  }, 60_000);
  afterAll(async () => {
    sender?.close();
    await server?.close();
    await sink?.close();
  });

  /** Sends a command from `name` and takes the mails it makes to each of `expect` (names), in that order. */
  async function mail(name: string, subject: string, expect: readonly string[], body?: string): Promise<SinkMail[]> {
    await sender.send({ from: addr(name), to: GW, subject, ...(body !== undefined ? { text: body } : {}) });
    const got: SinkMail[] = [];
    for (const n of expect) got.push(await sink.to(addr(n), `the mail to ${n} after "${subject}"`));
    await server.pbm.notifier.idle();
    return got;
  }

  const client = (name: string): Client => api.get(name) as Client;

  async function view(id: number, as = 'cat'): Promise<View> {
    return (await client(as).request<View>('GET', `/api/games/${id}`)).body;
  }

  /** A board between ann (first) and bob (second), challenged with `options` by mail; the start mails taken. */
  async function board(family: string, options: string): Promise<number> {
    const [made] = await mail('ann', `${family} challenge ${options} ann ann-password bob`, ['ann', 'bob']);
    const id = /Challenge (\d+)/.exec(made?.subject ?? '')?.[1];
    expect(id, made?.text).toBeDefined();
    const [accepted] = await mail('bob', `${family} accept bob bob-password ${id}`, ['bob', 'ann', 'bob']);
    const n = Number(/board (\d+) has started/.exec(accepted?.text ?? '')?.[1]);
    expect(n, accepted?.text).toBeGreaterThan(0);
    return n;
  }

  for (const g of GAMES) {
    it(`${g.family}: a move by mail, the winning reply in the API, the end by mail`, async () => {
      // The line is a win by the game's own rules.
      const setup = entryOf(g.family);
      if (!setup.ok) throw new Error(setup.error.message);
      const su = setup.value.setup({ position: g.position });
      if (!su.ok || su.value.dynamics !== 'sequential') throw new Error('no setup');
      const rules = su.value.game;
      let s = su.value.initial();
      for (const m of [g.mail, g.api]) {
        const parsed = rules.parseMove(s, m);
        if (!parsed.ok) throw new Error(parsed.error.message);
        s = rules.play(s, parsed.value);
      }
      expect(rules.outcome(s)).toMatchObject({ kind: 'win', winner: g.winner });

      const id = await board(g.family, `-position="${g.position}"`);
      const mover = g.mover === 0 ? 'ann' : 'bob';
      const other = g.mover === 0 ? 'bob' : 'ann';
      // The mover's move by mail, numbered: the next move number is the game's own move number.
      const number = (await view(id)).moves.length + 1;
      const [mine, theirs] = await mail(
        mover,
        `${g.family} move ${id} ${mover} ${mover}-password ${g.mail}#${number}`,
        [mover, other],
      );
      expect(mine?.subject).toBe(`${theirs?.subject}`);
      expect(theirs?.subject).toMatch(new RegExp(`Board ${id} ${other}$`));
      const v = await view(id);
      expect(v.moves).toHaveLength(1);

      // The reply through the API: both players hear of it by mail.
      const played = await client(other).request('POST', `/api/games/${id}/move`, { version: v.version, move: g.api });
      expect(played.status, JSON.stringify(played.body)).toBe(200);
      const ends = [await sink.to(addr('ann'), 'the end to ann'), await sink.to(addr('bob'), 'the end to bob')];
      await server.pbm.notifier.idle();
      for (const m of ends) expect(m.subject).toMatch(new RegExp(`Board ${id} Game Over$`));
      const winner = g.winner === 0 ? 'ann' : 'bob';
      expect(ends[0]?.text).toMatch(new RegExp(`Result: ${winner} \\(\\w+\\) wins`));
      // The move through the API is told as a mail's is; a Force 400 combat says what it did (issue 40).
      expect(ends[0]?.text).toMatch(new RegExp(`^${g.mover === 0 ? 'bob' : 'ann'} played `));
      if (g.family === 'force400') expect(ends[0]?.text).toMatch(/\nCombat on A0: bob's man of force \d+ attacked/);
      if (g.family === 'tactrix') expect(ends[0]?.text).toMatch(/\nChips held: White \d+, Black \d+\./);
      expect((await view(id)).outcome).toMatchObject({ kind: 'win', winner: g.winner });

      // Read back by mail, by a third person.
      const [shown] = await mail('cat', `${g.family} show ${id}`, ['cat']);
      expect(shown?.subject).toMatch(/Game Over$/);
      expect(shown?.text).toContain(`Result: ${winner}`);
    });
  }

  it('tactorus: a round by mail and the API, each side’s orders secret until it resolves, won by mail', async () => {
    // Ann's infantry stands under Bob's flag on square 00; Bob's infantry is far away.
    const rows = ['f.........', 'I.........', ...Array<string>(7).fill('..........'), 'i........F'];
    const id = await board('tactorus', `-board="${rows.join('/')}"`);
    const [subscribed] = await mail('cat', `tactorus subscribe ${id} cat cat-password`, ['cat']);
    expect(subscribed?.text).toContain(`Subscribed: you get board ${id}`);

    // Ann's orders by mail, in the body. Her reply shows them; Bob and Cat hear only that her orders are in.
    const [annReply, bobHears, catHears] = await mail(
      'ann',
      `tactorus move ${id} ann ann-password#1`,
      ['ann', 'bob', 'cat'],
      '10-00\n\n-- \nAnn',
    );
    expect(annReply?.text).toContain('10-00');
    for (const m of [bobHears, catHears]) {
      expect(m?.text).not.toContain('10-00');
      expect(m?.text).toContain('???');
    }
    const [bobShowas] = await mail('bob', `tactorus showas bob bob-password ${id}`, ['bob']);
    const [catShow] = await mail('cat', `tactorus show ${id}`, ['cat']);
    const [annShowas] = await mail('ann', `tactorus showas ann ann-password ${id}`, ['ann']);
    for (const m of [bobShowas, catShow]) expect(m?.text).not.toContain('10-00');
    expect(annShowas?.text).toContain('10-00');
    // The API keeps them as secret: only Ann's own view holds them.
    expect((await view(id, 'bob')).orders).toMatchObject({ mine: [], submitted: [true, false] });
    expect((await view(id, 'ann')).orders?.mine).toContain('10-00');

    // Bob's orders through the API: the round resolves, Ann's infantry takes the flag, and everyone is mailed.
    const v = await view(id, 'bob');
    const sent = await client('bob').request('POST', `/api/games/${id}/orders`, {
      version: v.version,
      orders: ['90-80', 'done'],
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const ends = [
      await sink.to(addr('ann'), 'the end to ann'),
      await sink.to(addr('bob'), 'the end to bob'),
      await sink.to(addr('cat'), 'the end to cat'),
    ];
    await server.pbm.notifier.idle();
    for (const m of ends) {
      expect(m.subject).toMatch(new RegExp(`Tactorus Board ${id} Game Over$`));
      // Now the round is public: both sides' orders.
      expect(m.text).toContain('10-00');
      expect(m.text).toContain('90-80');
      expect(m.text).toMatch(/Result: ann \(.*\) wins/);
      // What the round did (issue 40: Tactorus mails never said).
      expect(m.text).toContain('Round 1 was carried out: ann lost nothing; bob lost 1 flag.');
    }
    expect((await view(id)).outcome).toMatchObject({ kind: 'win', winner: 0 });

    // Replays by mail: the start board, then the board after round 1 — the end mail's board, both orders listed.
    const [start] = await mail('cat', `tactorus replay ${id} 0`, ['cat']);
    const [after] = await mail('cat', `tactorus replay ${id} 1`, ['cat']);
    const [beyond] = await mail('cat', `tactorus replay ${id} 2`, ['cat']);
    expect(start?.subject).toBe(`Tactorus Board ${id} Replay`);
    expect(start?.text).not.toContain('10-00');
    const boardOf = (text: string | undefined): string => (text ?? '').split('\n\n').slice(2).join('\n\n').trim();
    expect(boardOf(start?.text)).not.toBe(boardOf(after?.text));
    expect(after?.text).toMatch(/1\.\s+10-00\s+90-80/);
    expect(ends[2]?.text).toContain(boardOf(after?.text));
    expect(beyond?.text).toContain('pbm/bad-move-number');

    // Old orders mailed again for the round gone are refused as stale, and change nothing.
    const [stale] = await mail('bob', `tactorus move ${id} bob bob-password#1`, ['bob'], '90-80');
    expect(stale?.subject).toBe(`Tactorus Board ${id} Error`);
  });
});
