/** The gateway's reads of boards (`MailBoards`), answered by the games' repository. */
import type { GameRepository } from '../games/game-repository.js';
import type { BoardLine, BoardQuery, MailBoards } from './mail-repository.js';

export class GameBoards implements MailBoards {
  constructor(private readonly games: GameRepository) {}

  inProgressOf(userId: string, limit: number): Promise<number[]> {
    return this.games.activeIdsOf(userId, 0, limit);
  }

  async list(query: BoardQuery): Promise<BoardLine[]> {
    const games = await this.games.list({
      family: query.family,
      ...(query.status ? { status: query.status } : {}),
      players: query.userIds,
      order: query.order === 'id' ? 'newest' : 'changed',
      limit: query.limit,
    });
    return games.map((g) => ({
      id: g.id,
      status: g.status,
      plies: g.plies,
      toAct: g.toAct,
      result: g.result,
      users: g.users,
      names: g.names,
      levels: g.levels,
    }));
  }
}
