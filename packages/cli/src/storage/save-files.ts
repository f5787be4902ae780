import { randomUUID } from 'node:crypto';
import { lstatSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  checkFamily,
  checkVersion,
  cleanTitle,
  compareEntries,
  defaultTitle,
  err,
  ok,
  quoteForMessage,
  staleVersionError,
  storeError,
  titleKey,
  titleTakenError,
  type DamagedEntry,
  type InputError,
  type Result,
  hasCode,
  type StoreErrorCode,
} from '@tactica/core';
import { errorCode, fsyncDirectory, TEMP_SUFFIX, writeFileAtomic } from './atomic-write.js';
import { withLock, type LockOptions } from './library-lock.js';

/**
 * The save directory: one JSON file per save, named `<id>.json`, where the id is made by the store (a random UUID).
 * Paths come only from ids checked against `SAVE_ID` and from names the directory lists, never from file contents
 * or titles, so no title and no hand-made file can point a write or a delete outside the directory. A file whose
 * stored id disagrees with its name (a copy, a hand edit) is damaged: listed as such, never opened, never written.
 *
 * Reads take no lock (every file is replaced whole by a rename, so a reader sees the old save or the new one).
 * Every write runs under the directory's lock (`library-lock.ts`), which makes "check the title is free, then
 * create" and "check the version, then replace" atomic across processes.
 */
export type SaveMeta = Readonly<Record<string, string | number | boolean>>;

export interface SaveEntry {
  readonly id: string;
  /** The game family (`force400`, `tactorus`, …). */
  readonly game: string;
  readonly title: string;
  /** 1 when made, one more with every write. */
  readonly version: number;
  /** ISO time of the last write. */
  readonly savedAt: string;
  /** One line about the state: `move 14, Black to move`, `round 7`. */
  readonly summary: string;
  /** Game-specific facts to list or restore (computer level, round reached, e-mail role…). */
  readonly meta: SaveMeta;
}

export interface SaveFile extends SaveEntry {
  /** The game's own save text (a record, an export…), opaque to the library. */
  readonly payload: string;
}

export interface SaveListing {
  /** In list order (`compareEntries`). */
  readonly saves: readonly SaveFile[];
  readonly damaged: readonly DamagedEntry[];
}

export interface NewSave {
  readonly game: string;
  /** Without one the store picks a free title. */
  readonly title?: string;
  readonly summary: string;
  readonly meta: SaveMeta;
  readonly payload: string;
}

export interface SaveChange {
  readonly expectedVersion: number;
  readonly title?: string;
  readonly summary?: string;
  readonly meta?: SaveMeta;
  readonly payload?: string;
}

/** What runs under the lock: reads, and the writes that may only run there. */
export interface SaveWriter {
  listing(game?: string): SaveListing;
  read(id: string): Result<SaveFile, InputError>;
  create(input: NewSave): Result<SaveFile, InputError>;
  update(id: string, change: SaveChange): Result<SaveFile, InputError>;
  remove(id: string, expectedVersion?: number): Result<SaveFile, InputError>;
}

/** Ids the store makes are UUIDs; this is what it accepts from a caller or a file name (no dots, no slashes). */
const SAVE_ID = /^[a-z0-9][a-z0-9_-]{0,127}$/;
const SUFFIX = '.json';

function isSaveId(id: unknown): id is string {
  return typeof id === 'string' && SAVE_ID.test(id);
}

export function isSaveMeta(v: unknown): v is SaveMeta {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  return Object.values(v).every(
    (m) => typeof m === 'string' || typeof m === 'boolean' || (typeof m === 'number' && Number.isFinite(m)),
  );
}

export class SaveFiles {
  constructor(
    readonly dir: string,
    private readonly lockOptions: LockOptions = {},
  ) {}

  /** Every save of a family (or all), and every damaged file that may be one of them. */
  listing(game?: string): Result<SaveListing, InputError> {
    return this.guard(() => ok(this.readListing(game)));
  }

  read(id: string): Result<SaveFile, InputError> {
    return this.guard(() => this.readSave(id));
  }

  create(input: NewSave): Result<SaveFile, InputError> {
    return this.transact((w) => w.create(input));
  }

  update(id: string, change: SaveChange): Result<SaveFile, InputError> {
    return this.transact((w) => w.update(id, change));
  }

  remove(id: string, expectedVersion?: number): Result<SaveFile, InputError> {
    return this.transact((w) => w.remove(id, expectedVersion));
  }

  /** Runs `fn` under the directory's lock: what it reads stays true until it returns. */
  transact<T>(fn: (w: SaveWriter) => Result<T, InputError>): Result<T, InputError> {
    return this.guard(() => {
      mkdirSync(this.dir, { recursive: true, mode: 0o700 });
      return withLock(
        this.dir,
        (stillHeld) => {
          this.removeOrphans();
          return fn(this.writer(stillHeld));
        },
        this.lockOptions,
      );
    });
  }

