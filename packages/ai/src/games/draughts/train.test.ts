import { draughtsGame } from '@tactica/draughts';
import { describe, expect, it, vi } from 'vitest';
import { createWasmDeepSearcher, type WasmDeepSearcher, type WasmDeepSearcherOptions } from './deep-search-wasm.js';
import {
  decodeWeights,
  encodeWeights,
  learnedLayout,
  LearnedDraughtsEvaluator,
  loadLearnedEvaluator,
  SCALAR_FEATURES,
} from './learned-eval.js';
import {
  featureSet,
  fitWeights,
  generatePositions,
  mergeLabelCaches,
  predictScore,
  searchLabels,
  TRAINING_TABLE_LOG2,
  trainingPositionKey,
  type TrainingPosition,
} from './train.js';

/** The WebAssembly searcher, or a failure that says why (as in deep-search-wasm.test.ts) rather than a TypeError. */
async function wasmSearcher(options: WasmDeepSearcherOptions): Promise<WasmDeepSearcher> {
  const searcher = await createWasmDeepSearcher(options);
  if (!searcher) throw new Error('this Node runs no WebAssembly');
  return searcher;
}

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

  it('fits 3x4 windows to weights the evaluation reads as 3x4, scoring what the fit predicted', () => {
    const set = featureSet('english', positions, '3x4');
    const fit = fitWeights(set, { seed: 1, epochs: 20, every: 10, rate: 2 });
    expect(fit.weights).toHaveLength(2 * learnedLayout(8, '3x4').params);
    expect(fit.best.validation).toBeLessThan(fit.history[0]!.validation);
    const params = learnedLayout(8, '3x4').params;
    const stored = decodeWeights({ variant: 'english', params, command: '', weights: encodeWeights(fit.weights) });
    const ev = new LearnedDraughtsEvaluator('english', stored);
    expect(ev.layout.shape).toBe('3x4');
    for (let i = 0; i < set.count; i += 7) {
      const p = positions[set.source[i]!]!;
      expect(Math.abs(ev.evaluateWhite(...p.bits, p.turn) - predictScore(set, stored, i))).toBeLessThanOrEqual(1);
    }
  });

  it('holds fixed scalar features at their value in both phases, in the units the fit puts them in, and fits the rest', () => {
    const set = featureSet('english', positions);
    const P = learnedLayout(8).params;
    const steps = SCALAR_FEATURES.indexOf('steps');
    const free = SCALAR_FEATURES.indexOf('free-men');
    const fit = fitWeights(set, { seed: 1, epochs: 30, every: 10, rate: 2, fixed: { steps: 2, 'free-men': 4 } });
    const units = fit.scale / fit.handScale;
    for (const phase of [0, P]) {
      expect(fit.weights[phase + steps]).toBeCloseTo(2 * units, 9);
      expect(fit.weights[phase + free]).toBeCloseTo(4 * units, 9);
    }
    const loose = fitWeights(set, { seed: 1, epochs: 30, every: 10, rate: 2 });
    expect(loose.weights[steps]).not.toBeCloseTo(2 * units, 3);
    // The others still move: the fit lowers its loss around the held features.
    expect(fit.best.validation).toBeLessThan(fit.history[0]!.validation);
    expect(() => fitWeights(set, { seed: 1, epochs: 1, fixed: { tempo: 1 } as never })).toThrow(/tempo/);
  });

  it('lowers the step to rateEnd by the last epoch: with 0, nothing moves after the first epoch', () => {
    const set = featureSet('english', positions.slice(0, 400));
    const fit = fitWeights(set, { seed: 1, epochs: 6, every: 1, rate: 2, rateEnd: 0 });
    const trains = fit.history.map((e) => e.train);
    expect(trains[1]).not.toBe(trains[0]);
    for (let e = 2; e <= 6; e++) expect(trains[e]).toBe(trains[1]);
    const constant = fitWeights(set, { seed: 1, epochs: 6, every: 1, rate: 2 });
    expect(constant.history[6]!.train).not.toBe(constant.history[1]!.train);
  });

  it('labels by a deeper search each distinct position once, the same whatever share a worker takes', () => {
    const some = positions.slice(0, 30);
    // The first ten again: a ballot's first positions recur in every game played from it.
    const list = [...some, ...some.slice(0, 10)];
    const all = searchLabels(list, { variant: 'english', nodes: 400 });
    for (let i = 0; i < 10; i++) expect(all[30 + i]).toBe(all[i]);
    expect(all.every((v) => Number.isFinite(v))).toBe(true);
    const share = (k: number): Float64Array =>
      searchLabels(list, { variant: 'english', nodes: 400, only: (first) => first % 2 === k });
    const even = share(0);
    const odd = share(1);
    const merged = list.map((_, i) => (Number.isNaN(even[i]!) ? odd[i]! : even[i]!));
    expect(merged).toEqual(Array.from(all));
  });

  it("takes earlier weights' labels only where its own cache has none, and only from the same search", () => {
    const key = (searched: string, nodes = 16000): string =>
      JSON.stringify({ variant: 'english', nodes, evaluation: 'learned', searched });
    const own = { key: key('new'), scores: [['a', 10]] as const };
    const older = {
      key: key('old'),
      scores: [
        ['a', 99],
        ['b', 20],
      ] as const,
    };
    const oldest = {
      key: key('oldest'),
      scores: [
        ['b', 77],
        ['c', 30],
      ] as const,
    };
    const shallower = { key: key('old', 4000), scores: [['d', 40]] as const };
    const m = mergeLabelCaches(key('new'), own, [older, oldest, shallower]);
    expect([...m.scores]).toEqual([
      ['a', 10],
      ['b', 20],
      ['c', 30],
    ]);
    expect([...m.own]).toEqual([['a', 10]]);
    expect(m.borrowed).toEqual([
      { key: key('old'), count: 1 },
      { key: key('oldest'), count: 1 },
    ]);
    // A cache of other weights given as the run's own is not its own: all of it is borrowed.
    const asOwn = mergeLabelCaches(key('new'), older, [older]);
    expect(asOwn.own.size).toBe(0);
    expect(asOwn.borrowed).toEqual([{ key: key('old'), count: 2 }]);
  });

  it.each([
    ['Black to move, White a man up', 'B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11', 1],
    ['White to move, Black a man up', 'W:W22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12', -1],
  ] as const)("labels from White's point of view: %s", (_, fen, sign) => {
    const s = draughtsGame('english').parsePosition(fen);
    if (!s.ok) throw new Error(s.error.message);
    const p: TrainingPosition = {
      bits: s.value.position.bits,
      turn: s.value.position.turn,
      score: 0,
      result: 0.5,
      game: 0,
    };
    const [label] = searchLabels([p], { variant: 'english', nodes: 2000 });
    expect(sign * label!).toBeGreaterThan(50);
  });

  it('plays the same games and labels in WebAssembly as in JavaScript, hand-written and learned evaluation', async () => {
    const evaluator = await loadLearnedEvaluator('international');
    for (const [variant, ev] of [
      ['english', undefined],
      ['international', evaluator],
    ] as const) {
      const wasm = (): Promise<WasmDeepSearcher> =>
        wasmSearcher({ ttLog2: TRAINING_TABLE_LOG2, ...(ev ? { evaluator: ev } : {}) });
      const game = { variant, seed: 5, games: 2, nodes: 300 } as const;
      const js = generatePositions({ ...game, ...(ev ? { evaluator: ev } : {}) });
      const player = await wasm();
      const played = vi.spyOn(player, 'search');
      const inWasm = generatePositions({ ...game, searcher: player });
      // The WebAssembly searcher played: a search for every kept position, and for the moves that were not quiet.
      expect(played.mock.calls.length).toBeGreaterThan(js.length);
      expect(js.length).toBeGreaterThan(20);
      expect(inWasm).toEqual(js);
      const some = js.slice(0, 12);
      const labels = searchLabels(some, { variant, nodes: 800, ...(ev ? { evaluator: ev } : {}) });
      const labeller = await wasm();
      const labelled = vi.spyOn(labeller, 'search');
      expect(searchLabels(some, { variant, nodes: 800, searcher: labeller })).toEqual(labels);
      expect(labelled).toHaveBeenCalledTimes(new Set(some.map(trainingPositionKey)).size);
    }
  });

  it('refuses an evaluator beside a searcher, which would not search with it', async () => {
    const searcher = await wasmSearcher({ ttLog2: TRAINING_TABLE_LOG2 });
    const evaluator = (await loadLearnedEvaluator('english'))!;
    expect(() => generatePositions({ variant: 'english', seed: 1, games: 1, searcher, evaluator })).toThrow(
      /evaluator/,
    );
  });
});
