import { describe, expect, it } from 'vitest';
import { EMPTY, KINDS, pieceChar, type Kind } from './board.js';
import { beats, resolveRound, resolveRoundWithReport } from './resolve.js';
import type { Order } from './state.js';
import { diagram, draw } from './test-boards.js';

const none: readonly Order[] = [];

function resolveDiagram(before: string, o1: readonly Order[], o2: readonly Order[], round = 1) {
  return resolveRoundWithReport(diagram(before), [o1, o2], round);
}

describe('capture stage (manual, capture rules 1–5)', () => {
  // Every pair of kinds meets on 45: Player 1's piece moves 55→45, Player 2's 35→45. Flags are placed away from
  // the meeting when they are not part of it; no other piece is near enough to eliminate anything.
  const expected: Record<string, 'both' | 1 | 2> = {
    // like pieces are mutually removed (rule 1)
    FF: 'both',
    AA: 'both',
    CC: 'both',
    II: 'both',
    // infantry removes all others (rule 2)
    IF: 1,
    IA: 1,
    IC: 1,
    FI: 2,
    AI: 2,
    CI: 2,
    // cavalry removes artillery only (rule 3)
    CA: 1,
    AC: 2,
    // artillery removes none (rule 4); the flags remove cavalry and artillery (rule 5)
    FA: 1,
    FC: 1,
    AF: 2,
    CF: 2,
  };

  it.each(Object.entries(expected))('%s meeting: removed = %s', (pair, who) => {
    const [k1, k2] = [...pair] as [Kind, Kind];
    const cells = new Array<string>(100).fill(EMPTY);
    cells[55] = pieceChar(0, k1);
    cells[35] = pieceChar(1, k2);
    if (k1 !== 'F') cells[99] = 'F';
    if (k2 !== 'F') cells[0] = 'f';
    // keep infantry on the board so that the game does not end for lack of it
    cells[90] = 'I';
    cells[9] = 'i';
    const board = cells.join('');
    const r = resolveRoundWithReport(board, [[{ from: 55, to: 45 }], [{ from: 35, to: 45 }]], 1);
    const left = r.board[45];
    expect(left).toBe(who === 'both' ? EMPTY : who === 1 ? pieceChar(0, k1) : pieceChar(1, k2));
    expect(r.report.meetings).toEqual([
      { square: 45, kinds: [k1, k2], from: [55, 35], survivor: who === 'both' ? undefined : who === 1 ? 0 : 1 },
    ]);
  });

  it('the table is the rules: beats(a, b) for every pair', () => {
    const table = KINDS.map((a) => KINDS.map((b) => (beats(a, b) ? 'x' : '.')).join('')).join(' ');
    // rows F A C I attacking columns F A C I
    expect(table).toBe('xxx. .x.. .xx. xxxx');
  });

  it('a mover meets a piece that stays where it is', () => {
    const r = resolveDiagram(
      `
      . . . . . . . . . f
      . . . . . . . . . i
      . . . . . . . . . .
      . . . . . a . . . .
      . . . . . . . . . .
      . . . . . C . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      I . . . . . . . . .
      F . . . . . . . . .
    `,
      [{ from: 55, to: 35 }],
      none,
    );
    expect(r.board[35]).toBe('C');
    expect(r.report.meetings).toEqual([{ square: 35, kinds: ['C', 'A'], from: [55, 35], survivor: 0 }]);
  });

  it('(ours) pieces that swap squares or cross paths do not meet', () => {
    // The infantry on 44 and 45 swap; the cavalry 54→65 and 55→64 cross diagonally.
    const r = resolveDiagram(
      `
      . . . . . . . . . f
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . I i . . . .
      . . . . C c . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      F . . . . . . . . .
    `,
      [
        { from: 44, to: 45 },
        { from: 54, to: 65 },
      ],
      [
        { from: 45, to: 44 },
        { from: 55, to: 64 },
      ],
    );
    expect(r.report.meetings).toEqual([]);
    expect(r.report.eliminated).toEqual([]);
    expect(draw(r.board)).toBe(
      draw(
        diagram(`
          . . . . . . . . . f
          . . . . . . . . . .
          . . . . . . . . . .
          . . . . . . . . . .
          . . . . i I . . . .
          . . . . . . . . . .
          . . . . c C . . . .
          . . . . . . . . . .
          . . . . . . . . . .
          F . . . . . . . . .
        `),
      ),
    );
  });
});

