// Tactrix! benchmarks and deep perft, over the built packages (`npx tsc -b packages/tactrix` first).
//   node bench/tactrix.js            perft 1-5 from the start with nodes/s, and random playouts through the public API
//   node bench/tactrix.js --deep     adds perft 6 and perft 7 and a generic-walk cross-check at depth 5 (slow)
import { createRng, perftGeneric } from '../packages/core/dist/index.js';
import { Position, legalMoves, outcomeOfState, play, tactrix } from '../packages/tactrix/dist/index.js';

const deep = process.argv.includes('--deep');
const start = tactrix.initial();

for (let depth = 1; depth <= (deep ? 7 : 5); depth++) {
  const t = performance.now();
  const nodes = tactrix.perft(start, depth);
  const ms = performance.now() - t;
  console.log(
    `tactrix perft ${depth}: ${nodes} nodes, ${ms.toFixed(0)} ms, ${((nodes / ms) * 1000).toFixed(0)} nodes/s`,
  );
}

// Make/unmake without bulk counting: every leaf is made and unmade (a fairer speed for search).
{
  const p = new Position();
  p.board.set(start.board);
  p.chips.set(start.chips);
  p.refresh();
  const buffers = [new Int32Array(2048), new Int32Array(2048), new Int32Array(2048), new Int32Array(2048)];
  let made = 0;
  const walk = (d) => {
    if (d === 0) return;
    const n = p.generate(p.turn, buffers[d - 1]);
    for (let i = 0; i < n; i++) {
      p.make(buffers[d - 1][i]);
      made++;
      walk(d - 1);
      p.unmake();
    }
  };
  const t = performance.now();
  walk(4);
  const ms = performance.now() - t;
  console.log(`tactrix make/unmake to depth 4: ${made} moves made, ${((made / ms) * 1000).toFixed(0)} moves/s`);
}

{
  const rng = createRng(1);
  let plies = 0;
  const t = performance.now();
  for (let g = 0; g < 20; g++) {
    let s = start;
    while (!outcomeOfState(s) && plies < 1e6) {
      s = play(s, rng.pick(legalMoves(s)));
      plies++;
    }
  }
  const ms = performance.now() - t;
  console.log(
    `tactrix public API random playouts: 20 games, ${plies} plies, ${((plies / ms) * 1000).toFixed(0)} plies/s`,
  );
}

if (deep) {
  const t = performance.now();
  const generic = perftGeneric(tactrix, start, 5);
  console.log(`tactrix generic perft 5 over the immutable API: ${generic} (${(performance.now() - t).toFixed(0)} ms)`);
  if (generic !== tactrix.perft(start, 5)) {
    console.error('MISMATCH between the generic walk and the engine perft');
    process.exitCode = 1;
  }
}
