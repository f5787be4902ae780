/**
 * The conformance kit every `GameStore` runs (the file store today, SQLite and PostgreSQL stores later): named cases
 * for create, load, list, update and delete, the refusals that must change nothing, concurrent calls, damaged
 * entries and hostile ids and titles. Framework-free like the games' kit: each `run` rejects on failure.
 *
 *   for (const c of gameStoreConformanceCases(harness)) it(c.name, c.run);
 */
import {
  compareEntries,
  type GameStore,
  type JsonValue,
  type StoredEntry,
  type StoreListing,
  titleKey,
  type StoreErrorCode,
} from './game-store.js';
import { describeError, type InputError, type Result } from './result.js';

export interface GameStoreHarness<D extends JsonValue> {
  /** Names the store in the case names. */
  readonly name: string;
  /** A new, empty store (each case gets its own). */
  readonly open: () => Promise<GameStore<D>>;
  /** Sample documents: different `n`, different documents. */
  readonly doc: (n: number) => D;
  /**
   * Damages the stored entry `id` the way a crash or a hand edit would (a truncated file, a garbled row), outside
   * the store's methods, and returns the name `list` must give the damaged entry.
   */
  readonly damage: (store: GameStore<D>, id: string) => Promise<string>;
  /** How many calls the concurrency cases make at once (default 8). */
  readonly concurrency?: number;
}

export interface GameStoreCase {
  readonly name: string;
  readonly run: () => Promise<void>;
}

class StoreConformanceError extends Error {
  override name = 'StoreConformanceError';
}

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new StoreConformanceError(message);
}

function value<T>(r: Result<T, InputError>, what: string): T {
  if (!r.ok) throw new StoreConformanceError(`${what}: ${describeError(r.error)}`);
  return r.value;
}

function refused(r: Result<unknown, InputError>, codes: readonly string[], what: string): void {
  check(!r.ok, `${what}: accepted, expected ${codes.join(' or ')}`);
  check(codes.includes(r.error.code), `${what}: ${describeError(r.error)}, expected ${codes.join(' or ')}`);
  check(r.error.message.length > 0, `${what}: the error has no message`);
}

/** Structural equality of JSON values (a store may reorder object keys, as PostgreSQL's jsonb does). */
function sameJson(a: JsonValue, b: JsonValue): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x: JsonValue, i) => sameJson(x, b[i] as JsonValue));
  }
  const ra = a as { readonly [key: string]: JsonValue };
  const rb = b as { readonly [key: string]: JsonValue };
  const ka = Object.keys(ra);
  if (ka.length !== Object.keys(rb).length) return false;
  return ka.every((k) => k in rb && sameJson(ra[k] as JsonValue, rb[k] as JsonValue));
}

function entryFields(e: StoredEntry): string {
  return JSON.stringify([e.id, e.family, e.title, e.summary, e.version, e.savedAt]);
}

function listingText(l: StoreListing): string {
  return JSON.stringify([l.games.map(entryFields), l.damaged.map((d) => [d.name, d.error.code])]);
}

/** A case named after its harness, run on a store the harness opens. */
type Named<D extends JsonValue> = (name: string, run: (store: GameStore<D>) => Promise<void>) => GameStoreCase;

export function gameStoreConformanceCases<D extends JsonValue>(h: GameStoreHarness<D>): GameStoreCase[] {
  const n = h.concurrency ?? 8;
  const named = (name: string, run: (store: GameStore<D>) => Promise<void>): GameStoreCase => ({
    name: `${h.name}: ${name}`,
    run: async () => run(await h.open()),
  });

  return [...lifeCycleCases(h, n, named), ...contentionCases(h, n, named), ...damagedAndHostileCases(h, named)];
}

