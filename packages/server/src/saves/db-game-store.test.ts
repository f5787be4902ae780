/** The database GameStore passes the platform's store conformance kit on a real SQLite file and a real PostgreSQL. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, it } from 'vitest';
import type { JsonValue } from '@tactica/core';
import { gameStoreConformanceCases } from '@tactica/core/game-store-conformance';
import { openDatabase, type Database } from '../db/database.js';
import { stopTestPostgres, testPostgres } from '../testing/server.js';
import { DbGameStore } from './db-game-store.js';

const opened: Database[] = [];
afterAll(async () => {
  for (const d of opened) await d.close();
  await stopTestPostgres();
});

const databases = new WeakMap<DbGameStore, Database>();

async function open(kind: 'sqlite' | 'postgres'): Promise<DbGameStore> {
  const database =
    kind === 'sqlite'
      ? await openDatabase({ file: join(mkdtempSync(join(tmpdir(), 'tactica-saves-')), 'db.sqlite') })
      : await openDatabase({ url: await (await testPostgres()).newDatabase() });
  opened.push(database);
  const store = new DbGameStore(database, 'owner-1');
  databases.set(store, database);
  return store;
}

describe.each(['sqlite', 'postgres'] as const)('the database game store on %s', (kind) => {
  for (const c of gameStoreConformanceCases<JsonValue>({
    name: kind,
    open: () => open(kind),
    doc: (n) => ({ moves: Array.from({ length: n }, (_, i) => `m${i}`), n }),
    async damage(store, id) {
      const database = databases.get(store as DbGameStore);
      if (!database) throw new Error('unknown store');
      await database.db.updateTable('saves').set({ doc: '{"moves": [' }).where('id', '=', id).execute();
      return id;
    },
  })) {
    it(c.name, c.run, 60_000);
  }
});
