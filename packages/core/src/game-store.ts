/**
 * The storage interface: where a game's document lives between commands, whatever keeps it (a directory of files
 * today; SQLite or PostgreSQL on a server). Storage sits behind this one interface, as boardgame.io puts it behind
 * an adapter, so the interfaces above it never learn which store they talk to.
 *
 *   const made = await store.create({ family: 'tactorus', title: 'Mail game', summary: 'round 1', doc });
 *   const game = await store.load(id);
 *   await store.update(id, { expectedVersion: game.value.version, doc: next });  // store/stale-version if it moved
 *
 * Pure: types and the rules every store applies the same way (titles, their uniqueness key, list order, codes).
 * The conformance kit for implementations is `@tactica/core/game-store-conformance`.
 */
import { err, inputError, ok, type InputError, type Result } from './result.js';

/** What a store can keep: values that survive JSON unchanged. */
export type JsonValue = null | boolean | number | string | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/** One stored game as listed: everything but the document. */
export interface StoredEntry {
  /** Chosen by the store, never by a caller or by stored contents. */
  readonly id: string;
  /** The game family (`tactorus`, `force400`, …). */
  readonly family: string;
  /** Unique within the family (compared by `titleKey`). */
  readonly title: string;
  /** One line about the state: `move 14, Black to move`, `round 7`. */
  readonly summary: string;
  /** 1 when created, one more with every update. */
  readonly version: number;
  /** ISO time of the last write. */
  readonly savedAt: string;
}

export interface StoredGame<D> extends StoredEntry {
  readonly doc: D;
}

/** An entry the store holds but cannot read: a truncated or hand-edited file, a garbled row. */
export interface DamagedEntry {
  /** The file or row name, so a person can find it. */
  readonly name: string;
  /** The family, when that much could be read. */
  readonly family?: string;
  /** `store/damaged`, saying what is wrong. */
  readonly error: InputError;
}

export interface StoreListing {
  /** In list order (`compareEntries`): the numbers people use count from 1 in this order. */
  readonly games: readonly StoredEntry[];
  readonly damaged: readonly DamagedEntry[];
}

export interface CreateInput<D> {
  readonly family: string;
  /** Without one the store picks a free title (`defaultTitle`). */
  readonly title?: string;
  readonly summary: string;
  readonly doc: D;
}

export interface UpdateInput<D> {
  /** The version the change was made from: any other is refused with `store/stale-version`. */
  readonly expectedVersion: number;
  readonly doc: D;
  readonly summary?: string;
  /** A new title (refused with `store/title-taken` when another entry of the family has it). */
  readonly title?: string;
}

export interface DeleteOptions {
  /** When given, the delete is refused with `store/stale-version` unless the entry is at this version. */
  readonly expectedVersion?: number;
}

/**
 * A store of game documents. Every method is async (a database answers later) and reports bad input and refusals as
 * coded `store/…` errors, never by throwing. A refused call changes nothing. Calls may run concurrently, from one
 * process or many: two creates of one title give one entry, two updates from one version give one new version.
 */
export interface GameStore<D extends JsonValue = JsonValue> {
  create(input: CreateInput<D>): Promise<Result<StoredEntry, InputError>>;
  load(id: string): Promise<Result<StoredGame<D>, InputError>>;
  list(filter?: { readonly family?: string }): Promise<Result<StoreListing, InputError>>;
  update(id: string, input: UpdateInput<D>): Promise<Result<StoredEntry, InputError>>;
  delete(id: string, options?: DeleteOptions): Promise<Result<StoredEntry, InputError>>;
}

/** The codes a store answers with. */
export const STORE_ERROR_CODES = [
  'store/not-found',
  'store/title-taken',
  'store/stale-version',
  'store/damaged',
  'store/bad-title',
  'store/bad-id',
  'store/bad-family',
  'store/bad-doc',
  'store/bad-version',
  /** Another process held the store's lock for too long. */
  'store/busy',
  /** The medium failed: permissions, a full disk, a lost connection. */
  'store/io',
] as const;

export type StoreErrorCode = (typeof STORE_ERROR_CODES)[number];

