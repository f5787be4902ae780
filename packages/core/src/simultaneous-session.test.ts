import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { conformanceCases } from './conformance.js';
import { current } from './history.js';
import type { Player } from './player.js';
import type { InputError, Result } from './result.js';
import { createSession } from './session.js';
import {
  createSimultaneousSession,
  restoreSimultaneousSession,
  type SimultaneousOptions,
  type SimultaneousSession,
} from './simultaneous-session.js';
import { nim, pennies, type PenniesMove, type PenniesState, type PenniesView } from './test-games.js';

/*
 * Every test plays the Matching pennies of test-games.ts: each round both players lay a penny in secret (heads or
 * tails, laying again turns it), then say done; First wins the round when the pennies match, Second when they
 * differ; first to 3 rounds wins.
 */
type Pennies = SimultaneousSession<PenniesState, PenniesMove, string>;
type CommandOptions = { expectedVersion: number; now: number };

const HUMAN = { kind: 'human' } as const;
const bot = (level = '3') => ({ kind: 'computer', level }) as const;

function start(options: Partial<SimultaneousOptions<PenniesState, PenniesMove, string>> = {}): Pennies {
  const r = createSimultaneousSession<PenniesState, PenniesMove, string>(pennies, { now: 0, ...options });
  if (!r.ok) throw new Error(r.error.code);
  return r.value;
}

