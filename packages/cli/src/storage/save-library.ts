import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import {
  cleanTitle,
  err,
  inputError,
  ok,
  quoteForMessage,
  storeError,
  titleKey,
  type DamagedEntry,
  type InputError,
  type Result,
  hasCode,
} from '@tactica/core';
import { writeFileAtomic } from './atomic-write.js';
import { FileGameStore } from './file-game-store.js';
import type { LockOptions } from './library-lock.js';
import type { SaveEntry, SaveFile, SaveFiles, SaveMeta } from './save-files.js';
import { resolveReference, type ShownList } from './save-references.js';
import type { CliCode } from '../codes.js';

export type { SaveEntry, SaveFile } from './save-files.js';

/**
 * Named saved games as the game commands use them: any number, titles of any length, unique within a game,
 * listed, opened by reference (`save-references.ts`: a title, `#N`, or `N`), saved, saved as, renamed and deleted.
 * A view over the save directory (`save-files.ts`), which `store` also offers as a `GameStore`.
 *
 * No lost updates: a library remembers the version of every save it opened or wrote, and `save` over that save
 * writes only if it is still at that version. When another command changed it in between (two `export-orders` on
 * one game at once), the later write is refused with `store/stale-version` and the save keeps what the other wrote.
 */
export interface SaveInput {
  readonly title: string;
  readonly payload: string;
  readonly summary?: string;
  readonly meta?: SaveMeta;
}

/** Where saves live: `$TACTICA_HOME/saves`, else `~/.tactica/saves`. */
export function defaultSaveDir(): string {
  const home = process.env['TACTICA_HOME'] ?? join(homedir(), '.tactica');
  return join(home, 'saves');
}

export class SaveLibrary {
  /** The same directory as a `GameStore` (async, by id and version). */
  readonly store: FileGameStore;
  private readonly files: SaveFiles;
  /** Save id → the version this library last read or wrote. */
  private readonly known = new Map<string, number>();
  /** Game and title key → the id of the save this library last knew under that title. */
  private readonly knownTitles = new Map<string, string>();

  constructor(
    readonly dir: string = defaultSaveDir(),
    lockOptions: LockOptions = {},
  ) {
    this.store = new FileGameStore(dir, lockOptions);
    this.files = this.store.files;
  }

  /** Saves of one game (or all), in list order. Damaged files are in `damaged`. */
  list(game?: string): SaveEntry[] {
    const listing = this.files.listing(game);
    return listing.ok ? listing.value.saves.map(stripPayload) : [];
  }

  /**
   * The saves of a game as they are shown to a person, numbered from 1: the list is remembered (in the library, so
   * the next command finds it too), and `#N` or `N` name its entries until another list of the game is shown.
   */
  listShown(game: string): SaveEntry[] {
    const entries = this.list(game);
    const path = this.shownPath(game);
    if (path === undefined) return entries;
    try {
      mkdirSync(this.dir, { recursive: true, mode: 0o700 });
      const shown = entries.map((e) => ({ id: e.id, title: e.title }));
      writeFileAtomic(this.dir, `.shown-${game}.json`, `${JSON.stringify({ shown })}\n`);
    } catch {
      // A list that cannot be remembered must not leave an older one to answer for it.
      rmSync(path, { force: true });
    }
    return entries;
  }

  /** The list of a game last shown (`listShown`), if there is one and it reads. */
  private shown(game: string | undefined): ShownList | undefined {
    const path = game === undefined ? undefined : this.shownPath(game);
    if (path === undefined) return undefined;
    try {
      const v = JSON.parse(readFileSync(path, 'utf8')) as { shown?: unknown };
      if (!Array.isArray(v.shown)) return undefined;
      const list = v.shown.filter(
        (x): x is { id: string; title: string } =>
          typeof x === 'object' && x !== null && typeof x.id === 'string' && typeof x.title === 'string',
      );
      return list.length === v.shown.length ? list : undefined;
    } catch {
      return undefined;
    }
  }

