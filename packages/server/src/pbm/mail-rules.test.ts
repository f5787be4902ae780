/**
 * The gateway's rules over its state (store.ts) on every storage — a real SQLite file, a real PostgreSQL database
 * and memory: the domain asks the mail repository only, so it behaves the same on each.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { STORAGE_KINDS, type StorageKind } from '../storage/testing.js';
import { stopTestPostgres } from '../testing/server.js';
import { GameBoards } from './game-boards.js';
import { kyselyMessageUnits } from './kysely-mail.js';
import { openMailStorage, type MailKitStorage } from './mail-repository-conformance.js';
import type { MailBoards, MessageUnits } from './mail-repository.js';
import {
  CLAIM_LIFETIME_MS,
  MAX_CLAIMS_PER_ADDRESS,
  MAX_QUEUED,
  MAX_SUBSCRIBERS_PER_BOARD,
  MAX_SUBSCRIPTIONS_PER_USER,
  PbmStore,
} from './store.js';

afterAll(() => stopTestPostgres());

const BOARD = 7;

/** Memory has no unit of work yet (docs/pbm.md): the command runs, and its Message-ID is recorded after it. */
const unrecorded: MessageUnits = async (_key, _at, _duplicate, work) => ({ value: await work(), recorded: false });
const noBoards: MailBoards = { inProgressOf: () => Promise.resolve([BOARD]), list: () => Promise.resolve([]) };

async function withStore(
  kind: StorageKind,
  test: (store: PbmStore, clock: { t: number }, s: MailKitStorage) => Promise<void>,
) {
  const s: MailKitStorage = await openMailStorage(kind);
  const clock = { t: Date.UTC(2026, 2, 1) };
  try {
    for (const [id, name] of [
      ['a', 'ann'],
      ['b', 'bob'],
      ['c', 'cat'],
      ['d', 'dan'],
    ] as const) {
      await s.addUser(id, name);
    }
    await s.addBoard(BOARD, ['a', 'b']);
    const store = new PbmStore(
      s.storage,
      s.database ? kyselyMessageUnits(s.database) : unrecorded,
      s.database ? new GameBoards(s.storage.repos.games) : noBoards,
      () => clock.t,
    );
    await test(store, clock, s);
  } finally {
    await s.close();
  }
}

