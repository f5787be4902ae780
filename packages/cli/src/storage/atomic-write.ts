import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Temporary files end so; they start with a dot, so listings never take them for saves. */
export const TEMP_SUFFIX = '.tmp';

/**
 * Replaces `dir/name` with `text` so that a crash or a kill at any moment leaves either the old file or the new one,
 * whole: the text goes to a temporary file in the same directory (a rename across file systems is not atomic),
 * which is flushed to the disk before it is renamed over the old file (else a power cut can leave the new name on an
 * empty file), and the directory is flushed after, so the rename itself survives a power cut.
 */
export function writeFileAtomic(dir: string, name: string, text: string): void {
  const temp = join(dir, `.${name}.${process.pid}.${randomBytes(4).toString('hex')}${TEMP_SUFFIX}`);
  try {
    // Saves hold secrets (a Tactorus save holds the player's key for the round): readable by their owner only.
    const fd = openSync(temp, 'wx', 0o600);
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
