// Force 400 benchmarks and deep perft, over the built packages (`npx tsc -b packages/force400` first).
//   node bench/force400.js          perft 1-3 from the start (bulk counting at the last ply) with nodes/s,
//                                   make/unmake speed, random playouts through the public API, and the
//                                   evaluation's and the king's room's time per position (with a checksum: a
//                                   speed-up that changes the checksum changes what the computer plays)
//   node bench/force400.js --deep   adds a full make/unmake walk to depth 3 (every leaf made), checked against perft 3
// A node is one legal action: each move, each transfer once per amount sent, each abdication.
import os from 'node:os';
import { createRng } from '../packages/core/dist/index.js';
import { evaluate, force400, loadEngine } from '../packages/force400/dist/index.js';
import { kingRoom } from '../packages/force400/dist/king-room.js';

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

// The computer opponent's static judgement: positions from seeded random playouts (every fourth ply), and endings
// made from them by taking men off (6-12 left besides the kings) for the king's room (level 7's hunt term).
{
  const rng = createRng(5);
  const positions = [];
  const endings = [];
  for (let g = 0; g < 60; g++) {
    let s = force400.initial();
    for (let ply = 0; ply < 160 && !s.ended; ply++) {
      s = force400.play(s, rng.pick(force400.legalMoves(s)));
      if (ply % 4 !== 0 || s.ended) continue;
      positions.push(loadEngine(s));
      const e = loadEngine(s);
      const men = [];
      for (let sq = 0; sq < 100; sq++) if (e.owner[sq] !== -1 && e.king[sq] !== 1) men.push(sq);
      const keep = 6 + rng.int(7);
      while (men.length > keep) {
        const [sq] = men.splice(rng.int(men.length), 1);
        e.owner[sq] = -1;
        e.force[sq] = 0;
      }
      endings.push(e);
    }
  }
  // Best of five rounds of CPU time, after a warm-up round: the figure least disturbed by other processes.
  const time = (items, run) => {
    let checksum = 0;
    let best = Infinity;
    for (let round = 0; round < 6; round++) {
      const c = process.cpuUsage();
      for (let r = 0; r < 20; r++) for (const e of items) checksum = (checksum + run(e)) | 0;
      const used = process.cpuUsage(c);
      if (round > 0) best = Math.min(best, (used.user + used.system) / 20 / items.length);
    }
    return { us: best.toFixed(2), checksum: checksum >>> 0 };
  };
  const ev = time(positions, (e) => evaluate(e));
  console.log(`evaluation: ${positions.length} positions, ${ev.us} µs each (CPU), checksum ${ev.checksum}`);
  const room = time(endings, (e) => kingRoom(e, e.kingSquare[0], 12) * 13 + kingRoom(e, e.kingSquare[1], 12));
  console.log(
    `king's room, both kings: ${endings.length} endings, ${room.us} µs each (CPU), checksum ${room.checksum}`,
  );
}
