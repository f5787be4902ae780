import { createRng, unwrap } from '@tactica/core';
import {
  DraughtsSearchPosition,
  draughtsGame,
  VARIANT_IDS,
  type DraughtsState,
  type VariantId,
} from '@tactica/draughts';
import { describe, expect, it, vi } from 'vitest';
import type { SearchResult } from '../../search.js';
import { WIN_BOUND } from '../../search-position.js';
import { randomOpening } from '../../match.js';
import {
  DraughtsDeepSearcher,
  rootInDatabase,
  type DeepEndgames,
  type DeepSearchLimits,
  type DeepSearcherOptions,
} from './deep-search.js';
import { createWasmDeepSearcher, wasmSearchRefuses, WasmDeepSearcher } from './deep-search-wasm.js';
import { createDraughtsEngine, DRAUGHTS_LEVELS } from './engine.js';
import { engineSearchers, useDraughtsEndgames } from './searchers.js';
import { LEARNED_VARIANTS, LearnedDraughtsEvaluator, learnedWeightsOf } from './learned-eval.js';
import { buildDatabases } from './egdb/build.js';
import { encodeDistances } from './egdb/distance-file.js';
import { buildOrder } from './egdb/material.js';
import { EndgameDatabase } from './egdb/probe.js';
import { encodeSlice } from './egdb/slice-file.js';
import { MAX_MOVES } from './move-order.js';

/** bench/draughts-depth.js's middlegames (its `middlegames`, the same seeds): states with their game's history. */
function middlegames(variant: VariantId, count: number): DraughtsState[] {
  const game = draughtsGame(variant);
  const engine = createDraughtsEngine();
  const out: DraughtsState[] = [];
  for (let g = 0; out.length < count && g < count * 4; g++) {
    let s = randomOpening(game, createRng(`depth-bench-${variant}-${g}`).next(), 4);
    let plies = 0;
    while (!game.outcome(s) && plies < 80) {
      if (plies >= 40 && game.legalMoves(s).every((m) => m.captures.length === 0)) break;
      s = game.play(s, engine.choose(s, 'good', { seed: g * 1000 + plies }).move);
      plies++;
    }
    if (!game.outcome(s) && plies < 80) out.push(s);
  }
  return out;
}

/** States along one seeded random game of the rule set (this file's seeds): every `step`-th ply, `count` of them. */
function randomStates(variant: VariantId, giveaway: boolean, count: number, step: number): DraughtsState[] {
  const game = draughtsGame(variant, { giveaway });
  const out: DraughtsState[] = [];
  for (let g = 0; out.length < count; g++) {
    const rng = createRng(`deep-search-wasm-${variant}-${giveaway}-${g}`);
    let s = game.initial();
    for (let ply = 1; !game.outcome(s) && out.length < count; ply++) {
      s = game.play(s, rng.pick(game.legalMoves(s)));
      if (ply % step === 0 && !game.outcome(s)) out.push(s);
    }
  }
  return out;
}

async function wasmSearcher(options: DeepSearcherOptions = {}): Promise<WasmDeepSearcher> {
  const searcher = await createWasmDeepSearcher(options);
  if (!searcher) throw new Error('this Node runs no WebAssembly');
  return searcher;
}

/** What a search decided: everything but the time, with the searcher's counters and each completed iteration. */
function decided(
  searcher: DraughtsDeepSearcher | WasmDeepSearcher,
  state: DraughtsState,
  limits: DeepSearchLimits,
): object {
  const iterations: object[] = [];
  const r: SearchResult = searcher.search(new DraughtsSearchPosition(state), {
    ...limits,
    onIteration: ({ timeMs: _t, ...info }) => iterations.push(info),
  });
  const { timeMs: _t, ...result } = r;
  const stats = [...searcher.stats];
  return { result, iterations, selDepth: searcher.selDepth, stats, nodes: searcher.nodeCount, dbHits: searcher.dbHits };
}

/** Searches each state with both searchers (one of each for all the states, in turn) and compares every search. */
async function expectSameSearches(
  states: readonly DraughtsState[],
  limits: DeepSearchLimits,
  options: DeepSearcherOptions = { ttLog2: 14 },
): Promise<void> {
  const js = new DraughtsDeepSearcher(options);
  const wasm = await wasmSearcher(options);
  for (const [i, s] of states.entries()) {
    const expected = decided(js, s, limits);
    expect({ search: i, ...decided(wasm, s, limits) }).toEqual({ search: i, ...expected });
  }
}

