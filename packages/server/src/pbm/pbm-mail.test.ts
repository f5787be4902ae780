/**
 * Every verb of the mail grammar over real SMTP on loopback both ways (players' mails into the gateway's listener,
 * its mails through nodemailer into a test sink), on a server clock the test moves: accounts, challenges and seeks,
 * moves, proposals, undo, resignation, premoves, submit and confirm, previews, chat, subscriptions, settings, lists,
 * replays, reminders and forfeits, vacation — and a game of each sequential family by mail, continued in the API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, eventually, startTestServer, type TestServer } from '../testing/server.js';
import { confirmByReply, MailSender, MailSink, type SinkMail } from './testing.js';

const DAY = 86_400_000;

class FakeClock {
  t = Date.UTC(2026, 2, 2, 8);
  readonly now = (): number => this.t;
}

interface View {
  version: number;
  moves: string[];
  status: string;
  toAct: number[];
  legal: { notation: string }[];
  outcome: { kind: string; winner?: number; reason: string } | null;
}

describe('every command by mail', () => {
  let sink: MailSink;
  let server: TestServer;
  let sender: MailSender;
  const clock = new FakeClock();
  const GW = 'pbm@pbm.example';
  const addr = (name: string): string => `${name}@example.org`;

  beforeAll(async () => {
    sink = await MailSink.start();
    server = await startTestServer('sqlite', {
      now: clock.now,
      scheduler: { pollMs: 20 },
      pbm: { smtpPort: 0, relay: sink.url, domain: 'pbm.example' },
    });
    sender = new MailSender(server.pbm.smtp?.port ?? 0);
    for (const name of ['ann', 'bob', 'cat', 'dan']) {
      const [welcome] = await mail(name, `signup ${name} ${name}-password`, [name]);
      await confirmByReply(sender, sink, addr(name), welcome as SinkMail);
    }
  }, 60_000);
  afterAll(async () => {
    sender?.close();
    await server?.close();
    await sink?.close();
  });

  /** Sends a command from `name` and takes the mails it makes to each of `expect` (names), in that order. */
  async function mail(
    name: string,
    subject: string,
    expect: readonly string[] = [name],
    body?: string,
    to = GW,
  ): Promise<SinkMail[]> {
    await sender.send({ from: addr(name), to, subject, ...(body !== undefined ? { text: body } : {}) });
    const got: SinkMail[] = [];
    for (const n of expect) got.push(await sink.to(addr(n), `the mail to ${n} after "${subject}"`));
    await server.pbm.notifier.idle();
    return got;
  }

  async function reply(name: string, subject: string, body?: string): Promise<SinkMail> {
    return (await mail(name, subject, [name], body))[0] as SinkMail;
  }

  async function view(id: number): Promise<View> {
    return (await new Client(server.url).request<View>('GET', `/api/games/${id}`)).body;
  }

  /** A board of `family` between two of the players, started by mail; the mails of its start taken. */
  async function board(family: string, a: string, b: string, options = ''): Promise<number> {
    const made = await reply(a, `${family} challenge ${options} ${a} ${a}-password ${b}`.replace(/\s+/g, ' '));
    const id = /Challenge (\d+)/.exec(made.subject)?.[1];
    await sink.to(addr(b), `the challenge to ${b}`);
    const [accepted] = await mail(b, `${family} accept ${b} ${b}-password ${id}`, [b, a, b]);
    const n = Number(/board (\d+) has started/.exec(accepted?.text ?? '')?.[1]);
    expect(n).toBeGreaterThan(0);
    return n;
  }

  it('global commands: help, list, change address and password, message, vacation', async () => {
    expect((await reply('ann', 'help')).text).toContain('Tactica plays five games by e-mail');
    expect((await reply('ann', 'help challenge')).text).toContain('--nagtime=D');
    expect((await reply('ann', 'list')).text).toContain('tactorus');
    const changed = await reply('dan', 'change address dan dan-password dan@example.org dan2@example.org');
    expect(changed.text).toContain('Your mails go to dan@example.org.');
    expect(changed.text).toContain('Waiting for confirmation (3 days): dan2@example.org.');
    // The new address gets game mails once it answers the mail that asks it to confirm.
    await confirmByReply(sender, sink, addr('dan2'), await sink.to(addr('dan2'), 'the confirmation to dan2'));
    const [sent, heard] = await mail('ann', 'message ann ann-password dan', ['ann', 'dan'], 'Fancy a game?');
    expect(sent?.subject).toBe('Tactica Message');
    // One mail to all of Dan's addresses.
    expect(heard?.to).toEqual(['dan@example.org', 'dan2@example.org']);
    expect(heard?.subject).toBe('Tactica Message from ann');
    expect(heard?.text).toContain('Fancy a game?');
    await reply('dan', 'change address dan dan-password dan@example.org');
    expect((await reply('cat', 'change password cat cat-password cat-password-2')).subject).toBe('Tactica Password');
    const stale = await reply('cat', 'notify cat cat-password all');
    expect(stale.text, stale.text).toContain('auth/bad-credentials');
    await reply('cat', 'change password cat cat-password-2 cat-password');
    const away = await reply('bob', 'vacation bob bob-password 10');
    expect(away.text).toContain('away for 10 days');
    const row = await server.database.db
      .selectFrom('users')
      .select('vacation_until')
      .where('name', '=', 'bob')
      .executeTakeFirstOrThrow();
    expect(row.vacation_until).toBe(clock.t + 10 * DAY);
    await reply('bob', 'vacation bob bob-password off');
  });

  it('challenge with options, seek, reject, accept; games, show, showas, list games', async () => {
    const made = await reply(
      'ann',
      'draughts challenge -variant=russian --nagtime=2 --forfeittime=5 ann ann-password bob',
    );
    expect(made.text).toContain('variant=russian');
    expect(made.text).toContain('reminder after 2 days, forfeit after 5');
    const invite = await sink.to(addr('bob'));
    const id = /Challenge (\d+)/.exec(invite.subject)?.[1];
    expect((await reply('bob', `draughts reject bob bob-password ${id}`)).text).toContain('rejected');
    expect((await reply('ann', 'draughts challenge -speed=3 ann ann-password bob')).text).toContain('pbm/bad-option');
    expect((await reply('ann', 'draughts challenge -variant=klingon ann ann-password bob')).text).toContain('options/');
    const seek = await reply('cat', 'tactrix seek cat cat-password');
    const seekId = /Seek (\d+)/.exec(seek.text)?.[1];
    const [taken] = await mail('dan', `tactrix accept dan dan-password ${seekId}`, ['dan', 'cat', 'dan']);
    const n = Number(/board (\d+)/.exec(taken?.text ?? '')?.[1]);
    expect((await reply('dan', 'tactrix games dan')).text).toMatch(new RegExp(`\\s${n}\\s+cat vs dan`));
    expect((await reply('dan', 'tactrix games dan next')).text).toBe('No boards.\n');
    expect((await reply('dan', 'tactrix games cat next')).text).toContain(`${n}`);
    expect((await reply('dan', `tactrix show ${n}`)).subject).toBe(`Tactrix! Board ${n} cat`);
    const mine = await reply('dan', `tactrix showas dan dan-password ${n}`);
    expect(mine.replyTo).toMatch(new RegExp(`^board-${n}-[a-z2-7]{24}@pbm\\.example$`));
    expect((await reply('ann', `tactrix showas ann ann-password ${n}`)).text).toContain('game/not-a-player');
    expect((await reply('dan', 'list games')).text).toContain('cat vs dan');
    expect((await reply('dan', `draughts show ${n}`)).text).toContain('pbm/wrong-game');
  });

  it('moves, propose and answer a draw, undo and answer it, resign; history, standings, replay', async () => {
    const n = await board('tactics', 'ann', 'bob');
    const [, heard] = await mail('ann', `tactics move ${n} ann ann-password c1-c7#1`, ['ann', 'bob']);
    expect(heard?.subject).toBe(`Tactics Board ${n} bob`);
    const [offer, toAnn] = await mail('bob', `tactics propose ${n} bob bob-password draw`, ['bob', 'ann']);
    expect(offer?.text).toContain('bob proposes a draw');
    expect(toAnn?.text).toContain('bob proposes a draw');
    const [rejected] = await mail('ann', `tactics reject ${n} ann ann-password`, ['ann', 'bob']);
    expect(rejected?.text).toContain('rejects the draw');
    await mail('bob', `tactics board ${n} bob bob-password g8-f7#2`, ['bob', 'ann']);
    const [asked] = await mail('bob', `tactics undo ${n} bob bob-password`, ['bob', 'ann']);
    expect(asked?.text).toContain('bob asks to undo their last move');
    expect((await reply('bob', `tactics accept ${n} bob bob-password`)).text).toContain('pbm/nothing-to-answer');
    await mail('ann', `tactics accept ${n} ann ann-password`, ['ann', 'bob']);
    expect((await view(n)).moves).toEqual(['c1-c7']);
    await mail('bob', `tactics move ${n} bob bob-password g8-f7#2`, ['bob', 'ann']);
    await mail('ann', `tactics undo ${n} ann ann-password`, ['ann', 'bob']);
    await mail('bob', `tactics reject ${n} bob bob-password`, ['bob', 'ann']);
    expect((await view(n)).moves).toEqual(['c1-c7', 'g8-f7']);
    const replay = await reply('cat', `tactics replay ${n} 1`);
    expect(replay.text).toContain('after move 1');
    expect(replay.text).toContain('7 |   |:::| R |:::|   |:::|   |:::| 7');
    expect((await reply('cat', `tactics show ${n}#2`)).text).toContain('before move #2');
    const [resigned] = await mail('ann', `tactics resign ${n} ann ann-password#3`, ['ann', 'bob']);
    expect(resigned?.subject).toBe(`Tactics Board ${n} Game Over`);
    expect(resigned?.text).toContain('Result: bob (Black) wins (resigned).');
    expect((await reply('cat', 'tactics history bob')).text).toContain(`${n}  ann vs bob: bob won (resigned)`);
    expect((await reply('cat', 'tactics standings')).text).toMatch(/1\. bob\s+\d+/);
  });

  it('premoves, submit and confirm, preview, chat, subscribe, notify and limit', async () => {
    const n = await board('tactics', 'cat', 'dan');
    // Dan queues his answer before Cat has moved: it is played when his turn comes.
    expect((await reply('dan', `tactics queue ${n} dan dan-password g8-f7`)).text).toContain('Waiting: g8-f7');
    await mail('cat', `tactics move ${n} cat cat-password c1-c7#1`, ['cat', 'dan', 'cat', 'dan']);
    expect((await view(n)).moves).toEqual(['c1-c7', 'g8-f7']);
    // A premove that is not legal when its turn comes clears the queue, and its player is told.
    await reply('dan', `tactics queue ${n} dan dan-password a1-a2`);
    await sender.send({ from: addr('cat'), to: GW, subject: `tactics move ${n} cat cat-password d1-d5#3` });
    await sink.to(addr('cat'));
    const refused = await sink.take(
      (m) => m.to.includes(addr('dan')) && m.subject.endsWith('Error'),
      'the premove error',
    );
    await sink.take((m) => m.to.includes(addr('dan')) && m.subject === `Tactics Board ${n} dan`, 'the move to dan');
    expect(refused?.text).toContain('Your queued move a1-a2');
    expect((await reply('dan', `tactics queue ${n} dan dan-password`)).text).toContain('is empty (0 removed)');
    // Submit shows the board after the move; confirm plays it; a confirm after the board changed is refused.
    const preview = await reply('dan', `tactics submit ${n} dan dan-password h8-e5#4`);
    expect(preview.text).toContain('is legal; it is not played yet');
    expect((await view(n)).moves).toHaveLength(3);
    await mail('dan', `tactics confirm ${n} dan dan-password#4`, ['dan', 'cat']);
    expect((await view(n)).moves).toEqual(['c1-c7', 'g8-f7', 'd1-d5', 'h8-e5']);
    expect((await reply('dan', `tactics confirm ${n} dan dan-password`)).text).toContain('pbm/nothing-to-confirm');
    expect((await reply('cat', `tactics submit ${n} cat cat-password z9-z1`)).text).toContain('move/');
    // Preview: anyone, nothing played.
    const tried = await reply('ann', `tactics preview ${n}#5 b1-f5, a8-b7`);
    expect(tried.text).toContain('After b1-f5, a8-b7:');
    expect((await reply('ann', `tactics preview ${n} b1-b2`)).text).toContain('move/');
    expect((await view(n)).moves).toHaveLength(4);
    // Ann subscribes: she gets the board after each move; chat reaches the players and her.
    await reply('ann', `tactics subscribe ${n} ann ann-password`);
    const [, toDan, toAnn] = await mail('cat', `tactics move ${n} cat cat-password b1-f5#5`, ['cat', 'dan', 'ann']);
    expect(toDan?.subject).toBe(`Tactics Board ${n} dan`);
    expect(toAnn?.replyTo).toBeUndefined();
    const [said, chatDan, chatAnn] = await mail(
      'cat',
      `tactics chat ${n} cat cat-password`,
      ['cat', 'dan', 'ann'],
      'Well played.',
    );
    expect(said?.text).toContain('Sent to the players and subscribers');
    expect(chatDan?.text).toContain('Well played.');
    expect(chatAnn?.subject).toBe(`Tactics Board ${n} Chat from cat`);
    await reply('ann', `tactics unsubscribe ${n} ann ann-password`);
    // Dan wants mail only when he is to act (his turn, or a proposal to answer), then none at all.
    await reply('dan', 'tactics notify dan dan-password turn');
    await mail('dan', `tactics move ${n} dan dan-password a8-b7#6`, ['dan', 'cat']);
    const [, proposal] = await mail('cat', `tactics propose ${n} cat cat-password`, ['cat', 'dan']);
    expect(proposal?.text).toContain('cat proposes a draw');
    await reply('dan', 'tactics notify dan dan-password off');
    await mail('dan', `tactics reject ${n} dan dan-password`, ['dan', 'cat']);
    await reply('cat', `tactics move ${n} cat cat-password a1-a7#7`);
    // Nothing reached Dan for Cat's move: the next mail he gets is the answer to his next command.
    expect((await reply('dan', 'tactics notify dan dan-password all')).subject).toBe('Tactica Notify');
    // A limit of games in progress refuses challenges beyond it.
    await reply('dan', 'tactics limit dan dan-password 1');
    expect((await reply('ann', 'tactics challenge ann ann-password dan')).text).toContain('pbm/over-limit');
    await reply('dan', 'tactics limit dan dan-password none');
  });

  it('reminders after the nag time, forfeit after the forfeit time (correspondence by default)', async () => {
    const n = await board('tactics', 'bob', 'cat', '--nagtime=1 --forfeittime=3');
    clock.t += DAY + 1;
    const reminder = await sink.to(addr('bob'), 'the reminder');
    expect(reminder.subject).toBe(`Reminder: Tactics Board ${n} bob`);
    expect(reminder.text).toContain('Without one by');
    clock.t += 2 * DAY;
    const [over] = await Promise.all([sink.to(addr('bob'), 'the forfeit'), sink.to(addr('cat'), 'the forfeit')]);
    expect(over.subject).toBe(`Tactics Board ${n} Game Over`);
    // A forfeit on time is told as one, not as a resignation (issue 40): in the mails, the history and the API.
    expect(over.text).toContain('Result: cat (Black) wins (on time).');
    expect((await reply('cat', 'tactics history cat')).text).toContain(`${n}  bob vs cat: cat won (on time)`);
    const api = await new Client(server.url).request<{ outcome: { reason: string } }>('GET', `/api/games/${n}`);
    expect(api.body.outcome.reason).toBe('time-forfeit');
  });

  it.each([
    ['draughts', '-variant=english'],
    ['force400', ''],
    ['tactrix', ''],
  ])('a game of %s by mail, continued in the API and ended by mail', async (family, options) => {
    const [a, b] = ['ann', 'bob'];
    const n = await board(family, a, b, options);
    const names = [a, b];
    const seatOf = async (): Promise<View> => view(n);
    for (let i = 0; i < 6; i++) {
      const v = await seatOf();
      const who = names[v.toAct[0] as number] as string;
      const move = v.legal.length ? (v.legal[0]?.notation as string) : '';
      const mover = v.toAct[0] === 0 ? a : b;
      expect(mover).toBe(who);
      // The other side's legal moves: the view of the player to move.
      const client = new Client(server.url);
      const login = await client.request<{ token: string }>('POST', '/api/login', {
        name: who,
        password: `${who}-password`,
        kind: 'bearer',
      });
      client.token = login.body.token;
      const mine = (await client.request<View>('GET', `/api/games/${n}`)).body;
      const text = mine.legal[0]?.notation ?? move;
      const [done] = await mail(who, `${family} move ${n} ${who} ${who}-password ${text}#${mine.moves.length + 1}`, [
        who,
        who === a ? b : a,
      ]);
      expect(done?.subject).not.toContain('Error');
      if (i === 3) {
        // The next move is made in the API by the player to move; the mail players hear of it.
        const w = (await seatOf()).toAct[0] === 0 ? a : b;
        const api = new Client(server.url);
        api.token = (
          await api.request<{ token: string }>('POST', '/api/login', {
            name: w,
            password: `${w}-password`,
            kind: 'bearer',
          })
        ).body.token;
        const cur = (await api.request<View>('GET', `/api/games/${n}`)).body;
        const r = await api.request('POST', `/api/games/${n}/move`, {
          version: cur.version,
          move: cur.legal[0]?.notation,
        });
        expect(r.status).toBe(200);
        const heard = await sink.to(addr(w === a ? b : a), 'the API move by mail');
        expect(heard.subject).toBe(`${heard.subject.split(' Board ')[0]} Board ${n} ${w === a ? b : a}`);
        await sink.to(addr(w), 'the API move to its player');
      }
    }
    const before = await view(n);
    expect(before.moves).toHaveLength(7);
    await mail(a, `${family} resign ${n} ${a} ${a}-password#8`, [a, b]);
    const after = await eventually(async () => {
      const v = await view(n);
      return v.status === 'finished' ? v : undefined;
    });
    expect(after.outcome).toMatchObject({ kind: 'win', winner: 1, reason: 'resigned' });
    expect(after.moves).toEqual(before.moves);
  });
});
