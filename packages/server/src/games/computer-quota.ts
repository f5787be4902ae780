/**
 * The computer is shared: each user may have a few games against it in progress and start only so many an hour,
 * whichever interface makes the game (`POST /api/games`, an import to play on against the computer, any later
 * one), because the check runs where every game is stored (`GameService.beforeCreate`), in the transaction that
 * stores it. Both counts come from the games table, so they hold across restarts and instances; games the user
 * plays on both sides (an imported record to analyse) and games between people do not count.
 */
import type { Transaction } from 'kysely';
import type { User } from '../accounts/accounts.js';
import type { Database } from '../db/database.js';
import type { Schema } from '../db/schema.js';
import { ApiError } from '../errors.js';
import type { GameService, NewGame } from './service.js';

/** Games against the computer a user may have in progress at once **(ours)**. */
export const COMPUTER_GAMES_IN_PROGRESS = 5;
/** Games against the computer a user may start in an hour, finished ones included **(ours)**. */
export const COMPUTER_GAMES_PER_HOUR = 20;

const HOUR_MS = 3_600_000;

export interface ComputerQuotaOptions {
  /** Games against the computer a user may have in progress (default `COMPUTER_GAMES_IN_PROGRESS`). */
  readonly inProgress?: number;
  /** Games against the computer a user may start in an hour (default `COMPUTER_GAMES_PER_HOUR`). */
  readonly perHour?: number;
}

/** The person a new game pits against the computer, if it is such a game. */
export function playerAgainstComputer(spec: Pick<NewGame, 'seats'>): User | undefined {
  const [a, b] = spec.seats;
  if ('user' in a && 'level' in b) return a.user;
  if ('level' in a && 'user' in b) return b.user;
  return undefined;
}

export class ComputerQuota {
  readonly inProgress: number;
  readonly perHour: number;

  constructor(
    private readonly database: Database,
    options: ComputerQuotaOptions = {},
  ) {
    this.inProgress = options.inProgress ?? COMPUTER_GAMES_IN_PROGRESS;
    this.perHour = options.perHour ?? COMPUTER_GAMES_PER_HOUR;
  }

  /** Checks every game `games` stores from now on. */
  guard(games: GameService): void {
    games.beforeCreate((tx, spec, now) => this.admit(tx, spec, now));
  }

  /**
   * Refuses a game against the computer over the user's quota: 429 `computer/too-many-games` (in progress) or
   * `computer/rate-limited` (started this hour). Counted in the transaction that stores the game, so that games
   * asked for at once cannot all pass: on PostgreSQL the user's row is locked first (as challenges do); SQLite runs
   * one transaction at a time.
   */
  async admit(tx: Transaction<Schema>, spec: Pick<NewGame, 'seats'>, now: number): Promise<void> {
    const user = playerAgainstComputer(spec);
    if (!user) return;
    if (this.database.dialect === 'postgres') {
      await tx.selectFrom('users').select('id').where('id', '=', user.id).forUpdate().execute();
    }
    const against = tx
      .selectFrom('games')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) =>
        eb.or([
          eb.and([eb('seat0_user', '=', user.id), eb('seat1_level', 'is not', null)]),
          eb.and([eb('seat1_user', '=', user.id), eb('seat0_level', 'is not', null)]),
        ]),
      );
    const active = await against.where('status', '=', 'active').executeTakeFirst();
    if (Number(active?.n ?? 0) >= this.inProgress) {
      throw new ApiError(
        429,
        'computer/too-many-games',
        `at most ${this.inProgress} games against the computer in progress at a time: finish or resign one first`,
      );
    }
    const recent = await against.where('created_at', '>', now - HOUR_MS).executeTakeFirst();
    if (Number(recent?.n ?? 0) >= this.perHour) {
      throw new ApiError(
        429,
        'computer/rate-limited',
        `at most ${this.perHour} games against the computer started an hour: try again later`,
      );
    }
  }
}
