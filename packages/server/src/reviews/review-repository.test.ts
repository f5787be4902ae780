/** The reviews' port on every storage: a real SQLite file, a real PostgreSQL database, and memory. */
import { afterAll, describe, it } from 'vitest';
import { STORAGE_KINDS, openTestStorage } from '../storage/testing.js';
import { stopTestPostgres } from '../testing/server.js';
import { reviewRepositoryCases } from './review-repository-conformance.js';

afterAll(() => stopTestPostgres());

for (const kind of STORAGE_KINDS) {
  describe(`reviews on ${kind}`, () => {
    for (const c of reviewRepositoryCases(() => openTestStorage(kind))) it(c.name, c.run, 60_000);
  });
}
