// How deep the draughts search goes in a second, and its effective branching factor, over the built packages:
//   node bench/draughts-depth.js [--variants international,english] [--positions 8] [--ms 1000]
//                                [--searcher deep|classic] [--threads 1] [--wall] [--verbose]
//                                [--eval learned [--weights FILE]] [--wasm]
//                                [--games FILE.pdn[,…] [--ply 40 | --max-pieces N]] [--egdb DIR]
// Positions: middlegames from seeded self-play (Good against Good from random four-ply openings, the first quiet
// position from ply 40), the same every run. Each is searched with a fresh searcher for `--ms` of the process's CPU
// time (so the figures hold for one dedicated core whatever else runs on the machine). The effective branching factor
// is (N(d) / N(d - 4))^(1/4), N(d) the nodes spent when depth d completed; averaged geometrically over the positions.
// `--searcher classic` is the search of the manual's levels, `deep` the top level's (`--probe` turns its reduced-depth
// probe on, `--no-lmr` and `--no-extension` turn its parts off, `--lmr-scale`, `--late-moves`, `--futility` set them,
// to measure each). `--threads N` adds N - 1 Lazy SMP helper threads over the shared table (deep searcher): the
// position then gets `--ms` of CPU time per thread (the process's CPU time over N), and the nodes per second count
// every thread's nodes over that time; `--wall` measures wall-clock time instead of CPU time. `--eval learned` gives
// the deep search (one thread) the learned evaluation (draughts-learned-eval.ts); with `--accumulate`, its network's
// sums kept along the search's path (`LearnedEvaluatorOptions.accumulators`, off by default); its network runs in
// WebAssembly as in play (`loadLearnedEvaluator`), or in JavaScript with `--no-wasm` (the same trees, to measure
// both); with `--weights FILE`, the weights of a built weights module instead of the committed ones (a candidate
// fit's, e.g. a bigger network, to weigh its cost before it is adopted; `--variants` then only its rule set).
// `--wasm`: the deep searcher in WebAssembly (deep-search-wasm.ts; one thread, the hand evaluation or with
// `--eval learned` the learned one inside the module), which searches the same trees as the JS one: with
// `--nodes N --verbose` the two print the same lines.
// `--nodes N` searches each position to N nodes instead of for a time: deterministic whatever the load (with
// `--verbose`, each position's depth, nodes,
// score and principal variation: a change meant to keep the search's trees must leave those lines alone). `--set
// JSON` adds deep-searcher settings (`DeepSearcherOptions`). `--stats` prints where the nodes went (one thread; the searcher's `stats`):
// the quiescence share, the table's hit and cutoff rates, how often a node that failed high did so on its first
// move, how often a reduced search was searched again, the full-width nodes of depth ≥ 3 without a table move, and
// the frontier nodes the static cut ended (`staticCutMargin`).
// `--whole-wasm` (with `--eval learned`, one thread) has the search call the whole learned evaluation in WebAssembly
// (learned-wasm.ts, the module a search inside WebAssembly embeds) once a leaf instead: the same scores, so the same
// trees, to measure what the evaluation alone gains.
// `--games FILE[,FILE…]` takes the positions from recorded games (PDN, e.g. a match's in bench/results/matches/)
// instead of seeded self-play, to measure on positions our own games did not choose: from each game of the rule set,
// in the files' order, the first quiet position (no capture to make) from ply `--ply` (default 40), or with
// `--max-pieces N` the first quiet one with at most N pieces (endings), each position once, `--positions` of them.
// `--egdb DIR` has the deep searcher (JS or WebAssembly) probe the endgame databases of that folder
// (`npm run egdb:build`; none found is an error), to measure what probing costs or saves.
// The imports an option alone needs are loaded when it is given, so this script also runs over an older build
// (a worktree at an earlier commit) to compare builds on the same positions.
import { loadavg } from 'node:os';
import { cpuUsage } from 'node:process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  createDraughtsEngine,
  DeepTable,
  DraughtsDeepSearcher,
  DraughtsHelpers,
  DraughtsSearcher,
  LearnedDraughtsEvaluator,
  loadLearnedEvaluator,
  randomOpening,
} from '../packages/ai/dist/index.js';
import { createRng } from '../packages/core/dist/index.js';
import {
  DraughtsSearchPosition,
  draughtsGame,
  gamePositions,
  makeFen,
  pieceCounts,
  readPdn,
} from '../packages/draughts/dist/index.js';
import { readFileSync } from 'node:fs';

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

/**
 * Positions from recorded games (`--games`): from each game of `variant` in the files, the first quiet position from
 * ply `fromPly`, or the first quiet one with at most `maxPieces` pieces; each once, at most `count`.
 */
