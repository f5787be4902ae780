import { createRng, unwrap, type Player } from '@tactica/core';
import { newGame, observe, parsePosition, playMove, type Order, type TactorusState } from '@tactica/tactorus';
import { describe, expect, it } from 'vitest';
import {
  playOrders,
  playTactorusMatch,
  randomTactorusOpening,
  solveMatrixGame,
  TACTORUS_LEVELS,
  TactorusAi,
} from './tactorus.js';
import {
  capturesForSure,
  findTactics,
  flagDefenceExists,
  flagEndsSafe,
  sureCaptureExists,
  schedule,
  TACTICS,
} from './tactorus-tactics.js';

const engine = new TactorusAi();
const LEVEL_IDS = TACTORUS_LEVELS.map((l) => l.id);

/** Why the rules refuse `orders` scheduled one by one in the order given, or undefined when they take them all. */
function refusal(s: TactorusState, p: Player, orders: readonly Order[]): string | undefined {
  try {
    schedule(s, p, orders);
    return undefined;
  } catch (e) {
    return (e as Error).message;
  }
}

/** A few positions from seeded openings, under the default rules and with every alteration. */
const POSITIONS: readonly TactorusState[] = [0, 1, 2, 3, 4, 5].map((i) =>
  randomTactorusOpening(i % 2 ? { rules: { chain: true, supplyLines: true, highGround: true } } : {}, 40 + i, i + 1),
);

