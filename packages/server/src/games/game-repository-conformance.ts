/**
 * What every adapter of the games' port must do (./game-repository.ts), as named cases, framework-free like core's
 * kits: each `run` rejects on failure.
 *
 *   for (const c of gameRepositoryCases(() => openTestStorage(kind))) it(c.name, c.run);
 */
import { deepStrictEqual, ok, strictEqual } from 'node:assert/strict';
import type { ChangeEvent } from '../bus/change-bus.js';
import type { RepositoryCase } from '../ratings/rating-repository-conformance.js';
import type { OpenStorage } from '../storage/testing.js';
import type { GameChange, NewGameRecord } from './game-repository.js';

/** A game of `family` between users `a` and `b` (or `a` and the computer), made at `at`. */
function newGame(options: { family?: string; computer?: boolean; at?: number; log?: string[] } = {}): NewGameRecord {
  const at = options.at ?? 1_000;
  return {
    family: options.family ?? 'tactics',
    variantId: options.family ?? 'tactics',
    options: '{}',
    rated: false,
    status: 'active',
    users: ['a', options.computer ? null : 'b'],
    levels: [null, options.computer ? 'novice' : null],
    version: 1,
    head: '{"head":1}',
    control: '{"kind":"none"}',
    deadlineAt: null,
    meta: '{}',
    result: null,
    createdAt: at,
    updatedAt: at,
    plies: options.log?.length ?? 0,
    lastMove: options.log?.at(-1) ?? null,
    toAct: '0',
    log: options.log ?? [],
  };
}

/** The change of a move `text` appended at `at` to a game at `version` with `plies` moves. */
function moveChange(version: number, plies: number, text: string, at: number): GameChange {
  return {
    version: version + 1,
    head: `{"head":${version + 1}}`,
    meta: '{}',
    status: 'active',
    result: null,
    deadlineAt: null,
    updatedAt: at,
    plies: plies + 1,
    lastMove: text,
    toAct: String((plies + 1) % 2),
    log: { from: plies, texts: [text], cut: false },
  };
}

/** Collects the events heard from now on; `settled` waits for those published in coming turns. */
function listen(s: OpenStorage): { heard: ChangeEvent[]; settled: () => Promise<void> } {
  const heard: ChangeEvent[] = [];
  s.onChange((e) => heard.push(e));
  return { heard, settled: () => new Promise((resolve) => setTimeout(resolve, 30)) };
}

/** Runs a case's test on a fresh storage. */
type WithStorage = (test: (s: OpenStorage) => Promise<void>) => () => Promise<void>;

export function gameRepositoryCases(open: () => Promise<OpenStorage>): RepositoryCase[] {
  /** Runs `test` on a fresh storage with users `a` (Ann), `b` (Bob), `c` (Cy), closed afterwards. */
  const withStorage = (test: (s: OpenStorage) => Promise<void>) => async (): Promise<void> => {
    const s = await open();
    try {
      await s.addUser('a', 'Ann');
      await s.addUser('b', 'Bob');
      await s.addUser('c', 'Cy');
      await test(s);
    } finally {
      await s.close();
    }
  };
  return [...storingAndChanging(withStorage), ...listingAndTransactions(withStorage), ...countsAndPages(withStorage)];
}

