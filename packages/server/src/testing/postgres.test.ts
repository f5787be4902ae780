import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startTestPostgres, type TestPostgres } from './postgres.js';

describe('the throwaway PostgreSQL of the tests', () => {
  let server: TestPostgres;
  beforeAll(async () => {
    server = await startTestPostgres();
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('runs a real PostgreSQL server with fresh databases on loopback', async () => {
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    const r = await client.query<{ v: string; db: string }>('select version() as v, current_database() as db');
    await client.end();
    expect(r.rows[0]?.v).toMatch(/^PostgreSQL \d+/);
    const other = await server.newDatabase();
    expect(other).not.toBe(server.url);
    expect(new URL(server.url).hostname).toBe('127.0.0.1');
  });
});
