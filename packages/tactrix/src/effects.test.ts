import { createRng, type Player } from '@tactica/core';
import { describe, expect, it } from 'vitest';
import { moveEffects } from './effects.js';
import { legalMoves, outcomeOfState, parseMove, play } from './game.js';
import type { TactrixMove, TactrixState } from './state.js';
import { initialState } from './state.js';
import { position } from './test-setup.js';

function effectsOf(s: TactrixState, text: string) {
  const m = parseMove(s, text);
  if (!m.ok) throw new Error(m.error.message);
  return moveEffects(s, m.value);
}

/** What `play` does to the mover's chips and the target square, to compare the effects with. */
function playedEffects(s: TactrixState, m: TactrixMove) {
  const side: Player = s.turn;
  const next = play(s, m);
  return {
    gained: (next.balance[side] as number) - (s.balance[side] as number),
    left: m.kind === 'move' && next.board[m.to] === 0,
  };
}

describe('move effects, read off the position without playing', () => {
  it('manual, "Jerk": a jerk reaching its far row by a capture earns 25 chips and leaves the board', () => {
    const s = position({ e8: 'J', e10: 'v', a1: 'K', j8: 'k' }, { chips: [] });
    expect(effectsOf(s, 'e8xe10')).toEqual({ captured: -4, collected: 0, bonus: 25, cost: 0, leavesBoard: true });
  });

  it('manual, "General Rules": a step onto a chip collects it; a purchase pays its cost and collects too', () => {
    const s = position({ e3: 'R', a1: 'K', j10: 'k', d4: 'n' }, { balance: [9, 0] });
    expect(effectsOf(s, 'a1-a2')).toEqual({ captured: 0, collected: 1, bonus: 0, cost: 0, leavesBoard: false });
    expect(effectsOf(s, 'buy N@e4')).toEqual({ captured: 0, collected: 1, bonus: 0, cost: 6, leavesBoard: false });
    expect(effectsOf(s, 'buy J@d4')).toEqual({ captured: -2, collected: 0, bonus: 0, cost: 3, leavesBoard: false });
  });

  it('agree with play over random games: chips gained = collected + bonus - cost, the piece taken, the jerk gone', () => {
    const rng = createRng('effects');
    let checked = 0;
    let bonuses = 0;
    // The standard start, and a race of jerks one or two steps from their far rows among enemy pieces to take.
    const race = position(
      {
        a9: 'J',
        c9: 'J',
        e8: 'J',
        g8: 'J',
        b10: 'n',
        e10: 'v',
        g10: 'r',
        j10: 'k',
        b2: 'j',
        d2: 'j',
        f3: 'j',
        h3: 'j',
        b1: 'N',
        d1: 'V',
        e1: 'R',
        a1: 'K',
      },
      { balance: [10, 10] },
    );
    for (const start of [initialState(), initialState(), race, race, race]) {
      let s = start;
      for (let ply = 0; ply < 80 && !outcomeOfState(s); ply++) {
        for (const m of legalMoves(s)) {
          const e = moveEffects(s, m);
          const p = playedEffects(s, m);
          expect(e.collected + e.bonus - e.cost).toBe(p.gained);
          expect(e.captured).toBe(s.board[m.to]);
          expect(e.leavesBoard).toBe(p.left);
          if (e.bonus > 0) bonuses++;
          checked++;
        }
        s = play(s, rng.pick(legalMoves(s)));
      }
    }
    expect(checked).toBeGreaterThan(10_000);
    expect(bonuses).toBeGreaterThan(0);
  });
});