export function storeError(code: StoreErrorCode, message: string, where: { input?: string } = {}): InputError {
  return inputError(code, message, where);
}

/** Untrusted text quoted for a message: escaped (no control characters reach a terminal) and cut short. */
export function quoteForMessage(text: string, max = 60): string {
  const cut = text.length > max ? `${text.slice(0, max)}…` : text;
  return JSON.stringify(cut);
}

// Control characters (terminal escapes, NUL), bidirectional overrides that make a title read as another, and lone
// surrogates (no file or database encoding keeps them) have no place in a title (ours).
const FORBIDDEN_IN_TITLE = /[\p{Cc}\u202A-\u202E\u2066-\u2069]|\p{Cs}/u;

/**
 * A title as stores keep it: one line (runs of white space, line breaks included, become one space), trimmed, not
 * empty, any length, any other characters (`/`, `..`, quotes: a title is data, never part of a path or a query).
 */
export function cleanTitle(raw: unknown): Result<string, InputError> {
  if (typeof raw !== 'string') return err(storeError('store/bad-title', 'a title is text'));
  const title = raw.replace(/\s+/g, ' ').trim();
  if (!title) return err(storeError('store/bad-title', 'a title cannot be empty'));
  const bad = FORBIDDEN_IN_TITLE.exec(title);
  if (bad) {
    const code = bad[0].codePointAt(0) ?? 0;
    return err(
      storeError(
        'store/bad-title',
        `a title cannot hold the control character U+${code.toString(16).toUpperCase().padStart(4, '0')}`,
        { input: quoteForMessage(title) },
      ),
    );
  }
  return ok(title);
}

/**
 * What makes two titles the same title: case and Unicode composition do not count, accents do (`Game` = `GAME`,
 * `Café` composed = decomposed, `Cafe` ≠ `Café`). Stores compare and index titles by this key.
 */
export function titleKey(title: string): string {
  return title.normalize('NFC').toLowerCase();
}

const FAMILY = /^[a-z0-9][a-z0-9-]{0,63}$/;

export function checkFamily(family: unknown): Result<string, InputError> {
  if (typeof family === 'string' && FAMILY.test(family)) return ok(family);
  return err(
    storeError('store/bad-family', 'a game family is 1 to 64 lower-case letters, digits and dashes', {
      input: typeof family === 'string' ? quoteForMessage(family) : String(family),
    }),
  );
}

export function checkVersion(version: unknown): Result<number, InputError> {
  if (typeof version === 'number' && Number.isSafeInteger(version) && version >= 1) return ok(version);
  return err(storeError('store/bad-version', `a version is a whole number from 1, not ${String(version)}`));
}

export function staleVersionError(title: string, version: number, expected: number): InputError {
  return storeError(
    'store/stale-version',
    `the save ${quoteForMessage(title)} is at version ${version}, not ${expected}: another command changed it ` +
      'since it was read; nothing was written',
  );
}

export function titleTakenError(family: string, title: string): InputError {
  return storeError('store/title-taken', `a saved ${family} game is already titled ${quoteForMessage(title)}`, {
    input: title,
  });
}

/** The title a store gives an entry created without one: `Untitled`, else `Untitled 2`, `Untitled 3`, … */
export function defaultTitle(taken: (key: string) => boolean): string {
  if (!taken(titleKey('Untitled'))) return 'Untitled';
  for (let n = 2; ; n++) if (!taken(titleKey(`Untitled ${n}`))) return `Untitled ${n}`;
}

// A fixed locale, so list numbers are the same on every machine; numeric, so `Game 9` comes before `Game 10`.
const TITLE_ORDER = new Intl.Collator('en', { numeric: true });

/** List order: by title, then the newest first, then by id (every store numbers its list the same way). */
export function compareEntries(
  a: Pick<StoredEntry, 'id' | 'title' | 'savedAt'>,
  b: Pick<StoredEntry, 'id' | 'title' | 'savedAt'>,
): number {
  return (
    TITLE_ORDER.compare(a.title, b.title) ||
    (a.savedAt < b.savedAt ? 1 : a.savedAt > b.savedAt ? -1 : 0) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}
