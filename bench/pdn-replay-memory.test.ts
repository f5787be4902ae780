/*
 * The bar of issue 19: `tactica replay draughts` of an 80 MB PDN stays under 300 MB of memory. The file is made
 * here and removed after (never committed), so the test runs only when asked:
 *
 *   TACTICA_BIG_PDN_MB=80 npx vitest run bench/pdn-replay-memory.test.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JS bench module
import { replayPeak, writeBigPdn } from './pdn-replay-memory.js';

const megabytes = Number(process.env['TACTICA_BIG_PDN_MB'] ?? 0);

interface Peak {
  code: number;
  peakMb: number;
  lines: number;
  stderr: string;
}

describe.skipIf(!(megabytes > 0))('replay draughts of a big PDN in bounded memory', () => {
  it(`replays ${megabytes} MB of games game by game under 300 MB of memory`, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tactica-pdn-'));
    try {
      const { path, games } = (writeBigPdn as (d: string, mb: number) => { path: string; games: number })(
        dir,
        megabytes,
      );
      const r = await (replayPeak as (p: string) => Promise<Peak>)(path);
      expect(r.code).toBe(0);
      expect(r.lines).toBe(games);
      expect(r.peakMb).toBeLessThan(300);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 900_000);
});
