import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parsePdn } from '@tactica/draughts';
import { describe, expect, it } from 'vitest';
import { loadBeforeMatch, LoadWatch } from './load.js';
import { externalMatchMain, MatchRefused, parseExternalMatchArgs, runExternalMatch } from './match.js';
import { firstMovers } from './testing.js';

function options(extra: string[] = []): ReturnType<typeof parseExternalMatchArgs> {
  const pdn = join(mkdtempSync(join(tmpdir(), 'tactica-load-')), 'games.pdn');
  return parseExternalMatchArgs([
    '--protocol',
    'hub',
    '--engine',
    'x',
    '--games',
    '2',
    '--max-plies',
    '10',
    '--pdn',
    pdn,
    ...extra,
  ]);
}

describe('a match refuses to start under load and flags games played under it', () => {
  it('the verdict: quiet at or below the threshold; above it refused, or played with a warning when forced', () => {
    expect(loadBeforeMatch(0.4, 1, false)).toEqual({});
    expect(loadBeforeMatch(1, 1, false)).toEqual({});
    expect(loadBeforeMatch(3.2, 1, false).refuse).toMatch(
      /load average is 3\.20, above 1: other work is running.*--force/,
    );
    expect(loadBeforeMatch(3.2, 1, true).warn).toMatch(/--force: playing anyway, and every game will be flagged/);
  });

  it('above --max-load the match does not start: no engine is asked for a game', async () => {
    const o = options();
    if (!o.ok) throw new Error(o.error.message);
    const { engine, ours, asked } = firstMovers();
    const run = runExternalMatch(o.value, () => undefined, { engine, ours, load: () => 5.5 });
    await expect(run).rejects.toBeInstanceOf(MatchRefused);
    await expect(run).rejects.toMatchObject({ error: { code: 'match/loaded' } });
    expect(asked.games).toBe(0);
  });

  it('the script says why and exits 3', async () => {
    const errors: string[] = [];
    // The machine running the tests may be quiet or not: a threshold no machine is under decides.
    const code = await externalMatchMain(
      ['--protocol', 'hub', '--engine', 'never-started', '--max-load', '0', '--games', '1'],
      () => undefined,
      (l) => errors.push(l),
    );
    if (code === 3) expect(errors[0]).toMatch(/^match:external: the 1-minute load average is .* above 0/);
    else expect(code).toBe(1); // a load of exactly 0: it went on to start the engine, which does not exist
  });

  it('--force plays under load, and every game is flagged; the summary says loaded', async () => {
    const o = options(['--force']);
    if (!o.ok) throw new Error(o.error.message);
    const lines: string[] = [];
    const games = await runExternalMatch(o.value, (l) => lines.push(l), { ...firstMovers(), load: () => 4 });
    expect(lines[0]).toMatch(/^warning: the 1-minute load average is 4\.00, above 1/);
    expect(games.map((g) => g.loaded)).toEqual([true, true]);
    expect(lines.find((l) => l.startsWith('load: '))).toMatch(/^load: loaded, 2 of 2 games loaded/);
    const pdn = parsePdn(readFileSync(o.value.pdn as string, 'utf8'));
    expect(pdn.ok && pdn.value.map((g) => g.tags.find((t) => t.name === 'Load')?.value)).toEqual([
      'loaded (highest 4.00)',
      'loaded (highest 4.00)',
    ]);
  });

  it('load rising during a game flags that game: above --max-load plus the match own threads', async () => {
    const o = options();
    if (!o.ok) throw new Error(o.error.message);
    // Quiet to start with (and at the first game's end), then 2.5: above 1 + 1 thread.
    const readings = [0.2, 0.2, 0.2];
    const read = (): number => readings.shift() ?? 2.5;
    const lines: string[] = [];
    const games = await runExternalMatch(o.value, (l) => lines.push(l), { ...firstMovers(), load: read });
    expect(games.map((g) => g.loaded)).toEqual([false, true]);
    expect(lines[1]).toMatch(/; loaded \(load 2\.50\)$/);
    expect(lines.find((l) => l.startsWith('load: '))).toMatch(
      /^load: loaded, 1 of 2 games loaded \(1-minute load 0\.20 at the start, at most 1; highest 2\.50 during it, at most 2 with the match's own\)$/,
    );
  });

  it('the watch keeps the highest reading since a game began', () => {
    const values = [1, 3, 2];
    const watch = new LoadWatch(() => values.shift() ?? 0.5, 60_000);
    const began = Date.now();
    expect(watch.sample()).toBe(3);
    expect(watch.highestSince(began)).toBe(3);
    expect(watch.highestSince(Date.now() + 1000)).toBe(0.5);
    expect(watch.highest()).toBe(3);
    watch.stop();
  });
});
