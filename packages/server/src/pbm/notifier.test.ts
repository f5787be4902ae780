/**
 * The mails that follow changes cost nothing for games nobody plays by mail, yet are never missed: a game known
 * to have no mail players is asked again as soon as any instance adds an address, a subscription or a premove —
 * on the same instance at once, on another one by the `mail` change event over PostgreSQL.
 */
import { afterAll, describe, expect, it } from 'vitest';
import {
  Client,
  eventually,
  startTestServer,
  stopTestPostgres,
  testPostgres,
  type TestServer,
} from '../testing/server.js';
import { signUpConfirmed } from './testing.js';

interface View {
  id: number;
  version: number;
  legal: { notation: string }[];
}

afterAll(() => stopTestPostgres());

async function twoPlayers(server: TestServer, tag: string): Promise<{ ann: Client; bob: Client; id: number }> {
  const ann = await new Client(server.url).signUp(`ann${tag}`);
  const bob = await new Client(server.url).signUp(`bob${tag}`);
  const ch = await ann.request<{ id: number }>('POST', '/api/challenges', {
    family: 'tactics',
    opponent: `bob${tag}`,
    seat: '0',
  });
  expect(ch.status).toBe(201);
  const accepted = await bob.request<{ game: View }>('POST', `/api/challenges/${ch.body.id}/accept`);
  expect(accepted.status).toBe(200);
  return { ann, bob, id: accepted.body.game.id };
}

/** The player to move plays their first legal move. */
async function play(players: Client[], id: number): Promise<void> {
  for (const c of players) {
    const v = (await c.request<View>('GET', `/api/games/${id}`)).body;
    const move = v.legal[0]?.notation;
    if (!move) continue;
    const r = await c.request('POST', `/api/games/${id}/move`, { version: v.version, move });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return;
  }
  throw new Error('nobody could move');
}

async function subscribeByMail(server: TestServer, name: string, id: number): Promise<void> {
  const say = async (subject: string) => {
    const r = await server.pbm.gateway.handle({ subject, body: '', from: `${name}@example.org` });
    expect(r.ok, r.text).toBe(true);
  };
  await signUpConfirmed(server.pbm.gateway, name, `${name}-password`, `${name}@example.org`);
  await say(`tactics subscribe ${id} ${name} ${name}-password`);
}

describe('mails after changes', () => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close();
  });

  it('sends none for a game without mail players, and some once someone subscribes (one instance)', async () => {
    const server = await startTestServer('sqlite');
    servers.push(server);
    const { ann, bob, id } = await twoPlayers(server, 'one');
    await play([ann, bob], id);
    await server.pbm.notifier.idle();
    const before = server.pbm.notifier.sent;
    await play([ann, bob], id);
    await server.pbm.notifier.idle();
    expect(server.pbm.notifier.sent).toBe(before);

    await subscribeByMail(server, 'catone', id);
    await server.pbm.notifier.idle();
    const subscribed = server.pbm.notifier.sent;
    await play([ann, bob], id);
    await server.pbm.notifier.idle();
    expect(server.pbm.notifier.sent).toBe(subscribed + 1);
  }, 60_000);

  it('hears a subscription made on another instance before the next move there', async () => {
    const url = await (await testPostgres()).newDatabase();
    const a = await startTestServer('postgres', { databaseUrl: url });
    const b = await startTestServer('postgres', { databaseUrl: url });
    servers.push(a, b);
    const { ann, bob, id } = await twoPlayers(a, 'two');
    // Two moves on A: the game is known there to have no mail players.
    await play([ann, bob], id);
    await play([ann, bob], id);
    await a.pbm.notifier.idle();
    const before = a.pbm.notifier.sent;

    expect(a.pbm.notifier.remembersInvolvement(id)).toBe(true);
    await subscribeByMail(b, 'cattwo', id);
    // The next move on A is mailed to the subscriber by A once A has heard of the subscription: the event that
    // reaches it makes it forget its answer, and the next move asks again, after the subscription committed.
    await eventually(
      () => Promise.resolve(a.pbm.notifier.remembersInvolvement(id) ? undefined : true),
      10_000,
      "A's answer forgotten",
    );
    await play([ann, bob], id);
    await eventually(
      async () => {
        await a.pbm.notifier.idle();
        return a.pbm.notifier.sent > before ? true : undefined;
      },
      10_000,
      'the mail to the subscriber',
    );
    expect(a.pbm.notifier.sent).toBe(before + 1);
  }, 60_000);
});
