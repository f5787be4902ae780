/**
 * Tactorus orders by mail as the Palm game's memos (issue 40: `++TacMoves` memos were not accepted by mail): a
 * memo with its key is carried out at once; a memo without its key is held, secret, until its `++TacKey` release
 * comes; a memo for another player or round is refused with its own code, and the held memo is kept when a wrong
 * release comes.
 */
import { entryOf } from '@tactica/catalogue/all';
import {
  exportOrders,
  generateSigningKeys,
  makeKeyRelease,
  newGameId,
  parseOrdersMemo,
  type TactorusObservation,
  type TactorusState,
} from '@tactica/tactorus';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/server.js';
import { signUpConfirmed } from './testing.js';
import type { PbmGateway } from './gateway.js';

// Ann's infantry stands under Bob's flag on square 00; Bob's infantry is far away (as in pbm-games.test.ts).
const ROWS = ['f.........', 'I.........', ...Array<string>(7).fill('..........'), 'i........F'];

/** A player's memo of these orders, made as the Palm game makes it, from the round's start. */
async function memoOf(state: TactorusState, seat: 0 | 1, orders: { from: number; to: number }[]) {
  const setup = entryOf('tactorus');
  if (!setup.ok) throw new Error(setup.error.message);
  const s = setup.value.setup({ board: ROWS.join('/') });
  if (!s.ok || s.value.dynamics !== 'simultaneous') throw new Error('no setup');
  const obs = { ...(s.value.game.observe(state, seat) as TactorusObservation), orders };
  const keys = await generateSigningKeys();
  if (!keys.ok) throw new Error(keys.error.message);
  const gameId = newGameId();
  if (!gameId.ok) throw new Error(gameId.error.message);
  const signer = { gameId: gameId.value, signingKey: keys.value.privateKey };
  const memo = await exportOrders(obs, `board-${seat}`, signer);
  if (!memo.ok) throw new Error(memo.error.message);
  const own = await parseOrdersMemo(memo.value.withKey);
  if (!own.ok) throw new Error(own.error.message);
  const release = await makeKeyRelease(own.value, signer);
  if (!release.ok) throw new Error(release.error.message);
  return { ...memo.value, release: release.value };
}

describe('Tactorus memos by mail', () => {
  let server: TestServer;
  let gateway: PbmGateway;

  beforeAll(async () => {
    server = await startTestServer('sqlite', { pbm: { domain: 'pbm.example' } });
    gateway = server.pbm.gateway;
    await signUpConfirmed(gateway, 'ann', 'annpassword1', 'ann@example.org');
    await signUpConfirmed(gateway, 'bob', 'bobpassword1', 'bob@example.org');
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  const send = (subject: string, body = '') => gateway.handle({ subject, body });

  it('takes a memo with its key, holds one without, and carries it out when its key release comes', async () => {
    const made = await send(`tactorus challenge -board="${ROWS.join('/')}" ann annpassword1 bob`);
    expect(made.ok, made.text).toBe(true);
    const accepted = await send('tactorus accept bob bobpassword1');
    const id = Number(/board (\d+) has started/.exec(accepted.text)?.[1]);
    const game = await server.services.games.load(id);
    if (game.restored.dynamics !== 'simultaneous') throw new Error('not simultaneous');
    const start = game.restored.session.roundStart as TactorusState;

    // Bob's memo without its key: held, unread; the wrong player's memo is refused.
    const bob = await memoOf(start, 1, [{ from: 90, to: 80 }]);
    const wrongSeat = await send(`tactorus move ${id} ann annpassword1`, bob.withoutKey);
    expect(wrongSeat.code).toBe('tacmoves/wrong-player');
    const held = await send(`tactorus move ${id} bob bobpassword1`, bob.withoutKey);
    expect(held.ok, held.text).toBe(true);
    expect(held.text).toContain('held, unread');
    // Nothing is submitted yet: the API's view of the round says so.
    const before = await server.services.games.load(id);
    if (before.restored.dynamics !== 'simultaneous') throw new Error('not simultaneous');
    expect(before.restored.session.submitted(1)).toBe(false);

    // A key release for another memo is refused, and the memo stays held.
    const other = await memoOf(start, 1, [{ from: 90, to: 91 }]);
    const wrongKey = await send(`tactorus move ${id} bob bobpassword1`, other.release);
    expect(wrongKey.code).toBe('tackey/wrong-memo');
    const keyed = await send(`tactorus move ${id} bob bobpassword1`, bob.release);
    expect(keyed.ok, keyed.text).toBe(true);
    expect(keyed.text).toContain('sent orders for this round (a ++TacMoves memo)');

    // Ann's memo with its key: carried out at once; the round resolves and her infantry takes the flag.
    const ann = await memoOf(start, 0, [{ from: 10, to: 0 }]);
    const won = await send(`tactorus move ${id} ann annpassword1`, `Here are mine.\n\n${ann.withKey}`);
    expect(won.ok, won.text).toBe(true);
    expect(won.text).toMatch(/Result: ann \(.*\) wins/);
    expect(won.text).toMatch(/1\.\s+10-00\s+90-80/);
  });
});
