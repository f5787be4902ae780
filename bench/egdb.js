// The endgame databases, over the built packages:
//   node bench/egdb.js build  --rules english --pieces 4 [--out DIR]
//   node bench/egdb.js verify [--rules english] [--pieces 4] [--dir DIR]     (no --rules: every rule set found)
//   node bench/egdb.js kings --rules international [--dir DIR]
// `kings` reads the slice of 3 kings against 1 and counts, with the lone king to move and nothing to take, how many
// positions are lost when it stands on the long diagonal, off it with a king of the three on it, or neither.
// `build` solves every slice up to `--pieces` pieces (smaller slices first; a slice already in the folder with the
// right header and its distance file is read, not rebuilt, unless --force) and writes two files per slice, the values
// (`.egdb`) and the distances to conversion (`.dtc`), into DIR (default
// $TACTICA_HOME/egdb, else ~/.tactica/egdb); it prints per slice the positions, wins/draws/losses for the side to
// move, the time (wall clock and the process's CPU time: the machine may be shared) and the bytes, then the totals. `verify` reads the folder's slices of a rule set and checks every
// position against its successors (the slices against each other through captures and crownings), then the known
// results below; it exits non-zero on any error.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  buildOrder,
  countValues,
  decodeDistances,
  decodeSlice,
  distanceFileName,
  EgdbBuilder,
  EndgameDatabase,
  MAX_DISTANCE,
  materialName,
  pieces,
  sliceFileName,
  verifySlice,
} from '../packages/ai/dist/draughts-egdb.js';
import { defaultEgdbFolder, writeSliceFile } from '../packages/ai/dist/node-egdb.js';
import {
  DraughtsSearchPosition,
  draughtsGame,
  Engine,
  geometryOf,
  isVariantId,
  RULE_SETS,
  squaresOf,
  VARIANT_IDS,
} from '../packages/draughts/dist/index.js';

const args = process.argv.slice(2);
const command = args[0];
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const rules = option('--rules', 'english');
if (!isVariantId(rules)) {
  console.error(`unknown rule set: ${rules}`);
  process.exit(2);
}
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const dir = option('--out', option('--dir', defaultEgdbFolder()));
const force = args.includes('--force');

const pad = (s, n) => String(s).padStart(n);
const mb = (n) => `${(n / 1e6).toFixed(2)} MB`;

/** Positions of a rule set whose value the theory knows: [fen, value for the side to move, why]. */
const KNOWN = {
  english: [
    ['B:WK18,K19:BK1', -1, '2 kings beat 1 king'],
    ['W:WK14,K15:BK1', 1, '2 kings beat 1 king in the double corner'],
    ['W:WK32:BK1', 0, '1 king against 1 king is a draw'],
    ['W:WK1,K2:BK31,K32', 0, '2 kings against 2 kings is a draw'],
    ['W:WK14,K15,K18:BK27,K32', 1, '3 kings beat 2 kings'],
  ],
  international: [
    ['W:WK3:BK48', 0, '1 king against 1 king is a draw'],
    ['W:WK1,K2,K3:BK46', 0, '3 kings cannot beat a king on the long diagonal'],
    ['W:WK1,K2,K3:BK28', 0, '3 kings cannot beat a king on the long diagonal'],
    ['W:WK46,K28,K10:BK45', 0, '3 kings against 1 king is a draw, even holding the long diagonal'],
  ],
  russian: [
    ['B:WK29,K18,K4:BK1', -1, "3 kings holding the main diagonal catch a lone king off it (Petrov's triangle)"],
  ],
};

