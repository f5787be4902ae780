/**
 * The `GameStore` of the platform layer on the server's database (SQLite or PostgreSQL): a library of saved games
 * per owner. Every change is one statement or one transaction that checks what it changes (a unique index for
 * titles, the version in the `WHERE` of an update), so two requests racing on one save or one title end with one
 * winner and a coded refusal — the same behaviour as the file store, checked by the same conformance kit.
 */
import { randomUUID } from 'node:crypto';
import {
  checkFamily,
  checkVersion,
  cleanTitle,
  compareEntries,
  defaultTitle,
  err,
  inputError,
  ok,
  quoteForMessage,
  staleVersionError,
  storeError,
  titleKey,
  titleTakenError,
  type CreateInput,
  type DamagedEntry,
  type DeleteOptions,
  type GameStore,
  type InputError,
  type JsonValue,
  type Result,
  type StoredEntry,
  type StoredGame,
  type StoreListing,
  type UpdateInput,
} from '@tactica/core';
import { sql, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../db/database.js';
import type { SavesTable, Schema } from '../db/schema.js';

const ID = /^[a-f0-9-]{36}$/;
/** A document is JSON of at most this many characters (a long Tactorus game is some tens of kilobytes). */
const MAX_DOC = 4_000_000;

/** How much one owner's library may hold; a write that would go over is refused with `store/quota`. */
export interface StoreQuota {
  /** Saves. */
  readonly count: number;
  /** Bytes of documents (UTF-8 JSON), all saves together. */
  readonly bytes: number;
}

function quotaError(what: string): InputError {
  return inputError('store/quota', `your library is full: ${what}; delete saves you no longer need`);
}

function entryOf(
  row: Pick<Selectable<SavesTable>, 'id' | 'family' | 'title' | 'summary' | 'version' | 'saved_at'>,
): StoredEntry {
  return {
    id: row.id,
    family: row.family,
    title: row.title,
    summary: row.summary,
    version: row.version,
    savedAt: row.saved_at,
  };
}

function isUniqueViolation(e: unknown): boolean {
  return /unique|duplicate/i.test(String((e as Error)?.message));
}

function checkDoc(doc: unknown): Result<string, InputError> {
  let text: string | undefined;
  try {
    text = JSON.stringify(doc);
  } catch {
    text = undefined;
  }
  if (text === undefined) return err(storeError('store/bad-doc', 'a saved document is JSON'));
  if (text.length > MAX_DOC)
    return err(storeError('store/bad-doc', `a saved document is at most ${MAX_DOC} characters`));
  return ok(text);
}

function checkId(id: unknown): Result<string, InputError> {
  if (typeof id === 'string' && ID.test(id)) return ok(id);
  return err(storeError('store/bad-id', `not a save id: ${typeof id === 'string' ? quoteForMessage(id) : String(id)}`));
}

function checkSummary(summary: unknown): string {
  return typeof summary === 'string' ? summary : '';
}

/** A row whose document no longer reads (a garbled write, a hand edit) is damaged: listed, never changed. */
function damaged(row: { id: string; doc: string }): InputError | undefined {
  try {
    JSON.parse(row.doc);
    return undefined;
  } catch (e) {
    return storeError('store/damaged', `save ${row.id} is damaged: ${(e as Error).message}`);
  }
}

export class DbGameStore<D extends JsonValue = JsonValue> implements GameStore<D> {
  constructor(
    private readonly database: Database,
    /** Whose library: a user id, or '' for the server's own. */
    private readonly owner: string,
    private readonly now: () => number = Date.now,
    /** None: no limit (the server's own library, the conformance kit). */
    private readonly quota?: StoreQuota,
  ) {}

  /**
   * Refuses a write that would take the library over its quota: `adding` saves more, its documents `bytes` larger.
   * Run inside the write's transaction, after the owner's lock (`lockOwner`), so racing writes count each other.
   */
  private async checkQuota(tx: Transaction<Schema>, adding: number, bytes: number): Promise<InputError | undefined> {
    const q = this.quota;
    if (!q) return undefined;
    const row = await tx
      .selectFrom('saves')
      .select((eb) => [
        eb.fn.countAll<number | string>().as('n'),
        eb.fn.sum<number | string | null>('doc_bytes').as('b'),
      ])
      .where('owner', '=', this.owner)
      .executeTakeFirst();
    const count = Number(row?.n ?? 0) + adding;
    const total = Number(row?.b ?? 0) + bytes;
    if (adding > 0 && count > q.count) return quotaError(`at most ${q.count} saves`);
    if (bytes > 0 && total > q.bytes) return quotaError(`at most ${q.bytes} bytes of saved games`);
    return undefined;
  }

  /**
   * Serialises one owner's writes that the quota counts: SQLite runs one transaction at a time already; PostgreSQL
   * takes a lock on the owner for the transaction (two concurrent inserts would otherwise both see room for one).
   */
  private async lockOwner(tx: Transaction<Schema>): Promise<void> {
    if (this.database.dialect !== 'postgres') return;
    await sql`select pg_advisory_xact_lock(hashtext(${`saves:${this.owner}`}))`.execute(tx);
  }

  private get db() {
    return this.database.db;
  }

  private io(e: unknown): Result<never, InputError> {
    return err(storeError('store/io', `the database failed: ${(e as Error)?.message ?? String(e)}`));
  }

  async create(input: CreateInput<D>): Promise<Result<StoredEntry, InputError>> {
    const family = checkFamily(input?.family);
    if (!family.ok) return family;
    const doc = checkDoc(input.doc);
    if (!doc.ok) return doc;
    let title: string;
    if (input.title === undefined) {
      const taken = await this.db
        .selectFrom('saves')
        .select('title_key')
        .where('owner', '=', this.owner)
        .where('family', '=', family.value)
        .execute();
      const keys = new Set(taken.map((r) => r.title_key));
      title = defaultTitle((k) => keys.has(k));
    } else {
      const clean = cleanTitle(input.title);
      if (!clean.ok) return clean;
      title = clean.value;
    }
    const row = {
      id: randomUUID(),
      owner: this.owner,
      family: family.value,
      title,
      title_key: titleKey(title),
      summary: checkSummary(input.summary),
      version: 1,
      saved_at: new Date(this.now()).toISOString(),
      doc: doc.value,
      doc_bytes: Buffer.byteLength(doc.value),
    };
    try {
      const full = await this.database.transaction(async (tx) => {
        await this.lockOwner(tx);
        const over = await this.checkQuota(tx, 1, row.doc_bytes);
        if (!over) await tx.insertInto('saves').values(row).execute();
        return over;
      });
      if (full) return err(full);
    } catch (e) {
      // The unique index is what makes "the title is free, then create" one step.
      if (isUniqueViolation(e)) return err(titleTakenError(family.value, title));
      return this.io(e);
    }
    return ok(entryOf(row));
  }

  async load(id: string): Promise<Result<StoredGame<D>, InputError>> {
    const checked = checkId(id);
    if (!checked.ok) return checked;
    const row = await this.db
      .selectFrom('saves')
      .selectAll()
      .where('id', '=', checked.value)
      .where('owner', '=', this.owner)
      .executeTakeFirst();
    if (!row) return err(storeError('store/not-found', `no save ${quoteForMessage(id)}`));
    const broken = damaged(row);
    if (broken) return err(broken);
    return ok({ ...entryOf(row), doc: JSON.parse(row.doc) as D });
  }

  async list(filter: { readonly family?: string } = {}): Promise<Result<StoreListing, InputError>> {
    if (filter.family !== undefined) {
      const family = checkFamily(filter.family);
      if (!family.ok) return family;
    }
    let q = this.db.selectFrom('saves').selectAll().where('owner', '=', this.owner);
    if (filter.family !== undefined) q = q.where('family', '=', filter.family);
    const rows = await q.execute();
    const games: StoredEntry[] = [];
    const broken: DamagedEntry[] = [];
    for (const row of rows) {
      const error = damaged(row);
      if (error) broken.push({ name: row.id, family: row.family, error });
      else games.push(entryOf(row));
    }
    return ok({ games: games.sort(compareEntries), damaged: broken });
  }

  async update(id: string, input: UpdateInput<D>): Promise<Result<StoredEntry, InputError>> {
    const checked = checkId(id);
    if (!checked.ok) return checked;
    const version = checkVersion(input?.expectedVersion);
    if (!version.ok) return version;
    const doc = checkDoc(input.doc);
    if (!doc.ok) return doc;
    let title: string | undefined;
    if (input.title !== undefined) {
      const clean = cleanTitle(input.title);
      if (!clean.ok) return clean;
      title = clean.value;
    }
    const found = await this.changeable(checked.value);
    if (!found.ok) return found;
    const current = found.value;
    if (current.version !== version.value) return err(staleVersionError(current.title, current.version, version.value));
    const next = {
      version: version.value + 1,
      doc: doc.value,
      saved_at: new Date(this.now()).toISOString(),
      summary: input.summary !== undefined ? checkSummary(input.summary) : current.summary,
      title: title ?? current.title,
      title_key: titleKey(title ?? current.title),
      doc_bytes: Buffer.byteLength(doc.value),
    };
    try {
      const r = await this.database.transaction(async (tx) => {
        await this.lockOwner(tx);
        const over = await this.checkQuota(tx, 0, next.doc_bytes - current.doc_bytes);
        if (over) return over;
        return tx
          .updateTable('saves')
          .set(next)
          .where('id', '=', checked.value)
          .where('owner', '=', this.owner)
          .where('version', '=', version.value)
          .executeTakeFirst();
      });
      if ('code' in r) return err(r);
      if (Number(r.numUpdatedRows) !== 1) {
        const now = await this.load(checked.value);
        return err(
          now.ok
            ? staleVersionError(now.value.title, now.value.version, version.value)
            : storeError('store/not-found', `no save ${quoteForMessage(id)}`),
        );
      }
    } catch (e) {
      if (isUniqueViolation(e)) return err(titleTakenError(current.family, next.title));
      return this.io(e);
    }
    return ok(entryOf({ ...current, ...next }));
  }

  /** The row a change is about: there, and not damaged (a damaged row is listed, never changed). */
  private async changeable(id: string): Promise<Result<Selectable<SavesTable>, InputError>> {
    const row = await this.db
      .selectFrom('saves')
      .selectAll()
      .where('id', '=', id)
      .where('owner', '=', this.owner)
      .executeTakeFirst();
    if (!row) return err(storeError('store/not-found', `no save ${quoteForMessage(id)}`));
    const broken = damaged(row);
    return broken ? err(broken) : ok(row);
  }

  async delete(id: string, options: DeleteOptions = {}): Promise<Result<StoredEntry, InputError>> {
    const checked = checkId(id);
    if (!checked.ok) return checked;
    if (options.expectedVersion !== undefined) {
      const version = checkVersion(options.expectedVersion);
      if (!version.ok) return version;
    }
    const found = await this.changeable(checked.value);
    if (!found.ok) return found;
    const current = found.value;
    let q = this.db.deleteFrom('saves').where('id', '=', checked.value).where('owner', '=', this.owner);
    if (options.expectedVersion !== undefined) q = q.where('version', '=', options.expectedVersion);
    const r = await q.executeTakeFirst();
    if (Number(r.numDeletedRows) !== 1) {
      return err(staleVersionError(current.title, current.version, options.expectedVersion ?? current.version));
    }
    return ok(entryOf(current));
  }
}
