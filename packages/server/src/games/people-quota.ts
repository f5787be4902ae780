/**
 * Each player's games between people in progress are capped, so that what the server does for one player (a
 * vacation credits every turn of theirs, the mail gateway lists their boards, the lobby counts them) stays bounded
 * whatever they do. The check runs where every game is stored (`GameService.beforeCreate`), in the transaction that
 * stores it, whichever interface makes the game: a challenge or seek accepted (`POST /api/challenges/:id/accept`,
 * the mail `accept`), quick pairing, a rematch (a challenge too). Both players are counted: a player at the cap can
 * neither accept nor be accepted. A tournament's games count, but a tournament's pairing is never refused: the
 * player entered the tournament, and its own limits bound them (../tournaments/limits.ts). Games against the
 * computer have their own quota (./computer-quota.ts); a game a user plays on both sides (an import to analyse) is
 * not between people.
 */
import type { User } from '../accounts/accounts.js';
import { DomainError } from '../errors.js';
import type { Repositories } from '../storage/ports.js';
import type { GameService, NewGame } from './service.js';

/** Games between people a player may have in progress at once, tournament games included **(ours)**. */
export const PEOPLE_GAMES_IN_PROGRESS = 200;

/** The two people a new game seats against each other, if it is such a game. */
function peopleOf(spec: Pick<NewGame, 'seats'>): readonly [User, User] | undefined {
  const [a, b] = spec.seats;
  if (!('user' in a) || !('user' in b) || a.user.id === b.user.id) return undefined;
  return [a.user, b.user];
}

export class PeopleQuota {
  /** Games between people a player may have in progress (default `PEOPLE_GAMES_IN_PROGRESS`). */
  readonly inProgress: number;

  constructor(inProgress: number = PEOPLE_GAMES_IN_PROGRESS) {
    this.inProgress = inProgress;
  }

  /** Checks every game `games` stores from now on. */
  guard(games: GameService): void {
    games.beforeCreate((repos, spec) => this.admit(repos, spec));
  }

  /**
   * Refuses a game between people when either player has `inProgress` of them already: 429
   * `games/too-many-games`. Counted in the transaction that stores the game (each player's count held to its end,
   * in the order of their ids so that two such transactions never wait on each other), so games made at once
   * cannot all pass.
   */
  async admit(repos: Repositories, spec: Pick<NewGame, 'seats' | 'tournament'>): Promise<void> {
    // A tournament's pairing is not the player's asking: it counts, and is never refused.
    if (spec.tournament !== undefined) return;
    const people = peopleOf(spec);
    if (!people) return;
    for (const user of [...people].sort((x, y) => (x.id < y.id ? -1 : 1))) await this.check(repos, user);
  }

  /** Refuses `user` a new game between people when they are at the cap (429 `games/too-many-games`). */
  async check(repos: Repositories, user: User): Promise<void> {
    if (await this.atCap(repos, user.id)) {
      throw new DomainError(
        'games/too-many-games',
        `${user.name} has ${this.inProgress} games in progress against people, the most this server allows: ` +
          'one must end before another starts',
      );
    }
  }

  /** Whether the user has as many games between people in progress as they may. */
  async atCap(repos: Repositories, userId: string): Promise<boolean> {
    return (await repos.games.gamesAgainstPeopleOf(userId)) >= this.inProgress;
  }

  /** Those of `userIds` at the cap, counted in the order of their ids (as `admit` does, so they never deadlock). */
  async atCapAmong(repos: Repositories, userIds: readonly string[]): Promise<Set<string>> {
    const full = new Set<string>();
    for (const id of [...new Set(userIds)].sort()) if (await this.atCap(repos, id)) full.add(id);
    return full;
  }
}
