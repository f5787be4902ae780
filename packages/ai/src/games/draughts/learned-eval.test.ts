import { createRng, unwrap } from '@tactica/core';
import {
  DraughtsSearchPosition,
  draughtsGame,
  RULE_SETS,
  stateFrom,
  type DraughtsState,
  type Position,
  VARIANT_IDS,
  type VariantId,
} from '@tactica/draughts';
import { describe, expect, it } from 'vitest';
import { randomOpening } from '../../match.js';
import {
  decodeWeights,
  encodeWeights,
  LEARNED_VARIANTS,
  learnedLayout,
  learnedWeightsOf,
  LearnedDraughtsEvaluator,
  loadLearnedEvaluator,
  WINDOW_SHAPES,
  type WindowShape,
} from './learned-eval.js';
import { createDraughtsEngine, DRAUGHTS_LEVELS, loadDraughtsEngine } from './engine.js';

type Bits = Position['bits'];

/** The board turned half a turn with the colours swapped: bit b goes to last - b, White's pieces become Black's. */
function mirror(p: Position): Position {
  const size = RULE_SETS[p.variant].size;
  const squares = (size * size) / 2;
  const last = squares - 1 + Math.floor((squares - 1) / size);
  const turn = (bits: number, hi: number): [number, number] => {
    let lo = 0;
    let h = 0;
    for (let b = 0; b < 64; b++) {
      const on = b < 32 ? (bits >>> b) & 1 : (hi >>> (b - 32)) & 1;
      if (!on) continue;
      const m = last - b;
      if (m < 32) lo |= 1 << m;
      else h |= 1 << (m - 32);
    }
    return [lo, h];
  };
  const [wLo, wHi, bLo, bHi, kLo, kHi] = p.bits;
  const [nbLo, nbHi] = turn(wLo, wHi);
  const [nwLo, nwHi] = turn(bLo, bHi);
  const [nkLo, nkHi] = turn(kLo, kHi);
  const bits: Bits = [nwLo, nwHi, nbLo, nbHi, nkLo, nkHi];
  return { variant: p.variant, bits, turn: p.turn === 0 ? 1 : 0 };
}

/** Positions along seeded random games, kings and endings included. */
function positionsOf(variant: VariantId, count: number): Position[] {
  const game = draughtsGame(variant);
  const out: Position[] = [];
  for (let g = 0; out.length < count; g++) {
    const rng = createRng(`learned-eval-test-${variant}-${g}`);
    let s = randomOpening(game, rng.next(), 2);
    while (!game.outcome(s) && out.length < count) {
      out.push(s.position);
      s = game.play(s, rng.pick(game.legalMoves(s)));
    }
  }
  return out;
}

function evaluatorWithRandomWeights(
  variant: VariantId,
  shape: WindowShape = '2x4',
  incremental?: boolean,
): LearnedDraughtsEvaluator {
  const layout = learnedLayout(RULE_SETS[variant].size, shape);
  const rng = createRng(`random-weights-${variant}-${shape}`);
  return new LearnedDraughtsEvaluator(
    variant,
    Array.from({ length: 2 * layout.params }, () => rng.int(400) - 200),
    incremental === undefined ? {} : { incremental },
  );
}

function stateOf(variant: 'english' | 'international', fen: string): DraughtsState {
  return unwrap(draughtsGame(variant).parsePosition(fen));
}

const whiteScore = (ev: LearnedDraughtsEvaluator, p: Position): number => ev.evaluateWhite(...p.bits, p.turn);

