import {
  err,
  ok,
  storeError,
  type CreateInput,
  type DeleteOptions,
  type GameStore,
  type InputError,
  type Result,
  type StoredEntry,
  type StoredGame,
  type StoreListing,
  type UpdateInput,
} from '@tactica/core';
import type { LockOptions } from './library-lock.js';
import { isSaveMeta, SaveFiles, type SaveEntry, type SaveFile, type SaveMeta } from './save-files.js';

/** What the file store keeps of a game: the game's own save text and the facts its listing shows. */
export type SaveDoc = {
  readonly payload: string;
  readonly meta: SaveMeta;
};

/**
 * The save directory as a `GameStore`: the first implementation of the storage interface, the one the command
 * line uses. The file operations are synchronous (the CLI's `SaveLibrary` calls them directly); here they are
 * wrapped in promises.
 */
export class FileGameStore implements GameStore<SaveDoc> {
  readonly files: SaveFiles;

  constructor(dir: string, lockOptions: LockOptions = {}) {
    this.files = new SaveFiles(dir, lockOptions);
  }

  get dir(): string {
    return this.files.dir;
  }

  async create(input: CreateInput<SaveDoc>): Promise<Result<StoredEntry, InputError>> {
    const doc = checkDoc(input.doc);
    if (!doc.ok) return doc;
    const made = this.files.create({
      game: input.family,
      ...(input.title === undefined ? {} : { title: input.title }),
      summary: input.summary,
      ...doc.value,
    });
    return made.ok ? ok(entryOf(made.value)) : made;
  }

  async load(id: string): Promise<Result<StoredGame<SaveDoc>, InputError>> {
    const read = this.files.read(id);
    if (!read.ok) return read;
    return ok({ ...entryOf(read.value), doc: { payload: read.value.payload, meta: read.value.meta } });
  }

  async list(filter: { readonly family?: string } = {}): Promise<Result<StoreListing, InputError>> {
    const listing = this.files.listing(filter.family);
    if (!listing.ok) return listing;
    return ok({ games: listing.value.saves.map(entryOf), damaged: listing.value.damaged });
  }

  async update(id: string, input: UpdateInput<SaveDoc>): Promise<Result<StoredEntry, InputError>> {
    const doc = checkDoc(input.doc);
    if (!doc.ok) return doc;
    const changed = this.files.update(id, {
      expectedVersion: input.expectedVersion,
      ...(input.title === undefined ? {} : { title: input.title }),
      ...(input.summary === undefined ? {} : { summary: input.summary }),
      ...doc.value,
    });
    return changed.ok ? ok(entryOf(changed.value)) : changed;
  }

  async delete(id: string, options: DeleteOptions = {}): Promise<Result<StoredEntry, InputError>> {
    const gone = this.files.remove(id, options.expectedVersion);
    return gone.ok ? ok(entryOf(gone.value)) : gone;
  }
}

function entryOf(f: SaveEntry | SaveFile): StoredEntry {
  return { id: f.id, family: f.game, title: f.title, summary: f.summary, version: f.version, savedAt: f.savedAt };
}

/** Callers may bypass the types (JSON from elsewhere): the document is checked before anything is written. */
function checkDoc(doc: unknown): Result<SaveDoc, InputError> {
  const o = typeof doc === 'object' && doc !== null ? (doc as Record<string, unknown>) : {};
  const { payload, meta } = o;
  if (typeof payload === 'string' && isSaveMeta(meta)) return ok({ payload, meta });
  return err(
    storeError('store/bad-doc', 'a saved game is { payload: text, meta: { name: text, finite number or true/false } }'),
  );
}