/** Creating, loading, listing, updating and deleting, and stale versions refused. */
function lifeCycleCases<D extends JsonValue>(h: GameStoreHarness<D>, n: number, named: Named<D>): GameStoreCase[] {
  return [
    named('create then load gives back the document, family, title and summary at version 1', async (store) => {
      const made = value(
        await store.create({ family: 'alpha', title: 'First', summary: 'move 1', doc: h.doc(1) }),
        'create',
      );
      check(made.version === 1, `a new entry is at version ${made.version}, not 1`);
      check(made.title === 'First' && made.family === 'alpha' && made.summary === 'move 1', 'create changed a field');
      check(!Number.isNaN(Date.parse(made.savedAt)), `savedAt ${made.savedAt} is not a time`);
      const loaded = value(await store.load(made.id), 'load');
      check(sameJson(loaded.doc, h.doc(1)), 'the loaded document differs from the one stored');
      check(entryFields(loaded) === entryFields(made), 'load and create disagree on the entry');
    }),

    named('a title is cleaned to one line; without one the store picks a free title', async (store) => {
      const a = value(
        await store.create({ family: 'alpha', title: '  two \n  lines\t', summary: '', doc: h.doc(1) }),
        'create',
      );
      check(a.title === 'two lines', `the title was kept as ${JSON.stringify(a.title)}`);
      const u1 = value(await store.create({ family: 'alpha', summary: '', doc: h.doc(2) }), 'create untitled');
      const u2 = value(await store.create({ family: 'alpha', summary: '', doc: h.doc(3) }), 'create untitled');
      check(u1.title.length > 0 && titleKey(u1.title) !== titleKey(u2.title), 'untitled entries share a title');
    }),

    named('list gives each family its own entries in list order; without a family, every entry', async (store) => {
      const titles = ['Zebra', 'attack', 'Game 10', 'Game 9'];
      for (const [i, title] of titles.entries()) {
        value(await store.create({ family: 'alpha', title, summary: `s${i}`, doc: h.doc(i) }), 'create');
      }
      value(await store.create({ family: 'beta', title: 'Zebra', summary: 'other', doc: h.doc(9) }), 'create beta');
      const alpha = value(await store.list({ family: 'alpha' }), 'list alpha');
      check(alpha.games.length === 4 && alpha.games.every((e) => e.family === 'alpha'), 'list mixes families');
      const sorted = [...alpha.games].sort(compareEntries);
      check(
        alpha.games.every((e, i) => e === sorted[i]),
        'list is not in compareEntries order',
      );
      check(alpha.games.map((e) => e.title).join('|') === 'attack|Game 9|Game 10|Zebra', 'wrong title order');
      const all = value(await store.list(), 'list all');
      check(all.games.length === 5 && all.damaged.length === 0, `list without a family gives ${all.games.length}`);
      const empty = value(await store.list({ family: 'gamma' }), 'list gamma');
      check(empty.games.length === 0, 'an unknown family lists entries');
    }),

    named('update raises the version by one and keeps the new document, summary and title', async (store) => {
      const made = value(await store.create({ family: 'alpha', title: 'Old', summary: 'a', doc: h.doc(1) }), 'create');
      const v2 = value(await store.update(made.id, { expectedVersion: 1, doc: h.doc(2), summary: 'b' }), 'update');
      check(v2.version === 2 && v2.summary === 'b' && v2.title === 'Old', 'update 1 gave the wrong entry');
      const v3 = value(await store.update(made.id, { expectedVersion: 2, doc: h.doc(3), title: 'New' }), 'update');
      check(v3.version === 3 && v3.summary === 'b' && v3.title === 'New', 'update 2 gave the wrong entry');
      const loaded = value(await store.load(made.id), 'load');
      check(loaded.version === 3 && sameJson(loaded.doc, h.doc(3)), 'load does not give the last update');
      const listed = value(await store.list({ family: 'alpha' }), 'list').games;
      check(listed.length === 1 && entryFields(listed[0] as StoredEntry) === entryFields(v3), 'list disagrees');
    }),

    named('a stale update is refused with store/stale-version and changes nothing', async (store) => {
      const made = value(await store.create({ family: 'alpha', title: 'T', summary: 'a', doc: h.doc(1) }), 'create');
      value(await store.update(made.id, { expectedVersion: 1, doc: h.doc(2), summary: 'b' }), 'update');
      const before = value(await store.list(), 'list');
      const stale = await store.update(made.id, { expectedVersion: 1, doc: h.doc(3), summary: 'c', title: 'U' });
      refused(stale, ['store/stale-version'], 'update from version 1 of a version-2 entry');
      const ahead = await store.update(made.id, { expectedVersion: 3, doc: h.doc(3) });
      refused(ahead, ['store/stale-version'], 'update from a version not reached yet');
      const loaded = value(await store.load(made.id), 'load');
      check(loaded.version === 2 && loaded.summary === 'b' && sameJson(loaded.doc, h.doc(2)), 'the entry changed');
      check(listingText(value(await store.list(), 'list')) === listingText(before), 'the listing changed');
    }),

    named('delete removes an entry; a stale delete is refused and changes nothing', async (store) => {
      const a = value(await store.create({ family: 'alpha', title: 'A', summary: '', doc: h.doc(1) }), 'create');
      const b = value(await store.create({ family: 'alpha', title: 'B', summary: '', doc: h.doc(2) }), 'create');
      value(await store.update(a.id, { expectedVersion: 1, doc: h.doc(3) }), 'update');
      refused(await store.delete(a.id, { expectedVersion: 1 }), ['store/stale-version'], 'stale delete');
      check(value(await store.load(a.id), 'load after a stale delete').version === 2, 'a stale delete changed it');
      const gone = value(await store.delete(a.id, { expectedVersion: 2 }), 'delete');
      check(gone.id === a.id && gone.title === 'A', 'delete answers with another entry');
      refused(await store.load(a.id), ['store/not-found'], 'load of a deleted entry');
      refused(await store.update(a.id, { expectedVersion: 2, doc: h.doc(4) }), ['store/not-found'], 'update');
      refused(await store.delete(a.id), ['store/not-found'], 'second delete');
      value(await store.delete(b.id), 'delete without a version');
      check(value(await store.list(), 'list').games.length === 0, 'deleted entries are still listed');
      value(await store.create({ family: 'alpha', title: 'A', summary: '', doc: h.doc(5) }), 'reuse a freed title');
    }),
  ];
}

