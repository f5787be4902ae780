import { describe, expect, it } from 'vitest';
import {
  createRng,
  current,
  lineFromStates,
  pushMove,
  startHistory,
  stateAt,
  undo,
  unwrap,
  type Player,
} from '@tactica/core';
import { restoreStoredGame } from '../all.js';
import { storeGame } from '../stored-game.js';
import type { TacticsMove, TacticsState } from '@tactica/tactics';
import { tacticsEntry, type TacticsSetup } from './entry.js';

function setup(options: Record<string, unknown> = {}): TacticsSetup {
  const r = tacticsEntry.setup(options);
  if (!r.ok || r.value.dynamics !== 'sequential') throw new Error('setup failed');
  return r.value as TacticsSetup;
}

/** The manual's first worked-example diagram ("Before white's move"), White to move. */
const MANUAL = 'R*R*b*R*R2R/5*R2/1Q1Q1*B2/4R3/*Q4*Q2/4*b2*B/4R3/8 w 0';
/** Two Rooks alone: every move is quiet, and four plies bring the position back. */
const SHUTTLE = 'R7/8/8/8/8/8/8/7*R w 0';
const CYCLE = ['a1-a2', 'h8-h7', 'a2-a1', 'h7-h8'];

const sorted = (xs: readonly string[] | undefined): string[] => [...(xs ?? [])].sort();

describe('Tactics in the catalogue', () => {
  it("is one variant, from the manual's starting board unless a position is given", () => {
    expect(tacticsEntry.variants).toEqual([{ id: 'tactics', name: 'Tactics', options: { position: '' } }]);
    expect(tacticsEntry.options.map((o) => [o.key, o.kind, o.default])).toEqual([['position', 'text', '']]);
    const s = setup();
    expect(s.game.formatPosition(s.initial())).toBe('QBRRRRBQ/8/8/8/8/8/8/*Q*B*R*R*R*R*B*Q w 0');
  });

  it('starts from position text as `tactica play tactics --position` takes it, kept in its canonical form', () => {
    const s = setup({ position: '  R7/8/8/8/8/8/8/7*R   b ' });
    expect(s.options).toEqual({ position: 'R7/8/8/8/8/8/8/7*R b 0' });
    expect(s.game.formatPosition(s.initial())).toBe('R7/8/8/8/8/8/8/7*R b 0');
    // The starting board written out is the starting board: one start, one stored form (ours).
    expect(setup({ position: 'QBRRRRBQ/8/8/8/8/8/8/*Q*B*R*R*R*R*B*Q w' }).options).toEqual({ position: '' });
  });

  it.each([
    ['R7/8/8/8/8/8/8/7X w 0', 'position/bad-piece'],
    ['R7/8/8 w 0', 'position/ranks'],
    ['RRRRR3/8/8/8/8/8/8/7*R w 0', 'position/too-many-pieces'],
    ['R7/8/8/8/8/8/8/7*R x 0', 'position/bad-turn'],
    ['R7/8/8/8/8/8/8/7*R w 101', 'position/bad-clock'],
  ])('refuses the bad position %s with its own code, naming the option', (position, code) => {
    const r = tacticsEntry.setup({ position });
    expect(!r.ok && r.error.code).toBe(code);
    expect(!r.ok && r.error.message).toMatch(/^position: /);
    expect(!r.ok && r.error.input).toBe('position');
  });

  it('refuses position text longer than the schema allows, as every option is refused', () => {
    const long = tacticsEntry.setup({ position: `${SHUTTLE}${' '.repeat(200)}` });
    expect(!long.ok && long.error.code).toBe('options/bad-value');
    expect(!long.ok && long.error.message).toMatch(/^position: /);
  });

  it('"auto" time is per move (ours), and there is no takeback rule beyond the clock\'s', () => {
    const s = setup();
    expect(s.autoTimeMode).toBe('move');
    expect(s.takebackAllowed).toBeUndefined();
    const session = unwrap(s.newSession({ seed: 1, now: 0, clock: { mode: s.autoTimeMode, limit: 'normal' } }));
    expect(session.status(1000).clock?.mode).toBe('move');
  });
});

