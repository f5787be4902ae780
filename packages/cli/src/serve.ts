/**
 * `tactica serve`: the game server (HTTP API, WebSocket stream) on the embedded SQLite default or PostgreSQL.
 * stdout gets one line, the URL it listens on; logs go to stderr. Ctrl-C or SIGTERM stops it after the requests
 * and writes under way.
 */
import type { Command } from 'commander';
import type { RunningServer, ServeOptions } from '@tactica/server';
import { CliError, type Io } from './io.js';

interface ServeFlags {
  readonly port?: string;
  readonly host?: string;
  readonly data?: string;
  readonly db?: string;
  readonly engineWorkers?: string;
  readonly computerMoveMs?: string;
  readonly egdb?: string;
  readonly egdbFileMb?: string;
  readonly engineHashMb?: string;
  readonly computerGames?: string;
  readonly computerGamesPerHour?: string;
  readonly peopleGames?: string;
  readonly gameCacheMb?: string;
  readonly maxGamePlies?: string;
  readonly pairingQueue?: string;
  readonly reviewJobs?: string;
  readonly tournamentsPerOrganiser?: string;
  readonly tournamentEntrants?: string;
  readonly log?: boolean;
  readonly smtpPort?: string;
  readonly smtpHost?: string;
  readonly smtpRelay?: string;
  readonly mailDomain?: string;
  readonly smtpClientConnections?: string;
  readonly smtpIdleSeconds?: string;
  readonly smtpRecipients?: string;
  readonly mailPerSender?: string;
  readonly mailPerClient?: string;
  readonly mailGuesses?: string;
  readonly turnMailsPerDay?: string;
  readonly publicUrl?: string;
  readonly web?: string;
  readonly origin?: readonly string[];
  readonly streamConnections?: string;
  readonly streamMessages?: string;
  readonly trustProxy?: string | boolean;
  readonly secureCookies?: boolean;
  readonly saveQuota?: string;
  readonly saveQuotaBytes?: string;
  readonly saveRate?: string;
  readonly vacationDays?: string;
}

/** `--trust-proxy`: alone, every proxy; a number, that many hops; else the proxies' addresses or CIDRs. */
function trustProxy(v: string | boolean | undefined): boolean | number | string | undefined {
  if (v === undefined || v === false) return undefined;
  if (v === true || v.trim() === 'true') return true;
  if (/^\d{1,2}$/.test(v.trim())) return Number(v);
  if (!/^[0-9a-fA-F.:/,\s]+$/.test(v) && !/^(loopback|linklocal|uniquelocal)(,|$)/.test(v)) {
    throw new CliError(`--trust-proxy takes a hop count or the proxies' addresses (a.b.c.d, CIDRs), not "${v}"`);
  }
  return v;
}

/** The mail limits given as flags (docs/pbm.md, "Limits"); the others keep their defaults. */
function mailLimits(flags: ServeFlags): Record<string, number> {
  const idle = whole(flags.smtpIdleSeconds, 'smtp-idle-seconds', 1, 3600);
  const given: Record<string, number | undefined> = {
    connectionsPerClient: whole(flags.smtpClientConnections, 'smtp-client-connections', 1, 10_000),
    idleMs: idle !== undefined ? idle * 1000 : undefined,
    recipientsPerMail: whole(flags.smtpRecipients, 'smtp-recipients', 1, 1000),
    perSender: whole(flags.mailPerSender, 'mail-per-sender', 1, 999_999),
    perClient: whole(flags.mailPerClient, 'mail-per-client', 1, 999_999),
    guessesPerAccount: whole(flags.mailGuesses, 'mail-guesses', 1, 10_000),
  };
  return Object.fromEntries(Object.entries(given).filter((e): e is [string, number] => e[1] !== undefined));
}

/** `--public-url`: an http(s) URL (mails link to games there). */
function checkPublicUrl(text: string): string {
  if (!/^https?:\/\/[^\s/]+(\/\S*)?$/.test(text)) {
    throw new CliError(`--public-url must be http(s)://host[:port][/path], not "${text}"`);
  }
  return text;
}

function whole(text: string | undefined, name: string, min: number, max: number): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d{1,13}$/.test(text.trim()) || Number(text) < min || Number(text) > max) {
    throw new CliError(`--${name} must be a whole number from ${min} to ${max}, not "${text}"`);
  }
  return Number(text);
}

