/**
 * Test servers: a real `startServer` on a free loopback port, on a fresh SQLite file or a fresh database of the
 * throwaway PostgreSQL, with a cheap password hash (tests make many accounts), and a small HTTP client.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer, type ServeOptions } from '../server.js';
import { startTestPostgres, type TestPostgres } from './postgres.js';

export type DbKind = 'sqlite' | 'postgres';
export const DB_KINDS: readonly DbKind[] = ['sqlite', 'postgres'];

export const TEST_COST = { log2N: 10, r: 8, p: 1 } as const;

let sharedPostgres: Promise<TestPostgres> | undefined;

/** One throwaway PostgreSQL per test file (each server gets its own database on it). */
export function testPostgres(): Promise<TestPostgres> {
  sharedPostgres ??= startTestPostgres();
  return sharedPostgres;
}

export async function stopTestPostgres(): Promise<void> {
  const pg = sharedPostgres;
  sharedPostgres = undefined;
  if (pg) await (await pg).stop();
}

export interface TestServer extends RunningServer {
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  /** Stops the server as `close` does, keeping its data folder (to start another server on it). */
  stop(): Promise<void>;
}

export async function startTestServer(kind: DbKind, options: ServeOptions = {}): Promise<TestServer> {
  // A restart passes the data folder of the server before it: the answer names that folder, for the next restart.
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'tactica-server-'));
  const databaseUrl =
    options.databaseUrl ?? (kind === 'postgres' ? await (await testPostgres()).newDatabase() : undefined);
  const server = await startServer({
    port: 0,
    dataDir,
    passwordCost: TEST_COST,
    rateLimits: { auth: 10_000, moves: 10_000, challenges: 10_000, chat: 10_000, imports: 10_000, saves: 10_000 },
    ...options,
    ...(databaseUrl ? { databaseUrl } : {}),
  });
  return {
    ...server,
    dataDir,
    databaseUrl,
    stop: () => server.close(),
    async close() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Reply<T = Record<string, unknown>> {
  readonly status: number;
  readonly body: T;
  readonly headers: Headers;
}

/** A client of one user: the token from sign-up is sent as a bearer token. */
export class Client {
  token: string | undefined;
  name = '';

  constructor(readonly base: string) {}

  async request<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<Reply<T>> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.token) headers['authorization'] = `Bearer ${this.token}`;
    const r = await fetch(`${this.base}${path}`, {
      method,
      headers,
      ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    });
    const text = await r.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON (an exported record)
    }
    return { status: r.status, body: parsed as T, headers: r.headers };
  }

  async signUp(name: string, password = 'correct horse'): Promise<this> {
    const r = await this.request<{ token: string }>('POST', '/api/accounts', { name, password, kind: 'bearer' });
    if (r.status !== 201) throw new Error(`sign-up of ${name} failed: ${JSON.stringify(r.body)}`);
    this.token = r.body.token;
    this.name = name;
    return this;
  }
}

/** Polls until `check` gives a value, at most `ms`. */
export async function eventually<T>(check: () => Promise<T | undefined>, ms = 20_000, what = 'condition'): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
