/**
 * The endgame databases of a page: the slice files a server serves (`tactica serve`, `GET /egdb/index.json` and
 * `GET /egdb/<file>`), fetched before a search for the material on the board and handed to an `EndgameDatabase`
 * (`add`). Only the slices the position can reach are fetched (its own signature and every one a capture or a
 * crowning leads to), smallest material first, within a byte budget for the engine's life (`PAGE_EGDB_MAX_BYTES`);
 * the root signature's distances last, when they fit. Whatever is missing (no server, offline, a file too large, a
 * damaged one) is simply not probed: the engine plays on with its evaluation **(ours)**.
 *
 *   const endgames = new FetchedEndgames({ url: '/egdb/' });
 *   const engine = createDraughtsEngine({ deepSearcher: { endgames } });
 *   await endgames.prepare(state);             // before each search (the engine's `prepare` does it)
 *
 * A chunk of its own: `loadDraughtsEngine` imports it only when the engine is given an address.
 */
import { pop, VARIANT_IDS, type DraughtsSearchPosition, type DraughtsState, type VariantId } from '@tactica/draughts';
import type { DeepEndgames } from '../deep-search.js';
import { distanceFileName } from './distance-file.js';
import { isCanonical, materialName, mirrorMaterial, pieces, type Material } from './material.js';
import { EndgameDatabase } from './probe.js';
import { sliceFileName } from './slice-file.js';

/**
 * The most bytes of database files one engine fetches in its life **(ours)**: English to 4 pieces (1.85 MB) or
 * International to 4 (12.4 MB, of which a position's reachable slices are a few MB) fit a page easily; a larger
 * slice (English 5 pieces, up to 4.6 MB each) is fetched only while the budget lasts. A page's two engine workers
 * (play, analyse) fetch the same files, the second time from the browser's cache.
 */
const PAGE_EGDB_MAX_BYTES = 8 * 2 ** 20;

/**
 * The longest the fetching before one search may take (ms) **(ours)**: the index and the files not arrived by then
 * are left out of this search (a file cut off is not asked for again; one not started is, before the next), so a
 * slow server costs a move at most this much of its clock.
 */
const EGDB_FETCH_TIMEOUT_MS = 5_000;

/** The most entries of the server's index read (the files of every rule set up to 8 pieces are far fewer). */
const MAX_INDEX_ENTRIES = 2_000;

/** The setting, as data (it crosses to a worker in the engine's spec): where the files are, and the budget. */
export interface FetchedEndgamesSetting {
  /** The folder's address: absolute, or relative to the page or worker (`/egdb/`). */
  readonly url: string;
  /** The most bytes fetched in the engine's life (default `PAGE_EGDB_MAX_BYTES`). */
  readonly maxBytes?: number;
  /** The longest the fetching before one search may take, in ms (default `EGDB_FETCH_TIMEOUT_MS`). */
  readonly timeoutMs?: number;
}

/** The server's index of its database files (`GET /egdb/index.json`). */
interface EgdbIndex {
  readonly files: readonly { readonly name: string; readonly bytes: number }[];
}

/** As much of a fetched response as is read (the platform's `Response`). */
export interface FetchedFile {
  readonly ok: boolean;
  readonly headers: { get(name: string): string | null };
  readonly body: {
    getReader(): { read(): Promise<{ done: boolean; value?: Uint8Array }>; cancel(): Promise<void> };
  } | null;
  json(): Promise<unknown>;
}

/** The platform's `fetch`, as much of it as is used (a test may pass its own). */
export type FetchFile = (url: string, init: { readonly signal: unknown }) => Promise<FetchedFile>;

export class FetchedEndgames implements DeepEndgames {
  /** Bytes fetched so far (never above the budget). */
  fetchedBytes = 0;
  /** The folder's absolute address; undefined when the setting's cannot be read here (a relative one on Node). */
  private readonly base: string | undefined;
  private readonly budget: number;
  private readonly timeoutMs: number;
  private readonly fetcher: FetchFile;
  private index: Promise<Map<string, number> | undefined> | undefined;
  private readonly dbs = new Map<VariantId, EndgameDatabase>();
  /** Files asked for already (fetched, refused or failed): none is asked for twice. */
  private readonly tried = new Set<string>();

  constructor(setting: FetchedEndgamesSetting, fetcher: FetchFile = (url, init) => fetch(url, init)) {
    const here = (globalThis as { location?: { href?: string } }).location?.href;
    this.base = absolute(setting.url, here);
    this.budget = Math.max(0, setting.maxBytes ?? PAGE_EGDB_MAX_BYTES);
    this.timeoutMs = Math.max(0, setting.timeoutMs ?? EGDB_FETCH_TIMEOUT_MS);
    this.fetcher = fetcher;
  }

  get maxPieces(): number {
    let most = 0;
    for (const db of this.dbs.values()) most = Math.max(most, db.maxPieces);
    return most;
  }

  /** Probes answered so far. */
  get hits(): number {
    let n = 0;
    for (const db of this.dbs.values()) n += db.hits;
    return n;
  }

  probe(pos: DraughtsSearchPosition): -1 | 0 | 1 | undefined {
    return this.dbs.get(pos.rules.id)?.probe(pos);
  }

  distance(pos: DraughtsSearchPosition): number | undefined {
    return this.dbs.get(pos.rules.id)?.distance(pos);
  }