/** A repeatable option's values, in the order given. */
function collect(value: string, previous: readonly string[] = []): readonly string[] {
  return [...previous, value];
}

export function configureServe(program: Command, io: Io): void {
  addServeOptions(
    program
      .command('serve')
      .description('run the game server: HTTP API and WebSocket stream (SQLite by default, or PostgreSQL)'),
  ).action(async (flags: ServeFlags) => {
    const server = await startServerOf(await serveOptions(flags, io));
    announce(io, server, flags);
    await untilStopped(io, server);
  });
}

/** The options of `tactica serve`, each with its default where the server does not own it. */
function addServeOptions(cmd: Command): Command {
  return cmd
    .option('--port <n>', 'port to listen on (0: any free port)', '8080')
    .option('--host <address>', 'address to listen on (default 127.0.0.1: this machine only)')
    .option('--data <dir>', 'data folder for the SQLite file (default $TACTICA_HOME or ~/.tactica)')
    .option('--db <url>', 'postgres://… to use PostgreSQL (default: $DATABASE_URL, else the SQLite file)')
    .option('--engine-workers <n>', 'worker threads for the computer opponents', '1')
    .option('--computer-move-ms <ms>', 'the longest one computer move may search (default 5000)')
    .option('--engine-hash-mb <n>', "the most memory one search table of the computer may take (default: Master's 32)")
    .option(
      '--egdb <dir>',
      "draughts endgame databases for the computer's Master: their folder, or off (default $TACTICA_HOME/egdb or ~/.tactica/egdb)",
    )
    .option('--egdb-file-mb <n>', 'the largest endgame database file sent to pages at /egdb/, in MB (default 8)')
    .option('--computer-games <n>', 'games against the computer a user may have in progress (default 5)')
    .option('--computer-games-per-hour <n>', 'games against the computer a user may start an hour (default 20)')
    .option('--people-games <n>', 'games between people a user may have in progress, tournaments too (default 200)')
    .option(
      '--game-cache-mb <n>',
      'megabytes of games kept in memory (estimated; the rest read back when asked)',
      '256',
    )
    .option('--max-game-plies <n>', 'the most moves a game may hold (longer records are refused at import)', '3000')
    .option('--pairing-queue <n>', "quick-pairing requests that may wait at once, everyone's (default 1000)")
    .option('--review-jobs <n>', "game reviews under way at once on the server, everyone's (default 8)")
    .option('--tournaments-per-organiser <n>', 'tournaments one player may have open or running (default 5)')
    .option('--tournament-entrants <n>', 'the most entrants a tournament may take (default 128)')
    .option('--log', 'log every request to stderr (JSON lines)')
    .option('--smtp-port <n>', 'take play-by-e-mail commands over SMTP on this port (see docs/pbm.md)')
    .option('--smtp-host <address>', 'address the SMTP listener listens on (default 127.0.0.1)')
    .option('--smtp-relay <url>', 'send mails through smtp://host:port (default: .eml files in <data>/outbox)')
    .option('--mail-domain <domain>', 'the domain of the gateway address and board reply addresses (default localhost)')
    .option('--smtp-client-connections <n>', 'SMTP connections at once from one client address (default 20)')
    .option('--smtp-idle-seconds <n>', 'close an SMTP connection idle this long (default 30)')
    .option('--smtp-recipients <n>', 'recipients one mail may have over SMTP (default 10)')
    .option('--mail-per-sender <n>', 'mails one From address may send in 10 minutes (default 120)')
    .option('--mail-per-client <n>', 'mails one client address may send over SMTP in 10 minutes (default 1000)')
    .option('--mail-guesses <n>', 'wrong passwords an account may get by mail in 15 minutes (default 10)')
    .option('--turn-mails-per-day <n>', 'turn mails (correspondence) one player may get a day (default 20)')
    .option('--public-url <url>', "the web app's public address, for links in mails, e.g. https://play.example.org/")
    .option('--web <dir>', 'serve the browser app built in this folder at / (npm start builds packages/web/dist/app)')
    .option(
      '--origin <url>',
      'another origin whose pages may open the event stream, e.g. https://play.example.org (repeatable)',
      collect,
    )
    .option('--stream-connections <n>', 'event stream connections open at once from one client address (default 50)')
    .option(
      '--stream-messages <n>',
      'event stream messages a second from one client address, all its connections (200)',
    )
    .option(
      '--trust-proxy [proxies]',
      'client addresses from X-Forwarded-For: of every proxy, of n hops, or of these addresses/CIDRs (default off)',
    )
    .option('--secure-cookies', 'mark session cookies Secure (the server is reached over HTTPS)')
    .option('--save-quota <n>', 'saved games a user may keep on the server (default 200)')
    .option('--save-quota-bytes <n>', 'bytes of saved games a user may keep on the server (default 20000000)')
    .option('--save-rate <n>', 'saves a user may write (create, replace, delete) a minute (default 30)')
    .option('--vacation-days <n>', 'days of vacation a user may take in any 365 days (default 60)');
}

