/**
 * `tactica serve`: the game server (HTTP API, WebSocket stream) on the embedded SQLite default or PostgreSQL.
 * stdout gets one line, the URL it listens on; logs go to stderr. Ctrl-C or SIGTERM stops it after the requests
 * and writes under way.
 */
import type { Command } from 'commander';
import { CliError, type Io } from './io.js';

interface ServeFlags {
  readonly port?: string;
  readonly host?: string;
  readonly data?: string;
  readonly db?: string;
  readonly engineWorkers?: string;
  readonly gameCacheMb?: string;
  readonly maxGamePlies?: string;
  readonly log?: boolean;
  readonly smtpPort?: string;
  readonly smtpHost?: string;
  readonly smtpRelay?: string;
  readonly mailDomain?: string;
  readonly web?: string;
}

function whole(text: string | undefined, name: string, min: number, max: number): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d{1,6}$/.test(text.trim()) || Number(text) < min || Number(text) > max) {
    throw new CliError(`--${name} must be a whole number from ${min} to ${max}, not "${text}"`);
  }
  return Number(text);
}

export function configureServe(program: Command, io: Io): void {
  program
    .command('serve')
    .description('run the game server: HTTP API and WebSocket stream (SQLite by default, or PostgreSQL)')
    .option('--port <n>', 'port to listen on (0: any free port)', '8080')
    .option('--host <address>', 'address to listen on (default 127.0.0.1: this machine only)')
    .option('--data <dir>', 'data folder for the SQLite file (default $TACTICA_HOME or ~/.tactica)')
    .option('--db <url>', 'postgres://… to use PostgreSQL (default: $DATABASE_URL, else the SQLite file)')
    .option('--engine-workers <n>', 'worker threads for the computer opponents', '1')
    .option(
      '--game-cache-mb <n>',
      'megabytes of games kept in memory (estimated; the rest read back when asked)',
      '256',
    )
    .option('--max-game-plies <n>', 'the most moves a game may hold (longer records are refused at import)', '3000')
    .option('--log', 'log every request to stderr (JSON lines)')
    .option('--smtp-port <n>', 'take play-by-e-mail commands over SMTP on this port (see docs/pbm.md)')
    .option('--smtp-host <address>', 'address the SMTP listener listens on (default 127.0.0.1)')
    .option('--smtp-relay <url>', 'send mails through smtp://host:port (default: .eml files in <data>/outbox)')
    .option('--mail-domain <domain>', 'the domain of the gateway address and board reply addresses (default localhost)')
    .option('--web <dir>', 'serve the browser app built in this folder at / (npm start builds packages/web/dist/app)')
    .action(async (flags: ServeFlags) => {
      const port = whole(flags.port, 'port', 0, 65535);
      const workers = whole(flags.engineWorkers, 'engine-workers', 1, 64);
      const gameCacheMb = whole(flags.gameCacheMb, 'game-cache-mb', 1, 100_000);
      const maxGamePlies = whole(flags.maxGamePlies, 'max-game-plies', 10, 100_000);
      const smtpPort = whole(flags.smtpPort, 'smtp-port', 0, 65535);
      if (flags.db !== undefined && !/^postgres(ql)?:\/\//.test(flags.db)) {
        throw new CliError('--db must be a postgres:// URL');
      }
      let webRoot: string | undefined;
      if (flags.web !== undefined) {
        const { existsSync } = await import('node:fs');
        const { join, resolve } = await import('node:path');
        webRoot = resolve(flags.web);
        if (!existsSync(join(webRoot, 'index.html'))) {
          throw new CliError(
            `--web: ${webRoot} has no index.html (build the app first: npm run build -w @tactica/web)`,
          );
        }
      }
      const { startServer } = await import('@tactica/server');
      const server = await startServer({
        ...(port !== undefined ? { port } : {}),
        ...(flags.host !== undefined ? { host: flags.host } : {}),
        ...(flags.data !== undefined ? { dataDir: flags.data } : {}),
        ...(flags.db !== undefined ? { databaseUrl: flags.db } : {}),
        ...(workers !== undefined ? { engineWorkers: workers } : {}),
        ...(gameCacheMb !== undefined ? { gameCacheMb } : {}),
        ...(maxGamePlies !== undefined ? { maxGamePlies } : {}),
        ...(webRoot !== undefined ? { webRoot } : {}),
        logger: flags.log ? { level: 'info', stream: io.error } : false,
        pbm: {
          ...(smtpPort !== undefined ? { smtpPort } : {}),
          ...(flags.smtpHost !== undefined ? { smtpHost: flags.smtpHost } : {}),
          ...(flags.smtpRelay !== undefined ? { relay: flags.smtpRelay } : {}),
          ...(flags.mailDomain !== undefined ? { domain: flags.mailDomain } : {}),
        },
      }).catch((e: unknown) => {
        throw new CliError(`cannot start the server: ${e instanceof Error ? e.message : String(e)}`);
      });
      io.output.write(`${server.url}\n`);
      io.error.write(
        `tactica: serving on ${server.url} (database: ${server.database.dialect} ${server.database.where}); Ctrl-C stops\n`,
      );
      if (server.pbm.smtp) {
        io.error.write(
          `tactica: mail for ${server.pbm.address} on smtp://${flags.smtpHost ?? '127.0.0.1'}:${server.pbm.smtp.port}\n`,
        );
      }
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
    });
}
