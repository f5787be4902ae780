/**
 * The e-mail gateway's own data (migration 003-pbm) on SQLite and PostgreSQL: addresses, settings, subscriptions,
 * reply tokens, premoves, submitted moves, sender rates and seen Message-IDs — each with the races a busy gateway
 * (or several instances) makes: a premove, a submitted move and a Message-ID are taken once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestServer, stopTestPostgres, type TestServer } from '../testing/server.js';
import type { PbmStore } from './store.js';
import { signUpConfirmed } from './testing.js';

afterAll(() => stopTestPostgres());

describe.each(DB_KINDS)('the gateway store on %s', (kind) => {
  let server: TestServer;
  let store: PbmStore;
  const clock = { t: Date.UTC(2026, 2, 1, 12) };
  const ids: Record<string, string> = {};
  let board = 0;

  beforeAll(async () => {
    server = await startTestServer(kind, { now: () => clock.t, pbm: { domain: 'pbm.example' } });
    store = server.pbm.store;
    const say = async (subject: string, from?: string) => {
      const r = await server.pbm.gateway.handle({ subject, body: '', ...(from ? { from } : {}) });
      expect(r.ok, r.text).toBe(true);
      return r;
    };
    for (const n of ['ann', 'bob', 'cat']) {
      await signUpConfirmed(server.pbm.gateway, n, `${n}-password`, `${n}@example.org`);
      ids[n] = (await store.userByAddress(`${n}@example.org`))?.id ?? '';
      expect(ids[n]).not.toBe('');
    }
    const made = await say('tactics challenge ann ann-password bob');
    const accepted = await say(`tactics accept bob bob-password ${/Challenge (\d+)/.exec(made.subject)?.[1]}`);
    board = Number(/board (\d+) has started/.exec(accepted.text)?.[1]);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('keeps addresses per user, lower-cased and unique across users', async () => {
    const ann = ids['ann'] as string;
    await store.setAddresses(ann, ['Ann@Example.org', 'ann.work@example.com', 'ann@example.org']);
    // In the order given, doubles dropped: the first is where replies go first.
    expect(await store.addressesOf(ann)).toEqual(['ann@example.org', 'ann.work@example.com']);
    expect((await store.userByAddress('ANN.WORK@example.com'))?.name).toBe('ann');
    await expect(store.setAddresses(ids['bob'] as string, ['ann@example.org'])).rejects.toMatchObject({
      code: 'pbm/address-taken',
    });
    expect(await store.addressesOf(ids['bob'] as string)).toEqual(['bob@example.org']);
    await expect(store.setAddresses(ann, ['not an address'])).rejects.toMatchObject({ code: 'pbm/bad-address' });
    const all = await store.addressesOfAll([ann, ids['bob'] as string]);
    expect(all.get(ids['bob'] as string)).toEqual(['bob@example.org']);
    expect(all.get(ann)).toHaveLength(2);
  });

  it('keeps mail settings, the defaults until changed', async () => {
    const cat = ids['cat'] as string;
    expect(await store.settings(cat)).toEqual({ notify: 'all', limit: null });
    expect(await store.updateSettings(cat, { notify: 'turn' })).toEqual({ notify: 'turn', limit: null });
    expect(await store.updateSettings(cat, { limit: 3 })).toEqual({ notify: 'turn', limit: 3 });
    expect((await store.settingsOfAll([cat, ids['ann'] as string])).get(cat)).toEqual({ notify: 'turn', limit: 3 });
  });

  it('subscribes once, and unsubscribes', async () => {
    const cat = ids['cat'] as string;
    expect(await store.subscribe(board, cat)).toBe(true);
    expect(await store.subscribe(board, cat)).toBe(false);
    expect((await store.subscribers(board)).map((u) => u.name)).toEqual(['cat']);
    expect(await store.unsubscribe(board, cat)).toBe(true);
    expect(await store.unsubscribe(board, cat)).toBe(false);
    expect(await store.subscribers(board)).toEqual([]);
  });

  it('makes one reply token per player and board, even when asked at once; a new password makes new ones', async () => {
    const ann = ids['ann'] as string;
    const tokens = await Promise.all(Array.from({ length: 8 }, () => store.tokenFor(board, ann)));
    expect(new Set(tokens).size).toBe(1);
    const token = tokens[0] as string;
    expect(token).toMatch(/^[a-z2-7]{24}$/);
    expect((await store.tokenOwner(board, token))?.name).toBe('ann');
    expect(await store.tokenOwner(board + 1, token)).toBeUndefined();
    expect(await store.tokenFor(board, ids['bob'] as string)).not.toBe(token);
    await store.forgetTokens(ann);
    expect(await store.tokenOwner(board, token)).toBeUndefined();
    expect(await store.tokenFor(board, ann)).not.toBe(token);
  });

  it('queues premoves in order and hands each out once', async () => {
    const bob = ids['bob'] as string;
    await store.enqueue(board, bob, ['g8-f7', 'h8-e5']);
    const queued = await store.queued(board, bob);
    expect(queued.map((q) => q.move)).toEqual(['g8-f7', 'h8-e5']);
    expect((await store.queuedOnBoard(board)).map((q) => q.move)).toEqual(['g8-f7', 'h8-e5']);
    const first = (queued[0] as { id: number }).id;
    const takes = await Promise.all([store.dequeue(first), store.dequeue(first), store.dequeue(first)]);
    expect(takes.filter(Boolean)).toHaveLength(1);
    expect(await store.clearQueue(board, bob)).toBe(1);
    expect(await store.queued(board, bob)).toEqual([]);
  });

  it('keeps one submitted move per player and board, taken once', async () => {
    const ann = ids['ann'] as string;
    await store.setPending(board, ann, 'c1-c7', 1);
    await store.setPending(board, ann, 'd1-d5', 1);
    const takes = await Promise.all([store.takePending(board, ann), store.takePending(board, ann)]);
    expect(takes.filter((t) => t !== undefined)).toEqual([{ move: 'd1-d5', version: 1 }]);
    expect(await store.takePending(board, ann)).toBeUndefined();
  });

  it('counts mails per sender and window, every mail once even at once', async () => {
    const window = 10 * 60_000;
    clock.t = Date.UTC(2026, 2, 1, 13);
    const counts = await Promise.all(Array.from({ length: 12 }, () => store.rateCount('Flood@example.org', window)));
    expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(await store.rateCount('other@example.org', window)).toBe(1);
    clock.t += window;
    expect(await store.rateCount('flood@example.org', window)).toBe(1);
  });

  it('knows a Message-ID seen before, whatever its case, and takes a doubled one once', async () => {
    expect(await store.firstSeen('<a1@example.org>', 86_400_000)).toBe(true);
    expect(await store.firstSeen('<A1@EXAMPLE.ORG>', 86_400_000)).toBe(false);
    const at = await Promise.all(Array.from({ length: 6 }, () => store.firstSeen('<b2@example.org>', 86_400_000)));
    expect(at.filter(Boolean)).toHaveLength(1);
  });
});