/** The server's options from the flags, each checked against its bounds (refused naming the flag). */
async function serveOptions(flags: ServeFlags, io: Io): Promise<ServeOptions> {
  const port = whole(flags.port, 'port', 0, 65535);
  const workers = whole(flags.engineWorkers, 'engine-workers', 1, 64);
  const computerMoveMs = whole(flags.computerMoveMs, 'computer-move-ms', 100, 600_000);
  const engineHashMb = whole(flags.engineHashMb, 'engine-hash-mb', 1, 4096);
  const egdbFileMb = whole(flags.egdbFileMb, 'egdb-file-mb', 0, 1024);
  const inProgress = whole(flags.computerGames, 'computer-games', 1, 100_000);
  const perHour = whole(flags.computerGamesPerHour, 'computer-games-per-hour', 1, 100_000);
  const peopleGames = whole(flags.peopleGames, 'people-games', 1, 100_000);
  const gameCacheMb = whole(flags.gameCacheMb, 'game-cache-mb', 1, 100_000);
  const maxGamePlies = whole(flags.maxGamePlies, 'max-game-plies', 10, 100_000);
  const pairingWaitingLimit = whole(flags.pairingQueue, 'pairing-queue', 1, 1_000_000);
  const reviewJobs = whole(flags.reviewJobs, 'review-jobs', 1, 1_000);
  const perOrganiser = whole(flags.tournamentsPerOrganiser, 'tournaments-per-organiser', 0, 10_000);
  const maxEntrants = whole(flags.tournamentEntrants, 'tournament-entrants', 2, 10_000);
  const tournaments = {
    ...(perOrganiser !== undefined ? { perOrganiser } : {}),
    ...(maxEntrants !== undefined ? { maxEntrants } : {}),
  };
  const smtpPort = whole(flags.smtpPort, 'smtp-port', 0, 65535);
  const streamConnections = whole(flags.streamConnections, 'stream-connections', 1, 100_000);
  const streamMessages = whole(flags.streamMessages, 'stream-messages', 1, 100_000);
  for (const o of flags.origin ?? []) {
    if (!/^https?:\/\/[^/\s]+\/?$/.test(o)) throw new CliError(`--origin must be http(s)://host[:port], not "${o}"`);
  }
  const saveCount = whole(flags.saveQuota, 'save-quota', 0, 1_000_000);
  const saveBytes = whole(flags.saveQuotaBytes, 'save-quota-bytes', 0, 1e12);
  const saveRate = whole(flags.saveRate, 'save-rate', 1, 1_000_000);
  const vacationDays = whole(flags.vacationDays, 'vacation-days', 0, 365);
  const proxies = trustProxy(flags.trustProxy);
  const limits = mailLimits(flags);
  const turnMailsPerDay = whole(flags.turnMailsPerDay, 'turn-mails-per-day', 0, 10_000);
  if (flags.db !== undefined && !/^postgres(ql)?:\/\//.test(flags.db)) {
    throw new CliError('--db must be a postgres:// URL');
  }
  let webRoot: string | undefined;
  if (flags.web !== undefined) {
    const { existsSync } = await import('node:fs');
    const { join, resolve } = await import('node:path');
    webRoot = resolve(flags.web);
    if (!existsSync(join(webRoot, 'index.html'))) {
      throw new CliError(`--web: ${webRoot} has no index.html (build the app first: npm run build -w @tactica/web)`);
    }
  }
  return {
    ...(port !== undefined ? { port } : {}),
    ...(flags.host !== undefined ? { host: flags.host } : {}),
    ...(flags.data !== undefined ? { dataDir: flags.data } : {}),
    ...(flags.db !== undefined ? { databaseUrl: flags.db } : {}),
    ...(workers !== undefined ? { engineWorkers: workers } : {}),
    ...(computerMoveMs !== undefined ? { computerMoveMs } : {}),
    ...(engineHashMb !== undefined ? { engineHashMb } : {}),
    ...(egdbFileMb !== undefined ? { egdbMaxFileBytes: egdbFileMb * 2 ** 20 } : {}),
    ...(flags.egdb !== undefined
      ? { egdb: flags.egdb === 'off' ? false : (await import('node:path')).resolve(flags.egdb) }
      : {}),
    computerGames: {
      ...(inProgress !== undefined ? { inProgress } : {}),
      ...(perHour !== undefined ? { perHour } : {}),
    },
    ...(peopleGames !== undefined ? { peopleGames } : {}),
    ...(gameCacheMb !== undefined ? { gameCacheMb } : {}),
    ...(maxGamePlies !== undefined ? { maxGamePlies } : {}),
    ...(pairingWaitingLimit !== undefined ? { pairingWaitingLimit } : {}),
    ...(reviewJobs !== undefined ? { reviews: { maxJobs: reviewJobs } } : {}),
    ...(Object.keys(tournaments).length > 0 ? { tournaments } : {}),
    ...(webRoot !== undefined ? { webRoot } : {}),
    ...(flags.origin ? { allowedOrigins: flags.origin } : {}),
    stream: {
      ...(streamConnections !== undefined ? { connectionsPerAddress: streamConnections } : {}),
      // A burst of two seconds' worth, as the default (200 a second, 400 at once).
      ...(streamMessages !== undefined
        ? { addressMessages: { perSecond: streamMessages, burst: 2 * streamMessages } }
        : {}),
    },
    ...(proxies !== undefined ? { trustProxy: proxies } : {}),
    ...(flags.secureCookies ? { secureCookies: true } : {}),
    saveQuota: {
      ...(saveCount !== undefined ? { count: saveCount } : {}),
      ...(saveBytes !== undefined ? { bytes: saveBytes } : {}),
    },
    ...(saveRate !== undefined ? { rateLimits: { saves: saveRate } } : {}),
    ...(vacationDays !== undefined ? { vacationDaysPerYear: vacationDays } : {}),
    logger: flags.log ? { level: 'info', stream: io.error } : false,
    pbm: {
      ...(smtpPort !== undefined ? { smtpPort } : {}),
      ...(flags.smtpHost !== undefined ? { smtpHost: flags.smtpHost } : {}),
      ...(flags.smtpRelay !== undefined ? { relay: flags.smtpRelay } : {}),
      ...(flags.mailDomain !== undefined ? { domain: flags.mailDomain } : {}),
      ...(Object.keys(limits).length > 0 ? { limits } : {}),
      ...(turnMailsPerDay !== undefined ? { turnMailsPerDay } : {}),
      ...(flags.publicUrl !== undefined ? { publicUrl: checkPublicUrl(flags.publicUrl) } : {}),
    },
  };
}