describe("Tactics status: the terminal's status line as data", () => {
  it('at the start: White to move, move 1, eight mobile pieces a side, nothing counted yet', () => {
    const s = setup();
    const start = s.initial();
    expect(s.status(start, { start, ply: 0 })).toEqual({
      moveNumber: 1,
      toMove: [0],
      turn: 0,
      moveLabel: '1.',
      quietPlies: 0,
      quietLimit: 100,
      repetitions: 1,
      repetitionLimit: 3,
      pieces: [8, 8],
      mobile: [8, 8],
      frozen: [0, 0],
      faces: [8, 8],
      outcome: undefined,
    });
  });

  it('manual, h1-f1: three Black Rooks frozen, the White Bishop on c1 freed; counts per owner and per face', () => {
    const s = setup({ position: MANUAL });
    const before = s.initial();
    // Before: White's Bishops on c1 and e6 show Black's colour.
    expect(s.status(before, { start: before, ply: 0 })).toMatchObject({
      pieces: [8, 8],
      mobile: [6, 8],
      frozen: [2, 0],
      faces: [6, 10],
    });
    const after = unwrap(s.game.tryPlay(before, 'h1-f1'));
    expect(s.status(after, { start: before, ply: 1 })).toMatchObject({
      moveNumber: 1,
      moveLabel: '1...',
      toMove: [1],
      turn: 1,
      pieces: [8, 8],
      mobile: [7, 5],
      frozen: [1, 3],
      faces: [10, 6],
      quietPlies: 0,
    });
  });

  it("counts moves as the terminal does: from a start with Black to move, Black's ply is move 1", () => {
    const s = setup({ position: 'R7/8/8/8/8/8/8/7*R b 0' });
    const start = s.initial();
    expect(s.status(start, { start, ply: 0 })).toMatchObject({ moveNumber: 1, moveLabel: '1...', turn: 1 });
    const next = unwrap(s.game.tryPlay(start, 'h8-h7'));
    expect(s.status(next, { start, ply: 1 })).toMatchObject({ moveNumber: 2, moveLabel: '2.', turn: 0 });
  });

  it('ours: the hundredth ply without a flip draws, and the status says so', () => {
    const s = setup({ position: 'R7/8/8/8/8/8/8/7*R w 99' });
    const start = s.initial();
    expect(s.status(start, { start, ply: 0 }).quietPlies).toBe(99);
    const drawn = unwrap(s.game.tryPlay(start, 'a1-a2'));
    expect(s.status(drawn, { start, ply: 1 })).toMatchObject({
      quietPlies: 100,
      toMove: [],
      outcome: { kind: 'draw', reason: 'no-flip-in-100-plies' },
    });
  });

  it('ours: threefold repetition, counted through a session started from the catalogue', () => {
    const s = setup({ position: SHUTTLE });
    let session = unwrap(s.newSession({ seed: 1, now: 0 }));
    const seen: number[] = [];
    for (const text of [...CYCLE, ...CYCLE]) {
      const [from, to] = text.split('-') as [string, string];
      const move = unwrap(s.board.fromInput(session.position, { from, to }));
      session = unwrap(session.play(session.toMove as Player, move, { expectedVersion: session.version, now: 0 }));
      seen.push(session.status(0).game?.repetitions ?? 0);
    }
    // The start comes back with White to move after plies 4 and 8; the others are seen once or twice.
    expect(seen).toEqual([1, 1, 1, 2, 2, 2, 2, 3]);
    expect(session.status(0).game).toMatchObject({
      moveNumber: 5,
      repetitionLimit: 3,
      toMove: [],
      outcome: { kind: 'draw', reason: 'threefold-repetition' },
    });
  });

  it('manual, "Object of the game": a player left without a move has lost, and it is still his turn', () => {
    const s = setup({ position: '*r*b6/8/8/8/8/8/8/7*Q w 0' });
    const start = s.initial();
    expect(s.status(start, { start, ply: 0 })).toMatchObject({
      toMove: [],
      turn: 0,
      mobile: [0, 1],
      frozen: [2, 0],
      outcome: { kind: 'win', winner: 1, reason: 'all-frozen' },
    });
  });
});

