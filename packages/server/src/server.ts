/**
 * `tactica serve`: the database (an SQLite file under the data folder by default, or PostgreSQL), the services,
 * the HTTP application with its event stream, and the scheduler, started together and stopped together — the
 * stop waits for requests and writes under way, so an acknowledged move is always stored.
 */
import { homedir } from 'node:os';
import { join } from 'node:path';
import { egdbSetting } from '@tactica/ai/node-egdb';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { PasswordCost } from './accounts/passwords.js';
import { openDatabase, type Database } from './db/database.js';
import type { ComputerQuotaOptions } from './games/computer-quota.js';
import type { EngineRunner, SchedulerOptions } from './games/scheduler.js';
import { WorkerEngines } from './games/worker-engines.js';
import { buildApp, type AppOptions } from './http/app.js';
import { startPbm, type Pbm, type PbmOptions } from './pbm/index.js';
import type { ReviewOptions } from './reviews/review-service.js';
import { makeServices, type Services } from './services.js';
import type { TournamentLimits } from './tournaments/limits.js';

export interface ServeOptions {
  /** Loopback by default: opening the server to the network is a choice. */
  readonly host?: string;
  /** 8080 by default; 0 takes a free port. */
  readonly port?: number;
  /** Where the SQLite file lives: `$TACTICA_HOME`, else `~/.tactica`. */
  readonly dataDir?: string;
  /** `postgres://…`: PostgreSQL instead of the SQLite file. */
  readonly databaseUrl?: string;
  readonly logger?: FastifyServerOptions['logger'];
  readonly passwordCost?: PasswordCost;
  readonly rateLimits?: AppOptions['rateLimits'];
  readonly scheduler?: SchedulerOptions;
  /** The computer's engines (default: a pool of worker threads). */
  readonly engines?: EngineRunner;
  /** Engine worker threads (default 1: one core for the engine, one for the server). */
  readonly engineWorkers?: number;
  /** The longest one computer move may search, in ms (default `COMPUTER_MOVE_MS`, 5 s). */
  readonly computerMoveMs?: number;
  /**
   * The draughts endgame databases the computer's Master probes: their folder, or `false` for none. Default: the
   * command line's folder (`$TACTICA_HOME/egdb`, else `~/.tactica/egdb`; `npm run egdb:build` makes them), used
   * when it holds some; `TACTICA_EGDB=off` leaves them out, as on the command line.
   */
  readonly egdb?: string | false;
  /**
   * The largest endgame database file the server sends to pages at `/egdb/` (default `EGDB_FILE_MAX_BYTES`, 8 MB):
   * the browser's engine fetches the slices of its position's material from the same folder.
   */
  readonly egdbMaxFileBytes?: number;
  /** The most memory one search table of the computer may take, in MB (default: each level's own; Master's 32). */
  readonly engineHashMb?: number;
  /** Each user's share of the computer (default 5 games in progress, 20 started an hour). */
  readonly computerGames?: ComputerQuotaOptions;
  /** Games between people a player may have in progress (default 200: PEOPLE_GAMES_IN_PROGRESS). */
  readonly peopleGames?: number;
  readonly now?: () => number;
  /** The play-by-e-mail gateway: its SMTP listener, outbox or relay, domain (see docs/pbm.md). */
  readonly pbm?: PbmOptions;
  /** A folder of static files served at `/` (the browser app's build). */
  readonly webRoot?: string;
  /** The event stream's budgets (see `AppOptions.stream`). */
  readonly stream?: AppOptions['stream'];
  /** Origins besides the server's own whose pages may open the event stream. */
  readonly allowedOrigins?: readonly string[];
  /** Believe these proxies' `X-Forwarded-For` for the client's address (see `AppOptions.trustProxy`; off). */
  readonly trustProxy?: AppOptions['trustProxy'];
  /** Session cookies marked `Secure` (the server is reached over HTTPS). */
  readonly secureCookies?: boolean;
  /** Each user's library of saves: how many and how many bytes (see `SaveQuota`). */
  readonly saveQuota?: AppOptions['saveQuota'];
  /** Days of vacation a user may take in any 365 days (see `VACATION_DAYS_PER_YEAR`). */
  readonly vacationDaysPerYear?: number;
  /** The game cache's budget in megabytes of estimated heap (default 256: GAME_CACHE_MB in games/service.ts). */
  readonly gameCacheMb?: number;
  /** The most moves a game may hold (default 3,000: MAX_GAME_PLIES in games/service.ts). */
  readonly maxGamePlies?: number;
  /** Quick-pairing requests waiting at once (default 1,000: PAIRING_WAITING_LIMIT in challenges/pairing.ts). */
  readonly pairingWaitingLimit?: number;
  /** Tournaments' limits (tournaments/limits.ts: per organiser, entrants, rounds, arena length, poll). */
  readonly tournaments?: Partial<TournamentLimits>;
  /** Reviews' limits (reviews/review-service.ts: reviews under way at once, depth per position). */
  readonly reviews?: ReviewOptions;
}