describe('the deep search in WebAssembly', () => {
  it.each(['international', 'english'] as const)(
    "searches the JS searcher's tree on the depth bench's %s middlegames (fixed nodes, one searcher in a row)",
    async (variant) => {
      await expectSameSearches(middlegames(variant, 4), { nodes: 30_000 });
    },
  );

  it.each(VARIANT_IDS.flatMap((v) => [[v, false] as const, [v, true] as const]))(
    "searches the JS searcher's tree on random positions: %s (give-away %s)",
    async (variant, giveaway) => {
      await expectSameSearches(randomStates(variant, giveaway, 4, 9), { nodes: 8_000 });
    },
  );

  it('carries history, killers and the table from search to search, and forgets them on reset, as the JS does', async () => {
    const states = middlegames('international', 2);
    const js = new DraughtsDeepSearcher({ ttLog2: 14 });
    const wasm = await wasmSearcher({ ttLog2: 14 });
    for (const s of [states[0], states[0], states[1], states[0]] as DraughtsState[])
      expect(decided(wasm, s, { nodes: 10_000 })).toEqual(decided(js, s, { nodes: 10_000 }));
    js.reset();
    wasm.reset();
    const fresh = decided(wasm, states[0] as DraughtsState, { nodes: 10_000 });
    expect(fresh).toEqual(decided(js, states[0] as DraughtsState, { nodes: 10_000 }));
    expect(fresh).toEqual(
      decided(new DraughtsDeepSearcher({ ttLog2: 14 }), states[0] as DraughtsState, { nodes: 10_000 }),
    );
  });

  it('moves from rule set to rule set on one searcher, as the JS searcher does', async () => {
    const states = [
      ...randomStates('international', false, 1, 11),
      ...randomStates('english', false, 1, 11),
      ...randomStates('international', true, 1, 11),
      ...randomStates('thai', false, 1, 11),
      ...randomStates('international', false, 1, 11),
    ];
    await expectSameSearches(states, { nodes: 6_000 });
  });

  it('takes the settings that are plain numbers and booleans, as the JS searcher does', async () => {
    const states = middlegames('international', 2);
    for (const options of [
      { ttLog2: 12, probeCut: true, staticCutMargin: 50, quiescenceExchanges: 2 },
      { ttLog2: 13, reductions: false, forcedExtension: true, tableMinDepth: 2 },
      { ttLog2: 13, reductionScale: 0, forcedExtension: false, lateMoves: 4, futilityMargin: 60, maxPly: 40 },
    ])
      await expectSameSearches(states, { nodes: 10_000 }, options);
  });

  it('searches only the root moves asked for, as the JS searcher does', async () => {
    const [s] = middlegames('international', 1) as [DraughtsState];
    const sp = new DraughtsSearchPosition(s);
    const all = new Int32Array(512);
    const n = sp.generateMoves(all, 0);
    expect(n).toBeGreaterThan(3);
    await expectSameSearches([s, s], { nodes: 10_000, rootMoves: [all[1] as number, all[3] as number] });
    // A node limit that is not a whole number stops both at the same node.
    await expectSameSearches([s], { nodes: 5_000.5 });
  });

  it('stops on the stop flag and on the clock where the JS searcher does', async () => {
    const [s] = middlegames('english', 1) as [DraughtsState];
    await expectSameSearches([s], { stop: new Int32Array([1]) });
    // A clock that ticks a millisecond a look: both read it at the same nodes, so both stop at the same one.
    const ticking = (): (() => number) => {
      let t = 0;
      return () => t++;
    };
    const js = decided(new DraughtsDeepSearcher({ ttLog2: 14 }), s, { timeMs: 40, now: ticking() });
    const wasm = decided(await wasmSearcher({ ttLog2: 14 }), s, { timeMs: 40, now: ticking() });
    expect(wasm).toEqual(js);
    expect(js).toMatchObject({ result: { stopped: true } });
    const managed = { targetMs: 10, timeMs: 100 };
    expect(decided(await wasmSearcher({ ttLog2: 14 }), s, { ...managed, now: ticking() })).toEqual(
      decided(new DraughtsDeepSearcher({ ttLog2: 14 }), s, { ...managed, now: ticking() }),
    );
  });

  it('finds a forced win, a game already lost and a draw by repetition as the JS searcher does', async () => {
    const english = draughtsGame('english');
    const win = unwrap(english.parsePosition('W:WK18,K19:B28'));
    const lost = unwrap(english.parsePosition('W:W29:B22,25'));
    const both = await wasmSearcher({ ttLog2: 14 });
    const r = both.search(new DraughtsSearchPosition(win), { depth: 24 });
    expect(r.score).toBeGreaterThanOrEqual(WIN_BOUND);
    await expectSameSearches([win, lost], { depth: 24 });
    // Kings going round: the search sees the repetition of the game's history.
    let s = unwrap(english.parsePosition('W:WK1:BK32'));
    for (const m of ['1-5', '32-28', '5-1', '28-32', '1-5', '32-28', '5-1'])
      s = english.play(s, unwrap(english.parseMove(s, m)));
    await expectSameSearches([s], { depth: 10 });
  });

  it('refuses what it does not do: an evaluator not learned, a shared table, a helper thread', async () => {
    expect(wasmSearchRefuses({ ttLog2: 14, helper: 0 })).toBeUndefined();
    expect(wasmSearchRefuses({ evaluator: await committedEvaluator('english') })).toBeUndefined();
    expect(wasmSearchRefuses({ evaluator: { evaluate: () => 0 } })).toBe('evaluator');
    await expect(createWasmDeepSearcher({ evaluator: { evaluate: () => 0 } })).rejects.toThrow(/evaluator/);
    expect(wasmSearchRefuses({ endgames: { maxPieces: 6, probe: () => undefined } })).toBeUndefined();
    expect(wasmSearchRefuses({ table: new SharedArrayBuffer(64) })).toBe('table');
    expect(wasmSearchRefuses({ helper: 1 })).toBe('helper');
    await expect(createWasmDeepSearcher({ helper: 2 } as DeepSearcherOptions)).rejects.toThrow(/helper/);
  });
});

