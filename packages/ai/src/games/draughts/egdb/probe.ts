/**
 * The endgame databases as the deep search sees them (`DeepEndgames`): slices loaded on first probe, from bytes, and
 * a slice's distances to conversion loaded on the first question about them (the root's: see `distance`).
 * Where the bytes come from is the caller's: on Node a folder (`bench/egdb.js`'s `openEgdbFolder`), in a browser a
 * page that fetched the files and hands them over with `add` before the search (a slice not handed over is simply
 * not probed).
 *
 *   const db = new EndgameDatabase('english', { maxPieces: 4, load: (name) => bytesOf(name) });
 *   createDraughtsEngine({ endgames: db });
 */
import type { DraughtsSearchPosition, VariantId } from '@tactica/draughts';
import { RULE_SETS } from '@tactica/draughts';
import type { DeepEndgames } from '../deep-search.js';
import type { Material } from './material.js';
import { decodeDistances, distanceFileName, distancesMaterial } from './distance-file.js';
import { decodeSlice, sliceFileName } from './slice-file.js';
import { LOSS, SliceSet, UNKNOWN, WIN, type Slice } from './slices.js';

export interface EndgameDatabaseOptions {
  /** The most pieces the slices hold (the search probes no position with more). */
  readonly maxPieces: number;
  /**
   * The bytes of a file by its name, a slice's values (`sliceFileName`) or its distances (`distanceFileName`), or
   * undefined when there is none.
   */
  readonly load?: (fileName: string) => Uint8Array | undefined;
}

export class EndgameDatabase implements DeepEndgames {
  readonly variant: VariantId;
  readonly maxPieces: number;
  readonly set: SliceSet;
  /** Probes answered, and bytes of slices loaded so far. */
  hits = 0;
  loadedBytes = 0;
  private readonly load: ((fileName: string) => Uint8Array | undefined) | undefined;

  constructor(variant: VariantId, options: EndgameDatabaseOptions) {
    this.variant = variant;
    this.maxPieces = options.maxPieces;
    this.load = options.load;
    this.set = new SliceSet(RULE_SETS[variant], (m) => this.find(m));
  }

  /**
   * Hands over a file's bytes (a browser's fetch): a slice's values, or the distances of a slice handed over before.
   * False when they are neither for this rule set.
   */
  add(bytes: Uint8Array): boolean {
    const r = decodeSlice(bytes);
    if (r.ok) {
      if (r.slice.rules !== this.variant) return false;
      this.set.add(r.slice);
      this.loadedBytes += bytes.length;
      return true;
    }
    const m = distancesMaterial(bytes);
    const slice = m && this.set.get(m.wm, m.wk, m.bm, m.bk);
    const d = slice && decodeDistances(bytes, slice);
    if (!d?.ok) return false;
    (slice as Slice).distances = d.distances;
    this.loadedBytes += bytes.length;
    return true;
  }

  private find(m: Material): Slice | undefined {
    const bytes = this.load?.(sliceFileName(this.variant, m));
    if (!bytes) return undefined;
    const r = decodeSlice(bytes);
    if (!r.ok || r.slice.rules !== this.variant) return undefined;
    this.loadedBytes += bytes.length;
    return r.slice;
  }

  /** The value for the side to move of a position given as the generator's words: 1, 0, -1 or undefined. */
  probeWords(
    wLo: number,
    wHi: number,
    bLo: number,
    bHi: number,
    kLo: number,
    kHi: number,
    side: number,
  ): -1 | 0 | 1 | undefined {
    const v = this.set.value(wLo, wHi, bLo, bHi, kLo, kHi, side);
    if (v === UNKNOWN) return undefined;
    this.hits++;
    return v === WIN ? 1 : v === LOSS ? -1 : 0;
  }

  probe(pos: DraughtsSearchPosition): -1 | 0 | 1 | undefined {
    if (pos.rules.id !== this.variant || pos.giveaway || pos.pieceCount() > this.maxPieces) return undefined;
    const e = pos.engine;
    return this.probeWords(e.wLo, e.wHi, e.bLo, e.bHi, e.kLo, e.kHi, e.side);
  }

  /**
   * The position's distance to conversion (`Slice.distances`: plies until a capture or a crowning with best play),
   * or undefined when it is not in the database or its slice's distances are not at hand.
   */
  distance(pos: DraughtsSearchPosition): number | undefined {
    if (pos.rules.id !== this.variant || pos.giveaway || pos.pieceCount() > this.maxPieces) return undefined;
    const e = pos.engine;
    return this.set.distance(e.wLo, e.wHi, e.bLo, e.bHi, e.kLo, e.kHi, e.side, (slice) => this.loadDistances(slice));
  }

  /** A slice's distances from its file; none (an empty array, so that the file is not asked for again) without. */
  private loadDistances(slice: Slice): Uint8Array {
    const bytes = this.load?.(distanceFileName(this.variant, slice.material));
    const d = bytes && decodeDistances(bytes, slice);
    if (!d?.ok) return NO_DISTANCES;
    this.loadedBytes += (bytes as Uint8Array).length;
    return d.distances;
  }
}

const NO_DISTANCES = new Uint8Array(0);

/** One database per rule set behind one `DeepEndgames` (the engine's searchers serve every rule set). */
export function combineEndgames(dbs: readonly EndgameDatabase[]): DeepEndgames | undefined {
  if (dbs.length === 0) return undefined;
  const byVariant = new Map(dbs.map((db) => [db.variant, db]));
  return {
    maxPieces: Math.max(...dbs.map((db) => db.maxPieces)),
    probe(pos: DraughtsSearchPosition): -1 | 0 | 1 | undefined {
      return byVariant.get(pos.rules.id)?.probe(pos);
    },
    distance(pos: DraughtsSearchPosition): number | undefined {
      return byVariant.get(pos.rules.id)?.distance(pos);
    },
  };
}
