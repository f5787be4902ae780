import { unwrap } from '@tactica/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distance, isHomeRank, parseSquare } from './board.js';
import { force400 } from './game.js';
import { formatPosition } from './position-text.js';
import { clampForce, combat, forceAfterTransfer, transferReceived } from './rules.js';
import { mayRecharge, type Force400State, type Man } from './state.js';
import { positions } from './test-arbitraries.js';
import { fromDiagram } from './test-board.js';

function play(s: Force400State, ...texts: string[]): Force400State {
  let t = s;
  for (const text of texts) t = unwrap(force400.tryPlay(t, text));
  return t;
}

function at(s: Force400State, name: string): Man | null {
  const sq = parseSquare(name);
  if (sq === undefined) throw new Error(name);
  return s.board[sq] ?? null;
}

function refused(s: Force400State, text: string): string | undefined {
  const r = force400.parseMove(s, text);
  return r.ok ? undefined : r.error.code;
}

// A quiet middle game: White's king on H9, Black's on C0, and men to fight with in the middle.
const arena = `
      A   B   C   D   E   F   G   H   I   J
  0   .   .  B10  .   .   .   .   .   .   .
  1   .   .   .   .   .   .   .   .   .   .
  2   .   .   .   .   .   .   .   .   .   .
  3   .   .   .   .   .   .   .   .   .   .
  4   .   .   .   .  b7   .   .   .   .   .
  5   .   .   .   .  w9   .   .   .   .   .
  6   .   .   .   .   .   .   .   .   .   .
  7   .   .   .   .  w12  .   .   .   .   .
  8   .   .   .   .   .   .   .   .   .   .
  9   .   .   .   .   .   .   .  W10  .   .
`;

describe('combat (manual, "Combat and capture")', () => {
  it("the stronger attacker takes the square, diminished by the loser's force", () => {
    const s = play(fromDiagram(arena), 'M E5-E4');
    expect(at(s, 'E5')).toBeNull();
    expect(at(s, 'E4')).toMatchObject({ side: 0, force: 2 });
  });

  it.each([
    // attacker, defender, attacker wins?, winner's force afterwards
    [9, 7, true, 2],
    [7, 9, false, 2],
    [8, 8, false, 0],
    [0, 0, false, 0],
    [5, 0, true, 5],
    [0, 5, false, 5],
    [99, 98, true, 1],
  ])('attacker %i against defender %i: attacker wins %s, winner keeps %i', (a, d, attackerWins, left) => {
    expect(combat(a, d)).toEqual({ attackerWins, winnerForce: left });
    const s = fromDiagram(arena.replace('b7 ', `b${d}`.padEnd(3)).replace('w9 ', `w${a}`.padEnd(3)));
    const after = play(s, 'M E5-E4');
    expect(at(after, 'E5')).toBeNull();
    expect(at(after, 'E4')).toMatchObject({ side: attackerWins ? 0 : 1, force: left });
  });

  it('equal force: the defender wins and keeps his square with nothing left', () => {
    //   E4 b7 ← E5 w7: tie, the defender survives at 0
    const s = play(fromDiagram(arena.replace('w9 ', 'w7 ')), 'M E5-E4');
    expect(at(s, 'E4')).toEqual({ side: 1, force: 0, king: false, wait: 0 });
    expect(at(s, 'E5')).toBeNull();
  });

  it('a zero-force man can be taken without cost', () => {
    const s = play(fromDiagram(arena.replace('b7 ', 'b0 ')), 'M E5-E4');
    expect(at(s, 'E4')).toMatchObject({ side: 0, force: 9 });
  });
});

