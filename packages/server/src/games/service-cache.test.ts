import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Accounts, type User } from '../accounts/accounts.js';
import { openDatabase, type Database } from '../db/database.js';
import type { LiveGame } from './live-game.js';
import { GameService } from './service.js';

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
    const accounts = new Accounts(database, { log2N: 10, r: 8, p: 1 });
    users = [
      await accounts.signUp('cacheann', 'a long password'),
      await accounts.signUp('cachebob', 'a long password'),
    ];
  });
  afterAll(async () => {
    await database.close();
  });

  it('lets the least recently changed games go once their positions exceed its budget, and reloads them', async () => {
    // 12 positions: three new games weigh one each, a game after n plies n + 1.
    const games = new GameService(database, Date.now, 12);
    const seats = [{ user: users[0] as User }, { user: users[1] as User }] as const;
    const make = (): Promise<LiveGame> =>
      games.create({ family: 'draughts', seats, control: { kind: 'none' }, rated: false });
    let a = await make();
    let b = await make();
    const c = await make();
    const play = async (g: LiveGame): Promise<LiveGame> => {
      const r = g.restored;
      const seat = r.dynamics === 'sequential' ? (r.session.toMove ?? 0) : 0;
      return games.command(g.id, users[seat] as User, g.version, { kind: 'move', move: firstMove(g) });
    };
    for (let i = 0; i < 6; i++) a = await play(a); // a: 7 positions, 9 in all
    for (let i = 0; i < 3; i++) b = await play(b); // b: 4, 12 in all: all three still held
    expect([games.cached(a.id), games.cached(b.id), games.cached(c.id)].every((g) => g !== undefined)).toBe(true);
    b = await play(b); // 13: the least recently changed (c) goes
    expect(games.cached(c.id)).toBeUndefined();
    expect(games.cached(a.id)?.version).toBe(a.version);
    b = await play(b); // 13 again: a goes, b stays however heavy
    expect(games.cached(a.id)).toBeUndefined();
    expect(games.cached(b.id)?.version).toBe(b.version);
    // A game let go is read back from its row, the same game, and plays on.
    const back = await games.load(a.id);
    expect(back.version).toBe(a.version);
    expect(firstMove(back)).toBe(firstMove(a));
    a = await play(back);
    expect(a.version).toBe(back.version + 1);
  });
});
