/**
 * What every adapter of the mail state's port must do (./mail-repository.ts), as named cases, framework-free like
 * core's kits: each `run` rejects on failure.
 *
 *   for (const c of mailRepositoryCases(() => openMailStorage(kind))) it(c.name, c.run);
 */
import { deepStrictEqual, ok, rejects, strictEqual } from 'node:assert/strict';
import type { RepositoryCase } from '../ratings/rating-repository-conformance.js';
import { openTestStorage, type OpenStorage, type StorageKind } from '../storage/testing.js';
import { AddressTakenError, type StoredClaim } from './mail-repository.js';

/** A storage for the kit, with the boards the mail state's rows refer to (the databases check their keys). */
export interface MailKitStorage extends OpenStorage {
  addBoard(id: number, players: readonly [string, string]): Promise<void>;
}

/**
 * A storage with boards: on the databases, rows of the games' table (the mail state's rows refer to them), written
 * here until the games' repository makes games; memory checks no keys.
 */
export async function openMailStorage(kind: StorageKind): Promise<MailKitStorage> {
  const s = await openTestStorage(kind);
  return {
    ...s,
    async addBoard(id, [seat0, seat1]) {
      await s.database?.db
        .insertInto('games')
        .values({
          id,
          family: 'tactics',
          variant_id: 'tactics',
          options: '{}',
          rated: 0,
          status: 'active',
          seat0_user: seat0,
          seat1_user: seat1,
          seat0_level: null,
          seat1_level: null,
          version: 0,
          head: '{}',
          control: '{}',
          deadline_at: null,
          meta: '{}',
          result: null,
          created_at: 0,
          updated_at: 0,
        })
        .execute();
    },
  };
}

const DAY = 86_400_000;
/** Boards 1 and 2, played by `a` and `b`. */
const BOARD = 1;
const OTHER_BOARD = 2;

function claim(tokenHash: string, address: string, userId: string, expiresAt: number): StoredClaim {
  return { tokenHash, address, userId, createdAt: expiresAt - 3 * DAY, expiresAt };
}

/** Runs a case's test on a fresh storage. */
type WithStorage = (test: (s: MailKitStorage) => Promise<void>) => () => Promise<void>;

export function mailRepositoryCases(open: () => Promise<MailKitStorage>): RepositoryCase[] {
  /** Runs `test` on a fresh storage with users `a`, `b`, `c` and boards 1 and 2, closed afterwards. */
  const withStorage = (test: (s: MailKitStorage) => Promise<void>) => async (): Promise<void> => {
    const s = await open();
    try {
      for (const id of ['a', 'b', 'c']) await s.addUser(id, id.toUpperCase());
      await s.addBoard(BOARD, ['a', 'b']);
      await s.addBoard(OTHER_BOARD, ['a', 'b']);
      await test(s);
    } finally {
      await s.close();
    }
  };
  return [
    ...accountsAndBoards(withStorage),
    ...tokensAndMoves(withStorage),
    ...ratesAndDuplicates(withStorage),
    ...transactions(withStorage),
  ];
}

