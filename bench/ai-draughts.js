// The Draughts computer opponent: search speed, the depth Smart reaches in one second, a deterministic node count,
// and the level ladder, over the built packages (`npx tsc -b packages/ai` first).
//   node bench/ai-draughts.js              nodes/s and depth in 1 s from the International and English openings, and
//                                          the node count of the fixed search set (deterministic: a change to the
//                                          search, evaluation or move generator that alters it says so)
//   node bench/ai-draughts.js --ladder [--games N] [--families international,english,international-giveaway]
//                                      [--from LEVEL] [--to LEVEL] [--jobs N] [--opening-plies P] [--max-plies M]
//                                      [--verbose]
//                                          also each level against the level below, N games each (default 200),
//                                          from seeded random openings played with both colours; --jobs plays
//                                          games in N worker threads (the results do not depend on it)
//   node bench/ai-draughts.js --make-checks [--games N]
//                                          prints one-move win / one-move defence positions found over seeded random
//                                          playouts (the test data of packages/ai/src/games/draughts/checks.ts)
import os from 'node:os';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import {
  DRAUGHTS_LEVELS,
  DraughtsSearcher,
  createDraughtsEngine,
  estimateElo,
  immediateResults,
  randomOpening,
} from '../packages/ai/dist/index.js';
import { createRng } from '../packages/core/dist/index.js';
import { DraughtsSearchPosition, draughtsGame, makeFen, VARIANT_IDS } from '../packages/draughts/dist/index.js';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};

/** A family: `international`, `english`, `international-giveaway`, … */
function gameOf(family) {
  const giveaway = family.endsWith('-giveaway');
  return draughtsGame(family.replace(/-giveaway$/, ''), { giveaway });
}

/**
 * The fixed search set: every rule set's start, normal and give-away, and the positions after 12, 24 and 36 plies
 * of two seeded random games in International and English.
 */
export function searchSet() {
  const set = [];
  for (const v of VARIANT_IDS) for (const giveaway of [false, true]) set.push(draughtsGame(v, { giveaway }).initial());
  for (const v of ['international', 'english']) {
    const game = draughtsGame(v);
    for (let g = 0; g < 2; g++) {
      const rng = createRng(`draughts-search-set-${v}-${g}`);
      let s = game.initial();
      for (let ply = 1; ply <= 36 && !game.outcome(s); ply++) {
        s = game.play(s, rng.pick(game.legalMoves(s)));
        if (ply % 12 === 0 && !game.outcome(s)) set.push(s);
      }
    }
  }
  return set;
}

export const SEARCH_DEPTH = 9;

function nodeCount() {
  let nodes = 0;
  let ms = 0;
  const set = searchSet();
  for (const s of set) {
    const searcher = new DraughtsSearcher({ ttLog2: 18 });
    const r = searcher.search(new DraughtsSearchPosition(s), { depth: SEARCH_DEPTH });
    nodes += r.nodes;
    ms += r.timeMs;
  }
  console.log(
    `draughts search set: ${set.length} positions to depth ${SEARCH_DEPTH}: ${nodes} nodes (deterministic), ${ms.toFixed(0)} ms, ${Math.round((nodes / ms) * 1000)} nodes/s`,
  );
}

/** Smart's searcher (its table size) with a one-second budget from a rule set's opening (after a warm-up search). */
function oneSecond(variant) {
  const game = draughtsGame(variant);
  const smart = DRAUGHTS_LEVELS.find((l) => l.id === 'smart');
  const searcher = new DraughtsSearcher({ ttLog2: smart.ttLog2 });
  const sp = new DraughtsSearchPosition(game.initial());
  searcher.search(sp, { timeMs: 300 }); // warm up the JIT
  const runs = [];
  let cpuMs = 0;
  for (let k = 0; k < 3; k++) {
    searcher.reset();
    const cpu = process.cpuUsage();
    runs.push(searcher.search(sp, { timeMs: 1000 }));
    const used = process.cpuUsage(cpu);
    cpuMs += (used.user + used.system) / 1000;
  }
  const best = runs.reduce((a, b) => (b.nodes / b.timeMs > a.nodes / a.timeMs ? b : a));
  const allNodes = runs.reduce((t, r) => t + r.nodes, 0);
  const pv = [];
  let s = game.initial();
  for (const m of best.pv.slice(0, 6)) {
    const move = sp.decode(m);
    pv.push(game.formatMove(s, move));
    s = game.play(s, move);
    sp.makeMove(m);
  }
  for (let k = Math.min(6, best.pv.length) - 1; k >= 0; k--) sp.unmakeMove(best.pv[k]);
  console.log(
    `${variant} opening, 1 s: depth ${runs.map((r) => r.depth).join('/')} (3 runs), nodes/s ${runs.map((r) => Math.round((r.nodes / r.timeMs) * 1000)).join('/')} (wall clock), ${Math.round((allNodes / cpuMs) * 1000)} per CPU second; score ${best.score}, pv ${pv.join(' ')}`,
  );
}

/** One ladder game: `a` (the upper level) plays seat `aSeat` from the opening of pair index `index >> 1`. */
function playGame(engine, family, a, b, index, openingPlies, maxPlies) {
  const game = gameOf(family);
  const aSeat = index % 2;
  let s = randomOpening(game, createRng(`${family}-${a}-${b}-${index >> 1}`).next(), openingPlies);
  let plies = 0;
  while (!game.outcome(s) && plies < maxPlies) {
    const mover = s.position.turn;
    const level = mover === aSeat ? a : b;
    s = game.play(s, engine.choose(s, level, { seed: (index * 7919 + plies) >>> 0 }).move);
    plies++;
  }
  const o = game.outcome(s);
  const points = !o || o.kind === 'draw' ? 0.5 : o.winner === aSeat ? 1 : 0;
  return { index, points, reason: o ? o.reason : 'adjudicated', plies };
}

