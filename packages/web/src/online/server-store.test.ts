/**
 * The app's store of the server's saves library passes the platform's store conformance kit against a real
 * `tactica serve` (SQLite, on loopback): every case signs up a player of its own, whose library starts empty.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { JsonValue } from '@tactica/core';
import { gameStoreConformanceCases } from '@tactica/core/game-store-conformance';
import { startServer, type RunningServer } from '@tactica/server';
import { ServerGameStore } from './server-store.js';

let server: RunningServer;
let dataDir: string;
let players = 0;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'tactica-server-store-'));
  server = await startServer({
    port: 0,
    dataDir,
    passwordCost: { log2N: 10, r: 8, p: 1 },
    rateLimits: { auth: 10_000, moves: 10_000, challenges: 10_000, chat: 10_000, imports: 10_000 },
  });
}, 60_000);

afterAll(async () => {
  await server?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function open(): Promise<ServerGameStore> {
  const res = await fetch(`${server.url}/api/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: `saver${++players}`, password: 'a long enough password', kind: 'bearer' }),
  });
  if (!res.ok) throw new Error(`sign-up refused: ${res.status} ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  return new ServerGameStore({ base: server.url, token });
}

describe('the server saves library through the app’s store', () => {
  for (const c of gameStoreConformanceCases<JsonValue>({
    name: 'server',
    open,
    doc: (n) => ({ moves: Array.from({ length: n }, (_, i) => `m${i}`), n }),
    async damage(_store, id) {
      // A garbled row, as a crash or a hand edit leaves it, outside the API.
      await server.database.db.updateTable('saves').set({ doc: '{"moves": [' }).where('id', '=', id).execute();
      return id;
    },
  })) {
    it(c.name, c.run, 60_000);
  }
});
