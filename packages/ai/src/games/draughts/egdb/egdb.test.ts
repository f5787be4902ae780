import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unwrap } from '@tactica/core';
import { DraughtsSearchPosition, Engine, RULE_SETS, draughtsGame, geometryOf, type VariantId } from '@tactica/draughts';
import { describe, expect, it } from 'vitest';
import { openEgdbFolder, openEgdbFolders, writeSliceFile } from '../../../node-egdb.js';
import { DraughtsDeepSearcher } from '../deep-search.js';
import { buildDatabases, EgdbBuilder, loadIndexed } from './build.js';
import { buildOrder, isCanonical, SliceIndex, type Material } from './material.js';
import { EndgameDatabase } from './probe.js';
import { decodeDistances, distanceFileName, encodeDistances } from './distance-file.js';
import { decodeSlice, encodeSlice, sliceFileName } from './slice-file.js';
import { DRAW, LOSS, WIN, type Slice, type SliceSet } from './slices.js';
import { verifySlice } from './verify.js';

function probeFen(db: EndgameDatabase, variant: VariantId, fen: string): -1 | 0 | 1 | undefined {
  return db.probe(new DraughtsSearchPosition(unwrap(draughtsGame(variant).parsePosition(fen))));
}

/** A database over slices already in memory (what a browser does with fetched files). */
function databaseOf(variant: VariantId, set: SliceSet, maxPieces: number, withDistances = false): EndgameDatabase {
  const db = new EndgameDatabase(variant, { maxPieces });
  for (const m of buildOrder(maxPieces, set.half)) {
    const slice = set.get(m.wm, m.wk, m.bm, m.bk);
    if (slice) expect(db.add(encodeSlice(slice))).toBe(true);
    if (slice?.distances && withDistances) expect(db.add(encodeDistances(slice))).toBe(true);
  }
  return db;
}

let english3: SliceSet | undefined;
/** English up to 3 pieces, built once for the tests that read it. */
function englishUpTo3(): SliceSet {
  english3 ??= buildDatabases('english', 3);
  return english3;
}

describe('the endgame database index', () => {
  it.each([
    ['english', { wm: 2, wk: 1, bm: 1, bk: 0 }],
    ['international', { wm: 1, wk: 1, bm: 1, bk: 0 }],
    ['english', { wm: 0, wk: 0, bm: 3, bk: 1 }],
  ] as const)('%s %o: every index unranks to a distinct legal placement and ranks back', (variant, m) => {
    const g = geometryOf(RULE_SETS[variant].size);
    const x = new SliceIndex(m, g.squares, g.half);
    const seen = new Set<string>();
    const wrong: string[] = [];
    for (let i = 0; i < x.size; i++) {
      x.unrank(i);
      const all = [
        ...x.wmSq.subarray(0, m.wm),
        ...x.wkSq.subarray(0, m.wk),
        ...x.bmSq.subarray(0, m.bm),
        ...x.bkSq.subarray(0, m.bk),
      ];
      // Men never on their crowning row: White's is the top row, Black's the bottom.
      const menOff =
        x.wmSq.subarray(0, m.wm).every((s) => s >= g.half) &&
        x.bmSq.subarray(0, m.bm).every((s) => s < g.squares - g.half);
      if (new Set(all).size !== all.length || !menOff || x.rank() !== i) wrong.push(`${i}: ${all.join(',')}`);
      seen.add(all.join(','));
    }
    expect(wrong.slice(0, 3)).toEqual([]);
    expect(seen.size).toBe(x.size);
  });
});

