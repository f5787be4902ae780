/**
 * A whole game of Tactics by mail over real SMTP on loopback: the players' mails go to the gateway's SMTP listener
 * (nodemailer sending), the gateway's replies go through nodemailer to a test SMTP sink (smtp-server receiving,
 * mailparser reading) — from sign-up and challenge to White's win, kept as a golden transcript of every mail. The
 * boards in the mails are the manual's drawings character for character, and the game goes on in the HTTP API.
 *
 * UPDATE_GOLDEN=1 npx vitest run packages/server/src/pbm/pbm-tactics.test.ts writes the transcript anew.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { tactics, renderDiagram } from '@tactica/tactics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestServer, type TestServer } from '../testing/server.js';
import { confirmByReply, MailSender, MailSink, type SinkMail } from './testing.js';

const GOLDEN = new URL('../../testdata/pbm/tactics-game.txt', import.meta.url);
const MANUAL_START = new URL('../../../tactics/testdata/manual/0-starting-board.txt', import.meta.url);

/** White wins in 19 plies: Black is left without a move (found by a greedy search over both sides). */
const LINE = [
  'c1-c7',
  'g8-f7',
  'd1-d5',
  'h8-e5',
  'b1-f5',
  'a8-b7',
  'a1-a7',
  'f7-g8',
  'h1-h7',
  'f8-f6',
  'h7-f7',
  'e8-e7',
  'd5-d7',
  'd8-e8',
  'd7-d8',
  'g8-h7',
  'f5-g6',
  'h7-g8',
  'g6-h7',
];

class FakeClock {
  t = Date.UTC(2026, 0, 5, 9);
  readonly now = (): number => this.t;
}

const ANN = 'ann@example.org';
const BOB = 'bob@example.net';

describe('Tactics by mail, from the challenge to a win', () => {
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

  /** The secret tokens of reply addresses, named in the order they first appear. */
  function mask(text: string): string {
    return text
      .replace(/board-(\d+)-([a-z2-7]{24})@/g, (_all, board: string, token: string) => {
        if (!tokens.has(token)) tokens.set(token, `token${tokens.size + 1}`);
        return `board-${board}-<${tokens.get(token) ?? ''}>@`;
      })
      .replace(/\b(confirm[- ])[a-z2-7]{24}\b/g, '$1<confirmation>');
  }

  function record(m: SinkMail): void {
    let text = `To: ${m.to.join(', ')}\nSubject: ${m.subject}\n`;
    if (m.replyTo) text += `Reply-To: ${m.replyTo}\n`;
    transcript.push(mask(`${text}\n${m.text}`).trimEnd());
  }

  /** Sends a command and takes the mails it makes: one to each address named, in that order in the transcript. */
  async function command(
    from: string,
    subject: string,
    expect: readonly string[],
    body?: string,
    to = 'pbm@pbm.example',
  ) {
    transcript.push(mask(`=== ${from} -> ${to}: ${subject}${body ? `\n${body}` : ''}`));
    clock.t += 3_600_000;
    await sender.send({ from, to, subject, ...(body !== undefined ? { text: body } : {}) });
    const got: SinkMail[] = [];
    for (const address of expect) got.push(await sink.to(address, `the mail to ${address} after "${subject}"`));
    await server.pbm.notifier.idle();
    for (const m of got) record(m);
    return got;
  }

  it('plays the whole game by mail and continues it in the API', async () => {
    // Each signs up and confirms the address by replying to the welcome (not in the transcript).
    const [welcome] = await command(ANN, 'signup ann annpassword1', [ANN]);
    expect(welcome?.subject).toBe('Tactica Signup');
    await confirmByReply(sender, sink, ANN, welcome as SinkMail);
    const [bobWelcome] = await command(BOB, 'signup bob bobpassword1 bob@example.net', [BOB]);
    await confirmByReply(sender, sink, BOB, bobWelcome as SinkMail);
    const [sent, invitation] = await command(ANN, 'tactics challenge ann annpassword1 bob', [ANN, BOB]);
    expect(sent?.subject).toBe('Tactics Challenge 1');
    expect(invitation?.subject).toBe('Tactics Challenge 1 from ann');
    const [accepted, startAnn, startBob] = await command(BOB, 'tactics accept bob bobpassword1', [BOB, ANN, BOB]);
    expect(accepted?.text).toContain('board 1 has started');
    expect(startAnn?.subject).toBe('Tactics Board 1 ann');
    expect(startBob?.subject).toBe('Tactics Board 1 ann');

    // The board of the start mail is the manual's starting board, character for character.
    const manual = readFileSync(MANUAL_START, 'utf8').replace(/\n$/, '');
    expect(startAnn?.text).toContain(`\n${manual}\n`);
    expect(manual).toBe(renderDiagram(tactics.initial()));

    // Ann moves with her password, Bob by replying to his board address; each move names its number.
    let s = tactics.initial();
    for (const [i, move] of LINE.entries()) {
      const white = i % 2 === 0;
      const me = white ? ANN : BOB;
      const other = white ? BOB : ANN;
      const n = i + 1;
      const mails = white
        ? await command(
            me,
            `tactics move 1 ann annpassword1 ${move}#${n}`,
            [me, other],
            n === 1 ? 'Good luck!' : undefined,
          )
        : await command(me, `move ${move}#${n}`, [me, other], undefined, startBob?.replyTo);
      const parsed = tactics.tryPlay(s, move);
      if (!parsed.ok) throw new Error(parsed.error.message);
      s = parsed.value;
      for (const m of mails) {
        // Every mail after a move draws the board exactly as renderDiagram (checked against the manual) does.
        expect(m.text).toContain(`\n${renderDiagram(s)}\n`);
        expect(m.subject).toBe(
          n === LINE.length ? 'Tactics Board 1 Game Over' : `Tactics Board 1 ${white ? 'bob' : 'ann'}`,
        );
      }
    }
    expect(tactics.outcome(s)).toMatchObject({ kind: 'win', winner: 0 });
    const final = transcript.at(-1) ?? '';
    expect(final).toContain('Result: ann (White) wins (no moves).');

    // A late copy of Ann's first move is refused by its number and changes nothing.
    const [stale] = await command(ANN, 'tactics move 1 ann annpassword1 c1-c7#1', [ANN]);
    expect(stale?.subject).toBe('Tactics Board 1 Error');
    expect(stale?.text).toContain('game/over');

    // The game is the server's: the API shows the same moves and result.
    const api = new Client(server.url);
    const view = await api.request<{ moves: string[]; outcome: { winner: number } }>('GET', '/api/games/1');
    expect(view.body.moves).toEqual(LINE);
    expect(view.body.outcome.winner).toBe(0);

    const text = `${transcript.join('\n\n')}\n`;
    if (process.env['UPDATE_GOLDEN']) {
      mkdirSync(dirname(GOLDEN.pathname), { recursive: true });
      writeFileSync(GOLDEN, text);
    }
    expect(text).toBe(readFileSync(GOLDEN, 'utf8'));
  });
});