describe('Tactics board model', () => {
  it('names the squares a1…h8 as the manual does, a1 light, and draws the starting pieces with their arrows', () => {
    const s = setup();
    const model = s.board.model(s.initial());
    expect(model.squares.map((q) => q.id).slice(0, 9)).toEqual(['a1', 'b1', 'c1', 'd1', 'e1', 'f1', 'g1', 'h1', 'a2']);
    expect(model.squares[0]).toMatchObject({ id: 'a1', file: 0, rank: 0, shade: 'light', playable: true });
    expect(model.squares[1]?.shade).toBe('dark');
    expect(model.squares[0]?.piece).toEqual({
      kind: 'queen',
      owner: 0,
      face: 0,
      frozen: false,
      directions: ['n', 's', 'e', 'w', 'ne', 'sw', 'se', 'nw'],
      symbol: 'Q',
      name: 'white queen',
    });
    expect(model.squares[63]?.piece).toMatchObject({ kind: 'queen', owner: 1, face: 1, symbol: '*Q' });
    expect(model.squares[2]?.piece).toMatchObject({ kind: 'rook', directions: ['n', 's', 'e', 'w'] });
    expect(model.squares[1]?.piece).toMatchObject({ kind: 'bishop', directions: ['ne', 'sw', 'se', 'nw'] });
    expect(model.squares.filter((q) => q.piece)).toHaveLength(16);
    expect(model.toMove).toEqual([0]);
  });

  it("manual: a piece showing the opponent's colour is frozen (c1 is White's Bishop, black face up)", () => {
    const s = setup({ position: MANUAL });
    const c1 = s.board.model(s.initial()).squares[2];
    expect(c1?.piece).toEqual({
      kind: 'bishop',
      owner: 0,
      face: 1,
      frozen: true,
      directions: ['ne', 'sw', 'se', 'nw'],
      symbol: '*b',
      name: 'frozen white bishop',
    });
  });

  it("manual, the worked example: each move's input carries the squares it flips", () => {
    const s = setup({ position: MANUAL });
    let state = s.initial();
    const steps = [
      ['h1', 'f1', ['b1', 'c1', 'd1', 'e1']],
      ['a5', 'c3', ['b3', 'd3']],
      ['c1', 'f4', ['f2', 'f3', 'f5']],
      ['c3', 'e5', []],
    ] as const;
    for (const [from, to, flips] of steps) {
      const found = s.board.inputs(state).filter((i) => i.from === from && i.to === to);
      expect(found).toHaveLength(1);
      const input = found[0]!;
      expect(input).toMatchObject({ action: 'move', notation: `${from}-${to}`, path: [to] });
      expect(input.choice).toBeUndefined();
      expect(sorted(input.captures)).toEqual([...flips]);
      expect(input.label).toBe(
        flips.length ? `${from} to ${to}, flipping ${input.captures!.join(', ')}` : `${from} to ${to}`,
      );
      const move = unwrap(s.board.fromInput(state, { from, to }));
      expect(sorted(s.board.squaresOf(state, move).captures)).toEqual([...flips]);
      state = s.game.play(state, move);
    }
    expect(s.game.formatPosition(state)).toBe('Rr1rrR2/5r2/1*q1*q1b2/4RB2/4*Qq2/4*b2*B/4R3/8 w 1');
  });

  it("every input's flips are exactly the squares whose colour its move turns, over a seeded random game", () => {
    const s = setup();
    const faces = (t: TacticsState): (Player | undefined)[] => s.board.model(t).squares.map((q) => q.piece?.face);
    const ids = s.board.model(s.initial()).squares.map((q) => q.id);
    const rng = createRng('tactics flips');
    let state = s.initial();
    let flipping = 0;
    for (let ply = 0; ply < 60 && !s.game.outcome(state); ply++) {
      const before = faces(state);
      const inputs = s.board.inputs(state);
      for (const input of inputs) {
        const after = faces(s.game.play(state, input.move));
        const turned = ids.filter((id, i) => id !== input.from && id !== input.to && before[i] !== after[i]);
        expect(sorted(input.captures), input.notation).toEqual(turned.sort());
        if (turned.length) flipping++;
      }
      state = s.game.play(state, rng.pick(inputs).move);
    }
    // The game reached positions where moves flip, so the check above had something to check.
    expect(flipping).toBeGreaterThan(50);
  });

  it.each([
    ['a frozen piece cannot move', { from: 'c1' }, 'move/frozen', 'c1'],
    ['a frozen piece cannot move, wherever it is dragged', { from: 'c1', to: 'd2' }, 'move/frozen', 'c1'],
    ['a slide cannot pass a piece', { from: 'a1', to: 'a6' }, 'move/blocked', 'a6'],
    ['a move must end on an empty square: pieces never capture', { from: 'a1', to: 'a5' }, 'move/occupied', 'a5'],
    ['a Rook slides along ranks and files only', { from: 'a1', to: 'b2' }, 'move/bad-direction', 'b2'],
    ['a Queen does not jump like a knight', { from: 'b3', to: 'c5' }, 'move/bad-direction', 'c5'],
    ["the opponent's piece is not yours", { from: 'a5', to: 'a4' }, 'input/not-your-piece', 'a5'],
    ['an empty square has nothing to move', { from: 'c2', to: 'c3' }, 'input/empty-square', 'c2'],
    ['a square of another board', { from: 'A1', to: 'a2' }, 'input/bad-square', 'A1'],
    ['dropped back where it came from', { from: 'a1', to: 'a1' }, 'input/illegal-target', 'a1'],
  ] as const)('explains why an input is refused: %s', (_why, input, code, where) => {
    const s = setup({ position: MANUAL });
    const r = s.board.fromInput(s.initial(), input);
    expect(!r.ok && r.error.code).toBe(code);
    expect(!r.ok && r.error.input).toBe(where);
  });

  it('a piece boxed in by others has no move, and the answer says so', () => {
    // White's Rook on a1 is walled in by its own Queen on a2 and Black's Rook on b1.
    const s = setup({ position: 'R*R6/Q7/8/8/8/8/8/8 w 0' });
    const r = s.board.fromInput(s.initial(), { from: 'a1' });
    expect(!r.ok && r.error.code).toBe('input/no-move');
  });

  it("a move has no choices to give, and moves are only the side to move's", () => {
    const s = setup();
    const start = s.initial();
    const wrong = s.board.fromInput(start, { from: 'c1', to: 'c5', choice: 'x' });
    expect(!wrong.ok && wrong.error.code).toBe('input/bad-choice');
    expect(s.board.inputs(start, 1)).toEqual([]);
    const turn = s.board.fromInput(start, { from: 'c8', to: 'c4' }, 1);
    expect(!turn.ok && turn.error.code).toBe('input/not-your-turn');
    // Tactics has no act but the move: no purchase, no transfer.
    const other = s.board.fromInput(start, { from: 'c1', to: 'c5', action: 'buy' });
    expect(!other.ok && other.error.code).toBe('input/no-such-action');
    expect(!other.ok && other.error.message).toContain('buy');
  });
});