if (!isMainThread) {
  const { family, a, b, indices, openingPlies, maxPlies } = workerData;
  const engine = createDraughtsEngine();
  for (const index of indices) {
    parentPort.postMessage(playGame(engine, family, a, b, index, openingPlies, maxPlies));
  }
} else {
  main();
}

/** With `--verbose`, each game's result on stderr as it ends (a long ladder shows how it goes). */
function progress(family, a, b, r) {
  if (args.includes('--verbose')) console.error(`${family} ${a}-${b} game ${r.index + 1}: ${r.points}`);
}

async function match(family, a, b, games, jobs, openingPlies, maxPlies) {
  const results = [];
  if (jobs <= 1) {
    const engine = createDraughtsEngine();
    for (let i = 0; i < games; i++) {
      results.push(playGame(engine, family, a, b, i, openingPlies, maxPlies));
      progress(family, a, b, results[i]);
    }
    return results;
  }
  await Promise.all(
    Array.from({ length: jobs }, (_, k) => {
      const indices = [];
      for (let i = k; i < games; i += jobs) indices.push(i);
      return new Promise((resolve, reject) => {
        const w = new Worker(new URL(import.meta.url), {
          workerData: { family, a, b, indices, openingPlies, maxPlies },
        });
        w.on('message', (r) => {
          results.push(r);
          progress(family, a, b, r);
        });
        w.on('error', reject);
        w.on('exit', resolve);
      });
    }),
  );
  return results.sort((x, y) => x.index - y.index);
}

async function ladder() {
  const games = Number(option('--games', '200'));
  const jobs = Number(option('--jobs', '1'));
  const openingPlies = Number(option('--opening-plies', '4'));
  const maxPlies = Number(option('--max-plies', '300'));
  const families = option('--families', 'international,english,international-giveaway').split(',');
  const ids = DRAUGHTS_LEVELS.map((l) => l.id);
  const from = Math.max(1, ids.indexOf(option('--from', 'novice')));
  const to = ids.indexOf(option('--to', ids[ids.length - 1]));
  console.log(`\nladder: ${games} games per pair, ${openingPlies} random opening plies, draw after ${maxPlies} plies`);
  console.log('| family | upper level | lower level | games | +wins =draws -losses | score | Elo difference | time |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const family of families) {
    for (let i = from; i <= to; i++) {
      const a = ids[i];
      const b = ids[i - 1];
      const t = performance.now();
      const results = await match(family, a, b, games, jobs, openingPlies, maxPlies);
      const wins = results.filter((r) => r.points === 1).length;
      const losses = results.filter((r) => r.points === 0).length;
      const draws = results.length - wins - losses;
      const e = estimateElo({ wins, draws, losses });
      const elo = Number.isFinite(e.elo) ? `${e.elo >= 0 ? '+' : ''}${Math.round(e.elo)}` : e.elo > 0 ? '+inf' : '-inf';
      const margin = Number.isFinite(e.margin) ? ` ± ${Math.round(e.margin)}` : '';
      console.log(
        `| ${family} | ${a} | ${b} | ${results.length} | +${wins} =${draws} -${losses} | ${(e.score * 100).toFixed(1)}% | ${elo}${margin} | ${((performance.now() - t) / 1000).toFixed(0)} s |`,
      );
    }
  }
}

/**
 * Test data for the levels: positions from seeded random playouts where the side to move has a win in one move
 * (and other moves that do not win), or must stop a win in one move (and some moves do not).
 */
function makeChecks() {
  const games = Number(option('--games', '40'));
  const out = [];
  for (const family of ['international', 'english', 'russian', 'thai', 'international-giveaway', 'english-giveaway']) {
    const game = gameOf(family);
    let wins = 0;
    let defences = 0;
    for (let g = 0; g < games && (wins < 3 || defences < 3); g++) {
      const rng = createRng(`draughts-checks-${family}-${g}`);
      let s = game.initial();
      while (!game.outcome(s)) {
        const sp = new DraughtsSearchPosition(s);
        const r = immediateResults(sp);
        const fen = makeFen(s.position);
        if (r.wins.length > 0 && r.wins.length < r.all.length && wins < 3) {
          out.push({ family, kind: 'win', fen, moves: r.wins.map((k) => game.formatMove(s, sp.decode(k))) });
          wins++;
        } else if (r.safe.length > 0 && r.safe.length < r.all.length && r.wins.length === 0 && defences < 3) {
          out.push({ family, kind: 'defend', fen, moves: r.safe.map((k) => game.formatMove(s, sp.decode(k))) });
          defences++;
        }
        s = game.play(s, rng.pick(game.legalMoves(s)));
      }
    }
  }
  console.log(JSON.stringify(out, null, 2));
}

async function main() {
  if (args.includes('--make-checks')) {
    makeChecks();
    return;
  }
  console.log(
    `draughts AI — ${os.cpus()[0]?.model ?? 'unknown cpu'}, node ${process.version}, 1 thread, load average ${os.loadavg()[0].toFixed(1)}`,
  );
  oneSecond('international');
  oneSecond('english');
  nodeCount();
  if (args.includes('--ladder')) await ladder();
}
