// Draughts perft speed: nodes per second from the start of every rule set, single thread, bulk counting at the leaves
// (the last ply is counted, not played). Runs over the built packages (`npm run bench` builds first).
//   node bench/perft.js              each rule set at the depth of its row below, best of 3 runs
//   node bench/perft.js --runs 5     more runs per rule set
//   node bench/perft.js english 12   one rule set at one depth
// The machine's load average is printed first: on a shared machine, other processes take cores away. So besides
// wall-clock speed the script reports nodes per second of this process's own CPU time, the speed of one core.
// Results are kept in bench/RESULTS.md.
import os from 'node:os';
import { PerformanceObserver } from 'node:perf_hooks';
import { setImmediate as tick } from 'node:timers/promises';
import v8 from 'node:v8';
import vm from 'node:vm';
import { initialPosition, perftPosition, VARIANT_IDS } from '../packages/draughts/dist/index.js';

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

const load = os
  .loadavg()
  .map((x) => x.toFixed(1))
  .join(' ');
console.log(
  `draughts perft, bulk counting, 1 thread — ${os.cpus()[0]?.model ?? 'unknown cpu'} x${os.cpus().length}, ` +
    `node ${process.version}, load average ${load}`,
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
    collectGarbage();
    const cpu = process.cpuUsage();
    const t = performance.now();
    nodes = perftPosition(pos, depth);
    const end = performance.now();
    const used = process.cpuUsage(cpu);
    const ms = end - t;
    bestCpu = Math.min(bestCpu, (used.user + used.system) / 1000);
    await tick(); // let the observer report
    gcs += gcStarts.filter((at) => at >= t && at <= end).length;
    best = Math.min(best, ms);
    rates.push(nodes / ms / 1000);
  }
  console.log(
    `${variant.padEnd(14)} ${String(depth).padStart(5)} ${String(nodes).padStart(16)} ${best.toFixed(0).padStart(9)} ` +
      `${(nodes / best / 1000).toFixed(1).padStart(14)} ${(nodes / bestCpu / 1000).toFixed(1).padStart(13)} ` +
      `${String(gcs).padStart(4)}  ` +
      `${rates.map((x) => x.toFixed(1)).join(' ')}`,
  );
}
