import { createRng, perftGeneric, unwrap } from '@tactica/core';
import { describe, expect, it } from 'vitest';
import { legalMoves, outcomeOfState, parseMove, play, purchaseRefusal, tactrix } from './game.js';
import { formatMove } from './notation.js';
import { parseSquare, squareName } from './pieces.js';
import type { TactrixState } from './state.js';
import { fromAscii, position, sortedSquares } from './test-setup.js';
import { tutor } from './tutor.js';

/** Destinations of the piece on `square`, as sorted square names. */
function dests(s: TactrixState, square: string): string[] {
  return sortedSquares(unwrap(tutor(s, square)).moves.map((m) => m.to));
}

function playText(s: TactrixState, ...moves: string[]): TactrixState {
  for (const m of moves) s = unwrap(tactrix.tryPlay(s, m));
  return s;
}

function errorCode(s: TactrixState, text: string): string | undefined {
  const r = parseMove(s, text);
  return r.ok ? undefined : r.error.code;
}

describe('wrapnoid sideways moves wrap round both edges', () => {
  it('at the left edge: the skipped square is j5, landings i5, h5, g5; right: c5, d5, e5', () => {
    const s = fromAscii(`
      .........k
      ..........
      ..........
      ..........
      ..........
      W.........
      ..........
      ..........
      ..........
      .........K`);
    expect(dests(s, 'a5')).toEqual(['a4', 'b4', 'c5', 'd5', 'e5', 'g5', 'h5', 'i5', 'a6', 'b6']);
  });

  it('at the right edge: the skipped square is a5 (whatever stands there), landings b5, c5, d5', () => {
    const s = fromAscii(`
      .........k
      ..........
      ..........
      ..........
      ..........
      N........W
      ..........
      ..........
      ..........
      .........K`);
    expect(dests(s, 'j5')).toEqual(['i4', 'j4', 'b5', 'c5', 'd5', 'f5', 'g5', 'h5', 'i6', 'j6']);
  });

  it('the first occupied landing square stops the slide: an own piece blocks, an enemy is captured', () => {
    //   j5 wraps: skip a5, land b5 (empty), c5 own jumpnar blocks.  Left: skip i5, h5 enemy: captured, slide ends.
    const s = fromAscii(`
      .........k
      ..........
      ..........
      ..........
      ..........
      ..N....n.W
      ..........
      ..........
      ..........
      .........K`);
    expect(dests(s, 'j5')).toEqual(['i4', 'j4', 'b5', 'h5', 'i6', 'j6']);
    expect(legalMoves(s).map((m) => formatMove(s, m))).toContain('j5xh5');
  });

  it('an own piece on the landing square two away blocks that side entirely', () => {
    const s = fromAscii(`
      .........k
      ..........
      ..........
      ..........
      ..........
      ..N.W.N...
      ..........
      ..........
      ..........
      .........K`);
    expect(dests(s, 'e5')).toEqual(['d4', 'e4', 'f4', 'd6', 'e6', 'f6']);
  });
});

