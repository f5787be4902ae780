/**
 * The gateway without the HTTP server, for `tactica pbm`: one command (or one piped mail) carried out on the same
 * database as `tactica serve`, its mails written to the same outbox (or relay). The computer's engine is loaded
 * only if a change makes it the computer's turn; the process waits for its move and for every mail before it ends.
 */
import { join } from 'node:path';
import type { Player } from '@tactica/core';
import type { PasswordCost } from '../accounts/passwords.js';
import { openDatabase } from '../db/database.js';
import type { LiveGame } from '../games/live-game.js';
import type { EngineRunner } from '../games/scheduler.js';
import { WorkerEngines } from '../games/worker-engines.js';
import { defaultDataDir } from '../server.js';
import { makeServices, type Services } from '../services.js';
import { startPbm, type Pbm, type PbmOptions } from './index.js';

/** Worker threads started at the first search, not before. */
class LazyEngines implements EngineRunner {
  private engines: WorkerEngines | undefined;

  choose(game: LiveGame, seat: Player, level: string, seed: number): Promise<readonly unknown[]> {
    this.engines ??= new WorkerEngines(1);
    return this.engines.choose(game, seat, level, seed);
  }

  cancel(gameId: number, version: number): void {
    this.engines?.cancel(gameId, version);
  }

  async close(): Promise<void> {
    await this.engines?.close();
  }
}

export interface StandaloneOptions {
  readonly dataDir?: string;
  readonly databaseUrl?: string;
  readonly pbm?: Omit<PbmOptions, 'smtpPort' | 'smtpHost'>;
  readonly passwordCost?: PasswordCost;
  readonly now?: () => number;
}

export interface StandalonePbm {
  readonly pbm: Pbm;
  readonly services: Services;
  close(): Promise<void>;
}

export async function openPbm(options: StandaloneOptions = {}): Promise<StandalonePbm> {
  const dataDir = options.dataDir ?? defaultDataDir();
  const url = options.databaseUrl ?? process.env['DATABASE_URL'];
  const database = await openDatabase(url ? { url } : { file: join(dataDir, 'tactica.sqlite') });
  const engines = new LazyEngines();
  const services = makeServices(database, engines, {
    ...(options.passwordCost ? { passwordCost: options.passwordCost } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  const pbm = await startPbm(services, dataDir, options.pbm ?? {});
  return {
    pbm,
    services,
    async close() {
      await pbm.notifier.idle();
      await services.scheduler.stop();
      await pbm.close();
      await engines.close();
      await database.close();
    },
  };
}
