/**
 * What the lobby and players' pages list: games in progress and a player's ratings and games. Listings read the
 * stored summaries (./summary.ts) and never restore a game.
 */
import type { User } from '../accounts/accounts.js';
import type { Storage } from '../storage/ports.js';
import type { ListedGame } from './game-repository.js';
import { toActOf } from './summary.js';

/** The games a player's page lists. */
const PROFILE_GAMES = 50;

/** A leaderboard's length when the request names none (ours), and the most one request may ask for. */
export const LEADERBOARD_DEFAULT = 50;
export const LEADERBOARD_MAX = 200;

/** One line of a game's leaderboard. */
export interface Standing {
  readonly rank: number;
  readonly name: string;
  readonly rating: number;
  readonly deviation: number;
  readonly games: number;
}

/** A listed game's summary fields: moves played, the last move, the seats to act. */
function summaryFields(g: ListedGame): object {
  return { plies: g.plies, lastMove: g.lastMove, toAct: toActOf(g.toAct) };
}

export class GameListings {
  constructor(private readonly storage: Storage) {}

  /** A player's ratings and recent games, the last changed first. */
  async profile(user: User): Promise<object> {
    const { ratings, games } = this.storage.repos;
    const [rated, played] = await Promise.all([
      ratings.ofUser(user.id),
      games.list({ players: [user.id], order: 'changed', limit: PROFILE_GAMES }),
    ]);
    return {
      name: user.name,
      ratings: rated.map((r) => ({
        family: r.family,
        rating: Math.round(r.rating),
        deviation: Math.round(r.deviation),
        games: r.games,
      })),
      games: played.map((g) => ({
        id: g.id,
        family: g.family,
        variant: g.variantId,
        status: g.status,
        seat: g.users[0] === user.id ? 0 : 1,
        // The other seat: a person (name) or the computer (level), for "against whom" on the player's page.
        opponent:
          g.users[0] === user.id ? { name: g.names[1], level: g.levels[1] } : { name: g.names[0], level: g.levels[0] },
        result: g.result ? (JSON.parse(g.result) as unknown) : null,
        ...summaryFields(g),
        updatedAt: g.updatedAt,
      })),
    };
  }

  /** A game family's leaderboard: the best ratings first, each with its player's name (one question for them all). */
  async standings(family: string, limit: number): Promise<Standing[]> {
    const { ratings, accounts } = this.storage.repos;
    const best = await ratings.standings(family, limit);
    const names = await accounts.namesOf(best.map((r) => r.userId));
    return best
      .flatMap((r) => {
        const name = names.get(r.userId);
        return name === undefined
          ? []
          : [{ name, rating: Math.round(r.rating), deviation: Math.round(r.deviation), games: r.games }];
      })
      .map((r, i) => ({ rank: i + 1, ...r }));
  }

  /** Games in progress, the newest first, for the lobby. */
  async recent(limit: number): Promise<object[]> {
    const rows = await this.storage.repos.games.list({ status: 'active', order: 'newest', limit });
    return rows.map((g) => ({
      id: g.id,
      family: g.family,
      variant: g.variantId,
      players: [
        { name: g.names[0], level: g.levels[0] },
        { name: g.names[1], level: g.levels[1] },
      ],
      ...summaryFields(g),
      updatedAt: g.updatedAt,
    }));
  }
}
