// Draughts perft speed: nodes per second from the start of every rule set, single thread, bulk counting at the leaves
// (the last ply is counted, not played). Runs over the built packages (`npm run bench` builds first).
//   node bench/perft.js              each rule set at the depth of its row below, best of 3 runs
//   node bench/perft.js --runs 5     more runs per rule set
//   node bench/perft.js english 12   one rule set at one depth
//   node bench/perft.js --wasm       the JS engine and its WebAssembly port (wasm-generator.ts), runs alternated, CPU
//                                    Mnodes/s of each and the ratio; the counts must agree (exit 1 if not)
//   node bench/perft.js --wasm --making-leaves
//                                    both walking the tree as a search does: no bulk counting, every move made with
//                                    its hash update (leaf-walk.ts), one ply less than the depths below; with the
//                                    port driven from JS a node at a time (a call to generate, make, unmake, and at
//                                    each leaf: the boundary's cost), and the same walk through the search's own
//                                    position (search-position.ts: also draw counters, evaluation sums, move keys)
//                                    and through the WebAssembly search position (wasm-search-position.ts), whole
//                                    inside its module
// The machine's load average is printed first: on a shared machine, other processes take cores away. So besides
// wall-clock speed the script reports nodes per second of this process's own CPU time, the speed of one core.
// Results are kept in bench/RESULTS.md.
import os from 'node:os';
import { PerformanceObserver } from 'node:perf_hooks';
import { setImmediate as tick } from 'node:timers/promises';
import v8 from 'node:v8';
import vm from 'node:vm';
import {
  DraughtsSearchPosition,
  draughtsGame,
  initialPosition,
  loadSearchPosition,
  loadWasmGenerator,
  loadWasmSearchPosition,
  perftMakingLeaves,
  RULE_SETS,
  setUpSearchPosition,
  perftPosition,
  VARIANT_IDS,
} from '../packages/draughts/dist/index.js';

// Garbage collections during the timed runs, each started from an emptied heap: the generator allocates nothing per
// node, so there should be none.
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc');
const gcStarts = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcStarts.push(entry.startTime);
}).observe({ entryTypes: ['gc'] });

// Depths that take about a second or two each on the machine of bench/RESULTS.md.
const DEPTHS = { international: 9, english: 11, spanish: 11, russian: 11, brazilian: 11, thai: 9, pool: 11 };

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Math.max(1, Number(args[runsAt + 1]) || 3) : 3;
const positional = args.filter((a, k) => !a.startsWith('--') && !(runsAt >= 0 && k === runsAt + 1));
const only = positional[0];
if (only !== undefined && !VARIANT_IDS.includes(only)) {
  console.error(`unknown rule set "${only}": ${VARIANT_IDS.join(', ')}`);
  process.exit(2);
}
const variants = only ? [only] : VARIANT_IDS;

const loadAverage = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');

if (args.includes('--wasm')) await compareWasm(args.includes('--making-leaves'));
else await jsOnly();

async function jsOnly() {
  console.log(
    `draughts perft, bulk counting, 1 thread — ${os.cpus()[0]?.model ?? 'unknown cpu'} x${os.cpus().length}, ` +
      `node ${process.version}, load average ${loadAverage()}`,
  );
  console.log(
    'rule set       depth            nodes   best ms  best Mnodes/s  CPU Mnodes/s  GCs  all runs (wall Mnodes/s)',
  );
  for (const variant of variants) {
    const depth = positional[1] !== undefined ? Number(positional[1]) : DEPTHS[variant];
    const pos = initialPosition(variant);
    perftPosition(pos, Math.max(1, depth - 2)); // warm up the JIT
    let nodes = 0;
    const rates = [];
    let best = Infinity;
    let bestCpu = Infinity;
    let gcs = 0;
    for (let r = 0; r < runs; r++) {
      const run = await timed(() => perftPosition(pos, depth));
      nodes = run.nodes;
      bestCpu = Math.min(bestCpu, run.cpuMs);
      gcs += run.gcs;
      best = Math.min(best, run.ms);
      rates.push(nodes / run.ms / 1000);
    }
    console.log(
      `${variant.padEnd(14)} ${String(depth).padStart(5)} ${String(nodes).padStart(16)} ${best.toFixed(0).padStart(9)} ` +
        `${(nodes / best / 1000).toFixed(1).padStart(14)} ${(nodes / bestCpu / 1000).toFixed(1).padStart(13)} ` +
        `${String(gcs).padStart(4)}  ` +
        `${rates.map((x) => x.toFixed(1)).join(' ')}`,
    );
  }
}

/** One timed run from an emptied heap: nodes, wall and CPU milliseconds, garbage collections during it. */
async function timed(count) {
  collectGarbage();
  const cpu = process.cpuUsage();
  const t = performance.now();
  const nodes = count();
  const end = performance.now();
  const used = process.cpuUsage(cpu);
  await tick(); // let the observer report
  const gcs = gcStarts.filter((at) => at >= t && at <= end).length;
  return { nodes, ms: end - t, cpuMs: (used.user + used.system) / 1000, gcs };
}

