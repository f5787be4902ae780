// How deep the draughts search goes in a second, and its effective branching factor, over the built packages:
//   node bench/draughts-depth.js [--variants international,english] [--positions 8] [--ms 1000]
//                                [--searcher deep|classic] [--verbose]
// Positions: middlegames from seeded self-play (Good against Good from random four-ply openings, the first quiet
// position from ply 40), the same every run. Each is searched with a fresh searcher for `--ms` of the process's CPU
// time (so the figures hold for one dedicated core whatever else runs on the machine). The effective branching factor
// is (N(d) / N(d - 4))^(1/4), N(d) the nodes spent when depth d completed; averaged geometrically over the positions.
// `--searcher classic` is the search of the manual's levels, `deep` the top level's (`--probe` turns its reduced-depth
// probe on, `--no-lmr` and `--no-extension` turn its parts off, `--lmr-scale`, `--late-moves`, `--futility` set them,
// to measure each). `--eval learned` gives the deep search the learned evaluation (draughts-learned-eval.ts).
import { cpuUsage } from 'node:process';
import {
  createDraughtsEngine,
  DraughtsDeepSearcher,
  DraughtsSearcher,
  loadLearnedEvaluator,
  randomOpening,
} from '../packages/ai/dist/index.js';
import { createRng } from '../packages/core/dist/index.js';
import { DraughtsSearchPosition, draughtsGame, makeFen } from '../packages/draughts/dist/index.js';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};

export function middlegames(variant, count) {
  const game = draughtsGame(variant);
  const engine = createDraughtsEngine();
  const out = [];
  for (let g = 0; out.length < count && g < count * 4; g++) {
    let s = randomOpening(game, createRng(`depth-bench-${variant}-${g}`).next(), 4);
    let plies = 0;
    while (!game.outcome(s) && plies < 80) {
      if (plies >= 40 && game.legalMoves(s).every((m) => m.captures.length === 0)) break;
      s = game.play(s, engine.choose(s, 'good', { seed: g * 1000 + plies }).move);
      plies++;
    }
    if (!game.outcome(s) && plies < 80) out.push(s);
  }
  return out;
}

const cpuMs = () => {
  const u = cpuUsage();
  return (u.user + u.system) / 1000;
};

async function main() {
  const variants = option('--variants', 'international,english').split(',');
  const count = Number(option('--positions', '8'));
  const ms = Number(option('--ms', '1000'));
  const kind = option('--searcher', 'deep');
  const settings = {
    probeCut: args.includes('--probe'),
    reductions: !args.includes('--no-lmr'),
    forcedExtension: !args.includes('--no-extension'),
  };
  for (const [flag, key] of [
    ['--lmr-scale', 'reductionScale'],
    ['--probe-margin', 'probeMargin'],
    ['--probe-depth', 'probeDepth'],
    ['--late-moves', 'lateMoves'],
    ['--futility', 'futilityMargin'],
  ]) {
    if (option(flag, undefined) !== undefined) settings[key] = Number(option(flag));
  }
  const learned = option('--eval', 'hand') === 'learned';
  console.log(
    `draughts search depth, ${kind} searcher${kind === 'deep' ? ` ${JSON.stringify(settings)}` : ''}${learned ? ', learned evaluation' : ''}, ${ms} ms of CPU time per position, node ${process.version}`,
  );
  for (const variant of variants) {
    const positions = middlegames(variant, count);
    const evaluator = learned ? await loadLearnedEvaluator(variant) : undefined;
    const searcher =
      kind === 'classic'
        ? new DraughtsSearcher({ ttLog2: 20 })
        : new DraughtsDeepSearcher({ ttLog2: 18, ...settings, ...(evaluator ? { evaluator } : {}) });
    // Warm up the JIT on another position.
    searcher.search(new DraughtsSearchPosition(positions[positions.length - 1]), { timeMs: 300 });
    const depths = [];
    let logEbf = 0;
    let ebfCount = 0;
    let nodes = 0;
    let used = 0;
    for (const s of positions) {
      searcher.reset();
      const iterations = [];
      const start = cpuMs();
      const r = searcher.search(new DraughtsSearchPosition(s), {
        timeMs: ms,
        now: cpuMs,
        onIteration: (info) => iterations.push(info),
      });
      used += cpuMs() - start;
      nodes += r.nodes;
      depths.push(r.depth);
      const last = iterations[iterations.length - 1];
      const back = iterations.find((i) => i.depth === last.depth - 4);
      if (last && back && back.nodes > 0) {
        logEbf += Math.log(last.nodes / back.nodes) / 4;
        ebfCount++;
      }
      if (args.includes('--verbose')) console.log(`  ${makeFen(s.position)}: depth ${r.depth}, ${r.nodes} nodes`);
    }
    depths.sort((a, b) => a - b);
    const mean = depths.reduce((a, b) => a + b, 0) / depths.length;
    console.log(
      `${variant}: depth mean ${mean.toFixed(1)}, median ${depths[depths.length >> 1]}, min ${depths[0]}, max ${depths[depths.length - 1]}; EBF ${Math.exp(logEbf / Math.max(1, ebfCount)).toFixed(2)}; ${Math.round((nodes / used) * 1000)} nodes per CPU second (${depths.length} positions)`,
    );
  }
}

await main();
