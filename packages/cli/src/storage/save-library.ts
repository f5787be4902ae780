import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { err, inputError, ok, type InputError, type Result } from '@tactica/core';

/**
 * Named saved games: any number, titles of any length, listed, opened by number or title, saved, saved as,
 * renamed and deleted. One JSON file per save in a directory; every write goes to a temporary file first and is
 * renamed into place, so an interrupted write never loses or corrupts an existing save.
 */
export interface SaveEntry {
  readonly id: string;
  /** The game family (`force400`, `tactorus`, …). */
  readonly game: string;
  readonly title: string;
  /** ISO time of the last write. */
  readonly savedAt: string;
  /** One line about the state: `move 14, Black to move`, `round 7`. */
  readonly summary: string;
  /** Game-specific facts to list or restore (computer level, round reached, e-mail role…). */
  readonly meta: Readonly<Record<string, string | number | boolean>>;
}

export interface SaveFile extends SaveEntry {
  /** The game's own save text (a record, an export…), opaque to the library. */
  readonly payload: string;
}

export interface SaveInput {
  readonly title: string;
  readonly payload: string;
  readonly summary?: string;
  readonly meta?: Readonly<Record<string, string | number | boolean>>;
}

/** Where saves live: `$TACTICA_HOME/saves`, else `~/.tactica/saves`. */
export function defaultSaveDir(): string {
  const home = process.env['TACTICA_HOME'] ?? join(homedir(), '.tactica');
  return join(home, 'saves');
}

export class SaveLibrary {
  constructor(readonly dir: string = defaultSaveDir()) {}

  /** Saves of one game (or all), in list order: by title, then newest first. Unreadable files are skipped. */
  list(game?: string): SaveEntry[] {
    return this.readAll()
      .filter((s) => game === undefined || s.game === game)
      .sort((a, b) => a.title.localeCompare(b.title) || b.savedAt.localeCompare(a.savedAt))
      .map(stripPayload);
  }

  /** A new save, even when the title is taken ("save as"). */
  saveAs(game: string, input: SaveInput): Result<SaveEntry, InputError> {
    const title = cleanTitle(input.title);
    if (!title.ok) return title;
    const file: SaveFile = {
      id: randomUUID(),
      game,
      title: title.value,
      savedAt: new Date().toISOString(),
      summary: input.summary ?? '',
      meta: input.meta ?? {},
      payload: input.payload,
    };
    this.write(file);
    return ok(stripPayload(file));
  }

  /** Saves under a title: overwrites the one save of that game with that title, or makes a new one. */
  save(game: string, input: SaveInput): Result<SaveEntry, InputError> {
    const title = cleanTitle(input.title);
    if (!title.ok) return title;
    const existing = this.readAll().filter((s) => s.game === game && sameTitle(s.title, title.value));
    if (existing.length > 1) {
      return err(inputError('save/ambiguous', `${existing.length} saves are titled "${title.value}"; use save as`));
    }
    const first = existing[0];
    if (!first) return this.saveAs(game, input);
    const file: SaveFile = {
      ...first,
      savedAt: new Date().toISOString(),
      summary: input.summary ?? first.summary,
      meta: input.meta ?? first.meta,
      payload: input.payload,
    };
    this.write(file);
    return ok(stripPayload(file));
  }

  /** Finds a save by its number in `list(game)` (1-based), its title, or its id. */
  open(ref: string, game?: string): Result<SaveFile, InputError> {
    const found = this.find(ref, game);
    if (!found.ok) return found;
    const file = this.readOne(found.value.id);
    return file ? ok(file) : err(inputError('save/unreadable', `the save "${found.value.title}" cannot be read`));
  }

  rename(ref: string, newTitle: string, game?: string): Result<SaveEntry, InputError> {
    const title = cleanTitle(newTitle);
    if (!title.ok) return title;
    const found = this.open(ref, game);
    if (!found.ok) return found;
    const file = { ...found.value, title: title.value };
    this.write(file);
    return ok(stripPayload(file));
  }

  remove(ref: string, game?: string): Result<SaveEntry, InputError> {
    const found = this.find(ref, game);
    if (!found.ok) return found;
    rmSync(this.pathOf(found.value.id), { force: true });
    return ok(found.value);
  }

  private find(ref: string, game?: string): Result<SaveEntry, InputError> {
    const entries = this.list(game);
    const key = ref.trim();
    if (/^\d+$/.test(key)) {
      const byNumber = entries[Number(key) - 1];
      if (byNumber) return ok(byNumber);
    }
    const byTitle = entries.filter((e) => sameTitle(e.title, key));
    if (byTitle.length === 1 && byTitle[0]) return ok(byTitle[0]);
    if (byTitle.length > 1) {
      return err(inputError('save/ambiguous', `${byTitle.length} saves are titled "${key}"; open one by its number`));
    }
    const byId = entries.find((e) => e.id === key);
    if (byId) return ok(byId);
    return err(inputError('save/not-found', `no save numbered or titled "${key}"`, { input: key }));
  }

  private pathOf(id: string): string {
    return join(this.dir, `${id}.json`);
  }

  private write(file: SaveFile): void {
    mkdirSync(this.dir, { recursive: true });
    const tmp = join(this.dir, `.${file.id}.${process.pid}.tmp`);
    writeFileSync(tmp, `${JSON.stringify(file, null, 2)}\n`, 'utf8');
    renameSync(tmp, this.pathOf(file.id));
  }

  private readAll(): SaveFile[] {
    let names: string[];
    try {
      names = readdirSync(this.dir);
    } catch {
      return [];
    }
    const files: SaveFile[] = [];
    for (const name of names) {
      if (!name.endsWith('.json') || name.startsWith('.')) continue;
      const file = this.readOne(name.slice(0, -'.json'.length));
      if (file) files.push(file);
    }
    return files;
  }

  private readOne(id: string): SaveFile | undefined {
    try {
      const data: unknown = JSON.parse(readFileSync(this.pathOf(id), 'utf8'));
      return isSaveFile(data) ? data : undefined;
    } catch {
      return undefined;
    }
  }
}

function stripPayload(f: SaveFile): SaveEntry {
  return { id: f.id, game: f.game, title: f.title, savedAt: f.savedAt, summary: f.summary, meta: f.meta };
}

function sameTitle(a: string, b: string): boolean {
  return a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;
}

function cleanTitle(title: string): Result<string, InputError> {
  // Titles are one line: line breaks would break listings. Any length otherwise.
  const t = title.replace(/\s+/g, ' ').trim();
  if (!t) return err(inputError('save/empty-title', 'a save needs a title'));
  return ok(t);
}

function isSaveFile(v: unknown): v is SaveFile {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return (
    typeof o['id'] === 'string' &&
    typeof o['game'] === 'string' &&
    typeof o['title'] === 'string' &&
    typeof o['savedAt'] === 'string' &&
    typeof o['summary'] === 'string' &&
    typeof o['payload'] === 'string' &&
    typeof o['meta'] === 'object' &&
    o['meta'] !== null
  );
}