describe('jerk', () => {
  it('steps forward only onto an empty square; never captures straight ahead by stepping', () => {
    const s = position({ e4: 'J', e5: 'n', a1: 'K', j10: 'k' });
    expect(dests(s, 'e4')).toEqual([]);
    const black = position({ e7: 'j', e6: 'N', a1: 'K', j10: 'k' }, { turn: 1 });
    expect(dests(black, 'e7')).toEqual([]);
  });

  it('captures two squares away forwards, backwards and sideways, never moving two squares to an empty one', () => {
    const s = position({ e4: 'J', e6: 'n', e2: 'n', c4: 'n', g4: 'n', e5: 'N', f4: 'n', a1: 'K', j10: 'k' });
    expect(dests(s, 'e4')).toEqual(['e2', 'c4', 'g4', 'e6']);
    const empty = position({ e4: 'J', a1: 'K', j10: 'k' });
    expect(dests(empty, 'e4')).toEqual(['e5']);
  });

  it('Black jerks move down the board (forward is towards the opponent)', () => {
    const s = position({ e7: 'j', a1: 'K', j10: 'k' }, { turn: 1 });
    expect(dests(s, 'e7')).toEqual(['e6']);
  });

  it('earns 25 chips and leaves the board on reaching the far row by a move', () => {
    const s = position({ e9: 'J', a1: 'K', j8: 'k' }, { chips: [] });
    const after = playText(s, 'e9-e10');
    expect(after.board[parseSquare('e10')]).toBe(0);
    expect(after.board[parseSquare('e9')]).toBe(0);
    expect(after.balance).toEqual([25, 0]);
    expect(after.clock).toBe(0);
  });

  it('earns 25 chips and leaves the board on reaching the far row by a capture', () => {
    const s = position({ e8: 'J', e10: 'v', a1: 'K', j8: 'k' }, { chips: [] });
    const after = playText(s, 'e8xe10');
    expect(after.board[parseSquare('e10')]).toBe(0);
    expect(after.balance).toEqual([25, 0]);
    expect(after.board.filter((p) => p !== 0)).toHaveLength(2);
  });

  it('a Black jerk reaching rank 1 earns Black the bonus; capturing the king there also wins', () => {
    const s = position({ e3: 'j', e1: 'K', a10: 'k' }, { turn: 1, chips: [] });
    const after = playText(s, 'e3xe1');
    expect(after.balance).toEqual([0, 25]);
    expect(outcomeOfState(after)).toEqual({ kind: 'win', winner: 1, reason: 'king-captured' });
  });

  it('never stands on its far row: position text refuses one there', () => {
    expect(tactrix.parsePosition('J........k/' + '........../'.repeat(8) + 'K......... w 0 0 0 1')).toMatchObject({
      ok: false,
      error: { code: 'position/jerk-far-row' },
    });
  });
});

describe('regeneroid stays in its own half', () => {
  it("White's regeneroid on rank 5 cannot step onto rank 6", () => {
    const s = position({ e5: 'R', a1: 'K', j10: 'k' });
    expect(dests(s, 'e5')).toEqual(['d4', 'e4', 'f4', 'd5', 'f5']);
  });
  it("Black's regeneroid on rank 6 cannot step onto rank 5, and captures within its half", () => {
    const s = position({ e6: 'r', f7: 'N', a1: 'K', j10: 'k' }, { turn: 1 });
    expect(dests(s, 'e6')).toEqual(['d6', 'f6', 'd7', 'e7', 'f7']);
  });
  it('position text refuses a regeneroid outside its half', () => {
    const r = tactrix.parsePosition(
      '.........k/' + '........../'.repeat(3) + '....R...../' + '........../'.repeat(4) + 'K......... w 0 0 0 1',
    );
    expect(r).toMatchObject({ ok: false, error: { code: 'position/regeneroid-half' } });
  });
});