describe('long and short moves (manual, "Men have two ways of moving")', () => {
  it('a short move costs nothing, in any of the eight directions', () => {
    for (const to of ['D4', 'F4', 'D5', 'F5', 'D6', 'E6', 'F6']) {
      expect(at(play(fromDiagram(arena), `M E5-${to}`), to)).toMatchObject({ force: 9 });
    }
  });

  it('a long move costs one unit even when it attacks nobody', () => {
    //   E5 w9 → A1 along the diagonal: 9 - 1 = 8
    expect(at(play(fromDiagram(arena), 'M E5-A1'), 'A1')).toMatchObject({ force: 8 });
    expect(at(play(fromDiagram(arena), 'M E5-J5'), 'J5')).toMatchObject({ force: 8 });
  });

  it('the long-move cost is deducted before combat and can turn a win into a loss', () => {
    //   E7 w8 attacks E4 b7 from three squares away (E6, E5 cleared): 8 - 1 = 7 against 7, the defender wins
    const s = fromDiagram(arena.replace('w9 ', '.  ').replace('w12', 'w8 '));
    const after = play(s, 'M E7-E4');
    expect(at(after, 'E7')).toBeNull();
    expect(at(after, 'E4')).toMatchObject({ side: 1, force: 0 });
    //   the same attacker one step away wins: 8 against 7
    const near = play(fromDiagram(arena.replace('w9 ', 'w8 ')), 'M E5-E4');
    expect(at(near, 'E4')).toMatchObject({ side: 0, force: 1 });
  });

  it('no man moves over or through another, and dogleg moves are illegal', () => {
    expect(refused(fromDiagram(arena), 'M E7-E3')).toBe('move/blocked');
    expect(refused(fromDiagram(arena), 'M E5-F7')).toBe('move/not-a-line');
    expect(refused(fromDiagram(arena), 'M E5-E7')).toBe('move/own-man');
  });

  it('a zero-force man makes short moves only, and may attack one step away', () => {
    const s = fromDiagram(arena.replace('w9 ', 'w0 '));
    expect(refused(s, 'M E5-H5')).toBe('move/zero-force');
    expect(refused(s, 'M E5-E3')).toBe('move/blocked');
    expect(refused(s, 'M E5-A1')).toBe('move/zero-force');
    expect(refused(s, 'M E5-D4')).toBeUndefined();
    expect(refused(s, 'M E5-E4')).toBeUndefined();
    const moves = force400.legalMoves(s).filter((m) => m.from === parseSquare('E5'));
    expect(moves.map((m) => force400.formatMove(s, m)).sort()).toEqual(
      ['M E5-D4', 'M E5-D5', 'M E5-D6', 'M E5-E4', 'M E5-E6', 'M E5-F4', 'M E5-F5', 'M E5-F6'].sort(),
    );
  });

  it('a man of force 1 may still make a long move, arriving with nothing', () => {
    expect(at(play(fromDiagram(arena.replace('w9 ', 'w1 ')), 'M E5-A1'), 'A1')).toMatchObject({ force: 0 });
  });
});

// White men one step from rank 0 and rank 9, to test recharge on both home ranks.
const edges = `
      A   B   C   D   E   F   G   H   I   J
  0   .   .  B10  .   .   .   .   .   b4  .
  1   .  w5   .   .   .   .   .   .   .  w20
  2   .   .   .   .   .   .   .   .   .   .
  3   .   .   .   .   .   .   .   .   .   .
  4   .   .   .   .   .   .   .   .   .   .
  5   .   .   .   .   .   .   .   .   .   .
  6   .   .   .   .   .   .   .   .   .   .
  7   .   .   .   .   .   .   .   .   .   .
  8   .   .   .   .  w6   .   .   .   .   .
  9   .   .   .   .   .   .   .  W10  .   .
`;

