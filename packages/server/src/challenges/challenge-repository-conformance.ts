/**
 * What every adapter of the challenges' port must do (./challenge-repository.ts), as named cases, framework-free
 * like core's kits: each `run` rejects on failure.
 *
 *   for (const c of challengeRepositoryCases(() => openTestStorage(kind))) it(c.name, c.run);
 */
import { deepStrictEqual, ok, strictEqual } from 'node:assert/strict';
import type { RepositoryCase } from '../ratings/rating-repository-conformance.js';
import { withUsers, type OpenStorage, type WithStorage } from '../storage/testing.js';
import type { NewChallenge } from './challenge-repository.js';

function challenge(challengerId: string, challengedId: string | null = null, createdAt = 1_000): NewChallenge {
  return {
    challengerId,
    challengedId,
    family: 'draughts',
    options: { variant: 'international', flags: [1, 2] },
    control: { kind: 'correspondence', daysPerMove: 3, nagDays: 1 },
    rated: true,
    seat: 'random',
    createdAt,
    engineHelp: false,
    pairing: false,
    matchKey: null,
  };
}

export function challengeRepositoryCases(open: () => Promise<OpenStorage>): RepositoryCase[] {
  const withStorage = withUsers(open, ['a', 'b', 'c']);
  return [...addingAndListing(withStorage), ...pairingAndEnds(withStorage)];
}

/** Adding challenges, listing them, and the limit on how many a user has open. */
function addingAndListing(withStorage: WithStorage): RepositoryCase[] {
  return [
    {
      name: 'a challenge added is read back open as it was added, each with a higher id',
      run: withStorage(async ({ storage }) => {
        const seek = { ...challenge('a'), rated: false, seat: '1' as const };
        const first = await storage.repos.challenges.add(seek);
        const second = await storage.repos.challenges.add(challenge('a', 'b', 2_000));
        ok(second > first);
        deepStrictEqual(await storage.repos.challenges.get(first), {
          ...seek,
          id: first,
          status: 'open',
          gameId: null,
        });
        deepStrictEqual(await storage.repos.challenges.get(second), {
          ...challenge('a', 'b', 2_000),
          id: second,
          status: 'open',
          gameId: null,
        });
        strictEqual(await storage.repos.challenges.get(second + 100), undefined);
      }),
    },
    {
      name: 'the open list holds the seeks for everyone and the challenges to and from the user, newest first',
      run: withStorage(async ({ storage }) => {
        const challenges = storage.repos.challenges;
        const seek = await challenges.add(challenge('a'));
        const aToB = await challenges.add(challenge('a', 'b'));
        const cToA = await challenges.add(challenge('c', 'a'));
        const closed = await challenges.add(challenge('b'));
        strictEqual(await challenges.close(closed, 'cancelled'), true);
        const ids = async (user: string | undefined, limit = 200) =>
          (await challenges.listOpen(user, limit)).map((c) => c.id);
        deepStrictEqual(await ids(undefined), [seek]);
        deepStrictEqual(await ids('a'), [cToA, aToB, seek]);
        deepStrictEqual(await ids('b'), [aToB, seek]);
        deepStrictEqual(await ids('c'), [cToA, seek]);
        deepStrictEqual(await ids('a', 2), [cToA, aToB]);
      }),
    },
    {
      name: "a user's open challenges are counted, not the closed ones nor anyone else's",
      run: withStorage(async ({ storage }) => {
        const challenges = storage.repos.challenges;
        await challenges.add(challenge('a'));
        await challenges.add(challenge('a', 'b'));
        const declined = await challenges.add(challenge('a', 'c'));
        await challenges.add(challenge('b'));
        strictEqual(await challenges.close(declined, 'declined'), true);
        strictEqual(await challenges.countOpenOf('a'), 2);
        strictEqual(await challenges.countOpenOf('b'), 1);
        strictEqual(await challenges.countOpenOf('c'), 0);
      }),
    },
    {
      name: 'a limit checked on the count in the adding transaction holds when many add at once',
      run: withStorage(async ({ storage }) => {
        const limit = 3;
        const tries = await Promise.all(
          Array.from({ length: 8 }, () =>
            storage.transaction(async (repos) => {
              if ((await repos.challenges.countOpenOf('a')) >= limit) return false;
              await repos.challenges.add(challenge('a'));
              return true;
            }),
          ),
        );
        strictEqual(tries.filter((t) => t).length, limit);
        strictEqual(await storage.repos.challenges.countOpenOf('a'), limit);
      }),
    },
    {
      name: "the seeks with a match key are found oldest first, without the asker's own nor closed ones",
      run: withStorage(async ({ storage }) => {
        const challenges = storage.repos.challenges;
        const keyed = (by: string, key: string, to: string | null = null): NewChallenge => ({
          ...challenge(by, to),
          matchKey: key,
        });
        const first = await challenges.add(keyed('b', 'k'));
        await challenges.add(keyed('a', 'k'));
        await challenges.add(keyed('c', 'other'));
        await challenges.add(keyed('c', 'k', 'a'));
        const closed = await challenges.add(keyed('c', 'k'));
        strictEqual(await challenges.close(closed, 'cancelled'), true);
        const third = await challenges.add(keyed('c', 'k'));
        deepStrictEqual(
          (await challenges.findSeeks('k', 'a', 10)).map((c) => c.id),
          [first, third],
        );
        deepStrictEqual(
          (await challenges.findSeeks('k', 'a', 1)).map((c) => c.id),
          [first],
        );
        deepStrictEqual(await challenges.findSeeks('none', 'a', 10), []);
        strictEqual((await challenges.get(first))?.matchKey, 'k');
      }),
    },
  ];
}

