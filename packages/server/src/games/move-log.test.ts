/**
 * A stored game split into head and log and put back together (./move-log.ts): exactly the game it was, for a game
 * in play, an ended one whose line before the result is longer, a Tactorus session (steps, and the rounds of format
 * version 1); a head and log that do not belong together are refused as `game/damaged`.
 */
import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors.js';
import { joinStoredGame, logChange, splitStoredGame } from './move-log.js';

const envelope = { format: 'tactica-game', formatVersion: 1, family: 'draughts', options: { variant: 'english' } };

function roundTrip(stored: Record<string, unknown>): { head: Record<string, unknown>; log: readonly string[] } {
  const { head, log } = splitStoredGame(stored);
  expect(joinStoredGame(1, head, log)).toEqual(stored);
  // Key order too: the text is the one the server wrote before migration 008.
  expect(JSON.stringify(joinStoredGame(1, head, log))).toBe(JSON.stringify(stored));
  return { head: JSON.parse(head) as Record<string, unknown>, log };
}

describe('a stored game as head and log', () => {
  it('keeps a game in play as its line without moves and one entry a move', () => {
    const stored = {
      ...envelope,
      session: {
        format: 's',
        version: 4,
        rng: [1, 2, 3, 4],
        line: { start: 'W:…', moves: ['11-15', '23-19'], cursor: 1 },
      },
    };
    const { head, log } = roundTrip(stored);
    expect(log).toEqual(['11-15', '23-19']);
    expect(head).toMatchObject({ log: 2, session: { line: { moves: 2, cursor: 1 } } });
  });

  it('shares one log between an ended line and the longer line before its result', () => {
    const stored = {
      ...envelope,
      session: {
        line: { start: 'S', moves: ['a', 'b'], cursor: 2, ended: { kind: 'resign', player: 0 } },
        ending: { kind: 'resigned', player: 0 },
        before: { start: 'S', moves: ['a', 'b', 'c'], cursor: 2 },
      },
    };
    const { head, log } = roundTrip(stored);
    expect(log).toEqual(['a', 'b', 'c']);
    expect(head).toMatchObject({ log: 3, session: { line: { moves: 2 }, before: { moves: 3 } } });
  });

  it('keeps in the head a line that is not a prefix of the log', () => {
    const stored = {
      ...envelope,
      session: {
        line: { start: 'S', moves: ['a', 'b'], cursor: 2 },
        ending: { kind: 'agreed' },
        before: { start: 'S', moves: ['x'], cursor: 1 },
      },
    };
    const { head } = roundTrip(stored);
    expect(head).toMatchObject({ session: { line: { moves: 2 }, before: { moves: ['x'] } } });
  });

  it('stores Tactorus steps and rounds as JSON entries', () => {
    const steps = [[['a1'], []], { command: 'swap' }, [[], ['b2', 'b3']]];
    for (const key of ['steps', 'rounds']) {
      const stored = {
        ...envelope,
        family: 'tactorus',
        session: {
          line: { start: 'S', [key]: steps.slice(0, 2), cursor: 2 },
          pending: [[], []],
          ending: { kind: 'resigned', player: 1 },
          before: { line: { start: 'S', [key]: steps, cursor: 2 }, pending: [['c'], []] },
        },
      };
      const { log } = roundTrip(stored);
      expect(log).toEqual(steps.map((s) => JSON.stringify(s)));
    }
  });

  it('refuses a log with a row more or less than its head says, or a step that is not JSON, as damaged', () => {
    const { head, log } = splitStoredGame({
      ...envelope,
      family: 'tactorus',
      session: { line: { start: 'S', steps: [[['a'], []]], cursor: 1 } },
    });
    const damaged = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return e instanceof DomainError ? e.code : String(e);
      }
      return 'no error';
    };
    expect(damaged(() => joinStoredGame(1, head, [...log, 'more']))).toBe('game/damaged');
    expect(damaged(() => joinStoredGame(1, head, []))).toBe('game/damaged');
    expect(damaged(() => joinStoredGame(1, head, ['[[']))).toBe('game/damaged');
    expect(damaged(() => joinStoredGame(1, '{', log))).toBe('game/damaged');
  });

  it('tells a move apart from the log before it: an append, a fork, nothing', () => {
    expect(logChange(['a', 'b'], ['a', 'b', 'c'])).toEqual({ from: 2, texts: ['c'], cut: false });
    expect(logChange(['a', 'b', 'c', 'd'], ['a', 'x'])).toEqual({ from: 1, texts: ['x'], cut: true });
    expect(logChange(['a', 'b'], ['a', 'b'])).toBeUndefined();
    expect(logChange(['a', 'b', 'c'], ['a', 'b'])).toEqual({ from: 2, texts: [], cut: true });
  });
});