describe('recharge (manual, "Recharge"; rules/force400.md)', () => {
  it.each([
    ['onto the enemy home rank (0)', 'M B1-B0', 'B0', 15],
    ['onto his own home rank (9)', 'M E8-E9', 'E9', 16],
    ['by a long move, after paying for it', 'M E8-E2', 'E2', 5],
    ['by a long move onto rank 0', 'M E8-E0', 'E0', 15],
  ])('a man who never stood on rank 0 or 9 recharges +10 %s', (_name, move, to, force) => {
    expect(at(play(fromDiagram(edges), move), to)).toMatchObject({ force });
  });

  it('Black men recharge on both ranks too', () => {
    const s = fromDiagram(
      edges.replace(' .   .   .   .   .   .   .   .   .   .\n  6', ' .   .   .  b3   .   .   .   .   .   .\n  6'),
      {
        toMove: 1,
      },
    );
    // D5 b3 → D9 is long (3 - 1 = 2) and recharges to 12; D5 → D0 also recharges
    expect(at(play(s, 'M D5-D9'), 'D9')).toMatchObject({ side: 1, force: 12 });
    expect(at(play(s, 'M D5-D0'), 'D0')).toMatchObject({ side: 1, force: 12 });
  });

  it('the recharge comes after combat: he must survive, and the +10 does not help him fight', () => {
    //   B1 w5 attacks a Black b8 on B0: 5 < 8, he dies and gets nothing
    const weak = play(fromDiagram(edges.replace('  0   .   . ', '  0   .  b8 ')), 'M B1-B0');
    expect(at(weak, 'B0')).toMatchObject({ side: 1, force: 3 });
    //   J1 w20 attacks I0 b4: 20 - 4 = 16, then +10 = 26
    expect(at(play(fromDiagram(edges), 'M J1-I0'), 'I0')).toMatchObject({ side: 0, force: 26 });
  });

  it('the clamp at 99 applies after combat: 95 beating 5 on rank 0 ends at 99, not 94', () => {
    const s = fromDiagram(edges.replace('w20', 'w95').replace('b4 ', 'b5 '));
    expect(at(play(s, 'M J1-I0'), 'I0')).toMatchObject({ force: 99 });
  });

  it('defenders never recharge', () => {
    const s = fromDiagram(edges.replace('b4 ', 'b9 '));
    expect(at(play(s, 'M J1-I0'), 'I0')).toMatchObject({ side: 0, force: 21 });
    const defended = fromDiagram(edges.replace('b4 ', 'b30'));
    expect(at(play(defended, 'M J1-I0'), 'I0')).toMatchObject({ side: 1, force: 10 });
  });

  it('moving along rank 0 or 9, or from one straight to the other, never recharges', () => {
    const s = play(fromDiagram(edges), 'M B1-B0', 'M I0-I1');
    expect(at(s, 'B0')).toMatchObject({ force: 15 });
    expect(at(play(s, 'M B0-A0'), 'A0')).toMatchObject({ force: 15 });
    const file = `
      A   B   C   D   E   F   G   H   I   J
  0   .   .  B10  .   .   .   .   .   .   .
  1   .   .   .   .   .   .   .   .   .   .
  2   .   .   .   .   .   .   .   .   .   .
  3   .   .   .   .   .   .   .   .   .   .
  4   .   .   .   .   .   .   .   .   .   .
  5   .   .   .   .   .   .   .   .   .   .
  6   .   .   .   .   .   .   .   .   .   .
  7   .   .   .   .   .   .   .   .   .   .
  8   .   .   .   .   .   .   .   .   .   .
  9   .   .   .   .   .   .   .  W10  .  w10
`;
    // J9 → J0 the whole length of the file: pays 1, no recharge
    expect(at(play(fromDiagram(file), 'M J9-J0'), 'J0')).toMatchObject({ force: 9 });
  });

  it('three-turn clause: back on rank 0/9 within three of his turns gets nothing; on the third he recharges', () => {
    // Turn 10: E8 → E9 recharges (16). Turn 11: off to E8. Turns 12, 13: back is too soon; turn 14 is allowed.
    // He began turn 11 on rank 9 (L = 11): eligible on turn A when A - L >= 3.
    const black = ['M I0-I1', 'M I1-I0'];
    let s = play(fromDiagram(edges), 'M E8-E9');
    expect(at(s, 'E9')).toMatchObject({ force: 16 });
    s = play(s, black[0] as string, 'M E9-E8'); // turn 11: leaves rank 9
    expect(at(s, 'E8')).toMatchObject({ force: 16, wait: 2 });
    const soon12 = play(s, black[1] as string, 'M E8-E9'); // turn 12
    expect(at(soon12, 'E9')).toMatchObject({ force: 16 });
    s = play(s, black[1] as string, 'M E8-D8'); // turn 12, stays off
    expect(at(s, 'D8')).toMatchObject({ wait: 1 });
    const soon13 = play(s, black[0] as string, 'M D8-D9'); // turn 13
    expect(at(soon13, 'D9')).toMatchObject({ force: 16 });
    s = play(s, black[0] as string, 'M D8-C8'); // turn 13, stays off
    expect(at(s, 'C8')).toMatchObject({ wait: 0 });
    const ok14 = play(s, black[1] as string, 'M C8-C9'); // turn 14
    expect(at(ok14, 'C9')).toMatchObject({ force: 26 });
  });

  it('a man standing on rank 0/9 for several turns must still wait three turns after leaving', () => {
    // H9's neighbour I9 sits on rank 9 from the start; leaving on turn 10, he may recharge from turn 13.
    const s0 = fromDiagram(edges.replace('W10  .   .', 'W10 w10  .'));
    let s = play(s0, 'M I9-I8', 'M I0-I1');
    expect(at(s, 'I8')).toMatchObject({ wait: 2 });
    s = play(s, 'M I8-I7', 'M I1-I0', 'M I7-I8', 'M I0-I1');
    expect(at(play(s, 'M I8-I9'), 'I9')).toMatchObject({ force: 20 }); // turn 13
  });

  it('mayRecharge says which men would gain the +10 by stepping onto rank 0 or 9 now, as play does', () => {
    let checked = 0;
    fc.assert(
      fc.property(positions, (s) => {
        for (const a of force400.legalMoves(s)) {
          const man = s.board[a.from];
          // Moves onto an empty square of rank 0/9, by a man with room below the cap to show the +10.
          if (a.kind !== 'move' || !man || s.board[a.to] || !isHomeRank(a.to) || man.force > 80) continue;
          const paid = man.force - (distance(a.from, a.to) > 1 ? 1 : 0);
          const after = force400.play(s, a).board[a.to];
          expect(after?.force).toBe(mayRecharge(s, a.from) ? paid + 10 : paid);
          checked++;
        }
      }),
      { numRuns: 200 },
    );
    expect(checked).toBeGreaterThan(100);
    expect(mayRecharge(fromDiagram(edges), parseSquare('A4') ?? -1)).toBe(false); // an empty square
  });

  it('a recharge never takes a man over 99', () => {
    expect(at(play(fromDiagram(edges.replace('w6 ', 'w95')), 'M E8-E9'), 'E9')).toMatchObject({ force: 99 });
    expect(clampForce(105)).toBe(99);
  });
});

