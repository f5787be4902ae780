import { describe, expect, it } from 'vitest';
import { startingBoard } from './board.js';
import { changeRules, customize, editMove, editSquare } from './customize.js';
import { newGame, playMove } from './game.js';
import { BASIC_RULES } from './state.js';

describe('Customize (manual, "Customizing a Tactorus game": anything goes except the flags)', () => {
  const board = startingBoard();

  it.each([
    ['a piece is added on an empty square', () => editSquare(board, 55, 'C'), 55, 'C'],
    ['an enemy piece can be added too', () => editSquare(board, 55, 'a'), 55, 'a'],
    ['a piece is removed', () => editSquare(board, 84, '.'), 84, '.'],
    ['a piece is replaced by another kind', () => editSquare(board, 84, 'A'), 84, 'A'],
    ['a piece is moved', () => editMove(board, 84, 44), 44, 'I'],
  ])('%s', (_name, edit, sq, expected) => {
    const r = edit();
    expect(r.ok && r.value[sq]).toBe(expected);
  });

  it.each([
    ['adding a flag', () => editSquare(board, 55, 'F')],
    ['adding an enemy flag', () => editSquare(board, 55, 'f')],
    ['removing a flag', () => editSquare(board, 94, '.')],
    ['covering a flag with another piece', () => editSquare(board, 5, 'I')],
    ['moving a flag', () => editMove(board, 94, 44)],
    ['moving a piece onto a flag', () => editMove(board, 84, 94)],
  ])('%s is refused', (_name, edit) => {
    const r = edit();
    expect(r.ok ? 'ok' : r.error.code).toBe('customize/flag');
  });

  it('bad squares and pieces are refused with coded errors', () => {
    for (const [r, code] of [
      [editSquare(board, 100, 'C'), 'customize/bad-square'],
      [editSquare(board, -1, 'C'), 'customize/bad-square'],
      [editSquare(board, 50, 'X'), 'customize/bad-piece'],
      [editMove(board, 50, 51), 'customize/empty'],
    ] as const) {
      expect(r.ok ? 'ok' : r.error.code).toBe(code);
    }
  });

  it('OK clears every scheduled order of both players and keeps the round', () => {
    let s = { ...newGame(), round: 7 };
    s = playMove(s, { type: 'order', player: 0, from: 84, to: 64 });
    s = playMove(s, { type: 'order', player: 1, from: 15, to: 35 });
    s = playMove(s, { type: 'done', player: 1 });
    const edited = editSquare(s.board, 55, 'C');
    const r = edited.ok ? customize(s, edited.value) : edited;
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.orders).toEqual([[], []]);
    expect(r.value.committed).toEqual([false, false]);
    expect(r.value.round).toBe(7);
    expect(r.value.board[55]).toBe('C');
  });

  it('a whole new board is checked square by square: flags must stay where they are', () => {
    const s = newGame();
    const moved = `${s.board.slice(0, 93)}F.${s.board.slice(95)}`;
    const r = customize(s, moved);
    expect(r.ok ? 'ok' : r.error.code).toBe('customize/flag');
    expect(customize(s, 'not a board').ok).toBe(false);
    expect(customize({ ...s, ended: { kind: 'draw', reason: 'agreed' } }, s.board).ok).toBe(false);
  });
});

describe('changing the rules mid-game (manual, 3.5.X)', () => {
  it('takes effect at once and clears the scheduled orders', () => {
    let s = playMove(newGame(), { type: 'order', player: 0, from: 84, to: 64 });
    const r = changeRules(s, { ...BASIC_RULES, highGround: true });
    expect(r.ok && r.value.rules).toEqual({ chain: false, supplyLines: false, highGround: true });
    expect(r.ok && r.value.orders).toEqual([[], []]);
    // the same rules: nothing changes, orders stay
    s = playMove(newGame(), { type: 'order', player: 0, from: 84, to: 64 });
    expect(changeRules(s, s.rules)).toEqual({ ok: true, value: s });
  });
});
