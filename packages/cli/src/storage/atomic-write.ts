import { randomBytes } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  openSync,
  readdirSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

/** Temporary files end so; they start with a dot, so listings never take them for saves. */
export const TEMP_SUFFIX = '.tmp';

/**
 * Replaces `dir/name` with `text` so that a crash or a kill at any moment leaves either the old file or the new one,
 * whole: the text goes to a temporary file in the same directory (a rename across file systems is not atomic),
 * which is flushed to the disk before it is renamed over the old file (else a power cut can leave the new name on an
 * empty file), and the directory is flushed after, so the rename itself survives a power cut.
 */
export function writeFileAtomic(dir: string, name: string, text: string, mode = 0o600): void {
  const temp = join(dir, `.${name}.${process.pid}.${randomBytes(4).toString('hex')}${TEMP_SUFFIX}`);
  try {
    // Saves hold secrets (a Tactorus save holds the player's key for the round): readable by their owner only,
    // unless the caller says otherwise.
    const fd = openSync(temp, 'wx', mode);
    try {
      writeFileSync(fd, text, 'utf8');
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, join(dir, name));
  } catch (e) {
    rmSync(temp, { force: true });
    throw e;
  }
  fsyncDirectory(dir);
}

/** Flushes a directory's entries (a create, rename or delete in it) to the disk. */
export function fsyncDirectory(dir: string): void {
  let fd: number;
  try {
    fd = openSync(dir, 'r');
  } catch (e) {
    // Windows cannot open a directory; its renames are flushed by the file system.
    if (errorCode(e) === 'EISDIR' || errorCode(e) === 'EPERM') return;
    throw e;
  }
  try {
    fsyncSync(fd);
  } catch (e) {
    // Some file systems cannot flush a directory, and say so: nothing more can be done there.
    if (errorCode(e) !== 'EINVAL' && errorCode(e) !== 'ENOTSUP' && errorCode(e) !== 'EBADF') throw e;
  } finally {
    closeSync(fd);
  }
}

/** The `code` of a Node system error (`ENOENT`, `EEXIST`, …), if it is one. */
export function errorCode(e: unknown): string | undefined {
  if (typeof e !== 'object' || e === null || !('code' in e)) return undefined;
  const code = (e as { code: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Replaces the file at `path` with `text` as `writeFileAtomic` does, for the files a person names (records, game
 * files, exports, memos) and the program's own files beside the save library (settings). A link is followed to the
 * file it names, which is the one replaced; an existing file keeps its permissions; a new one gets `mode` (less the
 * umask: by default readable by others as any file a program writes). Temporary files that an earlier writer of the
 * same name left when it was killed are removed first, so a kill at any moment leaves the old file or the new one,
 * and at most one temporary file beside them until the next write.
 */
export function writeTextFileAtomic(path: string, text: string, options: { readonly mode?: number } = {}): void {
  let target = resolve(path);
  let mode = options.mode ?? 0o666;
  try {
    target = realpathSync(target);
    const st = statSync(target);
    if (st.isDirectory()) throw Object.assign(new Error(`${path} is a directory`), { code: 'EISDIR' });
    mode = st.mode & 0o777;
  } catch (e) {
    if (errorCode(e) !== 'ENOENT') throw e;
  }
  const dir = dirname(target);
  const name = basename(target);
  removeLeftTemps(dir, name);
  writeFileAtomic(dir, name, text, mode);
}

/** The temporary files of `name` in `dir` whose writer (a process of this host) is gone. */
function removeLeftTemps(dir: string, name: string): void {
  const prefix = `.${name}.`;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const n of names) {
    if (!n.startsWith(prefix) || !n.endsWith(TEMP_SUFFIX)) continue;
    const pid = Number(n.slice(prefix.length).split('.')[0]);
    if (Number.isInteger(pid) && pid > 0 && !processAlive(pid)) rmSync(join(dir, n), { force: true });
  }
}

/** True when a process with this id runs on this host (EPERM: it runs, as another user). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return errorCode(e) === 'EPERM';
  }
}
