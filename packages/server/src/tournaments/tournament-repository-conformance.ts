/**
 * What every adapter of the tournaments' port must do (./tournament-repository.ts), as named cases, framework-free:
 * each `run` rejects on failure.
 *
 *   for (const c of tournamentRepositoryCases(() => openTestStorage(kind))) it(c.name, c.run);
 */
import { deepStrictEqual, ok, strictEqual } from 'node:assert/strict';
import type { RepositoryCase } from '../ratings/rating-repository-conformance.js';
import { withUsers, type OpenStorage, type WithStorage } from '../storage/testing.js';
import type { NewTournament } from './tournament-repository.js';

function tournament(organiserId: string, startsAt: number | null = null): NewTournament {
  return {
    name: 'Autumn Swiss',
    organiserId,
    kind: 'swiss',
    family: 'draughts',
    options: { variant: 'international' },
    variantId: 'international',
    control: { kind: 'correspondence', daysPerMove: 3, nagDays: 1 },
    rated: true,
    rounds: 5,
    durationMs: null,
    startsAt,
    maxEntrants: 64,
    createdAt: 1_000,
  };
}

export function tournamentRepositoryCases(open: () => Promise<OpenStorage>): RepositoryCase[] {
  const withStorage = withUsers(open, ['a', 'b', 'c']);
  return [...tournamentsAndEntries(withStorage), ...pairingsAndLimits(withStorage)];
}

/** Tournaments created and changed, and their entries. */
function tournamentsAndEntries(withStorage: WithStorage): RepositoryCase[] {
  return [
    {
      name: 'a tournament created is read back open at round 0 as created, each with a higher id',
      run: withStorage(async ({ storage }) => {
        const t = storage.repos.tournaments;
        const first = await t.create(tournament('a'));
        const second = await t.create({ ...tournament('b', 5_000), kind: 'arena', rounds: 0, durationMs: 60_000 });
        ok(second > first);
        deepStrictEqual(await t.get(first), {
          ...tournament('a'),
          id: first,
          status: 'open',
          round: 0,
          startedAt: null,
          finishedAt: null,
        });
        strictEqual((await t.get(second))?.durationMs, 60_000);
        strictEqual(await t.get(second + 100), undefined);
        deepStrictEqual(
          (await t.list(['open'], 10)).map((x) => x.id),
          [second, first],
        );
        deepStrictEqual(await t.list(['running'], 10), []);
      }),
    },
    {
      name: "a tournament's state changes as told; the due and running ones are found",
      run: withStorage(async ({ storage }) => {
        const t = storage.repos.tournaments;
        const later = await t.create(tournament('a', 9_000));
        const soon = await t.create(tournament('a', 2_000));
        await t.create(tournament('a', null));
        deepStrictEqual(await t.dueToStart(5_000, 10), [soon]);
        deepStrictEqual(await t.dueToStart(10_000, 10), [soon, later]);
        await t.update(soon, { status: 'running', round: 1, rounds: 4, startedAt: 2_001 });
        const read = await t.get(soon);
        deepStrictEqual([read?.status, read?.round, read?.rounds, read?.startedAt], ['running', 1, 4, 2_001]);
        deepStrictEqual(await t.dueToStart(10_000, 10), [later]);
        deepStrictEqual(await t.running(0, 10), [soon]);
        deepStrictEqual(await t.running(soon, 10), []);
        strictEqual(await t.countLiveBy('a'), 3);
        await t.update(soon, { status: 'finished', finishedAt: 3_000 });
        strictEqual(await t.countLiveBy('a'), 2);
        strictEqual(await t.countLiveBy('b'), 0);
        strictEqual((await t.get(soon))?.finishedAt, 3_000);
      }),
    },
    {
      name: 'entries are numbered from 1; a person enters once, the computer many times; leaving takes the entry out',
      run: withStorage(async ({ storage }) => {
        const t = storage.repos.tournaments;
        const id = await t.create(tournament('a'));
        const entry = (userId: string | null, level: string | null = null) => ({
          tournamentId: id,
          userId,
          level,
          joinedAt: 7,
        });
        strictEqual(await t.addEntry(entry('a')), 1);
        strictEqual(await t.addEntry(entry('a')), undefined);
        strictEqual(await t.addEntry(entry(null, 'easy')), 2);
        strictEqual(await t.addEntry(entry(null, 'easy')), 3);
        strictEqual(await t.addEntry(entry('b')), 4);
        strictEqual(await t.removeEntry(id, 4), true);
        strictEqual(await t.removeEntry(id, 4), false);
        deepStrictEqual(await t.entries(id), [
          { ...entry('a'), no: 1, seed: null, withdrawn: false, score: 0 },
          { ...entry(null, 'easy'), no: 2, seed: null, withdrawn: false, score: 0 },
          { ...entry(null, 'easy'), no: 3, seed: null, withdrawn: false, score: 0 },
        ]);
        await t.setSeeds(
          id,
          new Map([
            [1, 3],
            [2, 1],
            [3, 2],
          ]),
        );
        await t.setScores(
          id,
          new Map([
            [1, 1.5],
            [3, 2],
          ]),
        );
        await t.setWithdrawn(id, 3);
        deepStrictEqual(
          (await t.entries(id)).map((e) => [e.no, e.seed, e.score, e.withdrawn]),
          [
            [1, 3, 1.5, false],
            [2, 1, 0, false],
            [3, 2, 2, true],
          ],
        );
        deepStrictEqual(await t.entriesOf('a'), [{ tournamentId: id, no: 1 }]);
        const empty = await t.create(tournament('b'));
        deepStrictEqual(
          [...(await t.entryCounts([id, empty, empty + 100]))],
          [
            [id, 3],
            [empty, 0],
            [empty + 100, 0],
          ],
        );
        deepStrictEqual([...(await t.entryCounts([]))], []);
        await t.update(id, { status: 'finished' });
        deepStrictEqual(await t.entriesOf('a'), []);
      }),
    },
  ];
}

