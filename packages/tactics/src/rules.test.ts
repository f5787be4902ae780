/**
 * Movement, the end of the game and the draw rules (manual, "Moves and Pieces", "The game is over when…";
 * docs/rules/tactics.md "Rules" and "The end", whose draws are ours).
 */
import { perft, perftGeneric, unwrap } from '@tactica/core';
import { describe, expect, it } from 'vitest';
import { parseSquare, pieceDirections, squareName } from './board.js';
import { QUIET_PLY_LIMIT } from './engine.js';
import { END_REASONS, pieceFault, repetitions, tactics } from './game.js';
import { parsePosition } from './position.js';
import type { TacticsState } from './state.js';
import { board, playAll } from './test-boards.js';

const targets = (s: TacticsState, from: string): string[] =>
  tactics
    .legalMoves(s)
    .filter((m) => squareName(m.from) === from)
    .map((m) => squareName(m.to))
    .sort();

describe('movement (manual, "Moves and Pieces")', () => {
  const s = board(`
    1 |   |   |   |   |   |   |   |   |
    2 |   | R |   |   |*R*|   |   |   |
    3 |   |   |   |   |   |   |   |   |
    4 |   |   |   | Q |   |   | B |   |
    5 |   | r |   |   |   |   |   |   |
    6 |   |   |   |   |   |   |   |   |
    7 |   |   |   |*b*|   |   |   |   |
    8 | Q |   |   |   |   |   |   |*Q*|
  `);

  it.each([
    ['a Rook slides along its rank and file and stops before any piece', 'b2', 'a2 b1 b3 b4 c2 d2'],
    ['a Bishop slides diagonally, up to the edge or the first piece', 'g4', 'e6 f3 f5 h3 h5'],
    [
      'a Queen slides both ways and never lands on or passes a piece',
      'd4',
      'a4 b4 c3 c4 c5 d1 d2 d3 d5 d6 e3 e4 e5 f2 f4 f6 g1 g7 b6 a7'.split(' ').sort().join(' '),
    ],
    ['a frozen piece of the mover does not move (d7 is a frozen White Bishop)', 'd7', ''],
    ["the opponent's pieces do not move (e2, h8)", 'e2', ''],
  ])('%s', (_rule, from, expected) => {
    expect(targets(s, from).join(' ')).toBe(expected);
  });

  it('a Queen in the corner has three lines: the a-file, rank 8 up to h8, and the long diagonal', () => {
    expect(targets(s, 'a8')).toEqual('a1 a2 a3 a4 a5 a6 a7 b8 c8 d8 e8 f8 g8 b7 c6 d5 e4 f3 g2 h1'.split(' ').sort());
  });

  it('every legal move lands on an empty square and keeps the number of pieces', () => {
    const count = (t: TacticsState) => t.board.replace(/\./g, '').length;
    for (const m of tactics.legalMoves(s)) {
      expect(s.board[m.to]).toBe('.');
      expect(count(tactics.play(s, m))).toBe(count(s));
    }
  });

  it('each move is refused with a code saying why', () => {
    const cases: [string, string][] = [
      ['b2-b6', 'move/blocked'],
      ['b2-b5', 'move/occupied'],
      ['b2-c3', 'move/bad-direction'],
      ['g4-g5', 'move/bad-direction'],
      ['d4-e6', 'move/bad-direction'],
      ['d4-d4', 'move/bad-direction'],
      ['d7-d6', 'move/frozen'],
      ['b5-b6', 'move/not-yours'],
      ['e2-e3', 'move/not-yours'],
      ['c3-c4', 'move/no-piece'],
      ['b2-e2', 'move/occupied'],
      ['b2-i2', 'move/bad-square'],
      ['b2 to b3', 'move/syntax'],
    ];
    for (const [text, code] of cases) {
      const r = tactics.parseMove(s, text);
      expect(r.ok ? 'accepted' : r.error.code, text).toBe(code);
    }
  });

  it('moves are read in any case, with or without spaces around the hyphen', () => {
    for (const text of ['b2-b3', 'B2-B3', ' b2 - b3 ', 'b2b3', 'B2b3']) {
      expect(tactics.formatMove(s, unwrap(tactics.parseMove(s, text))), text).toBe('b2-b3');
    }
  });

  it('moving out of turn is refused when the player is named', () => {
    const r = tactics.parseMove(s, 'b2-b3', 1);
    expect(!r.ok && r.error.code).toBe('move/not-your-turn');
    expect(tactics.legalMoves(s, 1)).toEqual([]);
  });

  it("a piece's own fault (none there, the opponent's, frozen) is judged before its path, as moves are refused", () => {
    const cases: [string, string | undefined][] = [
      ['c3', 'move/no-piece'],
      ['b5', 'move/not-yours'],
      ['e2', 'move/not-yours'],
      ['d7', 'move/frozen'],
      ['b2', undefined],
      ['d4', undefined],
    ];
    for (const [from, code] of cases) {
      expect(pieceFault(s, parseSquare(from)!)?.code, from).toBe(code);
      // Whatever the target, a move from that square is refused with the same code.
      const r = tactics.parseMove(s, `${from}-h1`);
      if (code !== undefined) expect(!r.ok && r.error.code, from).toBe(code);
    }
  });
});

