/**
 * Mail that cannot be turned against anyone, over real SMTP on loopback: password guesses limited per account
 * whatever the From address; a huge Subject refused before it is read and never echoed to a stranger; idle
 * connections closed; connections per client, recipients per mail and mails per client capped; the gateway's own
 * reply addresses never answered; a mail's Message-ID recorded with its command's outcome, so a mail that failed on
 * our side is carried out when it comes again, once.
 */
import { connect, type Socket } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, DB_KINDS, eventually, startTestServer, stopTestPostgres, type TestServer } from '../testing/server.js';
import { confirmByReply, MailSender, MailSink, smtpSend, type SinkMail } from './testing.js';

const GW = 'pbm@pbm.example';
const DOMAIN = 'pbm.example';

afterAll(() => stopTestPostgres());

class FakeClock {
  t = Date.UTC(2026, 2, 2, 8);
  readonly now = (): number => this.t;
}

interface View {
  version: number;
  moves: string[];
}

/** A raw SMTP connection: the lines it got, and whether the server has closed it. */
class RawSmtp {
  text = '';
  closed = false;

  private constructor(readonly socket: Socket) {
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (this.text += d));
    socket.on('close', () => (this.closed = true));
    socket.on('error', () => undefined);
  }

  static open(port: number): RawSmtp {
    return new RawSmtp(connect(port, '127.0.0.1'));
  }

  /** The replies so far whose code matches. */
  replies(code: RegExp): string[] {
    return this.text.split('\r\n').filter((l) => code.test(l.slice(0, 3)) && l[3] === ' ');
  }

  /** Waits for the first reply (the greeting or a refusal) and returns its code. */
  async greeting(): Promise<string> {
    return eventually(async () => (/^\d{3} /m.exec(this.text)?.[0] ?? (this.closed ? 'closed' : undefined))?.trim());
  }

  end(): void {
    this.socket.destroy();
  }
}