describe('the learned draughts evaluation', () => {
  it.each((['english', 'international'] as const).flatMap((v) => WINDOW_SHAPES.map((shape) => [v, shape] as const)))(
    '%s, %s windows: a position and its mirror with the colours swapped score the same for the side to move, whatever the weights',
    (variant, shape) => {
      const random = evaluatorWithRandomWeights(variant, shape);
      expect(random.layout.shape).toBe(shape);
      for (const p of positionsOf(variant, 400)) {
        const m = mirror(p);
        expect(whiteScore(random, m)).toBe(0 - whiteScore(random, p));
      }
    },
  );

  it.each(LEARNED_VARIANTS)(
    '%s: the committed weights load, match the layout, and keep the symmetry',
    async (variant) => {
      const ev = await loadLearnedEvaluator(variant);
      expect(ev).toBeDefined();
      const WEIGHTS = (await learnedWeightsOf(variant))!;
      expect(WEIGHTS.variant).toBe(variant);
      expect(WEIGHTS.params).toBe(learnedLayout(RULE_SETS[variant].size).params);
      expect(WEIGHTS.command).toMatch(/^npm run train:draughts -- .*--rules /);
      expect(decodeWeights(WEIGHTS)).toHaveLength(2 * WEIGHTS.params);
      for (const p of positionsOf(variant, 100)) expect(whiteScore(ev!, mirror(p))).toBe(0 - whiteScore(ev!, p));
    },
  );

  it.each([8, 10] as const)('%s squares a side: the number of weights tells the window shape', (size) => {
    const small = learnedLayout(size, '2x4');
    const large = learnedLayout(size, '3x4');
    expect(large.windowSize).toBe(6);
    expect(large.configs).toBe(729);
    // Rows 0-2 … (size - 3)-(size - 1), files 0, 2, … while four fit: every square in at least one window.
    expect(large.windows).toBe((size - 2) * ((size - 4) / 2 + 1));
    expect(new Set(large.windowBits).size).toBe((size * size) / 2);
    const variant = size === 8 ? 'english' : 'international';
    expect(new LearnedDraughtsEvaluator(variant, new Float64Array(2 * small.params)).layout).toBe(small);
    expect(new LearnedDraughtsEvaluator(variant, new Float64Array(2 * large.params)).layout).toBe(large);
    expect(() => new LearnedDraughtsEvaluator(variant, new Float64Array(2 * small.params + 2))).toThrow(/window shape/);
  });

  it.each([8, 10] as const)(
    '%s squares a side: the 4×4 areas are two 2×4 windows one above the other, at every other row and file',
    (size) => {
      const layout = learnedLayout(size, '2x4+4x4');
      const per = (size - 4) / 2 + 1;
      expect(layout.areas).toBe(((size - 2) / 2) * per);
      expect(layout.patternFeatures).toBe(layout.windows + layout.areas);
      const bitsOf = (w: number): number[] => Array.from(layout.windowBits.subarray(w * 4, w * 4 + 4));
      const covered = new Set<number>();
      for (let a = 0; a < layout.areas; a++) {
        const top = bitsOf(layout.areaTop[a]!);
        const bottom = bitsOf(layout.areaBottom[a]!);
        // The upper window's squares all come before the lower one's: its configuration is the lower digits.
        expect(Math.max(...top)).toBeLessThan(Math.min(...bottom));
        // Four rows: the lower window starts two rows (one row pair of bits, size squares) below the upper one.
        expect(bottom[0]! - top[0]!).toBe(size + 1);
        for (const b of [...top, ...bottom]) covered.add(b);
      }
      expect(covered.size).toBe((size * size) / 2);
      // Every configuration of an area has a parameter or is worth nothing, and areas share none with windows.
      const windowParams = new Set(Array.from(layout.patternParam.subarray(0, layout.windows * 81)));
      const areaParams = Array.from(layout.patternParam.subarray(layout.windows * 81)).filter((p) => p >= 0);
      expect(areaParams.some((p) => windowParams.has(p))).toBe(false);
      const variant = size === 8 ? 'english' : 'international';
      expect(new LearnedDraughtsEvaluator(variant, new Float64Array(2 * layout.params)).layout).toBe(layout);
    },
  );

  it.each([8, 10] as const)(
    '%s squares a side: the two wings split the board, as the balance feature counts on',
    (size) => {
      const { wings, validLo, validHi } = learnedLayout(size);
      expect(wings[0]! & wings[2]!).toBe(0);
      expect(wings[1]! & wings[3]!).toBe(0);
      expect(wings[0]! | wings[2]!).toBe(validLo);
      expect(wings[1]! | wings[3]!).toBe(validHi);
    },
  );

  it('weights survive their encoding to a quarter of a hundredth of a man', () => {
    const params = [0, 1.25, -3.5, 100, -250.75, 8191.75];
    const back = decodeWeights({ variant: 'english', params: 3, command: '', weights: encodeWeights(params) });
    expect(Array.from(back)).toEqual(params);
  });

  it.each([
    ['english', 'W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11'],
    [
      'international',
      'W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19',
    ],
  ] as const)('%s: with a man more, the side that has it stands better, whoever is to move', async (variant, fen) => {
    const ev = await loadLearnedEvaluator(variant);
    const s = stateOf(variant, fen);
    expect(ev!.evaluate(new DraughtsSearchPosition(s))).toBeGreaterThan(50);
    const black = stateOf(variant, fen.replace(/^W/, 'B'));
    expect(ev!.evaluate(new DraughtsSearchPosition(black))).toBeLessThan(-50);
  });

  it.each(
    (Object.keys(RULE_SETS) as VariantId[]).flatMap((v) =>
      WINDOW_SHAPES.flatMap((shape) => [true, false].map((incremental) => [v, shape, incremental] as const)),
    ),
  )(
    "%s, %s windows, incremental %s: the search's score equals the full computation at every node",
    (variant, shape, incremental) => {
      const ev = evaluatorWithRandomWeights(variant, shape, incremental);
      const game = draughtsGame(variant);
      const buffer = new Int32Array(1024);
      for (let g = 0; g < 3; g++) {
        const rng = createRng(`learned-incremental-${variant}-${g}`);
        const sp = new DraughtsSearchPosition(randomOpening(game, rng.next(), 2));
        const line: number[] = [];
        // A random walk forward and back, as a search goes (captures, crownings, kings' captures on the way).
        for (let step = 0; step < 250; step++) {
          const n = sp.generateMoves(buffer, 0);
          if (n > 0 && (line.length === 0 || rng.float() < 0.7)) {
            const key = buffer[rng.int(n)]!;
            sp.makeMove(key);
            line.push(key);
          } else if (line.length > 0) sp.unmakeMove(line.pop()!);
          else break;
          const e = sp.engine;
          const full = ev.evaluateWhite(e.wLo, e.wHi, e.bLo, e.bHi, e.kLo, e.kHi, e.side);
          expect(ev.evaluate(sp)).toBe(e.side === 0 ? full : 0 - full);
          // Without tracking, make/unmake are left their plain work.
          if (!incremental) expect(sp.trackedWindows).toBeUndefined();
        }
      }
    },
  );

  it('reads the windows from the bitboards unless told to keep them in make/unmake', () => {
    expect(evaluatorWithRandomWeights('english').incremental).toBe(false);
    expect(evaluatorWithRandomWeights('international').incremental).toBe(false);
    expect(evaluatorWithRandomWeights('international', '2x4', true).incremental).toBe(true);
  });

  it.each(['english', 'international'] as const)(
    "%s: the evaluation the search sees is the side to move's",
    async (variant) => {
      const ev = await loadLearnedEvaluator(variant);
      for (const p of positionsOf(variant, 50)) {
        const sp = new DraughtsSearchPosition(stateFrom(p, false));
        const w = whiteScore(ev!, p);
        expect(ev!.evaluate(sp)).toBe(p.turn === 0 ? w : -w);
      }
    },
  );
});

