/** The mail state's port on every storage: a real SQLite file, a real PostgreSQL database, and memory. */
import { afterAll, describe, it } from 'vitest';
import { STORAGE_KINDS } from '../storage/testing.js';
import { stopTestPostgres } from '../testing/server.js';
import { mailRepositoryCases, openMailStorage } from './mail-repository-conformance.js';

afterAll(() => stopTestPostgres());

for (const kind of STORAGE_KINDS) {
  describe(`mail state on ${kind}`, () => {
    for (const c of mailRepositoryCases(() => openMailStorage(kind))) it(c.name, c.run, 60_000);
  });
}