describe('a piece\'s directions (manual, "Background": the arrows on its mobile face)', () => {
  /** The compass direction of a slide, from its file and rank steps ("n" is towards rank 8). */
  const compass = (from: number, to: number): string => {
    const df = Math.sign((to & 7) - (from & 7));
    const dr = Math.sign((to >> 3) - (from >> 3));
    return `${dr > 0 ? 'n' : dr < 0 ? 's' : ''}${df > 0 ? 'e' : df < 0 ? 'w' : ''}`;
  };

  it.each([
    ['R', 'n s e w'],
    ['B', 'ne sw se nw'],
    ['Q', 'n s e w ne sw se nw'],
  ] as const)('%s: the directions named are exactly those it slides in on an open board', (kind, names) => {
    expect(pieceDirections(kind).join(' ')).toBe(names);
    // Alone on d4 with only the opponent's piece far away, every direction is open.
    const t = unwrap(parsePosition(`8/8/8/3${kind}4/8/8/8/7*R w 0`));
    const slid = new Set(tactics.legalMoves(t).map((m) => compass(m.from, m.to)));
    expect([...slid].sort()).toEqual([...pieceDirections(kind)].sort());
  });
});

describe('the end of the game: no legal move loses (manual, "Prevent your opponent from moving")', () => {
  it('a player whose pieces are all frozen has lost', () => {
    const s = board(`
      1 |*r*|*b*|   |   |   |   |   |   |
      2 |   |   |   |   |   |   |   |   |
      3 |   |   |   |   |   |   |   |   |
      4 |   |   |   |   |   |   |   |   |
      5 |   |   |   |   |   |   |   |   |
      6 |   |   |   |   |   |   |   |   |
      7 |   |   |   |   |   |   |   |   |
      8 |   |   |   |   |   |   |   |*Q*|
    `);
    expect(tactics.outcome(s)).toEqual({ kind: 'win', winner: 1, reason: END_REASONS.allFrozen });
    expect(tactics.toMove(s)).toEqual([]);
    expect(tactics.legalMoves(s)).toEqual([]);
    expect(perft(tactics, s, 3)).toBe(0);
  });

  it('a player whose mobile pieces are all blocked has lost', () => {
    // White's Rook a1 is boxed in by a2 and b1; White's Bishop c3 is frozen.
    const s = board(`
      1 | R |*R*|   |   |   |   |   |   |
      2 |*R*|   |   |   |   |   |   |   |
      3 |   |   |*b*|   |   |   |   |   |
      4 |   |   |   |   |   |   |   |   |
      5 |   |   |   |   |   |   |   |   |
      6 |   |   |   |   |   |   |   |   |
      7 |   |   |   |   |   |   |   |   |
      8 |   |   |   |   |   |   |   |*Q*|
    `);
    expect(tactics.outcome(s)).toEqual({ kind: 'win', winner: 1, reason: 'no-moves' });
  });

  it("the move that freezes the opponent's last mobile piece wins, reported as such (all-frozen)", () => {
    // Black's only piece is the Rook on d5. White's Rook d8 comes down to d6: with d4 it brackets d5, which freezes.
    const s = board(`
      1 |   |   |   |   |   |   |   |   |
      2 |   |   |   |   |   |   |   |   |
      3 |   |   |   |   |   |   |   |   |
      4 |   |   |   | R |   |   |   |   |
      5 |   |   |   |*R*|   |   |   |   |
      6 |   |   |   |   |   |   |   |   |
      7 |   |   |   |   |   |   |   |   |
      8 |   |   |   | R |   |   |   |   |
    `);
    expect(tactics.outcome(s)).toBeUndefined();
    const after = playAll(s, 'd8-d6');
    expect(tactics.outcome(after)).toEqual({ kind: 'win', winner: 0, reason: 'all-frozen' });
  });

  it('resignation ends the game at once for the opponent; both players may agree a draw', () => {
    const s = tactics.initial();
    expect(tactics.outcome(tactics.resign(s, 0))).toEqual({ kind: 'win', winner: 1, reason: 'resigned' });
    expect(tactics.outcome(tactics.resign(s, 1))).toEqual({ kind: 'win', winner: 0, reason: 'resigned' });
    expect(tactics.outcome(tactics.agreeDraw(s))).toEqual({ kind: 'draw', reason: 'agreed' });
    expect(tactics.legalMoves(tactics.resign(s, 0))).toEqual([]);
    expect(perft(tactics, tactics.agreeDraw(s), 2)).toBe(0);
  });
});

