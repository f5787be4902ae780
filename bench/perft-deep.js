// Deep draughts perft: every published table of packages/draughts/src/testdata/perft-tables.ts at every depth whose
// count is within the node budget, and the derived Thai start counts against the independent reference generator.
// Too slow for CI; run with `npm run perft:deep` (builds first).
//   node bench/perft-deep.js                      budget 400 million nodes per count
//   node bench/perft-deep.js --max-nodes 3e9      deeper
// Exits non-zero on any mismatch.
import { initialPosition, parseFen, perftPosition } from '../packages/draughts/dist/index.js';
import { PERFT_SOURCES, PERFT_TABLES } from '../packages/draughts/dist/testdata/perft-tables.js';
import { referencePerft } from '../packages/draughts/dist/test-reference.js';

const at = process.argv.indexOf('--max-nodes');
const budget = at >= 0 ? Number(process.argv[at + 1]) : 4e8;
if (!(budget > 0)) {
  console.error('--max-nodes needs a positive number');
  process.exit(2);
}

let failures = 0;
let checked = 0;
for (const table of PERFT_TABLES) {
  const parsed = parseFen(table.fen, table.variant);
  if (!parsed.ok) throw new Error(`bad FEN in the tables: ${table.fen}`);
  console.log(`${table.name} [${table.variant}] — ${PERFT_SOURCES[table.source].convention} (${table.source})`);
  table.counts.forEach((expected, k) => {
    const depth = k + 1;
    if (expected > budget) return;
    const t = performance.now();
    const got = perftPosition(parsed.value, depth, { unique: table.unique });
    const ms = performance.now() - t;
    const ok = got === expected;
    checked++;
    if (!ok) failures++;
    console.log(
      `  perft(${depth}) = ${got}${ok ? '' : `  MISMATCH, published ${expected}`}  (${ms.toFixed(0)} ms, ` +
        `${ms > 0 ? (got / ms / 1000).toFixed(1) : '-'} Mnodes/s)`,
    );
  });
}

// Thai has no published count from its real start: the engine against the reference generator.
console.log('Thai start, engine against the reference generator (src/test-reference.ts)');
for (let depth = 1; depth <= 7; depth++) {
  const pos = initialPosition('thai');
  const t = performance.now();
  const ref = referencePerft(pos, depth);
  const ms = performance.now() - t;
  const got = perftPosition(pos, depth);
  checked++;
  if (got !== ref) failures++;
  console.log(
    `  perft(${depth}) = ${got}${got === ref ? ' = reference' : `  MISMATCH, reference ${ref}`}  (reference ${ms.toFixed(0)} ms)`,
  );
}

console.log(`${checked} counts checked, ${failures} mismatches`);
process.exitCode = failures === 0 ? 0 : 1;