describe('elimination stage (manual, elimination rules 1–2)', () => {
  it('infantry next to enemy cavalry or artillery is removed; cavalry next to enemy artillery is removed', () => {
    // Nothing moves: the stage judges the position as it stands after the capture stage.
    const r = resolveDiagram(
      `
      . . . . . . . . . f
      . . . . . . . . . .
      . . I c . . . . . .
      . . . . . . . . . .
      . . . . . C a . . .
      . . . . . . . . . .
      . I . . . . . . i A
      . . . . . . . . . .
      . . I . . . . . . .
      F . . . i . . . . .
    `,
      none,
      none,
    );
    expect(draw(r.board)).toBe(
      draw(
        diagram(`
          . . . . . . . . . f
          . . . . . . . . . .
          . . . c . . . . . .
          . . . . . . . . . .
          . . . . . . a . . .
          . . . . . . . . . .
          . I . . . . . . . A
          . . . . . . . . . .
          . . I . . . . . . .
          F . . . i . . . . .
        `),
      ),
    );
    expect(r.report.eliminated).toEqual([
      { square: 22, player: 0, kind: 'I', by: [23] },
      { square: 45, player: 0, kind: 'C', by: [46] },
      { square: 68, player: 1, kind: 'I', by: [69] },
    ]);
  });

  it('flags and artillery are never eliminated; infantry next to enemy infantry or a flag is safe', () => {
    const board = `
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . A a . . . .
      . . . . f F . . . .
      . . . . I i . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
    `;
    const r = resolveDiagram(board, none, none);
    expect(r.board).toBe(diagram(board));
    expect(r.report.eliminated).toEqual([]);
  });

  it('cavalry next to enemy cavalry or infantry is safe', () => {
    const board = `
      f . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . C c . . . .
      . . . . i I . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      F . . . . . . . . .
    `;
    const r = resolveDiagram(board, none, none);
    // the infantry are next to enemy cavalry and go; the cavalry stay.
    expect(r.report.eliminated.map((e) => [e.square, e.kind])).toEqual([
      [44, 'I'],
      [45, 'I'],
    ]);
    expect(r.board[34]).toBe('C');
    expect(r.board[35]).toBe('c');
  });

  it('the stage is judged all at once: a piece eliminated still eliminates its neighbours', () => {
    // Player 1's cavalry on 45 is next to enemy artillery 46 and is removed; the enemy infantry 44 beside it is
    // removed too, though the cavalry does not survive to the next round.
    const board = `
      f . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . i C a . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . I
      F . . . . . . . . .
    `;
    const r = resolveDiagram(board, none, none);
    expect(r.report.eliminated.map((e) => e.square)).toEqual([44, 45]);
  });

  it('the stage reads the capture stage result: a piece removed by capture eliminates nothing', () => {
    // Player 2's artillery on 46 is taken by cavalry 56→46; the infantry on 45 next to 46 stays.
    const board = `
      f . . . . . . . . i
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . I a . . .
      . . . . . . C . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      F . . . . . . . . .
    `;
    const r = resolveDiagram(board, [{ from: 56, to: 46 }], none);
    expect(r.board[45]).toBe('I');
    expect(r.board[46]).toBe('C');
    expect(r.report.eliminated).toEqual([]);
  });
});

