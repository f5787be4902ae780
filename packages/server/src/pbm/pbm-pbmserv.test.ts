/**
 * pbmserv's own forms of the common commands (issue 40), each sent verbatim by mail over real SMTP on loopback, with
 * the reply mails kept as a golden transcript: `challenge userid1 userid2 [-options]` without a password (from the
 * challenger's address; from elsewhere, confirmed by a reply), `move … resign|propose|accept|swap`, `show` of two
 * boards and of userids, `showas … all`, `all show userid`, `ratings`, `rules`, `add`, `multiple`, `broadcast`,
 * `signoff`, `delete`; and who moves first in a challenge by the game's rules (English draughts: Black).
 *
 * UPDATE_GOLDEN=1 npx vitest run packages/server/src/pbm/pbm-pbmserv.test.ts writes the transcript anew.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestServer, type TestServer } from '../testing/server.js';
import { confirmByReply, MailSender, MailSink, type SinkMail } from './testing.js';

const GOLDEN = new URL('../../testdata/pbm/pbmserv-forms.txt', import.meta.url);
const GW = 'pbm@pbm.example';
const ANN = 'ann@example.org';
const BOB = 'bob@example.net';
const CAT = 'cat@example.com';
const STRANGER = 'someone@elsewhere.example';

class FakeClock {
  t = Date.UTC(2026, 0, 5, 9);
  readonly now = (): number => this.t;
}

describe("pbmserv's common commands by mail, as its users type them", () => {
  let sink: MailSink;
  let server: TestServer;
  let sender: MailSender;
  const clock = new FakeClock();
  const transcript: string[] = [];
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    sink = await MailSink.start();
    server = await startTestServer('sqlite', {
      now: clock.now,
      pbm: { smtpPort: 0, relay: sink.url, domain: 'pbm.example' },
    });
    sender = new MailSender(server.pbm.smtp?.port ?? 0);
  }, 60_000);
  afterAll(async () => {
    sender?.close();
    await server?.close();
    await sink?.close();
  });

  function mask(text: string): string {
    return text
      .replace(/board-(\d+)-([a-z2-7]{24})@/g, (_all, board: string, token: string) => {
        if (!tokens.has(token)) tokens.set(token, `token${tokens.size + 1}`);
        return `board-${board}-<${tokens.get(token) ?? ''}>@`;
      })
      .replace(/\b(confirm[- ])[a-z2-7]{24}\b/g, '$1<confirmation>');
  }

  /** Sends a command and takes the mails it makes: one to each address named, in that order in the transcript. */
  async function command(from: string, subject: string, expect: readonly string[], body?: string, to = GW) {
    transcript.push(mask(`=== ${from} -> ${to}: ${subject}${body ? `\n${body}` : ''}`));
    clock.t += 3_600_000;
    await sender.send({ from, to, subject, ...(body !== undefined ? { text: body } : {}) });
    const got: SinkMail[] = [];
    for (const address of expect) got.push(await sink.to(address, `the mail to ${address} after "${subject}"`));
    await server.pbm.notifier.idle();
    for (const m of got) {
      let text = `To: ${m.to.join(', ')}\nSubject: ${m.subject}\n`;
      if (m.replyTo) text += `Reply-To: ${m.replyTo}\n`;
      transcript.push(mask(`${text}\n${m.text}`).trimEnd());
    }
    return got;
  }

  /** Signs up and confirms the address by a reply to the welcome (not in the transcript). */
  async function signUp(name: string, address: string): Promise<void> {
    await sender.send({ from: address, to: GW, subject: `signup ${name} ${name}password1` });
    const welcome = await sink.to(address);
    await confirmByReply(sender, sink, address, welcome);
  }

  it('understands each pbmserv form, and refuses those it cannot honour naming the form that works', async () => {
    await signUp('ann', ANN);
    await signUp('bob', BOB);
    await signUp('cat', CAT);

    // challenge userid1 userid2 -options, no password, from ann's own address: made at once.
    const [made, invitation] = await command(ANN, 'tactics challenge ann bob --forfeittime=10', [ANN, BOB]);
    expect(made?.subject).toBe('Tactics Challenge 1');
    expect(made?.text).toContain('forfeit after 10');
    expect(invitation?.text).toContain('White (ann) moves first');
    await command(BOB, 'tactics accept bob bobpassword1', [BOB, ANN, BOB]);
    await command(BOB, 'tactics challenge bob cat', [BOB, CAT]);
    const [, bobStart] = await command(CAT, 'tactics accept cat catpassword1', [CAT, BOB, CAT]);

    // English draughts: Black, the second seat (bob), moves first; the options after the userids.
    const [draughts, draughtsInvitation] = await command(ANN, 'draughts challenge ann bob -variant=english', [
      ANN,
      BOB,
    ]);
    expect(draughts?.text).toContain('Black (bob) moves first');
    expect(draughtsInvitation?.text).toContain('Black (bob) moves first');
    const [started] = await command(BOB, 'draughts accept bob bobpassword1', [BOB, ANN, BOB]);
    expect(started?.text).toContain('board 3 has started (bob, Black, moves first)');
    await command(BOB, 'draughts move 3 bob bobpassword1 11-15#1', [BOB, ANN]);

    // Tactorus is simultaneous: nobody "moves first".
    const [tactorus] = await command(ANN, 'tactorus challenge ann cat', [ANN, CAT]);
    expect(tactorus?.text).toContain('Both sides give their orders at once');
    expect(tactorus?.text).not.toContain('moves first');

    // The same challenge from an address that is not ann's: ann confirms it by replying from hers.
    const [waiting, ask] = await command(STRANGER, 'force400 challenge ann cat', [STRANGER, ANN]);
    expect(waiting?.subject).toBe('Force 400 Challenge Waiting');
    expect(ask?.subject).toBe('force400 challenge ann cat');
    const [confirmed] = await command(ANN, `Re: ${ask?.subject ?? ''}`, [ANN, CAT]);
    expect(confirmed?.subject).toMatch(/^Force 400 Challenge \d+$/);

    // show of two boards, and of a userid.
    const [two] = await command(CAT, 'tactics show 1 2', [CAT]);
    expect(two?.subject).toBe('Tactics Boards 1 2');
    expect(two?.text).toContain('Tactics Board 1 ann');
    expect(two?.text).toContain('Tactics Board 2 bob');
    const [ofBob] = await command(CAT, 'draughts show bob active', [CAT]);
    expect(ofBob?.text).toMatch(/\b3 {2}ann vs bob/);
    await command(ANN, 'tactics showas ann annpassword1 all', [ANN]);
    const [everywhere] = await command(CAT, 'all show bob next', [CAT]);
    expect(everywhere?.subject).toBe('Tactica Boards of bob');

    // move … propose, then accept as a move: an agreed draw.
    await command(ANN, 'draughts move 3 ann annpassword1 propose', [ANN, BOB]);
    const [drawn] = await command(BOB, 'draughts move 3 bob bobpassword1 accept', [BOB, ANN]);
    expect(drawn?.text).toContain('Result: a draw (agreed)');

    // move … swap: none of our games has one; the refusal names the form that works.
    const [swap] = await command(ANN, 'tactics move 1 ann annpassword1 swap', [ANN]);
    expect(swap?.text).toContain('pbm/no-swap');
    expect(swap?.text).toContain('tactics move 1 userid password <move>');

    // resign as a move.
    const [resigned] = await command(ANN, 'tactics move 1 ann annpassword1 resign', [ANN, BOB]);
    expect(resigned?.text).toContain('Result: bob (Black) wins (resigned)');

    // ratings, and the rules by mail.
    const [ratings] = await command(CAT, 'tactics ratings', [CAT]);
    expect(ratings?.subject).toBe('Tactics Standings');
    expect(ratings?.text).toContain('bob');
    const [rules] = await command(CAT, 'tactics rules', [CAT]);
    expect(rules?.text).toContain('Help for Tactics');
    expect(rules?.text).toContain('FLIPPING');
    const [helpGame] = await command(CAT, 'help tactorus', [CAT]);
    expect(helpGame?.text).toContain('Help for Tactorus');
    const [help] = await command(CAT, 'draughts help', [CAT]);
    expect(help?.text).toContain('OPTIONS');
    expect(help?.text).toContain('COMMANDS');

    // multiple: the body's lines, one reply.
    const [several] = await command(CAT, 'multiple', [CAT], 'tactics ratings\nforce400 rules\ntactics show 99');
    expect(several?.text).toContain('2 of 3 commands carried out');
    expect(several?.text).toContain('pbm/unknown-board');

    // add: one more address, confirmed first.
    const [added] = await command(CAT, 'add cat catpassword1 cat@second.example', [CAT, 'cat@second.example']);
    expect(added?.text).toContain('Waiting for confirmation');

    // broadcast: only to the players who opted in, by one who did, once a day.
    const [notIn] = await command(CAT, 'broadcast cat catpassword1', [CAT], 'Anyone for a game?');
    expect(notIn?.text).toContain('pbm/not-opted-in');
    expect(notIn?.text).toContain('broadcast userid password on');
    // (The day's count is by calendar day: start this part at the beginning of one.)
    clock.t = Math.ceil(clock.t / 86_400_000) * 86_400_000;
    await command(ANN, 'broadcast ann annpassword1 on', [ANN]);
    await command(CAT, 'broadcast cat catpassword1 on', [CAT]);
    const [sentOut, toAnn] = await command(CAT, 'broadcast cat catpassword1', [CAT, ANN], 'Anyone for a game?');
    expect(sentOut?.text).toContain('Sent to 1 player who take broadcasts.');
    expect(toAnn?.subject).toBe('Tactica Broadcast from cat');
    const [again] = await command(CAT, 'broadcast cat catpassword1', [CAT], 'Anyone at all?');
    expect(again?.text).toContain('rate/broadcast');

    // signoff and delete: refused while boards are in progress; the records stay.
    const [busy] = await command(CAT, 'signoff cat catpassword1', [CAT]);
    expect(busy?.text).toContain('pbm/games-in-progress');
    await signUp('dan', 'dan@example.org');
    const [gone] = await command('dan@example.org', 'delete dan danpassword1', ['dan@example.org']);
    expect(gone?.subject).toBe('Tactica Delete');
    const [after] = await command(CAT, 'tactics move 1 dan danpassword1 c1-c7', [CAT]);
    expect(after?.text).toMatch(/auth\/bad-credentials|game\/over/);

    // A mail program's reply to a board mail: the Subject is the board mail's, the move the body's first line.
    const [replied, heard] = await command(
      BOB,
      `Re: ${bobStart?.subject ?? ''}`,
      [BOB, CAT],
      'c1-c7#1\n\nYour move, cat.\n\nOn Mon, cat wrote:\n> old text',
      bobStart?.replyTo,
    );
    expect(replied?.subject).toBe('Tactics Board 2 cat');
    expect(heard?.text).toContain('Comment from bob:\n  Your move, cat.');
    // An error there names the board's game.
    const [wrong] = await command(BOB, 'Re: Tactics Board 2 cat', [BOB], 'zz-zz', bobStart?.replyTo);
    expect(wrong?.subject).toBe('Tactics Board 2 Error');
    expect(wrong?.text).toContain('cat is to move; and "zz-zz" is not a move either');
    // The move echoed as the game writes it, not as typed.
    const [echoed] = await command(CAT, 'tactics move 2 cat catpassword1 g8f7', [CAT, BOB]);
    expect(echoed?.text).toMatch(/^cat played g8-f7\./);

    // A move through the API is mailed with its "X played Y" line, as a mail's move is.
    const bobApi = new Client(server.url);
    const login = await bobApi.request<{ token: string }>('POST', '/api/login', {
      name: 'bob',
      password: 'bobpassword1',
      kind: 'bearer',
    });
    bobApi.token = login.body.token;
    const seen = await bobApi.request<{ version: number }>('GET', '/api/games/2');
    transcript.push('=== bob plays d1-d5 through the API');
    clock.t += 3_600_000;
    const played = await bobApi.request('POST', '/api/games/2/move', { version: seen.body.version, move: 'd1-d5' });
    expect(played.status).toBe(200);
    const toCat = await sink.to(CAT, 'the API move');
    await sink.to(BOB, 'the API move');
    await server.pbm.notifier.idle();
    transcript.push(mask(`To: ${CAT}\nSubject: ${toCat.subject}\n\n${toCat.text}`).trimEnd());
    expect(toCat.text).toMatch(/^bob played d1-d5\./);
    // The end's mail to the side that did not move last has a reply address too.
    const [, endToCat] = await command(BOB, 'tactics move 2 bob bobpassword1 resign', [BOB, CAT]);
    expect(endToCat?.subject).toBe('Tactics Board 2 Game Over');
    expect(endToCat?.replyTo).toMatch(/^board-2-/);

    // The challenges waiting: the open seeks, and with a password those to and from you.
    const [waitingList] = await command(CAT, 'tactorus challenges cat catpassword1', [CAT]);
    expect(waitingList?.text).toContain('ann -> cat');
    expect(waitingList?.text).toContain('to accept: tactorus accept userid password 4');

    // A vacation: the opponent's board mail says why, and that the turn's clock starts later.
    await command(CAT, 'force400 accept cat catpassword1 5', [CAT, ANN, CAT]);
    transcript.push('=== ann@example.org -> pbm@pbm.example: vacation ann annpassword1 3');
    clock.t += 3_600_000;
    await sender.send({ from: ANN, to: GW, subject: 'vacation ann annpassword1 3' });
    const awayMail = await sink.take((m) => m.to.includes(CAT) && m.subject.startsWith('Force 400 Board'), 'vacation');
    await server.pbm.notifier.idle();
    transcript.push(mask(`To: ${CAT}\nSubject: ${awayMail.subject}\n\n${awayMail.text}`).trimEnd());
    expect(awayMail.text).toMatch(/^ann is on vacation until .*: the clock of this board waits until then\./);
    expect(awayMail.text).toContain("This turn's clock starts");

    // The API says the same results: the resignation, the agreed draw.
    const api = new Client(server.url);
    const one = await api.request<{ outcome: { reason: string } }>('GET', '/api/games/1');
    expect(one.body.outcome.reason).toBe('resigned');
    const draw = await api.request<{ outcome: { reason: string } }>('GET', '/api/games/3');
    expect(draw.body.outcome.reason).toBe('agreed');

    const text = `${transcript.join('\n\n')}\n`;
    if (process.env['UPDATE_GOLDEN']) {
      mkdirSync(dirname(GOLDEN.pathname), { recursive: true });
      writeFileSync(GOLDEN, text);
    }
    expect(text).toBe(readFileSync(GOLDEN, 'utf8'));
  }, 120_000);
});
