/**
 * The domain modules on the storage ports stay there: no Kysely, no table schema (issue 38: "Kysely SQL sits in ten
 * domain modules"). A module joins the list once it is ported; SQL belongs in the repositories' Kysely adapters.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const PORTED = ['accounts/accounts.ts', 'challenges/challenges.ts', 'games/vacation.ts'];

describe('domain modules on the storage ports', () => {
  for (const path of PORTED) {
    it(`${path} imports neither Kysely nor the tables' schema`, () => {
      const source = readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');
      const imports = [...source.matchAll(/^import[^;]*?from '([^']+)';/gms)].map((m) => m[1]);
      expect(imports).not.toContain('kysely');
      expect(imports.filter((i) => i?.endsWith('db/schema.js'))).toEqual([]);
      expect(source).not.toMatch(/\b(selectFrom|insertInto|updateTable|deleteFrom)\(/);
    });
  }
});
