// Self-play between two draughts searches, to measure what a change to the search is worth, over the built packages:
//   node bench/draughts-selfplay.js --variant international --games 100 [--nodes 20000 | --ms 100]
//        [--a '{"futilityMargin":0}'] [--b '{}'] [--a-searcher deep|classic] [--b-searcher deep|classic] [--jobs 2]
//        [--clock 10000+100] [--a-threads 2] [--b-threads 1] [--b-dist /path/to/other/ai/dist] [--wall]
//        [--hard-factor 2.5 | --fixed]
// Each side is a `DraughtsDeepSearcher` (the top level's search) with its settings (JSON), or with `classic` the
// `DraughtsSearcher` of the manual's levels; each keeps its table through the game. Openings: seeded random (four
// plies on 10x10, three on 8x8), each played with both colours; a game reaching 200 plies or a third repetition is a
// draw. `--nodes` limits each move by positions searched (deterministic; `--a-nodes` / `--b-nodes` give one side
// another budget, e.g. the slower evaluation's share of equal time); `--ms` by the CPU time of the thread that
// plays (fair to both sides whatever else the machine is doing): the classic search stops at `ms`, the deep one aims
// at `ms` with its time manager and stops at 2.5 × `ms` (`--hard-factor`; `--fixed`: no time manager, every move
// searched for `ms`, as an analysis for a fixed time); the CPU time each side used a move is printed. Prints W/D/L
// for A and the Elo difference with its 95% interval.
// `--clock base+inc` (milliseconds) gives each side a game clock instead: each move's target and hard limit come
// from `clockMoveTime`, the time used is taken off the clock and the increment added; a side whose clock runs out
// loses; the share of each move's target a side used is printed (over the moves that had a choice: a single legal
// move is played at once). `--x-threads N` searches side x with N - 1 Lazy SMP
// helper threads (measured by the wall clock: `--wall` is implied, since the process's CPU time counts every
// thread). `--x-dist DIR` takes side x's deep searcher from another build of @tactica/ai (DIR: its dist folder), to
// play a change against the code before it.
//   --a-book / --b-book: that side plays from the project's opening book while the position is in it (a pick among
//   the book moves within 10 hundredths of the best, seeded by the game; no time spent), as Master does.
//   --openings ballots (English): the ACF ballots not barred, in order, each played with both colours, instead of
//   random openings; --openings FILE a fixed set of bench/openings/ (e.g. bench/openings/international-fixed-200.txt),
//   in file order, each opening played with both colours; --opening-plies P random openings of P plies (0: every game from the start position, varied
//   only by the book's picks); --first N starts at game N (to split a match over processes, each one job).
//   --a-eval learned / --b-eval learned: that side's deep search (one thread) uses the learned evaluation
//   (draughts-learned-eval.ts) instead of the hand-written one; the nodes a second each side searched are printed.
//   --a-wasm / --b-wasm: that side's deep search (one thread, this build) runs in WebAssembly, as Master plays on one
//   thread (deep-search-wasm.ts, hand or learned evaluation): the same trees as the JS one, faster (for timed games).
//   --a-weights FILE / --b-weights FILE: that side's learned evaluation takes its weights from FILE (a built weights
//   module, e.g. a copy of packages/ai/dist/games/draughts/weights-english.js from before a new fit), to play new
//   weights against the ones they would replace. A module that exports `createEvaluator(variant)` instead gives
//   that side any evaluation (a `DeepEvaluator`, sync or async): an experiment's, before it goes into the package.
import { loadavg } from 'node:os';
import { cpuUsage } from 'node:process';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import * as ai from '../packages/ai/dist/index.js';
import { createWasmDeepSearcher } from '../packages/ai/dist/games/draughts/deep-search-wasm.js';
import { createRng } from '../packages/core/dist/index.js';
import { acfBallots, DraughtsSearchPosition, draughtsGame, playingOn } from '../packages/draughts/dist/index.js';
import { readOpeningSet } from '../packages/cli/dist/games/draughts/external/openings.js';
import { checkOptions, numberOption } from './args.js';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};

const cpuMs = () => {
  const u = cpuUsage();
  return (u.user + u.system) / 1000;
};