export function recordedPositions(variant, files, count, fromPly, maxPieces) {
  const game = draughtsGame(variant);
  const out = [];
  const seen = new Set();
  for (const file of files)
    for (const read of readPdn(readFileSync(file, 'utf8'))) {
      if (out.length >= count) return out;
      if (!read.ok) throw new Error(`--games ${file}: ${read.error.message}`);
      const g = read.value;
      if (g.variant !== variant || g.giveaway) continue;
      const found = gamePositions(g).find((pos, ply) => {
        const { white, black } = pieceCounts(pos);
        if (maxPieces !== undefined ? white + black > maxPieces : ply < fromPly) return false;
        const s = game.fromPosition(pos);
        return !game.outcome(s) && game.legalMoves(s).every((m) => m.captures.length === 0);
      });
      const fen = found && makeFen(found);
      if (found && !seen.has(fen)) {
        seen.add(fen);
        out.push(game.fromPosition(found));
      }
    }
  return out;
}

/** The endgame databases of `--egdb DIR`, if asked for. */
async function endgamesIfAsked() {
  const dir = option('--egdb', undefined);
  if (dir === undefined) return undefined;
  const { openEgdbFolders } = await import('../packages/ai/dist/node-egdb.js');
  const endgames = openEgdbFolders(resolve(dir));
  if (!endgames) throw new Error(`--egdb ${dir}: no endgame database there (npm run egdb:build)`);
  return endgames;
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
  const threads = Math.max(1, Number(option('--threads', '1')));
  const wall = args.includes('--wall');
  // A node budget instead of time: deterministic, whatever the load (one thread).
  const budget = Number(option('--nodes', '0'));
  const clock = wall ? () => performance.now() : () => cpuMs() / threads;
  const wasm = args.includes('--wasm');
  if (wasm && (kind !== 'deep' || threads > 1 || args.includes('--whole-wasm') || args.includes('--accumulate')))
    throw new Error('--wasm: the deep searcher on one thread only, with the hand or the learned evaluation');
  const settings = {
    probeCut: args.includes('--probe'),
    reductions: !args.includes('--no-lmr'),
    // The searcher's default single-move extension unless turned off (`--set '{"forcedExtension":true}'` for all).
    ...(args.includes('--no-extension') ? { forcedExtension: false } : {}),
  };
  Object.assign(settings, JSON.parse(option('--set', '{}')));
  for (const [flag, key] of [
    ['--lmr-scale', 'reductionScale'],
    ['--probe-margin', 'probeMargin'],
    ['--probe-depth', 'probeDepth'],
    ['--late-moves', 'lateMoves'],
    ['--futility', 'futilityMargin'],
  ]) {
    if (option(flag, undefined) !== undefined) settings[key] = Number(option(flag));
  }
  console.log(
    `draughts search depth, ${kind} searcher${wasm ? ' in WebAssembly' : ''}${kind === 'deep' ? ` ${JSON.stringify(settings)}` : ''}${option('--eval', 'hand') === 'learned' ? `, learned evaluation (network in ${args.includes('--no-wasm') || args.includes('--accumulate') ? 'JavaScript' : 'WebAssembly'})` : ''}, ${threads} thread${threads > 1 ? 's' : ''}, ${ms} ms of ${wall ? 'wall-clock' : 'CPU'} time${threads > 1 && !wall ? ' per thread' : ''} per position, node ${process.version}, load average ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );
  if (option('--games', undefined) !== undefined || option('--egdb', undefined) !== undefined)
    console.log(
      `  positions: ${option('--games', undefined) ?? 'seeded self-play'}${option('--max-pieces', undefined) !== undefined ? `, endings of at most ${option('--max-pieces')} pieces` : ''}; endgame databases: ${option('--egdb', 'none')}`,
    );
  const weightsFile = option('--weights', undefined);
  const candidate = weightsFile ? (await import(pathToFileURL(resolve(weightsFile)).href)).WEIGHTS : undefined;
  // The databases' folder, opened once for every rule set (after the header, which prints the plain settings).
  const endgames = await endgamesIfAsked();
  if (endgames) settings.endgames = endgames;
  for (const variant of variants) {
    if (candidate && candidate.variant !== variant) {
      console.log(`${variant}: skipped (--weights ${weightsFile} holds ${candidate.variant}'s)`);
      continue;
    }
    const games = option('--games', undefined);
    const maxPieces = option('--max-pieces', undefined);
    const positions = games
      ? recordedPositions(
          variant,
          games.split(','),
          count,
          Number(option('--ply', '40')),
          maxPieces === undefined ? undefined : Number(maxPieces),
        )
      : middlegames(variant, count);
    if (positions.length === 0) {
      console.log(`${variant}: no position (--games ${games} holds no game of it that reaches one)`);
      continue;
    }
    const table = threads > 1 ? new SharedArrayBuffer(DeepTable.bytes(18)) : undefined;
    const evaluator = await wholeWasmIfAsked(
      option('--eval', 'hand') !== 'learned' ? undefined : await learnedEvaluator(variant, candidate),
    );
    const searcher =
      kind === 'classic'
        ? new DraughtsSearcher({ ttLog2: 20 })
        : wasm
          ? await (
              await import('../packages/ai/dist/games/draughts/deep-search-wasm.js')
            ).createWasmDeepSearcher({ ttLog2: 18, ...settings, ...(evaluator ? { evaluator } : {}) })
          : new DraughtsDeepSearcher({
              ttLog2: 18,
              ...settings,
              ...(table ? { table } : {}),
              ...(evaluator ? { evaluator } : {}),
            });
    if (!searcher) throw new Error('--wasm: this Node runs no WebAssembly');
    const helpers = table ? new DraughtsHelpers({ count: threads - 1, ttLog2: 18, table, settings }) : undefined;
    const search = (s, limits) => {
      if (!helpers) return searcher.search(new DraughtsSearchPosition(s), limits);
      const stop = helpers.start(s, { depth: 127 }, searcher.tt.age + 1);
      try {
        return searcher.search(new DraughtsSearchPosition(s), limits);
      } finally {
        helpers.finish(stop);
      }
    };
    // Warm up the JIT (and start the helpers) on another position.
    search(positions[positions.length - 1], { timeMs: 300, now: clock });
    const depths = [];
    let logEbf = 0;
    let ebfCount = 0;
    let nodes = 0;
    let used = 0;
    const stats = new Float64Array(10);
    for (const s of positions) {
      searcher.reset();
      const iterations = [];
      const start = clock();
      const r = search(s, {
        ...(budget > 0 ? { nodes: budget } : { timeMs: ms }),
        now: clock,
        onIteration: (info) => iterations.push(info),
      });
      used += clock() - start;
      if (searcher.stats) for (let i = 0; i < stats.length; i++) stats[i] += searcher.stats[i] ?? 0;
      nodes += r.nodes + (helpers ? helpers.helperNodes : 0);
      depths.push(r.depth);
      const last = iterations[iterations.length - 1];
      const back = iterations.find((i) => i.depth === last.depth - 4);
      if (last && back && back.nodes > 0) {
        logEbf += Math.log(last.nodes / back.nodes) / 4;
        ebfCount++;
      }
      // With --nodes, two builds that search the same trees print the same lines (score and PV as move keys).
      if (args.includes('--verbose'))
        console.log(
          `  ${makeFen(s.position)}: depth ${r.depth}, ${r.nodes} nodes, score ${r.score}, pv ${r.pv.join(' ')}`,
        );
    }
    depths.sort((a, b) => a - b);
    const mean = depths.reduce((a, b) => a + b, 0) / depths.length;
    console.log(
      `${variant}: depth mean ${mean.toFixed(1)}, median ${depths[depths.length >> 1]}, min ${depths[0]}, max ${depths[depths.length - 1]}; EBF ${Math.exp(logEbf / Math.max(1, ebfCount)).toFixed(2)}; ${Math.round((nodes / used) * 1000)} nodes per ${wall ? 'second' : 'CPU second per thread'} (${depths.length} positions)`,
    );
    if (args.includes('--stats')) {
      const pct = (a, b) => `${((100 * a) / Math.max(1, b)).toFixed(1)}%`;
      const full = stats[1];
      console.log(
        `  nodes: quiescence ${pct(stats[0], stats[0] + full)}; table: hits ${pct(stats[2], full)}, cutoffs ${pct(stats[3], full)}; fail-high on the first move ${pct(stats[5], stats[4])} of ${stats[4]}; reduced ${stats[7]}, re-searched ${pct(stats[6], stats[7])}; depth >= 3 without a table move ${stats[8]}; frontier nodes cut by their static evaluation ${stats[9]}`,
      );
    }
    await helpers?.close();
  }
}

