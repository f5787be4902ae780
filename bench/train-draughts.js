// Trains the learned draughts evaluation (packages/ai/src/games/draughts/learned-eval.ts) over the built packages:
//   npm run train:draughts -- --rules <rule set> --seed N --games G [--nodes 3000] [--jobs 2]
//        [--epochs 300] [--rate 1] [--rate-end R] [--l2 1e-6] [--lambda 1] [--epsilon 1e-5] [--material-prior 1e-5]
//        [--cache FILE] [--out FILE] [--dry-run] [--eval learned] [--max-minutes M] [--also FILE,…]
//        [--label-nodes N] [--label-eval hand|learned] [--label-cache FILE] [--also-labels FILE,…]
//        [--windows 2x4|3x4|2x4+4x4]
//        [--network H] [--network-epochs 20] [--network-rate 0.002] [--linear fit|committed] [--fix name=v,…]
//        [--no-wasm]
// Self-play games of the deep search (hand-written evaluation, `--nodes` a move) from the ACF ballots (English) or
// seeded random openings; their quiet positions labelled with the game's result blended with the search's score;
// weights fitted by logistic regression (draughts-train.ts). Prints the loss curve (train, validation, validation
// against the results alone, and the hand-written evaluation's for comparison) and writes the weights module
// packages/ai/src/games/draughts/weights-<rules>.ts with this command at its top (`--dry-run` writes nothing).
// `--jobs` plays the games in worker threads (the same games, whatever the number of jobs); `--cache` keeps the
// positions in a JSON file outside the repository so that a new fit does not replay the games. Run it nice'd: it is
// meant to take tens of minutes at most. `--eval learned` plays the games with the committed learned evaluation (a
// second round); `--max-minutes` stops starting games after M minutes and keeps the games played (with one job, a
// prefix; with several, the longest run of consecutive games all played), recording `--games` as that count;
// `--also` adds the positions of other runs' caches (their games kept apart in the validation split), and the weights
// module names their commands.
// `--label-nodes N` scores every distinct position again with a deeper search of N nodes (`--label-eval`: the
// evaluation it searches with, default the committed learned one where there is one) and fits to that score blended
// with the result by `--lambda` (the games' own scores come from searches of `--nodes`, a few plies deep);
// `--label-cache FILE` keeps those scores by position and budget outside the repository, so a later run with more
// positions searches only the new ones (a cache made with another budget, evaluation or committed weights is not
// read); `--also-labels FILE,…` lends the scores of caches made by the same search with earlier weights to the
// positions the run's own cache lacks (the weights module names those weights). The labels do not depend on the order
// or the number of jobs. `--windows 3x4` fits windows of three rows by four files (six squares) instead of two by
// four; `--windows 2x4+4x4` the two-by-four windows and, with them, Scan's four-by-four areas (eight squares, at
// every other row and file); the evaluation knows the shape from the number of weights.
// `--network H` then fits a network of H hidden units (draughts-network.ts) as a correction to the linear score, on
// the same positions, labels and split, and the module carries it; `--linear committed` fits no linear weights but
// keeps the committed ones (naming their command) and fits the network over them. `--fix steps=2,free-men=4` holds
// those scalar features (draughts-learned-eval.ts's names) at those values, in hundredths of a man, and fits the rest
// around them (`FitOptions.fixed`).
// The games and the labels are searched by the WebAssembly deep searcher (deep-search-wasm.ts) where this Node runs
// it: the same trees node for node as the JS one, so the same games, positions and labels, about twice as fast for
// the games and 2.5 times for the labels (bench/RESULTS.md); `--no-wasm` searches in JavaScript (the reference). A
// worker whose Node cannot run the module says so, and searches in JavaScript.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import * as ai from '../packages/ai/dist/index.js';
import { RULE_SETS } from '../packages/draughts/dist/index.js';
import { checkOptions, numberOption } from './args.js';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
if (isMainThread) {
  const valued = ['--rules', '--seed', '--games', '--nodes', '--jobs', '--epochs', '--rate', '--rate-end', '--l2'];
  valued.push('--lambda', '--epsilon', '--material-prior', '--cache', '--out', '--eval', '--max-minutes', '--also');
  valued.push('--label-nodes', '--label-eval', '--label-cache', '--also-labels', '--windows', '--network');
  valued.push('--network-epochs', '--network-rate', '--linear', '--fix');
  checkOptions(args, valued, ['--dry-run', '--no-wasm'], import.meta.url);
}
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const number = (name, fallback, least) => numberOption(option, name, fallback, least);

