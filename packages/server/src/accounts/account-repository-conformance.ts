/**
 * What every adapter of the accounts' port must do (./account-repository.ts), as named cases, framework-free like
 * core's kits: each `run` rejects on failure.
 *
 *   for (const c of accountRepositoryCases(() => openTestStorage(kind))) it(c.name, c.run);
 */
import { deepStrictEqual, rejects, strictEqual } from 'node:assert/strict';
import type { RepositoryCase } from '../ratings/rating-repository-conformance.js';
import type { OpenStorage } from '../storage/testing.js';
import type { NewUser, StoredToken } from './account-repository.js';

const user = (id: string, name = id, passwordHash = `hash-of-${id}`): NewUser => ({
  id,
  name,
  passwordHash,
  createdAt: 1_000,
});

const token = (hash: string, userId: string, expiresAt = 10_000): StoredToken => ({
  hash,
  userId,
  kind: 'bearer',
  createdAt: 1_000,
  expiresAt,
});

/** Runs a case's test on a fresh storage. */
type WithStorage = (test: (s: OpenStorage) => Promise<void>) => () => Promise<void>;

export function accountRepositoryCases(open: () => Promise<OpenStorage>): RepositoryCase[] {
  /** Runs `test` on a fresh storage with users `a` (Ann) and `b` (Bob), closed afterwards whatever happens. */
  const withStorage = (test: (s: OpenStorage) => Promise<void>) => async (): Promise<void> => {
    const s = await open();
    try {
      strictEqual(await s.storage.repos.accounts.addUser(user('a', 'Ann')), 'added');
      strictEqual(await s.storage.repos.accounts.addUser(user('b', 'Bob')), 'added');
      await test(s);
    } finally {
      await s.close();
    }
  };
  return [...usersAndNames(withStorage), ...tokensAndVacations(withStorage)];
}

/** Users: added, found by id and name, unique names, names read at once, password hashes. */
function usersAndNames(withStorage: WithStorage): RepositoryCase[] {
  return [
    {
      name: 'a user added is found by id, and by name in any case with the password hash',
      run: withStorage(async ({ storage }) => {
        const accounts = storage.repos.accounts;
        deepStrictEqual(await accounts.userById('a'), { id: 'a', name: 'Ann' });
        deepStrictEqual(await accounts.userByName('aNN'), { id: 'a', name: 'Ann', passwordHash: 'hash-of-a' });
        strictEqual(await accounts.userById('z'), undefined);
        strictEqual(await accounts.userByName('Zoe'), undefined);
      }),
    },
    {
      name: 'a name taken in another case is refused as taken, and the first user is kept',
      run: withStorage(async ({ storage }) => {
        const accounts = storage.repos.accounts;
        strictEqual(await accounts.addUser(user('c', 'ANN', 'other')), 'taken');
        strictEqual(await accounts.userById('c'), undefined);
        deepStrictEqual(await accounts.userByName('ann'), { id: 'a', name: 'Ann', passwordHash: 'hash-of-a' });
      }),
    },
    {
      name: 'unique names under concurrency: of one name added at once, one is added and the others are taken',
      run: withStorage(async ({ storage }) => {
        const spellings = ['Cleo', 'cleo', 'CLEO', 'cLeO', 'CleO', 'clEo'];
        const results = await Promise.all(
          spellings.map((name, i) => storage.transaction((repos) => repos.accounts.addUser(user(`c${i}`, name)))),
        );
        strictEqual(results.filter((r) => r === 'added').length, 1);
        strictEqual(results.filter((r) => r === 'taken').length, spellings.length - 1);
        const winner = results.indexOf('added');
        deepStrictEqual(await storage.repos.accounts.userByName('cleo'), {
          id: `c${winner}`,
          name: spellings[winner],
          passwordHash: `hash-of-c${winner}`,
        });
      }),
    },
    {
      name: 'a taken name leaves its transaction usable: what follows in it is kept',
      run: withStorage(async ({ storage }) => {
        await storage.transaction(async (repos) => {
          strictEqual(await repos.accounts.addUser(user('c', 'bob')), 'taken');
          strictEqual(await repos.accounts.addUser(user('d', 'Dora')), 'added');
        });
        deepStrictEqual(await storage.repos.accounts.userById('d'), { id: 'd', name: 'Dora' });
      }),
    },
    {
      name: 'names of several ids are read at once, unknown ids left out',
      run: withStorage(async ({ storage }) => {
        const names = await storage.repos.accounts.namesOf(['b', 'z', 'a']);
        deepStrictEqual(
          [...names].sort(([x], [y]) => (x < y ? -1 : 1)),
          [
            ['a', 'Ann'],
            ['b', 'Bob'],
          ],
        );
        strictEqual((await storage.repos.accounts.namesOf([])).size, 0);
      }),
    },
    {
      name: "a password hash changed is the one read back, and only that user's",
      run: withStorage(async ({ storage }) => {
        await storage.repos.accounts.setPasswordHash('a', 'new-hash');
        strictEqual((await storage.repos.accounts.userByName('ann'))?.passwordHash, 'new-hash');
        strictEqual((await storage.repos.accounts.userByName('bob'))?.passwordHash, 'hash-of-b');
      }),
    },
  ];
}