/** A database of every ending up to 3 pieces of the rule set, built here, with its distances to conversion. */
function databaseUpTo3(variant: VariantId): EndgameDatabase {
  const set = buildDatabases(variant, 3);
  const db = new EndgameDatabase(variant, { maxPieces: 3 });
  for (const m of buildOrder(3, set.half)) {
    const slice = set.get(m.wm, m.wk, m.bm, m.bk);
    if (slice) db.add(encodeSlice(slice));
    if (slice?.distances) db.add(encodeDistances(slice));
  }
  return db;
}

// Endings in the database (the root limited, with distances for the winner and the loser) and above it (the tree
// probes after captures and crownings, in the full-width search and in quiescence).
const endings = {
  english: [
    'W:WK14,K15:BK1',
    'B:WK14,K15:BK1',
    'W:WK10,K14:BK6',
    'W:W22,K14:BK1,K3',
    'W:W18,22:B11,7',
    'W:W21,22,K30:B9,10,K5',
  ],
  international: ['W:WK28,K33:BK5', 'W:W28,K33:B18,K5', 'W:W32,33:B18,19', 'W:W31,32,K45:B19,20,K4', 'B:W16:B35'],
} as const;

describe('the deep search in WebAssembly with endgame databases', () => {
  it.each(['english', 'international'] as const)(
    "searches the JS searcher's tree with a database: %s endings, probes at the root and in the tree",
    async (variant) => {
      const db = databaseUpTo3(variant);
      const game = draughtsGame(variant);
      const states = endings[variant].map((fen) => unwrap(game.parsePosition(fen)));
      const options = { ttLog2: 14, endgames: db };
      await expectSameSearches(states, { nodes: 6_000 }, options);
      await expectSameSearches(states, { depth: 9 }, options);
      // The database was asked at the root (its moves limited) and in the tree, and answered.
      const js = new DraughtsDeepSearcher(options);
      const hits = states.map((s) => {
        js.search(new DraughtsSearchPosition(s), { nodes: 6_000 });
        return js.dbHits;
      });
      expect(hits.every((h) => h > 0)).toBe(true);
      const [first] = states as [DraughtsState];
      const root = new DraughtsSearchPosition(first);
      const moves = new Int32Array(MAX_MOVES);
      expect(rootInDatabase(root, db, moves, root.generateMoves(moves, 0)).allowed.length).toBeGreaterThan(0);
    },
  );

  it('the comparison can fail: a WebAssembly searcher without the database searches another tree', async () => {
    const db = databaseUpTo3('english');
    const s = unwrap(draughtsGame('english').parsePosition('W:W22,K14:BK1,K3'));
    const js = new DraughtsDeepSearcher({ ttLog2: 14, endgames: db });
    const wasm = await wasmSearcher({ ttLog2: 14 });
    expect(decided(wasm, s, { nodes: 6_000 })).not.toEqual(decided(js, s, { nodes: 6_000 }));
  });
});

/** The committed learned evaluation of a rule set, its network in JavaScript (the reference). */
async function committedEvaluator(variant: VariantId): Promise<LearnedDraughtsEvaluator> {
  const w = await learnedWeightsOf(variant);
  if (!w) throw new Error(`no committed weights for ${variant}`);
  return LearnedDraughtsEvaluator.fromWeights(w);
}

