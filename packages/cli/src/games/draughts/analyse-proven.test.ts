/**
 * `tactica analyse draughts` says what the endgame databases prove: the built command in a process of its own, with
 * `$TACTICA_HOME/egdb` holding English to 3 pieces built during the test (a second), and with no databases.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildOrder, EgdbBuilder } from '@tactica/ai/draughts-egdb';
import { writeSliceFile } from '@tactica/ai/node-egdb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Captured } from '../../testing.js';

// Processes run the built command (npm test builds first; after editing, `npx tsc -b`).
const BIN = fileURLToPath(new URL('../../../bin/tactica.js', import.meta.url));

let withDatabases: string;
let without: string;

beforeAll(() => {
  withDatabases = mkdtempSync(join(tmpdir(), 'tactica-analyse-egdb-'));
  without = mkdtempSync(join(tmpdir(), 'tactica-analyse-no-egdb-'));
  const dir = join(withDatabases, 'egdb');
  mkdirSync(dir);
  const builder = new EgdbBuilder('english');
  for (const m of buildOrder(3, builder.set.half)) writeSliceFile(dir, builder.solve(m));
}, 60_000);

afterAll(() => {
  for (const home of [withDatabases, without]) rmSync(home, { recursive: true, force: true });
});

function tactica(home: string, argv: string[]): Promise<Captured> {
  if (!existsSync(BIN.replace(/bin[/\\]tactica\.js$/, 'dist/main.js'))) throw new Error('build first: npx tsc -b');
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...argv], {
      env: { ...process.env, TACTICA_HOME: home, TACTICA_EGDB: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

/** Two white kings against one black king, White to move: a win. */
const TWO_KINGS_V_ONE = ['analyse', 'draughts', '--variant', 'english', '--fen', 'W:WK14,K15:BK32', '--depth', '6'];

describe('tactica analyse draughts and the endgame databases', () => {
  it('prints "proven won" last on the score line when a database holds the position', async () => {
    const r = await tactica(withDatabases, TWO_KINGS_V_ONE);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const [scoreLine, pvLine] = r.stdout.trim().split('\n');
    expect(scoreLine).toMatch(/^score -?\d+ depth \d+ nodes \d+ time \d+ms proven won$/);
    expect(pvLine).toMatch(/^pv /);
  });

  it('prints no "proven" without databases', async () => {
    const r = await tactica(without, TWO_KINGS_V_ONE);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^score -?\d+ depth \d+ nodes \d+ time \d+ms\npv /);
    expect(r.stdout).not.toContain('proven');
  });
});
