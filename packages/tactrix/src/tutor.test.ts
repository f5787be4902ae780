import { unwrap } from '@tactica/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tactrix } from './game.js';
import { initialState } from './state.js';
import { position } from './test-setup.js';
import { describeTutor, tutor } from './tutor.js';

describe('the Tutor', () => {
  it("names a piece, its owner and cost, and lists its legal moves, for the opponent's pieces too", () => {
    const r = unwrap(tutor(initialState(), 'i10'));
    expect(r.piece).toMatchObject({ type: 'jumpnar', name: 'Jumpnar', owner: 1, cost: 6 });
    expect(r.moveTexts).toEqual(['i10-j8', 'i10-h8']);
    expect(describeTutor(r)).toEqual(['i10: Black Jumpnar (N), costs 6 chips', '2 legal moves: i10-j8 i10-h8']);
  });

  it('the regeneroid and the king are not for sale; the regeneroid shows where purchases can go', () => {
    const s = position({ e3: 'R', a1: 'K', j10: 'k', d4: 'n', f2: 'J' });
    const r = unwrap(tutor(s, 'e3'));
    expect(r.piece?.cost).toBeUndefined();
    expect(r.placements).toEqual(['d2', 'e2', 'd3', 'f3', 'd4', 'e4', 'f4']);
    expect(unwrap(tutor(s, 'a1')).piece).toMatchObject({ name: 'King', cost: undefined });
  });

  it('says in a sentence how each of the seven pieces moves (manual, "The pieces")', () => {
    const s = initialState();
    const movement = (sq: string) => unwrap(tutor(s, sq)).piece?.movement;
    expect(movement('a2')).toMatch(/forward.*captures only .*two squares away/);
    expect(movement('b1')).toMatch(/chess knight/);
    expect(movement('d1')).toMatch(/except directly left or right.*wrapping/);
    expect(movement('a1')).toMatch(/up or down its file/);
    expect(movement('c1')).toMatch(/diagonal/);
    expect(movement('e1')).toMatch(/own half/);
    expect(movement('f1')).toBe('one step in any direction');
    expect(new Set(['a2', 'b1', 'd1', 'a1', 'c1', 'e1', 'f1'].map(movement)).size).toBe(7);
  });

  it('an empty square reports its chips', () => {
    expect(describeTutor(unwrap(tutor(initialState(), 'e5')))).toEqual(['e5: empty square, 1 chip to collect']);
    const after = unwrap(tactrix.tryPlay(initialState(), 'e2-e3'));
    expect(describeTutor(unwrap(tutor(after, 'e2')))).toEqual(['e2: empty square, no chips']);
  });

  it('lists no moves once the game is over', () => {
    const over = tactrix.resign(initialState(), 0);
    expect(unwrap(tutor(over, 'b1')).moves).toEqual([]);
  });

  it('fuzz: any square text is answered or refused with tutor/bad-square, never a throw', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 8 }), fc.integer({ min: -200, max: 200 })), (sq) => {
        const r = tutor(initialState(), sq);
        return r.ok || r.error.code === 'tutor/bad-square';
      }),
      { numRuns: 500 },
    );
  });
});