describe('the deep search in WebAssembly with the learned evaluation', () => {
  it('has committed weights with a network in the seven rule sets', async () => {
    const kinds = await Promise.all(
      LEARNED_VARIANTS.map(async (v) => [v, (await committedEvaluator(v)).network ? 'network' : 'linear']),
    );
    expect(kinds).toHaveLength(7);
    expect(kinds.every(([, kind]) => kind === 'network')).toBe(true);
  });

  it.each(['spanish', 'thai'] as const)(
    "searches the JS searcher's tree with %s's linear weights alone (no network)",
    async (variant) => {
      const { network: _n, ...linear } = (await learnedWeightsOf(variant))!;
      const evaluator = LearnedDraughtsEvaluator.fromWeights(linear);
      expect(evaluator.network).toBeUndefined();
      await expectSameSearches(randomStates(variant, false, 3, 9), { nodes: 8_000 }, { ttLog2: 14, evaluator });
    },
  );

  it.each(LEARNED_VARIANTS)(
    "searches the JS searcher's tree with %s's committed learned evaluation (fixed nodes, searches in a row)",
    async (variant) => {
      const evaluator = await committedEvaluator(variant);
      await expectSameSearches(randomStates(variant, false, 4, 9), { nodes: 8_000 }, { ttLog2: 14, evaluator });
    },
  );

  it.each(['international', 'english'] as const)(
    "searches the JS searcher's tree on the depth bench's %s middlegames with the learned evaluation",
    async (variant) => {
      const evaluator = await committedEvaluator(variant);
      await expectSameSearches(middlegames(variant, 3), { nodes: 30_000 }, { ttLog2: 14, evaluator });
    },
  );

  it('evaluates with the learned evaluation, not the hand one: the comparison can fail', async () => {
    const [s] = middlegames('international', 1) as [DraughtsState];
    const evaluator = await committedEvaluator('international');
    const learned = decided(await wasmSearcher({ ttLog2: 14, evaluator }), s, { nodes: 20_000 });
    expect(learned).not.toEqual(decided(new DraughtsDeepSearcher({ ttLog2: 14 }), s, { nodes: 20_000 }));
    expect(decided(await wasmSearcher({ ttLog2: 14 }), s, { nodes: 20_000 })).not.toEqual(learned);
    // The same weights without their network: another evaluation, another tree (the module runs the network).
    const { network: _n, ...linear } = (await learnedWeightsOf('international'))!;
    const withoutNetwork = new DraughtsDeepSearcher({
      ttLog2: 14,
      evaluator: LearnedDraughtsEvaluator.fromWeights(linear),
    });
    expect(learned).not.toEqual(decided(withoutNetwork, s, { nodes: 20_000 }));
  });
});

