import { describe, expect, it } from 'vitest';
import { createRng, lineFromStates, unwrap, type History, type InputError } from '@tactica/core';
import { formatRecord, statusLine, type TactrixMove, type TactrixState } from '@tactica/tactrix';
import type { BoardInput } from '../types.js';
import { tactrixEntry, type TactrixSetup } from './entry.js';

function setup(options: Record<string, unknown> = {}): TactrixSetup {
  const r = tactrixEntry.setup(options);
  if (!r.ok || r.value.dynamics !== 'sequential') throw new Error('setup failed');
  return r.value as TactrixSetup;
}

/** Position text from an ASCII board, rank 10 first (piece letters, `*` a chip, `.` none), then the other fields. */
function pos(board: string, rest = 'w 0 0 0 1'): string {
  return `${board.trim().split(/\s+/).join('/')} ${rest}`;
}

function refusal(s: TactrixSetup, input: BoardInput): InputError {
  const r = s.board.fromInput(s.initial(), input);
  if (r.ok) throw new Error(`${JSON.stringify(input)} was accepted`);
  return r.error;
}

// White: regeneroid e3, king a1, jerk f2; Black: king j10, jumpnar d4. White holds 9 chips, chips lie on ranks 1–5.
const SHOP = pos(
  `
  .........k
  ..........
  ..........
  ..........
  ..........
  **********
  ***n******
  ****R*****
  *****J****
  K*********`,
  'w 9 0 0 1',
);

