import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, linkSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it } from 'vitest';
import { createRng } from '@tactica/core';
import { runCapture } from '../testing.js';
import { TEMP_SUFFIX, writeTextFileAtomic } from './atomic-write.js';
import { readSettings, settingsPath } from './settings.js';
import { payloadFor } from './test-store-child.js';

// The child runs the built code (npm test builds first; after editing, `npx tsc -b`).
const CHILD = fileURLToPath(new URL('../../dist/storage/test-store-child.js', import.meta.url));

function start(args: readonly string[]): { child: ChildProcess; stdout: Promise<string>; exit: Promise<unknown> } {
  if (!existsSync(CHILD)) throw new Error(`${CHILD} is missing: build first (npx tsc -b)`);
  const child = spawn(process.execPath, [CHILD, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let errs = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString('utf8')));
  child.stderr?.on('data', (c: Buffer) => (errs += c.toString('utf8')));
  const exit = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  const stdout = exit.then((code) => {
    if (code !== 0 && code !== null) throw new Error(`child exited ${String(code)}: ${errs}`);
    return out;
  });
  return { child, stdout, exit };
}

function ready(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (c: Buffer) => {
      if (c.toString('utf8').includes('\n')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`child exited ${String(code)} before it was ready`)));
  });
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tactica-atomic-'));
  process.env['TACTICA_HOME'] = dir;
});

describe('files a person names and the settings, under killed and concurrent processes', () => {
  it('a writer of a record, memo, export or settings file killed at 20 random moments leaves it whole', async () => {
    // Records, memos, exports, .tac saves, the settings and the Tactorus game left all go through this writer.
    const file = join(dir, 'record.txt');
    const rng = createRng(18);
    let last = 0;
    let tempsLeft = 0;
    for (let kill = 0; kill < 20; kill++) {
      const { child, exit } = start(['text-writer', file]);
      await ready(child);
      await pause(rng.int(30));
      child.kill('SIGKILL');
      await exit;
      const text = readFileSync(file, 'utf8');
      const version = Number(text.slice(0, text.indexOf('|')));
      expect(text === payloadFor(version), `the file is torn after kill ${kill}`).toBe(true);
      expect(version).toBeGreaterThanOrEqual(1);
      last = version;
      const temps = readdirSync(dir).filter((n) => n.endsWith(TEMP_SUFFIX));
      expect(temps.length).toBeLessThanOrEqual(1);
      tempsLeft += temps.length;
    }
    // The next write removes what a killed writer left, and replaces the file whole.
    writeTextFileAtomic(file, payloadFor(last + 1));
    expect(readdirSync(dir)).toEqual(['record.txt']);
    expect(readFileSync(file, 'utf8')).toBe(payloadFor(last + 1));
    console.log(`20 kills: last version ${last}, ${tempsLeft} left a temporary file`);
  }, 60_000);

  it('two programs saving their settings at once lose neither’s', async () => {
    const path = settingsPath(dir);
    const n = 150;
    const a = start(['settings-writer', path, 'a', String(n)]);
    const b = start(['settings-writer', path, 'b', String(n)]);
    expect(await a.stdout).toBe('done\n');
    expect(await b.stdout).toBe('done\n');
    const loaded = readSettings(path);
    expect(loaded.problems).toEqual([]);
    const keys = Object.keys(loaded.sections['race'] ?? {}).sort();
    const expected = ['a', 'b'].flatMap((t) => Array.from({ length: n }, (_, i) => `${t}${i + 1}`)).sort();
    expect(keys).toEqual(expected);
  }, 60_000);
});

/**
 * A file replaced atomically is a new file renamed over the old name: a hard link made to the old file beforehand
 * still holds the old text. A file rewritten in place (truncated, then written: what a kill can tear) changes under
 * the link too. So each test proves the command wrote through the atomic writer.
 */
function linked(path: string, text: string): () => string {
  writeFileSync(path, text);
  const link = `${path}.link`;
  linkSync(path, link);
  return () => readFileSync(link, 'utf8');
}

describe('every file a command writes is replaced whole, never rewritten in place', () => {
  it('the Force 400 record', async () => {
    const record = join(dir, 'game.txt');
    const old = linked(record, 'old record\n');
    const r = await runCapture(['play', 'force400', '--record', record, '--header', 'Test game'], {
      input: 'M C8-C1\ny\nquit\ny\n',
    });
    expect(r.code).toBe(0);
    expect(readFileSync(record, 'utf8')).toContain('M C8-C1');
    expect(old()).toBe('old record\n');
  });

  it('a game saved to a file from the play loop (a Tactrix! .tac save)', async () => {
    const file = join(dir, 'game.tac');
    const old = linked(file, 'old game\n');
    const r = await runCapture(['play', 'tactrix'], { input: `e2-e3\nsave ${file}\ny\nquit\n` });
    expect(r.stdout).toContain(`Saved to ${file}.`);
    expect(readFileSync(file, 'utf8')).toContain('1. e2-e3');
    expect(old()).toBe('old game\n');
  });

  it('a Tactorus game export and an orders memo', async () => {
    expect((await runCapture(['tactorus', 'new', 'mail', '--email'])).code).toBe(0);
    const exported = join(dir, 'game.txt');
    const memo = join(dir, 'memo.txt');
    const oldExport = linked(exported, 'old export\n');
    const oldMemo = linked(memo, 'old memo\n');
    expect((await runCapture(['tactorus', 'export-game', 'mail', '-o', exported])).code).toBe(0);
    expect((await runCapture(['tactorus', 'export-orders', 'mail', '--orders', '84-64', '-o', memo])).code).toBe(0);
    expect(readFileSync(exported, 'utf8')).toContain('++Tactorus');
    expect(readFileSync(memo, 'utf8')).toContain('++TacMoves');
    expect([oldExport(), oldMemo()]).toEqual(['old export\n', 'old memo\n']);
  });

  it('the settings file and the Tactorus game left at the screen', async () => {
    const settings = settingsPath(dir);
    const current = join(dir, 'tactorus-current.json');
    // A game left at the screen, resumed below.
    expect((await runCapture(['play', 'tactorus', '--new'], { input: 'quit\n' })).code).toBe(0);
    const left = readFileSync(current, 'utf8');
    const oldCurrent = linked(current, left);
    const oldSettings = linked(settings, '{"format": "tactica-settings", "formatVersion": 1}\n');
    const r = await runCapture(['play', 'tactorus'], { input: 'theme ocean\n84-64\nquit\n' });
    expect(r.stdout).toContain('Resuming the game you left');
    expect(r.stdout).toContain('Theme: ocean.');
    expect(readSettings(settings).sections['tactorus']).toEqual({ theme: 'ocean' });
    expect(readFileSync(current, 'utf8')).toContain('"84-64"');
    expect([oldSettings(), oldCurrent()]).toEqual(['{"format": "tactica-settings", "formatVersion": 1}\n', left]);
  });
});
