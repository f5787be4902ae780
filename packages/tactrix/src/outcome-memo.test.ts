import { afterEach, describe, expect, it, vi } from 'vitest';
import { Position } from './engine.js';
import { legalMoves, outcomeOfState, play, tactrix } from './game.js';

afterEach(() => vi.restoreAllMocks());

describe('the outcome of a position is worked out once', () => {
  it('asking whose turn it is, whether it is over and parsing a move there generate its moves once', () => {
    const s = play(tactrix.initial(), legalMoves(tactrix.initial())[0]!);
    const generate = vi.spyOn(Position.prototype, 'generate');
    expect(outcomeOfState(s)).toBeUndefined();
    expect(tactrix.toMove(s)).toEqual([1]);
    expect(tactrix.outcome(s)).toBeUndefined();
    expect(generate).toHaveBeenCalledTimes(1);
    // A position ended by resignation still says so, and an equal but distinct position is worked out afresh.
    expect(outcomeOfState(tactrix.resign(s, 1))?.kind).toBe('win');
    expect(tactrix.toMove({ ...s })).toEqual([1]);
    expect(generate).toHaveBeenCalledTimes(2);
  });
});