/** The learned evaluation of `--eval learned`: as in play, or as `--accumulate`, `--no-wasm`, `--weights` ask. */
async function learnedEvaluator(variant, candidate) {
  if (!candidate && !args.includes('--accumulate') && !args.includes('--no-wasm')) return loadLearnedEvaluator(variant);
  const { learnedWeightsOf, withWasmNetwork } = await import('../packages/ai/dist/games/draughts/learned-eval.js');
  const weights = candidate ?? (await learnedWeightsOf(variant));
  if (args.includes('--accumulate')) {
    const { NetworkAccumulators } = await import('../packages/ai/dist/games/draughts/network-accumulator.js');
    return LearnedDraughtsEvaluator.fromWeights(weights, {
      accumulators: (network) => new NetworkAccumulators(network),
    });
  }
  const ev = LearnedDraughtsEvaluator.fromWeights(weights);
  return args.includes('--no-wasm') ? ev : withWasmNetwork(ev);
}

/**
 * With `--whole-wasm`, the learned evaluation `ev` computed whole in WebAssembly at each leaf (the same scores);
 * otherwise `ev` itself.
 */
async function wholeWasmIfAsked(ev) {
  if (!ev || !args.includes('--whole-wasm')) return ev;
  const { learnedWasmEvaluation } = await import('../packages/ai/dist/games/draughts/learned-wasm.js');
  const wasm = await learnedWasmEvaluation(ev);
  if (!wasm) throw new Error('--whole-wasm: this Node runs no WebAssembly SIMD');
  console.log('  (--whole-wasm: the whole learned evaluation in WebAssembly at each leaf)');
  const evaluate = wasm.evaluate;
  return {
    evaluate(pos) {
      const e = pos.engine;
      return evaluate(e.wLo, e.wHi, e.bLo, e.bHi, e.kLo, e.kHi, e.side);
    },
  };
}

await main();
