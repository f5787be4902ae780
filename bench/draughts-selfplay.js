// Self-play between two draughts searches, to measure what a change to the search is worth, over the built packages:
//   node bench/draughts-selfplay.js --variant international --games 100 [--nodes 20000 | --ms 100]
//        [--a '{"futilityMargin":0}'] [--b '{}'] [--a-searcher deep|classic] [--b-searcher deep|classic] [--jobs 2]
//        [--a-eval hand|learned] [--b-eval hand|learned]
// Each side is a `DraughtsDeepSearcher` (the top level's search) with its settings (JSON), or with `classic` the
// `DraughtsSearcher` of the manual's levels; each keeps its table through the game. Openings: seeded random (four
// plies on 10x10, three on 8x8), each played with both colours; a game reaching 200 plies or a third repetition is a
// draw. `--nodes` limits each move by positions searched (deterministic); `--ms` by the CPU time of the thread that
// plays (fair to both sides whatever else the machine is doing): the classic search stops at `ms`, the deep one aims
// at `ms` with its time manager and stops at 2.5 × `ms`; the CPU time each side used a move is printed. Prints W/D/L
// for A and the Elo difference with its 95% interval. `--a-eval learned` gives side A's deep search the learned
// evaluation (draughts-learned-eval.ts) instead of the hand-written one, and the nodes a second each side searched.
//   --a-book / --b-book: that side plays from the project's opening book while the position is in it (a pick among
//   the book moves within 10 hundredths of the best, seeded by the game; no time spent), as Master does.
//   --openings ballots (English): the ACF ballots not barred, in order, each played with both colours, instead of
//   random openings; --opening-plies P random openings of P plies (0: every game from the start position, varied
//   only by the book's picks); --first N starts at game N (to split a match over processes, each one job).
import { cpuUsage } from 'node:process';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import * as ai from '../packages/ai/dist/index.js';
import { createRng } from '../packages/core/dist/index.js';
import { acfBallots, DraughtsSearchPosition, draughtsGame, playingOn } from '../packages/draughts/dist/index.js';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};

const cpuMs = () => {
  const u = cpuUsage();
  return (u.user + u.system) / 1000;
};

function sideOf(settings, kind, evaluator) {
  if (kind === 'classic')
    return { kind, searcher: new ai.DraughtsSearcher({ ttLog2: 16, ...settings }), used: 0, moves: 0, nodes: 0 };
  const options = { ttLog2: 16, ...settings, ...(evaluator ? { evaluator } : {}) };
  return { kind, searcher: new ai.DraughtsDeepSearcher(options), used: 0, moves: 0, nodes: 0 };
}

async function evaluatorOf(variant, kind) {
  if (kind !== 'learned') return undefined;
  const ev = await ai.loadLearnedEvaluator(variant);
  if (!ev) throw new Error(`no learned evaluation for ${variant}`);
  return ev;
}

async function playGame(o, index) {
  const game = draughtsGame(o.variant);
  const a = sideOf(o.a, o.aSearcher, await evaluatorOf(o.variant, o.aEval));
  const b = sideOf(o.b, o.bSearcher, await evaluatorOf(o.variant, o.bEval));
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
    const started = cpuMs();
    const r = side.searcher.search(
      sp,
      o.nodes
        ? { nodes: o.nodes }
        : side.kind === 'classic'
          ? { timeMs: o.ms, now: cpuMs }
          : { timeMs: o.ms * 2.5, targetMs: o.ms, now: cpuMs },
    );
    side.used += cpuMs() - started;
    side.moves++;
    side.nodes += r.nodes;
    s = game.play(live, sp.decode(r.bestMove));
    plies++;
  }
  const live = playingOn(s);
  let points = 0.5;
  if (game.legalMoves(live).length === 0) points = live.position.turn === aSeat ? 0 : 1;
  return {
    index,
    points,
    plies,
    aMs: a.used,
    aMoves: a.moves,
    aNodes: a.nodes,
    bMs: b.used,
    bMoves: b.moves,
    bNodes: b.nodes,
    aBook: a.bookMoves ?? 0,
    bBook: b.bookMoves ?? 0,
  };
}

if (!isMainThread) {
  const { o, indices } = workerData;
  for (const i of indices) parentPort.postMessage(await playGame(o, i));
} else {
  const o = {
    variant: option('--variant', 'international'),
    games: Number(option('--games', '100')),
    nodes: option('--nodes', undefined) ? Number(option('--nodes')) : undefined,
    ms: Number(option('--ms', '100')),
    a: JSON.parse(option('--a', '{}')),
    b: JSON.parse(option('--b', '{}')),
    aSearcher: option('--a-searcher', 'deep'),
    bSearcher: option('--b-searcher', 'deep'),
    aEval: option('--a-eval', 'hand'),
    bEval: option('--b-eval', 'hand'),
    seed: Number(option('--seed', '1')),
    aBook: args.includes('--a-book'),
    bBook: args.includes('--b-book'),
    openings: option('--openings', 'random'),
    openingPlies: option('--opening-plies', undefined) === undefined ? undefined : Number(option('--opening-plies')),
  };
  const first = Number(option('--first', '0'));
  const jobs = Number(option('--jobs', '1'));
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
  const perSecond = (nodes, ms) =>
    Math.round(
      (results.reduce((a, r) => a + r[nodes], 0) /
        Math.max(
          1,
          results.reduce((a, r) => a + r[ms], 0),
        )) *
        1000,
    );
  const evals = o.aEval !== 'hand' || o.bEval !== 'hand' ? ` (evaluation A ${o.aEval}, B ${o.bEval})` : '';
  console.log(
    `${o.variant} A ${o.aSearcher}${o.aBook ? ' + book' : ''} ${JSON.stringify(o.a)} vs B ${o.bSearcher} ${JSON.stringify(o.b)}, ${o.nodes ? `${o.nodes} nodes` : `${o.ms} ms`} a move: +${wins} =${draws} -${losses}, score ${(e.score * 100).toFixed(1)}%, Elo ${Math.round(e.elo)} ± ${Math.round(e.margin)}; CPU ms a move A ${perMove('aMs', 'aMoves')}, B ${perMove('bMs', 'bMoves')}; book moves a game A ${(results.reduce((x, r) => x + r.aBook, 0) / Math.max(1, results.length)).toFixed(1)}; nodes a CPU second A ${perSecond('aNodes', 'aMs')}, B ${perSecond('bNodes', 'bMs')}${evals} (${((performance.now() - t) / 1000).toFixed(0)} s)`,
  );
}