function value(r: Result<Pennies, InputError>): Pennies {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

function code(r: Result<unknown, InputError>): string | undefined {
  return r.ok ? undefined : r.error.code;
}

const at = (s: Pennies, now = 0): CommandOptions => ({ expectedVersion: s.version, now });

const view = (s: Pennies, p: Player) => {
  const v = s.viewFor(p);
  if (!v.ok) throw new Error(v.error.code);
  return v.value;
};

/** Plays whole rounds: `['h', 't']` is First heads, Second tails. */
function rounds(s: Pennies, list: readonly (readonly [string, string])[]): Pennies {
  for (const [a, b] of list) {
    s = value(s.submit(0, [a, 'done'], at(s)));
    s = value(s.submit(1, [b, 'done'], at(s)));
  }
  return s;
}

describe('the test game', () => {
  for (const c of conformanceCases(pennies, { playouts: 10 })) it(c.name, c.run);
});

describe('secret orders', () => {
  it('a submission stays secret until both players have submitted', () => {
    let s = start();
    s = value(s.submit(0, ['heads', 'done'], at(s)));
    const second = view(s, 1);
    expect(second.opponentSubmitted).toBe(true);
    expect(second.pending).toEqual([]);
    expect(JSON.stringify(second)).not.toContain('"h"');
    expect((second.observation as PenniesView).penny).toBeUndefined();
    const first = view(s, 0);
    expect(first).toMatchObject({ submitted: true, opponentSubmitted: false, pending: ['heads', 'done'], round: 1 });
    expect(s.status().roundsPlayed).toBe(0);
  });

  it("a player's own position holds their own pending moves, never the other side's", () => {
    let s = start();
    s = value(s.submit(0, 'heads', at(s)));
    s = value(s.submit(1, ['tails', 'done'], at(s)));
    expect(s.ownPosition(0).penny).toEqual(['h', undefined]);
    expect(s.ownPosition(0).done).toEqual([false, false]);
    expect(s.ownPosition(1).penny).toEqual([undefined, 't']);
    expect(s.roundStart.penny).toEqual([undefined, undefined]);
  });

  it('the round is played on the second submission, and the next one starts', () => {
    let s = start();
    s = value(s.submit(1, 'tails', at(s)));
    s = value(s.submit(0, ['heads', 'done'], at(s)));
    expect(s.status()).toMatchObject({ round: 1, submitted: [true, false] });
    s = value(s.submit(1, 'done', at(s)));
    expect(s.position.score).toEqual([0, 1]);
    expect(s.status()).toMatchObject({ round: 2, roundsPlayed: 1, submitted: [false, false], toSubmit: [0, 1] });
    expect(s.state.pending).toEqual([[], []]);
    expect(view(s, 0).pending).toEqual([]);
  });

  it('laying again before done turns the penny (a player may change their orders until they submit)', () => {
    let s = start();
    s = value(s.submit(0, 'heads', at(s)));
    s = value(s.submit(0, 'tails', at(s)));
    expect(s.submitted(0)).toBe(false);
    s = value(s.submit(0, 'done', at(s)));
    s = value(s.submit(1, ['tails', 'done'], at(s)));
    expect(s.position.score).toEqual([1, 0]);
  });

  it('a player who has submitted cannot submit again (ours)', () => {
    let s = start();
    s = value(s.submit(0, ['heads', 'done'], at(s)));
    const again = s.submit(0, 'tails', at(s));
    expect(code(again)).toBe('session/already-submitted');
  });

  it('withdraw takes back a whole submission, and the player submits anew', () => {
    let s = start();
    s = value(s.submit(0, ['heads', 'done'], at(s)));
    s = value(s.withdraw(0, at(s)));
    expect(view(s, 1).opponentSubmitted).toBe(false);
    expect(view(s, 0).pending).toEqual([]);
    expect(code(s.withdraw(0, at(s)))).toBe('session/nothing-to-withdraw');
    s = value(s.submit(0, ['tails', 'done'], at(s)));
    s = value(s.submit(1, ['tails', 'done'], at(s)));
    expect(s.position.score).toEqual([1, 0]);
  });

  it('a list of moves is taken whole or not at all, the error naming which move', () => {
    const s = start();
    const r = s.submit(0, ['heads', 'done', 'tails'], at(s));
    expect(code(r)).toBe('session/already-submitted');
    expect(r.ok ? '' : r.error.message).toContain('move 3 of 3');
    const bad = s.submit(0, ['heads', 'sideways'], at(s));
    expect(code(bad)).toBe('move/syntax');
    expect(s.state.pending).toEqual([[], []]);
    expect(s.version).toBe(0);
  });

  it('moves may be given as move objects, checked against the legal moves', () => {
    let s = start();
    s = value(
      s.submit(
        0,
        [
          { type: 'lay', player: 0, penny: 'h' },
          { type: 'done', player: 0 },
        ],
        at(s),
      ),
    );
    expect(s.submitted(0)).toBe(true);
    expect(code(s.submit(1, { type: 'done', player: 1 }, at(s)))).toBe('session/illegal-move');
  });

  it('an unknown player is refused', () => {
    const s = start();
    expect(code(s.submit(2 as Player, 'heads', at(s)))).toBe('session/bad-player');
    expect(code(s.viewFor(-1 as Player))).toBe('session/bad-player');
  });
});

describe('optimistic concurrency', () => {
  it('a command for another version is refused and the session is unchanged', () => {
    let s = start();
    s = value(s.submit(0, 'heads', at(s)));
    const before = JSON.stringify(s);
    const stale = { expectedVersion: s.version - 1, now: 0 };
    expect(code(s.submit(1, 'tails', stale))).toBe('session/stale-version');
    expect(code(s.withdraw(0, stale))).toBe('session/stale-version');
    expect(code(s.resign(1, stale))).toBe('session/stale-version');
    expect(code(s.takeback(stale))).toBe('session/stale-version');
    expect(JSON.stringify(s)).toBe(before);
  });

  it('every accepted command raises the version by one, the submission that plays the round too', () => {
    let s = start();
    const versions = [s.version];
    s = value(s.submit(0, ['heads', 'done'], at(s)));
    versions.push(s.version);
    s = value(s.submit(1, ['heads', 'done'], at(s)));
    versions.push(s.version);
    s = value(s.offerDraw(0, at(s)));
    versions.push(s.version);
    s = value(s.takeback(at(s)));
    versions.push(s.version);
    expect(versions).toEqual([0, 1, 2, 3, 4]);
  });

  it('a time that is not a number is refused', () => {
    const s = start();
    expect(code(s.submit(0, 'heads', { expectedVersion: 0, now: NaN }))).toBe('session/bad-time');
  });
});

describe('computer seats', () => {
  it('every computer seat that has not submitted is pending, with no time limit', () => {
    let s = start({ seats: [bot('1'), bot('5')] });
    expect(s.pendingComputer(0)).toEqual([
      { player: 0, level: '1', budgetMs: undefined },
      { player: 1, level: '5', budgetMs: undefined },
    ]);
    s = value(s.submit(0, ['heads', 'done'], at(s)));
    expect(s.pendingComputer(0).map((c) => c.player)).toEqual([1]);
    s = value(s.submit(1, ['heads', 'done'], at(s)));
    expect(s.pendingComputer(0).map((c) => c.player)).toEqual([0, 1]);
  });

  it('a person is never pending, a finished game has no one pending', () => {
    let s = start({ seats: [HUMAN, bot()] });
    expect(s.pendingComputer(0).map((c) => c.player)).toEqual([1]);
    s = value(s.resign(0, at(s)));
    expect(s.pendingComputer(0)).toEqual([]);
  });

  it('switching sides and changing the level move the computer', () => {
    let s = start({ seats: [HUMAN, bot('2')] });
    s = value(s.switchSides(at(s)));
    expect(s.pendingComputer(0)).toEqual([{ player: 0, level: '2', budgetMs: undefined }]);
    s = value(s.setLevel(0, '6', at(s)));
    expect(s.status().levels).toEqual(['6', undefined]);
    expect(code(s.setLevel(1, '6', at(s)))).toBe('session/not-computer');
    expect(code(s.setSeats([HUMAN, { kind: 'robot' }] as never, at(s)))).toBe('session/bad-seat');
  });
});

describe('resignation and draws', () => {
  it('resigning drops the round in progress unseen, and takeback restores it', () => {
    let s = rounds(start(), [['h', 't']]);
    s = value(s.submit(1, ['heads', 'done'], at(s)));
    s = value(s.resign(0, at(s)));
    expect(s.outcome).toEqual({ kind: 'win', winner: 1, reason: 'resigned' });
    expect(s.state.pending).toEqual([[], []]);
    expect(code(s.submit(0, 'heads', at(s)))).toBe('session/game-over');
    s = value(s.takeback(at(s)));
    expect(s.outcome).toBeUndefined();
    expect(view(s, 1).pending).toEqual(['heads', 'done']);
  });

  it('a forfeit on a deadline is a loss on time, not a resignation, through a snapshot too; takeback undoes it', () => {
    let s = rounds(start(), [['h', 't']]);
    s = value(s.forfeit(1, at(s)));
    expect(s.outcome).toEqual({ kind: 'win', winner: 0, reason: 'time-forfeit' });
    const back = restoreSimultaneousSession<PenniesState, PenniesMove, string>(pennies, JSON.stringify(s));
    if (!back.ok) throw new Error(back.error.message);
    expect(back.value.outcome).toEqual({ kind: 'win', winner: 0, reason: 'time-forfeit' });
    expect(code(s.forfeit(0, at(s)))).toBe('session/game-over');
    s = value(s.takeback(at(s)));
    expect(s.outcome).toBeUndefined();
  });

  it('a draw offer waits for the answer; accepted, the game is drawn', () => {
    let s = start();
    s = value(s.offerDraw(0, at(s)));
    expect(code(s.offerDraw(0, at(s)))).toBe('session/draw-already-offered');
    expect(code(s.answerDraw(0, true, at(s)))).toBe('session/no-draw-offer');
    const declined = value(s.answerDraw(1, false, at(s)));
    expect(declined.status().drawOffer).toBeUndefined();
    s = value(s.answerDraw(1, true, at(s)));
    expect(s.outcome).toEqual({ kind: 'draw', reason: 'agreed' });
  });

  it('offers that cross agree the draw', () => {
    let s = start();
    s = value(s.offerDraw(1, at(s)));
    s = value(s.offerDraw(0, at(s)));
    expect(s.outcome?.kind).toBe('draw');
  });

  it('an offer stands while orders are given, and lapses when the round is played (ours)', () => {
    let s = start();
    s = value(s.offerDraw(0, at(s)));
    s = value(s.submit(1, ['tails', 'done'], at(s)));
    expect(s.status().drawOffer).toBe(0);
    s = value(s.submit(0, ['tails', 'done'], at(s)));
    expect(s.status().drawOffer).toBeUndefined();
  });
});

describe('takeback and redo of whole rounds', () => {
  it('takeback undoes the last round played and drops the round in progress; redo plays it again', () => {
    let s = rounds(start(), [
      ['h', 'h'],
      ['h', 't'],
    ]);
    s = value(s.submit(0, 'tails', at(s)));
    s = value(s.takeback(at(s)));
    expect(s.position.score).toEqual([1, 0]);
    expect(s.state.pending).toEqual([[], []]);
    expect(s.round).toBe(2);
    s = value(s.redo(at(s)));
    expect(s.position.score).toEqual([1, 1]);
    expect(code(s.redo(at(s)))).toBe('session/nothing-to-redo');
  });

  it('a new round played after a takeback drops the rounds taken back', () => {
    let s = rounds(start(), [['h', 'h']]);
    s = value(s.takeback(at(s)));
    s = rounds(s, [['t', 'h']]);
    expect(s.position.score).toEqual([0, 1]);
    expect(code(s.redo(at(s)))).toBe('session/nothing-to-redo');
  });

  it('there is nothing to take back before the first round', () => {
    const s = start();
    expect(code(s.takeback(at(s)))).toBe('session/nothing-to-take-back');
  });

  it('the game ends by the rules when a player has won 3 rounds, and takeback reopens it', () => {
    let s = rounds(start(), [
      ['h', 'h'],
      ['t', 't'],
      ['h', 'h'],
    ]);
    expect(s.outcome).toEqual({ kind: 'win', winner: 0, reason: 'rounds' });
    expect(s.status().toSubmit).toEqual([]);
    expect(code(s.submit(1, 'heads', at(s)))).toBe('session/game-over');
    s = value(s.takeback(at(s)));
    expect(s.outcome).toBeUndefined();
  });
});

describe("the game's own commands", () => {
  it('a command replaces the position at the start of the round, drops the round in progress and enters the line', () => {
    let s = rounds(start(), [['h', 't']]);
    s = value(s.submit(0, ['heads', 'done'], at(s)));
    s = value(s.submit(1, 'tails', at(s)));
    const version = s.version;
    s = value(s.command('  SCORE 2 - 1 ', at(s)));
    expect(s.version).toBe(version + 1);
    expect(s.roundStart.score).toEqual([2, 1]);
    expect(s.state.pending).toEqual([[], []]);
    expect(view(s, 0)).toMatchObject({ pending: [], submitted: false, opponentSubmitted: false, round: 2 });
    expect(s.state.line.moves.at(-1)).toEqual({ kind: 'command', text: 'score 2-1' });
    expect(s.status()).toMatchObject({ round: 2, roundsPlayed: 1 });
    s = rounds(s, [['h', 'h']]);
    expect(s.outcome).toEqual({ kind: 'win', winner: 0, reason: 'rounds' });
  });

  it("a refused command changes nothing: the game's own error, a game without commands, a finished game, a stale version", () => {
    const s = value(start().submit(0, 'heads', at(start())));
    expect(code(s.command('score 3-0', at(s)))).toBe('command/bad-score');
    expect(code(s.command('deal', at(s)))).toBe('command/syntax');
    expect(code(s.command(7 as never, at(s)))).toBe('session/bad-command');
    expect(code(s.command('score 1-0', { expectedVersion: s.version - 1, now: 0 }))).toBe('session/stale-version');
    expect(code(s.command('score 1-0', { expectedVersion: s.version, now: NaN }))).toBe('session/bad-time');
    const { command: _none, ...rest } = pennies;
    const plain = createSimultaneousSession({ ...rest }, { now: 0 });
    expect(plain.ok && code(plain.value.command('score 1-0', at(plain.value as never)))).toBe('session/no-commands');
    const over = value(s.resign(1, at(s)));
    expect(code(over.command('score 1-0', at(over)))).toBe('session/game-over');
    expect(view(s, 0).pending).toEqual(['heads']);
  });

  it('takeback undoes a command and gives back no dropped moves; redo replays it; a new step drops what was undone', () => {
    let s = rounds(start(), [['h', 'h']]);
    s = value(s.command('score 0-2', at(s)));
    s = value(s.submit(1, 'tails', at(s)));
    s = value(s.takeback(at(s)));
    expect(s.roundStart.score).toEqual([1, 0]);
    expect(s.state.pending).toEqual([[], []]);
    s = value(s.redo(at(s)));
    expect(s.roundStart.score).toEqual([0, 2]);
    s = value(s.takeback(at(s)));
    s = value(s.command('score 1-1', at(s)));
    expect(code(s.redo(at(s)))).toBe('session/nothing-to-redo');
    expect(s.state.line.moves.map((m) => m.kind)).toEqual(['round', 'command']);
  });

  it('a standing draw offer lapses when a command changes the position (ours)', () => {
    let s = start();
    s = value(s.offerDraw(1, at(s)));
    s = value(s.command('score 1-0', at(s)));
    expect(s.status().drawOffer).toBeUndefined();
    expect(code(s.answerDraw(0, true, at(s)))).toBe('session/no-draw-offer');
  });
});

describe('what a session plays', () => {
  it('a sequential game is refused, and the sequential session refuses a simultaneous one', () => {
    expect(code(createSimultaneousSession(nim, { now: 0 }))).toBe('session/sequential');
    expect(code(createSession(pennies, { seed: 1, now: 0 }))).toBe('session/simultaneous');
    expect(code(restoreSimultaneousSession(nim, {}))).toBe('session/sequential');
  });

  it('a clock is refused: the game has none', () => {
    const withClock = { now: 0, clock: { mode: 'move', limit: 'normal' } } as never;
    expect(code(createSimultaneousSession(pennies, withClock))).toBe('session/no-clock');
  });

  it('bad seats and times are refused', () => {
    expect(code(createSimultaneousSession(pennies, { now: 0, seats: [HUMAN] as never }))).toBe('session/bad-seat');
    expect(code(createSimultaneousSession(pennies, { now: Infinity }))).toBe('session/bad-time');
  });
});

describe('status', () => {
  it('gives the round, who has submitted and the game’s own fields from the rounds played', () => {
    let s = start({
      seats: [{ kind: 'human', name: 'Ann' }, bot('4')],
      status: (line) => `rounds ${line.cursor}, score ${current(line).score.join('-')}`,
    });
    s = rounds(s, [['h', 't']]);
    s = value(s.submit(1, ['heads', 'done'], at(s)));
    expect(s.status()).toEqual({
      version: 3,
      round: 2,
      roundsPlayed: 1,
      submitted: [false, true],
      toSubmit: [0],
      outcome: undefined,
      seats: [{ kind: 'human', name: 'Ann' }, bot('4')],
      levels: [undefined, '4'],
      drawOffer: undefined,
      game: 'rounds 1, score 0-1',
    });
  });
});

describe('secrecy, by property', () => {
  const penny = fc.constantFrom('heads', 'tails');
  /** Second's pending moves: some pennies laid, then done (submitted) or not. */
  const draft = fc
    .tuple(fc.array(penny, { maxLength: 3 }), fc.boolean())
    .map(([laid, done]) => (laid.length && done ? [...laid, 'done'] : laid));
  const command = fc.constantFrom(
    'heads',
    'tails',
    'done',
    'sideways',
    '2:heads',
    'withdraw',
    'offer',
    'resign',
    'score 1-2',
    'score 9-9',
    'takeback',
  );

  function act(s: Pennies, c: string): Result<Pennies, InputError> {
    if (c === 'withdraw') return s.withdraw(0, at(s));
    if (c === 'offer') return s.offerDraw(0, at(s));
    if (c === 'resign') return s.resign(0, at(s));
    if (c === 'takeback') return s.takeback(at(s));
    if (c.startsWith('score')) return s.command(c, at(s));
    return s.submit(0, c, at(s));
  }

  /** A line of rounds and the game's own commands: `['h', 't']` a round, `'score 1-0'` a command. */
  const steps = fc.array(
    fc.oneof(
      fc.tuple(fc.constantFrom('h', 't'), fc.constantFrom('h', 't')),
      fc.constantFrom('score 0-0', 'score 2-1', 'score 1-2'),
    ),
    { maxLength: 4 },
  );

  function playSteps(s: Pennies, list: readonly (string | readonly [string, string])[]): Pennies {
    for (const step of list) {
      if (s.outcome) break;
      s = typeof step === 'string' ? value(s.command(step, at(s))) : rounds(s, [step]);
    }
    return s;
  }

  it("First's view never depends on Second's pending moves, only on whether Second submitted, after commands too", () => {
    fc.assert(
      fc.property(steps, draft, draft, (history, a, b) => {
        fc.pre(a.includes('done') === b.includes('done'));
        let x = playSteps(start(), history);
        let y = x;
        if (x.outcome) return;
        if (a.length) x = value(x.submit(1, a, at(x)));
        if (b.length) y = value(y.submit(1, b, at(y)));
        // Equal versions whatever Second did: a command that changes nothing for the side that gave no moves.
        if (!a.length) x = value(x.setSeats(x.seats, at(x)));
        if (!b.length) y = value(y.setSeats(y.seats, at(y)));
        expect(view(x, 0)).toEqual(view(y, 0));
        return true;
      }),
      { numRuns: 200 },
    );
  });

  it('no command of First is answered differently because of what Second has scheduled, commands of the game too', () => {
    fc.assert(
      fc.property(steps, draft, draft, fc.array(command, { maxLength: 8 }), (line, a, b, commands) => {
        fc.pre(a.includes('done') === b.includes('done') && (a.length === 0) === (b.length === 0));
        let x = playSteps(start(), line);
        if (x.outcome) return;
        let y = x;
        const played = x.status().roundsPlayed;
        if (a.length) x = value(x.submit(1, a, at(x)));
        if (b.length) y = value(y.submit(1, b, at(y)));
        for (const c of commands) {
          const rx = act(x, c);
          const ry = act(y, c);
          expect(rx.ok).toBe(ry.ok);
          if (!rx.ok || !ry.ok) {
            expect(rx.ok ? undefined : rx.error).toEqual(ry.ok ? undefined : ry.error);
            continue;
          }
          x = rx.value;
          y = ry.value;
          // Once the round is played both sides' pennies are public: nothing secret is left to compare.
          if (x.status().roundsPlayed > played) return;
          expect(view(x, 0)).toEqual(view(y, 0));
          expect(x.status()).toEqual(y.status());
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('snapshots', () => {
  function roundTrip(s: Pennies): Pennies {
    const text = JSON.stringify(s);
    const r = restoreSimultaneousSession<PenniesState, PenniesMove, string>(pennies, text);
    if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
    expect(JSON.stringify(r.value)).toBe(text);
    return r.value;
  }

  it('a session mid-round with one pending submission comes back whole, and plays on the same', () => {
    let s = rounds(start({ seats: [HUMAN, bot('2')] }), [
      ['h', 't'],
      ['t', 't'],
    ]);
    s = value(s.submit(1, ['heads', 'tails', 'done'], at(s)));
    const json = s.toJSON();
    expect(json.pending).toEqual([[], ['heads', 'tails', 'done']]);
    expect(json.formatVersion).toBe(2);
    expect(json.line).toEqual({
      start: '0-0 - -',
      steps: [
        [
          ['heads', 'done'],
          ['tails', 'done'],
        ],
        [
          ['tails', 'done'],
          ['tails', 'done'],
        ],
      ],
      cursor: 2,
    });
    const back = roundTrip(s);
    expect(view(back, 0)).toEqual(view(s, 0));
    expect(view(back, 1)).toEqual(view(s, 1));
    expect(back.status()).toEqual(s.status());
    const next = (t: Pennies) => value(t.submit(0, ['heads', 'done'], at(t)));
    expect(JSON.stringify(next(back))).toBe(JSON.stringify(next(s)));
  });

  it('rounds taken back, a result and its takeback, and a draw offer survive the round trip', () => {
    let s = rounds(start(), [
      ['h', 't'],
      ['t', 't'],
    ]);
    s = value(s.takeback(at(s)));
    s = roundTrip(s);
    expect(value(s.redo(at(s))).position.score).toEqual([1, 1]);
    s = value(s.submit(0, 'tails', at(s)));
    s = value(s.offerDraw(1, at(s)));
    s = roundTrip(s);
    s = value(s.resign(0, at(s)));
    s = roundTrip(s);
    expect(s.outcome?.kind).toBe('win');
    s = roundTrip(value(s.takeback(at(s))));
    expect(view(s, 0).pending).toEqual(['tails']);
    expect(value(s.redo(at(s))).position.score).toEqual([1, 1]);
    expect(s.status().drawOffer).toBeUndefined(); // a result ends the offer, as in the sequential session
    s = value(s.offerDraw(1, at(s)));
    s = value(s.answerDraw(0, true, at(s)));
    expect(roundTrip(s).outcome?.kind).toBe('draw');
  });

  it("a line with the game's commands, steps taken back and a result comes back whole, and plays on the same", () => {
    let s = rounds(start(), [['h', 't']]);
    s = value(s.command('score 2-0', at(s)));
    s = rounds(s, [['t', 'h']]);
    s = value(s.command('score 1-1', at(s)));
    s = value(s.takeback(at(s)));
    s = roundTrip(s);
    expect(s.toJSON().line.steps).toEqual([
      [
        ['heads', 'done'],
        ['tails', 'done'],
      ],
      { command: 'score 2-0' },
      [
        ['tails', 'done'],
        ['heads', 'done'],
      ],
      { command: 'score 1-1' },
    ]);
    expect(s.roundStart.score).toEqual([2, 1]);
    s = roundTrip(value(s.redo(at(s))));
    expect(s.roundStart.score).toEqual([1, 1]);
    s = value(s.submit(1, ['tails', 'done'], at(s)));
    s = roundTrip(value(s.resign(0, at(s))));
    s = roundTrip(value(s.takeback(at(s))));
    expect(view(s, 1).pending).toEqual(['tails', 'done']);
    expect(s.status().roundsPlayed).toBe(2);
  });

  it('a version 1 snapshot (a line of rounds only) still restores, and is written as version 2 with the same rounds', () => {
    const round = [
      ['heads', 'done'],
      ['tails', 'done'],
    ];
    const v1 = {
      format: 'tactica-simultaneous-session',
      formatVersion: 1,
      game: 'pennies',
      version: 5,
      seats: [HUMAN, bot('2')],
      line: { start: '0-0 - -', rounds: [round, round], cursor: 2 },
      pending: [[], []],
      ending: { kind: 'resigned', player: 1 },
      before: { line: { start: '0-0 - -', rounds: [round, round], cursor: 2 }, pending: [['heads'], []] },
    };
    const r = restoreSimultaneousSession<PenniesState, PenniesMove, string>(pennies, JSON.stringify(v1));
    if (!r.ok) throw new Error(r.error.message);
    const back = r.value.toJSON();
    expect(back).toMatchObject({ formatVersion: 2, version: 5, ending: { kind: 'resigned', player: 1 } });
    expect(back.line).toEqual({ start: '0-0 - -', steps: [round, round], cursor: 2 });
    expect(back.before?.pending).toEqual([['heads'], []]);
    expect(r.value.outcome).toEqual({ kind: 'win', winner: 0, reason: 'resigned' });
    const undone = value(r.value.takeback(at(r.value)));
    expect(undone.roundStart.score).toEqual([0, 2]);
    expect(view(undone, 0).pending).toEqual(['heads']);
  });

  const good = (): Record<string, unknown> => {
    let s = rounds(start(), [['h', 't']]);
    s = value(s.command('score 1-1', at(s)));
    s = value(s.submit(0, 'heads', at(s)));
    return JSON.parse(JSON.stringify(s)) as Record<string, unknown>;
  };

  const cases: readonly (readonly [string, (v: Record<string, unknown>) => unknown, string, string])[] = [
    ['not JSON', () => '{', 'snapshot/bad-json', ''],
    ['another format', (v) => ({ ...v, format: 'tactica-session' }), 'snapshot/bad-field', 'format'],
    ['another game', (v) => ({ ...v, game: 'nim' }), 'snapshot/other-game', 'nim'],
    ['a negative version', (v) => ({ ...v, version: -1 }), 'snapshot/bad-field', 'version'],
    ['a bad seat', (v) => ({ ...v, seats: [HUMAN, { kind: 'cat' }] }), 'snapshot/bad-field', 'seats'],
    ['a bad start', (v) => ({ ...v, line: { start: '9-9', steps: [], cursor: 0 } }), 'snapshot/bad-position', ''],
    [
      'a start in mid-round',
      (v) => ({ ...v, line: { start: '0-0 h* -', steps: [], cursor: 0 } }),
      'snapshot/bad-field',
      'line.start',
    ],
    [
      'an illegal move in a round',
      (v) => ({ ...v, line: { start: '0-0 - -', steps: [[['done'], ['tails', 'done']]], cursor: 1 } }),
      'snapshot/bad-move',
      'line.steps[0][0][0]',
    ],
    [
      'a round without a submission',
      (v) => ({ ...v, line: { start: '0-0 - -', steps: [[['heads'], ['tails', 'done']]], cursor: 1 } }),
      'snapshot/bad-field',
      'line.steps[0][0]',
    ],
    [
      'a move after a submission',
      (v) => ({ ...v, pending: [['heads', 'done', 'tails'], []] }),
      'snapshot/bad-field',
      'pending[0][2]',
    ],
    [
      'both submitted in the round in progress',
      (v) => ({
        ...v,
        pending: [
          ['heads', 'done'],
          ['tails', 'done'],
        ],
      }),
      'snapshot/bad-field',
      'pending',
    ],
    [
      'a cursor past the rounds',
      (v) => ({ ...v, line: { ...(v.line as object), cursor: 3 } }),
      'snapshot/bad-field',
      'line.cursor',
    ],
    ['a move that is not text', (v) => ({ ...v, pending: [[7], []] }), 'snapshot/bad-field', 'pending[0][0]'],
    ['a bad ending', (v) => ({ ...v, ending: { kind: 'timeout' } }), 'snapshot/bad-field', 'ending.kind'],
    [
      'an ending without the line before it',
      (v) => ({ ...v, pending: [[], []], ending: { kind: 'agreed' } }),
      'snapshot/bad-field',
      'before',
    ],
    ['a line before without an ending', (v) => ({ ...v, before: v.line }), 'snapshot/bad-field', 'before'],
    ['a bad draw offer', (v) => ({ ...v, drawOffer: 2 }), 'snapshot/bad-field', 'drawOffer'],
    [
      'a command the game refuses',
      (v) => ({ ...v, line: { start: '0-0 - -', steps: [{ command: 'score 5-0' }], cursor: 1 } }),
      'snapshot/bad-command',
      'line.steps[0].command: command/bad-score',
    ],
    [
      'a command in a version 1 line (rounds only)',
      (v) => ({ ...v, formatVersion: 1, line: { start: '0-0 - -', rounds: [{ command: 'score 1-0' }], cursor: 1 } }),
      'snapshot/bad-field',
      'line.rounds[0]',
    ],
    ['an unknown format version', (v) => ({ ...v, formatVersion: 3 }), 'snapshot/bad-field', 'formatVersion'],
  ];
  for (const [name, change, expected, path] of cases) {
    it(`a snapshot with ${name} is refused (${expected})`, () => {
      const r = restoreSimultaneousSession(pennies, change(good()));
      expect(code(r)).toBe(expected);
      if (!r.ok && path) expect(r.error.message).toContain(path);
    });
  }

  it('any value at all gives a session or a coded error, never a throw (fuzz)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), fc.string(), fc.anything()), (v) => {
        const r = restoreSimultaneousSession(pennies, v);
        if (!r.ok) expect(r.error.code).toMatch(/^(snapshot|session)\//);
      }),
      { numRuns: 300 },
    );
  });

  it('any field replaced by any JSON value gives a session or a coded error naming a field (fuzz)', () => {
    const base = good();
    const paths: string[][] = [];
    const walk = (v: unknown, path: string[]): void => {
      paths.push(path);
      if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, [...path, k]);
    };
    walk(base, []);
    fc.assert(
      fc.property(fc.constantFrom(...paths.filter((p) => p.length > 0)), fc.jsonValue(), (path, v) => {
        const copy = JSON.parse(JSON.stringify(base)) as Record<string, unknown>;
        let o: Record<string, unknown> = copy;
        for (const k of path.slice(0, -1)) o = o[k] as Record<string, unknown>;
        o[path[path.length - 1] as string] = v;
        const r = restoreSimultaneousSession(pennies, copy);
        if (!r.ok) expect(r.error.code).toMatch(/^snapshot\//);
      }),
      { numRuns: 500 },
    );
  });
});