  private shownPath(game: string): string | undefined {
    // The family names the file: only a plain family id may.
    return /^[a-z0-9][a-z0-9-]{0,39}$/.test(game) ? join(this.dir, `.shown-${game}.json`) : undefined;
  }

  /**
   * Files that should be saves of this game (or any) but cannot be read, each with its file name and why; the
   * directory itself (`store/io`) when it cannot be listed.
   */
  damaged(game?: string): DamagedEntry[] {
    const listing = this.files.listing(game);
    if (listing.ok) return [...listing.value.damaged];
    return [{ name: this.dir, error: listing.error }];
  }

  /** One line per damaged save file, for listings: `damaged save <path>: <why>`. */
  damagedLines(game?: string): string[] {
    return this.damaged(game).map((d) => `damaged save ${join(this.dir, d.name)}: ${d.error.message}`);
  }

  /** The save a reference names (a title, `#N`, `N`, or an id). */
  find(ref: string, game?: string): Result<SaveEntry, InputError> {
    const listing = this.files.listing(game);
    if (!listing.ok) return listing;
    const found = resolveReference(listing.value.saves, ref, this.shown(game));
    return found.ok ? ok(stripPayload(found.value)) : this.withDamaged(found, listing.value.damaged);
  }

  open(ref: string, game?: string): Result<SaveFile, InputError> {
    const listing = this.files.listing(game);
    if (!listing.ok) return listing;
    const found = resolveReference(listing.value.saves, ref, this.shown(game));
    if (found.ok) this.remember(found.value);
    return found.ok ? found : this.withDamaged(found, listing.value.damaged);
  }

  /**
   * A save not found while some files of the game cannot be read: the one wanted may be among them, so the error
   * names them (the first three) and why they cannot be read.
   */
  private withDamaged(
    notFound: Result<never, InputError>,
    damaged: readonly DamagedEntry[],
  ): Result<never, InputError> {
    if (notFound.ok || !hasCode<CliCode>(notFound.error, 'save/not-found') || damaged.length === 0) return notFound;
    const why = (d: DamagedEntry): string =>
      d.error.message.startsWith(`${d.name}: `) ? d.error.message.slice(d.name.length + 2) : d.error.message;
    const shown = damaged.slice(0, 3).map((d) => `${join(this.dir, d.name)} (${why(d)})`);
    const more = damaged.length > 3 ? ` and ${damaged.length - 3} more` : '';
    const files = damaged.length === 1 ? 'a save file cannot be read' : `${damaged.length} save files cannot be read`;
    return err({ ...notFound.error, message: `${notFound.error.message}; ${files}: ${shown.join(', ')}${more}` });
  }

  /** The save with this id (from `list`), never by title or number. */
  openId(id: string, game?: string): Result<SaveFile, InputError> {
    const listing = this.files.listing(game);
    if (!listing.ok) return listing;
    const found = listing.value.saves.find((s) => s.id === id);
    if (!found) return err(inputError('save/not-found', `no save has the id ${quoteForMessage(id)}`));
    this.remember(found);
    return ok(found);
  }

  /** A new save; refused with `store/title-taken` when a save of the game has the title. */
  saveAs(game: string, input: SaveInput): Result<SaveEntry, InputError> {
    const made = this.files.create({
      game,
      title: input.title,
      summary: input.summary ?? '',
      meta: input.meta ?? {},
      payload: input.payload,
    });
    if (!made.ok) return made;
    this.remember(made.value);
    return ok(stripPayload(made.value));
  }

