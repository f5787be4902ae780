import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Game } from './game.js';
import { current, endAtCursor, pushMove, startHistory, undo, type History } from './history.js';
import type { Player } from './player.js';
import type { InputError, Result } from './result.js';
import {
  createSession,
  restoreSession,
  type CommandOptions,
  type SessionClock,
  type SessionOptions,
  type SessionSeats,
  type SessionSnapshot,
  type Session,
} from './session.js';
import { snapshot } from './snapshot.js';
import { nim, type NimState } from './test-games.js';

/*
 * Every test plays the one-heap Nim of test-games.ts: 10 stones, take 1–3, First moves first, whoever takes the
 * last stone wins. "take N" is its notation.
 */
type Nim = Session<NimState, number, string>;

const MIN = 60_000;
const HUMAN = { kind: 'human' } as const;
const bot = (level = 'smart') => ({ kind: 'computer', level }) as const;

function start(
  options: Partial<SessionOptions<NimState, number, string>> = {},
  game: Game<NimState, number> = nim,
): Nim {
  const r = createSession<NimState, number, string>(game, { seed: 7, now: 0, ...options });
  if (!r.ok) throw new Error(r.error.code);
  return r.value;
}

function value(r: Result<Nim, InputError>): Nim {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

function code(r: Result<unknown, InputError>): string | undefined {
  return r.ok ? undefined : r.error.code;
}

const at = (s: Nim, now = 0): CommandOptions => ({ expectedVersion: s.version, now });

/** Plays typed moves in turn for whoever is to move. */
function playAll(s: Nim, texts: readonly string[], now = 0): Nim {
  for (const t of texts) s = value(s.playText(s.toMove ?? 0, t, at(s, now)));
  return s;
}

const stones = (s: Nim): number => s.position.stones;

describe('optimistic concurrency', () => {
  it('a command for another version is refused and the session is unchanged', () => {
    const s = playAll(start(), ['take 1']);
    const before = JSON.stringify(s);
    const stale = s.playText(1, 'take 2', { expectedVersion: s.version - 1, now: 0 });
    expect(code(stale)).toBe('session/stale-version');
    expect(code(s.takeback({ expectedVersion: s.version + 1, now: 0 }))).toBe('session/stale-version');
    expect(JSON.stringify(s)).toBe(before);
    expect(s.version).toBe(1);
  });

  it('every accepted change raises the version by one', () => {
    let s = start({ seats: [HUMAN, HUMAN] });
    const versions = [s.version];
    s = value(s.playText(0, 'take 1', at(s)));
    versions.push(s.version);
    s = value(s.switchSides(at(s)));
    versions.push(s.version);
    s = value(s.offerDraw(1, at(s)));
    versions.push(s.version);
    s = value(s.answerDraw(0, false, at(s)));
    versions.push(s.version);
    s = value(s.takeback(at(s)));
    versions.push(s.version);
    expect(versions).toEqual([0, 1, 2, 3, 4, 5]);
  });
});

describe('moves', () => {
  it('a move out of turn is refused', () => {
    const s = start();
    expect(code(s.playText(1, 'take 1', at(s)))).toBe('session/not-your-turn');
    expect(code(s.play(1, 1, at(s)))).toBe('session/not-your-turn');
  });

  it("an illegal move text is refused with the game's own error; an illegal move object with the session's", () => {
    const s = playAll(start(), ['take 3', 'take 3', 'take 3']); // 1 stone left
    expect(code(s.playText(1, 'take 2', at(s)))).toBe('move/illegal');
    expect(code(s.playText(1, 'grab two', at(s)))).toBe('move/syntax');
    expect(code(s.play(1, 2, at(s)))).toBe('session/illegal-move');
  });

  it('no move, resignation or draw offer once the game is over', () => {
    const s = playAll(start(), ['take 3', 'take 3', 'take 3', 'take 1']);
    expect(s.outcome).toEqual({ kind: 'win', winner: 1, reason: 'last-stone' });
    expect(s.toMove).toBeUndefined();
    expect(code(s.playText(0, 'take 1', at(s)))).toBe('session/game-over');
    expect(code(s.resign(0, at(s)))).toBe('session/game-over');
    expect(code(s.offerDraw(0, at(s)))).toBe('session/game-over');
  });

  it('a player is 0 or 1, even when the request says otherwise', () => {
    const s = start();
    expect(code(s.playText(2 as Player, 'take 1', at(s)))).toBe('session/bad-player');
    expect(code(s.resign(-1 as Player, at(s)))).toBe('session/bad-player');
    expect(code(s.playText(0, 'take 1', { expectedVersion: 0, now: Number.NaN }))).toBe('session/bad-time');
  });
});

describe('takeback and redo', () => {
  it('takes back one move between two people', () => {
    let s = playAll(start(), ['take 1', 'take 2']);
    s = value(s.takeback(at(s)));
    expect(stones(s)).toBe(9);
    expect(s.toMove).toBe(1);
  });

  it("against the computer, takeback goes back to the person's last move", () => {
    // First (person) takes 1, Second (computer) takes 2: takeback undoes both, the person is to move.
    let s = start({ seats: [HUMAN, bot()] });
    s = value(s.playText(0, 'take 1', at(s)));
    s = value(s.play(1, 2, at(s)));
    s = value(s.takeback(at(s)));
    expect(stones(s)).toBe(10);
    expect(s.toMove).toBe(0);
    // The computer moving first: computer 1, person 2, computer 3, then takeback leaves the person at 9 stones.
    let t = start({ seats: [bot(), HUMAN] });
    t = value(t.play(0, 1, at(t)));
    t = value(t.playText(1, 'take 2', at(t)));
    t = value(t.play(0, 3, at(t)));
    t = value(t.takeback(at(t)));
    expect(stones(t)).toBe(9);
    expect(t.toMove).toBe(1);
  });

  it('redo replays what was taken back (with the computer answer); a new move clears it', () => {
    let s = start({ seats: [HUMAN, bot()] });
    s = value(s.playText(0, 'take 1', at(s)));
    s = value(s.play(1, 2, at(s)));
    s = value(s.takeback(at(s)));
    const redone = value(s.redo(at(s)));
    expect(stones(redone)).toBe(7);
    expect(redone.toMove).toBe(0);
    const branched = value(s.playText(0, 'take 3', at(s)));
    expect(code(branched.redo(at(branched)))).toBe('session/nothing-to-redo');
  });

  it('nothing to take back at the start', () => {
    const s = start();
    expect(code(s.takeback(at(s)))).toBe('session/nothing-to-take-back');
    expect(code(s.redo(at(s)))).toBe('session/nothing-to-redo');
  });

  it('blitz forbids takeback and redo (manual 3.3.3); normal allows them', () => {
    const blitz = playAll(start({ clock: { mode: 'game', limit: 'blitz' } }), ['take 1']);
    expect(code(blitz.takeback(at(blitz)))).toBe('session/takeback-not-allowed');
    expect(blitz.takebackAllowed).toBe(false);
    let h: History<NimState, number> = startHistory(nim.initial());
    h = undo(nim, pushMove(h, 1, nim.play(nim.initial(), 1)));
    const redoLine = start({ clock: { mode: 'move', limit: 'blitz' }, history: h });
    expect(code(redoLine.redo(at(redoLine)))).toBe('session/redo-not-allowed');
    const normal = playAll(start({ clock: { mode: 'game', limit: 'normal' } }), ['take 1']);
    expect(stones(value(normal.takeback(at(normal))))).toBe(10);
  });

  it("a game's own takeback rule is honoured", () => {
    const s = playAll(start({ takebackAllowed: (h) => h.cursor < 2 }), ['take 1', 'take 1']);
    expect(code(s.takeback(at(s)))).toBe('session/takeback-not-allowed');
  });
});

describe('seats', () => {
  it('switch sides: the computer takes the other seat and its shorter allowance goes with it', () => {
    let s = start({ seats: [HUMAN, bot('novice')], clock: { mode: 'game', limit: 'normal' } });
    expect(s.pendingComputer(0)).toBeUndefined();
    expect(s.timeLeft(0, 0)).toBe(30 * MIN);
    s = value(s.switchSides(at(s)));
    expect(s.seats).toEqual([bot('novice'), HUMAN]);
    expect(s.pendingComputer(0)).toMatchObject({ player: 0, level: 'novice' });
    expect(s.timeLeft(0, 0)).toBe(20 * MIN);
    expect(s.timeLeft(1, 0)).toBe(30 * MIN);
  });

  it('a seat keeps only the fields a seat has', () => {
    const seats = [
      { kind: 'human', name: 'Ann', token: 'secret' },
      { kind: 'computer', level: 'good', extra: 1 },
    ] as unknown as SessionSeats;
    expect(start({ seats }).seats).toEqual([{ kind: 'human', name: 'Ann' }, bot('good')]);
  });

  it('setLevel changes a computer seat; a person has no level', () => {
    let s = start({ seats: [HUMAN, bot('novice')] });
    s = value(s.setLevel(1, 'average', at(s)));
    expect(s.status(0).levels).toEqual([undefined, 'average']);
    expect(code(s.setLevel(0, 'smart', at(s)))).toBe('session/not-computer');
  });

  it.each([
    ['no seats', [] as unknown as SessionSeats],
    ['an unknown kind', [HUMAN, { kind: 'robot' }] as unknown as SessionSeats],
    ['a computer without a level', [HUMAN, { kind: 'computer', level: '' }] as unknown as SessionSeats],
    ['a name that is not text', [{ kind: 'human', name: 5 }, HUMAN] as unknown as SessionSeats],
  ])('bad seats are refused with a coded error: %s', (_, seats) => {
    expect(code(createSession(nim, { seats, seed: 1, now: 0 }))).toBe('session/bad-seat');
    const s = start();
    expect(code(s.setSeats(seats, at(s)))).toBe('session/bad-seat');
  });

  it('a bad clock or a simultaneous game is refused', () => {
    const clock = { mode: 'hourly', limit: 'normal' } as unknown as SessionClock;
    expect(code(createSession(nim, { clock, seed: 1, now: 0 }))).toBe('session/bad-clock');
    const simultaneous: Game<NimState, number> = { ...nim, info: { ...nim.info, dynamics: 'simultaneous' } };
    expect(code(createSession(simultaneous, { seed: 1, now: 0 }))).toBe('session/simultaneous');
  });
});

describe('resignation and draws', () => {
  it('resignation ends the game for the opponent; takeback undoes the resignation', () => {
    let s = playAll(start(), ['take 1']);
    s = value(s.resign(1, at(s)));
    expect(s.outcome).toEqual({ kind: 'win', winner: 0, reason: 'resigned' });
    expect(s.ending).toMatchObject({ kind: 'resigned', player: 1 });
    s = value(s.takeback(at(s)));
    expect(s.outcome).toBeUndefined();
    expect(stones(s)).toBe(9);
    expect(s.toMove).toBe(1);
  });

  it('a draw offer waits for the opponent: accepted the game is drawn, declined play goes on', () => {
    let s = value(start().offerDraw(0, at(start())));
    expect(s.status(0).drawOffer).toBe(0);
    expect(code(s.answerDraw(0, true, at(s)))).toBe('session/no-draw-offer');
    expect(code(s.offerDraw(0, at(s)))).toBe('session/draw-already-offered');
    const declined = value(s.answerDraw(1, false, at(s)));
    expect(declined.outcome).toBeUndefined();
    expect(declined.state.drawOffer).toBeUndefined();
    s = value(s.answerDraw(1, true, at(s)));
    expect(s.outcome).toEqual({ kind: 'draw', reason: 'agreed' });
    expect(s.ending?.kind).toBe('agreed');
  });

  it('a move withdraws a pending offer; offers that cross agree the draw', () => {
    const offered = value(start().offerDraw(0, at(start())));
    const moved = value(offered.playText(0, 'take 1', at(offered)));
    expect(code(moved.answerDraw(1, true, at(moved)))).toBe('session/no-draw-offer');
    const crossed = value(offered.offerDraw(1, at(offered)));
    expect(crossed.outcome).toEqual({ kind: 'draw', reason: 'agreed' });
  });

  it("a game's own ending (endWith) is a result takeback can undo; a state without a result is refused", () => {
    let s = playAll(start(), ['take 2']);
    expect(code(s.endWith(s.position, at(s)))).toBe('session/not-ended');
    s = value(s.endWith(nim.resign(s.position, 1), at(s)));
    expect(s.outcome?.kind).toBe('win');
    expect(stones(value(s.takeback(at(s))))).toBe(8);
  });
});

describe('clocks (Draughts manual 3.2.2)', () => {
  it('per move: running out plays a random legal move, at the moment time ran out', () => {
    const s = start({ clock: { mode: 'move', limit: 'blitz' }, seed: 11 });
    expect(s.tick(9_999).timeouts).toEqual([]);
    const { session, timeouts } = s.tick(10_000);
    expect(timeouts).toHaveLength(1);
    const [t] = timeouts;
    expect(t).toMatchObject({ player: 0, at: 10_000, consequence: 'random-move' });
    expect([1, 2, 3]).toContain(t?.move);
    expect(t?.text).toBe(`take ${t?.move}`);
    expect(stones(session)).toBe(10 - (t?.move ?? 0));
    expect(session.toMove).toBe(1);
    expect(session.version).toBe(1);
    // Second's clock started when First's ran out.
    expect(session.timeLeft(1, 15_000)).toBe(5_000);
  });

  it('per move: the random moves are reproducible from the seed, and a single legal move has 2 s, not 10 s', () => {
    const run = (seed: number) =>
      start({ clock: { mode: 'move', limit: 'blitz' }, seed })
        .tick(10 ** 6)
        .timeouts.map((t) => ({ ...t }));
    const a = run(3);
    expect(run(3)).toEqual(a);
    // The whole game ran out move by move: each timeout 10 s after the last, 2 s when one move was legal.
    let left = 10;
    let last = 0;
    for (const t of a) {
      expect(t.at - last).toBe(left === 1 ? 2_000 : 10_000);
      expect(t.move).toBeLessThanOrEqual(Math.min(3, left));
      left -= t.move ?? 0;
      last = t.at;
    }
    expect(left).toBe(0);
    // Different seeds choose differently somewhere among a few games.
    const lines = new Set(
      [1, 2, 3, 4, 5, 6].map((seed) =>
        run(seed)
          .map((t) => t.move)
          .join(','),
      ),
    );
    expect(lines.size).toBeGreaterThan(1);
  });

  it('tick is a function of time: ticking late gives what ticking on time gives', () => {
    const s = playAll(start({ clock: { mode: 'move', limit: 'blitz' }, seed: 5 }), ['take 1'], 1_000);
    const late = s.tick(25_000).session;
    const onTime = s.tick(11_000).session.tick(21_000).session.tick(25_000).session;
    expect(JSON.stringify(late)).toBe(JSON.stringify(onTime));
    expect(late.version).toBe(s.version + 2);
  });

  it('per game: the player who runs out of time loses', () => {
    let s = start({ clock: { mode: 'game', limit: 'blitz' } });
    s = value(s.playText(0, 'take 1', at(s, 1_000)));
    s = value(s.playText(1, 'take 1', at(s, 2_000)));
    // First has used 1 s of 6 min: the time runs out at 2 s + 5:59.
    expect(s.tick(360_999).timeouts).toEqual([]);
    const { session, timeouts } = s.tick(400_000);
    expect(timeouts).toEqual([{ player: 0, at: 361_000, consequence: 'loss' }]);
    expect(session.outcome).toMatchObject({ kind: 'win', winner: 1, reason: 'time-forfeit' });
    expect(session.lostOnTime).toBe(0);
    expect(session.clock?.used).toEqual([6 * MIN, 1_000]);
    expect(session.clock?.running).toBeUndefined();
  });

  it('a command while a timeout is due is refused until the timeout is applied', () => {
    const s = start({ clock: { mode: 'move', limit: 'normal' } });
    expect(code(s.playText(0, 'take 1', at(s, 5 * MIN)))).toBe('session/time-up');
    const ticked = s.tick(5 * MIN).session;
    expect(value(ticked.playText(1, 'take 1', at(ticked, 5 * MIN))).version).toBe(2);
  });

  it("the computer's allowance is 1.5 times shorter, and its thinking budget comes from it", () => {
    const perGame = start({ seats: [HUMAN, bot()], clock: { mode: 'game', limit: 'normal' } });
    expect(perGame.timeLeft(0, 0)).toBe(30 * MIN);
    expect(perGame.timeLeft(1, 0)).toBe(20 * MIN);
    const answered = value(perGame.playText(0, 'take 1', at(perGame, 0)));
    // Per game: a thirtieth of what is left, at most a twentieth of the allowance.
    expect(answered.pendingComputer(0)).toEqual({ player: 1, level: 'smart', budgetMs: 40_000 });
    const perMove = start({ seats: [bot(), HUMAN], clock: { mode: 'move', limit: 'normal' } });
    expect(perMove.timeLeft(0, 0)).toBe(200_000);
    // Per move: four fifths of what is left of this move.
    expect(perMove.pendingComputer(100_000)).toEqual({ player: 0, level: 'smart', budgetMs: 80_000 });
    expect(start({ seats: [bot(), HUMAN] }).pendingComputer(0)).toEqual({
      player: 0,
      level: 'smart',
      budgetMs: undefined,
    });
  });

  it('limits off: time is counted, never runs out', () => {
    let s = start({ clock: { mode: 'game', limit: 'off' } });
    s = value(s.playText(0, 'take 1', at(s, 4_000)));
    expect(s.tick(10 ** 9).timeouts).toEqual([]);
    expect(s.status(5_000).clock).toMatchObject({ used: [4_000, 1_000], left: [Infinity, Infinity], running: 1 });
  });
});

describe('status', () => {
  it("gives the move number, the side to move, the levels, the clocks and the game's own fields", () => {
    let s = start({
      seats: [HUMAN, bot('dumb')],
      clock: { mode: 'game', limit: 'blitz' },
      status: (h) => `stones ${current(h).stones}`,
    });
    s = value(s.playText(0, 'take 2', at(s, 3_000)));
    const st = s.status(4_000);
    expect(st).toMatchObject({
      version: 1,
      ply: 1,
      moveNumber: 1,
      toMove: 1,
      levels: [undefined, 'dumb'],
      game: 'stones 8',
      clock: { mode: 'game', limit: 'blitz', running: 1, left: [6 * MIN - 3_000, 4 * MIN - 1_000] },
    });
    expect(st.outcome).toBeUndefined();
  });
});

describe('snapshots', () => {
  function richSession(): Nim {
    let s = start({ seats: [HUMAN, bot('good')], clock: { mode: 'move', limit: 'normal' }, seed: 99 });
    s = value(s.playText(0, 'take 1', at(s, 1_000)));
    s = value(s.play(1, 3, at(s, 2_000)));
    s = value(s.playText(0, 'take 2', at(s, 3_000)));
    s = value(s.play(1, 1, at(s, 4_000)));
    s = value(s.takeback(at(s, 5_000))); // a redo line of two moves
    s = s.tick(5_000 + 5 * MIN).session; // a random move: the generator's state moved on
    return value(s.offerDraw(1, at(s, 5_000 + 5 * MIN)));
  }

  it('round trip: a restored session is the same session and plays on the same', () => {
    const s = richSession();
    const text = JSON.stringify(s);
    const back = restoreSession<NimState, number, string>(nim, text);
    if (!back.ok) throw new Error(back.error.message);
    expect(JSON.stringify(back.value)).toBe(text);
    expect(snapshot(back.value.state)).toBe(snapshot(s.state));
    const later = 10 ** 7;
    expect(JSON.stringify(back.value.tick(later).session)).toBe(JSON.stringify(s.tick(later).session));
  });

  it('toJSONText reads back as toJSON after any commands (moves, takebacks, redos, resignation, clocks)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 30 }), (ops) => {
        let s = start({ clock: { mode: 'game', limit: 'normal' } });
        let now = 0;
        for (const op of ops) {
          now += 1_000;
          const p = s.toMove ?? 0;
          const r =
            op < 3
              ? s.play(p, op + 1, at(s, now))
              : op === 3
                ? s.takeback(at(s, now))
                : op === 4
                  ? s.redo(at(s, now))
                  : op === 5
                    ? s.offerDraw(p, at(s, now))
                    : s.resign(p, at(s, now));
          if (r.ok) s = r.value;
          expect(JSON.parse(s.toJSONText())).toEqual(JSON.parse(JSON.stringify(s)));
          expect(restoreSession<NimState, number, string>(nim, s.toJSONText()).ok).toBe(true);
        }
      }),
    );
  });

  it('round trip with a result: a restored resignation can still be taken back', () => {
    let s = playAll(start(), ['take 3', 'take 1']);
    s = value(s.resign(0, at(s)));
    const back = value(restoreSession<NimState, number, string>(nim, JSON.parse(JSON.stringify(s))));
    expect(back.outcome).toEqual({ kind: 'win', winner: 1, reason: 'resigned' });
    const undone = value(back.takeback(at(back)));
    expect(undone.outcome).toBeUndefined();
    expect(stones(undone)).toBe(6);
  });

  it('round trip of a line ended without a move (a loaded record with a result)', () => {
    let h: History<NimState, number> = startHistory(nim.initial());
    h = pushMove(h, 2, nim.play(nim.initial(), 2));
    h = endAtCursor(h, nim.agreeDraw(current(h)));
    const s = start({ history: h });
    const snap = s.toJSON();
    expect(snap.line.ended).toEqual({ kind: 'draw' });
    const back = value(restoreSession<NimState, number, string>(nim, snap));
    expect(back.outcome).toEqual({ kind: 'draw', reason: 'agreed' });
    expect(stones(back)).toBe(8);
  });

  const valid = (): Record<string, unknown> => JSON.parse(JSON.stringify(richSession())) as Record<string, unknown>;
  const withField = (path: readonly (string | number)[], v: unknown): unknown => {
    const root = valid();
    let o = root as Record<string | number, unknown>;
    for (const k of path.slice(0, -1)) o = o[k] as Record<string | number, unknown>;
    o[path[path.length - 1] as string | number] = v;
    return root;
  };

  it.each([
    ['text that is not JSON', '{"format":', 'snapshot/bad-json', undefined],
    ['not an object', 42, 'snapshot/bad-field', undefined],
    ['another format', withField(['format'], 'pgn'), 'snapshot/bad-field', 'format'],
    ['another game', withField(['game'], 'chess'), 'snapshot/other-game', undefined],
    // An object whose toString is no function must not make the message throw.
    ['a game that is no text', withField(['game'], { toString: [] }), 'snapshot/other-game', '{"toString":[]}'],
    ['a seat kind that is no text', withField(['seats', 1], { kind: { toString: [] } }), 'snapshot/bad-field', 'seats'],
    ['a negative version', withField(['version'], -1), 'snapshot/bad-field', 'version'],
    ['a bad seat', withField(['seats', 1], { kind: 'robot' }), 'snapshot/bad-field', 'seats'],
    ['a short generator state', withField(['rng'], [1, 2, 3]), 'snapshot/bad-field', 'rng'],
    ['a bad start position', withField(['line', 'start'], '10/7'), 'snapshot/bad-position', 'line.start'],
    ['an illegal move', withField(['line', 'moves', 2], 'take 9'), 'snapshot/bad-move', 'line.moves[2]'],
    ['a move that is not text', withField(['line', 'moves', 0], 3), 'snapshot/bad-field', 'line.moves[0]'],
    ['a cursor past the moves', withField(['line', 'cursor'], 99), 'snapshot/bad-field', 'line.cursor'],
    ['a clock mode', withField(['clock', 'mode'], 'hourly'), 'snapshot/bad-field', 'clock'],
    ['a clock for the wrong player', withField(['clock', 'running', 'player'], 0), 'snapshot/bad-field', 'clock'],
    ['negative time used', withField(['clock', 'used'], [-5, 0]), 'snapshot/bad-field', 'clock.used'],
    ['an ending without a result', withField(['ending'], { kind: 'resigned' }), 'snapshot/bad-field', 'before'],
    ['an unknown draw offerer', withField(['drawOffer'], 2), 'snapshot/bad-field', 'drawOffer'],
  ])('a corrupt snapshot says what and where: %s', (_, snap, expected, where) => {
    const r = restoreSession(nim, snap);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe(expected);
    if (where) expect(r.error.message).toContain(where);
  });

  it('fuzz: any JSON value is restored or refused with a coded snapshot error, never a throw', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), fc.string(), fc.anything()), (v) => {
        const r = restoreSession(nim, v);
        if (!r.ok) expect(r.error.code).toMatch(/^snapshot\/[a-z-]+$/);
      }),
      { numRuns: 400 },
    );
  });

  it('fuzz: a valid snapshot with one field replaced restores or is refused with a coded error', () => {
    const base = valid();
    const paths: (string | number)[][] = [];
    const walk = (o: unknown, path: (string | number)[]): void => {
      paths.push(path);
      if (Array.isArray(o)) o.forEach((x, i) => walk(x, [...path, i]));
      else if (o && typeof o === 'object') for (const [k, x] of Object.entries(o)) walk(x, [...path, k]);
    };
    walk(base, []);
    fc.assert(
      fc.property(fc.constantFrom(...paths.filter((p) => p.length > 0)), fc.jsonValue(), (path, v) => {
        const r = restoreSession(nim, withField(path, v));
        if (!r.ok) expect(r.error.code).toMatch(/^snapshot\/[a-z-]+$/);
        // A session restored from a snapshot gives a snapshot again.
        else expect(JSON.parse(JSON.stringify(r.value))).toMatchObject({ format: 'tactica-session', formatVersion: 1 });
      }),
      { numRuns: 400 },
    );
  });

  it('property: any sequence of commands survives the snapshot round trip', () => {
    type Step = { kind: 'move' | 'takeback' | 'redo' | 'switch' | 'resign' | 'offer' | 'answer' | 'tick'; n: number };
    const step = fc.record({
      kind: fc.constantFrom('move', 'takeback', 'redo', 'switch', 'resign', 'offer', 'answer', 'tick'),
      n: fc.nat(1000),
    }) as fc.Arbitrary<Step>;
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), fc.constantFrom('move', 'game'), (steps, mode) => {
        let s = start({ seats: [HUMAN, bot()], clock: { mode, limit: 'normal' }, seed: 1 });
        let now = 0;
        for (const { kind, n } of steps) {
          now += n * 1000;
          s = s.tick(now).session;
          const o = at(s, now);
          const p = (s.toMove ?? 0) as Player;
          const moves = nim.legalMoves(s.position);
          const r =
            kind === 'move'
              ? s.play(p, moves[n % Math.max(1, moves.length)] ?? 1, o)
              : kind === 'takeback'
                ? s.takeback(o)
                : kind === 'redo'
                  ? s.redo(o)
                  : kind === 'switch'
                    ? s.switchSides(o)
                    : kind === 'resign'
                      ? s.resign(p, o)
                      : kind === 'offer'
                        ? s.offerDraw((n % 2) as Player, o)
                        : kind === 'answer'
                          ? s.answerDraw((n % 2) as Player, n % 3 === 0, o)
                          : undefined;
          if (r?.ok) s = r.value;
        }
        const back = restoreSession<NimState, number, string>(nim, JSON.stringify(s));
        expect(back.ok).toBe(true);
        if (back.ok) expect(snapshot(back.value.state)).toBe(snapshot(s.state));
      }),
      { numRuns: 150 },
    );
  });

  it('the snapshot is plain JSON with moves as notation', () => {
    const snap: SessionSnapshot = playAll(start(), ['take 2', 'take 3']).toJSON();
    expect(snap).toMatchObject({
      format: 'tactica-session',
      formatVersion: 1,
      game: 'nim',
      version: 2,
      line: { start: '10/0', moves: ['take 2', 'take 3'], cursor: 2 },
      clock: null,
    });
  });
});

