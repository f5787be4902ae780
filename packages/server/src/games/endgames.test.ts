/**
 * The server's strongest draughts level plays with the endgame databases when the server has some: the folder is a
 * setting the engine workers are given as data (`egdb`), not a module global their threads would never set.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildOrder, EgdbBuilder } from '@tactica/ai/draughts-egdb';
import { writeSliceFile } from '@tactica/ai/node-egdb';
import { draughtsGame, parseFen } from '@tactica/draughts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, eventually, startTestServer, type TestServer } from '../testing/server.js';
import { WorkerEngines } from './worker-engines.js';

interface View {
  id: number;
  moves: string[];
}

/** English, White to move: two kings against one, all three pieces in a database of up to three. */
const ENDING = '[GameType "21"]\n[SetUp "1"]\n[FEN "W:WK1,K2:BK32"]\n*\n';

/** The importer takes Black's seat; the computer, White, is to move. */
async function masterPlaysTheEnding(server: TestServer, name: string): Promise<void> {
  const me = await new Client(server.url).signUp(name);
  const r = await me.request<View>('POST', '/api/imports', {
    family: 'draughts',
    text: ENDING,
    level: 'master',
    seat: 1,
  });
  expect(r.status).toBe(201);
  await eventually(async () => {
    const view = await me.request<View>('GET', `/api/games/${r.body.id}`);
    return view.body.moves.length > 0 ? view.body : undefined;
  });
}

function poolOf(server: TestServer): WorkerEngines {
  if (!(server.engines instanceof WorkerEngines)) throw new Error('the server runs its own pool');
  return server.engines;
}

describe('the endgame databases of the server', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'tactica-egdb-'));
    const builder = new EgdbBuilder('english');
    for (const m of buildOrder(3, builder.set.half)) writeSliceFile(dir, builder.solve(m));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("are probed by Master's search when the server has them (egdb)", async () => {
    const server = await startTestServer('sqlite', { egdb: dir });
    try {
      await masterPlaysTheEnding(server, 'egdbon');
      expect(poolOf(server).endgameHits).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  }, 60_000);

  it("are probed by a review's search too, as by the computer's (the review engine takes the same folder)", async () => {
    const server = await startTestServer('sqlite', { egdb: dir });
    try {
      const position = parseFen('W:WK1,K2:BK32', 'english');
      if (!position.ok) throw new Error(position.error.message);
      const state = draughtsGame('english').fromPosition(position.value);
      const job = { family: 'draughts', options: { variant: 'english' }, state, limits: { depth: 4 } };
      const analysis = await poolOf(server).analyse(job);
      expect(analysis.proven).toBe(1);
    } finally {
      await server.close();
    }
  }, 60_000);

  it('are left out when the server is told none (egdb off)', async () => {
    const server = await startTestServer('sqlite', { egdb: false });
    try {
      await masterPlaysTheEnding(server, 'egdboff');
      expect(poolOf(server).endgameHits).toBe(0);
    } finally {
      await server.close();
    }
  }, 60_000);
});
