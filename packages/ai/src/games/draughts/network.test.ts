import { geometryOf, RULE_SETS, type Position, type VariantId } from '@tactica/draughts';
import { describe, expect, it } from 'vitest';
import { randomNetwork as seededNetwork, randomWalkPositions } from '../../test-draughts-networks.js';
import { decodeWeights, learnedWeightsOf, LearnedDraughtsEvaluator, networkOf } from './learned-eval.js';
import { fitNetwork } from './network-fit.js';
import { decodeNetwork, DraughtsNetwork, encodeNetwork, networkSize } from './network.js';
import { featureSet, generatePositions, predictScore } from './train.js';

/** Positions along seeded random games, kings included (this file's own seeds). */
const positionsOf = (variant: VariantId, count: number): Position[] =>
  randomWalkPositions(variant, count, 'network-test');
/** A network of seeded random weights (this file's own seeds). */
const randomNetwork = (size: 8 | 10, hidden: number): DraughtsNetwork => seededNetwork(size, hidden, 'network-weights');

/** The network's definition written out square by square, in doubles: what `evaluate` must compute. */
function reference(net: DraughtsNetwork, size: 8 | 10, p: Position): number {
  const g = geometryOf(size);
  const v = net.values;
  const h = net.hidden;
  const n = net.squares;
  const sums = Array.from({ length: h }, (_, k) => v[4 * n * h + k] as number);
  const [wLo, wHi, bLo, bHi, kLo, kHi] = p.bits;
  const on = (lo: number, hi: number, b: number): boolean => ((b < 32 ? lo >>> b : hi >>> (b - 32)) & 1) === 1;
  for (let sq = 0; sq < n; sq++) {
    const b = g.bitOf[sq] as number;
    const white = on(wLo, wHi, b);
    if (!white && !on(bLo, bHi, b)) continue;
    const own = white === (p.turn === 0);
    const kind = (own ? 0 : 2) + (on(kLo, kHi, b) ? 1 : 0);
    const row = kind * n + (p.turn === 0 ? sq : n - 1 - sq);
    for (let k = 0; k < h; k++) sums[k] = (sums[k] as number) + (v[row * h + k] as number);
  }
  let out = v[4 * n * h + 2 * h] as number;
  for (let k = 0; k < h; k++) out += Math.min(1, Math.max(0, sums[k] as number)) * (v[4 * n * h + h + k] as number);
  return out;
}

/** The board turned half a turn with the colours and the side to move swapped. */
function mirror(p: Position): Position {
  const size = RULE_SETS[p.variant].size;
  const g = geometryOf(size);
  const n = g.squares;
  const turn = (lo: number, hi: number): [number, number] => {
    let a = 0;
    let c = 0;
    for (let sq = 0; sq < n; sq++) {
      const b = g.bitOf[sq] as number;
      if ((((b < 32 ? lo >>> b : hi >>> (b - 32)) & 1) as number) === 0) continue;
      const m = g.bitOf[n - 1 - sq] as number;
      if (m < 32) a |= 1 << m;
      else c |= 1 << (m - 32);
    }
    return [a, c];
  };
  const [wLo, wHi, bLo, bHi, kLo, kHi] = p.bits;
  return {
    variant: p.variant,
    bits: [...turn(bLo, bHi), ...turn(wLo, wHi), ...turn(kLo, kHi)] as Position['bits'],
    turn: p.turn === 0 ? 1 : 0,
  };
}