const transferBoard = `
      A   B   C   D   E   F   G   H   I   J
  0   .   .  B10  .   .   .   .   .   .   .
  1   .   .   .   .   .   .   .   .   .   .
  2   .   .   .   .   .   .   .   .   .   .
  3   .   .   .   .   .   .   .   .   .   .
  4   .   .   .   .  b5   .   .   .   .   .
  5   .   .   .   .   .   .   .   .   .   .
  6   .   .   .   .   .   .   .   .   .   .
  7   .   .   .   .   .   .   .   .   .   .
  8   .   .   .   .  w0   .   .   .   .   .
  9   .   .   .   .  w99  .   .  W10  .   .
`;

describe('transfers (manual, "Transfers")', () => {
  it('every amount 1–99 loses one unit in five, rounded against the sender: n - ceil(n/5)', () => {
    for (let n = 1; n <= 99; n++) {
      const s = play(fromDiagram(transferBoard), `T E9-E8 ${n}`);
      expect(at(s, 'E9')?.force).toBe(99 - n);
      expect(at(s, 'E8')?.force).toBe(n - Math.ceil(n / 5));
      expect(transferReceived(n)).toBe(n - Math.ceil(n / 5));
    }
    expect([1, 5, 6, 10, 16, 20].map(transferReceived)).toEqual([0, 4, 4, 8, 12, 16]);
  });

  it('what arrives is clamped at 99', () => {
    const s = play(fromDiagram(transferBoard.replace('w0 ', 'w95')), 'T E9-E8 10');
    expect(at(s, 'E8')?.force).toBe(99);
    expect(at(s, 'E9')?.force).toBe(89);
  });

  it("forceAfterTransfer is the receiver's force as play leaves it, for every receiver and amount", () => {
    for (const receiver of [0, 1, 50, 90, 99]) {
      const s = fromDiagram(transferBoard.replace('w0 ', `w${receiver}`.padEnd(3)));
      for (let n = 1; n <= 99; n++) {
        expect(at(play(s, `T E9-E8 ${n}`), 'E8')?.force).toBe(forceAfterTransfer(receiver, n));
      }
    }
  });

  it('the line must be direct and clear, as for a move of the sender, and the receiver one of his own', () => {
    const s = fromDiagram(transferBoard);
    expect(refused(s, 'T E9-H9 5')).toBeUndefined();
    expect(refused(s, 'T E9-E4 5')).toBe('move/blocked');
    expect(refused(s, 'T E8-E4 0')).toBe('move/enemy-receiver');
    expect(refused(s, 'T E9-F7 5')).toBe('move/not-a-line');
    expect(refused(s, 'T E9-F9 5')).toBe('move/no-receiver');
    expect(refused(s, 'T E8-E9 1')).toBe('move/too-much');
    expect(refused(s, 'T E9-E8 0')).toBe('move/bad-amount');
    expect(refused(s, 'T E9-E8')).toBe('move/missing-amount');
  });

  it('a transfer over a long line costs the sender nothing beyond the units sent', () => {
    const s = play(fromDiagram(transferBoard), 'T E9-H9 20');
    expect(at(s, 'E9')?.force).toBe(79);
    expect(at(s, 'H9')?.force).toBe(26);
  });
});