if (command === 'build') {
  const maxPieces = Number(option('--pieces', '4'));
  const builder = new EgdbBuilder(rules);
  let positions = 0;
  let bytes = 0;
  let ms = 0;
  let cpu = 0;
  console.log(`${rules} endgame databases up to ${maxPieces} pieces into ${dir}`);
  let distanceBytes = 0;
  let farthest = 0;
  console.log(
    'slice  pieces   positions        wins       draws      losses       ms   cpu ms       bytes  farthest  distance bytes',
  );
  for (const m of builder.order(maxPieces)) {
    const file = join(dir, sliceFileName(rules, m));
    let slice;
    let took = 0;
    let tookCpu = 0;
    const distanceFile = join(dir, distanceFileName(rules, m));
    if (!force && existsSync(file) && existsSync(distanceFile)) {
      const r = decodeSlice(new Uint8Array(readFileSync(file)));
      const d = r.ok && decodeDistances(new Uint8Array(readFileSync(distanceFile)), r.slice);
      if (r.ok && d.ok) {
        slice = r.slice;
        slice.distances = d.distances;
        builder.set.add(slice);
      }
    }
    if (!slice) {
      const t0 = performance.now();
      const c0 = cpuMs();
      slice = builder.solve(m);
      took = performance.now() - t0;
      tookCpu = cpuMs() - c0;
      writeSliceFile(dir, slice);
    }
    const c = countValues(slice);
    const size = 32 + slice.data.length;
    const distanceSize = 32 + slice.distances.length;
    let far = 0;
    for (const d of slice.distances) if (d > far) far = d;
    farthest = Math.max(farthest, far);
    distanceBytes += distanceSize;
    positions += 2 * slice.index.size;
    bytes += size;
    ms += took;
    cpu += tookCpu;
    console.log(
      `${materialName(m)}  ${pad(pieces(m), 6)}  ${pad(2 * slice.index.size, 10)}  ${pad(c.wins, 10)}  ${pad(c.draws, 10)}  ${pad(c.losses, 10)}  ${pad(took.toFixed(0), 7)}  ${pad(tookCpu.toFixed(0), 7)}  ${pad(size, 10)}  ${pad(far, 8)}  ${pad(distanceSize, 14)}${took === 0 ? '  (read)' : ''}`,
    );
  }
  console.log(
    `total: ${positions} positions, ${(ms / 1000).toFixed(1)} s (CPU ${(cpu / 1000).toFixed(1)} s), ${bytes} bytes (${mb(bytes)}); ` +
      `distances ${distanceBytes} bytes (${mb(distanceBytes)}), the farthest conversion ${farthest} plies` +
      (farthest >= MAX_DISTANCE ? ' (distances stop counting there)' : ''),
  );
} else if (command === 'verify') {
  const variants = args.includes('--rules') ? [rules] : VARIANT_IDS;
  let errors = 0;
  let slices = 0;
  for (const variant of variants) {
    const r = verifyRules(variant);
    errors += r.errors;
    slices += r.slices;
  }
  if (slices === 0) {
    console.error(`no slice in ${dir}: run npm run egdb:build -- --rules <rules> --pieces <n>`);
    process.exit(1);
  }
  process.exit(errors === 0 ? 0 : 1);
} else if (command === 'kings') {
  const name = join(dir, sliceFileName(rules, { wm: 0, wk: 3, bm: 0, bk: 1 }));
  const r = existsSync(name) ? decodeSlice(new Uint8Array(readFileSync(name))) : undefined;
  if (!r?.ok) {
    console.error(`no valid ${name}: npm run egdb:build -- --rules ${rules} --pieces 4`);
    process.exit(1);
  }
  const x = r.slice.index;
  const g = geometryOf(RULE_SETS[rules].size);
  const sq = squaresOf(RULE_SETS[rules]);
  const engine = new Engine(RULE_SETS[rules]);
  // The long diagonal: from White's left-hand bottom corner (a1) to the opposite corner.
  const diagonal = new Set();
  for (let file = 0; file < g.size; file++) diagonal.add(sq.fromFileRank(file, file + 1));
  const counts = { on: [0, 0, 0], off: [0, 0, 0], neither: [0, 0, 0] };
  const bit = (s) => g.bitOf[s];
  for (let i = 0; i < x.size; i++) {
    x.unrank(i);
    let wLo = 0;
    let wHi = 0;
    for (const k of x.wkSq.subarray(0, 3)) {
      if (bit(k) < 32) wLo |= 1 << bit(k);
      else wHi |= 1 << (bit(k) - 32);
    }
    const lone = x.bkSq[0];
    const bLo = bit(lone) < 32 ? 1 << bit(lone) : 0;
    const bHi = bit(lone) < 32 ? 0 : 1 << (bit(lone) - 32);
    engine.load(wLo, wHi, bLo, bHi, wLo | bLo, wHi | bHi, 1);
    if (engine.anyCapture()) continue;
    const entry = x.size + i;
    const v = (r.slice.data[entry >>> 2] >>> ((entry & 3) * 2)) & 3;
    const held = [...x.wkSq.subarray(0, 3)].some((k) => diagonal.has(k));
    counts[diagonal.has(lone) ? 'on' : held ? 'off' : 'neither'][v]++;
  }
  for (const [where, [draws, , losses]] of Object.entries(counts)) {
    const total = draws + losses + counts[where][1];
    const text = { on: 'on the long diagonal', off: 'off it, the long diagonal held', neither: 'neither holds it' }[
      where
    ];
    console.log(
      `${rules} 3 kings v 1, lone king to move, ${text}: ${total} positions, ${((100 * losses) / total).toFixed(1)}% lost`,
    );
  }
} else {
  console.error('usage: node bench/egdb.js build|verify --rules <rules> [--pieces N] [--out DIR]');
  process.exit(2);
}

/** Checks every slice of a rule set in the folder, then the known results; prints and returns the counts. */
function verifyRules(variant) {
  const db = new EndgameDatabase(variant, {
    maxPieces: Number(option('--pieces', '8')),
    load: (name) => (existsSync(join(dir, name)) ? new Uint8Array(readFileSync(join(dir, name))) : undefined),
  });
  let errors = 0;
  let positions = 0;
  let slices = 0;
  const t0 = performance.now();
  for (const m of buildOrder(db.maxPieces, db.set.half)) {
    const slice = db.set.get(m.wm, m.wk, m.bm, m.bk);
    if (!slice) continue;
    const distanceFile = join(dir, distanceFileName(variant, m));
    if (existsSync(distanceFile)) {
      const d = decodeDistances(new Uint8Array(readFileSync(distanceFile)), slice);
      if (d.ok) slice.distances = d.distances;
      else {
        errors++;
        console.log(`${variant} ${materialName(m)}  WRONG distance file: ${d.error.code}`);
      }
    }
    const r = verifySlice(db.set, slice);
    slices++;
    positions += r.positions;
    errors += r.errors;
    console.log(
      `${variant} ${materialName(m)}  ${pad(r.positions, 10)} positions${slice.distances ? ' and distances' : ''}  ${r.errors === 0 ? 'ok' : `${r.errors} WRONG: ${r.examples.join('; ')}`}`,
    );
  }
  if (slices === 0) return { errors, slices };
  const game = draughtsGame(variant);
  for (const [fen, want, why] of KNOWN[variant] ?? []) {
    const state = game.parsePosition(fen);
    if (!state.ok) throw new Error(`bad known position ${fen}`);
    const got = db.probe(new DraughtsSearchPosition(state.value));
    if (got === undefined) continue;
    const ok = got === want;
    if (!ok) errors++;
    console.log(`${ok ? 'ok   ' : 'WRONG'} ${fen}: ${got} (${why})`);
  }
  console.log(
    `${variant}: ${slices} slices, ${positions} positions checked in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${errors === 0 ? 'all consistent' : `${errors} errors`}`,
  );
  return { errors, slices };
}