describe('clocks per game with an increment (ours)', () => {
  const clock = { mode: 'game', limit: 'normal', incrementMs: 5_000 } as const;

  it('each move earns its player the increment; a takeback takes it back; a snapshot keeps it', () => {
    let s = start({ clock });
    s = value(s.playText(0, 'take 1', at(s, 10_000)));
    // First used 10 s and earned 5 s.
    expect(s.timeLeft(0, 10_000)).toBe(30 * MIN - 10_000 + 5_000);
    s = value(s.playText(1, 'take 1', at(s, 13_000)));
    expect(s.timeLeft(1, 13_000)).toBe(30 * MIN - 3_000 + 5_000);
    const back = restoreSession<NimState, number, string>(nim, JSON.parse(JSON.stringify(s)) as unknown);
    expect(back.ok && back.value.timeLeft(0, 20_000)).toBe(s.timeLeft(0, 20_000));
    expect((JSON.parse(JSON.stringify(s)) as SessionSnapshot).clock?.incrementMs).toBe(5_000);
    const taken = value(s.takeback(at(s, 13_000)));
    // Second's move is taken back: Second's 5 s go with it, the 3 s spent stay spent.
    expect(taken.timeLeft(1, 13_000)).toBe(30 * MIN - 3_000);
  });

  it('the credit counted move by move equals the credit counted from the whole line, through takebacks and redos', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('take 1', 'take 2', 'take 3', 'back', 'redo'), { maxLength: 30 }),
        (cmds) => {
          let s = start({ clock });
          let now = 0;
          for (const c of cmds) {
            now += 1_000;
            const r =
              c === 'back'
                ? s.takeback(at(s, now))
                : c === 'redo'
                  ? s.redo(at(s, now))
                  : s.playText(s.toMove ?? 0, c, at(s, now));
            if (!r.ok) continue;
            s = r.value;
            // A restored session counts the credit of its whole line afresh.
            const back = restoreSession<NimState, number, string>(nim, JSON.parse(JSON.stringify(s)) as unknown);
            if (!back.ok) throw new Error(back.error.code);
            for (const p of [0, 1] as const) expect(s.timeLeft(p, now)).toBe(back.value.timeLeft(p, now));
          }
        },
      ),
      { numRuns: 200, seed: 11 },
    );
  });

  it('an increment is refused on a clock per move, below 0 or above a minute', () => {
    for (const bad of [
      { mode: 'move', limit: 'blitz', incrementMs: 1_000 },
      { mode: 'game', limit: 'blitz', incrementMs: -1 },
      { mode: 'game', limit: 'blitz', incrementMs: 60_001 },
      { mode: 'game', limit: 'blitz', incrementMs: 1.5 },
    ] as const) {
      expect(code(createSession(nim, { clock: bad, seed: 1, now: 0 }))).toBe('session/bad-clock');
    }
  });
});

describe('forfeit', () => {
  it('a forfeit is a loss on time outside the clock (a correspondence deadline); takeback undoes it', () => {
    let s = playAll(start(), ['take 1']);
    s = value(s.forfeit(1, at(s)));
    // A loss on time says so (issue 40), not the game's resignation it ends the line with.
    expect(s.outcome).toEqual({ kind: 'win', winner: 0, reason: 'time-forfeit' });
    expect(s.lostOnTime).toBe(1);
    expect(code(s.forfeit(0, at(s)))).toBe('session/game-over');
    const back = value(s.takeback(at(s)));
    expect(back.outcome).toBeUndefined();
    expect(stones(back)).toBe(9);
  });
});
