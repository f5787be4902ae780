/**
 * Time controls a game is played under on the server: none, a live clock (the Draughts Galore modes), or
 * correspondence (days per move, with a reminder and a forfeit as pbmserv's nag and forfeit times). Read from
 * untrusted requests and mail options; stored as JSON with the game.
 */
import { TIME_LIMITS, TIME_MODES, type SessionClock, type TimeLimit, type TimeMode } from '@tactica/core';
import { DomainError } from '../errors.js';
import type { TimeControlSpec } from '../protocol/index.js';
import { isRecord } from '../json.js';

export type { TimeControlSpec } from '../protocol/index.js';

export const DAY_MS = 86_400_000;
export const NO_CONTROL: TimeControlSpec = { kind: 'none' };

function bad(message: string, field = 'control'): DomainError {
  return new DomainError('control/bad-value', message, field);
}

function days(v: unknown, field: string, fallback: number): number {
  if (v === undefined) return fallback;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > 365) {
    throw bad(`${field} must be a whole number of days from 1 to 365`, `control.${field}`);
  }
  return v;
}

/** Reads a time control from a request; absent means none. */
export function readControl(v: unknown): TimeControlSpec {
  if (v === undefined || v === null) return NO_CONTROL;
  if (!isRecord(v)) throw bad('a time control is an object with a kind: none, live or correspondence');
  switch (v['kind']) {
    case 'none':
      return NO_CONTROL;
    case 'live': {
      const mode = v['mode'] ?? 'game';
      const limit = v['limit'] ?? 'normal';
      if (!(TIME_MODES as readonly unknown[]).includes(mode)) throw bad('mode must be move or game', 'control.mode');
      if (!(TIME_LIMITS as readonly unknown[]).includes(limit)) {
        throw bad('limit must be off, normal or blitz', 'control.limit');
      }
      const increment = v['increment'] ?? 0;
      if (typeof increment !== 'number' || !Number.isInteger(increment) || increment < 0 || increment > 60) {
        throw bad('increment must be a whole number of seconds from 0 to 60', 'control.increment');
      }
      if (increment > 0 && mode !== 'game') {
        throw bad('an increment is for clocks per game', 'control.increment');
      }
      return { kind: 'live', mode: mode as TimeMode, limit: limit as TimeLimit, increment };
    }
    case 'correspondence': {
      const daysPerMove = days(v['daysPerMove'], 'daysPerMove', 21);
      const nagDays = days(v['nagDays'], 'nagDays', Math.min(7, Math.max(1, daysPerMove - 1)));
      if (nagDays >= daysPerMove) {
        throw bad('the reminder (nagDays) must come before the forfeit (daysPerMove)', 'control.nagDays');
      }
      return { kind: 'correspondence', daysPerMove, nagDays };
    }
    default:
      throw bad('kind must be none, live or correspondence', 'control.kind');
  }
}

/** The session's clock for a live control. */
export function sessionClock(c: TimeControlSpec): SessionClock | undefined {
  if (c.kind !== 'live') return undefined;
  return { mode: c.mode, limit: c.limit, ...(c.increment > 0 ? { incrementMs: c.increment * 1000 } : {}) };
}
