import { describe, expect, it } from 'vitest';
import { current, endAtCursor, pushMove, startHistory, unwrap, type History } from '@tactica/core';
import type { Force400Action, Force400State } from '@tactica/force400';
import { restoreStoredGame } from '../all.js';
import { storeGame } from '../stored-game.js';
import { force400Entry, type Force400Setup } from './entry.js';

/**
 * The manual's record ("Game-Record Notation", IBM edition; `packages/force400/src/testdata/manual-record-ibm.txt`
 * without its blank lines), inline: the catalogue is pure and its tests see no file system.
 */
const ibm = `Example
10-04-1984 01:26:26
White: (Human)
Black: Program
\tWhite\tWhom Black area area area
1.\tM C8-C1\tM F1-G2
2.\tM C9-C1\tM H1-H4
3.\tT J8-C1 10\tM B0-C1
4.\tM G8-G5\tM A1-B0
5.\tM B8-C9\tM I1-H1
6.\tTA9-A8 10\tM J1-J7
7.\tM A8-A0\tM H4-C4
8.\tM C9-C4\tM E1-G3
9.\tM D8-C9\tM G3-F3
10.\tM C1-C0\tM G0-C4
11.\tM C4-G0\tM D0-C1
12.\tM E8-E1\tM D1-D0
13.\tM E1-D1\tM D0-D1
14.\tM G5-G3\tM G2-H2
15.\tM G3-D0\tT B0-C0 20
16.\tM A0-B0\tM B1-A0
17.\tM C9-C1\tM FO-C3
18.\tM C1-C0\tM CO-A2
19.\tM D0-B2\tM H2-B2
20.\tM F9-A4\tT A0-A2 16
21.\tM B0-A0\tM A2-H9
Black\twins.
`;

function setup(options: Record<string, unknown> = {}): Force400Setup {
  const r = force400Entry.setup(options);
  if (!r.ok || r.value.dynamics !== 'sequential') throw new Error(`setup failed: ${JSON.stringify(r)}`);
  return r.value as Force400Setup;
}

/** Plays action texts from the setup's start, as a line of play. */
function line(s: Force400Setup, ...texts: string[]): History<Force400State, Force400Action> {
  let h = startHistory<Force400State, Force400Action>(s.initial());
  for (const text of texts) {
    const m = unwrap(s.game.parseMove(current(h), text));
    h = pushMove(h, m, s.game.play(current(h), m));
  }
  return h;
}

function manAt(s: Force400Setup, state: Force400State, id: string) {
  return s.board.model(state).squares.find((q) => q.id === id)?.piece;
}

const DEFAULTS = {
  handicapWhite: 0,
  handicapBlack: 0,
  handicapWhiteSquares: '',
  handicapBlackSquares: '',
  position: '',
  header: '',
};