async function sideOf(settings, kind, o, dist, threads, evaluation, weightsFile, wasm) {
  const side = {
    nodes: 0,
    kind,
    used: 0,
    moves: 0,
    target: 0,
    choiceUsed: 0,
    choiceMoves: 0,
    clock: o.clock?.base ?? 0,
    helpers: undefined,
  };
  if (kind === 'classic') return { ...side, searcher: new ai.DraughtsSearcher({ ttLog2: 16, ...settings }) };
  const lib = dist ? await import(new URL(`file://${dist.replace(/\/$/, '')}/index.js`).href) : ai;
  if (wasm && (dist || threads > 1)) throw new Error('--x-wasm: one thread, this build');
  // The deep searcher on one thread: the JS one, or with `--x-wasm` the WebAssembly one Master plays with.
  const deep = async (options) => (wasm ? await wasmSearcher(options) : new lib.DraughtsDeepSearcher(options));
  if (weightsFile) {
    const { WEIGHTS, createEvaluator } = await import(new URL(`file://${weightsFile}`).href);
    if (createEvaluator) {
      const evaluator = await createEvaluator(o.variant);
      return { ...side, searcher: await deep({ ttLog2: 16, ...settings, evaluator }) };
    }
    if (WEIGHTS.variant !== o.variant) throw new Error(`${weightsFile}: weights of ${WEIGHTS.variant}`);
    const evaluator = lib.LearnedDraughtsEvaluator.fromWeights(WEIGHTS);
    return { ...side, searcher: await deep({ ttLog2: 16, ...settings, evaluator }) };
  }
  if (evaluation === 'learned') {
    // The build's own evaluation (a side of another build plays its code throughout).
    const evaluator = await lib.loadLearnedEvaluator(o.variant);
    if (!evaluator) throw new Error(`no learned evaluation for ${o.variant}`);
    return { ...side, searcher: await deep({ ttLog2: 16, ...settings, evaluator }) };
  }
  if (threads <= 1) return { ...side, searcher: await deep({ ttLog2: 16, ...settings }) };
  const table = new SharedArrayBuffer(ai.DeepTable.bytes(16));
  return {
    ...side,
    searcher: new lib.DraughtsDeepSearcher({ ttLog2: 16, ...settings, table }),
    helpers: new ai.DraughtsHelpers({ count: threads - 1, ttLog2: 16, table, settings }),
  };
}

async function wasmSearcher(options) {
  const made = await createWasmDeepSearcher(options);
  if (!made) throw new Error('--x-wasm: this Node runs no WebAssembly SIMD');
  return made;
}

function search(side, live, sp, limits) {
  if (!side.helpers) return side.searcher.search(sp, limits);
  const stop = side.helpers.start(
    live,
    { depth: 127, ...(limits.timeMs ? { timeMs: limits.timeMs } : {}) },
    side.searcher.tt.age + 1,
  );
  try {
    return side.searcher.search(sp, limits);
  } finally {
    side.helpers.finish(stop);
  }
}

