import { createRng } from '@tactica/core';
import { DraughtsSearchPosition, draughtsGame, RULE_SETS, stateFrom, type VariantId } from '@tactica/draughts';
import { describe, expect, it } from 'vitest';
import { randomOpening } from '../../match.js';
import { LEARNED_VARIANTS, learnedWeightsOf, LearnedDraughtsEvaluator, networkOf } from './learned-eval.js';
import { NetworkAccumulators } from './network-accumulator.js';
import { DraughtsNetwork, networkSize } from './network.js';

/** A network of float32 weights of a fitted one's sizes (inputs and biases below 1, outputs in hundredths). */
function randomNetwork(variant: VariantId, hidden: number): DraughtsNetwork {
  const size = RULE_SETS[variant].size;
  const squares = (size * size) / 2;
  const rng = createRng(`accumulator-weights-${variant}-${hidden}`);
  const values = Float32Array.from({ length: networkSize(squares, hidden) }, () => rng.float() - 0.5);
  for (let k = 4 * squares * hidden + hidden; k < values.length; k++) values[k] = (values[k] as number) * 200;
  return new DraughtsNetwork(size, hidden, values);
}

/**
 * A random walk forward and back from random openings, as a search goes (captures, crownings, kings' captures,
 * long lines and returns), calling `check` at every position on the way and, now and then, twice at the same one.
 */
function walk(variant: VariantId, seed: string, check: (sp: DraughtsSearchPosition) => void): number {
  const game = draughtsGame(variant);
  const buffer = new Int32Array(1024);
  let kings = 0;
  for (let g = 0; g < 4; g++) {
    const rng = createRng(`${seed}-${variant}-${g}`);
    const sp = new DraughtsSearchPosition(randomOpening(game, rng.next(), 2));
    const line: number[] = [];
    for (let step = 0; step < 400; step++) {
      const n = sp.generateMoves(buffer, 0);
      if (n > 0 && (line.length === 0 || rng.float() < 0.6)) {
        const key = buffer[rng.int(n)]!;
        sp.makeMove(key);
        line.push(key);
      } else if (line.length > 0) sp.unmakeMove(line.pop()!);
      else break;
      // Not every node is evaluated in a search: the accumulators must find their way from farther back.
      if (rng.float() < 0.5) check(sp);
      if (rng.float() < 0.1) check(sp);
      if ((sp.engine.kLo | sp.engine.kHi) !== 0) kings++;
    }
  }
  return kings;
}

describe("the network's accumulators along a search's path", () => {
  it.each(Object.keys(RULE_SETS) as VariantId[])(
    '%s: the same correction as summing from scratch, to the last bit, at every node of a random walk',
    (variant) => {
      const net = randomNetwork(variant, 24);
      const acc = new NetworkAccumulators(net);
      let checked = 0;
      const kings = walk(variant, 'accumulator-random', (sp) => {
        const e = sp.engine;
        expect(acc.evaluate(sp)).toBe(net.evaluate(e.wLo, e.wHi, e.bLo, e.bHi, e.kLo, e.kHi, e.side));
        checked++;
      });
      expect(checked).toBeGreaterThan(500);
      expect(kings).toBeGreaterThan(0);
    },
  );

  it.each(LEARNED_VARIANTS)(
    "%s: the committed network's correction and the evaluation are the same through the accumulators",
    async (variant) => {
      const weights = await learnedWeightsOf(variant);
      const net = weights && networkOf(weights);
      if (!weights || !net) return;
      const acc = new NetworkAccumulators(net);
      const search = LearnedDraughtsEvaluator.fromWeights(weights, {
        accumulators: (network) => new NetworkAccumulators(network),
      });
      const reference = LearnedDraughtsEvaluator.fromWeights(weights);
      walk(variant, 'accumulator-committed', (sp) => {
        const e = sp.engine;
        expect(acc.evaluate(sp)).toBe(net.evaluate(e.wLo, e.wHi, e.bLo, e.bHi, e.kLo, e.kHi, e.side));
        const full = reference.evaluateWhite(e.wLo, e.wHi, e.bLo, e.bHi, e.kLo, e.kHi, e.side);
        expect(search.evaluate(sp)).toBe(e.side === 0 ? full : 0 - full);
      });
    },
  );

  it('serves positions in turn (one evaluator, several searches, either side to move): each gets its own sums', () => {
    const variant = 'international';
    const net = randomNetwork(variant, 16);
    const acc = new NetworkAccumulators(net);
    const game = draughtsGame(variant);
    // Positions without history, White to move in one, Black in the other: the same slots, the other view.
    const a = new DraughtsSearchPosition(stateFrom(randomOpening(game, 1, 4).position, false));
    const b = new DraughtsSearchPosition(stateFrom(randomOpening(game, 2, 3).position, false));
    expect([a.pathIndex(), a.engine.side, b.pathIndex(), b.engine.side]).toEqual([0, 0, 0, 1]);
    const buffer = new Int32Array(1024);
    for (let i = 0; i < 20; i++) {
      for (const sp of [a, b]) {
        const n = sp.generateMoves(buffer, 0);
        if (n === 0) continue;
        sp.makeMove(buffer[i % n]!);
        const e = sp.engine;
        expect(acc.evaluate(sp)).toBe(net.evaluate(e.wLo, e.wHi, e.bLo, e.bHi, e.kLo, e.kHi, e.side));
      }
    }
  });
});