describe('the end of the game', () => {
  const flagRace = `
    . . . . . f . . . .
    . . . . . . . . . .
    . . . . . I . . . .
    . . . . . . . . . .
    . . . . . . . . . .
    . . . . . . . . . .
    . . . . . . . . . .
    . . . . i . . . . .
    . . . . . . . . . .
    . . . . F . . . . .
  `;

  it('infantry taking the enemy flag wins', () => {
    const r = resolveDiagram(flagRace, [{ from: 25, to: 5 }], none);
    expect(r.outcome).toEqual({ kind: 'win', winner: 0, reason: 'flag-captured' });
  });

  it('…even when that infantry is eliminated in the second stage', () => {
    const board = diagram(flagRace).split('');
    board[6] = 'c'; // enemy cavalry next to the flag's square
    const r = resolveRoundWithReport(board.join(''), [[{ from: 25, to: 5 }], []], 1);
    expect(r.board[5]).toBe(EMPTY);
    expect(r.outcome).toEqual({ kind: 'win', winner: 0, reason: 'flag-captured' });
  });

  it('only infantry captures a flag: cavalry or artillery moving onto it is removed', () => {
    const board = diagram(flagRace).split('');
    board[25] = 'C';
    board[55] = 'I';
    const r = resolveRound(board.join(''), [[{ from: 25, to: 5 }], []], 1);
    expect(r.board[5]).toBe('f');
    expect(r.outcome).toBeUndefined();
  });

  it('tie: both flags captured in the same round', () => {
    const r = resolveDiagram(flagRace, [{ from: 25, to: 5 }], [{ from: 74, to: 94 }]);
    expect(r.outcome).toEqual({ kind: 'draw', reason: 'both-flags-captured' });
  });

  it('tie: one flag captures the other (the flags meet)', () => {
    // Player 1's flag moves onto Player 2's: like pieces, both removed.
    const r = resolveDiagram(
      `
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . f . . . .
      . . . . . . . . . i
      . . . . . F . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      I . . . . . . . . .
      . . . . . . . . . .
    `,
      [{ from: 55, to: 35 }],
      none,
    );
    expect(r.board[35]).toBe(EMPTY);
    expect(r.outcome).toEqual({ kind: 'draw', reason: 'flags-met' });
  });

  it('tie: both sides have lost all their infantry', () => {
    const r = resolveDiagram(
      `
      . . . . . . . . . f
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . I . . . . .
      . . . . i . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      F . . . . . . . . .
    `,
      [{ from: 44, to: 54 }],
      none,
    );
    expect(r.outcome).toEqual({ kind: 'draw', reason: 'no-infantry' });
  });

  it('one side without infantry is not the end', () => {
    const r = resolveDiagram(
      `
      . . . . . . . . . f
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . I . . . . .
      . . . . i . . . . I
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      F . . . . . . . . .
    `,
      [{ from: 44, to: 54 }],
      none,
    );
    expect(r.outcome).toBeUndefined();
  });

  const infantry = `
    . . . . . . . . . f
    . . . . . i i . . .
    . . . . . . . . . .
    . . . . . . . . . .
    . . . . . . . . . .
    . . . . . . . . . .
    . . . . . . . . . .
    . . . . . . . . . .
    . . . I I . . . . .
    F . . . . . . . . .
  `;
  it('round 50 with equal infantry is a tie; before round 50 the game goes on', () => {
    expect(resolveDiagram(infantry, none, none, 49).outcome).toBeUndefined();
    expect(resolveDiagram(infantry, none, none, 50).outcome).toEqual({ kind: 'draw', reason: 'round-limit' });
  });

  it('(ours) after round 50 the side with more infantry wins', () => {
    const more = diagram(infantry).split('');
    more[85] = 'I';
    expect(resolveRound(more.join(''), [[], []], 50).outcome).toEqual({
      kind: 'win',
      winner: 0,
      reason: 'round-limit',
    });
    more[85] = '.';
    more[17] = 'i';
    expect(resolveRound(more.join(''), [[], []], 50).outcome).toEqual({
      kind: 'win',
      winner: 1,
      reason: 'round-limit',
    });
  });

  it('a flag capture in round 50 wins outright, whatever the infantry count', () => {
    const board = diagram(flagRace).split('');
    board[15] = 'i';
    board[16] = 'i';
    expect(resolveRound(board.join(''), [[{ from: 25, to: 5 }], []], 50).outcome).toEqual({
      kind: 'win',
      winner: 0,
      reason: 'flag-captured',
    });
  });
});

describe('movement', () => {
  it('(ours) a move is a leap: a piece on the square in between does not block it', () => {
    const r = resolveDiagram(
      `
      . . . . . . . . . f
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . i . . . .
      . . . . . I . . . .
      . . . . . . . . . .
      F . . . . . . . . .
    `,
      [{ from: 75, to: 55 }],
      none,
    );
    expect(r.board[55]).toBe('I');
    expect(r.board[65]).toBe('i');
    expect(r.board[75]).toBe(EMPTY);
  });

  it('chain moves resolve as one line: each piece into the square the next one leaves', () => {
    const r = resolveDiagram(
      `
      . . . . . . . . . f
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . I I I . . .
      . . . . . . . . . .
      . . . . . . . . . i
      . . . . . . . . . .
      . . . . . . . . . .
      F . . . . . . . . .
    `,
      [
        { from: 46, to: 47 },
        { from: 45, to: 46 },
        { from: 44, to: 45 },
      ],
      none,
    );
    expect(r.board.slice(40, 50)).toBe('.....III..');
  });
});
