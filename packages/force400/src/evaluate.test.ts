import { unwrap } from '@tactica/core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_WEIGHTS, evaluate, evaluateState, evaluationTerms } from './evaluate.js';
import { kingRoom } from './king-room.js';
import { force400 } from './game.js';
import { parsePosition } from './position-text.js';
import { loadEngine } from './state.js';
import { fromDiagram } from './test-board.js';

const position = (text: string) => unwrap(parsePosition(text));

describe('evaluation', () => {
  it('the starting position is level: both sides score it alike', () => {
    const s = force400.initial();
    const t = evaluationTerms(s);
    expect(t.force).toEqual([200, 200]);
    expect(t.men).toEqual([20, 20]);
    expect(t.kingForce).toEqual([10, 10]);
    expect(evaluateState(s)).toBe(0);
    expect(evaluateState({ ...s, toMove: 1 })).toBe(0);
  });

  it('is from the side to move: the same position scores opposite for the two sides', () => {
    const text = 'w 20 W:C5:30,D8:10,H9:10K B:C0:10K,J1:10';
    const white = evaluateState(position(text));
    const black = evaluateState(position(text.replace(/^w/, 'b')));
    expect(white).toBeGreaterThan(0);
    expect(black).toBeLessThan(0);
  });

  it('a man more is worth more than the force he carries alone (a capture wins a man, never force)', () => {
    const more = evaluateState(position('w 20 W:A5:10,B5:0,H9:10K B:C0:10K,J1:10'));
    const same = evaluateState(position('w 20 W:A5:10,H9:10K B:C0:10K,J1:10'));
    // B5 has no force, yet he counts nearly a man's worth (his few moves and threats aside).
    expect(more - same).toBeGreaterThan(DEFAULT_WEIGHTS.man / 2);
  });

  it('counts the men that can be taken next turn', () => {
    //   B9 on E4 is one step from W7 on E5: Black could take him (9 > 7); he cannot take B9 (7 < 9).
    const s = fromDiagram(`
      0  .   .  B10  .   .   .   .   .   .   .
      1  .   .   .   .   .   .   .   .   .   .
      2  .   .   .   .   .   .   .   .   .   .
      3  .   .   .   .   .   .   .   .   .   .
      4  .   .   .   .  b9   .   .   .   .   .
      5  .   .   .   .  w7   .   .   .   .   .
      6  .   .   .   .   .   .   .   .   .   .
      7  .   .   .   .   .   .   .   .   .   .
      8  .   .   .   .   .   .   .   .   .   .
      9  .   .   .   .   .   .   .  W10  .   .`);
    expect(evaluationTerms(s).threatened).toEqual([1, 0]);
  });

  it('a strong enemy man near the king is danger; the nearer, the more', () => {
    const near = evaluationTerms(position('w 20 W:H9:10K B:C0:10K,H7:30'));
    const far = evaluationTerms(position('w 20 W:H9:10K B:C0:10K,H5:30'));
    expect(near.kingDanger[0]).toBeGreaterThan(far.kingDanger[0]);
    expect(far.kingDanger[0]).toBeGreaterThan(0);
    // A man no stronger than the king is no danger to it.
    expect(evaluationTerms(position('w 20 W:H9:10K B:C0:10K,H7:10')).kingDanger[0]).toBe(0);
  });

  it('a king that can be taken next turn is en prise; the side to move that can take it scores a near win', () => {
    const text = 'w 20 W:H9:10K,A5:10 B:C0:10K,H7:30';
    expect(evaluationTerms(position(text)).kingEnPrise).toEqual([true, false]);
    expect(evaluateState(position(text.replace(/^w/, 'b')))).toBe(5000);
    expect(evaluateState(position(text))).toBeLessThan(-DEFAULT_WEIGHTS.kingEnPrise + 1);
  });

  it('counts men who can recharge with their next move, and not those who stood on rank 0/9 too lately', () => {
    const ready = evaluationTerms(position('w 20 W:E8:10,H9:10K B:C0:10K,J1:10'));
    const waiting = evaluationTerms(position('w 20 W:E8:10/2,H9:10K B:C0:10K,J1:10'));
    expect(ready.recharge[0]).toBe(1);
    expect(waiting.recharge[0]).toBe(0);
    // Black's J1 can step onto rank 0 as well.
    expect(ready.recharge[1]).toBe(1);
  });

  it('supply: force own men could pass to the king along a clear line; guards: men next to him', () => {
    const t = evaluationTerms(position('w 20 W:E9:10K,A9:20,D8:5 B:C0:10K'));
    expect(t.supply[0]).toBe(25);
    expect(t.guards[0]).toBe(1);
  });

  it('the defensive perspective ignores the chance to attack the enemy king', () => {
    const s = position('w 20 W:D3:30,H9:10K B:C0:10K,J1:10');
    const e = loadEngine(s);
    const attacking = evaluate(e, DEFAULT_WEIGHTS, 0);
    const defensive = evaluate(e, { ...DEFAULT_WEIGHTS, kingAttack: 0 }, 0);
    expect(attacking).toBeGreaterThan(defensive);
  });

  it('a fallen king scores as the end of the game', () => {
    const e = loadEngine(position('w 20 W:H9:10K B:C0:10K,C1:5'));
    expect(evaluate(e)).toBeLessThan(1e6);
    e.kingSquare[1] = -1;
    expect(evaluate(e)).toBe(10000);
  });

  it("hunt: in an ending, each square of room the enemy king has less than one's own counts; not before the ending", () => {
    // White's strong men on C1 and B3 shut some of the cornered Black king's escape squares; White's king roams free.
    const ending = position('w 40 W:C1:30,B3:30,H9:10K B:A0:5K,J1:10');
    const e = loadEngine(ending);
    const hunting = { ...DEFAULT_WEIGHTS, hunt: 10 };
    const room = kingRoom(e, e.kingSquare[0] as number, 12) - kingRoom(e, e.kingSquare[1] as number, 12);
    expect(room).not.toBe(0);
    expect(evaluate(e, hunting) - evaluate(e, DEFAULT_WEIGHTS)).toBe(10 * room);
    // Twenty men a side is no ending: the term stays out.
    const start = loadEngine(force400.initial());
    expect(evaluate(start, hunting)).toBe(evaluate(start, DEFAULT_WEIGHTS));
  });
});