/** Unique titles and concurrent writers: one wins, the others are refused with a code. */
function contentionCases<D extends JsonValue>(h: GameStoreHarness<D>, n: number, named: Named<D>): GameStoreCase[] {
  return [
    named('titles are unique within a family, in any case; other families may share them', async (store) => {
      const a = value(await store.create({ family: 'alpha', title: 'Mine', summary: '', doc: h.doc(1) }), 'create');
      const b = value(await store.create({ family: 'alpha', title: 'Yours', summary: '', doc: h.doc(2) }), 'create');
      refused(
        await store.create({ family: 'alpha', title: ' MINE ', summary: '', doc: h.doc(3) }),
        ['store/title-taken'],
        'create with a taken title',
      );
      refused(
        await store.update(b.id, { expectedVersion: 1, doc: h.doc(4), title: 'mine' }),
        ['store/title-taken'],
        'retitle to a taken title',
      );
      check(value(await store.load(b.id), 'load').title === 'Yours', 'a refused retitle changed the title');
      value(await store.create({ family: 'beta', title: 'Mine', summary: '', doc: h.doc(5) }), 'other family');
      const recased = value(await store.update(a.id, { expectedVersion: 1, doc: h.doc(1), title: 'MINE' }), 'recase');
      check(recased.title === 'MINE', 'an entry cannot change the case of its own title');
      check(value(await store.list({ family: 'alpha' }), 'list').games.length === 2, 'a refused create was kept');
    }),

    named('concurrent creates with one title: exactly one wins, the others get store/title-taken', async (store) => {
      const results = await Promise.all(
        Array.from({ length: n }, (_, i) =>
          store.create({ family: 'alpha', title: 'Race', summary: '', doc: h.doc(i) }),
        ),
      );
      const won = results.filter((r) => r.ok);
      check(won.length === 1, `${won.length} of ${n} concurrent creates of one title won`);
      for (const r of results) if (!r.ok) refused(r, ['store/title-taken'], 'a losing create');
      check(value(await store.list({ family: 'alpha' }), 'list').games.length === 1, 'the list has duplicates');
    }),

    named('concurrent updates from one version: exactly one wins, its document is kept', async (store) => {
      const made = value(await store.create({ family: 'alpha', title: 'T', summary: '', doc: h.doc(0) }), 'create');
      const results = await Promise.all(
        Array.from({ length: n }, (_, i) => store.update(made.id, { expectedVersion: 1, doc: h.doc(i + 1) })),
      );
      const winners = results.flatMap((r, i) => (r.ok ? [i] : []));
      check(winners.length === 1, `${winners.length} of ${n} concurrent updates from version 1 won`);
      for (const r of results) if (!r.ok) refused(r, ['store/stale-version'], 'a losing update');
      const loaded = value(await store.load(made.id), 'load');
      check(loaded.version === 2, `after one winning update the version is ${loaded.version}`);
      check(sameJson(loaded.doc, h.doc((winners[0] as number) + 1)), "the kept document is not the winner's");
    }),
  ];
}