/** Addresses, their claims, settings, subscriptions and what involves a board in mail. */
function accountsAndBoards(withStorage: WithStorage): RepositoryCase[] {
  return [
    {
      name: "one address, one user: another user's address is refused and nothing of the change is kept",
      run: withStorage(async ({ storage }) => {
        const mail = storage.repos.mail;
        await mail.replaceAddresses('a', ['a@x.org', 'shared@x.org'], 1_000);
        await mail.replaceAddresses('b', ['b@x.org'], 1_000);
        strictEqual(await mail.ownerOf('shared@x.org'), 'a');
        strictEqual(await mail.ownerOf('nobody@x.org'), undefined);
        strictEqual(await mail.takenFrom('b', ['b@x.org', 'shared@x.org']), 'shared@x.org');
        strictEqual(await mail.takenFrom('a', ['a@x.org', 'shared@x.org']), undefined);
        await rejects(
          storage.transaction(({ mail: m }) => m.replaceAddresses('b', ['b2@x.org', 'shared@x.org'], 2_000)),
          AddressTakenError,
        );
        await rejects(
          storage.transaction(({ mail: m }) => m.appendAddress('c', 'shared@x.org', 2_000)),
          AddressTakenError,
        );
        deepStrictEqual(await mail.addressesOf('b'), ['b@x.org']);
        deepStrictEqual(await mail.addressesOf('c'), []);
        strictEqual(await mail.ownerOf('b2@x.org'), undefined);
        strictEqual(await mail.ownerOf('shared@x.org'), 'a');
      }),
    },
    {
      name: "a user's addresses list in the order given, an appended one last, and only the kept ones stay",
      run: withStorage(async ({ storage }) => {
        const mail = storage.repos.mail;
        await mail.replaceAddresses('a', ['z@x.org', 'm@x.org', 'a@x.org'], 5_000);
        deepStrictEqual(await mail.addressesOf('a'), ['z@x.org', 'm@x.org', 'a@x.org']);
        // Appended earlier on the clock than the others were given: still after them.
        await mail.appendAddress('a', 'b@x.org', 1_000);
        deepStrictEqual(await mail.addressesOf('a'), ['z@x.org', 'm@x.org', 'a@x.org', 'b@x.org']);
        await mail.keepAddresses('a', ['a@x.org', 'z@x.org', 'new@x.org']);
        deepStrictEqual(await mail.addressesOf('a'), ['z@x.org', 'a@x.org']);
        await mail.replaceAddresses('b', ['b@x.org'], 6_000);
        const all = await mail.addressesOfAll(['a', 'b', 'c', 'a']);
        deepStrictEqual([...all.keys()].sort(), ['a', 'b']);
        deepStrictEqual(all.get('a'), ['z@x.org', 'a@x.org']);
        deepStrictEqual(await mail.addressesOfAll([]), new Map());
        await mail.keepAddresses('a', []);
        deepStrictEqual(await mail.addressesOf('a'), []);
      }),
    },
    {
      name: 'a claim expires: listed until it lapses, counted per address, and dropped by owner, address or age',
      run: withStorage(async ({ storage }) => {
        const mail = storage.repos.mail;
        await mail.addClaims([
          claim('h1', 'x@x.org', 'a', 10 * DAY),
          claim('h2', 'y@x.org', 'a', 20 * DAY),
          claim('h3', 'x@x.org', 'b', 20 * DAY),
          claim('h4', 'x@x.org', 'c', 20 * DAY),
        ]);
        deepStrictEqual(await mail.claimByHash('h1'), claim('h1', 'x@x.org', 'a', 10 * DAY));
        strictEqual(await mail.claimByHash('nope'), undefined);
        deepStrictEqual(await mail.claimedBy('a', 9 * DAY), ['x@x.org', 'y@x.org']);
        // Lapsed at its expiry: listed no more, though still found by its hash until dropped.
        deepStrictEqual(await mail.claimedBy('a', 10 * DAY), ['y@x.org']);
        deepStrictEqual(
          await mail.claimsOn(['x@x.org', 'y@x.org', 'z@x.org']),
          new Map([
            ['x@x.org', 3],
            ['y@x.org', 1],
          ]),
        );
        await mail.dropLapsedClaims(10 * DAY);
        strictEqual(await mail.claimByHash('h1'), undefined);
        deepStrictEqual(await mail.claimsOn(['x@x.org']), new Map([['x@x.org', 2]]));
        await mail.dropClaimsOf('b');
        deepStrictEqual(await mail.claimedBy('b', 0), []);
        await mail.dropClaimsOn('x@x.org');
        deepStrictEqual(await mail.claimsOn(['x@x.org']), new Map());
        // An address given to a user ends every claim on it.
        await mail.replaceAddresses('b', ['y@x.org'], 1_000);
        deepStrictEqual(await mail.claimedBy('a', 0), []);
      }),
    },
    {
      name: 'settings are none until set, and set again replace the ones before',
      run: withStorage(async ({ storage }) => {
        const mail = storage.repos.mail;
        deepStrictEqual(await mail.settingsOf(['a']), new Map());
        await mail.putSettings('a', { notify: 'turn', limit: null });
        await mail.putSettings('a', { notify: 'off', limit: 4 });
        await mail.putSettings('b', { notify: 'all', limit: 2 });
        deepStrictEqual(
          await mail.settingsOf(['a', 'b', 'c']),
          new Map([
            ['a', { notify: 'off', limit: 4 }],
            ['b', { notify: 'all', limit: 2 }],
          ]),
        );
        // Broadcasts: only those who opted in, and opting out again drops them.
        await mail.putSettings('c', { notify: 'all', limit: null, broadcast: true });
        await mail.putSettings('b', { notify: 'all', limit: 2, broadcast: true });
        deepStrictEqual(await mail.broadcastUsers(10), ['b', 'c']);
        deepStrictEqual(await mail.broadcastUsers(1), ['b']);
        await mail.putSettings('b', { notify: 'all', limit: 2 });
        deepStrictEqual(await mail.broadcastUsers(10), ['c']);
        deepStrictEqual((await mail.settingsOf(['c'])).get('c'), { notify: 'all', limit: null, broadcast: true });
        // Turn mails: kept when on, gone when off again.
        await mail.putSettings('a', { notify: 'off', limit: null, turnMail: true });
        deepStrictEqual((await mail.settingsOf(['a'])).get('a'), { notify: 'off', limit: null, turnMail: true });
        await mail.putSettings('a', { notify: 'off', limit: null });
        deepStrictEqual((await mail.settingsOf(['a'])).get('a'), { notify: 'off', limit: null });
      }),
    },
    {
      name: 'a subscription is made once and ended once, per board',
      run: withStorage(async ({ storage }) => {
        const mail = storage.repos.mail;
        strictEqual(await mail.subscribe(BOARD, 'c', 1), true);
        strictEqual(await mail.subscribe(BOARD, 'c', 2), false);
        strictEqual(await mail.subscribe(BOARD, 'a', 3), true);
        deepStrictEqual((await mail.subscribersOf(BOARD)).sort(), ['a', 'c']);
        deepStrictEqual(await mail.subscribersOf(OTHER_BOARD), []);
        strictEqual(await mail.unsubscribe(BOARD, 'c'), true);
        strictEqual(await mail.unsubscribe(BOARD, 'c'), false);
        deepStrictEqual(await mail.subscribersOf(BOARD), ['a']);
        await mail.subscribe(OTHER_BOARD, 'a', 4);
        deepStrictEqual(await mail.subscriptionCounts(BOARD, 'a'), { board: 1, user: 2 });
        deepStrictEqual(await mail.subscriptionCounts(OTHER_BOARD, 'c'), { board: 1, user: 0 });
      }),
    },
    {
      name: 'a board involves mail when a player has an address, a subscriber with one follows it, or a premove waits',
      run: withStorage(async ({ storage }) => {
        const mail = storage.repos.mail;
        strictEqual(await mail.mailInvolved(BOARD, ['a', 'b']), false);
        strictEqual(await mail.mailInvolved(BOARD, []), false);
        await mail.subscribe(BOARD, 'c', 1);
        strictEqual(await mail.mailInvolved(BOARD, ['a', 'b']), false, 'a subscriber without an address');
        await mail.replaceAddresses('c', ['c@x.org'], 1);
        strictEqual(await mail.mailInvolved(BOARD, ['a', 'b']), true, 'a subscriber with an address');
        strictEqual(await mail.mailInvolved(OTHER_BOARD, ['a', 'b']), false);
        await mail.enqueue(OTHER_BOARD, 'a', ['e2-e4'], 1);
        strictEqual(await mail.mailInvolved(OTHER_BOARD, ['a', 'b']), true, 'a premove');
        strictEqual(await mail.mailInvolved(OTHER_BOARD + 1, ['c']), true, 'a player with an address');
      }),
    },
  ];
}