describe('Tactrix! in the catalogue', () => {
  it('one variant, from the standard start or a position text kept in its canonical form', () => {
    expect(tactrixEntry.variants).toEqual([{ id: 'tactrix', name: 'Tactrix!', options: { position: '' } }]);
    const s = setup({ position: `  ${SHOP}  ` });
    expect(s.options).toEqual({ position: SHOP });
    expect(s.game.formatPosition(s.initial())).toBe(SHOP);
    // The standard start written out is the standard start: the option says so by being empty.
    expect(setup({ position: s.game.formatPosition(s.game.initial()) }).options).toEqual({ position: '' });
  });

  it.each([
    ['text that is no position', 'not a position', 'position/syntax'],
    ['two White kings', SHOP.replace('K***', 'KK**'), 'position/kings'],
    [
      'a regeneroid outside its half',
      SHOP.replace('****R*****', '**********').replace('.........k', '....R....k'),
      'position/regeneroid-half',
    ],
    ['a jerk on its far row', SHOP.replace('.........k', 'J........k'), 'position/jerk-far-row'],
    ['a side to move that is neither w nor b', SHOP.replace(' w ', ' x '), 'position/bad-side'],
  ])('refuses a start position with %s, naming the option', (_what, position, code) => {
    const r = tactrixEntry.setup({ position });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe(code);
    expect(r.error.message).toMatch(/^position: /);
    expect(r.error.input).toBe('position');
  });

  it("the terminal's status line as data: move, side, chips, the 100-ply count, what can be bought now", () => {
    const s = setup();
    const start = s.initial();
    const st = s.status(start, { start, ply: 0 });
    expect(st).toEqual({
      moveNumber: 1,
      toMove: [0],
      turn: 0,
      moveLabel: '1.',
      balance: [0, 0],
      chipsOnBoard: 60,
      noProgress: 0,
      noProgressLimit: 100,
      regeneroid: [true, true],
      purchases: [],
      line: statusLine(start),
    });
    const after = unwrap(s.game.tryPlay(unwrap(s.game.tryPlay(start, 'e2-e3')), 'e9-e8'));
    expect(s.status(after, { start, ply: 2 })).toMatchObject({
      moveNumber: 2,
      moveLabel: '2.',
      balance: [1, 1],
      chipsOnBoard: 58,
    });
  });

  it('manual, "Regeneroid": the status lists each piece the side to move can buy, its cost and squares', () => {
    const s = setup({ position: SHOP });
    const squares = ['d2', 'e2', 'd3', 'f3', 'd4', 'e4', 'f4']; // f2 holds White's own jerk
    expect(s.status(s.initial(), { start: s.initial(), ply: 0 }).purchases).toEqual([
      { kind: 'jerk', name: 'Jerk', cost: 3, squares },
      { kind: 'jumpnar', name: 'Jumpnar', cost: 6, squares },
      { kind: 'wrapnoid', name: 'Wrapnoid', cost: 9, squares },
    ]);
  });

  it('manual, "King": taking the king ends the game; the status gives the outcome and no one to move', () => {
    const s = setup({ position: pos('.......... '.repeat(8) + '.k........ K.........') });
    const won = unwrap(s.game.tryPlay(s.initial(), 'a1xb2'));
    const st = s.status(won, { start: s.initial(), ply: 1 });
    expect(st).toMatchObject({ toMove: [], turn: 1, purchases: [] });
    expect(st.outcome).toEqual({ kind: 'win', winner: 0, reason: 'king-captured' });
    expect(st.line).toContain('game over');
  });

  it('the board model: squares a1–j10, the seven pieces by the manual’s names with their costs, chips on squares', () => {
    const s = setup();
    const start = s.initial();
    const model = s.board.model(start, 1);
    expect(model).toMatchObject({ files: 10, ranks: 10, toMove: [0], viewer: 1 });
    expect(model.squares.slice(0, 7).map((q) => [q.id, q.piece?.kind, q.piece?.symbol, q.piece?.cost])).toEqual([
      ['a1', 'verticon', 'V', 12],
      ['b1', 'jumpnar', 'N', 6],
      ['c1', 'diaganoid', 'D', 15],
      ['d1', 'wrapnoid', 'W', 9],
      ['e1', 'regeneroid', 'R', undefined],
      ['f1', 'king', 'K', undefined],
      ['g1', 'wrapnoid', 'W', 9],
    ]);
    expect(model.squares[99]).toMatchObject({ id: 'j10', piece: { kind: 'verticon', owner: 1, symbol: 'v' } });
    expect(model.squares[0]?.shade).toBe('dark');
    expect(model.squares[1]?.shade).toBe('light');
    expect(model.squares.reduce((n, q) => n + (q.chips ?? 0), 0)).toBe(60);
    const e3 = (st: TactrixState) => s.board.model(st).squares.find((q) => q.id === 'e3');
    expect(e3(start)).toMatchObject({ chips: 1 });
    const moved = unwrap(s.game.tryPlay(start, 'e2-e3'));
    expect(e3(moved)).toMatchObject({ chips: 0, piece: { kind: 'jerk', owner: 0, name: 'white jerk' } });
    // Nothing is hidden: every viewer sees the same squares.
    expect(s.board.model(start, 0).squares).toEqual(s.board.model(start, 1).squares);
  });

  it('purchases are inputs with no `from`: `to` next to the regeneroid, `choice` the piece type; every buy reachable', () => {
    const s = setup({ position: SHOP });
    const start = s.initial();
    const buys = s.board.inputs(start).filter((i) => i.action === 'buy');
    const legal = s.game
      .legalMoves(start)
      .filter((m) => m.kind === 'buy')
      .map((m) => s.game.formatMove(start, m));
    expect(buys.map((i) => i.notation).sort()).toEqual(legal.sort());
    expect(buys).toHaveLength(21);
    for (const b of buys) {
      expect(b.from).toBeUndefined();
      const m = unwrap(s.board.fromInput(start, { action: 'buy', to: b.to!, choice: b.choice! }));
      expect(s.game.formatMove(start, m)).toBe(b.notation);
    }
    const onJumpnar = buys.find((i) => i.to === 'd4' && i.choice === 'jerk');
    expect(onJumpnar).toMatchObject({
      notation: 'buy J@d4',
      captures: ['d4'],
      label: 'buy a jerk for 3 chips on d4, taking the black jumpnar on d4',
    });
    expect(buys.find((i) => i.to === 'e4' && i.choice === 'wrapnoid')?.label).toBe(
      'buy a wrapnoid for 9 chips on e4, collecting 1 chip',
    );
    expect(s.actions.map((a) => a.id)).toEqual(['buy']);
    expect(s.actions[0]).toMatchObject({ uses: ['to', 'choice'], choiceLabel: 'piece' });
  });

  it('a buy on a square without the piece chosen asks which piece; any other square is told why not', () => {
    const s = setup({ position: SHOP });
    const asked = refusal(s, { action: 'buy', to: 'e4' });
    expect(asked.code).toBe('input/ambiguous');
    expect(asked.message).toMatch(/jerk.*jumpnar.*wrapnoid/);
    expect(refusal(s, { action: 'buy', to: 'e4', choice: 'diaganoid' }).code).toBe('move/cannot-afford');
    expect(refusal(s, { action: 'buy', to: 'e5', choice: 'jerk' }).code).toBe('move/not-next-to-regeneroid');
    expect(refusal(s, { action: 'buy', to: 'f2', choice: 'jerk' }).code).toBe('move/square-taken');
    expect(refusal(s, { action: 'buy', to: 'e4', choice: 'king' }).code).toBe('move/not-for-sale');
    expect(refusal(s, { action: 'buy', to: 'e4', choice: 'regeneroid' }).code).toBe('move/not-for-sale');
    const queen = refusal(s, { action: 'buy', to: 'e4', choice: 'queen' });
    expect(queen.code).toBe('move/unknown-piece');
    expect(queen.message).toContain('jerk, jumpnar, wrapnoid, verticon, diaganoid');
    // A click on a square with a chosen piece but no action is a purchase too.
    expect(s.game.formatMove(s.initial(), unwrap(s.board.fromInput(s.initial(), { to: 'e4', choice: 'jerk' })))).toBe(
      'buy J@e4',
    );
  });

  it('the Buy button when nothing can be bought says why: no chips, no regeneroid, or no free square by it', () => {
    expect(refusal(setup(), { action: 'buy' })).toMatchObject({ code: 'move/cannot-afford' });
    const kingsOnly = setup({ position: pos('.........k ' + '.......... '.repeat(8) + 'K.........', 'w 100 0 0 1') });
    expect(refusal(kingsOnly, { action: 'buy', to: 'a2', choice: 'jerk' }).code).toBe('move/no-regeneroid');
    // e1 regeneroid ringed by its own jumpnar, jerks and king.
    const hemmed = setup({
      position: pos('.........k ' + '.......... '.repeat(7) + '...JJJ.... ...NRK....', 'w 20 0 0 1'),
    });
    const why = refusal(hemmed, { action: 'buy', choice: 'jerk' });
    expect(why.code).toBe('move/no-free-square');
    expect(why.message).toContain('e1');
  });

  it("the Tutor's answer when a piece cannot go where it is put: how it moves and where it can go", () => {
    const s = setup();
    const jerk = refusal(s, { from: 'e2', to: 'e4' });
    expect(jerk.code).toBe('move/illegal');
    expect(jerk.message).toBe(
      'the white jerk on e2 cannot go to e4: a jerk moves one step straight forward onto an empty square, and captures only by landing two squares away forward, back, left or right, whatever stands between; from e2 it can go to e3',
    );
    expect(refusal(s, { from: 'b1', to: 'b3' }).message).toMatch(/like the chess knight.*from b1 it can go to c3, a3$/);
    expect(refusal(s, { from: 'a1', to: 'a2' }).message).toMatch(/it has no legal move now$/);
    // Rules file: a regeneroid never leaves its own half.
    const half = setup({
      position: pos('.........k ' + '.......... '.repeat(4) + '....R..... ' + '.......... '.repeat(3) + 'K.........'),
    });
    expect(refusal(half, { from: 'e5', to: 'e6' }).message).toMatch(/never leaving its own half/);
    // The catalogue's own answers stay for what is not the game's: the opponent's piece, an empty square.
    expect(refusal(s, { from: 'e9', to: 'e8' }).code).toBe('input/not-your-piece');
    expect(refusal(s, { from: 'e5', to: 'e6' }).code).toBe('input/empty-square');
    expect(s.board.explain?.(s.initial(), { from: 'e2', to: 'e3' })).toBeUndefined();
  });

  it('manual, "Jerk" and "General Rules": the labels note chips collected and the far-row bonus', () => {
    // White jerks on e9 and c8, a black verticon on c10; chips on e10 and d9.
    const s = setup({ position: pos('..v.*....k ...*J..... ..J....... ' + '.......... '.repeat(6) + 'K.........') });
    const label = (from: string, to: string) =>
      s.board.inputs(s.initial()).find((i) => i.from === from && i.to === to)?.label;
    expect(label('e9', 'e10')).toBe('jerk e9 to e10, collecting 1 chip, leaving the board for a 25-chip bonus');
    expect(label('c8', 'c10')).toBe(
      'jerk c8 to c10, taking the black verticon on c10, leaving the board for a 25-chip bonus',
    );
    expect(label('a1', 'a2')).toBe('king a1 to a2');
    const capture = s.board.inputs(s.initial()).find((i) => i.to === 'c10');
    expect(capture).toMatchObject({ action: 'capture', path: ['c10'], captures: ['c10'] });
    expect(s.board.squaresOf(s.initial(), capture!.move)).toEqual({
      from: 'c8',
      to: 'c10',
      path: ['c10'],
      captures: ['c10'],
    });
  });

  it('over seeded random playouts, purchases come up and each is reachable as { action: buy, to, choice }', () => {
    const s = setup();
    const rng = createRng('tactrix buys');
    let buys = 0;
    for (let g = 0; g < 3; g++) {
      let st = s.initial();
      for (let ply = 0; ply < 120 && s.game.toMove(st).length > 0; ply++) {
        for (const i of s.board.inputs(st).filter((x) => x.action === 'buy')) {
          const m = unwrap(s.board.fromInput(st, { action: 'buy', to: i.to!, choice: i.choice! }));
          expect(s.game.formatMove(st, m)).toBe(i.notation);
          buys++;
        }
        st = s.game.play(st, rng.pick(s.game.legalMoves(st)));
      }
    }
    expect(buys).toBeGreaterThan(50);
  });

  it('records: the saved-game text the terminal writes, read back with its start, moves and resignation', async () => {
    const s = setup({ position: SHOP });
    let session = unwrap(s.newSession({ seed: 1, now: 0 }));
    const buy = unwrap(s.board.fromInput(session.position, { action: 'buy', to: 'd4', choice: 'jerk' }));
    session = unwrap(session.play(0, buy, { expectedVersion: session.version, now: 0 }));
    session = unwrap(session.resign(1, { expectedVersion: session.version, now: 0 }));
    const h: History<TactrixState, TactrixMove> = session.history;
    const text = unwrap(await s.exportRecord('tactrix-record', h));
    expect(text).toBe(formatRecord(h.start, h.moves, h.tip));
    expect(text).toBe(`Tactrix! game\nStart ${SHOP}\n1. buy J@d4\nResult 1-0 resigned\n`);
    const back = unwrap(await tactrixEntry.importRecord('tactrix-record', text));
    expect(back.options).toEqual({ position: SHOP });
    expect(back.meta).toEqual({});
    expect(back.history.cursor).toBe(1);
    expect(s.game.outcome(back.history.tip)).toEqual({ kind: 'win', winner: 0, reason: 'resigned' });
    expect(s.records).toEqual([
      { id: 'tactrix-record', name: 'Tactrix! saved game', extension: 'tac', mediaType: 'text/plain' },
    ]);
  });

  it('records: a standard start reads back as the empty option; other formats and broken records are refused', async () => {
    const s = setup();
    const m = unwrap(s.game.parseMove(s.initial(), 'e2-e3'));
    const h = lineFromStates([s.initial(), s.game.play(s.initial(), m)], [m]);
    const text = unwrap(await s.exportRecord('tactrix-record', h));
    expect(text).toBe('Tactrix! game\nStart standard\n1. e2-e3\nResult *\n');
    expect(unwrap(await tactrixEntry.importRecord('tactrix-record', text)).options).toEqual({ position: '' });
    const wrong = await s.exportRecord('pdn', h);
    expect(!wrong.ok && wrong.error.code).toBe('record/unknown-format');
    const unknown = await tactrixEntry.importRecord('pdn', text);
    expect(!unknown.ok && unknown.error.code).toBe('record/unknown-format');
    const broken = await tactrixEntry.importRecord('tactrix-record', 'Tactrix! game\nStart standard\n1. e2-e5\n');
    expect(broken.ok).toBe(false);
    expect(!broken.ok && broken.error).toMatchObject({ code: 'record/move-illegal', line: 3 });
  });

  it('(ours) "auto" time is per game; takeback follows the clock alone; the six levels load lazily', async () => {
    const s = setup();
    expect(s.autoTimeMode).toBe('game');
    expect(s.takebackAllowed).toBeUndefined();
    expect(s.levels.map((l) => l.name)).toEqual(['Dumb', 'Novice', 'Average', 'Good', 'Smart', 'Master']);
    const engine = await s.loadEngine();
    const start = s.initial();
    const choice = engine.choose(start, 'novice', { seed: 1 });
    expect(s.game.legalMoves(start).map((m) => s.game.formatMove(start, m))).toContain(
      s.game.formatMove(start, choice.move),
    );
  });
});