describe('mail limits over SMTP', () => {
  let sink: MailSink;
  let server: TestServer;
  let sender: MailSender;
  const clock = new FakeClock();
  const limits = { guessesPerAccount: 5, idleMs: 1000, connectionsPerClient: 4, recipientsPerMail: 10 };

  beforeAll(async () => {
    sink = await MailSink.start();
    server = await startTestServer('sqlite', {
      now: clock.now,
      pbm: { smtpPort: 0, relay: sink.url, domain: DOMAIN, limits: { ...limits, perSender: 1000 } },
    });
    sender = new MailSender(server.pbm.smtp?.port ?? 0);
    // Each confirms the address it signed up from, as its owner would: a known sender is quoted whole.
    for (const n of ['ann', 'bob']) {
      const welcome = await command(`${n}@example.org`, `signup ${n} ${n}-password`);
      await confirmByReply(sender, sink, `${n}@example.org`, welcome);
    }
  }, 60_000);
  afterAll(async () => {
    sender?.close();
    await server?.close();
    await sink?.close();
  });

  const port = (): number => server.pbm.smtp?.port ?? 0;
  const openConnections = (): number => server.pbm.smtp?.connections() ?? 0;

  async function command(from: string, subject: string, text?: string, to = GW): Promise<SinkMail> {
    await sender.send({ from, to, subject, ...(text !== undefined ? { text } : {}) });
    return sink.to(from, `the answer to "${subject.slice(0, 60)}"`);
  }

  /** No SMTP connection of an earlier test is still open (nodemailer closes its own after the answer). */
  async function noConnections(): Promise<void> {
    await eventually(async () => (openConnections() === 0 ? true : undefined), 20_000, 'no connections');
  }

  it("wrong passwords over an account's limit are refused unchecked, whatever the From address", async () => {
    for (let i = 1; i <= limits.guessesPerAccount; i++) {
      const r = await command(`guesser${i}@example.org`, `notify bob guess-${i} all`);
      expect(r.text).toContain('auth/bad-credentials');
    }
    // A new From address does not start a new count: the account is the one guessed.
    const over = await command('guesser-new@example.org', 'notify bob guess-x all');
    expect(over.text).toContain('auth/too-many-guesses');
    // Not even the right password is checked until the window ends, by mail or by POST /pbm...
    expect((await command('bob@example.org', 'notify bob bob-password all')).text).toContain('auth/too-many-guesses');
    const client = new Client(server.url);
    const posted = await client.request<{ code: string }>('POST', '/pbm', { subject: 'notify bob bob-password all' });
    expect(posted.body.code).toBe('auth/too-many-guesses');
    // ...while another account and bob's log-in on the web go on as before.
    expect((await command('ann@example.org', 'notify ann ann-password all')).subject).toBe('Tactica Notify');
    const login = await client.request('POST', '/api/login', { name: 'bob', password: 'bob-password' });
    expect(login.status).toBe(200);
    // A right password is not a guess: it does not count.
    clock.t += 16 * 60_000;
    for (let i = 0; i < limits.guessesPerAccount + 2; i++) {
      expect((await command('bob@example.org', 'notify bob bob-password all')).subject).toBe('Tactica Notify');
    }
  });

  it('a huge Subject is refused before it is read, and a stranger gets only a short excerpt back', async () => {
    const subject = `tactics move 1 ${'x'.repeat(240 * 1000)}`;
    const answer = await command('stranger@example.org', subject, 'Dear victim, buy now at http://spam.example');
    expect(answer.text).toContain('pbm/subject-too-long');
    expect(answer.text.length).toBeLessThan(2000);
    expect(answer.text).not.toContain('Dear victim');
    const quoted = /^> Subject: (.*)$/m.exec(answer.text)?.[1] ?? '';
    expect(quoted.startsWith('tactics move 1 xxx')).toBe(true);
    expect(quoted.replace(/ \[….*$/, '').length).toBeLessThanOrEqual(200);
    // A stranger's ordinary mistake: the Subject excerpt, none of the body.
    const typo = await command('stranger@example.org', 'tactics mvoe 1', 'Dear victim, buy now');
    expect(typo.text).toContain('> Subject: tactics mvoe 1');
    expect(typo.text).not.toContain('Dear victim');
    // A player's own mistake is quoted to them, body and all, up to a cap.
    const own = await command('ann@example.org', 'tactics mvoe 1', `my move\n${'y'.repeat(30_000)}`);
    expect(own.text).toContain('> my move');
    expect(own.text.length).toBeLessThan(6000);
  });

  it('a body over the limit is refused before it is read', async () => {
    const answer = await command('ann@example.org', 'help', 'z'.repeat(70 * 1024));
    expect(answer.text).toContain('pbm/body-too-long');
    expect(answer.text.length).toBeLessThan(6000);
  });

  it('an idle SMTP connection is closed', async () => {
    const idle = RawSmtp.open(port());
    expect(await idle.greeting()).toMatch(/^220/);
    await eventually(async () => (idle.closed ? true : undefined), 20_000, 'the idle connection to be closed');
    expect(idle.text).toMatch(/^421 /m);
  });

  it('connections from one client address are capped; a closed one frees its place', async () => {
    await noConnections();
    const held: RawSmtp[] = [];
    for (let i = 0; i < limits.connectionsPerClient; i++) held.push(RawSmtp.open(port()));
    for (const c of held) expect(await c.greeting()).toMatch(/^220/);
    const next = RawSmtp.open(port());
    expect(await next.greeting()).toMatch(/^421/);
    await eventually(async () => (next.closed ? true : undefined));
    held.shift()?.end();
    await eventually(async () => (openConnections() === limits.connectionsPerClient - 1 ? true : undefined));
    const again = RawSmtp.open(port());
    expect(await again.greeting()).toMatch(/^220/);
    for (const c of [...held, again]) c.end();
  });

  it('1,000 recipients in one mail: refused after the cap', async () => {
    await noConnections();
    const c = RawSmtp.open(port());
    expect(await c.greeting()).toMatch(/^220/);
    c.socket.write('EHLO test.example\r\nMAIL FROM:<ann@example.org>\r\n');
    await eventually(async () => (c.replies(/^250$/).length >= 2 ? true : undefined));
    c.text = '';
    // Each a different address of ours (the board reply addresses: any board number takes mail here).
    c.socket.write(
      Array.from({ length: 1000 }, (_, i) => `RCPT TO:<board-${i + 1}-${'a'.repeat(24)}@${DOMAIN}>\r\n`).join(''),
    );
    await eventually(async () => (c.replies(/^\d{3}$/).length >= 1000 ? true : undefined));
    expect(c.replies(/^250$/)).toHaveLength(limits.recipientsPerMail);
    expect(c.replies(/^452$/)).toHaveLength(1000 - limits.recipientsPerMail);
    c.end();
  });

  it("a mail from one of the gateway's own reply addresses gets no reply", async () => {
    const own = `board-1-${'a'.repeat(24)}@${DOMAIN}`;
    const silent = server.pbm.front.counts.silent;
    await sender.send({ from: own, to: GW, subject: 'help' });
    await eventually(async () => (server.pbm.front.counts.silent === silent + 1 ? true : undefined));
    // The next mail's answer comes after any answer to the first would have.
    await command('ann@example.org', 'help');
    expect(sink.mails.filter((m) => m.to.includes(own))).toEqual([]);
  });
});

describe('mails per client address', () => {
  const perClient = { perClient: 3, windowMs: 10 * 60_000 };
  let sink: MailSink;
  let server: TestServer;

  beforeAll(async () => {
    sink = await MailSink.start();
    server = await startTestServer('sqlite', {
      pbm: { smtpPort: 0, relay: sink.url, domain: DOMAIN, limits: perClient },
    });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });

  it('a client over its mails per window is refused in SMTP, whatever its senders', async () => {
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) {
      const from = `sender${i}@example.org`;
      answers.push(
        await smtpSend(
          server.pbm.smtp?.port ?? 0,
          { from, to: GW },
          `From: ${from}\r\nTo: ${GW}\r\nSubject: help\r\n\r\n`,
        ),
      );
    }
    expect(answers.map((a) => a.slice(0, 3))).toEqual(['250', '250', '250', '450', '450']);
  });
});

