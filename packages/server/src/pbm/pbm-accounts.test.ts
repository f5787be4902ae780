/**
 * Accounts by mail, over real SMTP on loopback both ways: a password change or a log-out everywhere — in the API or
 * by mail — ends the old reply addresses of the user's boards (the mail's confirmation lists the new ones); an
 * address is someone's, and gets game mail, only once it has confirmed, so claiming another's address at signup
 * neither reaches its owner's mailbox with game mail nor keeps the owner out; a password with blanks and quotes can
 * be written in a Subject.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, eventually, startTestServer, type TestServer } from '../testing/server.js';
import { confirmByReply, MailSender, MailSink, type SinkMail } from './testing.js';

const DAY = 86_400_000;
const GW = 'pbm@pbm.example';
const addr = (name: string): string => `${name}@example.org`;

interface View {
  version: number;
  moves: string[];
  legal: { notation: string }[];
}

describe('accounts by mail', () => {
  let sink: MailSink;
  let server: TestServer;
  let sender: MailSender;
  const clock = { t: Date.UTC(2026, 2, 2, 8) };

  beforeAll(async () => {
    sink = await MailSink.start();
    server = await startTestServer('sqlite', {
      now: () => clock.t,
      pbm: { smtpPort: 0, relay: sink.url, domain: 'pbm.example' },
    });
    sender = new MailSender(server.pbm.smtp?.port ?? 0);
  }, 60_000);
  afterAll(async () => {
    sender?.close();
    await server?.close();
    await sink?.close();
  });

  /** Sends a command and takes the next mail to each of `expect` (addresses), in that order. */
  async function mail(
    from: string,
    subject: string,
    expect: readonly string[] = [from],
    to = GW,
    body?: string,
  ): Promise<SinkMail[]> {
    await sender.send({ from, to, subject, ...(body !== undefined ? { text: body } : {}) });
    const got: SinkMail[] = [];
    for (const a of expect) got.push(await sink.to(a, `the mail to ${a} after "${subject}"`));
    await server.pbm.notifier.idle();
    return got;
  }

  async function reply(from: string, subject: string, to = GW): Promise<SinkMail> {
    return (await mail(from, subject, [from], to))[0] as SinkMail;
  }

  async function signUp(name: string, password = `${name}-password`): Promise<void> {
    const welcome = await reply(addr(name), `signup ${name} ${password}`);
    await confirmByReply(sender, sink, addr(name), welcome);
  }

  async function api(name: string, password = `${name}-password`): Promise<Client> {
    const c = new Client(server.url);
    const r = await c.request<{ token: string }>('POST', '/api/login', { name, password, kind: 'bearer' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    c.token = r.body.token;
    return c;
  }

  /** A board as `as` sees it (its legal moves, when they are to move), or as anyone does. */
  async function view(id: number, as = new Client(server.url)): Promise<View> {
    return (await as.request<View>('GET', `/api/games/${id}`)).body;
  }

  /** A board of `a` (first) and `b` started by mail; the reply address of each from their start mails. */
  async function board(a: string, b: string): Promise<{ id: number; replyTo: Record<string, string> }> {
    const made = await reply(addr(a), `tactics challenge ${a} ${a}-password ${b}`);
    await sink.to(addr(b), `the challenge to ${b}`);
    const id = /Challenge (\d+)/.exec(made.subject)?.[1];
    const [accepted, startA, startB] = await mail(addr(b), `tactics accept ${b} ${b}-password ${id}`, [
      addr(b),
      addr(a),
      addr(b),
    ]);
    const n = Number(/board (\d+) has started/.exec(accepted?.text ?? '')?.[1]);
    expect(n, accepted?.text).toBeGreaterThan(0);
    return { id: n, replyTo: { [a]: startA?.replyTo ?? '', [b]: startB?.replyTo ?? '' } };
  }

  /** Every mail the sink holds for `address` once the gateway is idle (none expected). */
  async function mailsTo(address: string): Promise<SinkMail[]> {
    await server.pbm.notifier.idle();
    // A mail to the gateway's own help, answered after everything sent before it: the sink is up to date then.
    await reply(addr('probe'), 'help');
    return sink.mails.filter((m) => m.to.includes(address));
  }

  it('after a password change in the API, an old reply address is refused and its sender hears only that', async () => {
    await signUp('ann');
    await signUp('bob');
    const { id, replyTo } = await board('ann', 'bob');
    await mail(addr('ann'), `tactics move ${id} ann ann-password c1-c7#1`, [addr('ann'), addr('bob')]);
    const bob = await api('bob');
    const changed = await bob.request('POST', '/api/account/password', {
      oldPassword: 'bob-password',
      newPassword: 'bob-password-2',
    });
    expect(changed.status).toBe(204);
    const before = await view(id, bob);
    const bobMove = before.legal[0]?.notation ?? '';
    // Someone who read Bob's old mails writes to the reply address from elsewhere: a move, then a chat.
    const forger = 'mallet@evil.example';
    const [refused] = await mail(forger, `move ${bobMove}#2`, [forger], replyTo['bob']);
    expect(refused?.text).toContain('pbm/bad-reply-address');
    // The refusal is not the board: no diagram, no reply address.
    expect(refused?.text).not.toContain('A   B   C');
    expect(refused?.replyTo).toBeUndefined();
    const [chat] = await mail(forger, 'chat', [forger], replyTo['bob'], 'I am Bob now');
    expect(chat?.text).toContain('pbm/bad-reply-address');
    expect(await view(id, bob)).toEqual(before);
    expect(await mailsTo(forger)).toEqual([]);
    expect(await mailsTo(addr('ann'))).toEqual([]);
    // The new reply address comes with Bob's next board mail, and works.
    const moved = await bob.request('POST', `/api/games/${id}/move`, { version: before.version, move: bobMove });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const [, toBob] = [await sink.to(addr('ann')), await sink.to(addr('bob'))];
    expect(toBob.replyTo).toMatch(new RegExp(`^board-${id}-[a-z2-7]{24}@pbm\\.example$`));
    expect(toBob.replyTo).not.toBe(replyTo['bob']);
    const annMove = (await view(id, await api('ann'))).legal[0]?.notation ?? '';
    await mail(addr('ann'), `tactics move ${id} ann ann-password ${annMove}#3`, [addr('ann'), addr('bob')]);
    const next = (await view(id, bob)).legal[0]?.notation ?? '';
    const [played] = await mail(addr('bob'), `move ${next}#4`, [addr('bob'), addr('ann')], toBob.replyTo);
    expect(played?.subject, played?.text).toMatch(new RegExp(`^Tactics Board ${id} `));
    expect((await view(id)).moves).toHaveLength(4);
  });

  it('a password changed by mail lists the new reply addresses, which work; the old ones are refused', async () => {
    await signUp('cat');
    await signUp('dan');
    const first = await board('cat', 'dan');
    const second = await board('dan', 'cat');
    const changed = await reply(addr('cat'), 'change password cat cat-password cat-password-2');
    expect(changed.subject).toBe('Tactica Password');
    const listed = [...changed.text.matchAll(/board (\d+): (board-\d+-[a-z2-7]{24}@pbm\.example)/g)];
    expect(listed.map((m) => Number(m[1]))).toEqual([first.id, second.id]);
    const fresh = Object.fromEntries(listed.map((m) => [Number(m[1]), m[2] as string]));
    expect(fresh[first.id]).not.toBe(first.replyTo['cat']);
    expect(fresh[second.id]).not.toBe(second.replyTo['cat']);
    // Cat moves first on the first board: the old address is refused, the listed one plays.
    const stale = await reply(addr('cat'), 'move c1-c7#1', first.replyTo['cat']);
    expect(stale.text).toContain('pbm/bad-reply-address');
    expect((await view(first.id)).moves).toEqual([]);
    const [played] = await mail(addr('cat'), 'move c1-c7#1', [addr('cat'), addr('dan')], fresh[first.id]);
    expect(played?.subject).toMatch(new RegExp(`^Tactics Board ${first.id} `));
    expect((await view(first.id)).moves).toHaveLength(1);
  });

  it('a log-out everywhere ends every log-in of the user and gives their boards new reply addresses', async () => {
    await signUp('eli');
    await signUp('fay');
    const { id, replyTo } = await board('eli', 'fay');
    const one = await api('eli');
    const two = await api('eli');
    const cookie = await new Client(server.url).request('POST', '/api/login', {
      name: 'eli',
      password: 'eli-password',
    });
    const session = (cookie.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const heard: unknown[] = [];
    const stop = server.database.onChange((e) => {
      if (e.kind === 'tokens') heard.push(e);
    });
    try {
      expect((await one.request('POST', '/api/logout', { everywhere: true })).status).toBe(204);
      for (const c of [one, two]) expect((await c.request('GET', '/api/account')).status).toBe(401);
      const byCookie = await fetch(`${server.url}/api/account`, { headers: { cookie: session } });
      expect(byCookie.status).toBe(401);
      const user = await server.services.accounts.findByName('eli');
      // The event every instance hears, to forget the tokens and close the user's streams.
      await eventually(async () => (heard.length > 0 ? true : undefined), 5_000, 'the tokens event');
      expect(heard).toContainEqual({ kind: 'tokens', userId: user?.id });
    } finally {
      stop();
    }
    const stale = await reply(addr('eli'), 'move c1-c7#1', replyTo['eli']);
    expect(stale.text).toContain('pbm/bad-reply-address');
    expect((await view(id)).moves).toEqual([]);
    // The password still works, by mail and in the API.
    await api('eli');
    await mail(addr('eli'), `tactics move ${id} eli eli-password c1-c7#1`, [addr('eli'), addr('fay')]);
  });

  it('a log-out everywhere by mail ends the log-ins and lists the new reply addresses', async () => {
    await signUp('hal');
    await signUp('ida');
    const { id, replyTo } = await board('hal', 'ida');
    const browser = await api('hal');
    const out = await reply(addr('hal'), 'logout hal hal-password');
    expect(out.subject).toBe('Tactica Logout');
    expect((await browser.request('GET', '/api/account')).status).toBe(401);
    const fresh = new RegExp(`board ${id}: (board-${id}-[a-z2-7]{24}@pbm\\.example)`).exec(out.text)?.[1];
    expect(fresh, out.text).toBeDefined();
    expect(fresh).not.toBe(replyTo['hal']);
    expect((await reply(addr('hal'), 'move c1-c7#1', replyTo['hal'])).text).toContain('pbm/bad-reply-address');
    const [played] = await mail(addr('hal'), 'move c1-c7#1', [addr('hal'), addr('ida')], fresh);
    expect(played?.subject).toMatch(new RegExp(`^Tactics Board ${id} `));
  });

  it("signing up with someone else's address claims nothing: no game mail there, and its owner signs up with it", async () => {
    const mallory = 'mallory@evil.example';
    const welcome = await reply(mallory, `signup mallory mallory-password ${addr('vera')}`);
    expect(welcome.text).toContain(`Waiting for confirmation (3 days): ${addr('vera')}.`);
    // The token goes to the address, never to the one who asked for it.
    expect(welcome.replyTo).toBeUndefined();
    const ask = await sink.to(addr('vera'), 'the confirmation to vera');
    expect(ask.subject).toBe('Tactica Confirm');
    expect(ask.text).toContain('The player mallory of Tactica asks for the mails of their games to go to');
    expect(await server.pbm.store.userByAddress(addr('vera'))).toBeUndefined();
    // Mallory plays a board: its mails go nowhere near Vera.
    await signUp('gus');
    const made = await reply(mallory, 'tactics challenge mallory mallory-password gus');
    await sink.to(addr('gus'), 'the challenge');
    const id = /Challenge (\d+)/.exec(made.subject)?.[1];
    await mail(addr('gus'), `tactics accept gus gus-password ${id}`, [addr('gus'), addr('gus')]);
    expect(await mailsTo(addr('vera'))).toEqual([]);
    // Vera signs up with her own address and confirms it: it is hers, and Mallory's claim is gone.
    const hers = await reply(addr('vera'), 'signup vera vera-password');
    expect(hers.subject).toBe('Tactica Signup');
    await confirmByReply(sender, sink, addr('vera'), hers);
    expect((await server.pbm.store.userByAddress(addr('vera')))?.name).toBe('vera');
    const late = await reply(addr('vera'), 'Re: Tactica Confirm', ask.replyTo);
    expect(late.text).toContain('pbm/bad-confirmation');
    expect((await server.pbm.store.userByAddress(addr('vera')))?.name).toBe('vera');
    // A confirmed address is refused to anyone else, as before.
    expect((await reply(mallory, `change address mallory mallory-password ${addr('vera')}`)).text).toContain(
      'pbm/address-taken',
    );
  });

  it('strangers send one address at most three confirmation mails; from the address itself it is never refused', async () => {
    const target = addr('zoe');
    const { gateway } = server.pbm;
    for (const n of ['s1', 's2', 's3']) {
      const r = await gateway.handle({ subject: `signup ${n} ${n}-password ${target}`, body: '', from: addr(n) });
      expect(r.text).toContain(`Waiting for confirmation (3 days): ${target}.`);
      await sink.to(target, `the confirmation asked by ${n}`);
    }
    const fourth = await gateway.handle({ subject: `signup s4 s4-password ${target}`, body: '', from: addr('s4') });
    expect(fourth.text).toContain('pbm/address-busy');
    const again = await gateway.handle({
      subject: `change address s4 s4-password ${target}`,
      body: '',
      from: addr('s4'),
    });
    expect(again.code).toBe('pbm/address-busy');
    // Zoe signs up from her address: the reply is her confirmation, whatever waits there.
    const hers = await reply(target, 'signup zoe zoe-password');
    await confirmByReply(sender, sink, target, hers);
    expect((await server.pbm.store.userByAddress(target))?.name).toBe('zoe');
    expect(await mailsTo(target)).toEqual([]);
  });

  it('an unconfirmed claim lapses after three days; asking again sends a new confirmation', async () => {
    const welcome = await reply(addr('nemo'), 'signup nemo nemo-password');
    clock.t += 3 * DAY + 60_000;
    const lapsed = await reply(addr('nemo'), 'Re: Tactica Signup', welcome.replyTo);
    expect(lapsed.text).toContain('pbm/bad-confirmation');
    expect(await server.pbm.store.userByAddress(addr('nemo'))).toBeUndefined();
    const again = await reply(addr('nemo'), `change address nemo nemo-password ${addr('nemo')}`);
    expect(again.subject).toBe('Tactica Address');
    await confirmByReply(sender, sink, addr('nemo'), again);
    expect((await server.pbm.store.userByAddress(addr('nemo')))?.name).toBe('nemo');
  });

  it('a password with blanks and quotes is written in quotes with \\" and works by mail and in the API', async () => {
    const password = 'my "quoted"  pass word';
    const quoted = '"my \\"quoted\\"  pass word"';
    const welcome = await reply(addr('quinn'), `signup quinn ${quoted}`);
    expect(welcome.subject, welcome.text).toBe('Tactica Signup');
    await confirmByReply(sender, sink, addr('quinn'), welcome);
    expect((await reply(addr('quinn'), `notify quinn ${quoted} turn`)).subject).toBe('Tactica Notify');
    await api('quinn', password);
    // A backslash, and a # that is no move number inside the quotes.
    const changed = await reply(addr('quinn'), `change password quinn ${quoted} "back\\\\slash #3"`);
    expect(changed.subject, changed.text).toBe('Tactica Password');
    await api('quinn', 'back\\slash #3');
  });
});
