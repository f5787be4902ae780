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
import { makeMemoryTables, memoryStorage } from './memory-storage.js';
import type { Storage } from './ports.js';

export type StorageKind = 'sqlite' | 'postgres' | 'memory';
export const STORAGE_KINDS: readonly StorageKind[] = ['sqlite', 'postgres', 'memory'];

export interface OpenStorage {
  readonly storage: Storage;
  /**
   * Makes a user the rows of other concerns may refer to (the databases check their foreign keys; memory has
   * none to check). Until the accounts' repository makes users, this writes the row itself.
   */
  addUser(id: string, name?: string): Promise<void>;
  /** The database under a Kysely storage (none in memory): for fixtures of tables no port makes yet (games). */
  readonly database?: Database;
  /** Hears the events of committed transactions. */
  onChange(listener: (e: ChangeEvent) => void): void;
  close(): Promise<void>;
}

async function onDatabase(database: Database, cleanup: () => void): Promise<OpenStorage> {
  return {
    storage: kyselyStorage(database),
    database,
    async addUser(id, name = id) {
      await database.db
        .insertInto('users')
        .values({ id, name, name_key: name.toLowerCase(), password_hash: 'x', created_at: 0, vacation_until: null })
        .execute();
    },
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
    const tables = makeMemoryTables();
    const storage = memoryStorage(tables);
    return {
      storage,
      // Only the names: until the accounts' repository, the mail repository answers them (pbm/memory-mail.ts).
      addUser: (id, name = id) => Promise.resolve(void tables.mail.users.set(id, name)),
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
