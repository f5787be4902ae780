/**
 * The endgame databases served to pages (`GET /egdb/index.json`, `GET /egdb/<file>`), by a real server on loopback
 * from a folder built during the test (English to 3 pieces: a second); and the engine a page runs, fed from them.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadEngine } from '@tactica/ai/engines';
import { buildOrder, EgdbBuilder } from '@tactica/ai/draughts-egdb';
import { writeSliceFile } from '@tactica/ai/node-egdb';
import { draughtsGame, parseFen } from '@tactica/draughts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/server.js';

interface Index {
  files: { name: string; bytes: number }[];
}

let dir: string;
let server: TestServer;
/** The largest file the server sends: the middle of the folder's sizes, so that some are above it. */
let limit: number;
let sizes: Map<string, number>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tactica-egdb-route-'));
  const builder = new EgdbBuilder('english');
  for (const m of buildOrder(3, builder.set.half)) writeSliceFile(dir, builder.solve(m));
  // Beside the slices, files the route must never send.
  writeFileSync(join(dir, 'notes.txt'), 'not a slice');
  writeFileSync(join(dir, 'english-0201.egdb.bak'), 'not a slice either');
  sizes = new Map(
    readdirSync(dir)
      .filter((f) => /^english-\d{4}\.(egdb|dtc)$/.test(f))
      .map((f) => [f, statSync(join(dir, f)).size]),
  );
  const sorted = [...sizes.values()].sort((a, b) => a - b);
  limit = sorted[Math.floor(sorted.length / 2)] as number;
  server = await startTestServer('sqlite', { egdb: dir, egdbMaxFileBytes: limit, rateLimits: { egdb: 10_000 } });
}, 60_000);

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}): Promise<Response> =>
  fetch(`${server.url}${path}`, { headers });

async function codeOf(r: Response): Promise<string> {
  return ((await r.json()) as { error: { code: string } }).error.code;
}