/** The JS engine and the WebAssembly port on the same trees, runs alternated (JS, WASM, JS, WASM...), best CPU time. */
async function compareWasm(makingLeaves) {
  const wasm = await loadWasmGenerator();
  const walk = makingLeaves ? 'no bulk counting, every move made with its hash update' : 'bulk counting';
  console.log(
    `draughts perft, JS engine vs WebAssembly port, ${walk}, 1 thread — ${os.cpus()[0]?.model ?? 'unknown cpu'} ` +
      `x${os.cpus().length}, node ${process.version}, load average ${loadAverage()}`,
  );
  console.log(
    'rule set       depth            nodes  JS CPU Mnodes/s  WASM CPU Mnodes/s  WASM/JS  GCs  load average' +
      (makingLeaves
        ? '  WASM from JS CPU Mnodes/s  search position JS CPU Mnodes/s  search position WASM CPU Mnodes/s'
        : ''),
  );
  let differ = false;
  for (const variant of variants) {
    const depth = positional[1] !== undefined ? Number(positional[1]) : DEPTHS[variant] - (makingLeaves ? 1 : 0);
    const pos = initialPosition(variant);
    const js = makingLeaves ? () => perftMakingLeaves(pos, depth).nodes : () => perftPosition(pos, depth);
    const port = makingLeaves ? () => wasm.perftMakingLeaves(pos, depth).nodes : () => wasm.perft(pos, depth);
    let nodes = js(); // warms up the JIT
    if (port() !== nodes) differ = true;
    let bestJs = Infinity;
    let bestWasm = Infinity;
    let gcs = 0;
    const search = makingLeaves ? searchPositionWalk(variant, depth) : undefined;
    const searchWasm = makingLeaves ? await wasmSearchPositionWalk(variant, depth) : undefined;
    const fromJs = () => wasm.perftMakingLeavesFromJs(pos, depth).nodes;
    if (makingLeaves) fromJs();
    let bestSearch = Infinity;
    let bestSearchWasm = Infinity;
    let bestFromJs = Infinity;
    for (let r = 0; r < runs; r++) {
      if (search) {
        const c = await timed(search);
        const d = await timed(fromJs);
        const e = await timed(searchWasm);
        if (c.nodes !== nodes || d.nodes !== nodes || e.nodes !== nodes) differ = true;
        bestSearch = Math.min(bestSearch, c.cpuMs);
        bestSearchWasm = Math.min(bestSearchWasm, e.cpuMs);
        bestFromJs = Math.min(bestFromJs, d.cpuMs);
      }
      const a = await timed(js);
      const b = await timed(port);
      if (a.nodes !== b.nodes) differ = true;
      nodes = a.nodes;
      bestJs = Math.min(bestJs, a.cpuMs);
      bestWasm = Math.min(bestWasm, b.cpuMs);
      gcs += a.gcs + b.gcs;
    }
    console.log(
      `${variant.padEnd(14)} ${String(depth).padStart(5)} ${String(nodes).padStart(16)} ` +
        `${(nodes / bestJs / 1000).toFixed(1).padStart(15)} ${(nodes / bestWasm / 1000).toFixed(1).padStart(18)} ` +
        `${(bestJs / bestWasm).toFixed(2).padStart(8)} ${String(gcs).padStart(4)}  ${loadAverage()}` +
        (search
          ? `  ${(nodes / bestFromJs / 1000).toFixed(1).padStart(25)}  ${(nodes / bestSearch / 1000).toFixed(1).padStart(33)}` +
            `  ${(nodes / bestSearchWasm / 1000).toFixed(1).padStart(35)}`
          : ''),
    );
  }
  if (differ) {
    console.error('the JS engine and the WebAssembly port counted different trees');
    process.exit(1);
  }
}

/**
 * The same walk through the WebAssembly search position (wasm-search-position.ts), inside the module: keys generated,
 * made by key and unmade, as the JS walk below; returns a run.
 */
async function wasmSearchPositionWalk(variant, depth) {
  const x = await loadWasmSearchPosition();
  return () => {
    const game = draughtsGame(variant);
    setUpSearchPosition(x, RULE_SETS[variant], false);
    loadSearchPosition(x, new DraughtsSearchPosition(game.initial()));
    return x.positionWalk(depth, 0);
  };
}

/** The same walk through the search's position (generate, makeMove, unmakeMove by key), warmed up; returns a run. */
function searchPositionWalk(variant, depth) {
  const sp = new DraughtsSearchPosition(draughtsGame(variant).initial());
  const lists = Array.from({ length: depth + 1 }, () => new Int32Array(1024));
  const walk = (d) => {
    if (d === 0) return 1;
    const list = lists[d];
    const n = sp.generateMoves(list, 0);
    let total = 0;
    for (let i = 0; i < n; i++) {
      sp.makeMove(list[i]);
      total += walk(d - 1);
      sp.unmakeMove(list[i]);
    }
    return total;
  };
  walk(depth - 1);
  return () => walk(depth);
}
