/**
 * The three storages every repository's conformance kit runs on: a real SQLite file, a real PostgreSQL database
 * (../testing/postgres.ts) and the in-memory one. Test support only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type ChangeEvent, type Database } from '../db/database.js';
import { testPostgres } from '../testing/server.js';
import { kyselyStorage } from './kysely-storage.js';
import { memoryStorage } from './memory-storage.js';
import type { NewGameRecord } from '../games/game-repository.js';
import type { Storage } from './ports.js';

export type StorageKind = 'sqlite' | 'postgres' | 'memory';
export const STORAGE_KINDS: readonly StorageKind[] = ['sqlite', 'postgres', 'memory'];

export interface OpenStorage {
  readonly storage: Storage;
  /** Makes a user the rows of other concerns may refer to (the databases check their foreign keys). */
  addUser(id: string, name?: string): Promise<void>;
  /** Makes a game other rows may refer to (a challenge accepted, a board's mail state), its id. */
  addGame(players?: readonly [string | null, string | null]): Promise<number>;
  /** The database under a Kysely storage (none in memory): for fixtures of tables no port makes yet (games). */
  readonly database?: Database;
  /** Hears the events of committed transactions. */
  onChange(listener: (e: ChangeEvent) => void): void;
  close(): Promise<void>;
}

/** Runs a conformance case's test on a fresh storage. */
export type WithStorage = (test: (s: OpenStorage) => Promise<void>) => () => Promise<void>;

/** Runs each test on a fresh storage from `open` with the users `ids` (named as their ids), closed afterwards. */
export function withUsers(open: () => Promise<OpenStorage>, ids: readonly string[]): WithStorage {
  return (test) => async () => {
    const s = await open();
    try {
      for (const id of ids) await s.addUser(id);
      await test(s);
    } finally {
      await s.close();
    }
  };
}

/** Adds the user through the accounts' repository. */
async function addUserTo(storage: Storage, id: string, name = id): Promise<void> {
  const added = await storage.repos.accounts.addUser({ id, name, passwordHash: 'x', createdAt: 0 });
  if (added !== 'added') throw new Error(`the name ${name} is taken`);
}

/** A game of Tactics in progress at version 1, between `players` (what is in it does not matter to the fixtures). */
export function blankGame(players: readonly [string | null, string | null] = [null, null]): NewGameRecord {
  return {
    family: 'tactics',
    variantId: 'tactics',
    options: '{}',
    rated: false,
    status: 'active',
    users: players,
    levels: [null, null],
    version: 1,
    head: '{}',
    control: '{}',
    deadlineAt: null,
    meta: '{}',
    result: null,
    createdAt: 1,
    updatedAt: 1,
    plies: 0,
    lastMove: null,
    toAct: '0',
    log: [],
  };
}

/** Adds a blank game through the games' repository. */
function addGameTo(storage: Storage, players?: readonly [string | null, string | null]): Promise<number> {
  return storage.repos.games.insert(blankGame(players));
}

async function onDatabase(database: Database, cleanup: () => void): Promise<OpenStorage> {
  const storage = kyselyStorage(database);
  return {
    storage,
    addUser: (id, name) => addUserTo(storage, id, name),
    addGame: (players) => addGameTo(storage, players),
    database,
    onChange: (l) => void database.onChange(l),
    async close() {
      await database.close();
      cleanup();
    },
  };
}

/** A new, empty storage of `kind`. */
export async function openTestStorage(kind: StorageKind): Promise<OpenStorage> {
  if (kind === 'memory') {
    const storage = memoryStorage();
    return {
      storage,
      addUser: (id, name) => addUserTo(storage, id, name),
      addGame: (players) => addGameTo(storage, players),
      onChange: (l) => void storage.onChange(l),
      close: () => Promise.resolve(),
    };
  }
  if (kind === 'postgres') {
    const pg = await testPostgres();
    return onDatabase(await openDatabase({ url: await pg.newDatabase() }), () => undefined);
  }
  const dir = mkdtempSync(join(tmpdir(), 'tactica-storage-'));
  return onDatabase(await openDatabase({ file: join(dir, 'tactica.db') }), () =>
    rmSync(dir, { recursive: true, force: true }),
  );
}
