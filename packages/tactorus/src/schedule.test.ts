import { describe, expect, it } from 'vitest';
import { startingBoard } from './board.js';
import { playMove } from './game.js';
import { allowance, checkOrder, checkPiece, checkWithdraw, legalMovesOf } from './schedule.js';
import { BASIC_RULES, type Rules, type TactorusMove, type TactorusState } from './state.js';
import { stateOf } from './test-boards.js';
import { randomState, scheduleRandomly } from './test-rounds.js';
import { createRng } from '@tactica/core';

const CHAIN: Rules = { ...BASIC_RULES, chain: true };
const SUPPLY: Rules = { ...BASIC_RULES, supplyLines: true };
const HIGH: Rules = { ...BASIC_RULES, highGround: true };
const BOTH: Rules = { ...BASIC_RULES, supplyLines: true, highGround: true };

function order(s: TactorusState, player: 0 | 1, from: number, to: number): TactorusState {
  const problem = checkOrder(s, player, from, to);
  if (problem) throw new Error(`${from}-${to}: ${problem.code} ${problem.message}`);
  return playMove(s, { type: 'order', player, from, to });
}

function withdraw(s: TactorusState, player: 0 | 1, from: number): TactorusState {
  const problem = checkWithdraw(s, player, from);
  if (problem) throw new Error(`w${from}: ${problem.code}`);
  return playMove(s, { type: 'withdraw', player, from });
}

// Three Player 1 infantry in a line on 44 45 46, an enemy on 47.
const LINE = `
  . . . . . . . . . f
  . . . . . . . . . .
  . . . . . . . . . .
  . . . . . . . . . .
  . . . . I I I i . .
  . . . . . . . . . .
  . . . . . . . . . .
  . . . . . . . . . .
  . . . . . . . . . .
  F . . . . . . . . .
`;

describe('scheduling restrictions (manual, basic rule 4)', () => {
  it('a piece may not be ordered onto a square held now by one of its own pieces', () => {
    const s = stateOf(LINE);
    expect(checkOrder(s, 0, 44, 45)?.code).toBe('order/own-square');
    expect(checkOrder(s, 0, 44, 46)?.code).toBe('order/own-square');
  });

  it('…even when that piece is ordered away, unless Chain moves are on', () => {
    const s = order(stateOf(LINE), 0, 46, 36);
    expect(checkOrder(s, 0, 45, 46)?.code).toBe('order/own-square');
  });

  it('a piece may not be ordered onto a square already scheduled for one of its own pieces', () => {
    const s = order(stateOf(LINE), 0, 44, 34);
    expect(checkOrder(s, 0, 45, 34)?.code).toBe('order/square-taken');
  });

  it('an enemy square may be ordered into: the pieces will meet', () => {
    expect(checkOrder(stateOf(LINE), 0, 46, 47)).toBeUndefined();
  });

  it('each piece has at most one order; only own pieces can be ordered; targets are 1–2 squares in a line', () => {
    const s = order(stateOf(LINE), 0, 44, 34);
    expect(checkOrder(s, 0, 44, 33)?.code).toBe('order/already-ordered');
    expect(checkOrder(s, 0, 47, 48)?.code).toBe('order/not-your-piece');
    expect(checkOrder(s, 0, 50, 51)?.code).toBe('order/not-your-piece');
    expect(checkOrder(s, 0, 45, 66)?.code).toBe('order/out-of-reach'); // knight's jump
    expect(checkOrder(s, 0, 45, 75)?.code).toBe('order/out-of-reach'); // three squares
    expect(checkOrder(s, 0, 45, 100)?.code).toBe('order/bad-square');
  });

  it('a player who pressed Next cannot schedule more, and nobody can once the game is over', () => {
    let s = playMove(stateOf(LINE), { type: 'done', player: 0 });
    expect(checkOrder(s, 0, 44, 34)?.code).toBe('order/committed');
    expect(legalMovesOf(s, 0)).toEqual([]);
    expect(checkOrder(s, 1, 47, 48)).toBeUndefined();
    s = { ...s, ended: { kind: 'draw', reason: 'agreed' } };
    expect(checkOrder(s, 1, 47, 48)?.code).toBe('order/game-over');
  });
});