describe('the Tactorus computer (levels 1–5 of the manual’s FAQ, 6 ours)', () => {
  it('has the manual’s five levels and a stronger sixth', () => {
    expect(LEVEL_IDS).toEqual(['1', '2', '3', '4', '5', '6']);
    const [l1, l2, l3, l4, l5, l6] = TACTORUS_LEVELS;
    expect(l1?.method).toBe('attractor');
    expect(l2?.steps).toBe('random');
    expect([l3?.method, l3?.centres, l3?.steps]).toEqual(['compare', 0, 'both']); // 2 strategies
    expect([l4?.centres, l4?.steps]).toEqual([1, 'both']); // 2 attractors x 2 = 4 strategies
    expect([l5?.centres, l5?.steps]).toEqual([3, 'both']); // 4 attractors x 2 = 8 strategies
    expect(l6?.method).toBe('regret');
  });

  it('every level schedules legal orders, in an order the rules accept', () => {
    for (const s of POSITIONS) {
      for (const id of LEVEL_IDS) {
        for (const p of [0, 1] as const) {
          const orders = engine.choose(observe(s, p), id, { seed: 3 }).move;
          expect(refusal(s, p, orders), `level ${id}, player ${p + 1}`).toBeUndefined();
        }
      }
    }
  });

  it('every level is deterministic for a given seed', () => {
    const s = POSITIONS[2] as TactorusState;
    for (const id of LEVEL_IDS) {
      const a = engine.choose(observe(s, 1), id, { seed: 11 }).move;
      const b = new TactorusAi().choose(observe(s, 1), id, { seed: 11 }).move;
      expect(b, `level ${id}`).toEqual(a);
    }
  });

  it('never reads the other side’s orders: its choice is the same whatever the other side has scheduled', () => {
    // The engine is handed an observation (its type has no field for the other side's orders); and indeed, with
    // any orders scheduled by the other side, done or not, the choice does not change.
    const rng = createRng('secrecy');
    for (const s of POSITIONS.slice(0, 2)) {
      for (const id of LEVEL_IDS) {
        const quiet = engine.choose(observe(s, 1), id, { seed: 5 }).move;
        for (let k = 0; k < 2; k++) {
          const other = engine.choose(observe(s, 0), LEVEL_IDS[rng.int(6)] as string, { seed: rng.next() }).move;
          let t = schedule(s, 0, other);
          if (k === 1) t = playMove(t, { type: 'done', player: 0 });
          const view = observe(t, 1);
          expect(JSON.stringify(view)).not.toContain(JSON.stringify(other[0] ?? 'none'));
          expect(engine.choose(view, id, { seed: 5 }).move, `level ${id}`).toEqual(quiet);
        }
      }
    }
  });

  it('ignores orders it had already scheduled: the set it returns replaces them', () => {
    const s = POSITIONS[1] as TactorusState;
    const fresh = engine.choose(observe(s, 0), '3', { seed: 2 }).move;
    const t = schedule(s, 0, [fresh[0] as Order]);
    expect(engine.choose(observe(t, 0), '3', { seed: 2 }).move).toEqual(fresh);
  });

  it('chooses nothing when the game is over', () => {
    const over = unwrap(
      parsePosition(
        '....f...../........../........../........../........../........../........../........../........../....F..... 3 chain - - 1:resigned',
      ),
    );
    expect(engine.choose(observe(over, 0), '6').move).toEqual([]);
  });

  describe('no level above the lowest misses a sure flag capture or leaves its flag to be taken when it can be saved', () => {
    it('the test data are what they say (checked from the rules alone)', () => {
      expect(TACTICS.length).toBeGreaterThanOrEqual(12);
      for (const c of TACTICS) {
        const s = unwrap(parsePosition(c.position));
        const p: Player = c.player === 1 ? 0 : 1;
        if (c.kind === 'capture') expect(sureCaptureExists(s, p), c.name).toBe(true);
        else expect(flagDefenceExists(s, p), c.name).toBe(true);
      }
    });

    it.each(LEVEL_IDS.slice(1))('level %s', (id) => {
      for (const c of TACTICS) {
        const s = unwrap(parsePosition(c.position));
        const p: Player = c.player === 1 ? 0 : 1;
        for (const seed of id === '6' ? [1] : [1, 2]) {
          const orders = engine.choose(observe(s, p), id, { seed }).move;
          expect(refusal(s, p, orders), `${c.name}, seed ${seed}`).toBeUndefined();
          if (c.kind === 'capture') expect(capturesForSure(s, p, orders), `${c.name}, seed ${seed}`).toBe(true);
          // The flag must end safe in every case where it can (a sure capture never costs the flag either).
          if (flagDefenceExists(s, p)) expect(flagEndsSafe(s, p, orders), `${c.name}, seed ${seed}`).toBe(true);
        }
      }
    });

    it('playouts still turn up such positions (how the data were found)', () => {
      const found = findTactics(engine, ['1', '2'], 4, 13, { chain: false, supplyLines: false, highGround: false });
      expect(found.length).toBeGreaterThan(0);
    });
  });

  it('regret matching finds the mixed equilibrium of rock-paper-scissors and the pure one of a dominated game', () => {
    const rps = Float64Array.from([0, -1, 1, 1, 0, -1, -1, 1, 0]);
    const r = solveMatrixGame(rps, 3, 3, 2000);
    for (const x of [...r.row, ...r.col]) expect(x).toBeCloseTo(1 / 3, 1);
    // Row 1 dominates row 0; column 0 then beats column 1 for the column player.
    const dominated = Float64Array.from([1, 3, 2, 4]);
    const d = solveMatrixGame(dominated, 2, 2, 2000);
    expect(d.row[1]).toBeGreaterThan(0.95);
    expect(d.col[0]).toBeGreaterThan(0.95);
  });

  it('level 6 can also draw its order set from the mixed strategy, or play the candidate the mix weighs most', () => {
    const base = TACTORUS_LEVELS[5] as (typeof TACTORUS_LEVELS)[number];
    const mixed = new TactorusAi([
      { ...base, id: 'sample', pick: 'sample', variants: 1, iterations: 100 },
      { ...base, id: 'best', pick: 'best', variants: 1, iterations: 100 },
    ]);
    const s = POSITIONS[3] as TactorusState;
    for (const id of ['sample', 'best']) {
      const picks = [1, 2, 3].map((seed) => mixed.choose(observe(s, 0), id, { seed }).move);
      for (const orders of picks) expect(refusal(s, 0, orders), id).toBeUndefined();
    }
  });

  it('a fixed search set has a fixed node count (the benchmark’s: change it only with the search)', () => {
    const counter = new TactorusAi();
    for (const s of POSITIONS.slice(0, 3))
      for (const p of [0, 1] as const) counter.choose(observe(s, p), '6', { seed: 1 });
    expect(counter.nodes).toBe(EXPECTED_NODES);
  });

  it('a match plays simultaneous rounds from each side’s own observation, seats swapped on each opening', () => {
    const r = playTactorusMatch(engine, '2', '1', { games: 4, seed: 9, openingPlies: 1 });
    expect(r.wins + r.draws + r.losses).toBe(4);
    expect(r.games.map((g) => g.aSeat)).toEqual([0, 1, 0, 1]);
    for (const g of r.games) expect(g.plies).toBeGreaterThan(0);
    // playOrders carries out a round through the rules engine.
    const s = playOrders(newGame(), [[{ from: 84, to: 64 }], [{ from: 15, to: 35 }]]);
    expect(s.round).toBe(1);
    expect(s.board[64]).toBe('I');
  });
});

/** Rounds simulated by level 6 choosing for both players in the first three fixed positions, seed 1. */
const EXPECTED_NODES = 6912;