describe.each(DB_KINDS)("a mail's Message-ID is recorded with its command's outcome (%s)", (kind) => {
  let sink: MailSink;
  let server: TestServer;
  let sender: MailSender;
  let board = 0;

  beforeAll(async () => {
    sink = await MailSink.start();
    server = await startTestServer(kind, { pbm: { smtpPort: 0, relay: sink.url, domain: DOMAIN } });
    sender = new MailSender(server.pbm.smtp?.port ?? 0);
    // Each confirms the address it signed up from, as its owner would: a known sender is quoted whole.
    for (const n of ['ann', 'bob']) {
      const welcome = await command(`${n}@example.org`, `signup ${n} ${n}-password`);
      await confirmByReply(sender, sink, `${n}@example.org`, welcome);
    }
    await command('ann@example.org', 'tactics challenge ann ann-password bob');
    await sink.to('bob@example.org', 'the challenge');
    const started = await command('bob@example.org', 'tactics accept bob bob-password');
    board = Number(/board (\d+) has started/.exec(started.text)?.[1]);
    await sink.to('bob@example.org', 'the start mail to bob');
    await sink.to('ann@example.org', 'the start mail to ann');
  }, 120_000);
  afterAll(async () => {
    sender?.close();
    await server?.close();
    await sink?.close();
  });

  async function command(from: string, subject: string, messageId?: string): Promise<SinkMail> {
    await sender.send({ from, to: GW, subject, ...(messageId ? { messageId } : {}) });
    return sink.to(from, `the answer to "${subject}"`);
  }

  async function view(): Promise<View> {
    return (await new Client(server.url).request<View>('GET', `/api/games/${board}`)).body;
  }

  /** Runs `during` while a trigger (a real failure of the database's) refuses every write of `what` to `table`. */
  async function withFault(table: 'games' | 'pbm_seen', what: 'update' | 'insert', during: () => Promise<void>) {
    const heal = await fault(table, what);
    try {
      await during();
    } finally {
      await heal();
    }
  }

  async function fault(table: 'games' | 'pbm_seen', what: 'update' | 'insert'): Promise<() => Promise<void>> {
    const db = server.services.database.db;
    if (kind === 'sqlite') {
      await sql
        .raw(`create trigger fault before ${what} on ${table} begin select raise(fail, 'injected fault'); end`)
        .execute(db);
      return async () => void (await sql`drop trigger fault`.execute(db));
    }
    await sql`create or replace function fault() returns trigger language plpgsql as $$ begin raise exception 'injected fault'; end $$`.execute(
      db,
    );
    await sql.raw(`create trigger fault before ${what} on ${table} for each row execute function fault()`).execute(db);
    return async () => void (await sql.raw(`drop trigger fault on ${table}`).execute(db));
  }

  it('a move that failed on our side is carried out when the mail comes again, and only once', async () => {
    const move = `tactics move ${board} ann ann-password c1-c7#1`;
    const before = await view();
    await withFault('games', 'update', async () => {
      const failed = await command('ann@example.org', move, '<retry-1@example.org>');
      expect(failed.text).toContain('server/error');
    });
    expect(await view()).toEqual(before);
    // The MTA (or the player) sends the same mail again: it is carried out...
    const carried = await command('ann@example.org', move, '<retry-1@example.org>');
    expect(carried.subject).toBe(`Tactics Board ${board} bob`);
    await sink.to('bob@example.org', 'the move to bob');
    const after = await view();
    expect(after.version).toBe(before.version + 1);
    // ...and once: a third copy is a duplicate.
    expect((await command('ann@example.org', move, '<retry-1@example.org>')).text).toContain('pbm/duplicate');
    expect(await view()).toEqual(after);
  });

  it('the Message-ID and the move commit together: when the record fails, the move is not made', async () => {
    const move = `tactics move ${board} bob bob-password g8-f7#2`;
    const before = await view();
    await withFault('pbm_seen', 'insert', async () => {
      expect((await command('bob@example.org', move, '<retry-2@example.org>')).text).toContain('server/error');
    });
    expect(await view()).toEqual(before);
    expect((await command('bob@example.org', move, '<retry-2@example.org>')).subject).toBe(
      `Tactics Board ${board} ann`,
    );
    await sink.to('ann@example.org', 'the move to ann');
    expect((await view()).version).toBe(before.version + 1);
    expect((await command('bob@example.org', move, '<retry-2@example.org>')).text).toContain('pbm/duplicate');
    expect((await view()).version).toBe(before.version + 1);
  });

  it('a refused or read-only command is recorded too: its copy is a duplicate', async () => {
    const show = `tactics show ${board}`;
    expect((await command('ann@example.org', show, '<read-1@example.org>')).subject).toContain(`Board ${board}`);
    expect((await command('ann@example.org', show, '<read-1@example.org>')).text).toContain('pbm/duplicate');
    const wrong = `tactics move ${board} ann wrong-password a1-a2#3`;
    expect((await command('ann@example.org', wrong, '<refused-1@example.org>')).text).toContain('auth/bad-credentials');
    expect((await command('ann@example.org', wrong, '<refused-1@example.org>')).text).toContain('pbm/duplicate');
  });
});