describe('the draughts evaluation network', () => {
  for (const variant of ['english', 'international'] as const) {
    const size = RULE_SETS[variant].size;
    it(`computes its definition on the ${size}x${size} board, kings included, for either side to move`, () => {
      const net = randomNetwork(size, 8);
      const positions = positionsOf(variant, 300);
      expect(positions.some((p) => p.bits[4] !== 0 || p.bits[5] !== 0)).toBe(true);
      for (const p of positions) expect(net.evaluate(...p.bits, p.turn)).toBeCloseTo(reference(net, size, p), 2);
    });

    it(`scores a position and its mirror the same for the side to move (${variant})`, () => {
      const net = randomNetwork(size, 8);
      for (const p of positionsOf(variant, 100)) {
        const m = mirror(p);
        expect(net.evaluate(...m.bits, m.turn)).toBeCloseTo(net.evaluate(...p.bits, p.turn), 3);
      }
    });
  }

  it('keeps every number through its encoding', () => {
    const net = randomNetwork(8, 4);
    const data = encodeNetwork(4, net.values);
    expect(data.hidden).toBe(4);
    expect(decodeNetwork(data)).toEqual(net.values);
  });

  it('refuses numbers that do not fit its shape, saying how many it got', async () => {
    const weights = await learnedWeightsOf('english');
    if (!weights) throw new Error('the English weights are committed');
    expect(() => new DraughtsNetwork(8, 4, new Float32Array(10))).toThrow(
      /10 numbers for 4 hidden units on 32 squares/,
    );
    expect(() => new DraughtsNetwork(8, 0, new Float32Array(1))).toThrow(/0 hidden units/);
    expect(() => decodeNetwork({ hidden: 1, values: btoa('abc') })).toThrow(/not a whole number of float32/);
    // A 10x10 network on the 8x8 board's evaluation.
    const params = decodeWeights(weights);
    expect(() => new LearnedDraughtsEvaluator('english', params, { network: randomNetwork(10, 2) })).toThrow(
      /english: a network of 50 squares/,
    );
  });

  it('adds its output to the linear score, for the side to move', async () => {
    const weights = await learnedWeightsOf('english');
    if (!weights) throw new Error('the English weights are committed');
    const params = decodeWeights(weights);
    const net = randomNetwork(8, 6);
    const both = new LearnedDraughtsEvaluator('english', params, { network: net });
    const positions = positionsOf('english', 200).map((p) => ({
      bits: p.bits,
      turn: p.turn,
      score: 0,
      result: 0.5,
      game: 0,
    }));
    // The trainer's view of the same positions (scaled endings left out): the linear score before its rounding.
    const set = featureSet('english', positions);
    expect(set.count).toBeGreaterThan(100);
    for (let i = 0; i < set.count; i++) {
      const p = positions[set.source[i] as number]!;
      const c = net.evaluate(...p.bits, p.turn);
      const expected = predictScore(set, params, i) + (p.turn === 0 ? c : -c);
      expect(Math.abs(both.evaluateWhite(...p.bits, p.turn) - expected)).toBeLessThan(1.0001);
    }
  });

  it('travels in a weights module: networkOf builds what the module holds, and nothing for a module without one', async () => {
    const weights = await learnedWeightsOf('english');
    if (!weights) throw new Error('the English weights are committed');
    const net = randomNetwork(8, 3);
    const module = { ...weights, network: encodeNetwork(3, net.values) };
    expect(networkOf(module)?.values).toEqual(net.values);
    const { network: _none, ...linearOnly } = module;
    expect(networkOf(linearOnly)).toBeUndefined();
  });
});

describe('the network fit', () => {
  // A handful of quick English games, as the linear trainer's tests use.
  const positions = generatePositions({ variant: 'english', seed: 5, games: 12, nodes: 300 });
  const set = featureSet('english', positions);

  it('starts from the linear model alone and lowers the held-out loss below it, the same from the same seed', async () => {
    const weights = await learnedWeightsOf('english');
    if (!weights) throw new Error('the English weights are committed');
    const linear = decodeWeights(weights);
    const options = { seed: 2, hidden: 4, epochs: 6, lambda: 0.5 } as const;
    const fit = fitNetwork(set, positions, linear, options);
    expect(fit.linear.epoch).toBe(0);
    expect(fit.linear.meanCorrection).toBe(0);
    expect(fit.history).toHaveLength(7);
    expect(fit.best.validation).toBeLessThan(fit.linear.validation);
    expect(fit.values).toHaveLength(networkSize(32, 4));
    expect(fitNetwork(set, positions, linear, options).values).toEqual(fit.values);

    // What the fit scored is what the evaluation computes with the fitted network.
    const net = new DraughtsNetwork(8, 4, fit.values);
    const ev = new LearnedDraughtsEvaluator('english', linear, { network: net });
    for (let i = 0; i < set.count; i += 37) {
      const p = positions[set.source[i] as number]!;
      const c = net.evaluate(...p.bits, p.turn);
      const expected = predictScore(set, linear, i) + (p.turn === 0 ? c : -c);
      expect(Math.abs(ev.evaluateWhite(...p.bits, p.turn) - expected)).toBeLessThan(1.01);
    }
  });
});
