import { describe, expect, it } from 'vitest';
import { decodeWeights, encodeWeights, learnedLayout, LearnedDraughtsEvaluator } from './draughts-learned-eval.js';
import { featureSet, fitWeights, generatePositions, predictScore } from './draughts-train.js';

describe('the draughts evaluation trainer', () => {
  // A handful of quick English games: enough for the fit to find material and tempo.
  const positions = generatePositions({ variant: 'english', seed: 3, games: 14, nodes: 300 });

  it('replays the same games from the same seed, quiet positions only, labelled with a result', () => {
    const again = generatePositions({ variant: 'english', seed: 3, games: 3, nodes: 300 });
    expect(again).toEqual(positions.filter((p) => p.game < 3));
    expect(positions.length).toBeGreaterThan(300);
    for (const p of positions) expect([0, 0.5, 1]).toContain(p.result);
  });

  it('lowers the validation loss on a small seeded run', () => {
    const set = featureSet('english', positions);
    const fit = fitWeights(set, { seed: 1, epochs: 60, every: 20, rate: 2 });
    const first = fit.history[0]!;
    expect(fit.validationCount).toBeGreaterThan(0);
    expect(fit.best.validation).toBeLessThan(first.validation);
    expect(fit.best.train).toBeLessThan(first.train);
    // The weights it returns are the evaluator's: what the fit predicted is what the evaluation says, once stored.
    expect(fit.weights).toHaveLength(2 * learnedLayout(8).params);
    const stored = decodeWeights({
      variant: 'english',
      params: learnedLayout(8).params,
      command: '',
      weights: encodeWeights(fit.weights),
    });
    const ev = new LearnedDraughtsEvaluator('english', stored);
    for (let i = 0; i < set.count; i += 5) {
      const p = positions[set.source[i]!]!;
      expect(Math.abs(ev.evaluateWhite(...p.bits, p.turn) - predictScore(set, stored, i))).toBeLessThanOrEqual(1);
    }
  });
});