describe('abdication (manual, "Abdications")', () => {
  it('passes the crown along a clear line; the old king pays 2', () => {
    const s = play(fromDiagram(transferBoard), 'X H9-E9');
    expect(at(s, 'H9')).toMatchObject({ king: false, force: 8 });
    expect(at(s, 'E9')).toMatchObject({ king: true, force: 99 });
    const action = { kind: 'abdicate', from: parseSquare('H9') ?? -1, to: parseSquare('E9') ?? -1, amount: 0 } as const;
    expect(force400.formatMove(fromDiagram(transferBoard), action)).toBe('S H9-E9');
  });

  it('a zero-force man may receive the crown; a king of force 2 may abdicate, of force 1 may not', () => {
    const crown = `
      A   B   C   D   E   F   G   H   I   J
  0   .   .  B10  .   .   .   .   .   .   .
  1   .   .   .   .   .   .   .   .   .   .
  2   .   .   .   .   .   .   .   .   .   .
  3   .   .   .   .   .   .   .   .   .   .
  4   .   .   .   .   .   .   .   .   .   .
  5   .   .   .   .   .   .   .   .   .   .
  6   .   .   .   .   .   .   .   .   .   .
  7   .   .   .   .   .   .   .   .   .   .
  8   .   .   .   .   .   .   .   .   .   .
  9   .   .   .   .   .  w0   .  W2   .   .
`;
    const s = play(fromDiagram(crown), 'S H9-F9');
    expect(at(s, 'F9')).toMatchObject({ king: true, force: 0 });
    expect(at(s, 'H9')).toMatchObject({ king: false, force: 0 });
    expect(refused(fromDiagram(crown.replace('W2 ', 'W1 ')), 'X H9-F9')).toBe('move/weak-king');
    expect(refused(fromDiagram(crown.replace('W2 ', 'W0 ')), 'X H9-F9')).toBe('move/weak-king');
  });

  it('only the king abdicates, to his own man, over a clear line', () => {
    const s = fromDiagram(transferBoard);
    expect(refused(s, 'X E9-H9')).toBe('move/not-king');
    expect(refused(s, 'X H9-E4')).toBe('move/not-a-line');
    expect(refused(s, 'X H9-H5')).toBe('move/no-receiver');
  });
});

describe('the end of the game', () => {
  it('taking the enemy king wins; the position then has no actions', () => {
    const s = fromDiagram(transferBoard.replace('b5 ', '.  ').replace('  1   .   .   .', '  1   .   .  w20'));
    const after = play(s, 'M C1-C0');
    expect(force400.outcome(after)).toEqual({ kind: 'win', winner: 0, reason: 'king-captured' });
    expect(force400.legalMoves(after)).toEqual([]);
    expect(force400.toMove(after)).toEqual([]);
    expect(force400.perft(after, 1)).toBe(0);
    expect(refused(after, 'M E9-E8')).toBe('move/game-over');
  });

  it('a king captured while attacking loses the game for his side', () => {
    //   H9 W10 attacks I8 b12 next to him and falls
    const s = fromDiagram(
      transferBoard.replace('  8   .   .   .   .  w0   .   .   .   .', '  8   .   .   .   .  w0   .   .   .  b12'),
    );
    const after = play(s, 'M H9-I8');
    expect(force400.outcome(after)).toEqual({ kind: 'win', winner: 1, reason: 'king-captured' });
    expect(at(after, 'I8')).toMatchObject({ side: 1, force: 2 });
    expect(formatPosition(after).split(' B:')[0]).not.toContain('K');
  });

  it('resignation ends the game at once, the opponent winning', () => {
    const s = force400.resign(force400.initial(), 0);
    expect(force400.outcome(s)).toEqual({ kind: 'win', winner: 1, reason: 'resigned' });
    expect(force400.legalMoves(s)).toEqual([]);
  });
});