  /** Fetches what a search of `s` may probe and has not been fetched yet; never fails. */
  async prepare(s: DraughtsState): Promise<void> {
    if (s.giveaway) return;
    const variant = s.position.variant;
    const deadline = AbortSignal.timeout(this.timeoutMs);
    const listed = await this.listing(deadline);
    if (!listed) return;
    const root = materialOf(s);
    const db = this.databaseOf(variant, listed);
    if (!db || pieces(root) > db.maxPieces) return;
    for (const m of reachable(root)) await this.fetchInto(db, sliceFileName(variant, m), listed, deadline);
    await this.fetchInto(db, distanceFileName(variant, canonical(root)), listed, deadline);
  }

  private databaseOf(variant: VariantId, listed: Map<string, number>): EndgameDatabase | undefined {
    let db = this.dbs.get(variant);
    if (db) return db;
    let most = 0;
    for (const name of listed.keys()) {
      const m = SLICE_NAME.exec(name);
      if (m?.[1] === variant)
        most = Math.max(
          most,
          [...(m[2] as string)].reduce((a, c) => a + Number(c), 0),
        );
    }
    if (most === 0) return undefined;
    db = new EndgameDatabase(variant, { maxPieces: most });
    this.dbs.set(variant, db);
    return db;
  }

  /** The server's index, read once; undefined when there is none (no server, offline, not an index). */
  private listing(deadline: Deadline): Promise<Map<string, number> | undefined> {
    const base = this.base;
    this.index ??= (async () => {
      if (base === undefined) return undefined;
      try {
        const r = await this.fetcher(new URL('index.json', base).href, { signal: deadline });
        if (!r.ok) return undefined;
        return readIndex((await r.json()) as unknown);
      } catch {
        return undefined;
      }
    })();
    return this.index;
  }

  private async fetchInto(
    db: EndgameDatabase,
    name: string,
    listed: Map<string, number>,
    deadline: Deadline,
  ): Promise<void> {
    const size = listed.get(name);
    if (size === undefined || this.tried.has(name) || deadline.aborted) return;
    this.tried.add(name);
    const left = this.budget - this.fetchedBytes;
    if (size > left) return;
    try {
      const r = await this.fetcher(new URL(name, this.base).href, { signal: deadline });
      if (!r.ok) return;
      const bytes = await readAtMost(r, left);
      if (!bytes) return;
      this.fetchedBytes += bytes.length;
      db.add(bytes);
    } catch {
      // Offline, timed out, refused: the search goes on without this file.
    }
  }
}

/** `<rules>-<wm><wk><bm><bk>.egdb` or `.dtc`: the only names asked for. */
const SLICE_NAME = /^([a-z]+)-(\d{4})\.(?:egdb|dtc)$/;

function absolute(url: string, base: string | undefined): string | undefined {
  try {
    return new URL(url, base).href;
  } catch {
    return undefined;
  }
}

/** An abort signal raised at the end of one `prepare`'s time (`AbortSignal.timeout`). */
interface Deadline {
  readonly aborted: boolean;
}

/** The index's entries of known rule sets with sane sizes; anything else in it is ignored. */
function readIndex(data: unknown): Map<string, number> | undefined {
  const files = (data as Partial<EgdbIndex> | null)?.files;
  if (!Array.isArray(files)) return undefined;
  const listed = new Map<string, number>();
  for (const f of files.slice(0, MAX_INDEX_ENTRIES) as unknown[]) {
    const { name, bytes } = (f ?? {}) as { name?: unknown; bytes?: unknown };
    if (typeof name !== 'string' || typeof bytes !== 'number' || !Number.isSafeInteger(bytes) || bytes < 0) continue;
    const m = SLICE_NAME.exec(name);
    if (m && VARIANT_IDS.includes(m[1] as VariantId)) listed.set(name, bytes);
  }
  return listed;
}

/** The body, unless it is longer than `most` bytes (then it is cut off and dropped). */
async function readAtMost(r: FetchedFile, most: number): Promise<Uint8Array | undefined> {
  const declared = Number(r.headers.get('content-length') ?? NaN);
  if (declared > most) return undefined;
  const reader = r.body?.getReader();
  if (!reader) return undefined;
  const parts: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done || !value) break;
    length += value.length;
    if (length > most) {
      await reader.cancel();
      return undefined;
    }
    parts.push(value);
  }
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    bytes.set(p, at);
    at += p.length;
  }
  return bytes;
}

function materialOf(s: DraughtsState): Material {
  const [wLo, wHi, bLo, bHi, kLo, kHi] = s.position.bits;
  const wk = pop(wLo & kLo) + pop(wHi & kHi);
  const bk = pop(bLo & kLo) + pop(bHi & kHi);
  return { wm: pop(wLo) + pop(wHi) - wk, wk, bm: pop(bLo) + pop(bHi) - bk, bk };
}

function canonical(m: Material): Material {
  return isCanonical(m.wm, m.wk, m.bm, m.bk) ? m : mirrorMaterial(m);
}

/**
 * The canonical signatures a position of material `root` can reach (itself included): a side keeps at most its
 * pieces and at most its men (a capture takes a piece, a crowning makes a man a king); both sides on the board.
 * Fewest pieces first, then fewest men, the root's own last: the small slices every search below needs come first.
 */
function reachable(root: Material): Material[] {
  const sides = (men: number, kings: number): [number, number][] => {
    const out: [number, number][] = [];
    for (let m = 0; m <= men; m++) for (let k = 0; m + k <= men + kings; k++) if (m + k > 0) out.push([m, k]);
    return out;
  };
  const seen = new Map<string, Material>();
  for (const [wm, wk] of sides(root.wm, root.wk)) {
    for (const [bm, bk] of sides(root.bm, root.bk)) {
      const m = canonical({ wm, wk, bm, bk });
      seen.set(materialName(m), m);
    }
  }
  return [...seen.values()].sort((a, b) => pieces(a) - pieces(b) || a.wm + a.bm - (b.wm + b.bm));
}