/** Quick-pairing requests, and the ends of a challenge: claimed, declined, cancelled; a failed transaction. */
function pairingAndEnds(withStorage: WithStorage): RepositoryCase[] {
  return [
    {
      name: 'quick-pairing requests are read back, listed per user and counted while open, engine help kept',
      run: withStorage(async ({ storage }) => {
        const challenges = storage.repos.challenges;
        const request = (by: string): NewChallenge => ({ ...challenge(by), pairing: true, matchKey: 'k' });
        const a = await challenges.add(request('a'));
        const b = await challenges.add(request('b'));
        const helped = await challenges.add({ ...challenge('a', 'b'), rated: false, engineHelp: true });
        strictEqual((await challenges.get(a))?.pairing, true);
        strictEqual((await challenges.get(helped))?.pairing, false);
        strictEqual((await challenges.get(helped))?.engineHelp, true);
        strictEqual(await challenges.countPairings(), 2);
        deepStrictEqual(
          (await challenges.pairingsOf('a')).map((c) => c.id),
          [a],
        );
        strictEqual(await challenges.close(b, 'cancelled'), true);
        strictEqual(await challenges.countPairings(), 1);
        deepStrictEqual(await challenges.pairingsOf('b'), []);
        // The lock holds only within a transaction and is taken again by the next.
        for (let i = 0; i < 2; i++) await storage.transaction((repos) => repos.challenges.lockPairing('k'));
      }),
    },
    {
      name: 'a challenge is claimed by a game only while it is open, and then is no longer listed',
      run: withStorage(async (s) => {
        const challenges = s.storage.repos.challenges;
        const id = await challenges.add(challenge('a'));
        const game = await s.addGame();
        strictEqual(await challenges.claim(id, game), true);
        const claimed = await challenges.get(id);
        strictEqual(claimed?.status, 'accepted');
        strictEqual(claimed?.gameId, game);
        strictEqual(await challenges.claim(id, await s.addGame()), false);
        strictEqual(await challenges.close(id, 'cancelled'), false);
        strictEqual((await challenges.get(id))?.gameId, game);
        deepStrictEqual(await challenges.listOpen(undefined, 10), []);
        strictEqual(await challenges.claim(id + 100, game), false);
      }),
    },
    {
      name: 'of two claims of one challenge at once, one wins',
      run: withStorage(async (s) => {
        const id = await s.storage.repos.challenges.add(challenge('a'));
        const games = [await s.addGame(), await s.addGame()];
        const won = await Promise.all(
          games.map((g) => s.storage.transaction((repos) => repos.challenges.claim(id, g))),
        );
        strictEqual(won.filter((w) => w).length, 1);
        strictEqual((await s.storage.repos.challenges.get(id))?.gameId, games[won.indexOf(true)]);
      }),
    },
    {
      name: 'a challenge is declined or cancelled only while it is open',
      run: withStorage(async ({ storage }) => {
        const challenges = storage.repos.challenges;
        const id = await challenges.add(challenge('a', 'b'));
        strictEqual(await challenges.close(id, 'declined'), true);
        strictEqual((await challenges.get(id))?.status, 'declined');
        strictEqual(await challenges.close(id, 'cancelled'), false);
        strictEqual((await challenges.get(id))?.status, 'declined');
        strictEqual(await challenges.countOpenOf('a'), 0);
      }),
    },
    {
      name: 'a failed transaction keeps nothing: no challenge added, none claimed or closed',
      run: withStorage(async (s) => {
        const open = await s.storage.repos.challenges.add(challenge('a'));
        const other = await s.storage.repos.challenges.add(challenge('b', 'c'));
        const game = await s.addGame();
        const failure = new Error('the game could not be made');
        let caught: unknown;
        let added = 0;
        try {
          await s.storage.transaction(async (repos) => {
            added = await repos.challenges.add(challenge('c'));
            strictEqual(await repos.challenges.claim(open, game), true);
            strictEqual(await repos.challenges.close(other, 'declined'), true);
            strictEqual((await repos.challenges.get(open))?.status, 'accepted');
            throw failure;
          });
        } catch (e) {
          caught = e;
        }
        strictEqual(caught, failure);
        strictEqual(await s.storage.repos.challenges.get(added), undefined);
        deepStrictEqual(
          (await s.storage.repos.challenges.listOpen('c', 10)).map((c) => [c.id, c.status, c.gameId]),
          [
            [other, 'open', null],
            [open, 'open', null],
          ],
        );
      }),
    },
  ];
}