/** Pairings and their results, the entrants limit under concurrency, transactions. */
function pairingsAndLimits(withStorage: WithStorage): RepositoryCase[] {
  return [
    {
      name: 'pairings are read back by round and board; a result is recorded once; a game finds its pairing',
      run: withStorage(async (s) => {
        const t = s.storage.repos.tournaments;
        const id = await t.create(tournament('a'));
        const game = await s.addGame(['a', 'b']);
        await t.addPairings(id, [
          { round: 1, board: 2, leg: 1, seats: [3, null], gameId: null, result: { score: [1, 0] } },
          { round: 1, board: 1, leg: 1, seats: [1, 2], gameId: game, result: null },
        ]);
        await t.addPairings(id, [
          { round: 2, board: 1, leg: 1, seats: [2, 3], gameId: null, result: { score: [0, 1], forfeit: true } },
        ]);
        deepStrictEqual(
          (await t.pairings(id)).map((p) => [p.round, p.board, p.seats, p.gameId, p.result]),
          [
            [1, 1, [1, 2], game, null],
            [1, 2, [3, null], null, { score: [1, 0] }],
            [2, 1, [2, 3], null, { score: [0, 1], forfeit: true }],
          ],
        );
        deepStrictEqual(await t.pairingOfGame(game), {
          tournamentId: id,
          round: 1,
          board: 1,
          leg: 1,
          seats: [1, 2],
          gameId: game,
          result: null,
        });
        strictEqual(await t.pairingOfGame(game + 100), undefined);
        strictEqual(await t.setResult(id, 1, 1, { score: [0.5, 0.5] }), true);
        strictEqual(await t.setResult(id, 1, 1, { score: [1, 0] }), false);
        deepStrictEqual((await t.pairingOfGame(game))?.result, { score: [0.5, 0.5] });
      }),
    },
    {
      name: 'a limit checked on the entries in a transaction that holds the tournament holds when many join at once',
      run: withStorage(async ({ storage }) => {
        const id = await storage.repos.tournaments.create(tournament('a'));
        const limit = 3;
        const tries = await Promise.all(
          Array.from({ length: 8 }, () =>
            storage.transaction(async (repos) => {
              await repos.tournaments.hold(id);
              if ((await repos.tournaments.entries(id)).length >= limit) return false;
              await repos.tournaments.addEntry({ tournamentId: id, userId: null, level: 'easy', joinedAt: 1 });
              return true;
            }),
          ),
        );
        strictEqual(tries.filter((x) => x).length, limit);
        deepStrictEqual(
          (await storage.repos.tournaments.entries(id)).map((e) => e.no),
          [1, 2, 3],
        );
      }),
    },
    {
      name: 'a failed transaction keeps nothing: no tournament, entry, pairing or result',
      run: withStorage(async ({ storage }) => {
        const t = storage.repos.tournaments;
        const id = await t.create(tournament('a'));
        await t.addPairings(id, [{ round: 1, board: 1, leg: 1, seats: [1, null], gameId: null, result: null }]);
        const failure = new Error('the round could not be paired');
        let made = 0;
        let caught: unknown;
        try {
          await storage.transaction(async (repos) => {
            made = await repos.tournaments.create(tournament('b'));
            await repos.tournaments.addEntry({ tournamentId: id, userId: 'b', level: null, joinedAt: 1 });
            await repos.tournaments.update(id, { status: 'running', round: 1 });
            await repos.tournaments.setResult(id, 1, 1, { score: [1, 0] });
            await repos.tournaments.addPairings(id, [
              { round: 2, board: 1, leg: 1, seats: [1, null], gameId: null, result: null },
            ]);
            throw failure;
          });
        } catch (e) {
          caught = e;
        }
        strictEqual(caught, failure);
        strictEqual(await t.get(made), undefined);
        strictEqual((await t.get(id))?.status, 'open');
        deepStrictEqual(await t.entries(id), []);
        deepStrictEqual(
          (await t.pairings(id)).map((p) => [p.round, p.result]),
          [[1, null]],
        );
      }),
    },
  ];
}