async function startServerOf(options: ServeOptions): Promise<RunningServer> {
  // Loaded only when serving: the other commands start without the server's dependencies.
  const { startServer } = await import('@tactica/server');
  return startServer(options).catch((e: unknown) => {
    throw new CliError(`cannot start the server: ${e instanceof Error ? e.message : String(e)}`);
  });
}

/** The URL on stdout; what is served, and where mail comes in, on stderr. */
function announce(io: Io, server: RunningServer, flags: ServeFlags): void {
  io.output.write(`${server.url}\n`);
  // On a terminal the URL line just above is the one to open: the log line does not print it a second time.
  const where = (io.output as { isTTY?: boolean }).isTTY ? '' : ` on ${server.url}`;
  io.error.write(
    `tactica: serving${where} (database: ${server.database.dialect} ${server.database.where}); Ctrl-C stops\n`,
  );
  if (server.pbm.smtp) {
    io.error.write(
      `tactica: mail for ${server.pbm.address} on smtp://${flags.smtpHost ?? '127.0.0.1'}:${server.pbm.smtp.port}\n`,
    );
  }
}

/** Runs until Ctrl-C or SIGTERM, then stops after the requests and writes under way. */
async function untilStopped(io: Io, server: RunningServer): Promise<void> {
  await new Promise<void>((resolve) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      io.error.write('tactica: stopping (finishing requests under way)\n');
      void server.close().then(resolve);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