  private writer(stillHeld: () => boolean): SaveWriter {
    const commit = (id: string, file: SaveFile): Result<SaveFile, InputError> => {
      const name = `${id}${SUFFIX}`;
      const text = formatSave(file);
      // Whatever a caller passes (JavaScript callers bypass the types), no write makes a save that reads as damaged.
      const back = parseSave(name, text);
      if (!back.ok) return err(storeError('store/bad-doc', `the save would not read back: ${back.error.message}`));
      if (!stillHeld()) return err(lockLost(this.dir));
      writeFileAtomic(this.dir, name, text);
      return ok(back.value);
    };
    const titleFree = (game: string, title: string, except?: string): Result<string, InputError> => {
      const key = titleKey(title);
      const taken = this.readListing(game).saves.some((s) => s.id !== except && titleKey(s.title) === key);
      return taken ? err(titleTakenError(game, title)) : ok(title);
    };
    return {
      listing: (game) => this.readListing(game),
      read: (id) => this.readSave(id),
      create: (input) => {
        const game = checkFamily(input.game);
        if (!game.ok) return game;
        let title: Result<string, InputError>;
        if (input.title === undefined) {
          const keys = new Set(this.readListing(game.value).saves.map((s) => titleKey(s.title)));
          title = ok(defaultTitle((k) => keys.has(k)));
        } else {
          const clean = cleanTitle(input.title);
          title = clean.ok ? titleFree(game.value, clean.value) : clean;
        }
        if (!title.ok) return title;
        const id = randomUUID();
        return commit(id, {
          id,
          game: game.value,
          title: title.value,
          version: 1,
          savedAt: new Date().toISOString(),
          summary: printable(input.summary),
          meta: printableMeta(input.meta),
          payload: input.payload,
        });
      },
      update: (id, change) => {
        const expected = checkVersion(change.expectedVersion);
        if (!expected.ok) return expected;
        const current = this.readSave(id);
        if (!current.ok) return current;
        const old = current.value;
        if (old.version !== expected.value) return err(staleVersionError(old.title, old.version, expected.value));
        let title = old.title;
        if (change.title !== undefined) {
          const clean = cleanTitle(change.title);
          const free = clean.ok ? titleFree(old.game, clean.value, id) : clean;
          if (!free.ok) return free;
          title = free.value;
        }
        return commit(id, {
          ...old,
          title,
          version: old.version + 1,
          savedAt: new Date().toISOString(),
          summary: change.summary === undefined ? old.summary : printable(change.summary),
          meta: change.meta === undefined ? old.meta : printableMeta(change.meta),
          payload: change.payload ?? old.payload,
        });
      },
      remove: (id, expectedVersion) => {
        const expected = expectedVersion === undefined ? undefined : checkVersion(expectedVersion);
        if (expected && !expected.ok) return expected;
        const current = this.readSave(id);
        if (!current.ok) return current;
        const old = current.value;
        if (expected && old.version !== expected.value) {
          return err(staleVersionError(old.title, old.version, expected.value));
        }
        if (!stillHeld()) return err(lockLost(this.dir));
        rmSync(join(this.dir, `${id}${SUFFIX}`));
        fsyncDirectory(this.dir);
        return ok(old);
      },
    };
  }

  private readListing(game: string | undefined): SaveListing {
    let names: string[];
    try {
      names = readdirSync(this.dir);
    } catch (e) {
      if (errorCode(e) === 'ENOENT') return { saves: [], damaged: [] };
      throw e;
    }
    const saves: SaveFile[] = [];
    const damaged: DamagedEntry[] = [];
    for (const name of names.sort()) {
      if (name.startsWith('.') || !name.endsWith(SUFFIX)) continue;
      const id = name.slice(0, -SUFFIX.length);
      const read = isSaveId(id) ? this.readSave(id) : err(damage(name, 'the file name is not a save id'));
      if (read.ok) {
        if (game === undefined || read.value.game === game) saves.push(read.value);
      } else if (!hasCode<StoreErrorCode>(read.error, 'store/not-found')) {
        // Deleted between the listing and the read: gone, not damaged.
        const family = familyOf(name, this.dir);
        if (game === undefined || family === undefined || family === game) {
          damaged.push(family === undefined ? { name, error: read.error } : { name, family, error: read.error });
        }
      }
    }
    return { saves: saves.sort(compareEntries), damaged };
  }

  private readSave(id: string): Result<SaveFile, InputError> {
    if (!isSaveId(id)) {
      return err(
        storeError('store/bad-id', `a save id is 1 to 128 lower-case letters, digits, dashes and underscores`, {
          input: quoteForMessage(id),
        }),
      );
    }
    const name = `${id}${SUFFIX}`;
    const path = join(this.dir, name);
    try {
      // lstat: a link named like a save is not followed out of the directory.
      if (!lstatSync(path).isFile()) return err(damage(name, 'not a regular file'));
    } catch (e) {
      if (errorCode(e) === 'ENOENT' || errorCode(e) === 'ENOTDIR') {
        return err(storeError('store/not-found', `no save has the id ${quoteForMessage(id)}`, { input: id }));
      }
      throw e;
    }
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (e) {
      if (errorCode(e) === 'ENOENT')
        return err(storeError('store/not-found', `no save has the id ${quoteForMessage(id)}`));
      throw e;
    }
    return parseSave(name, text);
  }

