/**
 * Fits the network of the learned draughts evaluation (network.ts) as a correction to a linear model that is
 * kept fixed: the score is the linear one plus the network's output, σ(score / K) is fitted to the same blended labels
 * as the linear fit's (train.ts), on the same split by game. Mini-batch Adam, the step lowered twice (at 60%
 * and 85% of the epochs), the numbers kept from the epoch with the lowest validation loss. Pure and seeded: the same
 * positions, linear weights and options give the same network.
 */
import { createRng } from '@tactica/core';
import { RULE_SETS } from '@tactica/draughts';
import { networkInputs, networkSize } from './network.js';
import {
  crossEntropy,
  fitScale,
  predictScore,
  sigmoid,
  splitByGame,
  type FeatureSet,
  type TrainingPosition,
} from './train.js';

export interface NetworkFitOptions {
  readonly seed: number;
  readonly hidden: number;
  /** Passes over the training positions (default 20). */
  readonly epochs?: number;
  /** Adam's step at the start (default 0.002). */
  readonly rate?: number;
  /** Positions a step (default 256). */
  readonly batch?: number;
  /** Weight of the game's result in the label, the rest the search's score (default 1, as `FitOptions.lambda`). */
  readonly lambda?: number;
  /** L2 pull of every number toward 0, per step (default 1e-6). */
  readonly l2?: number;
  /** Share of the games held out (default 0.2, the linear fit's). */
  readonly validation?: number;
  readonly onEpoch?: (e: NetworkEpoch) => void;
}

export interface NetworkEpoch {
  readonly epoch: number;
  /** Mean cross-entropy against the blended labels on the held-out games, and against their results alone. */
  readonly validation: number;
  readonly validationResult: number;
  /** The mean size of the network's correction there, in hundredths of a man. */
  readonly meanCorrection: number;
}

export interface NetworkFit {
  readonly hidden: number;
  /** The network's numbers, in `DraughtsNetwork`'s order. */
  readonly values: Float32Array;
  readonly best: NetworkEpoch;
  /** The linear model alone on the same held-out games (epoch 0). */
  readonly linear: NetworkEpoch;
  readonly history: readonly NetworkEpoch[];
}

/** Hundredths of a man in a man: the output layer's unit while fitting. */
const MEN = 100;

/** Up to this many pieces a position: the inputs of a row are their indexes. */
const MAX_PIECES = 40;

/**
 * Fits a network over `linear` (weights of the set's layout, [opening…, ending…]) on the rows of `set`, whose
 * positions are `positions[set.source[i]]`.
 */
