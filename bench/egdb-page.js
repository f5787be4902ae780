// What a page's draughts engine downloads of the endgame databases before it searches a position: the bytes and files
// `FetchedEndgames.prepare` takes (packages/ai/src/games/draughts/egdb/fetched.ts), per position, from a folder served
// as `tactica serve` serves it (`GET /egdb/index.json`, `GET /egdb/<file>`; here read from the folder directly, so
// the figures are the loader's choice of files, not a network's speed). Each position is a fresh engine (nothing
// fetched before), within the page's budget (PAGE_EGDB_MAX_BYTES, 8 MB) and no time limit.
//   node bench/egdb-page.js [--dir DIR] [--rules english] [--pieces 4]
// Without --dir it builds the rule set to --pieces in a temporary folder first and prints the time and total bytes.
// Positions (White to move): English 2 kings v 1 king, man and king v king, 3 kings v 1 king, 2 men v 2 men, man and
// king v man and king; International the same but man and king v king; other rule sets `--fen A,B,…`.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildOrder, EgdbBuilder } from '../packages/ai/dist/draughts-egdb.js';
import { FetchedEndgames } from '../packages/ai/dist/games/draughts/egdb/fetched.js';
import { writeSliceFile } from '../packages/ai/dist/node-egdb.js';
import { draughtsGame, isVariantId } from '../packages/draughts/dist/index.js';
import { checkOptions, flags, numberOption } from './args.js';

const argv = process.argv.slice(2);
checkOptions(argv, ['--dir', '--rules', '--pieces', '--fen'], [], import.meta.url);
const opts = flags(argv);
const read = (name, fallback) => opts[name.slice(2)] ?? fallback;
const rules = read('--rules', 'english');
if (!isVariantId(rules)) {
  console.error(`--rules: unknown rule set "${rules}"`);
  process.exit(2);
}
const maxPieces = numberOption(read, '--pieces', '4', 2);

const ENGLISH = [
  ['2 kings v 1 king', 'W:WK14,K15:BK32'],
  ['man and king v king', 'W:W22,K14:BK32'],
  ['3 kings v 1 king', 'W:WK14,K15,K18:BK32'],
  ['2 men v 2 men', 'W:W21,22:B9,10'],
  ['man and king v man and king', 'W:W22,K14:B9,K29'],
];
const INTERNATIONAL = [
  ['2 kings v 1 king', 'W:WK28,K33:BK3'],
  ['3 kings v 1 king', 'W:WK28,K33,K38:BK3'],
  ['2 men v 2 men', 'W:W31,32:B19,20'],
  ['man and king v man and king', 'W:W32,K28:B19,K3'],
];
const fens = read('--fen', undefined);
const positions = fens
  ? fens.split(',').map((f) => [f, f])
  : rules === 'english'
    ? ENGLISH
    : rules === 'international'
      ? INTERNATIONAL
      : [];
if (positions.length === 0) {
  console.error(`--fen: give the positions of ${rules} (comma-separated FEN)`);
  process.exit(2);
}

let dir = read('--dir', undefined);
const built = dir === undefined;
if (built) {
  dir = mkdtempSync(join(tmpdir(), 'tactica-egdb-page-'));
  const start = performance.now();
  const builder = new EgdbBuilder(rules);
  for (const m of buildOrder(maxPieces, builder.set.half)) writeSliceFile(dir, builder.solve(m));
  const files = readdirSync(dir);
  const values = files.filter((f) => f.endsWith('.egdb')).reduce((a, f) => a + statSync(join(dir, f)).size, 0);
  const all = files.reduce((a, f) => a + statSync(join(dir, f)).size, 0);
  console.log(
    `built ${rules} to ${maxPieces} pieces in ${((performance.now() - start) / 1000).toFixed(1)} s: ` +
      `${files.length} files, values ${mb(values)}, with distances ${mb(all)}`,
  );
}

/** The folder as the server serves it: its index and its files, through the loader's `fetch` seam. */
function folderFetcher(folder, taken) {
  const index = {
    files: readdirSync(folder)
      .filter((f) => /^[a-z]+-\d{4}\.(egdb|dtc)$/.test(f))
      .map((name) => ({ name, bytes: statSync(join(folder, name)).size })),
  };
  return async (url) => {
    const name = new URL(url).pathname.split('/').pop();
    if (name === 'index.json') return { ok: true, headers: { get: () => null }, body: null, json: async () => index };
    let bytes;
    try {
      bytes = new Uint8Array(readFileSync(join(folder, name)));
    } catch {
      return { ok: false, headers: { get: () => null }, body: null, json: async () => ({}) };
    }
    taken.push(name);
    let sent = false;
    const reader = {
      read: async () => (sent ? { done: true } : ((sent = true), { done: false, value: bytes })),
      cancel: async () => {},
    };
    return {
      ok: true,
      headers: { get: (h) => (h === 'content-length' ? String(bytes.length) : null) },
      body: { getReader: () => reader },
      json: async () => ({}),
    };
  };
}

/** Decimal units, as the project's other figures of downloads (kB = 1 000 bytes, MB = 1 000 000). */
function mb(bytes) {
  return bytes >= 1e6 ? `${(bytes / 1e6).toFixed(2)} MB` : `${(bytes / 1e3).toFixed(1)} kB`;
}

const game = draughtsGame(rules);
console.log(`${rules}, from ${dir}: what a page's engine fetches before its first search of each position`);
for (const [label, fen] of positions) {
  const parsed = game.parsePosition(fen);
  if (!parsed.ok) {
    console.error(`${fen}: ${parsed.error.message}`);
    process.exit(2);
  }
  const taken = [];
  const endgames = new FetchedEndgames({ url: 'http://bench.invalid/egdb/' }, folderFetcher(dir, taken));
  await endgames.prepare(parsed.value);
  const dtc = taken.filter((f) => f.endsWith('.dtc'));
  console.log(
    `${label.padEnd(28)} ${fen.padEnd(22)} ${mb(endgames.fetchedBytes).padStart(9)} in ${String(taken.length).padStart(2)} files` +
      ` (${dtc.length ? `distances ${dtc.join(' ')}` : 'no distances'})`,
  );
}
if (built) rmSync(dir, { recursive: true, force: true });
