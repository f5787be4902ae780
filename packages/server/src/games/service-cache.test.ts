import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Accounts, type User } from '../accounts/accounts.js';
import { openDatabase, type Database } from '../db/database.js';
import { stopTestPostgres, testPostgres } from '../testing/server.js';
import { kyselyStorage } from '../storage/kysely-storage.js';
import type { LiveGame } from './live-game.js';
import { GameService, weightOf } from './service.js';

/** A stand-in restored game whose line has `positions` positions, `positions - 1` moves (all `weightOf` reads). */
function linesOf(positions: number): LiveGame['restored'] {
  const moves = Array.from({ length: positions - 1 }, () => ({}));
  return { dynamics: 'sequential', session: { history: { moves } } } as unknown as LiveGame['restored'];
}

/** The first legal move of the side to move, in the game's notation. */
function firstMove(g: LiveGame): string {
  const r = g.restored;
  if (r.dynamics !== 'sequential') throw new Error('a sequential game');
  const { game, position } = r.session;
  const move = game.legalMoves(position)[0];
  if (move === undefined) throw new Error('no legal move');
  return game.formatMove(position, move);
}

describe('the game cache', () => {
  let database: Database;
  let users: User[];
  beforeAll(async () => {
    database = await openDatabase({ file: ':memory:' });
    const accounts = new Accounts(kyselyStorage(database), database, { log2N: 10, r: 8, p: 1 });
    users = [
      await accounts.signUp('cacheann', 'a long password'),
      await accounts.signUp('cachebob', 'a long password'),
    ];
  });
  afterAll(async () => {
    await database.close();
  });

  /** A new game between the two users, made by `games`. */
  const newGame = (games: GameService, family: 'draughts' | 'tactics' = 'draughts'): Promise<LiveGame> =>
    games.create({
      family,
      seats: [{ user: users[0] as User }, { user: users[1] as User }],
      control: { kind: 'none' },
      rated: false,
    });
  /** The first legal move of `g`, sent through `games` by the player to move, meant for `version`. */
  const playFirst = (games: GameService, g: LiveGame, version = g.version): Promise<LiveGame> => {
    const r = g.restored;
    const seat = r.dynamics === 'sequential' ? (r.session.toMove ?? 0) : 0;
    return games.command(g.id, users[seat] as User, version, { kind: 'move', move: firstMove(g) });
  };

  it('lets the least recently changed games go once their bytes exceed its budget, and reloads them', async () => {
    // The budget of three draughts games of 7, 4 and 1 positions (a game after n plies holds n + 1).
    const weight = (positions: number): number => weightOf({ family: 'draughts', restored: linesOf(positions) });
    const games = GameService.onDatabase(database, Date.now, {
      cacheMb: (weight(7) + weight(4) + weight(1)) / 2 ** 20,
    });
    let a = await newGame(games);
    let b = await newGame(games);
    const c = await newGame(games);
    const play = (g: LiveGame): Promise<LiveGame> => playFirst(games, g);
    for (let i = 0; i < 6; i++) a = await play(a); // a: 7 positions
    for (let i = 0; i < 3; i++) b = await play(b); // b: 4, the budget: all three still held
    expect([games.cached(a.id), games.cached(b.id), games.cached(c.id)].every((g) => g !== undefined)).toBe(true);
    b = await play(b); // over by a position: the least recently changed (c) goes
    expect(games.cached(c.id)).toBeUndefined();
    expect(games.cached(a.id)?.version).toBe(a.version);
    // b grows on until a goes too; b stays however heavy.
    for (let i = 0; i < 100 && games.cached(a.id); i++) b = await play(b);
    expect(games.cached(a.id)).toBeUndefined();
    expect(games.cached(b.id)?.version).toBe(b.version);
    // A game let go is read back from its row, the same game, and plays on.
    const back = await games.load(a.id);
    expect(back.version).toBe(a.version);
    expect(firstMove(back)).toBe(firstMove(a));
    a = await play(back);
    expect(a.version).toBe(back.version + 1);
  });

  it('reads a game once for a subscription and the first command that arrive together', async () => {
    // Two instances on one database: the game is made on one, the other has never read it.
    const maker = GameService.onDatabase(database);
    const other = GameService.onDatabase(database);
    const made = await newGame(maker);
    const reads = vi.spyOn(other, 'loadIn');
    const [seen, moved] = await Promise.all([other.load(made.id), playFirst(other, made)]);
    expect(reads).toHaveBeenCalledTimes(1);
    expect(seen.version).toBe(made.version);
    expect(moved.version).toBe(made.version + 1);
    expect(other.cached(made.id)?.version).toBe(made.version + 1);
  });

  it('keeps a cached copy newer than a row read before it changed, and reads again for a version heard of', async () => {
    const games = GameService.onDatabase(database);
    const first = await newGame(games);
    const second = await playFirst(games, first);
    // A read that started before the move committed answers with the row as it was.
    const reads = vi.spyOn(games, 'loadIn').mockResolvedValueOnce(first);
    expect((await games.load(first.id, { fresh: true })).version).toBe(second.version);
    expect(games.cached(first.id)?.version).toBe(second.version);
    // Not cached, and an event said version 2: a row read at version 1 is read again.
    const other = GameService.onDatabase(database);
    const otherReads = vi.spyOn(other, 'loadIn').mockResolvedValueOnce(first);
    expect((await other.load(first.id, { version: second.version })).version).toBe(second.version);
    expect(otherReads).toHaveBeenCalledTimes(2);
    reads.mockRestore();
  });

  it('refuses a command for a version the game is not at, after reading the row itself', async () => {
    const maker = GameService.onDatabase(database);
    const other = GameService.onDatabase(database);
    const made = await newGame(maker);
    const moved = await playFirst(maker, made);
    // The other instance joins a read that started before the move (it answers version 1): the command, meant for
    // version 2, is checked against a read of its own and accepted, not refused as stale.
    vi.spyOn(other, 'loadIn').mockResolvedValueOnce(made);
    const answer = await playFirst(other, moved);
    expect(answer.version).toBe(moved.version + 1);
    // A version the game has never reached is refused as stale.
    await expect(playFirst(other, answer, 99)).rejects.toMatchObject({ code: 'game/stale-version' });
  });

  it('serves a watcher the cached copy without asking the row its version; others ask', async () => {
    const games = GameService.onDatabase(database);
    const made = await newGame(games, 'tactics');
    const queries = vi.spyOn(database.db, 'selectFrom');
    expect(await games.load(made.id, { watched: true })).toBe(made);
    expect(queries).not.toHaveBeenCalled();
    expect(await games.load(made.id)).toBe(made);
    expect(queries).toHaveBeenCalledTimes(1);
    queries.mockRestore();
  });

  it("writes an unrated game's end as one compare-and-set that tells the lobby; a rated one with its ratings", async () => {
    const games = GameService.onDatabase(database);
    const heard: string[] = [];
    const stop = database.onChange((e) => heard.push(e.kind));
    const transactions = vi.spyOn(database, 'transaction');
    const unrated = await newGame(games);
    transactions.mockClear();
    const resigned = await games.command(unrated.id, users[0] as User, unrated.version, { kind: 'resign' });
    expect(resigned.finished).toBe(true);
    expect(transactions).not.toHaveBeenCalled();
    expect((await games.load(unrated.id, { fresh: true })).finished).toBe(true);
    await vi.waitFor(() => expect(heard).toEqual(expect.arrayContaining(['game', 'lobby'])));
    const rated = await games.create({
      family: 'draughts',
      seats: [{ user: users[0] as User }, { user: users[1] as User }],
      control: { kind: 'none' },
      rated: true,
    });
    transactions.mockClear();
    await games.command(rated.id, users[1] as User, rated.version, { kind: 'resign' });
    expect(transactions).toHaveBeenCalledTimes(1);
    transactions.mockRestore();
    stop();
  });
});

