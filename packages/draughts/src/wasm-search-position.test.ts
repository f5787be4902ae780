import { createRng, type Rng } from '@tactica/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { pop2 } from './bits.js';
import { allDraughtsGames, stateFrom, type DraughtsGame, type DraughtsState } from './game.js';
import { DraughtsSearchPosition } from './search-position.js';
import {
  loadSearchPosition,
  loadWasmSearchPosition,
  setUpSearchPosition,
  type SearchPositionModule,
} from './wasm-search-position.js';

// The WebAssembly search position (assembly/lib/search-position.ts) is the JS `DraughtsSearchPosition` node for node:
// random walks of every rule set, normal and give-away, made and unmade in both side by side, compared at every step
// on everything a search asks of a position.

let x: SearchPositionModule;
beforeAll(async () => {
  x = await loadWasmSearchPosition();
});

const buffer = new Int32Array(4096);
const PLIES = [0, 1, 2, 3, 6, 40];

function jsKeys(sp: DraughtsSearchPosition, captures = false): number[] {
  const n = captures ? sp.generateCaptures(buffer, 0) : sp.generateMoves(buffer, 0);
  return Array.from(buffer.subarray(0, n));
}

function wasmKeys(captures = false): number[] {
  const out = x.positionKeyBuffer();
  const n = captures ? x.positionGenerateCaptures(out) : x.positionGenerate(out);
  return Array.from(new Int32Array(x.memory.buffer, out, n));
}

/** What the walks met, so that the test proves it went where the rules are subtle. */
interface Seen {
  steps: number;
  captures: number;
  kings: number;
  counterRunOut: number;
  repetitions: number;
  exchangeOffers: number;
  noMoves: number;
}

/** Everything a search asks, asked of both; the JS position's answers are the expected ones. */
function compare(sp: DraughtsSearchPosition, seen: Seen): number[] {
  const [wLo, wHi, bLo, bHi, kLo, kHi] = sp.position().bits;
  const word = (lo: number, hi: number): bigint => (BigInt(hi >>> 0) << 32n) | BigInt(lo >>> 0);
  expect([x.positionWhite(), x.positionBlack(), x.positionKings(), x.positionSide()]).toEqual([
    word(wLo, wHi),
    word(bLo, bHi),
    word(kLo, kHi),
    sp.sideToMove(),
  ]);
  expect([x.positionHashLo(), x.positionHashHi(), x.positionPathIndex()]).toEqual([
    sp.hashLo(),
    sp.hashHi(),
    sp.pathIndex(),
  ]);
  const { irreversible, inactive, stage2 } = sp.drawCounters();
  expect([0, 1, 2].map((k) => x.positionDrawCounter(k))).toEqual([irreversible, inactive, stage2]);
  const status = sp.status();
  expect(x.positionStatus()).toBe(status);
  if (status === 1) expect(wasmKeys(true)).toEqual(jsKeys(sp, true));
  for (const ply of PLIES) {
    const decided = sp.decided(Math.min(ply, sp.pathIndex()));
    expect(x.positionDecided(Math.min(ply, sp.pathIndex()))).toBe(decided ?? x.UNDECIDED.value);
  }
  const keys = jsKeys(sp);
  expect(wasmKeys()).toEqual(keys);
  expect(x.positionNoMovesResult()).toBe(sp.noMovesResult());
  expect(x.positionPieceCount()).toBe(sp.pieceCount());
  expect(x.positionMen()).toBe(pop2((wLo | bLo) & ~kLo, (wHi | bHi) & ~kHi));
  expect(x.positionCanCrown() === 1).toBe(sp.canCrown());
  expect(Object.is(x.positionEvaluate(), sp.evaluate())).toBe(true);
  const offers = sp.exchangeOffers();
  expect(x.positionExchangeOffers()).toBe(offers);
  for (const key of keys) {
    expect([
      x.positionIsExchangeOffer(key) === 1,
      x.positionOffersExchange(key) === 1,
      x.positionIsTactical(key) === 1,
      x.positionHistoryIndex(key),
    ]).toEqual([sp.isExchangeOffer(key), sp.offersExchange(key), sp.isTactical(key), sp.historyIndex(key)]);
  }
  seen.steps++;
  if (status === 1) seen.captures++;
  if ((kLo | kHi) !== 0) seen.kings++;
  if (sp.drawCounters().stage2 === 0) seen.counterRunOut++;
  if (sp.decided(0) === 0 && sp.drawCounters().stage2 !== 0) seen.repetitions++;
  if (offers > 0) seen.exchangeOffers++;
  if (keys.length === 0) seen.noMoves++;
  return keys;
}

