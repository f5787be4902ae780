/**
 * The gateway's domain holds no SQL (issue 38: "ports, not SQL, in the domain"): its modules reach its state through
 * the mail repository's port and never name Kysely or the database's query builder; only the adapters
 * (`kysely-*.ts`), the wiring (`index.ts`, `standalone.ts`) and test support do.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
/** The modules allowed to reach the database: adapters and wiring. */
const OUTSIDE_THE_DOMAIN = /^(kysely-.*|index|standalone)\.ts$|\.test\.ts$|-conformance\.ts$|^testing\.ts$/;
/** What SQL in a module looks like: Kysely imported, the database's query builder or transactions used. */
const SQL = [
  /from 'kysely'/,
  /\bdatabase\.db\b/,
  /\.selectFrom\(/,
  /\.insertInto\(/,
  /\.deleteFrom\(/,
  /\.updateTable\(/,
];

describe("the gateway's domain modules", () => {
  const domain = readdirSync(here).filter((f) => f.endsWith('.ts') && !OUTSIDE_THE_DOMAIN.test(f));

  it('are there to check', () => {
    expect(domain).toEqual(expect.arrayContaining(['store.ts', 'gateway.ts', 'notifier.ts', 'mail-repository.ts']));
  });

  it('write no SQL and import no Kysely: the mail state goes through its repository', () => {
    const found = domain.flatMap((file) => {
      const text = readFileSync(join(here, file), 'utf8');
      return SQL.filter((pattern) => pattern.test(text)).map((pattern) => `${file}: ${pattern.source}`);
    });
    expect(found).toEqual([]);
  });
});