async function playGame(o, index) {
  const game = draughtsGame(o.variant);
  const a = await sideOf(o.a, o.aSearcher, o, o.aDist, o.aThreads, o.aEval, o.aWeights, o.aWasm);
  const b = await sideOf(o.b, o.bSearcher, o, o.bDist, o.bThreads, o.bEval, o.bWeights, o.bWasm);
  const clockNow = o.wall ? () => performance.now() : cpuMs;
  let flagged;
  const book = o.aBook || o.bBook ? await ai.loadDraughtsBook(o.variant) : undefined;
  a.book = o.aBook ? book : undefined;
  b.book = o.bBook ? book : undefined;
  const bookRng = createRng(`selfplay-book-${o.variant}-${o.seed}-${index}`);
  const aSeat = index % 2;
  const plies0 = o.openingPlies ?? (o.variant === 'international' ? 4 : 3);
  let s;
  if (o.openings === 'ballots') {
    const ballots = acfBallots().filter((x) => !x.barred);
    const ballot = ballots[(index >> 1) % ballots.length];
    s = ballot.moves.reduce((x, m) => game.tryPlay(x, m).value, game.initial());
  } else if (o.openings !== 'random') {
    // A fixed set of bench/openings/ (the match tool's reader): opening k played as games 2k and 2k + 1.
    const set = readOpeningSet(o.openings, game);
    if (!set.ok) throw new Error(set.error.message);
    const opening = set.value.openings[(index >> 1) % set.value.openings.length];
    s = opening.moves.reduce((x, m) => game.play(x, m), game.initial());
  } else s = ai.randomOpening(game, createRng(`selfplay-${o.variant}-${o.seed}-${index >> 1}`).next(), plies0);
  let plies = 0;
  const counts = new Map();
  while (plies < 200) {
    const live = playingOn(s);
    if (game.legalMoves(live).length === 0) break;
    const key = `${live.position.turn}${live.position.bits.join(',')}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    if (counts.get(key) >= 3) break;
    const side = live.position.turn === aSeat ? a : b;
    const pick = side.book ? ai.pickBookMove(side.book.movesAt(live.position), 10, bookRng) : undefined;
    if (pick) {
      side.bookMoves = (side.bookMoves ?? 0) + 1;
      s = game.play(live, pick.move);
      plies++;
      continue;
    }
    const sp = new DraughtsSearchPosition(live);
    const started = clockNow();
    let limits;
    const choice = game.legalMoves(live).length > 1;
    const nodes = side === a ? (o.aNodes ?? o.nodes) : (o.bNodes ?? o.nodes);
    if (nodes) limits = { nodes };
    else if (o.clock) {
      const t = ai.clockMoveTime({ remainingMs: side.clock, incrementMs: o.clock.inc });
      if (choice) side.target += t.targetMs;
      limits = side.kind === 'classic' ? { timeMs: t.targetMs, now: clockNow } : { ...t, now: clockNow };
    } else if (side.kind === 'classic' || o.fixed) limits = { timeMs: o.ms, now: clockNow };
    else limits = { timeMs: o.ms * o.hardFactor, targetMs: o.ms, now: clockNow };
    const r = search(side, live, sp, limits);
    const used = clockNow() - started;
    side.used += used;
    if (choice) {
      side.choiceUsed += used;
      side.choiceMoves++;
    }
    side.moves++;
    side.nodes += r.nodes;
    if (o.clock) {
      side.clock -= used;
      if (side.clock < 0) {
        flagged = side;
        break;
      }
      side.clock += o.clock.inc;
    }
    s = game.play(live, sp.decode(r.bestMove));
    plies++;
  }
  const live = playingOn(s);
  let points = 0.5;
  if (flagged) points = flagged === a ? 0 : 1;
  else if (game.legalMoves(live).length === 0) points = live.position.turn === aSeat ? 0 : 1;
  await a.helpers?.close();
  await b.helpers?.close();
  return {
    index,
    points,
    plies,
    flagged: flagged ? (flagged === a ? 'A' : 'B') : undefined,
    aMs: a.used,
    aMoves: a.moves,
    aNodes: a.nodes,
    aTarget: a.target,
    aChoiceMs: a.choiceUsed,
    aChoiceMoves: a.choiceMoves,
    bMs: b.used,
    bMoves: b.moves,
    bNodes: b.nodes,
    bTarget: b.target,
    bChoiceMs: b.choiceUsed,
    bChoiceMoves: b.choiceMoves,
    aBook: a.bookMoves ?? 0,
    bBook: b.bookMoves ?? 0,
  };
}

if (!isMainThread) {
  const { o, indices } = workerData;
  for (const i of indices) parentPort.postMessage(await playGame(o, i));
} else {
  const sides = ['', '-dist', '-eval', '-nodes', '-searcher', '-threads', '-weights'];
  const valued = ['--variant', '--games', '--nodes', '--ms', '--seed', '--hard-factor', '--openings', '--clock'];
  valued.push('--opening-plies', '--first', '--jobs', ...sides.flatMap((s) => [`--a${s}`, `--b${s}`]));
  const switches = ['--fixed', '--wall', '--verbose', '--a-book', '--b-book', '--a-wasm', '--b-wasm'];
  checkOptions(args, valued, switches, import.meta.url);
  const number = (name, fallback, least) => numberOption(option, name, fallback, least);
  const o = {
    variant: option('--variant', 'international'),
    games: number('--games', '100', 1),
    nodes: number('--nodes'),
    aNodes: number('--a-nodes'),
    bNodes: number('--b-nodes'),
    ms: number('--ms', '100'),
    a: JSON.parse(option('--a', '{}')),
    b: JSON.parse(option('--b', '{}')),
    aSearcher: option('--a-searcher', 'deep'),
    bSearcher: option('--b-searcher', 'deep'),
    aEval: option('--a-eval', 'hand'),
    bEval: option('--b-eval', 'hand'),
    aWeights: option('--a-weights', undefined),
    bWeights: option('--b-weights', undefined),
    seed: number('--seed', '1'),
    hardFactor: number('--hard-factor', '2.5'),
    fixed: args.includes('--fixed'),
    aThreads: number('--a-threads', '1', 1),
    bThreads: number('--b-threads', '1', 1),
    aDist: option('--a-dist', undefined),
    bDist: option('--b-dist', undefined),
    aBook: args.includes('--a-book'),
    bBook: args.includes('--b-book'),
    aWasm: args.includes('--a-wasm'),
    bWasm: args.includes('--b-wasm'),
    openings: option('--openings', 'random'),
    openingPlies: number('--opening-plies'),
  };
  const clock = option('--clock', undefined);
  if (clock) {
    const [base, inc] = clock.split('+').map(Number);
    o.clock = { base, inc: inc ?? 0 };
  }
  o.wall = args.includes('--wall') || o.aThreads > 1 || o.bThreads > 1;
  const first = number('--first', '0');
  const jobs = number('--jobs', '1', 1);
  if (o.nodes === undefined && (o.aNodes !== undefined || o.bNodes !== undefined)) {
    console.error("--a-nodes / --b-nodes: a side's own budget, with --nodes for the other side");
    process.exit(2);
  }
  if (!o.nodes && jobs > 1) {
    // Node 20 measures the CPU time of the whole process: threads playing side by side would share one clock.
    console.error('--ms measures the process CPU time: run one job per process (several processes with --seed)');
    process.exit(2);
  }
  const results = [];
  const t = performance.now();
  await Promise.all(
    Array.from({ length: jobs }, (_, k) => {
      const indices = [];
      for (let i = first + k; i < first + o.games; i += jobs) indices.push(i);
      return new Promise((resolve, reject) => {
        const w = new Worker(new URL(import.meta.url), { workerData: { o, indices } });
        w.on('message', (r) => {
          results.push(r);
          if (args.includes('--verbose')) {
            const books = r.aBook + r.bBook > 0 ? `, book moves A ${r.aBook} B ${r.bBook}` : '';
            console.log(`game ${r.index + 1}: ${r.points} (${r.plies} plies${books})`);
          }
        });
        w.on('error', reject);
        w.on('exit', resolve);
      });
    }),
  );
  const wins = results.filter((r) => r.points === 1).length;
  const losses = results.filter((r) => r.points === 0).length;
  const draws = results.length - wins - losses;
  const e = ai.estimateElo({ wins, draws, losses });
  const perMove = (ms, moves) =>
    (
      results.reduce((a, r) => a + r[ms], 0) /
      Math.max(
        1,
        results.reduce((a, r) => a + r[moves], 0),
      )
    ).toFixed(0);
  const share = (ms, target) =>
    `${(
      (results.reduce((a, r) => a + r[ms], 0) /
        Math.max(
          1,
          results.reduce((a, r) => a + r[target], 0),
        )) *
      100
    ).toFixed(0)}%`;
  const describe = (x) =>
    `${o[`${x}Searcher`]}${o[`${x}Weights`] ? ` learned evaluation (${o[`${x}Weights`]})` : o[`${x}Eval`] === 'learned' ? ' learned evaluation' : ''} ${JSON.stringify(o[x])}${o[`${x}Threads`] > 1 ? ` ${o[`${x}Threads`]} threads` : ''}${o[`${x}Dist`] ? ` from ${o[`${x}Dist`]}` : ''}`;
  const [aNodes, bNodes] = [o.aNodes ?? o.nodes, o.bNodes ?? o.nodes];
  const control = o.nodes
    ? aNodes === bNodes
      ? `${o.nodes} nodes a move`
      : `nodes a move A ${aNodes}, B ${bNodes}`
    : o.clock
      ? `clock ${o.clock.base}+${o.clock.inc} ms`
      : `${o.ms} ms a move${o.fixed ? ' (fixed)' : `, hard limit ${o.hardFactor} × that`}`;
  const flags = results.filter((r) => r.flagged).map((r) => r.flagged);
  console.log(
    `${o.variant} A ${describe('a')}${o.aBook ? ' + book' : ''} vs B ${describe('b')}, ${control}: +${wins} =${draws} -${losses}, score ${(e.score * 100).toFixed(1)}%, Elo ${Math.round(e.elo)} ± ${Math.round(e.margin)}; ${o.wall ? 'wall' : 'CPU'} ms a move A ${perMove('aMs', 'aMoves')}, B ${perMove('bMs', 'bMoves')} (moves with a choice: A ${perMove('aChoiceMs', 'aChoiceMoves')}, B ${perMove('bChoiceMs', 'bChoiceMoves')})${o.clock ? `; share of the target used (moves with a choice) A ${share('aChoiceMs', 'aTarget')}, B ${share('bChoiceMs', 'bTarget')}; lost on time A ${flags.filter((f) => f === 'A').length}, B ${flags.filter((f) => f === 'B').length}` : ''}; book moves a game A ${(results.reduce((x, r) => x + r.aBook, 0) / Math.max(1, results.length)).toFixed(1)}; nodes a second A ${perMove('aNodes', 'aMs') * 1000}, B ${perMove('bNodes', 'bMs') * 1000} (${((performance.now() - t) / 1000).toFixed(0)} s, load average ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')})`,
  );
}
