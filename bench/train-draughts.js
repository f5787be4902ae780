// Trains the learned draughts evaluation (packages/ai/src/games/draughts-learned-eval.ts) over the built packages:
//   npm run train:draughts -- --rules english|international --seed N --games G [--nodes 3000] [--jobs 2]
//        [--epochs 300] [--rate 1] [--l2 1e-6] [--lambda 1] [--epsilon 1e-5] [--material-prior 1e-5]
//        [--cache FILE] [--out FILE] [--dry-run]
// Self-play games of the deep search (hand-written evaluation, `--nodes` a move) from the ACF ballots (English) or
// seeded random openings; their quiet positions labelled with the game's result blended with the search's score;
// weights fitted by logistic regression (draughts-train.ts). Prints the loss curve (train, validation, validation
// against the results alone, and the hand-written evaluation's for comparison) and writes the weights module
// packages/ai/src/games/draughts-weights-<rules>.ts with this command at its top (`--dry-run` writes nothing).
// `--jobs` plays the games in worker threads (the same games, whatever the number of jobs); `--cache` keeps the
// positions in a JSON file outside the repository so that a new fit does not replay the games. Run it nice'd: it is
// meant to take tens of minutes at most.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import * as ai from '../packages/ai/dist/index.js';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};

if (!isMainThread) {
  const { variant, seed, games, nodes, jobs, job } = workerData;
  const positions = ai.generatePositions({
    variant,
    seed,
    games,
    nodes,
    only: (i) => i % jobs === job,
    onGame: (i, n, result) => parentPort.postMessage({ kind: 'game', i, n, result }),
  });
  parentPort.postMessage({ kind: 'done', positions });
} else {
  const variant = option('--rules', 'english');
  const seed = Number(option('--seed', '1'));
  const games = Number(option('--games', '200'));
  const nodes = Number(option('--nodes', '3000'));
  const jobs = Number(option('--jobs', '1'));
  const cache = option('--cache', undefined);
  if (!ai.LEARNED_VARIANTS.includes(variant)) {
    console.error(`--rules: one of ${ai.LEARNED_VARIANTS.join(', ')}`);
    process.exit(2);
  }
  const started = performance.now();
  let positions;
  const cacheKey = JSON.stringify({ variant, seed, games, nodes });
  if (cache && existsSync(cache) && JSON.parse(readFileSync(cache, 'utf8')).key === cacheKey) {
    positions = JSON.parse(readFileSync(cache, 'utf8')).positions;
    console.log(`${positions.length} positions from ${cache}`);
  } else {
    const parts = await Promise.all(
      Array.from(
        { length: jobs },
        (_, job) =>
          new Promise((resolve, reject) => {
            const w = new Worker(new URL(import.meta.url), {
              workerData: { variant, seed, games, nodes, jobs, job },
            });
            w.on('message', (m) => {
              if (m.kind === 'game') {
                if ((m.i + 1) % 20 === 0) {
                  const s = ((performance.now() - started) / 1000).toFixed(0);
                  console.error(`game ${m.i + 1}/${games}: ${m.n} positions, result ${m.result} (${s} s)`);
                }
              } else resolve(m.positions);
            });
            w.on('error', reject);
          }),
      ),
    );
    // The same order whatever the number of jobs: by game, then as played.
    positions = parts.flat().sort((a, b) => a.game - b.game);
    console.log(
      `${positions.length} quiet positions from ${games} games (${((performance.now() - started) / 1000).toFixed(0)} s)`,
    );
    if (cache) writeFileSync(cache, JSON.stringify({ key: cacheKey, positions }));
  }
  const set = ai.draughtsFeatureSet(variant, positions);
  const fit = ai.fitWeights(set, {
    seed,
    epochs: Number(option('--epochs', '300')),
    rate: Number(option('--rate', '1')),
    l2: Number(option('--l2', '1e-6')),
    lambda: Number(option('--lambda', '1')),
    epsilon: Number(option('--epsilon', '1e-5')),
    materialPrior: Number(option('--material-prior', '1e-5')),
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
    `best epoch ${fit.best.epoch}: validation ${fit.best.validation.toFixed(5)}, against the results ${fit.best.validationResult.toFixed(5)}; the hand-written evaluation against the results ${fit.handValidationResult.toFixed(5)}`,
  );
  const names = ai.DRAUGHTS_SCALAR_FEATURES;
  const P = set.params;
  console.log(
    `scalars (opening / ending): ${names.map((n, i) => `${n} ${fit.weights[i].toFixed(1)}/${fit.weights[P + i].toFixed(1)}`).join(', ')}`,
  );
  const command = `npm run train:draughts -- ${args.filter((a, i) => a !== '--dry-run' && args[i - 1] !== '--cache' && a !== '--cache').join(' ')}`;
  const text = `// Generated by \`${command}\` (bench/train-draughts.js); do not edit.
// ${set.count} quiet positions of ${games} self-play games; validation loss against the results ${fit.best.validationResult.toFixed(4)} (the hand-written evaluation's ${fit.handValidationResult.toFixed(4)}); K = ${fit.scale.toFixed(1)}.
import type { DraughtsWeights } from './draughts-learned-eval.js';

export const WEIGHTS: DraughtsWeights = {
  variant: '${variant}',
  params: ${P},
  command: '${command}',
  weights:
    '${ai.encodeDraughtsWeights(fit.weights)}',
};
`;
  const out = option('--out', join(here, '..', 'packages', 'ai', 'src', 'games', `draughts-weights-${variant}.ts`));
  if (!args.includes('--dry-run')) {
    writeFileSync(out, text);
    console.log(`wrote ${out}`);
  }
  console.log(`${((performance.now() - started) / 1000).toFixed(0)} s`);
}
