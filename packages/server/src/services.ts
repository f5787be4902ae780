/** Everything the server's interfaces (HTTP, the event stream, the e-mail gateway) use, made once. */
import { Accounts } from './accounts/accounts.js';
import type { PasswordCost } from './accounts/passwords.js';
import { Challenges } from './challenges/challenges.js';
import { QuickPairing, type PairingOptions } from './challenges/pairing.js';
import type { Database } from './db/database.js';
import { Chat } from './games/chat.js';
import { ComputerQuota, type ComputerQuotaOptions } from './games/computer-quota.js';
import { Imports } from './games/imports.js';
import { GameListings } from './games/listings.js';
import { Scheduler, type EngineRunner, type SchedulerOptions } from './games/scheduler.js';
import { PeopleQuota } from './games/people-quota.js';
import { GameService, type GameServiceOptions } from './games/service.js';
import { Reviews, type ReviewOptions } from './reviews/review-service.js';
import { kyselyStorage } from './storage/kysely-storage.js';
import type { Storage } from './storage/ports.js';
import { StreamHub } from './stream/hub.js';
import { TournamentDirector } from './tournaments/director.js';
import { TOURNAMENT_LIMITS, type TournamentLimits } from './tournaments/limits.js';
import { Tournaments } from './tournaments/tournaments.js';

export interface Services {
  /** The server's clock (tests move it by hand). */
  readonly now: () => number;
  readonly database: Database;
  /** The repositories on `database` (./storage/ports.ts), made once. */
  readonly storage: Storage;
  readonly accounts: Accounts;
  readonly games: GameService;
  /** The lobby's and players' pages' listings. */
  readonly listings: GameListings;
  readonly challenges: Challenges;
  /** Quick pairing: anyone, this game, this clock. */
  readonly pairing: QuickPairing;
  readonly chat: Chat;
  readonly imports: Imports;
  readonly hub: StreamHub;
  readonly scheduler: Scheduler;
  /** Each user's share of the computer: games against it in progress and started an hour. */
  readonly computerQuota: ComputerQuota;
  /** Each player's games between people in progress (./games/people-quota.ts). */
  readonly peopleQuota: PeopleQuota;
  /** Tournaments (./tournaments/tournaments.ts); their rounds run by `tournaments.director`. */
  readonly tournaments: Tournaments;
  /** Computer reviews of finished games, made once in the engine pool (./reviews/review-service.ts). */
  readonly reviews: Reviews;
}

export interface ServiceOptions {
  readonly passwordCost?: PasswordCost;
  readonly scheduler?: SchedulerOptions;
  readonly computerGames?: ComputerQuotaOptions;
  /** Games between people a player may have in progress (`PEOPLE_GAMES_IN_PROGRESS`). */
  readonly peopleGames?: number;
  readonly now?: () => number;
  /** Days of vacation a user may take in any 365 days (`VACATION_DAYS_PER_YEAR`). */
  readonly vacationDaysPerYear?: number;
  /** The game cache's budget and the longest game (games/service.ts). */
  readonly games?: GameServiceOptions;
  /** Quick pairing's queue (challenges/pairing.ts). */
  readonly pairing?: PairingOptions;
  /** Tournaments' limits (./tournaments/limits.ts). */
  readonly tournaments?: Partial<TournamentLimits>;
  /** Reviews' limits (./reviews/review-service.ts). */
  readonly reviews?: ReviewOptions;
}

export function makeServices(database: Database, engines: EngineRunner, options: ServiceOptions = {}): Services {
  const now = options.now ?? Date.now;
  const storage = kyselyStorage(database);
  const accounts = new Accounts(storage, database, options.passwordCost, now);
  const games = new GameService(storage, database, now, {
    sharedStorage: database.dialect === 'postgres',
    ...options.games,
  });
  const listings = new GameListings(storage);
  if (options.vacationDaysPerYear !== undefined) games.vacationDaysPerYear = options.vacationDaysPerYear;
  const computerQuota = new ComputerQuota(options.computerGames);
  computerQuota.guard(games);
  const peopleQuota = new PeopleQuota(options.peopleGames);
  peopleQuota.guard(games);
  const challenges = new Challenges(storage, accounts, games, now, peopleQuota);
  const pairing = new QuickPairing(storage, challenges, games, now, options.pairing, peopleQuota);
  const hub = new StreamHub(database, games, listings, challenges, accounts, now);
  // The page waiting for a pairing is gone: its request leaves the queue (a failure leaves it to a cancel).
  hub.onUserGone = (userId) => void pairing.cancel(userId).catch(() => undefined);
  const tournaments = new Tournaments(
    storage,
    new TournamentDirector(storage, games, now, options.tournaments?.pollMs ?? TOURNAMENT_LIMITS.pollMs),
    now,
    options.tournaments,
  );
  return {
    now,
    database,
    storage,
    accounts,
    games,
    listings,
    challenges,
    pairing,
    chat: new Chat(storage, now),
    imports: new Imports(games),
    hub,
    scheduler: new Scheduler(storage, database, games, engines, now, options.scheduler),
    computerQuota,
    peopleQuota,
    tournaments,
    reviews: new Reviews(storage, games, engines, now, options.reviews),
  };
}