describe('buying', () => {
  const base = { e3: 'R', a1: 'K', j10: 'k', d4: 'n', f2: 'J' } as const;

  it('offers every affordable piece on every empty or enemy neighbour of the regeneroid, nothing else', () => {
    const s = position(base, { balance: [9, 0] });
    const buys = legalMoves(s)
      .filter((m) => m.kind === 'buy')
      .map((m) => formatMove(s, m));
    const squares = ['d2', 'e2', 'd3', 'f3', 'd4', 'e4', 'f4']; // f2 holds our own jerk
    expect(buys.sort()).toEqual(['J', 'N', 'W'].flatMap((p) => squares.map((q) => `buy ${p}@${q}`)).sort());
  });

  it('is a whole turn: pays the cost, places the piece, collects the chips on its square, passes the move', () => {
    const s = position(base, { balance: [9, 0] });
    const after = playText(s, 'buy N@e4');
    expect(after.turn).toBe(1);
    expect(after.board[parseSquare('e4')]).toBe(2);
    expect(after.balance).toEqual([9 - 6 + 1, 0]);
    expect(after.chips[parseSquare('e4')]).toBe(0);
    expect(after.clock).toBe(0);
  });

  it('captures by placement on an enemy piece', () => {
    const s = position(base, { balance: [3, 0] });
    const after = playText(s, 'buy J@d4');
    expect(after.board[parseSquare('d4')]).toBe(1);
    expect(after.balance).toEqual([0, 0]);
  });

  it('placing on the enemy king captures it and wins', () => {
    const s = position({ e3: 'R', a1: 'K', e4: 'k' }, { balance: [3, 0] });
    expect(outcomeOfState(playText(s, 'buy J@e4'))).toEqual({ kind: 'win', winner: 0, reason: 'king-captured' });
  });

  it('a bought jerk faces the opponent', () => {
    const s = position({ e7: 'r', a1: 'K', j10: 'k' }, { turn: 1, balance: [0, 3] });
    const after = playText(s, 'buy J@e6', 'a1-a2');
    expect(dests(after, 'e6')).toEqual(['e5']);
  });

  it.each([
    ['buy J@e5', 'move/not-next-to-regeneroid'],
    ['buy J@f2', 'move/square-taken'],
    ['buy D@e4', 'move/cannot-afford'],
    ['buy K@e4', 'move/not-for-sale'],
    ['buy R@e4', 'move/not-for-sale'],
    ['buy Q@e4', 'move/unknown-piece'],
    ['buy J@k4', 'move/bad-square'],
  ])('refuses %s with %s', (text, code) => {
    expect(errorCode(position(base, { balance: [9, 0] }), text)).toBe(code);
  });

  it('without a regeneroid there is no buying, whatever the chips', () => {
    const s = position({ a1: 'K', j10: 'k' }, { balance: [100, 0] });
    expect(legalMoves(s).some((m) => m.kind === 'buy')).toBe(false);
    expect(errorCode(s, 'buy J@a2')).toBe('move/no-regeneroid');
  });

  it('purchaseRefusal gives the reason parseMove gives, and undefined exactly for the legal purchases', () => {
    const s = position(base, { balance: [9, 0] });
    const legal = new Set(
      legalMoves(s)
        .filter((m) => m.kind === 'buy')
        .map((m) => formatMove(s, m)),
    );
    for (let type = 1; type <= 7; type++) {
      for (let to = 0; to < 100; to++) {
        const text = `buy ${'JNWVDRK'[type - 1]}@${squareName(to)}`;
        const why = purchaseRefusal(s, type, to);
        expect(why === undefined).toBe(legal.has(text));
        expect(why?.code).toBe(errorCode(s, text));
      }
    }
    expect(purchaseRefusal(s, 3)).toBeUndefined();
    expect(purchaseRefusal(s, 4)?.code).toBe('move/cannot-afford');
    expect(purchaseRefusal(s, 7)?.code).toBe('move/not-for-sale');
    expect(purchaseRefusal(s, 8)?.code).toBe('move/unknown-piece');
    expect(purchaseRefusal(s, 1, 100)?.code).toBe('move/bad-square');
    expect(purchaseRefusal(tactrix.resign(s, 0), 1)?.code).toBe('move/game-over');
  });

  it('purchaseRefusal: a regeneroid hemmed in by its own pieces leaves nowhere to place one', () => {
    //  e1 regeneroid, all five neighbours its own: d1 d2 e2 f2 f1.
    const s = position({ e1: 'R', d1: 'N', d2: 'J', e2: 'J', f2: 'J', f1: 'K', j10: 'k' }, { balance: [20, 0] });
    expect(legalMoves(s).some((m) => m.kind === 'buy')).toBe(false);
    const why = purchaseRefusal(s, 1);
    expect(why?.code).toBe('move/no-free-square');
    expect(why?.message).toContain('e1');
  });

  it('the initial position offers no purchase (no chips yet)', () => {
    expect(legalMoves(tactrix.initial()).some((m) => m.kind === 'buy')).toBe(false);
  });
});

