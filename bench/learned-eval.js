// What one learned draughts evaluation costs, JavaScript against WebAssembly, on the same positions, over the built
// packages:
//   node bench/learned-eval.js [--variants international,english] [--positions 4000] [--rounds 5] [--ms 300]
// Positions: seeded random walks (the tests' material, test-draughts-networks.ts), kings and endings included, the
// same every run. Each way below evaluates them all, pass after pass, for at least `--ms` of the process's CPU time
// (the figures hold for one dedicated core whatever else runs); the ways alternate round by round, their order
// turning, and each gets the median of its rounds:
//   js         `evaluateWhite` with the network in JavaScript (the reference)
//   js+wasm    `evaluateWhite` with the network's forward pass in WebAssembly (Master as it plays)
//   wasm       the whole evaluation in WebAssembly (learned-wasm.ts), called from JavaScript once a position: the
//              boundary's cost included
//   in-module  the same evaluation, the positions evaluated inside the module as a search there would: no call
//              from the host a position
// The scores' sums must agree (exit 1 if not). The load average is printed at each round.
import { loadavg } from 'node:os';
import { cpuUsage } from 'node:process';
import {
  LearnedDraughtsEvaluator,
  learnedWeightsOf,
  withWasmNetwork,
} from '../packages/ai/dist/games/draughts/learned-eval.js';
import { learnedWasmEvaluation } from '../packages/ai/dist/games/draughts/learned-wasm.js';
import { randomWalkPositions } from '../packages/ai/dist/test-draughts-networks.js';
import { flags, numberOption } from './args.js';

const options = flags();
const read = (name, fallback) => options[name] ?? fallback;
const variants = read('variants', 'international,english').split(',');
const count = numberOption(read, 'positions', '4000', 1);
const rounds = numberOption(read, 'rounds', '5', 1);
const ms = numberOption(read, 'ms', '300', 1);

const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');
const cpuMs = () => {
  const u = cpuUsage();
  return (u.user + u.system) / 1000;
};

/** CPU ns per position of `pass` (one pass evaluates every position, returns the sum of the scores to move). */
function timed(pass, positions) {
  let passes = 0;
  let sum = 0;
  const start = cpuMs();
  let spent = 0;
  while (spent < ms) {
    sum = pass();
    passes++;
    spent = cpuMs() - start;
  }
  return { ns: (spent * 1e6) / (passes * positions), sum };
}

/** A pass over the positions through a function of the halves (a score from White's side: turned for the mover). */
function passOf(evaluateWhite, positions) {
  return () => {
    let sum = 0;
    for (const p of positions) {
      const [wLo, wHi, bLo, bHi, kLo, kHi] = p.bits;
      const white = evaluateWhite(wLo, wHi, bLo, bHi, kLo, kHi, p.turn);
      sum += p.turn === 0 ? white : 0 - white;
    }
    return sum;
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

console.log(
  `learned evaluation, ns a position (CPU), ${count} random-walk positions a rule set, ${rounds} rounds of ${ms} ms a way, node ${process.version}, load average ${load()}`,
);
let failed = false;
for (const variant of variants) {
  const weights = await learnedWeightsOf(variant);
  if (!weights) throw new Error(`${variant} has no learned weights`);
  const js = LearnedDraughtsEvaluator.fromWeights(weights);
  const played = await withWasmNetwork(LearnedDraughtsEvaluator.fromWeights(weights));
  const wasm = await learnedWasmEvaluation(js);
  if (!wasm) throw new Error('this Node runs no WebAssembly SIMD');
  const positions = randomWalkPositions(variant, count, 'bench-learned-eval');
  const ways = {
    js: passOf((...a) => js.evaluateWhite(...a), positions),
    'js+wasm': passOf((...a) => played.evaluateWhite(...a), positions),
    wasm: passOf(wasm.evaluateWhite, positions),
    'in-module': wasm.inModule(positions),
  };
  const names = Object.keys(ways);
  const ns = Object.fromEntries(names.map((n) => [n, []]));
  const sums = new Set();
  for (let r = 0; r < rounds; r++) {
    const order = names.map((_, k) => names[(k + r) % names.length]);
    const line = [];
    for (const name of order) {
      const { ns: each, sum } = timed(ways[name], positions.length);
      ns[name].push(each);
      sums.add(sum);
      line.push(`${name} ${each.toFixed(0)}`);
    }
    console.log(`  ${variant} round ${r + 1}: ${line.join(', ')} ns; load ${load()}`);
  }
  if (sums.size !== 1) {
    console.error(`${variant}: the ways disagree (sums ${[...sums].join(', ')})`);
    failed = true;
  }
  const base = median(ns['js+wasm']);
  console.log(
    `${variant}${js.network ? ` (network of ${js.network.hidden} units)` : ''}: ` +
      names.map((n) => `${n} ${median(ns[n]).toFixed(0)} ns (×${(base / median(ns[n])).toFixed(2)})`).join(', ') +
      ' — medians, ratios to js+wasm',
  );
}
if (failed) process.exit(1);
