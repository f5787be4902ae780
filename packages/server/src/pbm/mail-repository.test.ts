/** The mail state's port on every storage: a real SQLite file, a real PostgreSQL database, and memory. */
import { afterAll, describe, it } from 'vitest';
import { STORAGE_KINDS, openTestStorage, type StorageKind } from '../storage/testing.js';
import { stopTestPostgres } from '../testing/server.js';
import { mailRepositoryCases, type MailKitStorage } from './mail-repository-conformance.js';

afterAll(() => stopTestPostgres());

/**
 * A storage with boards: on the databases, rows of the games' table (the mail state's rows refer to them), written
 * here until the games' repository makes games; memory checks no keys.
 */
async function openMailStorage(kind: StorageKind): Promise<MailKitStorage> {
  const s = await openTestStorage(kind);
  return {
    ...s,
    async addBoard(id, [seat0, seat1]) {
      await s.database?.db
        .insertInto('games')
        .values({
          id,
          family: 'tactics',
          variant_id: 'tactics',
          options: '{}',
          rated: 0,
          status: 'active',
          seat0_user: seat0,
          seat1_user: seat1,
          seat0_level: null,
          seat1_level: null,
          version: 0,
          snapshot: '{}',
          control: '{}',
          deadline_at: null,
          meta: '{}',
          result: null,
          created_at: 0,
          updated_at: 0,
        })
        .execute();
    },
  };
}

for (const kind of STORAGE_KINDS) {
  describe(`mail state on ${kind}`, () => {
    for (const c of mailRepositoryCases(() => openMailStorage(kind))) it(c.name, c.run, 60_000);
  });
}