/** `--fix steps=2,free-men=4`: scalar features held at a value (hundredths of a man) instead of fitted. */
function fixedOption(text) {
  if (text === undefined) return undefined;
  const fixed = {};
  for (const part of text.split(',')) {
    const [name, value, extra] = part.split('=');
    if (!ai.DRAUGHTS_SCALAR_FEATURES.includes(name) || extra !== undefined || !Number.isFinite(Number(value))) {
      console.error(`--fix: "${part}" is not feature=number (features: ${ai.DRAUGHTS_SCALAR_FEATURES.join(', ')})`);
      process.exit(2);
    }
    fixed[name] = Number(value);
  }
  return fixed;
}

/**
 * Runs this script in `jobs` workers, each given `data` and its job number: `progress` hears their messages along the
 * way, and each worker's last message (`kind: 'done'`) is its part of the result, in job order.
 */
function inWorkers(jobs, data, progress) {
  return Promise.all(
    Array.from(
      { length: jobs },
      (_, job) =>
        new Promise((resolve, reject) => {
          const w = new Worker(new URL(import.meta.url), { workerData: { ...data, jobs, job } });
          w.on('message', (m) => {
            if (m.kind === 'done') resolve(m);
            else if (m.kind === 'searcher') reportSearcher(m);
            else progress(m);
          });
          w.on('error', reject);
        }),
    ),
  );
}

/**
 * A worker that was asked for the WebAssembly search but made the JS one (this Node cannot run the module) says so:
 * the games and labels are the same, only slower, and the start-up line would otherwise have said WebAssembly.
 */
function reportSearcher(m) {
  if (m.asked && !m.made) {
    console.error(
      `job ${m.job}: this Node cannot run the WebAssembly search; searching in JavaScript (the same trees)`,
    );
  }
}

/**
 * A worker's searcher with this evaluation: the WebAssembly one unless `--no-wasm` (or where this Node cannot run it),
 * as `searcher` in the pipeline's options; else the evaluation for the pipeline's JS searcher. The worker tells the
 * main thread which it made (`reportSearcher`).
 */
async function searchWith(variant, evaluation, wasm) {
  const evaluator = evaluation === 'learned' ? await ai.loadLearnedEvaluator(variant) : undefined;
  if (evaluation === 'learned' && !evaluator) throw new Error(`no learned weights for ${variant}`);
  const searcher = wasm
    ? await (
        await import('../packages/ai/dist/games/draughts/deep-search-wasm.js')
      ).createWasmDeepSearcher({ ttLog2: ai.TRAINING_TABLE_LOG2, ...(evaluator ? { evaluator } : {}) })
    : undefined;
  parentPort.postMessage({ kind: 'searcher', job: workerData.job, asked: wasm, made: searcher !== undefined });
  return searcher ? { searcher } : evaluator ? { evaluator } : {};
}