export function fitNetwork(
  set: FeatureSet,
  positions: readonly TrainingPosition[],
  linear: ArrayLike<number>,
  o: NetworkFitOptions,
): NetworkFit {
  const size = RULE_SETS[set.variant].size;
  const squares = (size * size) / 2;
  const H = o.hidden;
  const n = set.count;
  // Each row from the side to move: inputs (kind × squares + square, the board turned for Black), the linear score,
  // the label and the result.
  const inputs = new Int16Array(n * (MAX_PIECES + 1));
  const base = new Float32Array(n);
  const result = new Float32Array(n);
  const score = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const p = positions[set.source[i] as number] as TrainingPosition;
    const [wLo, wHi, bLo, bHi, kLo, kHi] = p.bits;
    const white = p.turn === 0;
    const at = i * (MAX_PIECES + 1);
    const on = inputs.subarray(at + 1, at + 1 + MAX_PIECES);
    inputs[at] = Math.min(MAX_PIECES, networkInputs(size, wLo, wHi, bLo, bHi, kLo, kHi, p.turn, on));
    const lin = predictScore(set, linear, i);
    base[i] = white ? lin : -lin;
    result[i] = white ? (set.result[i] as number) : 1 - (set.result[i] as number);
    score[i] = white ? (set.score[i] as number) : -(set.score[i] as number);
  }

  // The linear fit's split, so that the network is judged on games the linear weights of the same run were not fitted on.
  const { train, valid } = splitByGame(set, o.seed, o.validation ?? 0.2);
  const scale = fitScale(score, result, train);
  const lambda = o.lambda ?? 1;
  const label = new Float32Array(n);
  for (let i = 0; i < n; i++)
    label[i] = lambda * (result[i] as number) + (1 - lambda) * sigmoid((score[i] as number) / scale);

  const rng = createRng(`network-${o.seed}`);
  const total = networkSize(squares, H);
  const theta = new Float32Array(total);
  const rows = 4 * squares * H;
  for (let k = 0; k < rows; k++) theta[k] = (rng.float() - 0.5) * 0.2;
  for (let k = 0; k < H; k++) theta[rows + k] = 0.3;
  // Output weights start at 0: epoch 0 is the linear model alone. They are fitted in men (Adam's steps are of a size
  // whatever the gradient's, and a step of a hundredth of a man would take thousands to matter), stored in hundredths.
  const grad = new Float32Array(total);
  const m = new Float32Array(total);
  const v = new Float32Array(total);
  const sums = new Float32Array(H);
  const hiddenOut = new Float32Array(H);
  const outW = rows + H;
  const outB = rows + 2 * H;

  const forward = (i: number): number => {
    for (let k = 0; k < H; k++) sums[k] = theta[rows + k] as number;
    const at = i * (MAX_PIECES + 1);
    const count = inputs[at] as number;
    for (let j = 1; j <= count; j++) {
      const row = (inputs[at + j] as number) * H;
      for (let k = 0; k < H; k++) sums[k] = (sums[k] as number) + (theta[row + k] as number);
    }
    let out = theta[outB] as number;
    for (let k = 0; k < H; k++) {
      const x = sums[k] as number;
      const y = x <= 0 ? 0 : x >= 1 ? 1 : x;
      hiddenOut[k] = y;
      out += y * (theta[outW + k] as number);
    }
    return MEN * out;
  };

  const history: NetworkEpoch[] = [];
  const record = (epoch: number): NetworkEpoch => {
    let loss = 0;
    let correction = 0;
    const values = new Float32Array(n);
    for (const i of valid) {
      const c = forward(i);
      values[i] = (base[i] as number) + c;
      correction += Math.abs(c);
      loss += crossEntropy(sigmoid((values[i] as number) / scale), label[i] as number);
    }
    // Against the results with the K that fits this model's values best, as the linear fit reports it.
    const k = fitScale(values, result, valid);
    let lossResult = 0;
    for (const i of valid) lossResult += crossEntropy(sigmoid((values[i] as number) / k), result[i] as number);
    const count = Math.max(1, valid.length);
    const e = {
      epoch,
      validation: loss / count,
      validationResult: lossResult / count,
      meanCorrection: correction / count,
    };
    history.push(e);
    o.onEpoch?.(e);
    return e;
  };

  const linearEpoch = record(0);
  let best = linearEpoch;
  let bestTheta = Float32Array.from(theta);
  const epochs = o.epochs ?? 20;
  const batch = o.batch ?? 256;
  const l2 = o.l2 ?? 1e-6;
  const b1 = 0.9;
  const b2 = 0.999;
  let step = 0;
  const order = train.slice();
  for (let epoch = 1; epoch <= epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      const t = order[i] as number;
      order[i] = order[j] as number;
      order[j] = t;
    }
    const rate = (o.rate ?? 0.002) * (epoch > epochs * 0.6 ? 0.3 : 1) * (epoch > epochs * 0.85 ? 0.3 : 1);
    for (let start = 0; start < order.length; start += batch) {
      grad.fill(0);
      const end = Math.min(order.length, start + batch);
      for (let t = start; t < end; t++) {
        const i = order[t] as number;
        const out = forward(i);
        // d(loss)/d(output) for the cross-entropy of σ((linear + output) / K).
        const d = (MEN * (sigmoid(((base[i] as number) + out) / scale) - (label[i] as number))) / scale;
        grad[outB] = (grad[outB] as number) + d;
        const at = i * (MAX_PIECES + 1);
        const count = inputs[at] as number;
        for (let k = 0; k < H; k++) {
          grad[outW + k] = (grad[outW + k] as number) + d * (hiddenOut[k] as number);
          const x = sums[k] as number;
          if (x <= 0 || x >= 1) continue;
          const dh = d * (theta[outW + k] as number);
          grad[rows + k] = (grad[rows + k] as number) + dh;
          for (let j = 1; j <= count; j++) {
            const p = (inputs[at + j] as number) * H + k;
            grad[p] = (grad[p] as number) + dh;
          }
        }
      }
      step++;
      const c1 = 1 - b1 ** step;
      const c2 = 1 - b2 ** step;
      const size = end - start;
      for (let k = 0; k < total; k++) {
        const gk = (grad[k] as number) / size + l2 * (theta[k] as number);
        m[k] = b1 * (m[k] as number) + (1 - b1) * gk;
        v[k] = b2 * (v[k] as number) + (1 - b2) * gk * gk;
        theta[k] = (theta[k] as number) - (rate * ((m[k] as number) / c1)) / (Math.sqrt((v[k] as number) / c2) + 1e-8);
      }
    }
    const e = record(epoch);
    if (e.validation < best.validation) {
      best = e;
      bestTheta = Float32Array.from(theta);
    }
  }
  for (let k = outW; k < total; k++) bestTheta[k] = MEN * (bestTheta[k] as number);
  return { hidden: H, values: bestTheta, best, linear: linearEpoch, history };
}