describe.each(['sqlite', 'postgres'] as const)('restores (%s)', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase(
      kind === 'sqlite' ? { file: ':memory:' } : { url: await (await testPostgres()).newDatabase() },
    );
  }, 60_000);
  afterAll(async () => {
    await database.close();
    await stopTestPostgres();
  });

  it('restores one game a turn of the event loop, so that other work runs between two restores', async () => {
    const accounts = new Accounts(kyselyStorage(database), database, { log2N: 10, r: 8, p: 1 });
    const seats = [
      { user: await accounts.signUp('turnann', 'a long password') },
      { user: await accounts.signUp('turnbob', 'a long password') },
    ] as const;
    const maker = GameService.onDatabase(database);
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      const g = await maker.create({ family: 'tactics', seats, control: { kind: 'none' }, rated: false });
      ids.push((await maker.command(g.id, seats[0].user, g.version, { kind: 'move', move: firstMove(g) })).id);
    }
    // Another instance, nothing cached: six reads asked at once, and a probe that runs at every turn of the loop.
    const reader = GameService.onDatabase(database);
    const seen = [reader.restores];
    let reading = true;
    const probe = (): void => {
      seen.push(reader.restores);
      if (reading) setImmediate(probe);
    };
    setImmediate(probe);
    await Promise.all(ids.map((id) => reader.load(id)));
    reading = false;
    expect(reader.restores).toBe(ids.length);
    const steps = seen.slice(1).map((n, i) => n - (seen[i] as number));
    expect(Math.max(...steps)).toBeLessThanOrEqual(1);
  });
});