if (!isMainThread && workerData.task === 'label') {
  const { variant, positions, nodes, jobs, job, evaluation, skip, wasm } = workerData;
  const known = new Set(skip);
  let k = 0;
  const labels = ai.searchLabels(positions, {
    variant,
    nodes,
    ...(await searchWith(variant, evaluation, wasm)),
    only: (i) => !known.has(ai.trainingPositionKey(positions[i])) && k++ % jobs === job,
    onLabel: () => parentPort.postMessage({ kind: 'label' }),
  });
  parentPort.postMessage({ kind: 'done', labels: Array.from(labels) });
} else if (!isMainThread) {
  const { variant, seed, games, nodes, jobs, job, evaluation, deadline, wasm } = workerData;
  const positions = ai.generatePositions({
    variant,
    seed,
    games,
    nodes,
    ...(await searchWith(variant, evaluation, wasm)),
    keepGoing: () => Date.now() < deadline,
    only: (i) => i % jobs === job,
    onGame: (i, n, result) => parentPort.postMessage({ kind: 'game', i, n, result }),
  });
  parentPort.postMessage({ kind: 'done', positions });
} else {
  const variant = option('--rules', 'english');
  const seed = number('--seed', '1');
  let games = number('--games', '200', 1);
  const nodes = number('--nodes', '3000', 1);
  const jobs = number('--jobs', '1', 1);
  const cache = option('--cache', undefined);
  const evaluation = option('--eval', 'hand');
  const wasm = !args.includes('--no-wasm');
  const where = wasm ? "WebAssembly where this Node runs it (the same trees as --no-wasm's JavaScript)" : 'JavaScript';
  console.log(`searching in ${where}`);
  const minutes = number('--max-minutes', undefined);
  const deadline = minutes === undefined ? Infinity : Date.now() + minutes * 60_000;
  if (!(variant in RULE_SETS)) {
    console.error(`--rules: one of ${Object.keys(RULE_SETS).join(', ')}`);
    process.exit(2);
  }
  // The linear model: fitted here, or the committed one kept (`--linear committed`) for a network to be fitted over.
  const linearFrom = option('--linear', 'fit');
  if (!['fit', 'committed'].includes(linearFrom)) {
    console.error('--linear: fit or committed');
    process.exit(2);
  }
  const hidden = number('--network', '0');
  const networkEpochs = number('--network-epochs', '20', 1);
  const networkRate = number('--network-rate', '0.002');
  if (!Number.isInteger(hidden)) {
    console.error(`--network: a whole number of hidden units, not ${option('--network', '')}`);
    process.exit(2);
  }
  if (linearFrom === 'committed' && hidden === 0) {
    console.error('--linear committed: fits a network over the committed weights, so needs --network');
    process.exit(2);
  }
  const started = performance.now();
  let positions;
  // The hand-written evaluation's key as before, so earlier caches still match.
  const keyOf = (g) =>
    JSON.stringify({ variant, seed, games: g, nodes, ...(evaluation === 'hand' ? {} : { evaluation }) });
  const cacheKey = keyOf(games);
  if (cache && existsSync(cache) && JSON.parse(readFileSync(cache, 'utf8')).key === cacheKey) {
    positions = JSON.parse(readFileSync(cache, 'utf8')).positions;
    console.log(`${positions.length} positions from ${cache}`);
  } else {
    const played = new Set();
    const parts = (
      await inWorkers(jobs, { variant, seed, games, nodes, evaluation, deadline, wasm }, (m) => {
        played.add(m.i);
        if ((m.i + 1) % 20 === 0) {
          const s = ((performance.now() - started) / 1000).toFixed(0);
          console.error(`game ${m.i + 1}/${games}: ${m.n} positions, result ${m.result} (${s} s)`);
        }
      })
    ).map((m) => m.positions);
    // The same order whatever the number of jobs: by game, then as played.
    positions = parts.flat().sort((a, b) => a.game - b.game);
    let complete = 0;
    while (complete < games && played.has(complete)) complete++;
    if (complete < games) {
      console.log(`stopped by --max-minutes: ${complete} consecutive games of ${games} kept`);
      games = complete;
      positions = positions.filter((p) => p.game < complete);
    }
    console.log(
      `${positions.length} quiet positions from ${games} games (${((performance.now() - started) / 1000).toFixed(0)} s)`,
    );
    if (cache) writeFileSync(cache, JSON.stringify({ key: keyOf(games), positions }));
  }
  const also = [];
  for (const [k, file] of (option('--also', '') || '').split(',').filter(Boolean).entries()) {
    const other = JSON.parse(readFileSync(file, 'utf8'));
    if (JSON.parse(other.key).variant !== variant) throw new Error(`${file}: not ${variant}`);
    // Game numbers kept apart from this run's, so that the validation split still goes by game.
    for (const p of other.positions) positions.push({ ...p, game: p.game + (k + 1) * 1_000_000 });
    also.push(other.key);
    console.log(`${other.positions.length} more positions from ${file} (${other.key})`);
  }
  const labelNodes = number('--label-nodes', '0');
  let labelText = '';
  if (labelNodes > 0) {
    const labelEval = option('--label-eval', ai.LEARNED_VARIANTS.includes(variant) ? 'learned' : 'hand');
    const labelCache = option('--label-cache', undefined);
    // The learned evaluation's labels belong to the weights searched with: a new fit committed makes new labels.
    const searched =
      labelEval === 'learned'
        ? await import(`../packages/ai/dist/games/draughts/weights-${variant}.js`).then((m) => m.WEIGHTS.command)
        : undefined;
    const labelKey = JSON.stringify({ variant, nodes: labelNodes, evaluation: labelEval, searched });
    labelText = `\n// Scores from a deep search of ${labelNodes} nodes a position with the ${labelEval === 'learned' ? `learned evaluation of \`${searched}\`` : 'hand-written evaluation'}.`;
    // Scores by position key; a cache made with another budget or evaluation is not used, and one made with other
    // weights only through --also-labels, for the positions this run's own cache has not scored.
    const readCache = (file) => (file && existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);
    const others = (option('--also-labels', '') || '').split(',').filter(Boolean).map(readCache).filter(Boolean);
    const merged = ai.mergeLabelCaches(labelKey, readCache(labelCache), others);
    const scores = merged.scores;
    const own = merged.own;
    for (const b of merged.borrowed) {
      console.log(`labels: ${b.count} positions scored by an earlier search, ${b.key}`);
      const searchedBy = JSON.parse(b.key).searched;
      labelText += `\n// Where that search had not scored a position: the same search with the learned evaluation of \`${searchedBy}\` (${b.count} positions).`;
    }
    const skip = [...scores.keys()];
    const todo = new Set(positions.map(ai.trainingPositionKey).filter((k) => !scores.has(k))).size;
    console.log(
      `labels: ${scores.size} known, ${todo} positions to search at ${labelNodes} nodes (${labelEval} evaluation)`,
    );
    const t = performance.now();
    let done = 0;
    const parts = (
      await inWorkers(
        jobs,
        { task: 'label', variant, positions, nodes: labelNodes, evaluation: labelEval, skip, wasm },
        () => {
          done++;
          if (done % 1000 === 0)
            console.error(`labelled ${done}/${todo} (${((performance.now() - t) / 1000).toFixed(0)} s)`);
        },
      )
    ).map((m) => m.labels);
    for (const labels of parts) {
      labels.forEach((v, i) => {
        if (Number.isNaN(v)) return;
        const key = ai.trainingPositionKey(positions[i]);
        scores.set(key, v);
        own.set(key, v);
      });
    }
    console.log(`${todo} positions searched (${((performance.now() - t) / 1000).toFixed(0)} s)`);
    if (labelCache) writeFileSync(labelCache, JSON.stringify({ key: labelKey, scores: [...own] }));
    positions = positions.map((p) => ({ ...p, score: scores.get(ai.trainingPositionKey(p)) }));
  }
  const shape = option('--windows', '2x4');
  if (!ai.DRAUGHTS_WINDOW_SHAPES.includes(shape)) {
    console.error(`--windows: one of ${ai.DRAUGHTS_WINDOW_SHAPES.join(', ')}`);
    process.exit(2);
  }
  const set = ai.draughtsFeatureSet(variant, positions, shape);
  // The weights this fit would replace, scored on the same held-out games.
  const committed = await import(`../packages/ai/dist/games/draughts/weights-${variant}.js`).then(
    (m) => m.WEIGHTS,
    () => undefined,
  );
  if (linearFrom === 'committed' && !committed) {
    console.error(`--linear committed: no committed ${variant} weights`);
    process.exit(2);
  }
  const lambda = number('--lambda', '1');
  const fixed = fixedOption(option('--fix', undefined));
  let linear;
  let summary;
  if (linearFrom === 'committed') {
    linear = ai.decodeDraughtsWeights(committed);
    if (linear.length !== 2 * set.params)
      throw new Error(`the committed ${variant} weights are not of ${shape} windows`);
    summary = `the linear weights of \`${committed.command}\``;
  } else {
    const fit = ai.fitWeights(set, {
      seed,
      // Scored on this run's own held-out games only: the committed weights were fitted on the --also runs' games.
      ...(committed ? { compare: ai.decodeDraughtsWeights(committed), compareGames: (g) => g < 1_000_000 } : {}),
      epochs: number('--epochs', '300', 1),
      rate: number('--rate', '1'),
      ...(option('--rate-end', undefined) === undefined ? {} : { rateEnd: number('--rate-end', '1') }),
      l2: number('--l2', '1e-6'),
      lambda,
      epsilon: number('--epsilon', '1e-5'),
      materialPrior: number('--material-prior', '1e-5'),
      ...(fixed ? { fixed } : {}),
      onEpoch: (e) =>
        console.log(
          `epoch ${String(e.epoch).padStart(4)}: train ${e.train.toFixed(5)}  validation ${e.validation.toFixed(5)}  validation vs results ${e.validationResult.toFixed(5)}`,
        ),
    });
    const results = set.result.reduce((a, r) => a + r, 0) / Math.max(1, set.count);
    console.log(
      `${set.count} positions fitted (${fit.trainCount} train, ${fit.validationCount} validation; White scored ${(results * 100).toFixed(1)}%), K = ${fit.scale.toFixed(1)} (the hand-written evaluation's ${fit.handScale.toFixed(1)})`,
    );
    console.log(
      `best epoch ${fit.best.epoch}: validation ${fit.best.validation.toFixed(5)}, against the results ${fit.best.validationResult.toFixed(5)}; the hand-written evaluation against the results ${fit.handValidationResult.toFixed(5)}${fit.compareValidationResult === undefined ? '' : `; on this run's held-out games: the new fit ${fit.fitComparedResult.toFixed(5)}, the committed weights ${fit.compareValidationResult.toFixed(5)}`}`,
    );
    const names = ai.DRAUGHTS_SCALAR_FEATURES;
    const P = set.params;
    console.log(
      `scalars (opening / ending): ${names.map((n, i) => `${n} ${fit.weights[i].toFixed(1)}/${fit.weights[P + i].toFixed(1)}`).join(', ')}`,
    );
    linear = fit.weights;
    summary = `validation loss against the results ${fit.best.validationResult.toFixed(4)} (the hand-written evaluation's ${fit.handValidationResult.toFixed(4)}); K = ${fit.scale.toFixed(1)}`;
  }
  let network;
  if (hidden > 0) {
    const net = ai.fitDraughtsNetwork(set, positions, linear, {
      seed,
      hidden,
      epochs: networkEpochs,
      rate: networkRate,
      lambda,
      onEpoch: (e) =>
        console.log(
          `network epoch ${String(e.epoch).padStart(3)}: validation ${e.validation.toFixed(5)}  vs results ${e.validationResult.toFixed(5)}  mean correction ${e.meanCorrection.toFixed(1)}`,
        ),
    });
    console.log(
      `network of ${hidden} hidden units, best epoch ${net.best.epoch}: validation ${net.best.validation.toFixed(5)}, against the results ${net.best.validationResult.toFixed(5)} (the linear model alone ${net.linear.validation.toFixed(5)}, ${net.linear.validationResult.toFixed(5)})`,
    );
    network = ai.encodeDraughtsNetwork(hidden, net.values);
    summary += `; a network of ${hidden} hidden units over it: validation loss against the results ${net.best.validationResult.toFixed(4)} (the linear model's ${net.linear.validationResult.toFixed(4)})`;
  }
  // Left out of the command the module records: files, and the run's speed; `--also` has lines of its own.
  const dropped = new Set([
    '--dry-run',
    '--no-wasm',
    '--cache',
    '--max-minutes',
    '--also',
    '--out',
    '--label-cache',
    '--also-labels',
  ]);
  const kept = args.filter((a, i) => !dropped.has(a) && !dropped.has(args[i - 1]));
  const gi = kept.indexOf('--games');
  if (gi >= 0) kept[gi + 1] = String(games);
  const command = `npm run train:draughts -- ${kept.join(' ')}`;
  // Laid out as prettier lays it out (printWidth 120), so the generated module passes the format check as written.
  const commandBreak = `  command: '${command}',`.length > 120 ? '\n   ' : '';
  const alsoText = also.map((k) => `\n// Also the positions of ${k} (the same command with these settings).`).join('');
  const text = `// Generated by \`${command}\` (bench/train-draughts.js); do not edit.
// ${set.count} quiet positions of ${games} self-play games${also.length ? ' and the runs below' : ''}; ${summary}.${alsoText}${labelText}
import type { DraughtsWeights } from './learned-eval.js';

export const WEIGHTS: DraughtsWeights = {
  variant: '${variant}',
  params: ${set.params},
  command:${commandBreak} '${command}',
  weights:
    '${ai.encodeDraughtsWeights(linear)}',${network ? `\n  network: {\n    hidden: ${network.hidden},\n    values:\n      '${network.values}',\n  },` : ''}
};
`;
  const out = option('--out', join(here, '..', 'packages', 'ai', 'src', 'games', 'draughts', `weights-${variant}.ts`));
  if (!args.includes('--dry-run')) {
    writeFileSync(out, text);
    console.log(`wrote ${out}`);
  }
  console.log(`${((performance.now() - started) / 1000).toFixed(0)} s`);
}
