import { createRng } from '@tactica/core';
import { RULE_SETS, type Position, type VariantId } from '@tactica/draughts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomNetwork, randomWalkPositions } from '../../test-draughts-networks.js';
import {
  LEARNED_VARIANTS,
  LearnedDraughtsEvaluator,
  learnedLayout,
  learnedWeightsOf,
  WINDOW_SHAPES,
  type WindowShape,
} from './learned-eval.js';
import {
  learnedModuleInstance,
  learnedWasmEvaluation,
  writeLearnedEvaluation,
  type LearnedWasmEvaluation,
} from './learned-wasm.js';

/** Positions along seeded random games, kings and endings included (this file's own seeds). */
const positionsOf = (variant: VariantId, count: number): Position[] =>
  randomWalkPositions(variant, count, 'learned-wasm-test');

/**
 * The positions where the WebAssembly evaluation and the JavaScript's `evaluateWhite` (and its side-to-move score) are
 * not the same number (`Object.is`).
 */
function differences(
  ev: LearnedDraughtsEvaluator,
  wasm: LearnedWasmEvaluation,
  positions: readonly Pick<Position, 'bits' | 'turn'>[],
): string[] {
  const out: string[] = [];
  for (const p of positions) {
    const [wLo, wHi, bLo, bHi, kLo, kHi] = p.bits;
    const js = ev.evaluateWhite(wLo, wHi, bLo, bHi, kLo, kHi, p.turn);
    const white = wasm.evaluateWhite(wLo, wHi, bLo, bHi, kLo, kHi, p.turn);
    const mover = wasm.evaluate(wLo, wHi, bLo, bHi, kLo, kHi, p.turn);
    if (!Object.is(white, js) || !Object.is(mover, p.turn === 0 ? js : 0 - js)) {
      out.push(`${p.bits.join(',')} turn ${p.turn}: ${white} (to move ${mover}) against ${js}`);
    }
  }
  return out;
}

async function inWasm(ev: LearnedDraughtsEvaluator): Promise<LearnedWasmEvaluation> {
  const wasm = await learnedWasmEvaluation(ev);
  if (!wasm) throw new Error('this Node runs no WebAssembly SIMD');
  return wasm;
}

/**
 * An evaluation of seeded random weights over the whole range the weights modules store (±8 000 hundredths: the
 * expanded weights near the int16 limits, openings of both signs), with a random network or none.
 */
function randomEvaluator(variant: VariantId, shape: WindowShape, network: boolean): LearnedDraughtsEvaluator {
  const size = RULE_SETS[variant].size;
  const layout = learnedLayout(size, shape);
  const rng = createRng(`learned-wasm-weights-${variant}-${shape}`);
  const params = Array.from({ length: 2 * layout.params }, () => rng.int(16001) - 8000);
  const options = network ? { network: randomNetwork(size, 13, 'learned-wasm-network') } : {};
  return new LearnedDraughtsEvaluator(variant, params, options);
}

