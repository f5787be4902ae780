import type { Position, VariantId } from '@tactica/draughts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomNetwork as seededNetwork, randomWalkPositions } from '../../test-draughts-networks.js';
import {
  LEARNED_VARIANTS,
  learnedWeightsOf,
  LearnedDraughtsEvaluator,
  loadLearnedEvaluator,
  networkOf,
} from './learned-eval.js';
import { wasmForwardPass } from './network-wasm.js';
import type { DraughtsNetwork, NetworkForwardPass } from './network.js';

/** Positions along seeded random games, kings included (this file's own seeds). */
const positionsOf = (variant: VariantId, count: number): Position[] =>
  randomWalkPositions(variant, count, 'network-wasm-test');
/** A network of seeded random weights (this file's own seeds). */
const randomNetwork = (size: 8 | 10, hidden: number): DraughtsNetwork =>
  seededNetwork(size, hidden, 'network-wasm-weights');

/** The positions where the WebAssembly pass and `evaluateJs` give numbers that are not the same (`Object.is`). */
function differences(net: DraughtsNetwork, pass: NetworkForwardPass, positions: readonly Position[]): string[] {
  const out: string[] = [];
  for (const p of positions) {
    const [wLo, wHi, bLo, bHi, kLo, kHi] = p.bits;
    const wasm = pass(wLo, wHi, bLo, bHi, kLo, kHi, p.turn);
    const js = net.evaluateJs(wLo, wHi, bLo, bHi, kLo, kHi, p.turn);
    if (!Object.is(wasm, js)) out.push(`${p.bits.join(',')} turn ${p.turn}: ${wasm} against ${js}`);
  }
  return out;
}

async function passOf(net: DraughtsNetwork): Promise<NetworkForwardPass> {
  const pass = await wasmForwardPass(net);
  if (!pass) throw new Error('this Node runs no WebAssembly SIMD');
  return pass;
}

describe('the network in WebAssembly', () => {
  // Every rule set Master plays carries a network since Spanish and Thai got theirs (issue 42).
  it.each(LEARNED_VARIANTS)(
    'gives the same number to the last bit as the JavaScript over random walks: %s',
    async (variant) => {
      const w = await learnedWeightsOf(variant);
      const net = w && networkOf(w);
      if (!net) throw new Error(`${variant} has no network`);
      const positions = positionsOf(variant, 3000);
      expect(positions.filter((p) => p.bits[4] !== 0 || p.bits[5] !== 0).length).toBeGreaterThan(100);
      expect(differences(net, await passOf(net), positions)).toEqual([]);
    },
  );

  it.each([
    [8, 8, 'english'],
    [8, 13, 'russian'],
    [10, 40, 'international'],
    [10, 7, 'international'],
  ] as const)(
    'gives the same numbers for a random network of other sizes (%i squares a side, %i units: blocks and the units left over; %s walks)',
    async (size, hidden, variant) => {
      const net = randomNetwork(size, hidden);
      const positions = positionsOf(variant, 1500);
      // The random networks' hidden sums cross 0 and 1: every clipping branch is taken.
      expect(differences(net, await passOf(net), positions)).toEqual([]);
    },
  );

  it('is what a loaded evaluation and a Lazy SMP helper rebuilding it evaluate with (same scores as the JavaScript)', async () => {
    const loaded = await loadLearnedEvaluator('english');
    expect(loaded?.network?.forwardPassGiven).toBe(true);
    const w = await learnedWeightsOf('english');
    if (!w || !loaded) throw new Error('english has no weights');
    const js = LearnedDraughtsEvaluator.fromWeights(w);
    expect(js.network?.forwardPassGiven).toBe(false);
    const { withWasmNetwork } = await import('./learned-eval.js');
    const helper = await withWasmNetwork(LearnedDraughtsEvaluator.fromHelperData(js.forHelpers()));
    expect(helper.network?.forwardPassGiven).toBe(true);
    for (const p of positionsOf('english', 300)) {
      const [wLo, wHi, bLo, bHi, kLo, kHi] = p.bits;
      const score = js.evaluateWhite(wLo, wHi, bLo, bHi, kLo, kHi, p.turn);
      expect(loaded.evaluateWhite(wLo, wHi, bLo, bHi, kLo, kHi, p.turn)).toBe(score);
      expect(helper.evaluateWhite(wLo, wHi, bLo, bHi, kLo, kHi, p.turn)).toBe(score);
    }
  });

  it('is instantiated once a rule set and thread, however many load the evaluation at once', async () => {
    const [a, b] = await Promise.all([loadLearnedEvaluator('international'), loadLearnedEvaluator('international')]);
    expect(a).toBeDefined();
    expect(b).toBe(a);
    expect(await loadLearnedEvaluator('international')).toBe(a);
  });

  describe('where the platform cannot run it', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
      vi.resetModules();
    });

    it.each([
      ['without WebAssembly', undefined],
      ['without SIMD (the module does not validate)', { validate: () => false }],
    ])('leaves the network its JavaScript %s', async (_, platform) => {
      vi.resetModules();
      vi.stubGlobal('WebAssembly', platform);
      const { useWasmForwardPass } = await import('./network-wasm.js');
      const net = randomNetwork(8, 8);
      expect(await useWasmForwardPass(net)).toBe(false);
      expect(net.forwardPassGiven).toBe(false);
    });
  });
});
