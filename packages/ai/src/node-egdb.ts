/**
 * @tactica/ai/node-egdb — the endgame database files on Node: the folder they live in (`$TACTICA_HOME/egdb`, else
 * `~/.tactica/egdb`) **(ours)**, reading them lazily for the search, and writing what the builder made.
 *
 *   const endgames = openEgdbFolders();             // undefined when the folder holds no slice
 *   createDraughtsEngine({ deepSearcher: { endgames } });
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { VARIANT_IDS, type VariantId } from '@tactica/draughts';
import type { DeepEndgames } from './games/draughts/deep-search.js';
import { combineEndgames, EndgameDatabase } from './games/draughts/egdb/probe.js';
import { distanceFileName, encodeDistances } from './games/draughts/egdb/distance-file.js';
import { encodeSlice, sliceFileName } from './games/draughts/egdb/slice-file.js';
import type { Slice } from './games/draughts/egdb/slices.js';

export function defaultEgdbFolder(): string {
  const home = process.env['TACTICA_HOME'];
  return home ? join(home, 'egdb') : join(homedir(), '.tactica', 'egdb');
}

/**
 * The endgame databases' setting of a program on Node: the folder (`defaultEgdbFolder`), or `false` when
 * `TACTICA_EGDB=off` **(ours)**. An engine in a worker thread is given it as its `endgames` option (data), the
 * command line's own engines through `useDraughtsEndgames`.
 */
export function egdbSetting(): string | false {
  return process.env['TACTICA_EGDB'] === 'off' ? false : defaultEgdbFolder();
}

/** `<rules>-<wm><wk><bm><bk>.egdb` (values) or `.dtc` (distances), of a known rule set. */
const FILE_NAME = /^([a-z]+)-(\d{4})\.(?:egdb|dtc)$/;

/**
 * Whether a name is one of a database file (a slice's values or its distances) of a known rule set: the only names a
 * server sends from its folder (`GET /egdb/<file>`), so that no other path can be asked for.
 */
export function isEgdbFileName(name: string): boolean {
  const m = FILE_NAME.exec(name);
  return m !== null && (VARIANT_IDS as readonly string[]).includes(m[1] as string);
}

function sliceFiles(dir: string, variant: VariantId): string[] {
  try {
    return readdirSync(dir).filter((f) => f.startsWith(`${variant}-`) && /^[a-z]+-\d{4}\.egdb$/.test(f));
  } catch {
    return [];
  }
}

// The name's four digits are the signature (men and kings of each side): their sum is the slice's pieces.
const piecesOf = (file: string, variant: VariantId): number =>
  [...(file.slice(variant.length + 1, variant.length + 5) as string)].reduce((a, c) => a + Number(c), 0);

// The most pieces of any file is what the database answers up to.
const mostPieces = (files: readonly string[], variant: VariantId): number =>
  Math.max(...files.map((f) => piecesOf(f, variant)));

/**
 * What a folder holds for one rule set, as a record of a match says it: `2–4 pieces, 19 slices (19 with distances)
 * in /home/me/.tactica/egdb`, or `none in …` **(ours)**.
 */
export function describeEgdbFolder(variant: VariantId, dir = defaultEgdbFolder()): string {
  const files = sliceFiles(dir, variant);
  if (files.length === 0) return `none in ${dir}`;
  const distances = files.filter((f) => existsSync(join(dir, f.replace(/\.egdb$/, '.dtc')))).length;
  const least = Math.min(...files.map((f) => piecesOf(f, variant)));
  return `${least}–${mostPieces(files, variant)} pieces, ${files.length} slices (${distances} with distances) in ${dir}`;
}

/** The slices of one rule set in a folder, read on first probe; undefined when there is none. */
export function openEgdbFolder(variant: VariantId, dir = defaultEgdbFolder()): EndgameDatabase | undefined {
  const files = sliceFiles(dir, variant);
  if (files.length === 0) return undefined;
  return new EndgameDatabase(variant, {
    maxPieces: mostPieces(files, variant),
    load: (name) => {
      try {
        return new Uint8Array(readFileSync(join(dir, name)));
      } catch {
        return undefined;
      }
    },
  });
}

/** Every rule set's slices in a folder behind one `DeepEndgames`; undefined when the folder holds none. */
export function openEgdbFolders(dir = defaultEgdbFolder()): DeepEndgames | undefined {
  const dbs: EndgameDatabase[] = [];
  for (const v of VARIANT_IDS) {
    const db = openEgdbFolder(v, dir);
    if (db) dbs.push(db);
  }
  const all = combineEndgames(dbs);
  // The folder goes with them: a helper thread of the search opens the same.
  return all && { ...all, folder: dir };
}

/**
 * Writes a slice's file into a folder (made when missing), and its distance file when it has distances (the
 * builder's); returns the bytes written.
 */
export function writeSliceFile(dir: string, slice: Slice): number {
  mkdirSync(dir, { recursive: true });
  const bytes = encodeSlice(slice);
  writeFileSync(join(dir, sliceFileName(slice.rules, slice.material)), bytes);
  if (!slice.distances) return bytes.length;
  const distances = encodeDistances(slice);
  writeFileSync(join(dir, distanceFileName(slice.rules, slice.material)), distances);
  return bytes.length + distances.length;
}