/** Reply tokens, premoves and pending moves. */
function tokensAndMoves(withStorage: WithStorage): RepositoryCase[] {
  return [
    {
      name: 'a reply token is one per user and board, and a token rotated is no longer valid',
      run: withStorage(async ({ storage }) => {
        const mail = storage.repos.mail;
        strictEqual(await mail.tokenOf(BOARD, 'a'), undefined);
        strictEqual(await mail.addToken(BOARD, 'a', 'token-a1', 1), true);
        strictEqual(await mail.addToken(BOARD, 'a', 'token-a2', 2), false);
        strictEqual(await mail.tokenOf(BOARD, 'a'), 'token-a1');
        await mail.addToken(OTHER_BOARD, 'a', 'token-a3', 3);
        await mail.addToken(BOARD, 'b', 'token-b1', 4);
        strictEqual(await mail.tokenOwner(BOARD, 'token-a1'), 'a');
        strictEqual(await mail.tokenOwner(OTHER_BOARD, 'token-a1'), undefined, "another board's token");
        await mail.replaceTokens(
          'a',
          [
            { gameId: BOARD, token: 'token-a4' },
            { gameId: OTHER_BOARD, token: 'token-a5' },
          ],
          5,
        );
        strictEqual(await mail.tokenOwner(BOARD, 'token-a1'), undefined);
        strictEqual(await mail.tokenOwner(OTHER_BOARD, 'token-a3'), undefined);
        strictEqual(await mail.tokenOwner(BOARD, 'token-a4'), 'a');
        strictEqual(await mail.tokenOf(OTHER_BOARD, 'a'), 'token-a5');
        strictEqual(await mail.tokenOwner(BOARD, 'token-b1'), 'b', "another user's token stays");
        await mail.replaceTokens('a', [], 6);
        strictEqual(await mail.tokenOf(BOARD, 'a'), undefined);
        strictEqual(await mail.tokenOf(OTHER_BOARD, 'a'), undefined);
      }),
    },
    {
      name: 'premoves keep the order queued, each is taken once, and a cleared queue says how many went',
      run: withStorage(async ({ storage }) => {
        const mail = storage.repos.mail;
        await mail.enqueue(BOARD, 'a', ['m1', 'm2'], 1);
        await mail.enqueue(BOARD, 'b', ['n1'], 2);
        await mail.enqueue(BOARD, 'a', ['m3'], 3);
        await mail.enqueue(OTHER_BOARD, 'a', ['o1'], 4);
        deepStrictEqual(
          (await mail.queued(BOARD, 'a')).map((q) => q.move),
          ['m1', 'm2', 'm3'],
        );
        const board = await mail.queuedOnBoard(BOARD);
        deepStrictEqual(
          board.map((q) => `${q.userId}:${q.move}`),
          ['a:m1', 'a:m2', 'b:n1', 'a:m3'],
        );
        const first = (board[0] as { id: number }).id;
        const takes = await Promise.all([mail.dequeue(first), mail.dequeue(first), mail.dequeue(first)]);
        strictEqual(takes.filter(Boolean).length, 1);
        strictEqual(await mail.clearQueue(BOARD, 'a'), 2);
        strictEqual(await mail.clearQueue(BOARD, 'a'), 0);
        await mail.enqueue(BOARD, 'a', ['m4'], 5);
        const after = await mail.queuedOnBoard(BOARD);
        deepStrictEqual(
          after.map((q) => q.move),
          ['n1', 'm4'],
        );
        ok((after[1] as { id: number }).id > (board[3] as { id: number }).id, 'ids only grow');
      }),
    },
    {
      name: 'a pending move is bound to its version, the newest replaces the one before, and it is taken once',
      run: withStorage(async ({ storage }) => {
        const mail = storage.repos.mail;
        strictEqual(await mail.takePending(BOARD, 'a'), undefined);
        await mail.setPending(BOARD, 'a', { move: 'c1-c7', version: 3 }, 1);
        await mail.setPending(BOARD, 'a', { move: 'd1-d5', version: 4 }, 2);
        await mail.setPending(BOARD, 'b', { move: 'x', version: 4 }, 2);
        const takes = await Promise.all([mail.takePending(BOARD, 'a'), mail.takePending(BOARD, 'a')]);
        deepStrictEqual(
          takes.filter((t) => t !== undefined),
          [{ move: 'd1-d5', version: 4 }],
        );
        strictEqual(await mail.takePending(BOARD, 'a'), undefined);
        deepStrictEqual(await mail.takePending(BOARD, 'b'), { move: 'x', version: 4 });
      }),
    },
  ];
}