/**
 * A move of the walk. Kings' quiet moves are preferred three times in four, those after which the opponent has no
 * capture first (so that kings live on), and half the time a king goes back where it came from two plies ago when it
 * safely can: the draw rules (repetitions, the move counter) then come into play.
 */
function pickMove(rng: Rng, sp: DraughtsSearchPosition, keys: number[], made: number[], careful: boolean): number {
  const [, , , , kLo, kHi] = sp.position().bits;
  const kingSteps = keys.filter((k) => {
    const from = k & 63;
    return !sp.isTactical(k) && ((from < 32 ? kLo : kHi) & (1 << (from & 31))) !== 0;
  });
  if (kingSteps.length === 0 || (!careful && rng.int(4) === 0)) return rng.pick(keys);
  const safe = kingSteps.filter((k) => {
    sp.makeMove(k);
    const attacked = sp.status() === 1;
    sp.unmakeMove(k);
    return !attacked;
  });
  const own = made[made.length - 2];
  if (own !== undefined && rng.int(2) === 0) {
    const back = ((own >> 6) & 63) | ((own & 63) << 6);
    const key = safe.find((k) => (k & 0xfff) === back);
    if (key !== undefined) return key;
  }
  return rng.pick(safe.length > 0 ? safe : kingSteps);
}

/** Up to `count` random pieces of a bitboard (lo, hi). */
function somePieces(rng: Rng, lo: number, hi: number, count: number): [number, number] {
  const bits: number[] = [];
  for (let b = 0; b < 64; b++) if (((b < 32 ? lo : hi) & (1 << (b & 31))) !== 0) bits.push(b);
  let keptLo = 0;
  let keptHi = 0;
  for (let k = 0; k < count && bits.length > 0; k++) {
    const b = bits.splice(rng.int(bits.length), 1)[0] as number;
    if (b < 32) keptLo |= 1 << b;
    else keptHi |= 1 << (b - 32);
  }
  return [keptLo, keptHi];
}

/** Kings only, a few a side, where the start's pieces stood: where the move counter runs out and positions repeat. */
function kingEnding(game: DraughtsGame, rng: Rng): DraughtsState {
  const [wLo, wHi, bLo, bHi] = game.initial().position.bits;
  const [whiteLo, whiteHi] = somePieces(rng, wLo, wHi, 2 + rng.int(2));
  const [blackLo, blackHi] = somePieces(rng, bLo, bHi, 2 + rng.int(2));
  const bits = [whiteLo, whiteHi, blackLo, blackHi, whiteLo | blackLo, whiteHi | blackHi] as const;
  return stateFrom({ variant: game.rules.id, bits, turn: 0 }, game.giveaway);
}

/**
 * Walks `plies` random moves from `start` in both positions, checking at every step; now and then takes a few
 * moves back, and now and then loads the JS position's state (its path included) into the module afresh (not in a
 * `long` walk: its path grows from its start, its moves chosen carefully). Returns the JS position, as the module's
 * now is.
 */