  /**
   * Saves under a title: replaces the save of the game with that title, or makes one. A save this library opened
   * or wrote is replaced only if no other command has written it since (else `store/stale-version`).
   */
  save(game: string, input: SaveInput): Result<SaveEntry, InputError> {
    const title = cleanTitle(input.title);
    if (!title.ok) return title;
    const key = titleKey(title.value);
    const written = this.files.transact((w) => {
      const same = w.listing(game).saves.filter((s) => titleKey(s.title) === key);
      if (same.length > 1) {
        // Only saves made before titles were unique can share one.
        return err(
          inputError(
            'save/ambiguous',
            `${same.length} saves are titled ${quoteForMessage(title.value)}: rename all but one`,
          ),
        );
      }
      const existing = same[0];
      if (!existing) {
        return w.create({
          game,
          title: title.value,
          summary: input.summary ?? '',
          meta: input.meta ?? {},
          payload: input.payload,
        });
      }
      const knownVersion = this.known.get(existing.id);
      const knownId = this.knownTitles.get(`${game}\n${key}`);
      if (knownVersion === undefined && knownId !== undefined && knownId !== existing.id) {
        // The save this library had under the title was renamed or deleted, and another took the title.
        return err(
          storeError(
            'store/stale-version',
            `the save titled ${quoteForMessage(title.value)} is not the one opened here: another command replaced ` +
              'it; nothing was written',
          ),
        );
      }
      return w.update(existing.id, {
        expectedVersion: knownVersion ?? existing.version,
        payload: input.payload,
        ...(input.summary === undefined ? {} : { summary: input.summary }),
        ...(input.meta === undefined ? {} : { meta: input.meta }),
      });
    });
    if (!written.ok) return written;
    this.remember(written.value, written.value.version - 1);
    return ok(stripPayload(written.value));
  }

  /**
   * `save` from a person's command: a title that another save has, one this library did not open or write (another
   * game), is replaced only after `confirm` agrees (`mayReplace`). Answers `undefined` when declined.
   */
  async saveAsking(
    game: string,
    input: SaveInput,
    confirm: (replaced: SaveEntry) => Promise<boolean>,
  ): Promise<Result<SaveEntry | undefined, InputError>> {
    const agreed = await this.mayReplace(game, input.title, confirm);
    if (!agreed.ok) return agreed;
    return agreed.value ? this.save(game, input) : ok(undefined);
  }

  /**
   * Before `save` under `title`: when another save has that title, one this library did not open or write (another
   * game), asks `confirm`, given that save so that the question names it. Answers whether the save may go ahead;
   * once agreed, the save below must still be as it was when asked (else `save` answers `store/stale-version`).
   * **(ours)** Saving one's own game again under its title asks nothing.
   */
  async mayReplace(
    game: string,
    title: string,
    confirm: (replaced: SaveEntry) => Promise<boolean>,
  ): Promise<Result<boolean, InputError>> {
    const clean = cleanTitle(title);
    if (!clean.ok) return clean;
    const listing = this.files.listing(game);
    if (!listing.ok) return listing;
    const key = titleKey(clean.value);
    const existing = listing.value.saves.find((s) => titleKey(s.title) === key);
    if (!existing || this.known.has(existing.id)) return ok(true);
    if (!(await confirm(stripPayload(existing)))) return ok(false);
    this.known.set(existing.id, existing.version);
    this.knownTitles.set(`${game}\n${key}`, existing.id);
    return ok(true);
  }

  /** Renames a save; refused with `store/title-taken` when another save of the game has the new title. */
  rename(ref: string, newTitle: string, game?: string): Result<SaveEntry, InputError> {
    const renamed = this.files.transact((w) => {
      const found = resolveReference(w.listing(game).saves, ref, this.shown(game));
      if (!found.ok) return found;
      return w.update(found.value.id, { expectedVersion: found.value.version, title: newTitle });
    });
    if (!renamed.ok) return renamed;
    this.remember(renamed.value, renamed.value.version - 1);
    return ok(stripPayload(renamed.value));
  }