/** Rate windows per sender and the Message-IDs already carried out. */
function ratesAndDuplicates(withStorage: WithStorage): RepositoryCase[] {
  return [
    {
      name: 'a rate window counts every call, even at once, takes counts back, and starts again in the next window',
      run: withStorage(async ({ storage }) => {
        const mail = storage.repos.mail;
        const counts = await Promise.all(Array.from({ length: 8 }, () => mail.count('k', 600)));
        deepStrictEqual(
          [...counts].sort((x, y) => x - y),
          [1, 2, 3, 4, 5, 6, 7, 8],
        );
        strictEqual(await mail.count('other', 600), 1);
        strictEqual(await mail.count('k', 1_200), 1, 'the next window');
        await mail.uncount('k', 600);
        strictEqual(await mail.count('k', 600), 8);
        await mail.uncount('other', 600);
        await mail.uncount('other', 600);
        strictEqual(await mail.count('other', 600), 1, 'never below zero');
        await mail.dropWindowsBefore(1_200);
        strictEqual(await mail.count('k', 600), 1, 'a dropped window starts again');
        strictEqual(await mail.count('k', 1_200), 2);
      }),
    },
    {
      name: 'a Message-ID is seen once, even when recorded at once, until forgotten',
      run: withStorage(async ({ storage }) => {
        const mail = storage.repos.mail;
        strictEqual(await mail.seen('m1'), false);
        strictEqual(await mail.markSeen('m1', 1_000), true);
        strictEqual(await mail.markSeen('m1', 2_000), false);
        strictEqual(await mail.seen('m1'), true);
        const at = await Promise.all(Array.from({ length: 5 }, () => mail.markSeen('m2', 3_000)));
        strictEqual(at.filter(Boolean).length, 1);
        await mail.forgetSeenBefore(2_000);
        strictEqual(await mail.seen('m1'), false);
        strictEqual(await mail.seen('m2'), true);
      }),
    },
  ];
}

