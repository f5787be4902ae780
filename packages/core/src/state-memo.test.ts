import { describe, expect, it } from 'vitest';
import type { Game } from './game.js';
import { current, lineFromStates, pushMove, startHistory, undo, type History } from './history.js';
import { lineTexts } from './move-text.js';
import { outcomeAt, positionText } from './state-memo.js';
import { nim, type NimState } from './test-games.js';

/** Nim with counters on the calls a memo should save. */
function counted(): { game: Game<NimState, number>; calls: { formatMove: number; outcome: number; position: number } } {
  const calls = { formatMove: 0, outcome: 0, position: 0 };
  const game: Game<NimState, number> = {
    ...nim,
    formatMove: (s, m) => (calls.formatMove++, nim.formatMove(s, m)),
    outcome: (s) => (calls.outcome++, nim.outcome(s)),
    formatPosition: (s) => (calls.position++, nim.formatPosition(s)),
  };
  return { game, calls };
}

function play(game: Game<NimState, number>, h: History<NimState, number>, m: number): History<NimState, number> {
  return pushMove(h, m, game.play(current(h), m));
}

describe('a line written after every move', () => {
  it('formats only the new move when the line grew by one', () => {
    const { game, calls } = counted();
    let h = startHistory<NimState, number>(game.initial());
    for (const m of [1, 2, 3]) {
      h = play(game, h, m);
      expect(lineTexts(game, h)).toEqual(h.moves.map((x) => `take ${x}`));
    }
    expect(calls.formatMove).toBe(3);
  });

  it('drops the taken-back moves when a new move follows a takeback', () => {
    const { game } = counted();
    let h = startHistory<NimState, number>(game.initial());
    for (const m of [1, 2, 3]) h = play(game, h, m);
    lineTexts(game, h);
    h = play(game, undo(game, h, 2), 3);
    expect(lineTexts(game, h)).toEqual(['take 1', 'take 3']);
  });

  it('formats every move of a line it has not seen grow', () => {
    const { game, calls } = counted();
    const h: History<NimState, number> = lineFromStates([game.initial(), game.play(game.initial(), 2)], [2], 1);
    expect(lineTexts(game, h)).toEqual(['take 2']);
    expect(calls.formatMove).toBe(1);
  });
});

describe('answers remembered per position', () => {
  it('asks the game for a position outcome once', () => {
    const { game, calls } = counted();
    const s = game.play(game.initial(), 3);
    expect(outcomeAt(game, s)).toBeUndefined();
    expect(outcomeAt(game, s)).toBeUndefined();
    expect(calls.outcome).toBe(1);
  });

  it('asks again for another game object, whose rules may differ', () => {
    const a = counted();
    const b = counted();
    const s = a.game.initial();
    outcomeAt(a.game, s);
    outcomeAt(b.game, s);
    expect([a.calls.outcome, b.calls.outcome]).toEqual([1, 1]);
  });

  it('writes a position as text once', () => {
    const { game, calls } = counted();
    const s = game.initial();
    expect(positionText(game, s)).toBe('10/0');
    expect(positionText(game, s)).toBe('10/0');
    expect(calls.position).toBe(1);
  });
});