function walk(
  game: DraughtsGame,
  rng: Rng,
  start: DraughtsState,
  plies: number,
  seen: Seen,
  long = false,
): DraughtsSearchPosition {
  const sp = new DraughtsSearchPosition(start);
  setUpSearchPosition(x, game.rules, game.giveaway);
  loadSearchPosition(x, sp);
  let made: number[] = [];
  for (let ply = 0; ply < plies; ply++) {
    const keys = compare(sp, seen);
    if (keys.length === 0) break;
    if (made.length > 0 && rng.int(10) === 0) {
      for (let k = 1 + rng.int(Math.min(3, made.length)); k > 0; k--) {
        sp.unmakeMove(made.pop() as number);
        x.positionUnmake();
        compare(sp, seen);
      }
      continue;
    }
    if (!long && rng.int(40) === 0) {
      loadSearchPosition(x, sp);
      made = [];
      compare(sp, seen);
    }
    const key = pickMove(rng, sp, keys, made, long);
    sp.makeMove(key);
    x.positionMake(key);
    made.push(key);
  }
  return sp;
}

/** Perft through the JS position with the leaves' evaluations summed (what `positionWalk` computes). */
function jsWalk(sp: DraughtsSearchPosition, depth: number): { leaves: number; evaluations: number } {
  if (depth === 0) return { leaves: 1, evaluations: sp.evaluate() };
  const list = new Int32Array(1024);
  const n = sp.generateMoves(list, 0);
  const sum = { leaves: 0, evaluations: 0 };
  for (let i = 0; i < n; i++) {
    sp.makeMove(list[i] as number);
    const below = jsWalk(sp, depth - 1);
    sp.unmakeMove(list[i] as number);
    sum.leaves += below.leaves;
    sum.evaluations += below.evaluations;
  }
  return sum;
}

describe('the WebAssembly search position', () => {
  const seen: Seen = {
    steps: 0,
    captures: 0,
    kings: 0,
    counterRunOut: 0,
    repetitions: 0,
    exchangeOffers: 0,
    noMoves: 0,
  };
  for (const game of allDraughtsGames()) {
    const name = `${game.rules.id}${game.giveaway ? ' give-away' : ''}`;
    it(`${name}: the same keys, hashes, draws, hints and evaluations as the JS position along random walks`, () => {
      const rng = createRng(name.length * 7919 + (game.giveaway ? 1 : 0));
      for (let k = 0; k < 6; k++) walk(game, rng, game.initial(), 400, seen);
      for (let k = 0; k < 4; k++) walk(game, rng, kingEnding(game, rng), 600, seen);
    });
  }

  it('perft through the position inside the module walks the JS walk: the same leaves and evaluations', () => {
    for (const game of allDraughtsGames()) {
      const rng = createRng(game.rules.size + (game.giveaway ? 1 : 0));
      for (const start of [game.initial(), kingEnding(game, rng)]) {
        const sp = new DraughtsSearchPosition(start);
        const expected = jsWalk(sp, 4);
        setUpSearchPosition(x, game.rules, game.giveaway);
        loadSearchPosition(x, sp);
        expect([x.positionWalk(4, 1), x.positionWalkEvaluations()]).toEqual([expected.leaves, expected.evaluations]);
      }
    }
  });

  it('a path longer than the stack holds moves it to a larger heap block, other blocks left as they are', () => {
    const game = allDraughtsGames().find((g) => g.rules.id === 'english' && !g.giveaway) as DraughtsGame;
    const sp = new DraughtsSearchPosition(game.initial());
    setUpSearchPosition(x, game.rules, false);
    loadSearchPosition(x, sp);
    // The walk's block now lies after the stack's: the stack cannot grow in place.
    expect(x.positionWalk(5, 1)).toBe(jsWalk(sp, 5).leaves);
    const end = walk(game, createRng(5), kingEnding(game, createRng(11)), 4000, seen, true);
    // The earlier walks' paths left room for 2048 positions at most: making moves, the stack had to grow.
    expect(end.pathIndex()).toBeGreaterThan(2048);
    expect([x.positionWalk(5, 1), x.positionWalkEvaluations()]).toEqual(Object.values(jsWalk(end, 5)));
  });

  it('the walks met captures, kings, repetitions, the move counter run out, exchange offers and the end', () => {
    expect(seen.steps).toBeGreaterThan(5000);
    for (const [what, count] of Object.entries(seen)) expect(count, what).toBeGreaterThan(0);
  });
});
