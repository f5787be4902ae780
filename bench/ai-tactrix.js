// Tactrix! computer opponent: search speed, the deterministic node count and the level ladder, over the built
// packages (`npx tsc -b packages/ai` first).
//   node bench/ai-tactrix.js                      speed, node count, then the ladder: 200 games a pair
//   node bench/ai-tactrix.js --games 20           a shorter ladder (an even number: each opening with both colours)
//   node bench/ai-tactrix.js --pairs smart-master only these pairs (lower-upper, comma-separated)
//   node bench/ai-tactrix.js --workers 2          split each match over worker threads (worker w plays with seed+w)
//   node bench/ai-tactrix.js --no-ladder          speed and node count only
//   node bench/ai-tactrix.js --find-positions 1 [--per-kind 8]   print one-move test positions found in games
//                                                 seeded 1 (packages/ai/src/games/tactrix-one-move.txt holds them)
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import { Searcher, createTactrixEngine, estimateElo, playMatch, TACTRIX_LEVELS } from '../packages/ai/dist/index.js';
import {
  SEARCH_SET_DEPTH,
  findOneMovePositions,
  searchSetNodes,
  searchSetPositions,
} from '../packages/ai/dist/games/tactrix-checks.js';
import { TactrixSearchPosition, tactrix } from '../packages/tactrix/dist/index.js';

const SEED = 2024;
const OPENING_PLIES = 4;
const MAX_PLIES = 400;

/** Plays `games` games of `upper` (as A) against `lower`; returns the tallies and the plies and reasons. */
function runMatch(upper, lower, games, seed) {
  const engine = createTactrixEngine();
  const reasons = {};
  let plies = 0;
  const r = playMatch(
    tactrix,
    { name: upper, choose: (s, sd) => engine.choose(s, upper, { seed: sd }).move },
    { name: lower, choose: (s, sd) => engine.choose(s, lower, { seed: sd }).move },
    {
      games,
      seed,
      openingPlies: OPENING_PLIES,
      maxPlies: MAX_PLIES,
      onGame: (g) => {
        reasons[g.reason] = (reasons[g.reason] ?? 0) + 1;
        plies += g.plies;
        if ((g.index + 1) % 20 === 0)
          process.stderr.write(`${upper}-${lower} (seed ${seed}): ${g.index + 1}/${games} games\n`);
      },
    },
  );
  return { wins: r.wins, draws: r.draws, losses: r.losses, plies, reasons };
}

if (!isMainThread) {
  const { upper, lower, games, seed } = workerData;
  parentPort.postMessage(runMatch(upper, lower, games, seed));
} else {
  const args = process.argv.slice(2);
  const option = (name, fallback) => {
    const i = args.indexOf(name);
    return i >= 0 && args[i + 1] !== undefined && !args[i + 1].startsWith('--') ? args[i + 1] : fallback;
  };

  if (args.includes('--find-positions')) {
    const seed = Number(option('--find-positions', '1'));
    for (const f of findOneMovePositions(seed, Number(option('--per-kind', '8')))) console.log(f.kind, f.position);
    process.exit(0);
  }

  console.log(`Tactrix! AI bench, ${new Date().toISOString().slice(0, 10)}, node ${process.version}`);

  // Speed: the fixed search set one ply deeper than the node-count set, nodes per second of CPU time.
  {
    const cpu = process.cpuUsage();
    let nodes = 0;
    for (const s of searchSetPositions()) {
      const searcher = new Searcher({ ttLog2: 18 });
      nodes += searcher.search(new TactrixSearchPosition(s), { depth: SEARCH_SET_DEPTH + 1 }).nodes;
    }
    const used = process.cpuUsage(cpu);
    const seconds = (used.user + used.system) / 1e6;
    console.log(
      `search speed: ${nodes} nodes at depth ${SEARCH_SET_DEPTH + 1} over the search set in ${seconds.toFixed(2)} s CPU: ${Math.round(nodes / seconds)} nodes/s`,
    );
  }
  console.log(`deterministic node count (search set, depth ${SEARCH_SET_DEPTH}): ${searchSetNodes()}`);

  if (!args.includes('--no-ladder')) {
    const games = Number(option('--games', '200'));
    const workers = Math.max(1, Math.min(Number(option('--workers', '1')), availableParallelism()));
    const ids = TACTRIX_LEVELS.map((l) => l.id);
    const pairs =
      option('--pairs', undefined)
        ?.split(',')
        .map((p) => p.split('-'))
        .filter(([a, b]) => ids.includes(a) && ids.includes(b)) ?? ids.slice(1).map((id, i) => [ids[i], id]);
    console.log(
      `ladder: ${games} games a pair, ${OPENING_PLIES} random opening plies played with both colours, draw after ${MAX_PLIES} plies, seed ${SEED}, ${workers} worker(s)`,
    );
    let failed = false;
    for (const [lower, upper] of pairs) {
      const started = performance.now();
      const share = Math.floor(games / workers / 2) * 2;
      const parts = await Promise.all(
        Array.from({ length: workers }, (_, w) => {
          const n = w === workers - 1 ? games - share * (workers - 1) : share;
          if (workers === 1) return Promise.resolve(runMatch(upper, lower, n, SEED));
          return new Promise((resolve, reject) => {
            const worker = new Worker(new URL(import.meta.url), {
              workerData: { upper, lower, games: n, seed: SEED + w },
            });
            worker.once('message', resolve);
            worker.once('error', reject);
          });
        }),
      );
      const total = { wins: 0, draws: 0, losses: 0, plies: 0, reasons: {} };
      for (const p of parts) {
        total.wins += p.wins;
        total.draws += p.draws;
        total.losses += p.losses;
        total.plies += p.plies;
        for (const [k, v] of Object.entries(p.reasons)) total.reasons[k] = (total.reasons[k] ?? 0) + v;
      }
      const e = estimateElo(total);
      const name = (id) => TACTRIX_LEVELS.find((l) => l.id === id).name;
      const elo = Number.isFinite(e.elo) ? `${e.elo >= 0 ? '+' : ''}${Math.round(e.elo)}` : e.elo > 0 ? '+inf' : '-inf';
      const margin = Number.isFinite(e.margin) ? ` ± ${Math.round(e.margin)}` : '';
      const ok = e.score >= 0.6;
      failed ||= !ok;
      console.log(
        `${name(upper)} vs ${name(lower)}: +${total.wins} =${total.draws} -${total.losses}, score ${(e.score * 100).toFixed(1)}% ${ok ? '(>= 60%: ok)' : '(BELOW 60%)'}, Elo ${elo}${margin}, ${(total.plies / games).toFixed(0)} plies a game, ends ${JSON.stringify(total.reasons)}, ${((performance.now() - started) / 1000).toFixed(0)} s`,
      );
    }
    if (failed) process.exitCode = 1;
  }
}