describe('Chain moves (alteration 1, Tactorus 3.1 item 1)', () => {
  it('three or more pieces may move in a line: each into the square the one ahead leaves', () => {
    let s = stateOf(LINE, CHAIN);
    expect(checkOrder(s, 0, 45, 46)?.code).toBe('order/own-square'); // 46 is not ordered away yet
    s = order(s, 0, 46, 36);
    s = order(s, 0, 45, 46);
    s = order(s, 0, 44, 45);
    expect(s.orders[0]).toEqual([
      { from: 46, to: 36 },
      { from: 45, to: 46 },
      { from: 44, to: 45 },
    ]);
  });

  it('a square scheduled to be occupied next round is still refused', () => {
    let s = order(stateOf(LINE, CHAIN), 0, 46, 36);
    s = order(s, 0, 45, 46);
    expect(checkOrder(s, 0, 44, 46)?.code).toBe('order/square-taken');
  });

  it('an order another order depends on can be withdrawn only after that one', () => {
    let s = stateOf(LINE, CHAIN);
    s = order(s, 0, 46, 36);
    s = order(s, 0, 45, 46);
    s = order(s, 0, 44, 45);
    expect(checkWithdraw(s, 0, 46)?.code).toBe('withdraw/depended-on');
    expect(checkWithdraw(s, 0, 45)?.code).toBe('withdraw/depended-on');
    s = withdraw(s, 0, 44);
    expect(checkWithdraw(s, 0, 46)?.code).toBe('withdraw/depended-on');
    s = withdraw(s, 0, 45);
    s = withdraw(s, 0, 46);
    expect(s.orders[0]).toEqual([]);
  });

  it('the withdrawals on offer are exactly the orders nothing depends on', () => {
    let s = stateOf(LINE, CHAIN);
    s = order(s, 0, 46, 36);
    s = order(s, 0, 45, 46);
    s = order(s, 0, 44, 34);
    const withdrawals = legalMovesOf(s, 0)
      .filter((m) => m.type === 'withdraw')
      .map((m) => m.from);
    expect(withdrawals).toEqual([45, 44]);
    expect(checkWithdraw(s, 0, 55)?.code).toBe('withdraw/no-order');
  });

  it('two pieces cannot swap squares (each would need the other to be ordered first)', () => {
    let s = stateOf(LINE, CHAIN);
    s = order(s, 0, 45, 35);
    s = order(s, 0, 44, 45);
    // 45's piece already has an order; 44 cannot be the target of a second one.
    expect(checkOrder(s, 0, 45, 44)?.code).toBe('order/already-ordered');
  });
});

describe('orders per round (alterations 2, 3, 5 and 6)', () => {
  // Player 2 (top) holds three of Player 1's home-row squares; Player 1 holds five centre squares.
  const PRESSED = `
    . . . . . . . . . f
    . . . . . . . . . .
    . . . . . . . . . .
    . . . I I . . . . .
    . . . . . . I . . .
    . . . . . I . . . .
    . . . I . . . . . .
    . . . . . . . . . .
    I I I I I I I I I I
    F c . a . . i . . C
  `;
  it.each([
    ['basic: every piece may move', BASIC_RULES, 17],
    ['Supply Lines: 10 − 2 per home-row square held by the enemy', SUPPLY, 4],
    ['High Ground: 10 + 1 per centre square held', HIGH, 15],
    ['both: 10 − 6 + 5', BOTH, 9],
  ])('%s', (_name, rules, p1) => {
    const board = stateOf(PRESSED, rules).board;
    expect(allowance(board, rules, 0)).toBe(p1);
    // Player 2 has only 4 pieces: the allowance never exceeds a player's pieces.
    expect(allowance(board, rules, 1)).toBe(4);
  });

  it('at least one order a round, however many supply squares are lost', () => {
    const board = stateOf(`
      . . . . . . . . . f
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      . . . . . . . . . .
      I . . . . . . . . .
      F i i i i i i . . .
    `).board;
    expect(allowance(board, SUPPLY, 0)).toBe(1);
    expect(allowance(board, BOTH, 0)).toBe(1);
  });

  it('with both alterations the range is 1 to 26 (all 16 High Ground squares, supply lines free)', () => {
    const board = stateOf(`
      . . . . . . . . . f
      . . . . . . . . . .
      . . . . . . . . . .
      . . . I I I I . . .
      . . . I I I I . . .
      . . . I I I I . . .
      . . . I I I I . . .
      . . . . . . . . . .
      I I I I I I I I I I
      F C C C C C C C C C
    `).board;
    expect(allowance(board, BOTH, 0)).toBe(26);
    expect(allowance(board, HIGH, 0)).toBe(26);
  });

  it('once the allowance is used up, no further order is legal; withdrawing frees a slot', () => {
    // Player 1: 4 orders allowed (10 − 2·3).
    let s = stateOf(PRESSED, SUPPLY);
    s = order(s, 0, 80, 70);
    s = order(s, 0, 81, 71);
    s = order(s, 0, 82, 72);
    s = order(s, 0, 83, 73);
    expect(checkOrder(s, 0, 84, 74)?.code).toBe('order/allowance');
    expect(legalMovesOf(s, 0).some((m) => m.type === 'order')).toBe(false);
    s = withdraw(s, 0, 81);
    expect(checkOrder(s, 0, 84, 74)).toBeUndefined();
  });

  it('the allowance is counted on the position at the start of the round', () => {
    // Ordering a piece onto the High Ground does not raise this round's allowance.
    const s = stateOf(PRESSED, HIGH);
    const before = allowance(s.board, HIGH, 0);
    const after = order(s, 0, 86, 66);
    expect(allowance(after.board, HIGH, 0)).toBe(before);
  });
});

