// Force 400 benchmarks and deep perft, over the built packages (`npx tsc -b packages/force400` first).
//   node bench/force400.js          perft 1-3 from the start (bulk counting at the last ply) with nodes/s,
//                                   make/unmake speed, and random playouts through the public API
//   node bench/force400.js --deep   adds a full make/unmake walk to depth 3 (every leaf made), checked against perft 3
// A node is one legal action: each move, each transfer once per amount sent, each abdication.
import os from 'node:os';
import { createRng } from '../packages/core/dist/index.js';
import { force400, loadEngine } from '../packages/force400/dist/index.js';

const deep = process.argv.includes('--deep');
const start = force400.initial();
console.log(`force400 — ${os.cpus()[0]?.model ?? 'unknown cpu'}, node ${process.version}`);

for (let depth = 1; depth <= 3; depth++) {
  const t = performance.now();
  const nodes = force400.perft(start, depth);
  const ms = performance.now() - t;
  console.log(`perft ${depth}: ${nodes} nodes, ${ms.toFixed(0)} ms, ${((nodes / ms) * 1000).toFixed(0)} nodes/s`);
}

// Every leaf made and unmade (no bulk counting): the speed a search sees.
function walk(engine, buffers, depth) {
  if (depth === 0) return 1;
  const buf = buffers[depth];
  const n = engine.generate(buf, 0);
  let leaves = 0;
  for (let i = 0; i < n; i++) {
    engine.make(buf[i]);
    leaves += walk(engine, buffers, depth - 1);
    engine.unmake();
  }
  return leaves;
}
const walkDepth = deep ? 3 : 2;
{
  const engine = loadEngine(start);
  const buffers = Array.from({ length: walkDepth + 1 }, () => new Int32Array(40000));
  const t = performance.now();
  const leaves = walk(engine, buffers, walkDepth);
  const ms = performance.now() - t;
  const expected = force400.perft(start, walkDepth);
  console.log(
    `make/unmake walk to depth ${walkDepth}: ${leaves} leaves (perft says ${expected}${leaves === expected ? ', agrees' : ', DISAGREES'}), ` +
      `${ms.toFixed(0)} ms, ${((leaves / ms) * 1000).toFixed(0)} makes/s`,
  );
  if (leaves !== expected) process.exitCode = 1;
}

// Random playouts through the immutable public API (legalMoves + play), for the cost of the validating path.
{
  const rng = createRng(400);
  let plies = 0;
  const t = performance.now();
  for (let g = 0; g < 50; g++) {
    let s = force400.initial();
    for (let i = 0; i < 200 && !s.ended; i++) {
      s = force400.play(s, rng.pick(force400.legalMoves(s)));
      plies++;
    }
  }
  const ms = performance.now() - t;
  console.log(`public API playouts: ${plies} plies, ${ms.toFixed(0)} ms, ${((plies / ms) * 1000).toFixed(0)} plies/s`);
}
