import { createRng, type Rng, unwrap } from '@tactica/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { Engine } from './engine.js';
import { geometryOf, squaresOf } from './geometry.js';
import {
  applyMove,
  generateMoves,
  initialPosition,
  parseFen,
  perftMakingLeaves,
  perftPosition,
  VARIANT_IDS,
  type Position,
  type VariantId,
} from './index.js';
import { RULE_SETS } from './rules.js';
import { hashPosition } from './search-position.js';
import { randomPosition } from './test-reference.js';
import { PERFT_TABLES } from './testdata/perft-tables.js';
import { loadWasmGenerator, type WasmDivideEntry, type WasmGenerator } from './wasm-generator.js';

// The WebAssembly port (assembly/draughts-generator.ts) is the same generator as the JS engine: the same published
// perft counts, the same counts as the engine from varied positions of every rule set, the same root moves in the
// same order with the same subtrees, and the same hashes when every move is made as a search makes it.

let wasm: WasmGenerator;
beforeAll(async () => {
  wasm = await loadWasmGenerator();
});

/** Perft split by root move on the JS engine, in its order, in the shape the port's `divide` returns. */
function engineDivide(pos: Position, depth: number): WasmDivideEntry[] {
  const rules = RULE_SETS[pos.variant];
  const g = geometryOf(rules.size);
  const sq = squaresOf(rules);
  const name = (bit: number): number => sq.number(g.squareOf[bit] as number);
  const e = new Engine(rules);
  e.load(...pos.bits, pos.turn);
  const end = e.generate(0);
  const entries: WasmDivideEntry[] = [];
  for (let slot = 0; slot < end; slot++) {
    const i = slot * 10;
    const captures: number[] = [];
    for (let half = 0; half < 2; half++) {
      for (let w = e.moves[i + 2 + half] as number; w !== 0; w &= w - 1) {
        captures.push(name(31 - Math.clz32(w & -w) + 32 * half));
      }
    }
    e.make(slot);
    const nodes = e.perft(depth - 1);
    e.unmake(slot);
    entries.push({
      from: name(e.moves[i] as number),
      to: name(e.moves[i + 1] as number),
      captures: captures.sort((a, b) => a - b),
      crowns: ((e.moves[i + 6] as number) & 2) !== 0,
      nodes,
    });
  }
  return entries;
}

/** A position `plies` random legal moves from the start (a game's middle, kings once men crown). */
function randomWalk(rng: Rng, variant: VariantId, plies: number): Position {
  let pos = initialPosition(variant);
  for (let k = 0; k < plies; k++) {
    const moves = generateMoves(pos);
    if (moves.length === 0) break;
    pos = applyMove(pos, moves[Math.floor(rng.float() * moves.length)] as (typeof moves)[number]);
  }
  return pos;
}

/** Perft making every move, the hash computed from scratch at each leaf (not kept up to date move by move). */
function leafHashesFromScratch(pos: Position, depth: number): { nodes: number; lo: number; hi: number } {
  if (depth === 0) {
    const [lo, hi] = hashPosition(pos.bits, pos.turn);
    return { nodes: 1, lo, hi };
  }
  const sum = { nodes: 0, lo: 0, hi: 0 };
  for (const m of generateMoves(pos)) {
    const below = leafHashesFromScratch(applyMove(pos, m), depth - 1);
    sum.nodes += below.nodes;
    sum.lo = (sum.lo + below.lo) | 0;
    sum.hi = (sum.hi + below.hi) | 0;
  }
  return sum;
}

describe('the WebAssembly generator counts the published perft tables', () => {
  for (const table of PERFT_TABLES) {
    it(`${table.name} to depth ${table.ci}`, () => {
      const pos = unwrap(parseFen(table.fen, table.variant));
      for (let depth = 1; depth <= table.ci; depth++) {
        expect(wasm.perft(pos, depth, { unique: table.unique }), `perft(${depth})`).toBe(table.counts[depth - 1]);
      }
    });
  }
});

describe('the WebAssembly generator agrees with the JS engine', () => {
  for (const variant of VARIANT_IDS) {
    it(`${variant}: the same perft from random boards with kings (depth 3) and from random games (depth 4)`, () => {
      const rng = createRng(`wasm-generator-${variant}`);
      for (let k = 0; k < 40; k++) {
        const pos = randomPosition(rng, variant);
        expect(wasm.perft(pos, 3), JSON.stringify(pos)).toBe(perftPosition(pos, 3));
        expect(wasm.perft(pos, 2, { unique: false }), JSON.stringify(pos)).toBe(
          perftPosition(pos, 2, { unique: false }),
        );
      }
      for (let k = 0; k < 12; k++) {
        const pos = randomWalk(rng, variant, 10 + Math.floor(rng.float() * 60));
        expect(wasm.perft(pos, 4), JSON.stringify(pos)).toBe(perftPosition(pos, 4));
      }
    });

    it(`${variant}: the same root moves in the same order with the same subtrees (divide)`, () => {
      const rng = createRng(`wasm-divide-${variant}`);
      const positions = [initialPosition(variant), randomWalk(rng, variant, 30), randomPosition(rng, variant)];
      for (const pos of positions) expect(wasm.divide(pos, 3), JSON.stringify(pos)).toEqual(engineDivide(pos, 3));
    });

    it(`${variant}: the same leaves and hashes when every move is made (no bulk counting), driven inside or from JS`, () => {
      const rng = createRng(`wasm-leaves-${variant}`);
      const pos = randomWalk(rng, variant, 24);
      const walk = wasm.perftMakingLeaves(pos, 3);
      expect(walk).toEqual(perftMakingLeaves(pos, 3));
      expect(wasm.perftMakingLeavesFromJs(pos, 3)).toEqual(walk);
      const scratch = leafHashesFromScratch(pos, 3);
      expect([walk.nodes, walk.hashSumLo, walk.hashSumHi]).toEqual([scratch.nodes, scratch.lo, scratch.hi]);
    });
  }

  it('Russian: a man reaching the far row mid-capture goes on as a king; Brazilian: it stops there', () => {
    // White man b6 takes c7 landing on d8 (the far row), then as a king f6 landing on g5 or h4.
    const russian = wasm.divide(unwrap(parseFen('W:Wb6:Bc7,f6', 'russian')), 1);
    expect(russian.map((m) => [m.captures.length, m.crowns])).toEqual([
      [2, true],
      [2, true],
    ]);
    const brazilian = wasm.divide(unwrap(parseFen('W:Wb6:Bc7,f6', 'brazilian')), 1);
    expect(brazilian.map((m) => [m.captures.length, m.crowns])).toEqual([[1, true]]);
    for (const variant of ['russian', 'brazilian'] as const) {
      const pos = unwrap(parseFen('W:Wb6:Bc7,f6', variant));
      expect(wasm.divide(pos, 4)).toEqual(engineDivide(pos, 4));
    }
  });

  it('kings on an open board (44 moves a ply, 400 thousand leaves at depth 4) count the same', () => {
    const pos = unwrap(parseFen('W:WK46,K47,K48,K49,K50:BK1,K2,K3,K4,K5', 'international'));
    expect(wasm.perft(pos, 4)).toBe(perftPosition(pos, 4));
    expect(wasm.divide(pos, 3)).toEqual(engineDivide(pos, 3));
  });
});
