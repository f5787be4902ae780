/**
 * The game left at this screen (manual, "The Main Tactorus Screen": "Done: Exit the Tactorus Application and ensure
 * play resumes as it was left"), whatever kind of game it is: `$TACTICA_HOME/tactorus-current.json`, written
 * atomically after every change and read back by `tactica play tactorus` (and the menu) to resume it exactly: both
 * players' scheduled orders at one screen, whose turn it is there, the computer's level, the e-mail memos and key,
 * the title it is saved under and the board's rotation. The file holds secrets (the other player's orders, the key):
 * it is readable by its owner only and never sent.
 *
 * A file that cannot be read is set aside (renamed, never deleted) and reported, naming both files.
 *
 * One program at a time plays the game left **(ours)**: it holds `tactorus-current.lock` (its process id) while it
 * plays. A second `tactica play tactorus` meanwhile does not resume the same game (two copies would overwrite each
 * other's moves, and one would be lost): it is refused, and a new game there (`--new`) is not kept at the screen.
 * A lock whose process is gone (a kill) is taken over.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';
import { err, inputError, ok, type InputError, type Player, type Result } from '@tactica/core';
import { restoreSessionSnapshot, sessionSnapshot, type TactorusSession } from '@tactica/tactorus';
import { errorCode, processAlive, writeTextFileAtomic } from '../../storage/atomic-write.js';
import { withLock } from '../../storage/library-lock.js';
import { tacticaHome } from '../../storage/settings.js';

const CURRENT_FORMAT = 'tactica-tactorus-current';
/** A game's file is a few kilobytes; a file much larger than this is not one the program wrote. */
const MAX_BYTES = 16 * 1024 * 1024;

export interface CurrentGame {
  readonly session: TactorusSession;
  /** The save it was opened from or last saved as, if any. */
  readonly title?: string;
  /** The save holds the game as it is now (nothing changed since it was opened or saved). */
  readonly saved: boolean;
  readonly rotated: boolean;
  /** At one screen: whose scheduling the screen showed. */
  readonly screen?: Player;
}

export function currentGamePath(home: string = tacticaHome()): string {
  return join(home, 'tactorus-current.json');
}

/** The file's text for a game. */
function formatCurrentGame(game: CurrentGame): string {
  const v = {
    format: CURRENT_FORMAT,
    formatVersion: 1,
    ...(game.title !== undefined ? { title: game.title } : {}),
    saved: game.saved,
    rotated: game.rotated,
    ...(game.screen !== undefined ? { screen: game.screen } : {}),
    session: sessionSnapshot(game.session),
  };
  return `${JSON.stringify(v)}\n`;
}

/** Reads the file's text, checking every field (`current/…` and `snapshot/…` codes naming the field). */
function parseCurrentGame(text: string): Result<CurrentGame, InputError> {
  const bad = (why: string): Result<never, InputError> => err(inputError('current/damaged', why));
  if (text.length > MAX_BYTES) return bad(`${text.length} bytes: not a game the program left`);
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    return bad(text.trim() === '' ? 'the file is empty' : `not valid JSON (${(e as Error).message})`);
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return bad('not a JSON object');
  const o = v as Record<string, unknown>;
  if (o['format'] !== CURRENT_FORMAT || o['formatVersion'] !== 1) return bad(`"format" is not "${CURRENT_FORMAT}" 1`);
  const { title, saved, rotated, screen } = o;
  if (title !== undefined && (typeof title !== 'string' || /[\r\n]/.test(title))) return bad('"title" is not a line');
  if (typeof saved !== 'boolean') return bad('"saved" is not true or false');
  if (typeof rotated !== 'boolean') return bad('"rotated" is not true or false');
  if (screen !== undefined && screen !== 0 && screen !== 1) return bad('"screen" is not 0 or 1');
  const session = restoreSessionSnapshot(o['session']);
  if (!session.ok) return err(inputError(session.error.code, `session.${session.error.message}`));
  return ok({
    session: session.value,
    ...(typeof title === 'string' ? { title } : {}),
    saved,
    rotated,
    ...(screen === 0 || screen === 1 ? { screen } : {}),
  });
}

/** Keeps the game in the file (atomically, readable by its owner only). */
export function keepCurrentGame(game: CurrentGame, path: string = currentGamePath()): Result<void, InputError> {
  try {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    writeTextFileAtomic(path, formatCurrentGame(game), { mode: 0o600 });
    return ok(undefined);
  } catch (e) {
    if (errorCode(e) === undefined) throw e;
    return err(inputError('current/io', `the game could not be kept in ${path}: ${(e as Error).message}`));
  }
}

/**
 * The game left, if there is one. A file that cannot be read is renamed aside, so a new game does not overwrite
 * it, and `problem` says so, naming both files.
 */
export function readCurrentGame(path: string = currentGamePath()): { game?: CurrentGame; problem?: string } {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    if (errorCode(e) === 'ENOENT') return {};
    return { problem: `the game left at this screen cannot be read from ${path}: ${(e as Error).message}` };
  }
  const r = parseCurrentGame(text);
  if (r.ok) return { game: r.value };
  const aside = `${path.replace(/\.json$/, '')}.damaged-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
  try {
    renameSync(path, aside);
  } catch (e) {
    return {
      problem: `${path} is damaged (${r.error.code}: ${r.error.message}) and cannot be set aside: ${(e as Error).message}`,
    };
  }
  return {
    problem: `${path} is damaged (${r.error.code}: ${r.error.message}); it is kept as ${aside} and a new game starts`,
  };
}

function currentLockPath(home: string = tacticaHome()): string {
  return join(home, 'tactorus-current.lock');
}

/** The program playing the game left: this one (`release` when it leaves), or another one, alive. */
export type Claim =
  { readonly ok: true; release(): void } | { readonly ok: false; readonly pid: number; readonly path: string };

/**
 * Takes the game left at this screen for this program, unless another program that is still running holds it.
 * Answers ok, with nothing to release, when the lock cannot be written (the home cannot be written either: nothing
 * will be kept there).
 */
export function claimCurrentGame(path: string = currentLockPath()): Claim {
  const mine = JSON.stringify({ pid: process.pid, host: hostname(), nonce: randomBytes(8).toString('hex') });
  const nothing: Claim = { ok: true, release: () => undefined };
  try {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    const taken = withLock(dirname(path), () => {
      const holder = readHolder(path);
      if (holder && holder.host === hostname() && processAlive(holder.pid) && holder.raw !== mine) {
        return ok({ ok: false, pid: holder.pid, path } as Claim);
      }
      writeTextFileAtomic(path, `${mine}\n`, { mode: 0o600 });
      return ok({
        ok: true,
        release() {
          if (readHolder(path)?.raw === mine) rmSync(path, { force: true });
        },
      } as Claim);
    });
    return taken.ok ? taken.value : nothing;
  } catch (e) {
    if (errorCode(e) === undefined) throw e;
    return nothing;
  }
}

/** The lock's holder, if the file reads as one. */
function readHolder(path: string): { pid: number; host: string; raw: string } | undefined {
  let raw: string;
  try {
    raw = readFileSync(path, 'utf8').trim();
  } catch {
    return undefined;
  }
  try {
    const v = JSON.parse(raw) as { pid?: unknown; host?: unknown };
    return typeof v.pid === 'number' && Number.isInteger(v.pid) && v.pid > 0 && typeof v.host === 'string'
      ? { pid: v.pid, host: v.host, raw }
      : undefined;
  } catch {
    return undefined;
  }
}