export interface RunningServer {
  readonly url: string;
  readonly port: number;
  readonly app: FastifyInstance;
  readonly services: Services;
  readonly database: Database;
  /** The computer's engines (the pool of worker threads unless `ServeOptions.engines` gave others). */
  readonly engines: EngineRunner;
  /** The e-mail gateway (always on: `POST /pbm`, the outbox; an SMTP listener when asked for). */
  readonly pbm: Pbm;
  close(): Promise<void>;
}

export function defaultDataDir(): string {
  return process.env['TACTICA_HOME'] ?? join(homedir(), '.tactica');
}

export async function startServer(options: ServeOptions = {}): Promise<RunningServer> {
  const url = options.databaseUrl ?? process.env['DATABASE_URL'];
  const dataDir = options.dataDir ?? defaultDataDir();
  const database = await openDatabase(url ? { url } : { file: join(dataDir, 'tactica.sqlite') });
  const egdb = options.egdb ?? egdbSetting();
  const engines =
    options.engines ??
    new WorkerEngines(options.engineWorkers ?? 1, options.now, {
      ...(options.computerMoveMs !== undefined ? { moveMs: options.computerMoveMs } : {}),
      endgames: egdb,
      ...(options.engineHashMb !== undefined ? { hashMb: options.engineHashMb } : {}),
    });
  const services = makeServices(database, engines, {
    ...(options.computerGames ? { computerGames: options.computerGames } : {}),
    ...(options.peopleGames !== undefined ? { peopleGames: options.peopleGames } : {}),
    ...(options.passwordCost ? { passwordCost: options.passwordCost } : {}),
    ...(options.scheduler ? { scheduler: options.scheduler } : {}),
    ...(options.now ? { now: options.now } : {}),
    ...(options.vacationDaysPerYear !== undefined ? { vacationDaysPerYear: options.vacationDaysPerYear } : {}),
    ...(options.pairingWaitingLimit !== undefined ? { pairing: { waitingLimit: options.pairingWaitingLimit } } : {}),
    ...(options.tournaments ? { tournaments: options.tournaments } : {}),
    ...(options.reviews ? { reviews: options.reviews } : {}),
    games: {
      ...(options.gameCacheMb !== undefined ? { cacheMb: options.gameCacheMb } : {}),
      ...(options.maxGamePlies !== undefined ? { maxPlies: options.maxGamePlies } : {}),
    },
  });
  const pbm = await startPbm(services, dataDir, options.pbm);
  const app = await buildApp(services, {
    ...(options.logger !== undefined ? { logger: options.logger } : {}),
    ...(options.rateLimits ? { rateLimits: options.rateLimits } : {}),
    pbm: pbm.gateway,
    accountMail: pbm.accountMail,
    ...(options.webRoot !== undefined ? { webRoot: options.webRoot } : {}),
    ...(options.stream ? { stream: options.stream } : {}),
    ...(options.allowedOrigins ? { allowedOrigins: options.allowedOrigins } : {}),
    ...(options.trustProxy !== undefined ? { trustProxy: options.trustProxy } : {}),
    ...(options.secureCookies !== undefined ? { secureCookies: options.secureCookies } : {}),
    ...(options.saveQuota ? { saveQuota: options.saveQuota } : {}),
    egdb: {
      folder: egdb,
      ...(options.egdbMaxFileBytes !== undefined ? { maxFileBytes: options.egdbMaxFileBytes } : {}),
    },
  });
  const host = options.host ?? '127.0.0.1';
  await app.listen({ host, port: options.port ?? 8080 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 8080);
  services.scheduler.start();
  services.tournaments.director.start();
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    app,
    services,
    database,
    engines,
    pbm,
    close() {
      closing ??= (async () => {
        // The pages waiting for a quick pairing lose their stream: their requests leave the queue, as at any close.
        await services.pairing.leave(services.hub.userIds()).catch(() => undefined);
        services.hub.close();
        // Requests under way finish; a keep-alive connection is closed once its last answer is out (Fastify closes
        // only the connections idle when it starts closing, and a busy one would otherwise wait out its timeout).
        const idle = setInterval(() => app.server.closeIdleConnections(), 25);
        await app.close().finally(() => clearInterval(idle));
        await services.tournaments.director.stop();
        await services.scheduler.stop();
        await pbm.close();
        await services.reviews.close();
        await engines.close();
        await database.close();
      })();
      return closing;
    },
  };
}