describe('the learned evaluation in WebAssembly', () => {
  it.each(LEARNED_VARIANTS)(
    'gives the same score to the last bit as the JavaScript over random walks, with the committed weights: %s',
    async (variant) => {
      const w = await learnedWeightsOf(variant);
      if (!w) throw new Error(`${variant} has no weights`);
      const ev = LearnedDraughtsEvaluator.fromWeights(w);
      const positions = positionsOf(variant, 2000);
      // Kings, both sides to move, and endings of kings only (the scaled scores) are all in the walks.
      expect(positions.filter((p) => p.bits[4] !== 0 || p.bits[5] !== 0).length).toBeGreaterThan(100);
      expect(positions.filter((p) => p.turn === 1).length).toBeGreaterThan(500);
      expect(positions.filter(onlyKings).length).toBeGreaterThan(0);
      expect(differences(ev, await inWasm(ev), positions)).toEqual([]);
    },
  );

  it.each(LEARNED_VARIANTS)(
    'gives the same scores on random boards and endings of kings only, a lone king among them: %s',
    async (variant) => {
      const w = await learnedWeightsOf(variant);
      if (!w) throw new Error(`${variant} has no weights`);
      const ev = LearnedDraughtsEvaluator.fromWeights(w);
      const boards = randomBoards(variant, 600);
      expect(boards.filter((b) => onlyKings(b) && piecesOf(b, 0) !== piecesOf(b, 1)).length).toBeGreaterThan(100);
      expect(differences(ev, await inWasm(ev), boards)).toEqual([]);
    },
  );

  it('has a network in every rule set with committed weights', async () => {
    const withNetwork = await Promise.all(
      LEARNED_VARIANTS.map(async (v) => [v, (await learnedWeightsOf(v))?.network !== undefined] as const),
    );
    expect(withNetwork).toHaveLength(7);
    expect(withNetwork.filter(([, net]) => !net)).toEqual([]);
  });

  it.each(
    (['english', 'international'] as const).flatMap((v) =>
      WINDOW_SHAPES.flatMap((shape) => [true, false].map((network) => [v, shape, network] as const)),
    ),
  )('gives the same scores for random weights: %s, %s windows, network %s', async (variant, shape, network) => {
    const ev = randomEvaluator(variant, shape, network);
    expect(ev.layout.shape).toBe(shape);
    expect(ev.layout.areas > 0).toBe(shape === '2x4+4x4');
    expect(differences(ev, await inWasm(ev), positionsOf(variant, 1000))).toEqual([]);
  });

  it('evaluates positions written into the module as the calls from the host do (the sum of the scores to move)', async () => {
    const w = await learnedWeightsOf('international');
    if (!w) throw new Error('international has no weights');
    const ev = LearnedDraughtsEvaluator.fromWeights(w);
    const wasm = await inWasm(ev);
    const positions = positionsOf('international', 500);
    const sum = positions.reduce((total, p) => total + wasm.evaluate(...p.bits, p.turn), 0);
    const evaluateAll = wasm.inModule(positions);
    expect(evaluateAll()).toBe(sum);
    expect(evaluateAll()).toBe(sum);
  });

  it('is set up by writeLearnedEvaluation in an instance whose heap already holds other tables of a search', async () => {
    const wasm = await learnedModuleInstance();
    if (!wasm) throw new Error('this Node runs no WebAssembly SIMD');
    // A search's tables taken first, over a page: the evaluation's blocks come after them and the memory grows.
    const theirs = wasm.positionsAt(4096);
    new Int32Array(wasm.memory.buffer, theirs, 8 * 4096).fill(-1);
    const before = wasm.memory.buffer.byteLength;
    const ev = randomEvaluator('international', '2x4+4x4', true);
    writeLearnedEvaluation(wasm, ev);
    expect(wasm.memory.buffer.byteLength).toBeGreaterThan(before);
    expect(new Int32Array(wasm.memory.buffer, theirs, 8 * 4096).every((x) => x === -1)).toBe(true);
    for (const p of positionsOf('international', 500)) {
      expect(wasm.evaluateWhite(...p.bits, p.turn)).toBe(ev.evaluateWhite(...p.bits, p.turn));
    }
  });

  describe('where the platform cannot run it', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
      vi.resetModules();
    });

    it.each([
      ['without WebAssembly', undefined],
      ['without SIMD (the module does not validate)', { validate: () => false }],
    ])('gives no evaluation %s', async (_, platform) => {
      vi.resetModules();
      vi.stubGlobal('WebAssembly', platform);
      const { learnedWasmEvaluation: load } = await import('./learned-wasm.js');
      expect(await load(randomEvaluator('english', '2x4', false))).toBeUndefined();
    });
  });
});

/**
 * Seeded random boards of a rule set, either side to move: every other one kings only, one side with a lone king and
 * the other with one to four (the scaled endings); the others any pieces, a quarter of them kings.
 */
function randomBoards(variant: VariantId, count: number): Pick<Position, 'bits' | 'turn'>[] {
  const layout = learnedLayout(RULE_SETS[variant].size);
  const squares: number[] = [];
  for (let b = 0; b < 64; b++)
    if ((((b < 32 ? layout.validLo : layout.validHi) >>> (b & 31)) & 1) !== 0) squares.push(b);
  const rng = createRng(`learned-wasm-boards-${variant}`);
  const out: Pick<Position, 'bits' | 'turn'>[] = [];
  for (let k = 0; k < count; k++) {
    const kingsOnly = k % 2 === 0;
    const free = [...squares];
    const bits = [0, 0, 0, 0, 0, 0];
    const place = (colour: number, king: boolean): void => {
      const b = free.splice(rng.int(free.length), 1)[0] as number;
      const word = b < 32 ? 0 : 1;
      bits[2 * colour + word] = (bits[2 * colour + word] as number) | (1 << (b & 31));
      if (king) bits[4 + word] = (bits[4 + word] as number) | (1 << (b & 31));
    };
    const lone = rng.int(2);
    for (let colour = 0; colour < 2; colour++) {
      const n = kingsOnly ? (colour === lone ? 1 : 1 + rng.int(4)) : 1 + rng.int(12);
      for (let i = 0; i < n; i++) place(colour, kingsOnly || rng.int(4) === 0);
    }
    out.push({ bits: bits as unknown as Position['bits'], turn: rng.int(2) === 0 ? 0 : 1 });
  }
  return out;
}

/** Pieces of a colour (0 White) on a board. */
function piecesOf(p: Pick<Position, 'bits'>, colour: number): number {
  let n = 0;
  for (const word of [p.bits[2 * colour] as number, p.bits[2 * colour + 1] as number]) {
    for (let x = word; x !== 0; x &= x - 1) n++;
  }
  return n;
}

/** Whether a position has kings and no men. */
function onlyKings(p: Pick<Position, 'bits'>): boolean {
  const [wLo, wHi, bLo, bHi, kLo, kHi] = p.bits;
  return ((wLo | bLo) & ~kLo) === 0 && ((wHi | bHi) & ~kHi) === 0 && (kLo | kHi) !== 0;
}
