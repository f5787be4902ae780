/**
 * Turn mails over real SMTP on loopback: a web player confirms an address from the web app's API, ticks turn mails,
 * and gets one mail when the opponent's move in a correspondence game makes it their turn — with the move, the
 * game's link on the public URL and how to stop them. None when they did not ask, none in a live game, none while
 * they watch the game on the stream, and no more than the daily cap. In Tactorus, a round carried out is both
 * players' turn.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestServer, type TestServer } from '../testing/server.js';
import { StreamClient } from '../testing/stream-client.js';
import { MailSink } from './testing.js';

interface View {
  id: number;
  version: number;
  legal: { notation: string }[];
}

interface MailView {
  addresses: string[];
  waiting: string[];
  notify: string;
  turnMail: boolean;
  note?: string;
}

const CORRESPONDENCE = { kind: 'correspondence', daysPerMove: 3, nagDays: 1 };
const LIVE = { kind: 'live', mode: 'game', limit: 'normal' };
const PER_DAY = 2;

let server: TestServer;
let sink: MailSink;

beforeAll(async () => {
  sink = await MailSink.start();
  server = await startTestServer('sqlite', {
    pbm: { relay: sink.url, publicUrl: 'https://play.example.org/', turnMailsPerDay: PER_DAY },
  });
});

afterAll(async () => {
  await server.close();
  await sink.close();
});

/** Every mail of the server handed to the relay (the sink holds it once its send resolved). */
async function settled(): Promise<void> {
  await server.pbm.turnMails.idle();
  await server.pbm.notifier.idle();
}

/** A web player whose address is confirmed from the web app: the token of the confirmation mail given back. */
async function withAddress(name: string): Promise<Client> {
  const c = await new Client(server.url).signUp(name);
  const address = `${name}@example.org`;
  const asked = await c.request<MailView>('POST', '/api/account/mail/address', { address });
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  expect(asked.body.waiting).toEqual([address]);
  const confirmation = await sink.to(address, `the confirmation mail to ${address}`);
  const token = /confirm ([a-z2-7]{24})/.exec(confirmation.text)?.[1];
  expect(token, confirmation.text).toBeDefined();
  const confirmed = await c.request<MailView>('POST', '/api/account/mail/confirm', { token });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  // An address asked for from the web gets the mails ticked there, not every board (ours).
  expect(confirmed.body).toMatchObject({ addresses: [address], waiting: [], notify: 'off', turnMail: false });
  return c;
}

async function game(white: Client, black: Client, control: unknown): Promise<number> {
  const ch = await white.request<{ id: number }>('POST', '/api/challenges', {
    family: 'tactics',
    opponent: black.name,
    seat: '0',
    control,
  });
  expect(ch.status, JSON.stringify(ch.body)).toBe(201);
  const accepted = await black.request<{ game: View }>('POST', `/api/challenges/${ch.body.id}/accept`);
  expect(accepted.status).toBe(200);
  return accepted.body.game.id;
}

/** `c` plays its first legal move; the move's text. */
async function move(c: Client, id: number): Promise<string> {
  const v = (await c.request<View>('GET', `/api/games/${id}`)).body;
  const notation = v.legal[0]?.notation;
  if (!notation) throw new Error(`${c.name} has no move in game ${id}`);
  const r = await c.request('POST', `/api/games/${id}/move`, { version: v.version, move: notation });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return notation;
}

function mailsTo(name: string): number {
  return sink.mails.filter((m) => m.to.includes(`${name}@example.org`)).length;
}