describe('chips', () => {
  it('arriving collects the chip; the square stays empty of chips after the piece leaves', () => {
    const s = position({ e2: 'J', a1: 'K', j10: 'k' });
    const after = playText(s, 'e2-e3', 'j10-j9', 'e3-e4');
    expect(after.balance).toEqual([2, 1]);
    expect(after.chips[parseSquare('e3')]).toBe(0);
    expect(after.chips[parseSquare('e2')]).toBe(0);
    expect(after.chips[parseSquare('e5')]).toBe(1);
  });

  it('squares slid over or jumped keep their chips', () => {
    const s = position({ a1: 'V', b1: 'N', c1: 'K', j10: 'k' });
    const after = playText(s, 'a1-a5', 'j10-j9', 'b1-c3');
    expect(after.balance).toEqual([2, 1]);
    for (const sq of ['a2', 'a3', 'a4', 'b2', 'b3', 'c2']) expect(after.chips[parseSquare(sq)]).toBe(1);
  });

  it('random games conserve chips: on the board + held + spent - jerk bonuses = the 60 at the start', () => {
    const rng = createRng(7);
    for (let g = 0; g < 12; g++) {
      let s = tactrix.initial();
      let spent = 0;
      let bonuses = 0;
      for (let ply = 0; ply < 160 && !outcomeOfState(s); ply++) {
        const m = rng.pick(legalMoves(s));
        if (m.kind === 'buy') spent += [0, 3, 6, 9, 12, 15][m.piece] as number;
        const before = s.board.filter((p) => Math.abs(p) === 1).length;
        const next = play(s, m);
        const after = next.board.filter((p) => Math.abs(p) === 1).length;
        const capturedJerk = m.kind === 'move' && Math.abs(s.board[m.to] as number) === 1 ? 1 : 0;
        if (m.kind === 'move' && Math.abs(s.board[m.from] as number) === 1 && after === before - 1 - capturedJerk)
          bonuses++;
        s = next;
        const onBoard = s.chips.reduce((a, b) => a + b, 0);
        expect(onBoard + s.balance[0] + s.balance[1] + spent - 25 * bonuses).toBe(60);
        s.board.forEach((p, sq) => {
          if (p !== 0) expect(s.chips[sq]).toBe(0);
        });
      }
    }
  });
});

