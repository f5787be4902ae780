/**
 * The computer is shared: each user may have a few games against it in progress and start only so many an hour,
 * whichever interface makes the game (`POST /api/games`, an import to play on against the computer, any later
 * one), because the check runs where every game is stored (`GameService.beforeCreate`), in the transaction that
 * stores it. A tournament's games are the tournament's, not counted here. Both counts come from the games table, so they hold across restarts and instances; games the user
 * plays on both sides (an imported record to analyse) and games between people do not count.
 */
import type { User } from '../accounts/accounts.js';
import { DomainError } from '../errors.js';
import type { Repositories } from '../storage/ports.js';
import type { GameService, NewGame } from './service.js';

/** Games against the computer a user may have in progress at once **(ours)**. */
export const COMPUTER_GAMES_IN_PROGRESS = 5;
/** Games against the computer a user may start in an hour, finished ones included **(ours)**. */
const COMPUTER_GAMES_PER_HOUR = 20;

const HOUR_MS = 3_600_000;

export interface ComputerQuotaOptions {
  /** Games against the computer a user may have in progress (default `COMPUTER_GAMES_IN_PROGRESS`). */
  readonly inProgress?: number;
  /** Games against the computer a user may start in an hour (default `COMPUTER_GAMES_PER_HOUR`). */
  readonly perHour?: number;
}

/** The person a new game pits against the computer, if it is such a game. */
function playerAgainstComputer(spec: Pick<NewGame, 'seats'>): User | undefined {
  const [a, b] = spec.seats;
  if ('user' in a && 'level' in b) return a.user;
  if ('level' in a && 'user' in b) return b.user;
  return undefined;
}

export class ComputerQuota {
  readonly inProgress: number;
  readonly perHour: number;

  constructor(options: ComputerQuotaOptions = {}) {
    this.inProgress = options.inProgress ?? COMPUTER_GAMES_IN_PROGRESS;
    this.perHour = options.perHour ?? COMPUTER_GAMES_PER_HOUR;
  }

  /** Checks every game `games` stores from now on. */
  guard(games: GameService): void {
    games.beforeCreate((repos, spec, now) => this.admit(repos, spec, now));
  }

  /**
   * Refuses a game against the computer over the user's quota: 429 `computer/too-many-games` (in progress) or
   * `computer/rate-limited` (started this hour). Counted in the transaction that stores the game, so that games
   * asked for at once cannot all pass (the repository holds the counts to the transaction's end).
   */
  async admit(repos: Repositories, spec: Pick<NewGame, 'seats' | 'tournament'>, now: number): Promise<void> {
    // A tournament's pairings are not the player's asking: its limits bound them (../tournaments/limits.ts).
    if (spec.tournament !== undefined) return;
    const user = playerAgainstComputer(spec);
    if (!user) return;
    const counts = await repos.games.computerGamesOf(user.id, now - HOUR_MS);
    if (counts.active >= this.inProgress) {
      throw new DomainError(
        'computer/too-many-games',
        `at most ${this.inProgress} games against the computer in progress at a time: finish or resign one first`,
      );
    }
    if (counts.startedSince >= this.perHour) {
      throw new DomainError(
        'computer/rate-limited',
        `at most ${this.perHour} games against the computer started an hour: try again later`,
      );
    }
  }
}
