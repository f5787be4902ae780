// Tactics benchmarks and deep perft, over the built packages (`npx tsc -b packages/tactics` first).
//   node bench/tactics.js           perft 1-5 from the start with nodes/s (bulk counting at the leaves), a make/unmake
//                                   walk without bulk counting, and random playouts through the public API
//   node bench/tactics.js --deep    adds perft 6 (46313538852, about 9 minutes) and checks the fast perft against the
//                                   contract's generic walk at depth 4
import { createRng, perftGeneric } from '../packages/core/dist/index.js';
import { MAX_MOVES, TacticsEngine, tactics } from '../packages/tactics/dist/index.js';

const deep = process.argv.includes('--deep');
const start = tactics.initial();

for (let depth = 1; depth <= (deep ? 6 : 5); depth++) {
  const t = performance.now();
  const nodes = tactics.perft(start, depth);
  const ms = performance.now() - t;
  console.log(
    `tactics perft ${depth}: ${nodes} nodes, ${ms.toFixed(0)} ms, ${((nodes / ms) * 1000).toFixed(0)} nodes/s`,
  );
}

// Make/unmake without bulk counting: every leaf is made and unmade (flips and keys included), a fairer speed for search.
{
  const e = new TacticsEngine();
  e.load(start, true);
  e.reserve(4);
  let made = 0;
  const walk = (d, ply) => {
    if (d === 0) return;
    const base = ply * MAX_MOVES;
    const n = e.generate(base);
    for (let i = 0; i < n; i++) {
      e.make(e.moves[base + i]);
      made++;
      walk(d - 1, ply + 1);
      e.unmake();
    }
  };
  const t = performance.now();
  walk(4, 0);
  const ms = performance.now() - t;
  console.log(`tactics make/unmake to depth 4: ${made} moves made, ${((made / ms) * 1000).toFixed(0)} moves/s`);
}

{
  const rng = createRng(1);
  let plies = 0;
  const t = performance.now();
  for (let g = 0; g < 20; g++) {
    let s = start;
    while (!tactics.outcome(s)) {
      s = tactics.play(s, rng.pick(tactics.legalMoves(s)));
      plies++;
    }
  }
  const ms = performance.now() - t;
  console.log(
    `tactics public API random playouts: 20 games, ${plies} plies, ${((plies / ms) * 1000).toFixed(0)} plies/s`,
  );
}

if (deep) {
  const t = performance.now();
  const generic = perftGeneric(tactics, start, 4);
  const fast = tactics.perft(start, 4);
  console.log(
    `tactics perft 4, generic walk ${generic} vs fast ${fast}: ${generic === fast ? 'agree' : 'DISAGREE'} (${(performance.now() - t).toFixed(0)} ms)`,
  );
  if (generic !== fast) process.exitCode = 1;
}