describe('turn mails in correspondence games, for players who asked for them', () => {
  it('turn mails are off by default, and the setting is read and set through the API', async () => {
    const c = await new Client(server.url).signUp('tmdefault');
    expect((await c.request<MailView>('GET', '/api/account/mail')).body).toMatchObject({
      addresses: [],
      turnMail: false,
    });
    const on = await c.request<MailView>('PUT', '/api/account/mail', { turnMail: true });
    expect(on.body.turnMail).toBe(true);
    expect((await c.request<MailView>('GET', '/api/account/mail')).body.turnMail).toBe(true);
    expect((await c.request('PUT', '/api/account/mail', { turnMail: 'yes' })).status).toBe(400);
    expect((await new Client(server.url).request('GET', '/api/account/mail')).status).toBe(401);
    // A bad address is refused with its code; a confirmation is the claimant's own to give back.
    const bad = await c.request<{ error: { code: string } }>('POST', '/api/account/mail/address', { address: 'no' });
    expect([bad.status, bad.body.error.code]).toEqual([400, 'pbm/bad-address']);
    await c.request('POST', '/api/account/mail/address', { address: 'tmdefault@example.org' });
    const mail = await sink.to('tmdefault@example.org');
    const token = /confirm ([a-z2-7]{24})/.exec(mail.text)?.[1];
    const other = await new Client(server.url).signUp('tmother');
    const stolen = await other.request<{ error: { code: string } }>('POST', '/api/account/mail/confirm', { token });
    expect([stolen.status, stolen.body.error.code]).toEqual([404, 'pbm/bad-confirmation']);
    expect((await c.request<MailView>('GET', '/api/account/mail')).body.waiting).toEqual(['tmdefault@example.org']);
  });

  it("an opted-in player gets one mail when the opponent's move makes it their turn; an opted-out one none", async () => {
    const ann = await withAddress('tmann');
    const bob = await withAddress('tmbob');
    expect((await ann.request<MailView>('PUT', '/api/account/mail', { turnMail: true })).body.turnMail).toBe(true);
    const id = await game(ann, bob, CORRESPONDENCE);

    // Ann's move makes it Bob's turn: Bob did not ask, and gets nothing.
    await move(ann, id);
    const played = await move(bob, id);
    const mail = await sink.to('tmann@example.org', "Ann's turn mail");
    expect(mail.subject).toBe(`Tactics game ${id}: your move against tmbob`);
    expect(mail.text).toContain(`tmbob played ${played} in your Tactics game ${id} (tmann against tmbob).`);
    expect(mail.text).toContain(`It is your move: https://play.example.org/#online/game/${id}`);
    expect(mail.text).toMatch(/Move by \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    expect(mail.text).toContain('To stop them, untick "Mail me when it is my turn"');
    await settled();
    expect(mailsTo('tmbob')).toBe(0);
    expect(mailsTo('tmann')).toBe(0);

    // One mail a turn, up to the daily cap: the next turn mails again, the one after that is over the cap.
    await move(ann, id);
    await move(bob, id);
    await sink.to('tmann@example.org', "Ann's second turn mail");
    const capped = server.pbm.turnMails.capped;
    await move(ann, id);
    await move(bob, id);
    await settled();
    expect(mailsTo('tmann')).toBe(0);
    expect(server.pbm.turnMails.capped).toBe(capped + 1);
  });

  it('Tactorus: a round carried out mails both players who asked that their orders are due', async () => {
    const eve = await withAddress('tmeve');
    const fay = await withAddress('tmfay');
    for (const c of [eve, fay]) await c.request('PUT', '/api/account/mail', { turnMail: true });
    const ch = await eve.request<{ id: number }>('POST', '/api/challenges', {
      family: 'tactorus',
      opponent: fay.name,
      seat: '0',
      control: CORRESPONDENCE,
    });
    expect(ch.status, JSON.stringify(ch.body)).toBe(201);
    const id = (await fay.request<{ game: View }>('POST', `/api/challenges/${ch.body.id}/accept`)).body.game.id;
    // Eve's orders in first: Fay's turn has not begun anew (no mail); Fay's complete the round: both are mailed.
    for (const c of [eve, fay]) {
      const v = (await c.request<View>('GET', `/api/games/${id}`)).body;
      const r = await c.request('POST', `/api/games/${id}/orders`, { version: v.version, orders: ['done'] });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    for (const [name, opponent] of [
      ['tmeve', 'tmfay'],
      ['tmfay', 'tmeve'],
    ] as const) {
      const mail = await sink.to(`${name}@example.org`, `${name}'s turn mail`);
      expect(mail.subject).toBe(`Tactorus game ${id}: your orders against ${opponent}`);
      expect(mail.text).toContain(`In your Tactorus game ${id} (tmeve against tmfay): Round 1 was carried out`);
      expect(mail.text).toContain(`Your orders for round 2 are due: https://play.example.org/#online/game/${id}`);
    }
    await settled();
    expect(mailsTo('tmeve') + mailsTo('tmfay')).toBe(0);
  });

  it('a live game mails no turn, and neither does a correspondence game the player is watching', async () => {
    const cat = await withAddress('tmcat');
    const dan = await withAddress('tmdan');
    for (const c of [cat, dan]) await c.request('PUT', '/api/account/mail', { turnMail: true });
    const live = await game(cat, dan, LIVE);
    await move(cat, live);
    await move(dan, live);
    await settled();
    expect(mailsTo('tmcat') + mailsTo('tmdan')).toBe(0);

    const id = await game(cat, dan, CORRESPONDENCE);
    const stream = await StreamClient.open(server.url, dan.token);
    try {
      stream.send({ type: 'subscribe', game: id });
      await stream.next((m) => m.type === 'game');
      await move(cat, id);
      await settled();
      expect(mailsTo('tmdan')).toBe(0);
    } finally {
      stream.close();
    }
    // Not watching any more: Cat's next move mails Dan.
    await move(dan, id);
    await sink.to('tmcat@example.org', "Cat's turn mail");
  });
});