describe('the legal moves of a player', () => {
  it('at the start: 54 infantry orders, 26 back-row orders over them, and done', () => {
    const s = { ...stateOf(LINE), board: startingBoard() };
    const moves = legalMovesOf(s, 0);
    const count = (t: TactorusMove['type']): number => moves.filter((m) => m.type === t).length;
    expect([count('order'), count('withdraw'), count('done')]).toEqual([80, 0, 1]);
    expect(legalMovesOf(s, 1).length).toBe(81);
  });

  it('every enumerated order passes the check, and every order that passes is enumerated', () => {
    let s = stateOf(LINE, CHAIN);
    s = order(s, 0, 46, 36);
    const listed = new Set(
      legalMovesOf(s, 0)
        .filter((m) => m.type === 'order')
        .map((m) => (m.type === 'order' ? `${m.from}-${m.to}` : '')),
    );
    for (let from = 0; from < 100; from++) {
      for (let to = 0; to < 100; to++) {
        expect(listed.has(`${from}-${to}`)).toBe(checkOrder(s, 0, from, to) === undefined);
      }
    }
  });
});

describe('whether a piece can take an order at all (checkPiece)', () => {
  it("refuses, with checkOrder's own codes, what no target could change: not yours, ordered, allowance, done", () => {
    const s = stateOf(LINE);
    expect(checkPiece(s, 0, 44)).toBeUndefined();
    expect(checkPiece(s, 0, 47)?.code).toBe('order/not-your-piece');
    expect(checkPiece(s, 0, 50)?.code).toBe('order/not-your-piece');
    expect(checkPiece(s, 0, 100)?.code).toBe('order/bad-square');
    const ordered = order(s, 0, 44, 34);
    expect(checkPiece(ordered, 0, 44)?.code).toBe('order/already-ordered');
    expect(checkPiece(playMove(s, { type: 'done', player: 0 }), 0, 44)?.code).toBe('order/committed');
    // Supply Lines with three home-row squares lost: 4 orders, then no piece may take one.
    let pressed = stateOf(LINE.replace('F . . . . . . . . .', 'F i i i . . . . . .'), SUPPLY);
    expect(allowance(pressed.board, SUPPLY, 0)).toBe(4);
    for (const [from, to] of [
      [44, 34],
      [45, 35],
      [46, 36],
      [90, 80],
    ] as const)
      pressed = order(pressed, 0, from, to);
    expect(checkPiece(pressed, 0, 90)?.code).toBe('order/already-ordered');
    expect(
      checkPiece(stateOf(LINE.replace('F . . . . . . . . .', 'F i i i i . . . . .'), SUPPLY), 0, 44),
    ).toBeUndefined();
  });

  it('over random positions: a piece with a legal order passes; a piece refused has no legal order at all', () => {
    const rng = createRng('checkPiece');
    const wrong: string[] = [];
    let refused = 0;
    for (let i = 0; i < 120; i++) {
      const p = rng.int(2) as 0 | 1;
      const s = scheduleRandomly(rng, randomState(rng), p);
      const ordersFrom = new Set(legalMovesOf(s, p).flatMap((m) => (m.type === 'order' ? [m.from] : [])));
      for (let from = 0; from < 100; from++) {
        const piece = checkPiece(s, p, from);
        if (ordersFrom.has(from) && piece) wrong.push(`${i}: ${from} has an order but ${piece.code}`);
        if (!piece) continue;
        refused++;
        // No order of the piece is legal, and but for the allowance (checked after the target) the reason is the same.
        for (let to = 0; to < 100; to++) {
          const why = checkOrder(s, p, from, to);
          if (!why || (piece.code !== 'order/allowance' && why.code !== piece.code)) {
            wrong.push(`${i}: ${from}-${to} ${why?.code ?? 'legal'} but the piece ${piece.code}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(refused).toBeGreaterThan(1000);
  });
});