  /** Temporary files are written only under the lock: any found by the lock's holder were left by a killed writer. */
  private removeOrphans(): void {
    for (const name of readdirSync(this.dir)) {
      if (name.startsWith('.') && name.endsWith(TEMP_SUFFIX)) rmSync(join(this.dir, name), { force: true });
    }
  }

  /** File-system failures (permissions, a full disk) become `store/io`; anything else is a bug and is thrown. */
  private guard<T>(fn: () => Result<T, InputError>): Result<T, InputError> {
    try {
      return fn();
    } catch (e) {
      const code = errorCode(e);
      if (code === undefined) throw e;
      return err(storeError('store/io', `the save library at ${this.dir} failed: ${(e as Error).message}`));
    }
  }
}

function lockLost(dir: string): InputError {
  return storeError(
    'store/busy',
    `this process was held up so long that its lock on ${dir} was taken over; nothing was written`,
  );
}

/** What a listing may not print raw: control, line and paragraph separator, bidirectional and lone surrogate characters. */
const UNPRINTABLE = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]|\p{Cs}/u;

/** A summary or meta text as one printable line (the game's own texts already are; this keeps it so). */
function printable(text: string): string {
  // JavaScript callers may pass anything: what is not text is left for parseSave to refuse.
  if (typeof text !== 'string') return text;
  return text.replace(/\s+/g, ' ').replace(new RegExp(UNPRINTABLE.source, 'gu'), '\uFFFD').trim();
}

function printableMeta(meta: SaveMeta): SaveMeta {
  if (typeof meta !== 'object' || meta === null || Array.isArray(meta)) return meta;
  return Object.fromEntries(Object.entries(meta).map(([k, v]) => [k, typeof v === 'string' ? printable(v) : v]));
}

function damage(name: string, why: string): InputError {
  return storeError('store/damaged', `${name}: ${why}`);
}

/** The family of a damaged save, when its text still says it. */
function familyOf(name: string, dir: string): string | undefined {
  try {
    const v: unknown = JSON.parse(readFileSync(join(dir, name), 'utf8'));
    const game = typeof v === 'object' && v !== null ? (v as Record<string, unknown>)['game'] : undefined;
    const family = checkFamily(game);
    return family.ok ? family.value : undefined;
  } catch {
    return undefined;
  }
}

/** The file's text: fields in a fixed order, one per line, so a person can read and diff saves. */
export function formatSave(f: SaveFile): string {
  const ordered: SaveFile = {
    id: f.id,
    game: f.game,
    title: f.title,
    version: f.version,
    savedAt: f.savedAt,
    summary: f.summary,
    meta: f.meta,
    payload: f.payload,
  };
  return `${JSON.stringify(ordered, null, 2)}\n`;
}

/** A save file's text checked field by field; anything wrong makes it damaged, saying what and where. */
export function parseSave(name: string, text: string): Result<SaveFile, InputError> {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    const why = text.trim() === '' ? 'the file is empty' : `not valid JSON (${(e as Error).message})`;
    return err(damage(name, why));
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return err(damage(name, 'not a save (no JSON object)'));
  const o = v as Record<string, unknown>;
  for (const field of ['id', 'game', 'title', 'savedAt', 'summary', 'payload'] as const) {
    if (typeof o[field] !== 'string') return err(damage(name, `"${field}" is missing or not text`));
  }
  const { id, game, title, savedAt, summary, payload } = o as Record<string, string>;
  if (`${id}${SUFFIX}` !== name) {
    return err(damage(name, `its stored id ${quoteForMessage(id as string)} disagrees with its file name`));
  }
  const family = checkFamily(game);
  if (!family.ok) return err(damage(name, `"game": ${family.error.message}`));
  const clean = cleanTitle(title);
  if (!clean.ok || clean.value !== title) {
    return err(damage(name, `"title": ${clean.ok ? 'not one trimmed line' : clean.error.message}`));
  }
  // Saves written before versions were kept have none: they are at version 1.
  const version = o['version'] === undefined ? ok(1) : checkVersion(o['version']);
  if (!version.ok) return err(damage(name, `"version": ${version.error.message}`));
  const meta = o['meta'];
  if (!isSaveMeta(meta)) return err(damage(name, '"meta" is not an object of texts, numbers and true/false'));
  // (ours) What a listing prints is printable: a hand-made file cannot put a terminal escape on the screen.
  const shown: [string, string][] = [
    ['summary', summary as string],
    ['savedAt', savedAt as string],
    ...Object.entries(meta).flatMap(([k, v]): [string, string][] => (typeof v === 'string' ? [[`meta.${k}`, v]] : [])),
  ];
  for (const [field, text] of shown) {
    const bad = UNPRINTABLE.exec(text);
    if (bad) {
      const code = (bad[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');
      return err(damage(name, `"${field}" holds the control character U+${code}`));
    }
  }
  return ok({
    id: id as string,
    game: family.value,
    title: clean.value,
    version: version.value,
    savedAt: savedAt as string,
    summary: summary as string,
    meta,
    payload: payload as string,
  });
}
