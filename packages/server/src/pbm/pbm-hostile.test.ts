/**
 * Hostile and broken mail over real SMTP: robots (auto-replies, bounces, mailing lists, our own mails come back)
 * get silence and change nothing; broken MIME, huge messages, wrong passwords, someone else's board, stolen or
 * wrong reply addresses, replayed and late mails, floods from one sender and fuzzed mails never crash the gateway,
 * never change a game they should not, and get a clear error mail. HTML-only mails, quoted replies and signatures
 * are read as the sender meant.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestServer, type TestServer } from '../testing/server.js';
import { confirmByReply, MailSender, MailSink, smtpSend, type SinkMail } from './testing.js';

interface View {
  version: number;
  moves: string[];
}

describe('hostile mail', () => {
  let sink: MailSink;
  let server: TestServer;
  let sender: MailSender;
  let board = 0;
  let bobReply = '';
  const GW = 'pbm@pbm.example';

  beforeAll(async () => {
    sink = await MailSink.start();
    server = await startTestServer('sqlite', {
      pbm: { smtpPort: 0, relay: sink.url, domain: 'pbm.example', limits: { maxBytes: 64 * 1024, perSender: 25 } },
    });
    sender = new MailSender(server.pbm.smtp?.port ?? 0);
    for (const n of ['ann', 'bob', 'eve']) {
      const welcome = await command(`${n}@example.org`, `signup ${n} ${n}-password`);
      await confirmByReply(sender, sink, `${n}@example.org`, welcome);
    }
    await command('ann@example.org', 'tactics challenge ann ann-password bob');
    await sink.to('bob@example.org');
    await command('bob@example.org', 'tactics accept bob bob-password');
    board = 1;
    bobReply = (await sink.to('bob@example.org', 'the start mail to bob')).replyTo ?? '';
    await sink.to('ann@example.org', 'the start mail to ann');
    await command('ann@example.org', `tactics move ${board} ann ann-password c1-c7#1`);
    await sink.to('bob@example.org', 'the move to bob');
  }, 60_000);
  afterAll(async () => {
    sender?.close();
    await server?.close();
    await sink?.close();
  });

  async function command(from: string, subject: string, text?: string, to = GW): Promise<SinkMail> {
    await sender.send({ from, to, subject, ...(text !== undefined ? { text } : {}) });
    return sink.to(from, `the answer to "${subject}"`);
  }

  async function view(): Promise<View> {
    return (await new Client(server.url).request<View>('GET', `/api/games/${board}`)).body;
  }

  /** No answer went to `from`: the next mail it gets is the answer to a help it sends now. */
  async function expectSilence(from: string): Promise<void> {
    expect((await command(from, 'help')).subject).toBe('Tactica Help');
  }

  it('robots get silence and their commands are not carried out', async () => {
    const before = await view();
    const move = `tactics move ${board} bob bob-password g8-f7#2`;
    const robots: { headers?: Record<string, string>; from?: string; envelopeFrom?: string }[] = [
      { headers: { 'Auto-Submitted': 'auto-replied' } },
      { headers: { 'Auto-Submitted': 'auto-generated' } },
      { headers: { Precedence: 'bulk' } },
      { headers: { Precedence: 'list' } },
      { headers: { 'List-Id': '<games.lists.example.org>' } },
      { headers: { 'X-Loop': GW } },
      { from: 'MAILER-DAEMON@example.org' },
    ];
    for (const r of robots) {
      await sender.send({
        from: r.from ?? 'bob@example.org',
        to: GW,
        subject: move,
        text: 'I am away until Monday.',
        ...(r.headers ? { headers: r.headers } : {}),
        ...(r.envelopeFrom !== undefined ? { envelopeFrom: r.envelopeFrom } : {}),
      });
    }
    // A bounce: the null return path <>.
    const bounce = await smtpSend(
      server.pbm.smtp?.port ?? 0,
      { from: '', to: GW },
      `From: bob@example.org\r\nTo: ${GW}\r\nSubject: ${move}\r\n\r\nUndeliverable.\r\n`,
    );
    expect(bounce).toMatch(/^250/);
    // A bounce through an MTA's pipe (no envelope): its Return-Path line says <>.
    const piped = await server.pbm.front.receive(
      `Return-Path: <>\r\nFrom: bob@example.org\r\nTo: ${GW}\r\nSubject: ${move}\r\n\r\nUndeliverable.\r\n`,
    );
    expect(piped).toEqual({ kind: 'silent', why: 'an empty return path (a bounce)' });
    await expectSilence('bob@example.org');
    expect(await view()).toEqual(before);
    expect(server.pbm.front.counts.silent).toBeGreaterThanOrEqual(robots.length + 1);
    // Our own mail coming back (an alias that forwards to the gateway): silence, no loop.
    await sender.send({ from: GW, to: GW, subject: 'Tactics Board 1 bob', text: 'a board' });
    await expectSilence('bob@example.org');
  });

  it('wrong passwords and unknown users get the same answer; the game does not change', async () => {
    const before = await view();
    const wrong = await command('eve@example.org', `tactics move ${board} bob guessed-password g8-f7#2`);
    const unknown = await command('eve@example.org', `tactics move ${board} nobody guessed-password g8-f7#2`);
    const strip = (m: SinkMail) => m.text.replace(/^> .*$/gm, '');
    expect(wrong.subject).toBe(unknown.subject);
    expect(strip(wrong)).toBe(strip(unknown));
    expect(wrong.text).toContain('auth/bad-credentials');
    expect(await view()).toEqual(before);
  });

  it("nobody acts for another player: someone else's board, the other side's turn, a wrong reply address", async () => {
    const before = await view();
    expect((await command('eve@example.org', `tactics move ${board} eve eve-password g8-f7#2`)).text).toContain(
      'game/not-a-player',
    );
    expect((await command('eve@example.org', `tactics resign ${board} eve eve-password`)).text).toContain(
      'game/not-a-player',
    );
    expect((await command('ann@example.org', `tactics move ${board} ann ann-password g8-f7#2`)).text).toContain(
      'game/not-your-turn',
    );
    const forged = bobReply.replace(/board-(\d+)-[a-z2-7]{5}/, 'board-$1-aaaaa');
    expect((await command('eve@example.org', 'move g8-f7#2', undefined, forged)).text).toContain(
      'pbm/bad-reply-address',
    );
    // A reply address names its board: it cannot be used on another one.
    await command('eve@example.org', 'tactics challenge eve eve-password ann');
    await sink.to('ann@example.org', 'the challenge');
    const started = await command('ann@example.org', 'tactics accept ann ann-password');
    const second = Number(/board (\d+) has started/.exec(started.text)?.[1]);
    await sink.to('ann@example.org', 'the start of the second board');
    await sink.to('eve@example.org', 'the start of the second board');
    const other = bobReply.replace(/^board-\d+-/, `board-${second}-`);
    expect((await command('eve@example.org', 'move c1-c7#1', undefined, other)).text).toContain(
      'pbm/bad-reply-address',
    );
    expect(await view()).toEqual(before);
  });

  it('replayed and late mails: a Message-ID seen before, an old move number', async () => {
    await sender.send({
      from: 'bob@example.org',
      to: GW,
      subject: `tactics move ${board} bob bob-password g8-f7#2`,
      messageId: '<replay-1@example.org>',
    });
    await sink.to('bob@example.org', 'the move');
    await sink.to('ann@example.org', 'the move to ann');
    const after = await view();
    await sender.send({
      from: 'bob@example.org',
      to: GW,
      subject: `tactics move ${board} bob bob-password g8-f7#2`,
      messageId: '<replay-1@example.org>',
    });
    const again = await sink.to('bob@example.org');
    expect(again.subject).toBe(`Tactics Board ${board} Error`);
    expect(again.text).toContain('pbm/duplicate');
    const late = await command('bob@example.org', `tactics move ${board} bob bob-password h8-e5#2`);
    expect(late.text).toContain('pbm/stale-move-number');
    expect(await view()).toEqual(after);
  });

  it('broken MIME and huge messages never crash the gateway', async () => {
    const before = await view();
    const broken = [
      'From: ann@example.org\r\nTo: pbm@pbm.example\r\nSubject: help\r\nContent-Type: multipart/mixed; boundary="x"\r\n\r\n--x\r\nContent-Type: text/plain\r\nContent-Transfer-Encoding: base64\r\n\r\n@@@not base64@@@\r\n--x',
      'From: ann@example.org\r\nTo: pbm@pbm.example\r\nSubject: =?utf-8?B?dGFjdGljcyBzaG93IDE=?=\r\nContent-Type: text/plain; charset=klingon\r\n\r\n\xff\xfe\x00garbage',
      'From: ann@example.org\r\nTo: pbm@pbm.example\r\nSubject: tactics show 1\r\nContent-Type: multipart/alternative\r\n\r\nno boundary at all',
      'From: ann@example.org\r\n\r\n',
      'complete nonsense without headers',
    ];
    for (const raw of broken) await sender.sendRaw({ from: 'ann@example.org', to: GW }, raw);
    // Every one is answered (by an error or, for the readable ones, the command), in the order sent.
    for (let i = 0; i < broken.length; i++) await sink.to('ann@example.org', `the answer to broken mail ${i + 1}`);
    const huge = 'x'.repeat(80 * 1024);
    await expect(
      sender.send({ from: 'ann@example.org', to: GW, subject: `tactics resign ${board} ann ann-password`, text: huge }),
    ).rejects.toThrow(/552|size|exceed/i);
    // A recipient that is not the gateway's: refused in SMTP, nothing relayed.
    await expect(
      sender.send({ from: 'ann@example.org', to: 'someone@elsewhere.example', subject: 'help' }),
    ).rejects.toThrow(/550|mailbox/i);
    expect(await view()).toEqual(before);
    expect((await new Client(server.url).request('GET', '/api/health')).status).toBe(200);
  });

  it('HTML-only mails, quoted replies and signatures: the comment is what the sender wrote', async () => {
    await sender.send({
      from: 'ann@example.org',
      to: GW,
      subject: `tactics move ${board} ann ann-password d1-d5#3`,
      html: '<html><body><p>Here is <b>my</b> move.</p><div>&gt; quoted</div></body></html>',
    });
    const own = await sink.to('ann@example.org');
    expect(own.text).toContain('Comment from ann:\n  Here is my move.');
    await sink.to('bob@example.org');
    await sender.send({
      from: 'bob@example.org',
      to: GW,
      subject: `tactics move ${board} bob bob-password h8-e5#4`,
      text: 'Your turn.\n\nOn Mon, 2 Mar 2026, ann wrote:\n> Here is my move.\n> more\n\n-- \nBob\nsent from a phone',
    });
    const toAnn = await sink.to('ann@example.org', "bob's move");
    expect(toAnn.text).toContain('Comment from bob:\n  Your turn.\n');
    expect(toAnn.text).not.toContain('sent from a phone');
    expect(toAnn.text).not.toContain('Here is my move');
    await sink.to('bob@example.org');
    // An empty plain part beside the HTML (issue 40: the comment was lost): the HTML is the comment.
    const boundary = 'b-1';
    await sender.sendRaw(
      { from: 'ann@example.org', to: GW },
      [
        'From: ann@example.org',
        `To: ${GW}`,
        `Subject: tactics move ${board} ann ann-password b1-f5#5`,
        'MIME-Version: 1.0',
        `Content-Type: multipart/alternative; boundary="${boundary}"`,
        '',
        `--${boundary}`,
        'Content-Type: text/plain; charset=utf-8',
        '',
        '',
        `--${boundary}`,
        'Content-Type: text/html; charset=utf-8',
        '',
        '<html><body><div>Careful now.</div></body></html>',
        `--${boundary}--`,
        '',
      ].join('\r\n'),
    );
    await sink.to('ann@example.org', "ann's HTML move");
    const heard = await sink.to('bob@example.org', "ann's HTML move");
    expect(heard.text).toContain('Comment from ann:\n  Careful now.');
    const chat = await server.services.chat.list(board);
    expect(chat.map((m) => m.text)).toEqual(['Here is my move.', 'Your turn.', 'Careful now.']);
  });

  it('a flood from one sender: one error mail, then silence', async () => {
    const front = server.pbm.front;
    const flood = 'flood@example.org';
    const limit = front.limits.perSender;
    // Senders are counted in windows aligned to the clock (PbmStore.rateCount): a flood that straddles a window's
    // end starts counting again. Start it in a window with half a minute to spare, as the test needs seconds.
    const windowMs = front.limits.windowMs;
    const left = windowMs - (Date.now() % windowMs);
    if (left < 30_000) await new Promise((r) => setTimeout(r, left + 50));
    for (let i = 0; i < limit; i++) await sender.send({ from: flood, to: GW, subject: 'help' });
    for (let i = 0; i < limit; i++) await sink.to(flood, `help ${i + 1}`);
    await sender.send({ from: flood, to: GW, subject: 'help' });
    expect((await sink.to(flood, 'the rate error')).text).toContain('rate/limited');
    const silent = front.counts.silent;
    await sender.send({ from: flood, to: GW, subject: 'help' });
    expect(front.counts.silent).toBe(silent + 1);
  }, 60_000);

  it('fuzzed commands through the gateway: a reply for each, coded errors, no change to the game', async () => {
    const before = await view();
    const words = fc.constantFrom(
      'tactics',
      'move',
      'board',
      '1',
      '2',
      '#3',
      'ann',
      'bob',
      'eve',
      'eve-password',
      'resign',
      'accept',
      'undo',
      'queue',
      'confirm',
      'challenge',
      '-variant=x',
      '--nagtime=9999',
      'g8-f7',
      '"',
      'Re:',
      'signup',
      'change',
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(words, fc.string({ maxLength: 10 })), { maxLength: 8 }).map((w) => w.join(' ')),
        fc.string({ maxLength: 200 }),
        async (subject, body) => {
          const r = await server.pbm.gateway.handle({ subject, body, from: 'eve@example.org' });
          expect(r.subject.length).toBeGreaterThan(0);
          if (!r.ok) {
            expect(r.code).toMatch(/^[a-z-]+\/[a-z-]+$/);
            expect(r.code).not.toBe('server/error');
          }
        },
      ),
      { numRuns: 300, seed: 1616 },
    );
    // Eve has no password of the players: whatever she sent, the game is as it was.
    expect(await view()).toEqual(before);
  });
});