describe('Master with the learned evaluation', () => {
  const fen = 'W:W21,22,23,24,25,26,27,28,30,31,32:B1,2,3,4,5,6,7,8,9,10,12';

  it.each(VARIANT_IDS)(
    '%s: plays with it where it was adopted, once loadDraughtsEngine has loaded it, and not in give-away',
    async (variant) => {
      expect(DRAUGHTS_LEVELS.find((l) => l.id === 'master')?.learnedIn).toContain(variant);
      const loaded = await loadDraughtsEngine({ threads: 1 });
      const plain = createDraughtsEngine({ threads: 1 });
      const ev = await loadLearnedEvaluator(variant);
      const own = createDraughtsEngine({ threads: 1, evaluators: { [variant]: ev! } });
      const s = variant === 'english' ? stateOf('english', fen) : draughtsGame(variant).initial();
      const score = (e: typeof plain, state: DraughtsState): number | undefined => e.analyse(state, { depth: 1 }).score;
      // Depth 1 from a quiet position: the score is the evaluation of the best reply's position, so it tells which.
      expect(score(loaded, s)).toBe(score(own, s));
      expect(score(loaded, s)).not.toBe(score(plain, s));
      const giveaway = draughtsGame(variant, { giveaway: true }).initial();
      expect(score(loaded, giveaway)).toBe(score(plain, giveaway));
    },
  );

  it.each(['english', 'international', 'russian'] as const)(
    '%s: an engine loaded with no rule set plays the hand-written evaluation until prepare loads the game’s',
    async (variant) => {
      const bare = await loadDraughtsEngine({ threads: 1, variants: [] });
      const plain = createDraughtsEngine({ threads: 1 });
      const own = createDraughtsEngine({
        threads: 1,
        evaluators: { [variant]: (await loadLearnedEvaluator(variant))! },
      });
      const s = variant === 'english' ? stateOf('english', fen) : draughtsGame(variant).initial();
      const score = (e: typeof plain, state: DraughtsState): number | undefined => e.analyse(state, { depth: 1 }).score;
      expect(score(bare, s)).toBe(score(plain, s));
      // Give-away plays no learned evaluation: preparing for it loads nothing.
      await bare.prepare(draughtsGame(variant, { giveaway: true }).initial());
      expect(score(bare, s)).toBe(score(plain, s));
      await bare.prepare(s);
      expect(score(bare, s)).toBe(score(own, s));
      expect(score(bare, s)).not.toBe(score(plain, s));
    },
  );

  it('loadDraughtsEngine loads the rule sets it is given and no other', async () => {
    const some = await loadDraughtsEngine({ threads: 1, variants: ['international'] });
    const plain = createDraughtsEngine({ threads: 1 });
    const international = draughtsGame('international').initial();
    const english = stateOf('english', fen);
    const score = (e: typeof plain, state: DraughtsState): number | undefined => e.analyse(state, { depth: 1 }).score;
    expect(score(some, international)).not.toBe(score(plain, international));
    expect(score(some, english)).toBe(score(plain, english));
  });

  it('the levels the manuals name keep the hand-written evaluation: only Master plays a learned one', () => {
    expect(DRAUGHTS_LEVELS.filter((l) => l.learnedIn !== undefined).map((l) => l.id)).toEqual(['master']);
  });
});
