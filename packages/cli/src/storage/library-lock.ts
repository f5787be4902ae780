import { randomBytes } from 'node:crypto';
import { closeSync, fstatSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { err, ok, storeError, type InputError, type Result } from '@tactica/core';
import { errorCode } from './atomic-write.js';

/**
 * One writer at a time in a save directory, across processes: a lock file made with an exclusive create. Node has
 * no portable `flock`, and an exclusive create works on every local file system. Writers hold the lock for
 * milliseconds (read, check, write, rename), never while a person or an engine thinks: a read-modify-write that
 * takes long reads without the lock and then writes under it only if the version it read is still the current one.
 *
 * A process killed while it holds the lock leaves the file behind. It is stale, and broken, when the holder's
 * process is gone (same host), or when it is older than `staleMs` (another host sharing the directory, or a
 * reused process id). Breaking goes through a second, short-lived lock and removes the lock file only if it is still
 * the very file found stale, so two processes breaking at once cannot remove a lock a third has just taken.
 */
export interface LockOptions {
  /** How long to wait for a live holder before giving up with `store/busy` (ms). */
  readonly waitMs?: number;
  /** Age after which a lock is stale whoever holds it (ms). */
  readonly staleMs?: number;
}

export const LOCK_NAME = '.lock';
const BREAKER_NAME = '.lock.break';
/** A lock file with no details yet is stale after this long: its maker writes them right after creating it. */
const UNREADABLE_STALE_MS = 2_000;
/** A breaker lives for a stat and an unlink; one this old was left by a process killed while breaking. */
const BREAKER_STALE_MS = 5_000;

interface LockDetails {
  readonly pid: number;
  readonly thread: number;
  readonly host: string;
  readonly nonce: string;
}

interface LockFile {
  readonly raw: string;
  readonly ino: number;
  readonly mtimeMs: number;
}

/** Locks this thread holds now (taken and released synchronously, so at most one at a time). */
const heldHere = new Set<string>();
const sleepCell = new Int32Array(new SharedArrayBuffer(4));

function sleep(ms: number): void {
  Atomics.wait(sleepCell, 0, 0, ms);
}

/**
 * Runs `fn` holding the directory's lock. `fn` gets `stillHeld`, to check just before it commits (a holder stopped
 * for longer than `staleMs` may have lost the lock). Answers `store/busy` if a live holder keeps the lock past
 * `waitMs`. I/O errors are thrown to the caller.
 */
export function withLock<T>(
  dir: string,
  fn: (stillHeld: () => boolean) => Result<T, InputError>,
  options: LockOptions = {},
): Result<T, InputError> {
  const path = join(dir, LOCK_NAME);
  const taken = acquire(path, dir, options.waitMs ?? 10_000, options.staleMs ?? 30_000);
  if (!taken.ok) return taken;
  const mine = taken.value;
  heldHere.add(path);
  try {
    return fn(() => peek(path)?.raw === mine);
  } finally {
    heldHere.delete(path);
    if (peek(path)?.raw === mine) rmSync(path, { force: true });
  }
}

function acquire(path: string, dir: string, waitMs: number, staleMs: number): Result<string, InputError> {
  const mine = JSON.stringify({
    pid: process.pid,
    thread: threadId,
    host: hostname(),
    nonce: randomBytes(8).toString('hex'),
    since: new Date().toISOString(),
  });
  const deadline = Date.now() + waitMs;
  for (let attempt = 0; ; attempt++) {
    if (tryCreate(path, mine)) return ok(mine);
    const found = peek(path);
    if (found === undefined) continue;
    if (isStale(path, found, staleMs)) {
      breakLock(path, dir, found);
      continue;
    }
    if (Date.now() >= deadline) {
      const holder = details(found.raw);
      return err(
        storeError(
          'store/busy',
          `the save library is busy: ${holder ? `process ${holder.pid} on ${holder.host}` : 'another process'} ` +
            `has held ${path} for ${Math.round((Date.now() - found.mtimeMs) / 1000)} s. Try again; if no tactica ` +
            'is running, remove that file',
        ),
      );
    }
    // Holders keep the lock for milliseconds: short, jittered waits so that waiters do not move in step.
    sleep(1 + Math.random() * Math.min(25, 2 + attempt));
  }
}

function tryCreate(path: string, text: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx', 0o600);
  } catch (e) {
    if (errorCode(e) === 'EEXIST') return false;
    throw e;
  }
  try {
    writeFileSync(fd, text, 'utf8');
  } catch (e) {
    closeSync(fd);
    rmSync(path, { force: true });
    throw e;
  }
  closeSync(fd);
  return true;
}

/** The lock file as it is now (its text and identity), or undefined when there is none. */
function peek(path: string): LockFile | undefined {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (e) {
    if (errorCode(e) === 'ENOENT') return undefined;
    throw e;
  }
  try {
    const st = fstatSync(fd);
    return { raw: readFileSync(fd, 'utf8'), ino: st.ino, mtimeMs: st.mtimeMs };
  } finally {
    closeSync(fd);
  }
}

function details(raw: string): LockDetails | undefined {
  try {
    const v: unknown = JSON.parse(raw);
    if (typeof v !== 'object' || v === null) return undefined;
    const o = v as Record<string, unknown>;
    const { pid, thread, host, nonce } = o;
    if (
      typeof pid !== 'number' ||
      typeof thread !== 'number' ||
      typeof host !== 'string' ||
      typeof nonce !== 'string'
    ) {
      return undefined;
    }
    return { pid, thread, host, nonce };
  } catch {
    return undefined;
  }
}

function isStale(path: string, found: LockFile, staleMs: number): boolean {
  const age = Date.now() - found.mtimeMs;
  const holder = details(found.raw);
  if (!holder) return age > UNREADABLE_STALE_MS;
  if (holder.host === hostname()) {
    // A thread takes and releases the lock synchronously: a lock with its own process and thread ids that it does
    // not hold now was left by an earlier process that had the same id (containers reuse low ids).
    if (holder.pid === process.pid && holder.thread === threadId) return !heldHere.has(path);
    if (!processAlive(holder.pid)) return true;
  }
  return age > staleMs;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    return errorCode(e) === 'EPERM';
  }
}

function breakLock(path: string, dir: string, stale: LockFile): void {
  const breaker = join(dir, BREAKER_NAME);
  if (!tryCreate(breaker, String(process.pid))) {
    let age = 0;
    try {
      age = Date.now() - statSync(breaker).mtimeMs;
    } catch (e) {
      if (errorCode(e) !== 'ENOENT') throw e;
    }
    if (age > BREAKER_STALE_MS) rmSync(breaker, { force: true });
    else sleep(1);
    return;
  }
  try {
    const now = peek(path);
    if (now && now.ino === stale.ino && now.raw === stale.raw) rmSync(path, { force: true });
  } finally {
    rmSync(breaker, { force: true });
  }
}
