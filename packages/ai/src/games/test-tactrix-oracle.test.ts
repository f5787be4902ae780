import { createRng, unwrap } from '@tactica/core';
import { legalMoves, outcomeOfState, play, tactrix, type TactrixState } from '@tactica/tactrix';
import { describe, expect, it } from 'vitest';
import { defends as engineDefends, threatened, winningMoves as engineWinningMoves } from './tactrix-checks.js';
import { defends, movesOf, readPosition, winningMoves, writePosition } from './test-tactrix-oracle.js';

/**
 * Positions from seeded random games, each read back from its text so that, like the oracle, it has no repetition
 * history: one every `every` plies.
 */
function randomPositions(seed: number, games: number, every: number): TactrixState[] {
  const rng = createRng(seed);
  const out: TactrixState[] = [];
  for (let g = 0; g < games; g++) {
    let s = tactrix.initial();
    for (let ply = 0; ply < 300 && !outcomeOfState(s); ply++) {
      if (ply % every === g % every) out.push(unwrap(tactrix.parsePosition(tactrix.formatPosition(s))));
      s = play(s, rng.pick(legalMoves(s)));
    }
  }
  return out;
}

// Rules random games seldom reach, set up by hand: jerks one step from the far row (White's f9 onto a chip, Black's
// b2), a jerk capturing onto the far row (a8xa10), a wrapnoid at the edge (a1), regeneroids facing each other across
// the half-way line with chips to buy on both sides.
const EDGES = ['w', 'b'].map((turn) =>
  unwrap(
    tactrix.parsePosition(
      `n....*..../.....J...k/J........./........../....r...../....R...../........../........../.j......../W........K ${turn} 20 20 5 30`,
    ),
  ),
);

const POSITIONS = [...EDGES, ...randomPositions(7, 12, 12)];

describe('the Tactrix! oracle agrees with the engine, so its verdicts on the test cases can be trusted', () => {
  it('reads and writes position text as the engine does', () => {
    for (const s of [tactrix.initial(), ...POSITIONS]) {
      const text = tactrix.formatPosition(s);
      expect(writePosition(readPosition(text))).toBe(text);
    }
  });

  it('finds the same legal moves, leading to the same positions (chips, bonus, clock, move number)', () => {
    const seen = { captures: 0, purchases: 0, jerkBonuses: 0, progress: 0 };
    for (const s of POSITIONS) {
      const text = tactrix.formatPosition(s);
      const before = readPosition(text);
      const oracle = movesOf(before);
      const engine = new Map(legalMoves(s).map((m) => [tactrix.formatMove(s, m), m] as const));
      expect([...oracle.keys()].sort(), text).toEqual([...engine.keys()].sort());
      for (const [move, m] of engine) {
        const next = tactrix.formatPosition(play(s, m));
        const made = oracle.get(move);
        expect(made && writePosition(made()), `${text}: ${move}`).toBe(next);
        const after = readPosition(next);
        const me = before.whiteToMove ? 0 : 1;
        if (move.includes('x')) seen.captures++;
        if (move.startsWith('buy')) seen.purchases++;
        // Nothing else adds 25 chips at once: a square holds one chip.
        if (after.chips[me] - before.chips[me] >= 25) seen.jerkBonuses++;
        if (after.quietPlies === 0) seen.progress++;
      }
    }
    // Every rule the oracle implements was exercised.
    expect(POSITIONS.length).toBeGreaterThan(200);
    expect(seen.captures).toBeGreaterThan(500);
    expect(seen.purchases).toBeGreaterThan(100);
    expect(seen.jerkBonuses).toBeGreaterThanOrEqual(3);
    expect(seen.progress).toBeGreaterThan(1000);
  });

  it('finds the same moves that win at once', () => {
    let positionsWithWins = 0;
    for (const s of POSITIONS) {
      const text = tactrix.formatPosition(s);
      const engine = engineWinningMoves(s).map((m) => tactrix.formatMove(s, m));
      expect(winningMoves(readPosition(text)).sort(), text).toEqual(engine.sort());
      if (engine.length > 0) positionsWithWins++;
    }
    expect(positionsWithWins).toBeGreaterThan(20);
  });

  it('judges every move of a threatened position as the engine does: it stops the threat or it does not', () => {
    // The first threatened positions (the side to move would lose at once if it passed); each costs a full search
    // of replies per move, so a sample.
    const sample = POSITIONS.filter((s) => threatened(s)).slice(0, 4);
    let saving = 0;
    let losing = 0;
    for (const s of sample) {
      const p = readPosition(tactrix.formatPosition(s));
      for (const m of legalMoves(s)) {
        const move = tactrix.formatMove(s, m);
        const verdict = defends(p, move);
        expect(verdict, `${tactrix.formatPosition(s)}: ${move}`).toBe(engineDefends(s, m));
        if (verdict) saving++;
        else losing++;
      }
    }
    expect(sample.length).toBe(4);
    expect(saving).toBeGreaterThan(0);
    expect(losing).toBeGreaterThan(0);
  });
});