describe("Master's search in play in WebAssembly", () => {
  const master = DRAUGHTS_LEVELS.find((l) => l.id === 'master');
  if (!master) throw new Error('no Master level');
  // Master with fewer nodes a move, so that the JS engine's searches stay short; its book off (the search decides).
  const levels = DRAUGHTS_LEVELS.map((l) => (l === master ? { ...l, nodes: 20_000 } : l));

  it('plays Master on one thread once prepared, hand or learned, with or without databases, and nowhere else', async () => {
    const [giveaway] = randomStates('international', true, 1, 20) as [DraughtsState];
    const [plain] = middlegames('international', 1) as [DraughtsState];
    const loaded = await import('./master-loaded.js');
    const learned = { international: await committedEvaluator('international') };
    const one = engineSearchers({ threads: 1, endgames: false }, learned);
    expect(one.of(master, giveaway)).toBeInstanceOf(DraughtsDeepSearcher);
    for (const s of [giveaway, plain]) await one.prepareWasm(loaded, [master], s);
    expect(one.of(master, giveaway)).toBeInstanceOf(WasmDeepSearcher);
    expect(one.of(master, plain)).toBeInstanceOf(WasmDeepSearcher);
    expect(one.of(master, plain)).not.toBe(one.of(master, giveaway));
    // With the databases too, the searcher holding them.
    const endgames = { maxPieces: 2, probe: () => undefined };
    const withDb = engineSearchers({ threads: 1, deepSearcher: { endgames } }, learned);
    await withDb.prepareWasm(loaded, [master], plain);
    const searcher = withDb.of(master, plain);
    expect(searcher).toBeInstanceOf(WasmDeepSearcher);
    expect((searcher as WasmDeepSearcher).endgames).toBe(endgames);
    // The process's databases set after it was made (`useDraughtsEndgames`): the same instance probes them.
    const following = engineSearchers({ threads: 1 }, learned);
    await following.prepareWasm(loaded, [master], plain);
    const made = following.of(master, plain);
    try {
      useDraughtsEndgames(endgames);
      expect(following.of(master, plain)).toBe(made);
      expect((made as WasmDeepSearcher).endgames).toBe(endgames);
      await following.prepareWasm(loaded, [master], plain);
      expect(following.of(master, plain)).toBe(made);
    } finally {
      useDraughtsEndgames(undefined);
    }
    expect((following.of(master, plain) as WasmDeepSearcher).endgames).toBeUndefined();
    // The JS searcher follows them too, made before or after they were set.
    const js = engineSearchers({ threads: 1, wasm: false }, learned);
    const before = js.of(master, plain);
    expect(before).toBeInstanceOf(DraughtsDeepSearcher);
    try {
      useDraughtsEndgames(endgames);
      expect(js.of(master, plain)).toBe(before);
      expect((before as DraughtsDeepSearcher).endgames).toBe(endgames);
    } finally {
      useDraughtsEndgames(undefined);
    }
    expect((js.of(master, plain) as DraughtsDeepSearcher).endgames).toBeUndefined();
    // The JS searcher: an evaluator the module does not have, helper threads, `wasm: false`.
    for (const [settings, evaluators] of [
      [{ threads: 1, endgames: false }, { international: { evaluate: () => 0 } }],
      [{ threads: 1, endgames: false, wasm: false }, learned],
      [{ threads: 2, endgames: false }, learned],
    ] as const) {
      const searchers = engineSearchers(settings, evaluators);
      await searchers.prepareWasm(loaded, [master], plain);
      expect(searchers.of(master, plain)).toBeInstanceOf(DraughtsDeepSearcher);
      await searchers.close();
    }
  });

  /** What an engine decided for each state: the move chosen with its iterations, and an analysis, times left out. */
  async function engineDecisions(
    wasm: boolean,
    states: readonly DraughtsState[],
    endgames?: DeepEndgames,
  ): Promise<object[]> {
    const searches = vi.spyOn(WasmDeepSearcher.prototype, 'search');
    const databases = endgames ? { deepSearcher: { endgames } } : {};
    const engine = createDraughtsEngine({ levels, threads: 1, endgames: false, book: false, wasm, ...databases });
    const out: object[] = [];
    for (const s of states) {
      await engine.prepare(s);
      const iterations: object[] = [];
      const choice = engine.choose(s, 'master', {
        seed: 3,
        onIteration: ({ timeMs: _i, ...a }) => iterations.push(a),
      });
      const { timeMs: _a, ...analysis } = engine.analyse(s, { nodes: 15_000, depth: 40 });
      out.push({ choice, iterations, analysis });
    }
    await engine.close();
    // The engine searched in WebAssembly (each analysis at least), or never when told not to.
    const calls = searches.mock.calls.length;
    searches.mockRestore();
    expect(wasm ? calls >= states.length : calls === 0).toBe(true);
    return out;
  }

  it.each([
    ['international', false],
    ['english', false],
    ['international', true],
    ['english', true],
  ] as const)(
    "chooses and analyses as the JS searcher does: %s (give-away %s), a game's moves in a row",
    async (variant, giveaway) => {
      const states = giveaway ? randomStates(variant, true, 3, 7) : middlegames(variant, 3);
      const wasm = await engineDecisions(true, states);
      expect(wasm).toEqual(await engineDecisions(false, states));
      expect(wasm).toHaveLength(3);
    },
  );

  it.each(['english', 'international'] as const)(
    'chooses and analyses as the JS searcher does with endgame databases: %s endings, a game in a row',
    async (variant) => {
      const db = databaseUpTo3(variant);
      const game = draughtsGame(variant);
      let s = unwrap(game.parsePosition(endings[variant][variant === 'english' ? 5 : 3] as string));
      const states = [s];
      // A few plies on (each side's first move): the databases' material shrinks as pieces come off.
      for (let i = 0; i < 3 && !game.outcome(s); i++) {
        const [move] = game.legalMoves(s);
        if (!move) break;
        s = game.play(s, move);
        states.push(s);
      }
      const wasm = await engineDecisions(true, states, db);
      expect(wasm).toEqual(await engineDecisions(false, states, db));
      // The engine probed the databases (its analyses say what they prove, its searches count their answers).
      expect(JSON.stringify(wasm)).toMatch(/endgameHits":[1-9]/);
    },
  );
});
