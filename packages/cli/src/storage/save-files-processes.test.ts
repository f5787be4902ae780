import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createRng } from '@tactica/core';
import { LOCK_NAME } from './library-lock.js';
import { SaveFiles } from './save-files.js';
import { payloadFor } from './test-store-child.js';

// The child runs the built code (npm test builds first; after editing, `npx tsc -b`).
const CHILD = fileURLToPath(new URL('../../dist/storage/test-store-child.js', import.meta.url));

function start(args: readonly string[]): {
  child: ChildProcess;
  stdout: Promise<string>;
  exit: Promise<number | null>;
} {
  if (!existsSync(CHILD)) throw new Error(`${CHILD} is missing: build first (npx tsc -b)`);
  const child = spawn(process.execPath, [CHILD, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let errs = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString('utf8')));
  child.stderr?.on('data', (c: Buffer) => (errs += c.toString('utf8')));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const stdout = exit.then((code) => {
    if (code !== 0 && code !== null) throw new Error(`child exited ${code}: ${errs}`);
    return out;
  });
  return { child, stdout, exit };
}

function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    child.stdout?.on('data', (c: Buffer) => {
      text += c.toString('utf8');
      if (text.includes('\n')) resolve(text.slice(0, text.indexOf('\n')));
    });
    child.on('exit', (code) => reject(new Error(`child exited ${code} before it was ready`)));
  });
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

function library(): SaveFiles {
  return new SaveFiles(join(mkdtempSync(join(tmpdir(), 'tactica-procs-')), 'saves'));
}

describe('saves under killed and concurrent processes', () => {
  it('a writer killed at 30 random moments leaves every save whole: the old version or the new', async () => {
    const files = library();
    const ids: string[] = [];
    for (const title of ['one', 'two', 'three']) {
      const r = files.create({ game: 'g', title, summary: 'v1', meta: {}, payload: payloadFor(1) });
      if (!r.ok) throw new Error(r.error.message);
      ids.push(r.value.id);
    }
    const rng = createRng(19);
    const last = new Map(ids.map((id) => [id, 1]));
    let locksLeft = 0;
    let tempsLeft = 0;
    for (let kill = 0; kill < 30; kill++) {
      const { child, exit } = start(['writer', files.dir, ...ids]);
      await firstLine(child);
      await pause(rng.int(40));
      child.kill('SIGKILL');
      // Waiting for the exit reaps the process, so its id no longer counts as alive.
      await exit;
      const names = readdirSync(files.dir);
      if (names.includes(LOCK_NAME)) locksLeft++;
      if (names.some((n) => n.endsWith('.tmp'))) tempsLeft++;
      const listing = files.listing('g');
      if (!listing.ok) throw new Error(listing.error.message);
      expect(listing.value.damaged).toEqual([]);
      expect(listing.value.saves.map((s) => s.id).sort()).toEqual([...ids].sort());
      for (const save of listing.value.saves) {
        expect(save.payload === payloadFor(save.version), `${save.title} at version ${save.version} is torn`).toBe(
          true,
        );
        expect(save.summary).toBe(`v${save.version}`);
        expect(save.version).toBeGreaterThanOrEqual(last.get(save.id) ?? 1);
        last.set(save.id, save.version);
      }
    }
    const writes = [...last.values()].reduce((a, v) => a + v - 1, 0);
    expect(writes).toBeGreaterThanOrEqual(30);
    // The next writer breaks the lock a killed one left and clears its temporary files.
    expect(files.create({ game: 'g', title: 'after', summary: '', meta: {}, payload: '' }).ok).toBe(true);
    expect(readdirSync(files.dir).filter((n) => n.startsWith('.'))).toEqual([]);
    console.info(`30 kills: ${writes} whole writes, ${locksLeft} kills left a lock, ${tempsLeft} a temporary file`);
  });

  it('processes creating and updating at once leave unique titles and no lost update', async () => {
    const files = library();
    const counter = files.create({ game: 'g', title: 'counter', summary: '', meta: {}, payload: '0' });
    if (!counter.ok) throw new Error(counter.error.message);
    const titles = ['alpha', 'beta', 'gamma', 'delta', 'ALPHA', 'epsilon'];
    const workers = 4;
    const ops = 25;
    const runs = Array.from({ length: workers }, (_, w) =>
      start(['worker', files.dir, counter.value.id, String(ops), ...titles.slice(w), ...titles.slice(0, w)]),
    );
    const results = (await Promise.all(runs.map((r) => r.stdout))).map(
      (out) => JSON.parse(out) as { increments: number; created: string[]; retries: number },
    );
    expect(results.reduce((a, r) => a + r.increments, 0)).toBe(workers * ops);
    const final = files.read(counter.value.id);
    expect(final).toMatchObject({ ok: true, value: { payload: String(workers * ops), version: workers * ops + 1 } });
    // "alpha" and "ALPHA" are one title: five titles, each made by exactly one process.
    const created = results.flatMap((r) => r.created).map((t) => t.toLowerCase());
    expect(created.sort()).toEqual(['alpha', 'beta', 'delta', 'epsilon', 'gamma']);
    const listed = files.listing('race');
    expect(listed.ok && listed.value.saves.map((s) => s.title.toLowerCase()).sort()).toEqual(created);
    console.info(
      `${workers} processes: ${workers * ops} increments, ${results.reduce((a, r) => a + r.retries, 0)} stale retries`,
    );
  });
});
