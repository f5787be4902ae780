// Force 400 computer opponent benchmarks, over the built packages (`npx tsc -b packages/ai` first).
//   node bench/ai-force400.js                      search speed (nodes/s) and the deterministic node count
//   node bench/ai-force400.js --levels             adds each level's time for one middle game move
//   node bench/ai-force400.js --find-tactics       prints positions for force400-tactics.ts (seeded playouts)
// Level matches (the ladder, weight matches) are in bench/force400-ladder.js.
// The node count is the same fixed search set as packages/ai/src/games/force400.test.ts: a change to move
// generation, ordering, evaluation or search changes it.
import os from 'node:os';
import { createRng } from '../packages/core/dist/index.js';
import {
  canTakeKing,
  force400,
  Force400SearchPosition,
  formatPosition,
  loadEngine,
  parsePosition,
} from '../packages/force400/dist/index.js';
import { createForce400Engine, FORCE400_LEVELS, Searcher } from '../packages/ai/dist/index.js';
import { ONE_MOVE_DEFENCES } from '../packages/ai/dist/games/force400-tactics.js';

const args = process.argv.slice(2);
const position = (text) => {
  const r = parsePosition(text);
  if (!r.ok) throw new Error(`bad position ${text}`);
  return r.value;
};

console.log(
  `force400 ai — ${os.cpus()[0]?.model ?? 'unknown cpu'}, node ${process.version}, load ${os.loadavg()[0].toFixed(1)}`,
);

if (args.includes('--find-tactics')) findTactics();
else speed();

function speed() {
  // Deterministic node count: the fixed search set to depth 2, a fresh searcher each.
  const set = [formatPosition(force400.initial()), ...ONE_MOVE_DEFENCES.slice(3, 5)];
  let nodes = 0;
  for (const text of set) {
    const searcher = new Searcher({ ttLog2: 16 });
    nodes += searcher.search(new Force400SearchPosition(position(text)), { depth: 2 }).nodes;
  }
  console.log(`deterministic node count (fixed set of ${set.length} positions, depth 2): ${nodes}`);
  // Speed: depth 3 from the start and from a middle game position.
  const middle =
    'w 15 W:B4:12,E5:2,F5:13,D6:9,A8:22,C8:1,D8:10,E8:10,F8:10,G8:14,H8:10,I8:5,J8:12,B9:5,C9:10,E9:10,F9:10,H9:5K,I9:7,J9:10 B:B0:10,C0:10K,D0:10,E0:10,F0:10,G0:8,H0:11,I0:3,J0:10,A1:20,B1:10,C1:10,D1:10,E1:10,F1:10,G1:10,H1:10,I1:15,J1:10,B2:10';
  for (const [name, text] of [
    ['start', formatPosition(force400.initial())],
    ['middle game', middle],
  ]) {
    const searcher = new Searcher({ ttLog2: 18 });
    const t = performance.now();
    const cpu = process.cpuUsage();
    const r = searcher.search(new Force400SearchPosition(position(text)), { depth: 3 });
    const ms = performance.now() - t;
    const used = process.cpuUsage(cpu);
    const cpuMs = (used.user + used.system) / 1000;
    console.log(
      `search ${name} to depth ${r.depth}: ${r.nodes} nodes, ${((r.nodes / cpuMs) * 1000).toFixed(0)} nodes/s CPU, ` +
        `${((r.nodes / ms) * 1000).toFixed(0)} nodes/s wall (${ms.toFixed(0)} ms)`,
    );
  }
  if (!args.includes('--levels')) return;
  // Time per move of each level from the middle game position.
  const engine = createForce400Engine();
  for (const level of FORCE400_LEVELS) {
    const t = performance.now();
    const c = engine.choose(position(middle), level.id, { seed: 1 });
    console.log(
      `${level.name}: ${(performance.now() - t).toFixed(0)} ms, depth ${c.depth ?? '-'}, ${c.nodes ?? '-'} nodes`,
    );
  }
}

function findTactics() {
  const rng = createRng(4000);
  const wins = [];
  const defences = [];
  for (let g = 0; g < 3000 && (wins.length < 12 || defences.length < 16); g++) {
    let s = force400.initial();
    for (let i = 0; i < 160 && !s.ended; i++) {
      const e = loadEngine(s);
      const me = s.toMove;
      const them = 1 - me;
      if (i > 10) {
        if (canTakeKing(e, me) && wins.length < 12 && rng.int(3) === 0) {
          wins.push(formatPosition(s));
          break;
        }
        if (canTakeKing(e, them) && !canTakeKing(e, me)) {
          const codes = e.legalCodes();
          let safe = 0;
          for (const c of codes) {
            e.make(c);
            if (e.winner !== them && !canTakeKing(e, them)) safe++;
            e.unmake();
          }
          if (safe > 0 && safe * 20 < codes.length && defences.length < 16) {
            defences.push(formatPosition(s));
            break;
          }
        }
      }
      const legal = force400.legalMoves(s);
      const men = legal.filter((m) => m.kind !== 'transfer');
      s = force400.play(s, rng.int(5) === 0 || men.length === 0 ? rng.pick(legal) : rng.pick(men));
    }
  }
  console.log(JSON.stringify({ wins, defences }, null, 1));
}