describe('the endgame database builder', () => {
  it('English up to 3 pieces: every position agrees with its successors, and with an independent fixpoint solver', () => {
    const set = englishUpTo3();
    for (const m of buildOrder(3, set.half)) {
      const slice = set.get(m.wm, m.wk, m.bm, m.bk);
      expect(slice).toBeDefined();
      if (slice) expect(verifySlice(set, slice).errors).toBe(0);
    }
    const rows = fixpointValues('english', 3);
    const differ = rows.filter(
      ([wLo, wHi, bLo, bHi, kLo, kHi, side, value]) =>
        set.value(
          wLo as number,
          wHi as number,
          bLo as number,
          bHi as number,
          kLo as number,
          kHi as number,
          side as number,
        ) !== value,
    );
    expect(differ.slice(0, 3)).toEqual([]);
    expect(rows.length).toBeGreaterThan(200_000);
  });

  it('English: 2 kings against 1 king win, whoever is to move', () => {
    const db = databaseOf('english', englishUpTo3(), 3);
    expect(probeFen(db, 'english', 'B:WK18,K19:BK1')).toBe(-1);
    expect(probeFen(db, 'english', 'W:WK18,K19:BK1')).toBe(1);
    // The lone king in the double corner still loses.
    expect(probeFen(db, 'english', 'B:WK14,K15:BK1')).toBe(-1);
    // A king against a king draws.
    expect(probeFen(db, 'english', 'W:WK32:BK1')).toBe(0);
  });

  it('International kings and a man: consistent; 1 king holds against 1 or 2 kings', () => {
    const builder = new EgdbBuilder('international');
    for (const m of [
      { wm: 0, wk: 1, bm: 0, bk: 1 },
      { wm: 1, wk: 0, bm: 0, bk: 1 },
      { wm: 0, wk: 2, bm: 0, bk: 1 },
    ]) {
      const slice = builder.solve(m);
      expect(verifySlice(builder.set, slice).errors).toBe(0);
    }
    const db = databaseOf('international', builder.set, 3);
    expect(probeFen(db, 'international', 'W:WK3:BK48')).toBe(0);
    expect(probeFen(db, 'international', 'B:WK3:BK48')).toBe(0);
    // A king in the corner of the long diagonal (46-5), the other on it, to move: every move stays on it and is taken.
    expect(probeFen(db, 'international', 'W:WK46:BK5')).toBe(-1);
    // Two kings cannot catch a king that holds the long diagonal; nor a mirrored probe (Black's material as White's).
    expect(probeFen(db, 'international', 'W:WK1,K2:BK28')).toBe(0);
    expect(probeFen(db, 'international', 'B:WK23:BK49,K50')).toBe(0);
    // A man that crowns at once (6-1), out of the lone king's reach: king against king, a draw.
    expect(probeFen(db, 'international', 'W:W6:BK50')).toBe(0);
  });

  it('the deep search with the database keeps a won root won and plays it out (English, 2 kings v 1 king)', () => {
    const db = databaseOf('english', englishUpTo3(), 3);
    const game = draughtsGame('english');
    let s = unwrap(game.parsePosition('W:WK14,K15:BK1'));
    const searcher = new DraughtsDeepSearcher({ ttLog2: 12, endgames: db });
    for (let ply = 0; ply < 120 && !s.over; ply++) {
      const sp = new DraughtsSearchPosition(s);
      const before = db.probe(sp);
      const r = searcher.search(sp, { nodes: 4000 });
      s = game.play(s, sp.decode(r.bestMove as number));
      // Every move keeps the database's value: a win stays a win, the loser's moves stay lost.
      const after = s.over ? (s.over.kind === 'win' ? -1 : 0) : db.probe(new DraughtsSearchPosition(s));
      expect(after).toBe(before === undefined ? after : -before);
    }
    expect(s.over).toMatchObject({ kind: 'win', winner: 0 });
  });

  it('a folder of slice files: read lazily for the search, and none is no database', () => {
    const dir = mkdtempSync(join(tmpdir(), 'egdb-'));
    try {
      const set = englishUpTo3();
      for (const m of buildOrder(2, set.half)) writeSliceFile(dir, set.get(m.wm, m.wk, m.bm, m.bk) as Slice);
      const db = openEgdbFolder('english', dir);
      expect(db?.maxPieces).toBe(2);
      expect(db?.loadedBytes).toBe(0);
      expect(db && probeFen(db, 'english', 'W:WK32:BK1')).toBe(0);
      expect(db?.loadedBytes).toBeGreaterThan(32);
      expect(openEgdbFolder('international', dir)).toBeUndefined();
      expect(openEgdbFolders(join(dir, 'missing'))).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a damaged slice file', () => {
    const builder = new EgdbBuilder('english');
    const slice = builder.solve({ wm: 0, wk: 1, bm: 0, bk: 1 });
    const bytes = encodeSlice(slice);
    expect(decodeSlice(bytes).ok).toBe(true);
    expect(decodeSlice(bytes.subarray(0, bytes.length - 1))).toMatchObject({ ok: false, error: { code: 'egdb/size' } });
    const bad = bytes.slice();
    bad[40] = (bad[40] as number) ^ 1;
    expect(decodeSlice(bad)).toMatchObject({ ok: false, error: { code: 'egdb/checksum' } });
    expect(sliceFileName('english', slice.material)).toBe('english-0101.egdb');
  });
});

describe('distances to conversion', () => {
  const game = draughtsGame('english');
  const at = (fen: string): DraughtsSearchPosition => new DraughtsSearchPosition(unwrap(game.parsePosition(fen)));

  it('a won position is one ply farther than its nearest lost successor, a lost one than its farthest won one', () => {
    const set = englishUpTo3();
    const slice = set.get(0, 2, 0, 1) as Slice;
    expect(slice.distances?.length).toBe(2 * slice.index.size);
    // The builder's distances pass the forward check (verifySlice), and the check catches one made wrong.
    expect(verifySlice(set, slice).errors).toBe(0);
    const distances = slice.distances as Uint8Array;
    const won = distances.findIndex((d, entry) => d > 1 && readValueOf(slice, entry) === WIN);
    const saved = distances[won] as number;
    distances[won] = saved + 1;
    try {
      expect(verifySlice(set, slice).errors).toBe(1);
    } finally {
      distances[won] = saved;
    }
  });

  it('known distances: a capture at once is 1, no move is 0, a draw has none, 2 kings need longer against the corner', () => {
    const db = databaseOf('english', englishUpTo3(), 3, true);
    // White to move takes 18x11? no: K15 takes the king on 10 at once (15x6).
    expect(db.probe(at('W:WK15:BK10'))).toBe(1);
    expect(db.distance(at('W:WK15:BK10'))).toBe(1);
    // Black's king on 1, hemmed in with nothing to take and no move: lost now.
    expect(db.distance(at('W:WK32:BK1'))).toBe(0);
    expect(db.probe(at('W:WK32:BK1'))).toBe(0);
    const corner = db.distance(at('W:WK14,K15:BK1')) as number;
    expect(corner).toBeGreaterThan(3);
    // The lone king's two moves from the corner: one is taken at once, the other holds out longest.
    expect(db.distance(at('W:WK10,K14:BK6'))).toBe(1);
    expect(db.distance(at('W:WK10,K14:BK5'))).toBe((db.distance(at('B:WK10,K14:BK1')) as number) - 1);
  });

  it('the deep search converts a won ending in exactly its distance, against the longest defence', () => {
    const db = databaseOf('english', englishUpTo3(), 3, true);
    let s = unwrap(game.parsePosition('W:WK14,K15:BK1'));
    const distance = db.distance(new DraughtsSearchPosition(s)) as number;
    const searcher = new DraughtsDeepSearcher({ ttLog2: 12, endgames: db });
    let plies = 0;
    for (; plies < 60 && !s.over && s.position.bits.some((b, i) => i < 4 && b !== 0); plies++) {
      const sp = new DraughtsSearchPosition(s);
      const r = searcher.search(sp, { nodes: 2000 });
      const move = sp.decode(r.bestMove as number);
      s = game.play(s, move);
      if (move.captures.length > 0) {
        plies++;
        break;
      }
    }
    // Each side's choice keeps the distance on course: the winner takes the nearest, the loser the farthest.
    expect(plies).toBe(distance);
  });

  it("a distance file: round trip, and refused when damaged, truncated or another slice's", () => {
    const set = englishUpTo3();
    const slice = set.get(0, 2, 0, 1) as Slice;
    const other = set.get(0, 1, 0, 1) as Slice;
    const bytes = encodeDistances(slice);
    expect(distanceFileName('english', slice.material)).toBe('english-0201.dtc');
    const back = decodeDistances(bytes, slice);
    expect(back.ok && [...back.distances]).toEqual([...(slice.distances as Uint8Array)]);
    expect(decodeDistances(bytes, other)).toMatchObject({ ok: false, error: { code: 'egdb/wrong-slice' } });
    expect(decodeDistances(bytes.subarray(0, bytes.length - 1), slice)).toMatchObject({
      ok: false,
      error: { code: 'egdb/size' },
    });
    const bad = bytes.slice();
    bad[40] = (bad[40] as number) ^ 1;
    expect(decodeDistances(bad, slice)).toMatchObject({ ok: false, error: { code: 'egdb/checksum' } });
    // A page hands a slice's distances over after its values, never before.
    const page = new EndgameDatabase('english', { maxPieces: 3 });
    expect(page.add(bytes)).toBe(false);
    expect(page.add(encodeSlice(slice))).toBe(true);
    expect(page.add(bytes)).toBe(true);
    expect(page.add(bad)).toBe(false);
    expect(decodeDistances(encodeSlice(slice), slice)).toMatchObject({
      ok: false,
      error: { code: 'egdb/not-distances' },
    });
  });

  it('a folder: distances read on the first question, and a folder without them answers none', () => {
    const dir = mkdtempSync(join(tmpdir(), 'egdb-'));
    try {
      const set = englishUpTo3();
      for (const m of buildOrder(3, set.half)) writeSliceFile(dir, set.get(m.wm, m.wk, m.bm, m.bk) as Slice);
      const db = openEgdbFolder('english', dir) as EndgameDatabase;
      expect(db.probe(at('W:WK14,K15:BK1'))).toBe(1);
      const before = db.loadedBytes;
      expect(db.distance(at('W:WK14,K15:BK1'))).toBeGreaterThan(3);
      expect(db.loadedBytes).toBeGreaterThan(before);
      rmSync(join(dir, distanceFileName('english', { wm: 0, wk: 1, bm: 0, bk: 1 })));
      const without = openEgdbFolder('english', dir) as EndgameDatabase;
      expect(without.distance(at('W:WK32:BK10'))).toBeUndefined();
      expect(without.probe(at('W:WK32:BK10'))).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

function readValueOf(slice: Slice, entry: number): number {
  return ((slice.data[entry >>> 2] as number) >>> ((entry & 3) * 2)) & 3;
}

/**
 * The values of every position with up to `maxPieces` pieces (every signature, canonical or not), by plain
 * iteration to a fixpoint over forward moves: nothing shared with the builder but the move generator and the
 * index (checked above). Returns [words..., side, value] rows.
 */
function fixpointValues(variant: VariantId, maxPieces: number): number[][] {
  const rules = RULE_SETS[variant];
  const g = geometryOf(rules.size);
  const e = new Engine(rules);
  const words = new Int32Array(6);
  const materials: Material[] = [];
  for (const m of buildOrder(maxPieces, g.half)) {
    materials.push(m);
    if (!(m.wm === m.bm && m.wk === m.bk)) materials.push({ wm: m.bm, wk: m.bk, bm: m.wm, bk: m.wk });
  }
  const indexes = new Map<number, { x: SliceIndex; base: number }>();
  let total = 0;
  for (const m of materials) {
    expect(isCanonical(m.wm, m.wk, m.bm, m.bk) || isCanonical(m.bm, m.bk, m.wm, m.wk)).toBe(true);
    const x = new SliceIndex(m, g.squares, g.half);
    indexes.set(((m.wm * 8 + m.wk) * 8 + m.bm) * 8 + m.bk, { x, base: total });
    total += 2 * x.size;
  }
  // Bits ascend with squares (geometry.ts), so the squares come out sorted.
  const squaresOf = (lo: number, hi: number): number[] => {
    const out: number[] = [];
    for (let x = lo; x !== 0; x &= x - 1) out.push(g.squareOf[31 - Math.clz32(x & -x)] as number);
    for (let x = hi; x !== 0; x &= x - 1) out.push(g.squareOf[63 - Math.clz32(x & -x)] as number);
    return out;
  };
  /** The id of the engine's position, or -1 when the side to move has no piece left (it has lost). */
  const idOf = (): number => {
    const wm = squaresOf(e.wLo & ~e.kLo, e.wHi & ~e.kHi);
    const wk = squaresOf(e.wLo & e.kLo, e.wHi & e.kHi);
    const bm = squaresOf(e.bLo & ~e.kLo, e.bHi & ~e.kHi);
    const bk = squaresOf(e.bLo & e.kLo, e.bHi & e.kHi);
    if ((e.side === 0 ? wm.length + wk.length : bm.length + bk.length) === 0) return -1;
    const found = indexes.get(((wm.length * 8 + wk.length) * 8 + bm.length) * 8 + bk.length);
    if (!found) throw new Error('a successor outside the signatures');
    found.x.wmSq.set(wm);
    found.x.wkSq.set(wk);
    found.x.bmSq.set(bm);
    found.x.bkSq.set(bk);
    return found.base + e.side * found.x.size + found.x.rank();
  };
  const rows: number[][] = [];
  const successors: number[][] = [];
  for (const { x } of indexes.values()) {
    for (let side = 0; side < 2; side++) {
      for (let i = 0; i < x.size; i++) {
        loadIndexed(e, x, i, side, g.bitOf, words);
        rows.push([...words, side]);
        const end = e.generate(0);
        const next: number[] = [];
        for (let slot = 0; slot < end; slot++) {
          e.make(slot);
          next.push(idOf());
          e.unmake(slot);
        }
        successors.push(next);
      }
    }
  }
  expect(rows.length).toBe(total);
  const values = new Int8Array(total).fill(-1);
  for (let changed = true; changed;) {
    changed = false;
    for (let id = 0; id < total; id++) {
      if (values[id] !== -1) continue;
      let allWon = true;
      let win = false;
      for (const s of successors[id] as number[]) {
        const v = s < 0 ? LOSS : values[s];
        if (v === LOSS) win = true;
        if (v !== WIN) allWon = false;
      }
      if (win || allWon) {
        values[id] = win ? WIN : LOSS;
        changed = true;
      }
    }
  }
  return rows.map((row, id) => [...row, values[id] === -1 ? DRAW : (values[id] as number)]);
}