/** Games stored and read back, results, and changes written only on their version. */
function storingAndChanging(withStorage: WithStorage): RepositoryCase[] {
  return [
    {
      name: 'a game stored is read back as it was, with its log and its players’ names',
      run: withStorage(async ({ storage }) => {
        const game = newGame({ log: ['f1-f4', 'c8-c5', 'f4xc5'] });
        const id = await storage.repos.games.insert(game);
        const { log, ...record } = game;
        deepStrictEqual(await storage.repos.games.read(id), { ...record, id, names: ['Ann', 'Bob'], log });
        strictEqual(await storage.repos.games.versionOf(id), 1);
        strictEqual(await storage.repos.games.read(id + 1000), undefined);
        strictEqual(await storage.repos.games.versionOf(id + 1000), undefined);
      }),
    },
    {
      name: 'the results of finished games are read by id; games in progress and unknown ids are left out',
      run: withStorage(async ({ storage }) => {
        const games = storage.repos.games;
        const done = await games.insert({ ...newGame(), status: 'finished', result: '{"kind":"draw"}' });
        const playing = await games.insert(newGame());
        const result = await games.resultsOf([done, playing, done + 1000]);
        deepStrictEqual([...result], [[done, '{"kind":"draw"}']]);
        deepStrictEqual([...(await games.resultsOf([]))], []);
      }),
    },
    {
      name: 'a change is written only on the version it was made from, and its events heard only then',
      run: withStorage(async (s) => {
        const { storage } = s;
        const id = await storage.repos.games.insert(newGame());
        const { heard, settled } = listen(s);
        const event: ChangeEvent = { kind: 'game', gameId: id, version: 2 };
        strictEqual(await storage.repos.games.update(id, 1, moveChange(1, 0, 'f1-f4', 2_000), [event]), true);
        strictEqual(await storage.repos.games.update(id, 1, moveChange(1, 0, 'a1-a2', 2_500), [event]), false);
        await settled();
        deepStrictEqual(heard, [event]);
        const back = await storage.repos.games.read(id);
        strictEqual(back?.version, 2);
        deepStrictEqual(back?.log, ['f1-f4']);
        strictEqual(back?.lastMove, 'f1-f4');
        strictEqual(back?.updatedAt, 2_000);
      }),
    },
    {
      name: 'of changes made at once on one version exactly one is written',
      run: withStorage(async ({ storage }) => {
        const id = await storage.repos.games.insert(newGame());
        const tries = ['a', 'b', 'c', 'd', 'e', 'f'].map((m) =>
          storage.repos.games.update(id, 1, moveChange(1, 0, m, 2_000), []),
        );
        const won = (await Promise.all(tries)).filter(Boolean).length;
        strictEqual(won, 1);
        strictEqual((await storage.repos.games.read(id))?.log?.length, 1);
      }),
    },
    {
      name: 'a move appends to the log; a takeback then another move replaces the moves taken back',
      run: withStorage(async ({ storage }) => {
        const id = await storage.repos.games.insert(newGame({ log: ['m1', 'm2', 'm3'] }));
        ok(await storage.repos.games.update(id, 1, moveChange(1, 3, 'm4', 2_000), []));
        deepStrictEqual((await storage.repos.games.read(id))?.log, ['m1', 'm2', 'm3', 'm4']);
        // Two moves taken back (the log keeps them for redo: only the head changes), then another move at ply 2.
        const takeback: GameChange = { ...moveChange(2, 2, 'x', 3_000), plies: 2, lastMove: 'm2' };
        const { log: _none, ...headOnly } = takeback;
        ok(await storage.repos.games.update(id, 2, headOnly, []));
        deepStrictEqual((await storage.repos.games.read(id))?.log, ['m1', 'm2', 'm3', 'm4']);
        ok(
          await storage.repos.games.update(
            id,
            3,
            { ...moveChange(3, 2, 'n3', 4_000), log: { from: 2, texts: ['n3'], cut: true } },
            [],
          ),
        );
        deepStrictEqual((await storage.repos.games.read(id))?.log, ['m1', 'm2', 'n3']);
      }),
    },
  ];
}