describe('GET /egdb/', () => {
  it("lists the slice files of the server's folder within the size limit, and nothing else", async () => {
    const r = await get('/egdb/index.json');
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toMatch(/max-age=\d+/);
    const index = (await r.json()) as Index;
    const expected = [...sizes].filter(([, bytes]) => bytes <= limit).map(([name, bytes]) => ({ name, bytes }));
    expect(index.files).toEqual(expected.sort((a, b) => a.name.localeCompare(b.name)));
    expect(index.files.length).toBeGreaterThan(0);
    expect(index.files.length).toBeLessThan(sizes.size);
  });

  it('lists the folder once for every page that asks within the scan time, not once a request', async () => {
    const before = (await (await get('/egdb/index.json')).json()) as Index;
    // A slice that appears now is not seen by a request in the same scan window: the listing is shared.
    writeFileSync(join(dir, 'english-0001.egdb'), 'x');
    try {
      const pages = await Promise.all(Array.from({ length: 20 }, () => get('/egdb/index.json').then((r) => r.json())));
      for (const index of pages) expect(index).toEqual(before);
    } finally {
      rmSync(join(dir, 'english-0001.egdb'));
    }
  });

  it('sends a file byte for byte, cacheable, and answers a revalidation with 304', async () => {
    const name = 'english-0101.egdb';
    const r = await get(`/egdb/${name}`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/octet-stream');
    expect(r.headers.get('cache-control')).toMatch(/public, max-age=\d+/);
    expect(new Uint8Array(await r.arrayBuffer())).toEqual(new Uint8Array(readFileSync(join(dir, name))));
    const etag = r.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await get(`/egdb/${name}`, { 'if-none-match': etag as string });
    expect(again.status).toBe(304);
  });

  it("refuses a name outside the slice files' pattern (paths, other files, unknown rule sets) with a coded error", async () => {
    for (const path of [
      '/egdb/..%2f..%2fetc%2fpasswd',
      '/egdb/%2e%2e%2ftactica.sqlite',
      '/egdb/notes.txt',
      '/egdb/english-0201.egdb.bak',
      '/egdb/chess-0101.egdb',
      '/egdb/english-01010.egdb',
    ]) {
      const r = await get(path);
      expect(r.status, path).toBeGreaterThanOrEqual(400);
      expect(r.status, path).toBeLessThan(500);
      expect(await codeOf(r), path).toMatch(/^(egdb\/bad-name|not-found)$/);
    }
    const missing = await get('/egdb/english-0404.egdb');
    expect(missing.status).toBe(404);
    expect(await codeOf(missing)).toBe('egdb/not-found');
  });

  it('does not send a file larger than its limit', async () => {
    const [name, bytes] = [...sizes].find(([, b]) => b > limit) as [string, number];
    const r = await get(`/egdb/${name}`);
    expect(r.status).toBe(404);
    expect(await codeOf(r)).toBe('egdb/too-large');
    expect(bytes).toBeGreaterThan(limit);
  });

  it('counts the requests of an address: past its rate, 429 rate/limited', async () => {
    const strict = await startTestServer('sqlite', { egdb: dir, rateLimits: { egdb: 2 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await fetch(`${strict.url}/egdb/english-0101.egdb`)).status);
      expect(statuses).toEqual([200, 200, 429]);
      const r = await fetch(`${strict.url}/egdb/index.json`);
      expect(r.status).toBe(429);
      expect(await codeOf(r)).toBe('rate/limited');
    } finally {
      await strict.close();
    }
  }, 30_000);

  it('lists nothing and answers egdb/none for a file on a server without databases', async () => {
    const bare = await startTestServer('sqlite', { egdb: false });
    try {
      const index = await fetch(`${bare.url}/egdb/index.json`);
      expect(index.status).toBe(200);
      expect(await index.json()).toEqual({ files: [] });
      const r = await fetch(`${bare.url}/egdb/english-0101.egdb`);
      expect(r.status).toBe(404);
      expect(await codeOf(r)).toBe('egdb/none');
    } finally {
      await bare.close();
    }
  }, 30_000);
});

describe("the page's engine, fed from a server's /egdb/", () => {
  /** English, White to move: two kings against one, won (all three pieces in the folder). */
  const game = draughtsGame('english');
  const position = parseFen('W:WK1,K2:BK32', 'english');
  if (!position.ok) throw new Error(position.error.message);
  const state = game.fromPosition(position.value);

  async function engineFetching(url: string, maxBytes?: number) {
    const engine = await loadEngine('draughts', {
      threads: 1,
      book: false,
      variants: [],
      endgames: { url, ...(maxBytes !== undefined ? { maxBytes } : {}) },
    });
    await engine.prepare?.(state);
    return engine;
  }

  it('fetches the slices of the position and probes them: Master says the proven result', async () => {
    const engine = await engineFetching(`${server.url}/egdb/`);
    const analysis = engine.analyse(state, { depth: 4 });
    expect(analysis.proven).toBe(1);
    const choice = engine.choose(state, 'master', { seed: 1 });
    expect(choice.endgameHits).toBeGreaterThan(0);
  }, 30_000);

  it('plays on without them when the server has none, or they are beyond its budget', async () => {
    const bare = await startTestServer('sqlite', { egdb: false });
    try {
      for (const engine of [
        await engineFetching(`${bare.url}/egdb/`),
        await engineFetching(`${server.url}/egdb/`, 16),
        await engineFetching('http://127.0.0.1:9/egdb/'),
      ]) {
        expect(engine.analyse(state, { depth: 4 }).proven).toBeUndefined();
        const choice = engine.choose(state, 'master', { seed: 1 });
        expect(game.legalMoves(state).map((m) => game.formatMove(state, m))).toContain(
          game.formatMove(state, choice.move),
        );
        expect(choice.endgameHits ?? 0).toBe(0);
      }
    } finally {
      await bare.close();
    }
  }, 60_000);
});
