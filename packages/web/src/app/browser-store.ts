/**
 * Saved games in the browser: the platform's `GameStore` over Web Storage (`localStorage`), one key per save
 * (`tactica:save:<id>`), each written whole by one `setItem`. An entry that cannot be read (a hand edit, a quota
 * cut, another program's key) is listed as damaged with its key and the reason, and never opened or overwritten:
 * the other saves stay as they were. Runs the store conformance kit (browser-store.test.ts).
 */
import {
  checkFamily,
  checkVersion,
  cleanTitle,
  compareEntries,
  defaultTitle,
  err,
  ok,
  staleVersionError,
  storeError,
  titleKey,
  titleTakenError,
  type DamagedEntry,
  type GameStore,
  type InputError,
  type JsonValue,
  type Result,
  type StoredEntry,
  type StoredGame,
  type StoreListing,
} from '@tactica/core';

/** As much of Web Storage as the store uses. */
export interface KeyValueStorage {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const SAVE_PREFIX = 'tactica:save:';
const ID = /^[a-z0-9][a-z0-9_-]{0,63}$/;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

type Read =
  { readonly ok: true; readonly game: StoredGame<JsonValue> } | { readonly ok: false; readonly damaged: DamagedEntry };

function damaged(key: string, problem: string, family?: string): Read {
  return {
    ok: false,
    damaged: {
      name: key,
      ...(family !== undefined ? { family } : {}),
      error: storeError('store/damaged', `${key}: ${problem}`, { input: key }),
    },
  };
}

function newId(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

export class WebStorageGameStore implements GameStore<JsonValue> {
  constructor(private readonly storage: KeyValueStorage) {}

  private keys(): string[] {
    const out: string[] = [];
    for (let i = 0; i < this.storage.length; i++) {
      const k = this.storage.key(i);
      if (k !== null && k.startsWith(SAVE_PREFIX)) out.push(k);
    }
    return out;
  }

  private read(key: string): Read {
    let text: string | null;
    try {
      text = this.storage.getItem(key);
    } catch (e) {
      return damaged(key, `cannot be read: ${(e as Error).message}`);
    }
    if (text === null) return damaged(key, 'is gone');
    let v: unknown;
    try {
      v = JSON.parse(text) as unknown;
    } catch {
      return damaged(key, 'is not JSON (cut short or edited)');
    }
    if (!isRecord(v)) return damaged(key, 'is not a saved game');
    const family = typeof v['family'] === 'string' ? v['family'] : undefined;
    const id = key.slice(SAVE_PREFIX.length);
    if (v['id'] !== id) return damaged(key, 'names another id than its key (a copy or an edit)', family);
    if (!checkFamily(v['family']).ok) return damaged(key, 'has no game family');
    const title = cleanTitle(v['title']);
    if (!title.ok || title.value !== v['title']) return damaged(key, 'has no valid title', family);
    if (typeof v['summary'] !== 'string') return damaged(key, 'has no summary', family);
    const version = v['version'];
    if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 1) {
      return damaged(key, 'has no valid version', family);
    }
    if (typeof v['savedAt'] !== 'string' || Number.isNaN(Date.parse(v['savedAt']))) {
      return damaged(key, 'has no valid time', family);
    }
    if (!('doc' in v)) return damaged(key, 'has no game in it', family);
    return {
      ok: true,
      game: {
        id,
        family: v['family'] as string,
        title: title.value,
        summary: v['summary'],
        version,
        savedAt: v['savedAt'],
        doc: v['doc'] as JsonValue,
      },
    };
  }

  private all(): { games: StoredGame<JsonValue>[]; damaged: DamagedEntry[] } {
    const games: StoredGame<JsonValue>[] = [];
    const bad: DamagedEntry[] = [];
    for (const k of this.keys()) {
      const r = this.read(k);
      if (r.ok) games.push(r.game);
      else bad.push(r.damaged);
    }
    return { games, damaged: bad };
  }

  private write(game: StoredGame<JsonValue>): Result<StoredEntry, InputError> {
    try {
      this.storage.setItem(SAVE_PREFIX + game.id, JSON.stringify(game));
    } catch (e) {
      return err(storeError('store/io', `the browser would not keep the save: ${(e as Error).message}`));
    }
    const { doc: _doc, ...entry } = game;
    return ok(entry);
  }

  private taken(family: string, except?: string): (key: string) => boolean {
    const keys = new Set(
      this.all()
        .games.filter((g) => g.family === family && g.id !== except)
        .map((g) => titleKey(g.title)),
    );
    return (k) => keys.has(k);
  }

  private checkDoc(doc: unknown): Result<JsonValue, InputError> {
    try {
      return ok(JSON.parse(JSON.stringify(doc)) as JsonValue);
    } catch {
      return err(storeError('store/bad-doc', 'the game is not JSON'));
    }
  }

  async create(input: {
    family: string;
    title?: string;
    summary: string;
    doc: JsonValue;
  }): Promise<Result<StoredEntry, InputError>> {
    const family = checkFamily(input.family);
    if (!family.ok) return family;
    const doc = this.checkDoc(input.doc);
    if (!doc.ok) return doc;
    const taken = this.taken(family.value);
    let title: string;
    if (input.title === undefined) title = defaultTitle(taken);
    else {
      const t = cleanTitle(input.title);
      if (!t.ok) return t;
      title = t.value;
      if (taken(titleKey(title))) return err(titleTakenError(family.value, title));
    }
    return this.write({
      id: newId(),
      family: family.value,
      title,
      summary: String(input.summary).replace(/\s+/g, ' ').trim(),
      version: 1,
      savedAt: new Date().toISOString(),
      doc: doc.value,
    });
  }

  private find(id: string): Result<StoredGame<JsonValue>, InputError> {
    if (typeof id !== 'string' || !ID.test(id))
      return err(storeError('store/bad-id', `"${String(id)}" is not a save id`));
    const key = SAVE_PREFIX + id;
    if (this.storage.getItem(key) === null) return err(storeError('store/not-found', `no save ${id}`));
    const r = this.read(key);
    return r.ok ? ok(r.game) : err(r.damaged.error);
  }

  async load(id: string): Promise<Result<StoredGame<JsonValue>, InputError>> {
    return this.find(id);
  }

  async list(filter: { readonly family?: string } = {}): Promise<Result<StoreListing, InputError>> {
    const { games, damaged: bad } = this.all();
    // A damaged entry whose family could not be read is shown in every list, so it is never lost from sight.
    const keep = <T extends { family?: string }>(x: T): boolean =>
      filter.family === undefined || x.family === undefined || x.family === filter.family;
    return ok({
      games: games
        .filter(keep)
        .map(({ doc: _d, ...e }) => e)
        .sort(compareEntries),
      damaged: bad.filter(keep),
    });
  }

  async update(
    id: string,
    input: { expectedVersion: number; doc: JsonValue; summary?: string; title?: string },
  ): Promise<Result<StoredEntry, InputError>> {
    const expected = checkVersion(input.expectedVersion);
    if (!expected.ok) return expected;
    const found = this.find(id);
    if (!found.ok) return found;
    const game = found.value;
    if (input.expectedVersion !== game.version) {
      return err(staleVersionError(game.title, game.version, input.expectedVersion));
    }
    const doc = this.checkDoc(input.doc);
    if (!doc.ok) return doc;
    let title = game.title;
    if (input.title !== undefined) {
      const t = cleanTitle(input.title);
      if (!t.ok) return t;
      if (titleKey(t.value) !== titleKey(game.title) && this.taken(game.family, id)(titleKey(t.value))) {
        return err(titleTakenError(game.family, t.value));
      }
      title = t.value;
    }
    return this.write({
      ...game,
      title,
      summary: input.summary !== undefined ? String(input.summary).replace(/\s+/g, ' ').trim() : game.summary,
      version: game.version + 1,
      savedAt: new Date().toISOString(),
      doc: doc.value,
    });
  }

  async delete(id: string, options: { expectedVersion?: number } = {}): Promise<Result<StoredEntry, InputError>> {
    if (options.expectedVersion !== undefined) {
      const expected = checkVersion(options.expectedVersion);
      if (!expected.ok) return expected;
    }
    const found = this.find(id);
    if (!found.ok) return found;
    const game = found.value;
    if (options.expectedVersion !== undefined && options.expectedVersion !== game.version) {
      return err(staleVersionError(game.title, game.version, options.expectedVersion));
    }
    this.storage.removeItem(SAVE_PREFIX + id);
    const { doc: _doc, ...entry } = game;
    return ok(entry);
  }
}