describe('draws (ours)', () => {
  const shuttle = unwrap(parsePosition('R7/8/8/8/8/8/8/7*R w 0'));
  const cycle = ['a1-a2', 'h8-h7', 'a2-a1', 'h7-h8'];

  it('threefold repetition of the same position with the same player to move is a draw', () => {
    let s = shuttle;
    const plies = [...cycle, ...cycle];
    plies.forEach((m, i) => {
      expect(tactics.outcome(s), `before ply ${i + 1}`).toBeUndefined();
      s = playAll(s, m);
    });
    expect(repetitions(s)).toBe(3);
    expect(tactics.outcome(s)).toEqual({ kind: 'draw', reason: END_REASONS.repetition });
    expect(tactics.legalMoves(s)).toEqual([]);
  });

  it('a position seen twice, or three times with the other player to move, is not a draw', () => {
    // After a1-a2 h8-h7 a2-a1 the board is the start's but Black is to move.
    const s = playAll(shuttle, ...cycle, 'a1-a2', 'h8-h7', 'a2-a1');
    expect(repetitions(s)).toBe(2);
    expect(tactics.outcome(s)).toBeUndefined();
  });

  it("perft counts no moves after a threefold repetition, on the fast path as on the contract's", () => {
    const s = playAll(shuttle, ...cycle, 'a1-a2', 'h8-h7', 'a2-a1');
    // Black's Rook h7 has 14 moves. After h7-h8 (the third occurrence) White has none; after h7-h1 White's Rook a1
    // has 13, after h7-a7 12, after the other 11 moves 14: 13 + 12 + 11 * 14 = 179.
    expect(tactics.legalMoves(s)).toHaveLength(14);
    expect(perft(tactics, s, 2)).toBe(179);
    expect(perftGeneric(tactics, s, 2)).toBe(179);
    for (const depth of [3, 4]) expect(perft(tactics, s, depth)).toBe(perftGeneric(tactics, s, depth));
  });

  it(`${QUIET_PLY_LIMIT} consecutive plies without a flip draw the game; a flip restarts the count`, () => {
    const s = unwrap(parsePosition(`R7/8/8/8/8/8/8/7*R w ${QUIET_PLY_LIMIT - 1}`));
    const quiet = playAll(s, 'a1-a2');
    expect(quiet.quiet).toBe(QUIET_PLY_LIMIT);
    expect(tactics.outcome(quiet)).toEqual({ kind: 'draw', reason: END_REASONS.quiet });
    expect(perft(tactics, s, 2)).toBe(0);
    expect(perft(tactics, s, 1)).toBe(14);

    const flip = unwrap(parsePosition(`8/8/8/3R*R3/8/8/8/5Q1*Q w ${QUIET_PLY_LIMIT - 1}`));
    const after = playAll(flip, 'f8-f4');
    expect(after.quiet).toBe(0);
    expect(tactics.outcome(after)).toBeUndefined();
  });

  it('a move that leaves the opponent without a move wins, even on the hundredth quiet ply', () => {
    // Black's only piece, the Rook h8, is hemmed in by g8; White's Queen b7-h7 closes the last way out without a
    // flip (h8 then the edge is no bracket, and h6 is empty), on the 100th quiet ply.
    const s = unwrap(parsePosition(`8/8/8/8/8/8/1Q6/6R*R w ${QUIET_PLY_LIMIT - 1}`));
    const after = playAll(s, 'b7-h7');
    expect(after.quiet).toBe(QUIET_PLY_LIMIT);
    expect(tactics.outcome(after)).toEqual({ kind: 'win', winner: 0, reason: END_REASONS.noMoves });
  });
});
