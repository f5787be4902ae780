import { describe, expect, it } from 'vitest';
import { newGame, playMove } from './game.js';
import { observe } from './observation.js';
import { describeRound, movementCheck, ordersLine, renderBoard, renderNumbers, statusLine } from './render.js';
import { resolveRoundWithReport } from './resolve.js';
import { diagram } from './test-boards.js';

describe('the board as text', () => {
  it('draws the square numbers as row and column digits, and the viewer’s own orders only', () => {
    let s = newGame({ rules: { chain: true, supplyLines: true, highGround: true } });
    s = playMove(s, { type: 'order', player: 0, from: 84, to: 64 });
    s = playMove(s, { type: 'order', player: 1, from: 15, to: 35 });
    expect(renderBoard(observe(s, 0))).toBe(
      [
        '      0  1  2  3  4  5  6  7  8  9',
        ' =0   c  a  c  c  a  f  c  c  a  c  0=',
        '  1   i  i  i  i  i  i  i  i  i  i  1',
        '  2   .  .  .  .  .  .  .  .  .  .  2',
        '  3   .  .  .  :  :  :  :  .  .  .  3',
        '  4   .  .  .  :  :  :  :  .  .  .  4',
        '  5   .  .  .  :  :  :  :  .  .  .  5',
        '  6   .  .  .  :  :< :  :  .  .  .  6',
        '  7   .  .  .  .  .  .  .  .  .  .  7',
        '  8   I  I  I  I  I> I  I  I  I  I  8',
        ' =9   C  A  C  C  F  A  C  C  A  C  9=',
        '      0  1  2  3  4  5  6  7  8  9',
      ].join('\n'),
    );
    // Player 2 sees their own order marked, never Player 1's.
    const theirs = renderBoard(observe(s, 1));
    expect(theirs).toContain('  1   i  i  i  i  i  i> i  i  i  i  1');
    expect(theirs).toContain('  8   I  I  I  I  I  I  I  I  I  I  8');
  });

  it('rotated by 180 degrees, the square numbers stay with their squares', () => {
    const text = renderBoard(observe(newGame(), 1), { rotated: true });
    const lines = text.split('\n');
    expect(lines[0]).toBe('      9  8  7  6  5  4  3  2  1  0');
    expect(lines[1]).toBe('  9   C  A  C  C  A  F  C  C  A  C  9');
    expect(renderNumbers({ rotated: true }).split('\n')[0]).toBe('  99 98 97 96 95 94 93 92 91 90');
  });

  it('status and orders lines', () => {
    const s = playMove(newGame(), { type: 'order', player: 0, from: 84, to: 64 });
    expect(statusLine(observe(s, 0))).toBe(
      'Round 1 of 50 · Chain moves · Player 1: 20 pieces (10 infantry, 6 cavalry, 3 artillery) · Player 2: 20 pieces (10 infantry, 6 cavalry, 3 artillery)',
    );
    expect(ordersLine(observe(s, 0))).toBe('Your orders (1 of 20): 84-64');
    expect(ordersLine(observe(s, 1))).toBe('Your orders (0 of 20): -');
  });
});

describe('the movement check and the round report', () => {
  it('lists both players’ orders, then what met where, what was eliminated and the result', () => {
    const board = diagram(`
      . . . . . f . . . .
      . . . . . . . . . .
      . . . . . I . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . C . . . .
      . . . . . . a . . .
      . . . . . . . . . .
      . . . I . . . . . .
      . . . . F . . . i .
    `);
    const orders = [[{ from: 25, to: 5 }], [{ from: 66, to: 55 }]] as const;
    expect(movementCheck(4, orders)).toBe('Movement check, round 4:\n  Player 1: 25-05\n  Player 2: 66-55');
    const r = resolveRoundWithReport(board, orders, 4);
    expect(describeRound(r.report)).toBe(
      [
        'Round 4:',
        '  Player 1 ordered: 25-05',
        '  Player 2 ordered: 66-55',
        "  Met on 05: Player 1's infantry (from 25) and Player 2's flag (standing): Player 2's flag is removed.",
        "  Met on 55: Player 1's cavalry (standing) and Player 2's artillery (from 66): Player 2's artillery is removed.",
        '  Nothing was eliminated.',
        '  Player 1 wins: the enemy flag is captured.',
      ].join('\n'),
    );
  });
});