/** Transactions: a failed one keeps nothing, a committed one everything. */
function transactions(withStorage: WithStorage): RepositoryCase[] {
  return [
    {
      name: 'a failed transaction keeps nothing of the mail state',
      run: withStorage(async ({ storage }) => {
        const mail = storage.repos.mail;
        await mail.replaceAddresses('a', ['a@x.org'], 1);
        await mail.addToken(BOARD, 'a', 'token-a1', 1);
        await mail.count('k', 600);
        const failure = new Error('the move could not be written');
        await rejects(
          storage.transaction(async ({ mail: m }) => {
            await m.replaceAddresses('a', ['a2@x.org'], 2);
            await m.replaceAddresses('b', ['b@x.org'], 2);
            await m.addClaims([claim('h1', 'c@x.org', 'c', 10 * DAY)]);
            await m.putSettings('a', { notify: 'off', limit: 1 });
            await m.subscribe(BOARD, 'c', 2);
            await m.replaceTokens('a', [{ gameId: BOARD, token: 'token-a2' }], 2);
            await m.enqueue(BOARD, 'a', ['m1'], 2);
            await m.setPending(BOARD, 'b', { move: 'x', version: 1 }, 2);
            await m.count('k', 600);
            await m.markSeen('m1', 2);
            throw failure;
          }),
          (e) => e === failure,
        );
        deepStrictEqual(await mail.addressesOf('a'), ['a@x.org']);
        deepStrictEqual(await mail.addressesOf('b'), []);
        strictEqual(await mail.claimByHash('h1'), undefined);
        deepStrictEqual(await mail.settingsOf(['a']), new Map());
        deepStrictEqual(await mail.subscribersOf(BOARD), []);
        strictEqual(await mail.tokenOwner(BOARD, 'token-a1'), 'a');
        deepStrictEqual(await mail.queuedOnBoard(BOARD), []);
        strictEqual(await mail.takePending(BOARD, 'b'), undefined);
        strictEqual(await mail.count('k', 600), 2);
        strictEqual(await mail.seen('m1'), false);
      }),
    },
    {
      name: 'changes in a transaction are read back in it and kept once it commits',
      run: withStorage(async ({ storage }) => {
        await storage.transaction(async ({ mail }) => {
          await mail.replaceAddresses('a', ['a@x.org'], 1);
          await mail.enqueue(BOARD, 'a', ['m1'], 1);
          deepStrictEqual(await mail.addressesOf('a'), ['a@x.org']);
          strictEqual(await mail.mailInvolved(OTHER_BOARD, ['a']), true);
        });
        deepStrictEqual(await storage.repos.mail.addressesOf('a'), ['a@x.org']);
        deepStrictEqual(
          (await storage.repos.mail.queued(BOARD, 'a')).map((q) => q.move),
          ['m1'],
        );
      }),
    },
  ];
}