describe('Force 400 in the catalogue', () => {
  it('one variant, force400: handicaps are options of the one game, not games of their own', () => {
    expect(force400Entry.variants).toEqual([{ id: 'force400', name: 'Force 400', options: DEFAULTS }]);
    expect(setup({ handicapWhite: 5 }).variantId).toBe('force400');
    expect(force400Entry.options.map((o) => o.key)).toEqual(Object.keys(DEFAULTS));
  });

  it('manual, "Loading and Setup": a handicap of N men clears the front rank from the A file, never the king', () => {
    const s = setup({ handicapWhite: 3, handicapBlack: 1 });
    const start = s.initial();
    for (const id of ['A8', 'B8', 'C8', 'A1']) expect(manAt(s, start, id)).toBeUndefined();
    for (const id of ['D8', 'B1', 'H9', 'C0']) expect(manAt(s, start, id)).toBeDefined();
    expect(s.status(start, { start, ply: 0 })).toMatchObject({ men: [17, 19], units: [170, 190], handicap: [3, 1] });
    // 19 men: every man but the king.
    const most = setup({ handicapWhite: 19 });
    expect(most.status(most.initial(), { start: most.initial(), ply: 0 }).men).toEqual([1, 20]);
  });

  it('named handicap squares (ours) are read in one order, and the default order reads as none named', () => {
    const named = setup({ handicapWhite: 2, handicapWhiteSquares: 'b9, a9' });
    expect(named.options['handicapWhiteSquares']).toBe('A9 B9');
    expect(manAt(named, named.initial(), 'A9')).toBeUndefined();
    expect(manAt(named, named.initial(), 'A8')).toBeDefined();
    expect(setup({ handicapBlack: 2, handicapBlackSquares: 'B1 A1' }).options['handicapBlackSquares']).toBe('');
  });

  it.each([
    [{ handicapWhite: 20 }, 'options/bad-value', 'handicapWhite'],
    [{ handicapBlack: -1 }, 'options/bad-value', 'handicapBlack'],
    [{ handicapWhite: 2, handicapWhiteSquares: 'A8' }, 'options/bad-value', 'handicapWhiteSquares: names 1 square'],
    [{ handicapWhite: 1, handicapWhiteSquares: 'K8' }, 'options/bad-value', '"K8" is not a square'],
    [{ handicapWhite: 1, handicapWhiteSquares: 'H9' }, 'setup/bad-handicap', "White's king on H9"],
    [{ handicapBlack: 1, handicapBlackSquares: 'A8' }, 'setup/bad-handicap', "not one of Black's starting squares"],
    [{ handicapWhite: 2, handicapWhiteSquares: 'A8 a8' }, 'setup/bad-handicap', 'named twice'],
    [{ handicapWhite: 1, position: 'w 1 W:H9:10K B:C0:10K' }, 'options/conflict', 'handicapWhite: a handicap'],
  ])('refuses %j with %s naming the field', (options, code, message) => {
    const r = force400Entry.setup(options);
    expect(!r.ok && r.error.code).toBe(code);
    expect(!r.ok && r.error.message).toContain(message);
  });

  it('starts from position text, refuses a bad or finished one naming the option, and knows the standard start', () => {
    const s = setup({ position: 'b 7 W:E5:0,H9:2K B:C0:10K' });
    expect(s.game.formatPosition(s.initial())).toBe('b 7 W:E5:0,H9:2K B:C0:10K');
    expect(s.status(s.initial(), { start: s.initial(), ply: 0 })).toMatchObject({ moveNumber: 7, toMove: [1] });
    const bad = force400Entry.setup({ position: 'w 1 W:H9:10K,H9:1 B:C0:10K' });
    expect(!bad.ok && bad.error.code).toBe('position/duplicate-square');
    expect(!bad.ok && bad.error.message).toMatch(/^position: /);
    const over = force400Entry.setup({ position: 'w 1 W:H9:10K B:C0:10K w-resigned' });
    expect(!over.ok && over.error.code).toBe('position/over');
    const standard = setup({ position: setup().game.formatPosition(setup().initial()) });
    expect(standard.options['position']).toBe('');
  });

  it('the header option must be one line the record reads back as its header', () => {
    expect(setup({ header: ' Friday \t night ' }).options['header']).toBe('Friday night');
    for (const header of ['two\nlines', 'White: Bob', '10-04-1984 01:26:26', '1. M C8-C1', 'Black wins.']) {
      const r = force400Entry.setup({ header });
      expect(!r.ok && r.error.code).toBe('options/bad-value');
      expect(!r.ok && r.error.message).toMatch(/^header: /);
    }
  });

  it("the terminal's status line as data: move, side, men and units, kings, men recharging, the ending", () => {
    const s = setup();
    const start = s.initial();
    expect(s.status(start, { start, ply: 0 })).toEqual({
      moveNumber: 1,
      toMove: [0],
      men: [20, 20],
      units: [200, 200],
      kings: [
        { square: 'H9', force: 10 },
        { square: 'C0', force: 10 },
      ],
      recharging: [0, 0],
      handicap: [0, 0],
      outcome: null,
    });
    // A man who leaves rank 9 must wait three of his turns before he may recharge (manual, "Recharge").
    const p = setup({ position: 'w 10 W:E9:10,H9:10K B:C0:10K' });
    const h = line(p, 'M E9-E8');
    expect(p.status(current(h), { start: p.initial(), ply: 1 })).toMatchObject({
      moveNumber: 10,
      toMove: [1],
      recharging: [1, 0],
    });
    expect(manAt(p, current(h), 'E8')).toMatchObject({ wait: 2, mayRecharge: false });
    expect(manAt(p, p.initial(), 'E9')).toMatchObject({ wait: 0, mayRecharge: false }); // on rank 9
  });

  it("the manual's record read back: Black took White's king on H9 and ends with 11 men, 119 units", async () => {
    const r = unwrap(await force400Entry.importRecord('force400-record', ibm));
    expect(r.options).toEqual({ ...DEFAULTS, header: 'Example' });
    expect(r.meta).toEqual({ players: ['(Human)', 'Program'], date: '1984.10.04' });
    const s = setup(r.options);
    const end = current(r.history);
    expect(s.status(end, { start: r.history.start, ply: r.history.cursor })).toMatchObject({
      // Black's 21st move ended the game; the game's count has moved on to move 22.
      moveNumber: 22,
      toMove: [],
      men: [expect.any(Number), 11],
      units: [expect.any(Number), 119],
      kings: [null, { square: 'H9', force: 21 }],
      outcome: { kind: 'win', winner: 1, reason: 'king-captured' },
    });
  });

  it("the board model names squares A0–J9 from White's side, each man with force, crown and recharge state", () => {
    const s = setup();
    const m = s.board.model(s.initial());
    expect([m.files, m.ranks, m.squares.length]).toEqual([10, 10, 100]);
    // White sits at rank 9 with the A file on his left: the model's first square is A9, its last J0.
    expect(m.squares[0]).toMatchObject({ id: 'A9', file: 0, rank: 0, playable: true });
    expect(m.squares[7]?.piece).toEqual({
      kind: 'king',
      owner: 0,
      king: true,
      force: 10,
      wait: 0,
      mayRecharge: false,
      symbol: 'W10*',
      name: 'white king of force 10',
    });
    expect(m.squares[12]).toMatchObject({ id: 'C8', piece: { kind: 'man', owner: 0, mayRecharge: true } });
    expect(m.squares[99]).toMatchObject({ id: 'J0', piece: { owner: 1, symbol: 'B10' } });
    expect(s.actions.map((a) => a.id)).toEqual(['transfer', 'abdicate']);
  });

  it('a drag onto one of his own men is a transfer with an amount or, from the king, an abdication', () => {
    const s = setup();
    const start = s.initial();
    const between = s.board.inputs(start).filter((i) => i.from === 'H9' && i.to === 'G8');
    expect(between.map((i) => i.choice)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'abdicate']);
    // "Some are always lost in transit": 10 sent leave G8 with 18.
    expect(between.find((i) => i.choice === '10')).toMatchObject({
      action: 'transfer',
      label: 'send 10 to G8 (he will have 18)',
    });
    const asked = s.board.fromInput(start, { from: 'H9', to: 'G8' });
    expect(!asked.ok && asked.error.code).toBe('input/ambiguous');
    const sent = unwrap(s.board.fromInput(start, { from: 'H9', to: 'G8', choice: '3' }));
    expect(s.game.formatMove(start, sent)).toBe('T H9-G8 3');
    const crowned = unwrap(s.board.fromInput(start, { action: 'abdicate', from: 'H9', to: 'G8' }));
    expect(s.game.formatMove(start, crowned)).toBe('S H9-G8');
    expect(
      s.game.formatMove(start, unwrap(s.board.fromInput(start, { from: 'H9', to: 'G8', choice: 'abdicate' }))),
    ).toBe('S H9-G8');
    const tooMuch = s.board.fromInput(start, { from: 'H9', to: 'G8', choice: '11' });
    // The game's own reason, not just "not one of the choices".
    expect(!tooMuch.ok && tooMuch.error.code).toBe('move/too-much');
  });

  it('manual, "Moving": a long move costs a unit and says so, a short move is free', () => {
    const s = setup({ position: 'w 3 W:C8:10,D5:12,H9:10K B:C0:10K,C1:10,E4:7' });
    const inputs = s.board.inputs(s.initial());
    expect(inputs.find((i) => i.from === 'D5' && i.to === 'D3')).toMatchObject({
      action: 'move',
      label: 'D5 to D3 (long move: 1 unit)',
      cost: 1,
    });
    expect(inputs.find((i) => i.from === 'D5' && i.to === 'D6')?.cost).toBeUndefined();
  });

  it('manual, "Combat and capture": an attack is a capture input that says whether it wins', () => {
    // C8 (10) long-moves to C1 (10): 9 against 10 loses. D5 (12) beside E4 (7) wins with 5.
    const s = setup({ position: 'w 3 W:C8:10,D5:12,H9:10K B:C0:10K,C1:10,E4:7' });
    const start = s.initial();
    const inputs = s.board.inputs(start);
    expect(inputs.find((i) => i.from === 'C8' && i.to === 'C1')).toMatchObject({
      action: 'capture',
      label: 'C8 attacks C1 (loses) (long move: 1 unit)',
      cost: 1,
    });
    expect(inputs.find((i) => i.from === 'C8' && i.to === 'C1')?.captures).toBeUndefined();
    expect(inputs.find((i) => i.from === 'D5' && i.to === 'E4')).toMatchObject({
      action: 'capture',
      captures: ['E4'],
      label: 'D5 attacks E4 (wins)',
    });
    expect(inputs.find((i) => i.from === 'D5' && i.to === 'D4')).toMatchObject({ action: 'move', label: 'D5 to D4' });
    expect(inputs.find((i) => i.from === 'D5' && i.to === 'D4')?.cost).toBeUndefined();
    expect(s.board.squaresOf(start, unwrap(s.board.fromInput(start, { from: 'D5', to: 'E4' })))).toEqual({
      from: 'D5',
      to: 'E4',
      path: ['E4'],
      captures: ['E4'],
    });
  });

  it.each([
    ['a blocked line', { from: 'C9', to: 'C5' }, 'move/blocked', 'blocked by the man on C8'],
    ['a dogleg', { from: 'C8', to: 'D6' }, 'move/not-a-line', 'no dogleg moves'],
    ['an empty source', { from: 'E5', to: 'E4' }, 'move/no-man', 'There is no man on E5'],
    ["the opponent's man", { from: 'C1', to: 'C2' }, 'move/not-your-man', "Black's, not yours"],
    ['abdication by a man', { action: 'abdicate', from: 'J8', to: 'J9' }, 'move/not-king', 'Only the king'],
    ['a transfer to nobody', { action: 'transfer', from: 'J8', to: 'J7', choice: '3' }, 'move/no-receiver', 'J7'],
    [
      'a transfer to the enemy',
      { action: 'transfer', from: 'C8', to: 'C4', choice: '3' },
      'move/enemy-receiver',
      'not yours',
    ],
    ['a transfer out of nothing', { from: 'E6', to: 'E7', choice: '1' }, 'move/too-much', 'only 0 units'],
    ['a weak king', { action: 'abdicate', from: 'E7', to: 'E6' }, 'move/weak-king', 'yours has 1'],
    ['a zero-force long move', { from: 'E6', to: 'E4' }, 'move/zero-force', 'only a short move'],
    ['an attack named a move', { action: 'move', from: 'D5', to: 'C4' }, 'input/wrong-action', 'is a capture'],
  ])('manual, "Errors": %s is refused with the reason', (_name, input, code, message) => {
    const s = setup({ position: 'w 3 W:C8:10,C9:10,D5:12,E6:0,E7:1K,J8:10 B:C0:10K,C1:10,C4:1' });
    const r = s.board.fromInput(s.initial(), input);
    expect(!r.ok && r.error.code).toBe(code);
    expect(!r.ok && r.error.message).toContain(message);
  });

  it('the game record: written with players, date, handicaps and result, and read back as the same game', async () => {
    const s = setup({ handicapBlack: 2, handicapBlackSquares: 'J0 I0', header: 'Club night' });
    let h = line(s, 'M C8-C1', 'T J1-I1 5', 'S H9-G8');
    h = endAtCursor(h, s.game.resign(current(h), 1));
    const text = unwrap(await s.exportRecord('force400-record', h, { players: ['Ann', 'Bob'], date: '2026.11.25' }));
    expect(text).toBe(
      [
        'Club night',
        '11-25-2026 00:00:00',
        'White: Ann',
        'Black: Bob',
        'White handicap: 0',
        'Black handicap: 2 (I0 J0)',
        '1.\tM C8-C1\tT J1-I1 5',
        '2.\tS H9-G8',
        'Black resigns.',
        'White wins.',
        '',
      ].join('\n'),
    );
    const back = unwrap(await force400Entry.importRecord('force400-record', text));
    expect(back.options).toEqual(s.options);
    expect(back.meta).toEqual({ players: ['Ann', 'Bob'], date: '2026.11.25' });
    expect(s.game.formatPosition(current(back.history))).toBe(s.game.formatPosition(current(h)));
    expect(s.game.outcome(current(back.history))).toEqual({ kind: 'win', winner: 0, reason: 'resigned' });
  });

  it("the terminal's saved game: title, the program's seat and level, the game so far; finished games are not saved", async () => {
    const s = setup({ handicapWhite: 1 });
    const h = line(s, 'M C8-C1', 'M F1-G2');
    const meta = { players: ['(Human)', 'Program (level 3)'] as const, event: 'Sunday game' };
    const text = unwrap(await s.exportRecord('force400-save', h, meta));
    expect(text.split('\n').slice(0, 3)).toEqual([
      'Force 400 saved game',
      'Title: Sunday game',
      'Computer: Black, level 3',
    ]);
    const back = unwrap(await force400Entry.importRecord('force400-save', text));
    expect(back.options).toEqual(s.options);
    expect(back.meta).toEqual({ players: ['(Human)', 'Program (level 3)'], event: 'Sunday game' });
    expect(back.history.cursor).toBe(2);
    // A saved game whose record names nobody still keeps the program's seat through its name.
    const bare = 'Force 400 saved game\nTitle: t\nComputer: White, level 5\n1.\tM C8-C1\n';
    expect(unwrap(await force400Entry.importRecord('force400-save', bare)).meta.players).toEqual([
      'Program (level 5)',
      '',
    ]);

    const finished = endAtCursor(h, s.game.resign(current(h), 0));
    const refused = await s.exportRecord('force400-save', finished);
    expect(!refused.ok && refused.error.code).toBe('record/finished');
  });

  it('records refuse what they cannot hold or read, with coded errors', async () => {
    const p = setup({ position: 'w 3 W:C8:10,H9:10K B:C0:10K' });
    const set = await p.exportRecord('force400-record', startHistory(p.initial()));
    expect(!set.ok && set.error.code).toBe('record/unsupported-start');
    const wrong = await setup().exportRecord('pgn', startHistory(setup().initial()));
    expect(!wrong.ok && wrong.error.code).toBe('record/unknown-format');
    const unknown = await force400Entry.importRecord('pdn', ibm);
    expect(!unknown.ok && unknown.error.code).toBe('record/unknown-format');
    const illegal = await force400Entry.importRecord('force400-record', ibm.replace('M A2-H9', 'M A2-H8'));
    expect(!illegal.ok && illegal.error.code).toBe('record/illegal-ply');
    const long = await force400Entry.importRecord('force400-record', `${'x'.repeat(201)}\n1.\tM C8-C1\n`);
    expect(!long.ok && long.error.code).toBe('record/bad-header');
  });

  it('a stored game with handicaps restores with the catalogue alone, options and all', () => {
    const s = setup({ handicapWhite: 2, handicapWhiteSquares: 'J8 I8' });
    let session = unwrap(s.newSession({ seed: 1, now: 0 }));
    const move = unwrap(s.board.fromInput(session.position, { from: 'C8', to: 'C7' }));
    session = unwrap(session.play(0, move, { expectedVersion: session.version, now: 0 }));
    const back = unwrap(restoreStoredGame(JSON.parse(JSON.stringify(storeGame(s, session)))));
    expect(back.setup.options).toEqual(s.options);
    expect(back.session.toJSON()).toEqual(session.toJSON());
    expect(session.status(0).game).toMatchObject({ men: [18, 20], handicap: [2, 0] });
  });

  it("the clock's auto mode is per game (ours); no takeback rule of its own; the manual's levels and ours", async () => {
    const s = setup();
    expect(s.autoTimeMode).toBe('game');
    expect(s.takebackAllowed).toBeUndefined();
    expect(s.levels.map((l) => l.id)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7']);
    const engine = await s.loadEngine();
    const choice = engine.choose(s.initial(), '1', { seed: 1 });
    expect(s.game.legalMoves(s.initial()).map((m) => s.game.formatMove(s.initial(), m))).toContain(
      s.game.formatMove(s.initial(), choice.move),
    );
  });
});