  /**
   * Renames a save onto a title another save of the game has, replacing that save, after `confirm` agrees (given
   * the save to be replaced, so the question names it). Without another save of that title it is a plain rename.
   * Both saves must be as they were when the question was asked (else `store/stale-version`, and nothing changes).
   * Answers `undefined` when declined. **(ours)** The replaced save is deleted first, then the rename written, under
   * one hold of the lock: no other command sees the title free in between.
   */
  async renameReplacing(
    ref: string,
    newTitle: string,
    game: string,
    confirm: (replaced: SaveEntry, renamed: SaveEntry) => Promise<boolean>,
  ): Promise<Result<{ renamed: SaveEntry; replaced?: SaveEntry } | undefined, InputError>> {
    const title = cleanTitle(newTitle);
    if (!title.ok) return title;
    const listing = this.files.listing(game);
    if (!listing.ok) return listing;
    const found = resolveReference(listing.value.saves, ref, this.shown(game));
    if (!found.ok) return found;
    const source = found.value;
    const target = listing.value.saves.find((s) => s.id !== source.id && titleKey(s.title) === titleKey(title.value));
    if (!target) {
      const renamed = this.files.update(source.id, { expectedVersion: source.version, title: title.value });
      if (!renamed.ok) return renamed;
      this.remember(renamed.value, renamed.value.version - 1);
      return ok({ renamed: stripPayload(renamed.value) });
    }
    if (!(await confirm(stripPayload(target), stripPayload(source)))) return ok(undefined);
    const done = this.files.transact((w) => {
      const now = w.listing(game).saves;
      const s = now.find((e) => e.id === source.id);
      const t = now.find((e) => e.id === target.id);
      if (!s || !t || s.version !== source.version || t.version !== target.version) {
        return err(
          storeError(
            'store/stale-version',
            'another command changed these saves while you were asked; nothing was changed',
          ),
        );
      }
      const removed = w.remove(t.id, t.version);
      if (!removed.ok) return removed;
      const renamed = w.update(s.id, { expectedVersion: s.version, title: title.value });
      return renamed.ok ? ok({ renamed: renamed.value, replaced: removed.value }) : renamed;
    });
    if (!done.ok) return done;
    this.known.delete(done.value.replaced.id);
    this.remember(done.value.renamed, done.value.renamed.version - 1);
    return ok({ renamed: stripPayload(done.value.renamed), replaced: stripPayload(done.value.replaced) });
  }

  remove(ref: string, game?: string): Result<SaveEntry, InputError> {
    const removed = this.files.transact((w) => {
      const found = resolveReference(w.listing(game).saves, ref, this.shown(game));
      return found.ok ? w.remove(found.value.id, found.value.version) : found;
    });
    if (!removed.ok) return removed;
    this.known.delete(removed.value.id);
    return ok(stripPayload(removed.value));
  }

  /**
   * Deletes a save after `confirm` agrees (given the save, so the question names its title). Answers `undefined`
   * when declined, and `store/stale-version` when the save changed while the question was open.
   */
  async removeConfirmed(
    ref: string,
    game: string | undefined,
    confirm: (entry: SaveEntry) => Promise<boolean>,
  ): Promise<Result<SaveEntry | undefined, InputError>> {
    const found = this.find(ref, game);
    if (!found.ok) return found;
    if (!(await confirm(found.value))) return ok(undefined);
    const removed = this.files.remove(found.value.id, found.value.version);
    if (!removed.ok) return removed;
    this.known.delete(removed.value.id);
    return ok(stripPayload(removed.value));
  }

  /**
   * Records what this library has seen of a save. After a write from version `from`, a save last seen at another
   * version stays at that version: what another command wrote in between has not been seen here.
   */
  private remember(file: SaveEntry, from?: number): void {
    const seen = this.known.get(file.id);
    if (from === undefined || seen === undefined || seen === from) this.known.set(file.id, file.version);
    this.knownTitles.set(`${file.game}\n${titleKey(file.title)}`, file.id);
  }
}

function stripPayload(f: SaveFile): SaveEntry {
  return {
    id: f.id,
    game: f.game,
    title: f.title,
    version: f.version,
    savedAt: f.savedAt,
    summary: f.summary,
    meta: f.meta,
  };
}