/** Tokens, vacations and transactions. */
function tokensAndVacations(withStorage: WithStorage): RepositoryCase[] {
  return [
    {
      name: 'a token is found with its user until it expires; expired tokens are not returned',
      run: withStorage(async ({ storage }) => {
        const accounts = storage.repos.accounts;
        await accounts.addToken(token('t1', 'a', 2_000));
        deepStrictEqual(await accounts.liveToken('t1', 1_999), {
          user: { id: 'a', name: 'Ann' },
          expiresAt: 2_000,
        });
        strictEqual(await accounts.liveToken('t1', 2_000), undefined);
        strictEqual(await accounts.liveToken('t1', 5_000), undefined);
        strictEqual(await accounts.liveToken('unknown', 0), undefined);
      }),
    },
    {
      name: 'two tokens of one hash are refused',
      run: withStorage(async ({ storage }) => {
        await storage.repos.accounts.addToken(token('t1', 'a'));
        await rejects(storage.repos.accounts.addToken(token('t1', 'b')));
        strictEqual((await storage.repos.accounts.liveToken('t1', 0))?.user.id, 'a');
      }),
    },
    {
      name: 'deleting a token tells whose it was, and it is found no more',
      run: withStorage(async ({ storage }) => {
        const accounts = storage.repos.accounts;
        await accounts.addToken(token('t1', 'a'));
        await accounts.addToken(token('t2', 'a'));
        strictEqual(await accounts.deleteToken('t1'), 'a');
        strictEqual(await accounts.liveToken('t1', 0), undefined);
        strictEqual(await accounts.deleteToken('t1'), undefined);
        strictEqual((await accounts.liveToken('t2', 0))?.user.id, 'a');
      }),
    },
    {
      name: "deleting a user's tokens but one keeps that one and everyone else's",
      run: withStorage(async ({ storage }) => {
        const accounts = storage.repos.accounts;
        for (const [hash, owner] of [
          ['a1', 'a'],
          ['a2', 'a'],
          ['a3', 'a'],
          ['b1', 'b'],
        ] as const) {
          await accounts.addToken(token(hash, owner));
        }
        await accounts.deleteTokensOf('a', 'a2');
        deepStrictEqual(
          await Promise.all(['a1', 'a2', 'a3', 'b1'].map(async (h) => (await accounts.liveToken(h, 0)) !== undefined)),
          [false, true, false, true],
        );
        await accounts.deleteTokensOf('a');
        strictEqual(await accounts.liveToken('a2', 0), undefined);
        strictEqual((await accounts.liveToken('b1', 0))?.user.id, 'b');
      }),
    },
    {
      name: "a user's vacation is none until set, and read back alone or with others'",
      run: withStorage(async ({ storage }) => {
        const accounts = storage.repos.accounts;
        deepStrictEqual(await accounts.vacationOf('a'), { since: null, until: null });
        await accounts.setVacation('a', { since: 1_000, until: 9_000 });
        deepStrictEqual(await accounts.vacationOf('a'), { since: 1_000, until: 9_000 });
        const both = await accounts.vacationsOf(['a', 'b', 'z']);
        deepStrictEqual(both.get('a'), { since: 1_000, until: 9_000 });
        deepStrictEqual(both.get('b'), { since: null, until: null });
        strictEqual(both.has('z'), false);
        await accounts.setVacation('a', { since: null, until: null });
        deepStrictEqual(await accounts.vacationOf('a'), { since: null, until: null });
      }),
    },
    {
      name: 'vacations recorded are listed by the window they end in, and the old ones can be dropped',
      run: withStorage(async ({ storage }) => {
        const accounts = storage.repos.accounts;
        await accounts.addVacationSpan('a', { startedAt: 5_000, endedAt: 6_000 });
        await accounts.addVacationSpan('a', { startedAt: 1_000, endedAt: 2_000 });
        await accounts.addVacationSpan('b', { startedAt: 1_500, endedAt: 7_000 });
        deepStrictEqual(await accounts.vacationSpansEndedAfter('a', 0, 10), [
          { startedAt: 1_000, endedAt: 2_000 },
          { startedAt: 5_000, endedAt: 6_000 },
        ]);
        deepStrictEqual(await accounts.vacationSpansEndedAfter('a', 2_000, 10), [{ startedAt: 5_000, endedAt: 6_000 }]);
        deepStrictEqual(await accounts.vacationSpansEndedAfter('a', 0, 1), [{ startedAt: 1_000, endedAt: 2_000 }]);
        await accounts.dropVacationSpansEndedBy('a', 2_000);
        deepStrictEqual(await accounts.vacationSpansEndedAfter('a', 0, 10), [{ startedAt: 5_000, endedAt: 6_000 }]);
        deepStrictEqual(await accounts.vacationSpansEndedAfter('b', 0, 10), [{ startedAt: 1_500, endedAt: 7_000 }]);
      }),
    },
    {
      name: 'a failed transaction keeps nothing: users, tokens, passwords and vacations as they were',
      run: withStorage(async ({ storage }) => {
        await storage.repos.accounts.addToken(token('a1', 'a'));
        const failure = new Error('the last step failed');
        let caught: unknown;
        try {
          await storage.transaction(async (repos) => {
            strictEqual(await repos.accounts.addUser(user('c', 'Cleo')), 'added');
            await repos.accounts.addToken(token('c1', 'c'));
            await repos.accounts.setPasswordHash('a', 'new-hash');
            strictEqual(await repos.accounts.deleteToken('a1'), 'a');
            await repos.accounts.setVacation('b', { since: 1_000, until: 9_000 });
            await repos.accounts.addVacationSpan('b', { startedAt: 1_000, endedAt: 2_000 });
            deepStrictEqual(await repos.accounts.userById('c'), { id: 'c', name: 'Cleo' });
            throw failure;
          });
        } catch (e) {
          caught = e;
        }
        strictEqual(caught, failure);
        const accounts = storage.repos.accounts;
        strictEqual(await accounts.userByName('cleo'), undefined);
        strictEqual(await accounts.liveToken('c1', 0), undefined);
        strictEqual((await accounts.userByName('ann'))?.passwordHash, 'hash-of-a');
        strictEqual((await accounts.liveToken('a1', 0))?.user.id, 'a');
        deepStrictEqual(await accounts.vacationOf('b'), { since: null, until: null });
        deepStrictEqual(await accounts.vacationSpansEndedAfter('b', 0, 10), []);
        // The name is free again.
        strictEqual(await accounts.addUser(user('c2', 'Cleo')), 'added');
      }),
    },
  ];
}