describe('end of the game', () => {
  it('capturing the king wins', () => {
    const s = position({ a1: 'V', a8: 'k', j1: 'K' }, { chips: [] });
    const after = playText(s, 'a1xa8');
    expect(outcomeOfState(after)).toEqual({ kind: 'win', winner: 0, reason: 'king-captured' });
    expect(tactrix.toMove(after)).toEqual([]);
    expect(legalMoves(after)).toEqual([]);
  });

  it('a side with no legal move and no affordable purchase loses', () => {
    // White's whole army is jammed against Black's back row; White has no regeneroid.
    const s = fromAscii(`
      KVVVVVVVVV
      JJJJJJJJJJ
      ..........
      ..........
      ..........
      ..........
      ..........
      ..........
      ..........
      k.........`);
    expect(legalMoves(s)).toEqual([]);
    expect(outcomeOfState(s)).toEqual({ kind: 'win', winner: 1, reason: 'no-moves' });
  });

  it('a jammed side that can afford a purchase is not lost: buying is its only move; one chip short, it loses', () => {
    // The regeneroid on e5 cannot step onto rank 6, but a bought piece may be placed there, capturing.
    const art = `
      .........k
      ..........
      ..........
      ..........
      nnnnnnnnnn
      JJJJRJJJJJ
      VVVVVVVVVV
      VVVVVVVVVV
      VVVVVVVVVV
      VVVVKVVVVV`;
    const rich = fromAscii(art, { balance: [3, 0] });
    expect(legalMoves(rich).map((m) => formatMove(rich, m))).toEqual(['buy J@d6', 'buy J@e6', 'buy J@f6']);
    expect(outcomeOfState(rich)).toBeUndefined();
    const poor = fromAscii(art, { balance: [2, 0] });
    expect(legalMoves(poor)).toEqual([]);
    expect(outcomeOfState(poor)).toEqual({ kind: 'win', winner: 1, reason: 'no-moves' });
  });

  it('threefold repetition draws', () => {
    const s = position({ a1: 'K', j10: 'k' }, { chips: [] });
    const shuffle = ['a1-a2', 'j10-j9', 'a2-a1', 'j9-j10'];
    const twice = playText(s, ...shuffle);
    expect(outcomeOfState(twice)).toBeUndefined();
    const thrice = playText(twice, ...shuffle);
    expect(outcomeOfState(thrice)).toEqual({ kind: 'draw', reason: 'threefold' });
    expect(legalMoves(thrice)).toEqual([]);
  });

  it('100 plies without capture, chip collection or purchase draw', () => {
    const s = position({ a1: 'K', j10: 'k' }, { chips: [], clock: 99 });
    expect(outcomeOfState(s)).toBeUndefined();
    expect(outcomeOfState(playText(s, 'a1-a2'))).toEqual({ kind: 'draw', reason: 'no-progress' });
  });

  it('a chip collected restarts the count', () => {
    const s = position({ a1: 'K', j10: 'k' }, { chips: ['a2'], clock: 99 });
    const after = playText(s, 'a1-a2');
    expect(after.clock).toBe(0);
    expect(outcomeOfState(after)).toBeUndefined();
  });

  it('resignation and agreement end the game at once', () => {
    const s = tactrix.initial();
    expect(tactrix.outcome(tactrix.resign(s, 0))).toEqual({ kind: 'win', winner: 1, reason: 'resigned' });
    expect(tactrix.outcome(tactrix.agreeDraw(s))).toEqual({ kind: 'draw', reason: 'agreed' });
    expect(tactrix.legalMoves(tactrix.resign(s, 1))).toEqual([]);
  });
});

describe('perft from the starting position', () => {
  // Our own counts (no published table exists): 14 first moves (10 jerk steps, 4 jumpnar leaps), no purchase.
  it.each([
    [1, 14],
    [2, 196],
    [3, 3444],
    [4, 60514],
  ])('depth %i: %i nodes', (depth, nodes) => {
    expect(tactrix.perft?.(tactrix.initial(), depth)).toBe(nodes);
  });

  it('the make/unmake perft agrees with the generic walk over the immutable API at depth 3', () => {
    expect(perftGeneric(tactrix, tactrix.initial(), 3)).toBe(3444);
    const s = playText(tactrix.initial(), 'e2-e3', 'e9-e8', 'e3-e4', 'd9-d8', 'e4-e5', 'c9-c8');
    expect(tactrix.perft?.(s, 3)).toBe(perftGeneric(tactrix, s, 3));
  });

  it('after 1. e2-e3 e9-e8 White has 17 moves (10 jerk steps, 4 leaps, and wrapnoid, regeneroid, king to e2)', () => {
    const s = playText(tactrix.initial(), 'e2-e3', 'e9-e8');
    expect(
      legalMoves(s)
        .map((m) => formatMove(s, m))
        .sort(),
    ).toEqual(
      [
        'b1-a3',
        'b1-c3',
        'i1-h3',
        'i1-j3',
        'd1-e2',
        'e1-e2',
        'f1-e2',
        'a2-a3',
        'b2-b3',
        'c2-c3',
        'd2-d3',
        'f2-f3',
        'g2-g3',
        'h2-h3',
        'i2-i3',
        'j2-j3',
        'e3-e4',
      ].sort(),
    );
  });
});
