import { describe, expect, it } from 'vitest';
import { pushMove, startHistory, type History } from './history.js';
import { numberedMoves, numberedMovesText } from './move-numbers.js';
import type { Player } from './player.js';

/** Two sides taking turns; a move is a number, its text `m<number>`; `extra` moves keep the turn (a double move). */
interface S {
  readonly turn: Player;
}
function alternating(firstMover: Player, extra: ReadonlySet<number> = new Set()) {
  return {
    initial: (): S => ({ turn: firstMover }),
    toMove: (s: S): readonly Player[] => [s.turn],
    play: (s: S, m: number): S => (extra.has(m) ? s : { turn: s.turn === 0 ? 1 : 0 }),
    formatMove: (_s: S, m: number) => `m${m}`,
  };
}
function line(game: ReturnType<typeof alternating>, start: S, moves: number[]): History<S, number> {
  let h: History<S, number> = startHistory(start);
  for (const m of moves) h = pushMove(h, m, game.play(h.atCursor, m));
  return h;
}

describe('numberedMoves', () => {
  it('numbers the moves in pairs, the first mover opening each number', () => {
    const game = alternating(1);
    const moves = numberedMoves(game, line(game, game.initial(), [1, 2, 3]));
    expect(numberedMovesText(moves)).toBe('1. m1 m2 2. m3');
    expect(moves[1]?.plies).toEqual([{ ply: 2, text: 'm3' }]);
  });

  it('a line from a position with the second mover to move opens with 1...', () => {
    const game = alternating(0);
    expect(numberedMovesText(numberedMoves(game, line(game, { turn: 1 }, [1, 2, 3])))).toBe('1... m1 2. m2 m3');
  });

  it('a side that moves twice keeps its number', () => {
    const game = alternating(0, new Set([7]));
    expect(numberedMovesText(numberedMoves(game, line(game, game.initial(), [7, 1, 2, 3])))).toBe('1. m7 m1 m2 2. m3');
  });

  it('an empty line has no numbers', () => {
    const game = alternating(0);
    expect(numberedMoves(game, line(game, game.initial(), []))).toEqual([]);
  });
});