describe('Tactics records', () => {
  it('the game record round-trips with its players, as the terminal saves it', async () => {
    const s = setup();
    let h = startHistory<TacticsState, TacticsMove>(s.initial());
    for (const text of ['c1-c5', 'd8-d4', 'e1-e3']) {
      const m = unwrap(s.game.parseMove(current(h), text));
      h = pushMove(h, m, s.game.play(current(h), m));
    }
    // A move taken back is not part of the record.
    h = undo(s.game, h);
    const text = unwrap(await s.exportRecord('tactics-record', h, { players: ['Ann', 'Bob'], date: '2026.11.25' }));
    expect(text).toBe(
      '[Game "Tactics"]\n[Date "2026.11.25"]\n[White "Ann"]\n[Black "Bob"]\n[Result "*"]\n\n1. c1-c5 d8-d4 *\n',
    );
    const back = unwrap(await tacticsEntry.importRecord('tactics-record', text));
    expect(back.options).toEqual({ position: '' });
    expect(back.meta).toEqual({ players: ['Ann', 'Bob'], date: '2026.11.25' });
    expect(back.history.moves.map((m) => s.game.formatMove(current(back.history), m))).toEqual(['c1-c5', 'd8-d4']);
    expect(s.game.formatPosition(current(back.history))).toBe(s.game.formatPosition(stateAt(s.game, h, 2)));
  });

  it("reads the manual's worked example as a record from its diagram, and sets its game up again", async () => {
    const text = `[Game "Tactics"]\n[Position "${MANUAL}"]\n[Result "*"]\n\n1. h1-f1 a5-c3 2. c1-f4 c3-e5 *\n`;
    const back = unwrap(await tacticsEntry.importRecord('tactics-record', text));
    expect(back.options).toEqual({ position: MANUAL });
    expect(back.meta).toEqual({});
    const again = setup(back.options);
    expect(again.game.formatPosition(again.initial())).toBe(MANUAL);
    expect(again.game.formatPosition(current(back.history))).toBe('Rr1rrR2/5r2/1*q1*q1b2/4RB2/4*Qq2/4*b2*B/4R3/8 w 1');
    // Written back out, the record is the same text.
    expect(unwrap(await again.exportRecord('tactics-record', back.history))).toBe(text);
  });

  it('a resignation is kept by the result, and read back as one', async () => {
    const s = setup();
    const m = unwrap(s.game.parseMove(s.initial(), 'c1-c5'));
    const h = lineFromStates([s.initial(), s.game.resign(s.game.play(s.initial(), m), 1)], [m]);
    const text = unwrap(await s.exportRecord('tactics-record', h));
    expect(text).toMatch(/1\. c1-c5 1-0\n$/);
    const back = unwrap(await tacticsEntry.importRecord('tactics-record', text));
    expect(s.game.outcome(current(back.history))).toEqual({ kind: 'win', winner: 0, reason: 'resigned' });
  });

  it('refuses other formats, damaged records and meta that would break a tag line, with coded errors', async () => {
    const s = setup();
    const h = lineFromStates([s.initial()], []);
    const pgn = await s.exportRecord('pgn', h);
    expect(!pgn.ok && pgn.error.code).toBe('record/unknown-format');
    const pdn = await tacticsEntry.importRecord('pdn', '1. c1-c5 *');
    expect(!pdn.ok && pdn.error.code).toBe('record/unknown-format');
    const illegal = await tacticsEntry.importRecord('tactics-record', '[Game "Tactics"]\n\n1. c1-d2 *\n');
    expect(!illegal.ok && illegal.error.code).toBe('record/illegal-move');
    const other = await tacticsEntry.importRecord('tactics-record', '[Game "Tactrix"]\n\n*\n');
    expect(!other.ok && other.error.code).toBe('record/wrong-game');
    const meta = await s.exportRecord('tactics-record', h, { players: ['Ann', 'Bob\n[Result "1-0"]'] });
    expect(!meta.ok && meta.error.code).toBe('record/bad-meta');
    expect(!meta.ok && meta.error.message).toMatch(/^meta\.players\[1\]: /);
  });

  it('a stored game from a given position restores with the catalogue alone, at its own start', () => {
    const s = setup({ position: MANUAL });
    let session = unwrap(s.newSession({ seed: 3, now: 0 }));
    const move = unwrap(s.board.fromInput(session.position, { from: 'h1', to: 'f1' }));
    session = unwrap(session.play(0, move, { expectedVersion: session.version, now: 0 }));
    const back = unwrap(restoreStoredGame(JSON.parse(JSON.stringify(storeGame(s, session)))));
    expect(back.setup.options).toEqual({ position: MANUAL });
    if (back.dynamics !== 'sequential') throw new Error('Tactics is sequential');
    expect(back.setup.game.formatPosition(back.session.history.start)).toBe(MANUAL);
    expect(JSON.stringify(back.session)).toBe(JSON.stringify(session));
  });
});

describe('Tactics computer', () => {
  it('offers the six levels of @tactica/ai and loads its engine on first use', async () => {
    const s = setup();
    expect(s.levels.map((l) => l.id)).toEqual(['dumb', 'novice', 'average', 'good', 'smart', 'master']);
    expect(tacticsEntry.levels).toBe(s.levels);
    const engine = await s.loadEngine();
    const start = s.initial();
    const choice = engine.choose(start, 'good', { seed: 1 });
    expect(s.board.inputs(start).map((i) => i.notation)).toContain(s.game.formatMove(start, choice.move));
  });
});
