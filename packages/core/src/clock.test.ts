import { describe, expect, it } from 'vitest';
import {
  allowance,
  formatClock,
  startClock,
  startTurn,
  stopClock,
  switchTurn,
  takebackAllowed,
  timeLeft,
  timeout,
  type ClockState,
  type TimeControl,
} from './clock.js';

const MIN = 60_000;
const control = (
  mode: 'move' | 'game',
  limit: 'off' | 'normal' | 'blitz',
  computer: [boolean, boolean] = [false, false],
): TimeControl => ({
  mode,
  limit,
  computer,
});

describe('clocks as the Draughts manual defines them (3.2.2)', () => {
  it.each([
    ['move', 'normal', false, 5 * MIN],
    ['move', 'normal', true, MIN],
    ['move', 'blitz', false, 10_000],
    ['move', 'blitz', true, 2_000],
    ['game', 'normal', false, 30 * MIN],
    ['game', 'blitz', false, 6 * MIN],
  ] as const)('%s mode, %s limit (single legal move: %s) allows %d ms', (mode, limit, single, ms) => {
    expect(allowance(control(mode, limit), 0, single)).toBe(ms);
  });

  it("the computer's limits are 1.5 times shorter: 20 min and 4 min per game", () => {
    expect(allowance(control('game', 'normal', [false, true]), 1)).toBe(20 * MIN);
    expect(allowance(control('game', 'blitz', [true, false]), 0)).toBe(4 * MIN);
    expect(allowance(control('game', 'blitz', [true, false]), 1)).toBe(6 * MIN);
  });

  it('per game: time used accumulates over turns and running out loses', () => {
    let c = startTurn(startClock(control('game', 'blitz')), 0, 0);
    c = switchTurn(c, 5 * MIN); // White used 5 minutes
    c = switchTurn(c, 5 * MIN + 1000); // Black used 1 second
    expect(timeLeft(c, 0, 5 * MIN + 1000)).toBe(MIN);
    expect(timeout(c, 6 * MIN + 999)).toBeUndefined();
    expect(timeout(c, 6 * MIN + 1000)).toEqual({ player: 0, consequence: 'loss' });
  });

  it('per move: each move has a fresh allowance and running out plays a random move', () => {
    let c = startTurn(startClock(control('move', 'blitz')), 0, 0);
    c = switchTurn(c, 9_000);
    expect(timeLeft(c, 1, 9_000)).toBe(10_000);
    expect(timeout(c, 19_000)).toEqual({ player: 1, consequence: 'random-move' });
    const single = startTurn(startClock(control('move', 'blitz')), 0, 0, true);
    expect(timeout(single, 2_000)).toEqual({ player: 0, consequence: 'random-move' });
  });

  it('with limits off, time is only counted', () => {
    let c = startTurn(startClock(control('game', 'off')), 1, 100);
    expect(timeout(c, 10 ** 9)).toBeUndefined();
    c = stopClock(c, 1100);
    expect(c.used).toEqual([0, 1000]);
  });

  it('blitz forbids takeback', () => {
    expect(takebackAllowed(control('game', 'blitz'))).toBe(false);
    expect(takebackAllowed(control('move', 'normal'))).toBe(true);
  });

  it('formats clock readings', () => {
    expect(formatClock(65_000)).toBe('1:05');
    expect(formatClock(3_725_000)).toBe('1:02:05');
    expect(formatClock(Infinity)).toBe('--');
  });
});

describe('increment (ours: Fischer time per move, per game only)', () => {
  it('each move a player has made on the line adds the increment to their time left', () => {
    const control: TimeControl = { mode: 'game', limit: 'blitz', computer: [false, false], incrementMs: 2_000 };
    const clock: ClockState = { control, used: [10_000, 0], credit: [4_000, 2_000] };
    expect(timeLeft(clock, 0, 0)).toBe(6 * 60_000 - 10_000 + 4_000);
    expect(timeLeft(clock, 1, 0)).toBe(6 * 60_000 + 2_000);
  });
});
