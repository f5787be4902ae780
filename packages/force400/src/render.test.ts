import { describe, expect, it } from 'vitest';
import { force400 } from './game.js';
import { listMen, renderBoard } from './render.js';
import { fromDiagram } from './test-board.js';

describe('board text', () => {
  it("shows each man's owner and force, the kings starred, rank 0 at the top", () => {
    const lines = renderBoard(force400.initial()).split('\n');
    expect(lines[0]).toBe('     A    B    C    D    E    F    G    H    I    J');
    expect(lines[1]).toBe(' 0  B10  B10  B10* B10  B10  B10  B10  B10  B10  B10');
    expect(lines[3]).toBe(' 2   .    .    .    .    .    .    .    .    .    .');
    expect(lines[10]).toBe(' 9  W10  W10  W10  W10  W10  W10  W10  W10* W10  W10');
  });

  it('flipped, White is at the top and the files run J to A', () => {
    const lines = renderBoard(force400.initial(), { flipped: true }).split('\n');
    expect(lines[0]?.trim().startsWith('J')).toBe(true);
    expect(lines[1]).toBe(' 9  W10  W10  W10* W10  W10  W10  W10  W10  W10  W10');
  });

  it('lists every man with square and force, kings marked', () => {
    const text = listMen(force400.initial());
    expect(text).toContain('White (20 men, 200 units): A8 10, B8 10');
    expect(text).toContain('H9 10*');
    expect(text).toContain('Black (20 men, 200 units): A0 10, B0 10, C0 10*');
  });

  it('says one man and one unit in the singular', () => {
    const s = fromDiagram(`
      0   .   .   B1  .   .   .   .   .   .   .
      1   .   .   .   .   .   .   .   .   .   .
      2   .   .   .   .   .   .   .   .   .   .
      3   .   .   .   .   .   .   .   .   .   .
      4   .   .   .   .   .   .   .   .   .   .
      5   .   .   .   .   .   .   .   .   .   .
      6   .   .   .   .   .   .   .   .   .   .
      7   .   .   .   .   .   .   .   .   .   .
      8   .   .   .   .   .   .   .   .   .   .
      9   .   .   .   .   .   .   .  W2  w1   .`);
    const text = listMen(s);
    expect(text).toContain('White (2 men, 3 units)');
    expect(text).toContain('Black (1 man, 1 unit)');
  });
});