/** Damaged entries, hostile ids, titles, families and versions, and titles of any text. */
function damagedAndHostileCases<D extends JsonValue>(h: GameStoreHarness<D>, named: Named<D>): GameStoreCase[] {
  return [
    named('a damaged entry is listed as damaged with its name and error; the others list and load', async (store) => {
      const good = value(await store.create({ family: 'alpha', title: 'Good', summary: '', doc: h.doc(1) }), 'create');
      const bad = value(await store.create({ family: 'alpha', title: 'Bad', summary: '', doc: h.doc(2) }), 'create');
      const name = await h.damage(store, bad.id);
      const listing = value(await store.list({ family: 'alpha' }), 'list with a damaged entry');
      check(listing.games.length === 1 && listing.games[0]?.id === good.id, 'the good entry is not listed alone');
      const damaged = listing.damaged.find((d) => d.name === name);
      check(damaged, `the damaged entry ${name} is not listed as damaged`);
      const damagedCode = 'store/damaged' satisfies StoreErrorCode;
      check(damaged.error.code === damagedCode && damaged.error.message, 'the damaged entry has no error');
      check(value(await store.list(), 'list all').damaged.length === 1, 'list without a family hides the damage');
      value(await store.load(good.id), 'load the good entry');
      refused(await store.load(bad.id), ['store/damaged'], 'load of the damaged entry');
      refused(await store.update(bad.id, { expectedVersion: 1, doc: h.doc(3) }), ['store/damaged'], 'update');
      refused(await store.delete(bad.id, { expectedVersion: 1 }), ['store/damaged'], 'versioned delete');
      value(await store.create({ family: 'alpha', title: 'Another', summary: '', doc: h.doc(4) }), 'create beside');
    }),

    named('hostile ids, titles, families and versions are refused with coded errors, never a throw', async (store) => {
      const made = value(await store.create({ family: 'alpha', title: 'Real', summary: '', doc: h.doc(1) }), 'create');
      const ids = [
        '',
        '.',
        '..',
        '../x',
        '../../etc/passwd',
        '/etc/passwd',
        'a/b',
        'a\\b',
        'a\u0000b',
        ' ',
        'x'.repeat(5000),
      ];
      ids.push(`${made.id}/..`, `../${made.id}`, `${made.id}x`, `${made.id}.json`);
      // A case-insensitive file system must not let another spelling of an id reach the entry.
      if (made.id.toUpperCase() !== made.id) ids.push(made.id.toUpperCase());
      for (const id of ids) {
        const what = `id ${JSON.stringify(id.slice(0, 40))}`;
        refused(await store.load(id), ['store/bad-id', 'store/not-found'], `load ${what}`);
        refused(
          await store.update(id, { expectedVersion: 1, doc: h.doc(2) }),
          ['store/bad-id', 'store/not-found'],
          `update ${what}`,
        );
        refused(await store.delete(id), ['store/bad-id', 'store/not-found'], `delete ${what}`);
      }
      for (const title of [
        '',
        '   ',
        '\n\t',
        'bell\u0007',
        'esc\u001b[31mred',
        'nul\u0000',
        'bidi\u202eevil',
        'lone\ud800',
      ]) {
        const what = `title ${JSON.stringify(title)}`;
        refused(await store.create({ family: 'alpha', title, summary: '', doc: h.doc(3) }), ['store/bad-title'], what);
        refused(await store.update(made.id, { expectedVersion: 1, doc: h.doc(3), title }), ['store/bad-title'], what);
      }
      for (const family of ['', 'Alpha', 'a b', '../x', 'x'.repeat(65)]) {
        refused(
          await store.create({ family, title: 'F', summary: '', doc: h.doc(3) }),
          ['store/bad-family'],
          `family ${JSON.stringify(family)}`,
        );
      }
      for (const expectedVersion of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
        refused(
          await store.update(made.id, { expectedVersion, doc: h.doc(3) }),
          ['store/bad-version'],
          `version ${expectedVersion}`,
        );
        refused(
          await store.delete(made.id, { expectedVersion }),
          ['store/bad-version'],
          `delete at version ${expectedVersion}`,
        );
      }
      const after = value(await store.load(made.id), 'load after the refusals');
      check(after.version === 1 && after.title === 'Real', 'a refused call changed the entry');
      check(value(await store.list(), 'list').games.length === 1, 'a refused call left an entry behind');
    }),

    named('titles of any length and characters (paths, quotes, thousands of letters) round-trip', async (store) => {
      const titles = [
        '../../etc/passwd',
        '/',
        '..',
        'C:\\Windows\\win.ini',
        'it\'s "quoted" %s ${x}',
        'Ωμέγα 🎲 中文',
        'x'.repeat(5000),
      ];
      const made: StoredEntry[] = [];
      for (const [i, title] of titles.entries()) {
        made.push(
          value(
            await store.create({ family: 'alpha', title, summary: title, doc: h.doc(i) }),
            `title ${title.slice(0, 20)}`,
          ),
        );
      }
      for (const [i, e] of made.entries()) {
        const loaded = value(await store.load(e.id), 'load');
        check(loaded.title === titles[i] && loaded.summary === titles[i], `title ${i} did not round-trip`);
        check(sameJson(loaded.doc, h.doc(i)), `the document of title ${i} did not round-trip`);
      }
      check(value(await store.list({ family: 'alpha' }), 'list').games.length === titles.length, 'list lost some');
    }),
  ];
}