/** Transactions, listings, deadlines, computer games counted, and chat. */
function listingAndTransactions(withStorage: WithStorage): RepositoryCase[] {
  return [
    {
      name: 'a transaction that fails keeps neither the games it stored nor the changes it made',
      run: withStorage(async (s) => {
        const { storage } = s;
        const id = await storage.repos.games.insert(newGame({ log: ['m1'] }));
        const { heard, settled } = listen(s);
        let made = 0;
        const failure = new Error('refused');
        let caught: unknown;
        try {
          await storage.transaction(async (repos) => {
            made = await repos.games.insert(newGame());
            ok(await repos.games.update(id, 1, moveChange(1, 1, 'm2', 2_000), [{ kind: 'lobby' }]));
            ok((await repos.games.addChat({ gameId: id, userId: 'a', text: 'hi', at: 2_000 })) !== undefined);
            throw failure;
          });
        } catch (e) {
          caught = e;
        }
        strictEqual(caught, failure);
        await settled();
        deepStrictEqual(heard, []);
        strictEqual(await storage.repos.games.read(made), undefined);
        const back = await storage.repos.games.read(id);
        strictEqual(back?.version, 1);
        deepStrictEqual(back?.log, ['m1']);
        deepStrictEqual(await storage.repos.games.chatOf(id, 10), []);
      }),
    },
    {
      name: 'a change in a transaction is heard once the transaction commits',
      run: withStorage(async (s) => {
        const { storage } = s;
        const id = await storage.repos.games.insert(newGame());
        const { heard, settled } = listen(s);
        await storage.transaction(async (repos) => {
          ok(
            await repos.games.update(id, 1, moveChange(1, 0, 'm1', 2_000), [{ kind: 'game', gameId: id, version: 2 }]),
          );
          await settled();
          deepStrictEqual(heard, []);
        });
        await settled();
        deepStrictEqual(heard, [{ kind: 'game', gameId: id, version: 2 }]);
      }),
    },
    {
      name: 'listings filter by family, status and players, newest or last changed first, cut at the limit',
      run: withStorage(async ({ storage }) => {
        const games = storage.repos.games;
        const t1 = await games.insert(newGame({ at: 1_000 }));
        const d1 = await games.insert(newGame({ family: 'draughts', at: 2_000 }));
        const t2 = await games.insert(newGame({ at: 3_000, computer: true }));
        const finished: GameChange = {
          ...moveChange(1, 0, 'm1', 9_000),
          status: 'finished',
          result: '{"kind":"draw"}',
          toAct: '',
        };
        ok(await games.update(t1, 1, finished, []));
        const ids = async (q: Parameters<typeof games.list>[0]): Promise<number[]> =>
          (await games.list(q)).map((g) => g.id);
        deepStrictEqual(await ids({ order: 'newest', limit: 10 }), [t2, d1, t1]);
        deepStrictEqual(await ids({ order: 'changed', limit: 10 }), [t1, t2, d1]);
        deepStrictEqual(await ids({ status: 'active', order: 'newest', limit: 10 }), [t2, d1]);
        deepStrictEqual(await ids({ family: 'tactics', order: 'newest', limit: 10 }), [t2, t1]);
        deepStrictEqual(await ids({ players: ['a', 'b'], order: 'newest', limit: 10 }), [d1, t1]);
        deepStrictEqual(await ids({ players: ['c'], order: 'newest', limit: 10 }), []);
        deepStrictEqual(await ids({ order: 'newest', limit: 2 }), [t2, d1]);
        const [listed] = await games.list({ family: 'tactics', status: 'finished', order: 'newest', limit: 1 });
        deepStrictEqual(listed, {
          id: t1,
          family: 'tactics',
          variantId: 'tactics',
          status: 'finished',
          result: '{"kind":"draw"}',
          users: ['a', 'b'],
          names: ['Ann', 'Bob'],
          levels: [null, null],
          plies: 1,
          lastMove: 'm1',
          toAct: '',
          createdAt: 1_000,
          updatedAt: 9_000,
        });
        deepStrictEqual(await games.activeIdsOf('a', 0, 10), [d1, t2]);
        deepStrictEqual(await games.activeIdsOf('b', 0, 10), [d1]);
      }),
    },
    {
      name: 'due games come earliest first, only those in progress and due, and a deadline moves only on its version',
      run: withStorage(async ({ storage }) => {
        const games = storage.repos.games;
        const late = await games.insert({ ...newGame(), deadlineAt: 5_000 });
        const early = await games.insert({ ...newGame(), deadlineAt: 4_000 });
        await games.insert({ ...newGame(), deadlineAt: 9_000 });
        await games.insert({ ...newGame(), deadlineAt: 1_000, status: 'finished' });
        deepStrictEqual(await games.takeDue(6_000, 10), [early, late]);
        deepStrictEqual(await games.takeDue(6_000, 1), [early]);
        await games.setDeadline(early, 1, 7_000);
        await games.setDeadline(late, 99, 7_000);
        deepStrictEqual(await games.takeDue(6_000, 10), [late]);
        deepStrictEqual(await storage.transaction((repos) => repos.games.takeDue(8_000, 10)), [late, early]);
      }),
    },
    {
      name: 'games against the computer are counted per player, in progress and started since',
      run: withStorage(async ({ storage }) => {
        const games = storage.repos.games;
        const g1 = await games.insert(newGame({ computer: true, at: 1_000 }));
        const g2 = await games.insert(newGame({ computer: true, at: 5_000 }));
        await games.insert(newGame({ at: 6_000 }));
        ok(await games.update(g2, 1, { ...moveChange(1, 0, 'm', 6_000), status: 'finished', toAct: '' }, []));
        deepStrictEqual(await games.computerGamesOf('a', 2_000), { active: 1, startedSince: 1 });
        deepStrictEqual(await games.computerGamesOf('b', 0), { active: 0, startedSince: 0 });
        deepStrictEqual(await storage.transaction((repos) => repos.games.computerGamesOf('a', 0)), {
          active: 1,
          startedSince: 2,
        });
        deepStrictEqual(await games.withComputerIdleSince(2_000, 0, 10), [g1]);
        deepStrictEqual(await games.withComputerIdleSince(500, 0, 10), []);
      }),
    },
    {
      name: "a game's chat keeps its lines in order with their senders' names, and refuses a game that is not there",
      run: withStorage(async ({ storage }) => {
        const games = storage.repos.games;
        const id = await games.insert(newGame());
        const other = await games.insert(newGame());
        const first = await games.addChat({ gameId: id, userId: 'a', text: 'hello', at: 1 });
        await games.addChat({ gameId: other, userId: 'b', text: 'elsewhere', at: 2 });
        const second = await games.addChat({ gameId: id, userId: 'b', text: 'hi Ann', at: 3 });
        strictEqual(await games.addChat({ gameId: other + 1000, userId: 'a', text: 'lost', at: 4 }), undefined);
        ok(first !== undefined && second !== undefined && second > first);
        deepStrictEqual(await games.chatOf(id, 10), [
          { id: first, gameId: id, userId: 'a', name: 'Ann', text: 'hello', at: 1 },
          { id: second, gameId: id, userId: 'b', name: 'Bob', text: 'hi Ann', at: 3 },
        ]);
        deepStrictEqual(
          (await games.chatOf(id, 1)).map((l) => l.text),
          ['hi Ann'],
        );
      }),
    },
  ];
}