for (const kind of STORAGE_KINDS) {
  describe(`the gateway's rules on ${kind}`, () => {
    it("an address is a user's only once its token comes back, and the other claims on it lapse", async () => {
      await withStore(kind, async (store) => {
        const ann = await store.requestAddresses('a', ['X@example.org']);
        const bob = await store.requestAddresses('b', ['x@example.org']);
        expect(ann.claims.map((c) => c.address)).toEqual(['x@example.org']);
        expect(await store.addressesOf('a')).toEqual([]);
        expect(await store.claimsOf('a')).toEqual(['x@example.org']);
        expect(await store.confirmClaim(ann.claims[0]!.token)).toEqual({
          user: { id: 'a', name: 'ann' },
          address: 'x@example.org',
        });
        expect(await store.addressesOf('a')).toEqual(['x@example.org']);
        expect((await store.userByAddress('X@EXAMPLE.ORG'))?.name).toBe('ann');
        await expect(store.confirmClaim(bob.claims[0]!.token)).rejects.toMatchObject({ code: 'pbm/bad-confirmation' });
        await expect(store.requestAddresses('b', ['x@example.org'])).rejects.toMatchObject({
          code: 'pbm/address-taken',
        });
        await expect(store.setAddresses('b', ['x@example.org'])).rejects.toMatchObject({ code: 'pbm/address-taken' });
      });
    });

    it('a claim lapses after its lifetime', async () => {
      await withStore(kind, async (store, clock) => {
        const { claims } = await store.requestAddresses('a', ['x@example.org']);
        clock.t += CLAIM_LIFETIME_MS;
        expect(await store.claimsOf('a')).toEqual([]);
        await expect(store.confirmClaim(claims[0]!.token)).rejects.toMatchObject({ code: 'pbm/bad-confirmation' });
      });
    });

    it("an address with its claims waiting refuses strangers' claims, not its own", async () => {
      await withStore(kind, async (store) => {
        expect(MAX_CLAIMS_PER_ADDRESS).toBe(3);
        for (const user of ['a', 'b', 'c']) await store.requestAddresses(user, ['x@example.org']);
        await expect(store.requestAddresses('d', ['x@example.org'])).rejects.toMatchObject({
          code: 'pbm/address-busy',
        });
        const own = await store.requestAddresses('d', ['x@example.org'], 'x@example.org');
        expect(own.claims).toHaveLength(1);
      });
    });

    it('premoves beyond the queue limit are refused whole', async () => {
      await withStore(kind, async (store) => {
        await store.enqueue(
          BOARD,
          'a',
          Array.from({ length: MAX_QUEUED - 1 }, (_, i) => `m${i}`),
        );
        await expect(store.enqueue(BOARD, 'a', ['x', 'y'])).rejects.toMatchObject({ code: 'pbm/queue-full' });
        expect(await store.queued(BOARD, 'a')).toHaveLength(MAX_QUEUED - 1);
      });
    });

    it('a reply token is made once, even asked at once, and a revocation refuses it', async () => {
      await withStore(kind, async (store) => {
        const tokens = await Promise.all(Array.from({ length: 6 }, () => store.tokenFor(BOARD, 'a')));
        expect(new Set(tokens).size).toBe(1);
        expect(await store.tokenOwner(BOARD, tokens[0]!)).toEqual({ id: 'a', name: 'ann' });
        await store.forgetTokens('a');
        expect(await store.tokenOwner(BOARD, tokens[0]!)).toBeUndefined();
        const fresh = await store.activeTokens('a');
        expect(fresh.map((t) => t.gameId)).toEqual([BOARD]);
        expect(await store.tokenOwner(BOARD, fresh[0]!.token)).toEqual({ id: 'a', name: 'ann' });
      });
    });

    it('a mail is carried out once for its Message-ID', async () => {
      await withStore(kind, async (store) => {
        let runs = 0;
        const work = () => Promise.resolve(++runs);
        expect(await store.carryOutOnce('<m1@example.org>', 86_400_000, work, () => false)).toBe(1);
        expect(await store.seenBefore('<M1@example.org>')).toBe(true);
        expect(await store.firstSeen('<m1@example.org>', 86_400_000)).toBe(false);
      });
    });

    it('subscribers are listed by name', async () => {
      await withStore(kind, async (store) => {
        for (const id of ['d', 'b', 'c']) expect(await store.subscribe(BOARD, id)).toBe(true);
        expect(await store.subscribe(BOARD, 'b')).toBe(false);
        expect((await store.subscribers(BOARD)).map((u) => u.name)).toEqual(['bob', 'cat', 'dan']);
      });
    });

    it('a board has only so many subscribers, and a user follows only so many boards', async () => {
      await withStore(kind, async (store, _clock, s) => {
        const users = Array.from({ length: MAX_SUBSCRIBERS_PER_BOARD }, (_, i) => `s${i}`);
        for (const id of users) await s.addUser(id, `sub${id}`);
        for (const id of users) expect(await store.subscribe(BOARD, id)).toBe(true);
        await expect(store.subscribe(BOARD, 'a')).rejects.toMatchObject({ code: 'pbm/too-many-subscriptions' });
        expect(await store.subscribers(BOARD)).toHaveLength(MAX_SUBSCRIBERS_PER_BOARD);
        // s0 follows BOARD already: as many others as it may, and the next is refused.
        const boards = Array.from({ length: MAX_SUBSCRIPTIONS_PER_USER }, (_, i) => 100 + i);
        for (const id of boards) await s.addBoard(id, ['a', 'b']);
        for (const id of boards.slice(1)) expect(await store.subscribe(id, 's0')).toBe(true);
        const last = boards[0] as number;
        await expect(store.subscribe(last, 's0')).rejects.toMatchObject({ code: 'pbm/too-many-subscriptions' });
        expect(await store.subscribers(last)).toEqual([]);
        // Already following is no new subscription, at the cap or not.
        expect(await store.subscribe(BOARD, 's0')).toBe(false);
      });
    });
  });
}
