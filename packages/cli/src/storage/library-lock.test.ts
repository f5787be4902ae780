import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { LOCK_NAME } from './library-lock.js';
import { SaveFiles } from './save-files.js';

function files(options: { waitMs?: number; staleMs?: number } = {}): SaveFiles {
  const dir = join(mkdtempSync(join(tmpdir(), 'tactica-lock-')), 'saves');
  mkdirSync(dir);
  return new SaveFiles(dir, options);
}

function leaveLock(f: SaveFiles, holder: object | string, ageMs = 0): string {
  const path = join(f.dir, LOCK_NAME);
  writeFileSync(path, typeof holder === 'string' ? holder : JSON.stringify({ nonce: 'n', ...holder }));
  if (ageMs) {
    const then = new Date(Date.now() - ageMs);
    utimesSync(path, then, then);
  }
  return path;
}

const create = (f: SaveFiles, title = 'T') => f.create({ game: 'g', title, summary: '', meta: {}, payload: '' });

describe('the save directory lock', () => {
  it('breaks a lock left by a killed process and writes', () => {
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    const f = files({ waitMs: 2_000 });
    const path = leaveLock(f, { pid: dead, thread: 0, host: hostname() });
    expect(create(f).ok).toBe(true);
    expect(existsSync(path)).toBe(false);
  });

  it('waits for a live holder, then answers store/busy naming the lock file, writing nothing', () => {
    const f = files({ waitMs: 300 });
    const path = leaveLock(f, { pid: process.ppid, thread: 0, host: hostname() });
    const started = Date.now();
    const r = create(f);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(r).toMatchObject({ ok: false, error: { code: 'store/busy' } });
    expect(!r.ok && r.error.message).toContain(path);
    expect(existsSync(path)).toBe(true);
    expect(f.listing()).toMatchObject({ ok: true, value: { saves: [] } });
  });

  it('respects a fresh lock of another host, and breaks it once it is older than staleMs', () => {
    const f = files({ waitMs: 100, staleMs: 60_000 });
    leaveLock(f, { pid: 1, thread: 0, host: 'another-host' });
    expect(create(f)).toMatchObject({ ok: false, error: { code: 'store/busy' } });
    leaveLock(f, { pid: 1, thread: 0, host: 'another-host' }, 120_000);
    expect(create(f).ok).toBe(true);
  });

  it('breaks a lock with no details (its maker killed before writing them) once it is 2 s old', () => {
    const f = files({ waitMs: 100 });
    leaveLock(f, '');
    expect(create(f)).toMatchObject({ ok: false, error: { code: 'store/busy' } });
    leaveLock(f, '', 3_000);
    expect(create(f).ok).toBe(true);
  });

  it('breaks a lock with its own process and thread ids that it does not hold (a reused process id)', () => {
    const f = files({ waitMs: 100 });
    leaveLock(f, { pid: process.pid, thread: threadId, host: hostname() });
    expect(create(f).ok).toBe(true);
  });

  it('clears a breaker left by a process killed while breaking a lock', () => {
    const f = files({ waitMs: 1_000 });
    leaveLock(f, { pid: 1, thread: 0, host: 'another-host' }, 120_000);
    const breaker = join(f.dir, '.lock.break');
    writeFileSync(breaker, '');
    const then = new Date(Date.now() - 10_000);
    utimesSync(breaker, then, then);
    expect(create(f).ok).toBe(true);
    expect(existsSync(breaker)).toBe(false);
  });

  it('releases the lock after a refused write, and removes temporary files a killed writer left', () => {
    const f = files();
    expect(create(f).ok).toBe(true);
    const orphan = join(f.dir, '.x.json.123.abcd.tmp');
    writeFileSync(orphan, 'half a save');
    expect(create(f)).toMatchObject({ ok: false, error: { code: 'store/title-taken' } });
    expect(existsSync(join(f.dir, LOCK_NAME))).toBe(false);
    expect(existsSync(orphan)).toBe(false);
  });
});