/** Each player's games between people counted (./people-quota.ts), and the reads a page at a time. */
function countsAndPages(withStorage: WithStorage): RepositoryCase[] {
  return [
    {
      name: "a player's games in progress come a page at a time, by id",
      run: withStorage(async ({ storage }) => {
        const games = storage.repos.games;
        const g1 = await games.insert(newGame());
        const done = await games.insert(newGame());
        ok(await games.update(done, 1, { ...moveChange(1, 0, 'm', 6_000), status: 'finished', toAct: '' }, []));
        const g2 = await games.insert({ ...newGame(), users: ['b', 'a'] });
        await games.insert({ ...newGame(), users: ['b', 'c'] });
        deepStrictEqual(await games.activeIdsOf('a', 0, 1), [g1]);
        deepStrictEqual(await games.activeIdsOf('a', g1, 10), [g2]);
        deepStrictEqual(await games.activeIdsOf('a', g2, 10), []);
      }),
    },
    {
      name: 'games the computer has left idle come a page at a time, by id',
      run: withStorage(async ({ storage }) => {
        const games = storage.repos.games;
        const g1 = await games.insert(newGame({ computer: true, at: 1_000 }));
        await games.insert(newGame({ at: 1_000 }));
        await games.insert(newGame({ computer: true, at: 3_000 }));
        const g3 = await games.insert(newGame({ computer: true, at: 1_500 }));
        deepStrictEqual(await games.withComputerIdleSince(2_000, 0, 10), [g1, g3]);
        deepStrictEqual(await games.withComputerIdleSince(2_000, 0, 1), [g1]);
        deepStrictEqual(await games.withComputerIdleSince(2_000, g1, 1), [g3]);
        deepStrictEqual(await games.withComputerIdleSince(2_000, g3, 1), []);
      }),
    },
    {
      name: 'games between people in progress are counted per player, without computer or one-player games',
      run: withStorage(async ({ storage }) => {
        const games = storage.repos.games;
        await games.insert(newGame());
        await games.insert({ ...newGame(), users: ['b', 'a'] });
        const done = await games.insert(newGame());
        ok(await games.update(done, 1, { ...moveChange(1, 0, 'm', 6_000), status: 'finished', toAct: '' }, []));
        await games.insert(newGame({ computer: true }));
        await games.insert({ ...newGame(), users: ['a', 'a'] });
        await games.insert({ ...newGame(), users: ['b', 'c'] });
        strictEqual(await games.gamesAgainstPeopleOf('a'), 2);
        strictEqual(await games.gamesAgainstPeopleOf('b'), 3);
        strictEqual(await games.gamesAgainstPeopleOf('d'), 0);
        strictEqual(await storage.transaction((repos) => repos.games.gamesAgainstPeopleOf('c')), 1);
      }),
    },
  ];
}
