import { describe, expect, it } from 'vitest';
import { createRng, current, unwrap, type InputError, type Player, type Rng } from '@tactica/core';
import {
  exportGame,
  exportOrders,
  exportSession,
  formatPosition,
  importSession,
  observe,
  newSession as newTerminalSession,
  parseGameFile,
  playLocal,
  publicView,
  receiveKey,
  receiveOrders,
  revealKey,
  saveSession,
  sealOrders,
  startingBoard,
  statusLine,
  tactorus,
  type TactorusMove,
  type TactorusState,
  type TactorusSession as TerminalSession,
} from '@tactica/tactorus';
import { TACTORUS_LEVELS } from '@tactica/ai/tactorus';
import { storeGame } from '../stored-game.js';
import { restoreStoredGame } from '../all.js';
import type { BoardInput, MoveInput } from '../types.js';
import { tactorusEntry, tactorusStatus, type MailKeys, type TactorusGameSession, type TactorusSetup } from './entry.js';

const NOW = 1_000;

function setup(options: Record<string, unknown> = {}): TactorusSetup {
  const r = tactorusEntry.setup(options);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value as TactorusSetup;
}

/** A board as option text from an ASCII diagram: ten rows of ten (spaces allowed), the top row (00–09) first. */
function board(diagram: string): string {
  return diagram
    .split('\n')
    .map((l) => l.replace(/\s+/g, ''))
    .filter((l) => l.length > 0)
    .join('/');
}

/** Plays moves given as text for one player, each on the position the one before left. */
function play(s: TactorusState, player: Player, ...moves: string[]): TactorusState {
  let t = s;
  for (const m of moves) t = unwrap(tactorus.tryPlay(t, m, player));
  return t;
}

function refusal(st: TactorusSetup, s: TactorusState, input: BoardInput, player: Player): InputError {
  const r = st.board.fromInput(s, input, player);
  if (r.ok) throw new Error(`${JSON.stringify(input)} was accepted`);
  return r.error;
}

function submit(
  session: TactorusGameSession,
  player: Player,
  moves: readonly (TactorusMove | string)[],
): TactorusGameSession {
  return unwrap(session.submit(player, moves, { expectedVersion: session.version, now: NOW }));
}

function keyOf(i: BoardInput): string {
  return JSON.stringify([i.action ?? null, i.from ?? null, i.to ?? null, i.choice ?? null]);
}

// Three of Player 1's infantry in a line on 44 45 46 and an enemy infantry on 47; the flags far apart.
const LINE = board(`
  . . . . . . . . . f
  . . . . . . . . . .
  . . . . . . . . . .
  . . . . . . . . . .
  . . . . I I I i . .
  . . . . . . . . . .
  . . . . . . . . . .
  . . . . . . . . . .
  . . . . . . . . . .
  F . . . . . . . . .
`);

// As LINE, with four of Player 2's infantry on Player 1's home row: with Supply Lines Player 1 has 10 − 8 = 2 orders.
const PRESSED = board(`
  . . . . . . . . . f
  . . . . . . . . . .
  . . . . . . . . . .
  . . . . . . . . . .
  . . . . I I I i . .
  . . . . . . . . . .
  . . . . . . . . . .
  . . . . . . . . . .
  . . . . . . . . . .
  F i i i i . . . . .
`);

describe('Tactorus in the catalogue: options and the variant', () => {
  it('one variant, the manual\'s default new game: Chain moves, both flanks for both players ("New game")', () => {
    expect(tactorusEntry.variants).toEqual([
      {
        id: 'tactorus',
        name: 'Tactorus',
        options: {
          chain: true,
          supplyLines: false,
          highGround: false,
          flankP1Left: true,
          flankP1Right: true,
          flankP2Left: true,
          flankP2Right: true,
          board: '',
        },
      },
    ]);
    const st = setup();
    expect(st.variantId).toBe('tactorus');
    expect(formatPosition(st.initial())).toBe(formatPosition(tactorus.initial()));
    expect(st.game.initial()).toEqual(st.initial());
  });

  it('the rule alterations and the flanks set up the game as `tactica play tactorus` does', () => {
    // tactica play tactorus --no-chain --supply-lines --high-ground --no-flank p1-left p2-right
    const st = setup({ chain: false, supplyLines: true, highGround: 'yes', flankP1Left: false, flankP2Right: false });
    expect(st.initial().rules).toEqual({ chain: false, supplyLines: true, highGround: true });
    expect(st.initial().board).toBe(
      startingBoard([
        { left: false, right: true },
        { left: true, right: false },
      ]),
    );
    expect(st.options).toMatchObject({ highGround: true, flankP1Left: false, flankP2Right: false, board: '' });
  });

  it('a customized start board (manual, "New game": customized games replayed over and over), kept in one form', () => {
    const st = setup({ board: `  ${LINE}  `, chain: false });
    expect(st.initial().board).toBe(LINE.replace(/\//g, ''));
    expect(st.initial().rules.chain).toBe(false);
    expect(st.options.board).toBe(LINE);
    // A board some choice of flanks gives is that choice of flanks.
    const flanked = startingBoard([
      { left: true, right: true },
      { left: false, right: true },
    ]);
    const asFlanks = setup({ board: flanked.replace(/(.{10})(?!$)/g, '$1/') });
    expect(asFlanks.options).toMatchObject({ board: '', flankP2Left: false, flankP1Left: true });
    expect(asFlanks.initial().board).toBe(flanked);
  });

  it.each([
    ['a row too short', LINE.replace('.........f', '........f'), 'position/row-length'],
    ['a unit the game does not have', LINE.replace('F', 'K'), 'position/bad-piece'],
    ['no flag for Player 2', LINE.replace('f', '.'), 'position/flags'],
    ['two flags for Player 1', LINE.replace(/F\.{9}$/, 'F........F'), 'position/flags'],
  ])('refuses a start board with %s, naming the option', (_what, text, code) => {
    const r = tactorusEntry.setup({ board: text });
    expect(!r.ok && r.error.code).toBe(code);
    expect(!r.ok && r.error.message).toMatch(/^board: /);
    expect(!r.ok && r.error.input).toBe('board');
  });

  it('a customized board and a flank left out contradict each other (options/conflict)', () => {
    const r = tactorusEntry.setup({ board: LINE, flankP2Left: false });
    expect(!r.ok && r.error.code).toBe('options/conflict');
    expect(!r.ok && r.error.input).toBe('flankP2Left');
  });
});

describe('Tactorus in the catalogue: the status line as data', () => {
  it("at the start: round 1 of 50, each side's units by kind, the flags on 94 and 05, every unit may move", () => {
    const st = setup();
    const s = st.initial();
    const army = { flag: 1, artillery: 3, cavalry: 6, infantry: 10, total: 20 };
    expect(st.status(s, { start: s, ply: 0 })).toEqual({
      moveNumber: 1,
      toMove: [0, 1],
      round: 1,
      roundsPlayed: 0,
      roundLimit: 50,
      rules: { chain: true, supplyLines: false, highGround: false },
      units: [army, army],
      flags: ['94', '05'],
      allowance: [20, 20],
      submitted: [false, false],
      line: statusLine(tactorus.observe(s, 0)),
    });
    // Supply Lines: 10 orders a round.
    const supply = setup({ supplyLines: true }).initial();
    expect(tactorusStatus(supply).allowance).toEqual([10, 10]);
  });

  it('who has finished the round shows as yes or no; the orders given never show', () => {
    const s = setup().initial();
    const ordered = play(s, 1, '15-35', '16-36');
    expect(tactorusStatus(ordered)).toEqual(tactorusStatus(s));
    const done = play(ordered, 1, 'done');
    expect(tactorusStatus(done)).toMatchObject({ submitted: [false, true], toMove: [0] });
    expect(tactorusStatus(play(s, 1, 'done'))).toEqual(tactorusStatus(done));
  });

  it('manual, "The goal": infantry takes the flag; the outcome shows, nobody is to move, the units are counted', () => {
    const st = setup({
      board: board(`
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . f . . . . .
        . . . . I . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        F . . . . . . . . .
      `),
    });
    const won = play(play(st.initial(), 0, '54-44', 'done'), 1, 'done');
    expect(tactorusStatus(won)).toMatchObject({
      round: 2,
      roundsPlayed: 1,
      toMove: [],
      flags: ['90', null],
      outcome: { kind: 'win', winner: 0, reason: 'flag-captured' },
    });
    expect(tactorusStatus(won).line).toMatch(/^After round 1/);
  });

  it("a session's status carries the game's fields, made from its line", () => {
    const st = setup();
    let session = unwrap(st.newSession({ seed: 1, now: NOW }));
    session = submit(session, 0, ['84-64', 'done']);
    expect(session.status().game).toMatchObject({ round: 1, submitted: [false, false] });
    expect(session.status().submitted).toEqual([true, false]);
    session = submit(session, 1, ['done']);
    expect(session.status().game).toMatchObject({ round: 2, roundsPlayed: 1, units: [{ infantry: 10 }, {}] });
  });
});

describe('Tactorus in the catalogue: the board model', () => {
  it('squares 00–99 as the game numbers them, Player 1 at the bottom, each unit with its kind and owner', () => {
    const st = setup();
    const model = st.board.model(st.initial(), 0);
    expect(model).toMatchObject({ files: 10, ranks: 10, toMove: [0, 1], viewer: 0 });
    // The model's rank 0 is Player 1's home row, row 9 of the game; square 90 is at Player 1's left.
    expect(model.squares.slice(0, 6).map((q) => [q.id, q.label, q.piece?.symbol])).toEqual([
      ['90', '90', 'C'],
      ['91', '91', 'A'],
      ['92', '92', 'C'],
      ['93', '93', 'C'],
      ['94', '94', 'F'],
      ['95', '95', 'A'],
    ]);
    expect(model.squares[4]?.piece).toEqual({ kind: 'flag', owner: 0, symbol: 'F', name: 'Player 1 flag' });
    expect(model.squares[99]).toMatchObject({ id: '09', file: 9, rank: 9, piece: { kind: 'cavalry', owner: 1 } });
    expect(model.squares[10]?.piece).toMatchObject({ kind: 'infantry', owner: 0, symbol: 'I' });
    expect(model.squares.filter((q) => q.piece).length).toBe(40);
  });

  it('the flanks, the home rows, and the Supply Lines and High Ground when those rules are on, as zones', () => {
    const zones = (st: TactorusSetup, id: string): readonly string[] | undefined =>
      st.board.model(st.initial()).squares.find((q) => q.id === id)?.zones;
    const plain = setup();
    expect(zones(plain, '90')).toEqual(['p1-left-flank', 'p1-home-row']);
    expect(zones(plain, '87')).toEqual(['p1-right-flank']);
    // Player 2 faces down the board: their left flank is on the board's right.
    expect(zones(plain, '09')).toEqual(['p2-left-flank', 'p2-home-row']);
    expect(zones(plain, '10')).toEqual(['p2-right-flank']);
    expect(zones(plain, '94')).toEqual(['p1-home-row']);
    expect(zones(plain, '44')).toBeUndefined();
    const both = setup({ supplyLines: true, highGround: true });
    expect(zones(both, '95')).toEqual(['p1-home-row', 'supply-lines']);
    expect(zones(both, '44')).toEqual(['high-ground']);
    expect(both.board.model(both.initial()).squares.filter((q) => q.zones?.includes('high-ground'))).toHaveLength(16);
  });

  it("the viewer's own orders are marked on their units, never the other side's; a spectator sees none", () => {
    const st = setup();
    const s = play(play(st.initial(), 0, '84-64'), 1, '15-35');
    const unit = (viewer: Player | undefined, id: string) =>
      st.board.model(s, viewer).squares.find((q) => q.id === id)?.piece;
    expect(unit(0, '84')?.ordered).toEqual({ to: '64' });
    expect(unit(0, '15')?.ordered).toBeUndefined();
    expect(unit(1, '15')?.ordered).toEqual({ to: '35' });
    expect(unit(1, '84')?.ordered).toBeUndefined();
    expect(unit(undefined, '84')?.ordered).toBeUndefined();
    expect(JSON.stringify(st.board.model(s, 0))).toBe(
      JSON.stringify(st.board.model(play(st.initial(), 0, '84-64'), 0)),
    );
  });
});

describe('Tactorus in the catalogue: inputs', () => {
  it('every legal move of a player is one input, unique by act and squares: orders, withdrawals, done', () => {
    const st = setup({ board: LINE });
    const s = play(st.initial(), 0, '46-36', '45-46', '44-34');
    const inputs = st.board.inputs(s, 0);
    const legal = st.game.legalMoves(s, 0).map((m) => st.game.formatMove(s, m));
    expect(inputs.map((i) => i.notation).sort()).toEqual([...legal].sort());
    expect(new Set(inputs.map(keyOf)).size).toBe(inputs.length);
    const withdrawals = inputs.filter((i) => i.action === 'withdraw');
    // 46 cannot be withdrawn: the order 45-46 moves in behind it (Tactorus 3.1 item 1).
    expect(withdrawals.map((i) => [i.from, i.to, i.label])).toEqual([
      ['45', undefined, 'withdraw the infantry on 45 (ordered to 46)'],
      ['44', undefined, 'withdraw the infantry on 44 (ordered to 34)'],
    ]);
    expect(inputs.filter((i) => i.action === 'done').map((i) => [i.notation, i.from, i.to])).toEqual([
      ['done', undefined, undefined],
    ]);
    const onEnemy = st.board.inputs(st.initial(), 0).find((i) => i.from === '46' && i.to === '47');
    expect(onEnemy).toMatchObject({
      action: 'order',
      from: '46',
      label: "infantry 46 to 47, onto Player 2's infantry",
    });
  });

  it("a click on an ordered unit withdraws its order; a drag orders; done ends the round's orders", () => {
    const st = setup({ board: LINE });
    const s = play(st.initial(), 0, '44-34');
    expect(unwrap(st.board.fromInput(s, { from: '44' }, 0))).toEqual({ type: 'withdraw', player: 0, from: 44 });
    expect(unwrap(st.board.fromInput(s, { from: '45', to: '35' }, 0))).toEqual({
      type: 'order',
      player: 0,
      from: 45,
      to: 35,
    });
    expect(unwrap(st.board.fromInput(s, { action: 'done' }, 1))).toEqual({ type: 'done', player: 1 });
    expect(st.board.squaresOf(s, { type: 'order', player: 0, from: 45, to: 35 })).toEqual({
      from: '45',
      to: '35',
      path: ['35'],
    });
  });

  it.each([
    ['out of reach (basic rule 2: one or two squares)', '', { from: '44', to: '74' }, 'order/out-of-reach'],
    ['onto an own unit without Chain moves (basic rule 4)', '', { from: '44', to: '45' }, 'order/own-square'],
    ['onto an own unit not ordered away (alteration 1)', 'chain', { from: '45', to: '46' }, 'order/own-square'],
  ])('a drag %s says which rule', (_what, chain, input, code) => {
    const st = setup({ board: LINE, chain: chain === 'chain' });
    expect(refusal(st, st.initial(), input, 0).code).toBe(code);
  });

  it('Chain moves (alteration 1): a square already ordered into is refused; an order moved in behind is withdrawn last', () => {
    const st = setup({ board: LINE });
    const s = play(st.initial(), 0, '46-36', '45-46');
    expect(refusal(st, s, { from: '44', to: '46' }, 0).code).toBe('order/square-taken');
    expect(refusal(st, s, { from: '46' }, 0).code).toBe('withdraw/depended-on');
    expect(refusal(st, s, { action: 'withdraw', from: '46' }, 0).code).toBe('withdraw/depended-on');
    expect(refusal(st, s, { action: 'withdraw', from: '44' }, 0).code).toBe('withdraw/no-order');
    expect(refusal(st, s, { from: '45', to: '55' }, 0).code).toBe('order/already-ordered');
  });

  it("Supply Lines (alteration 2): once the round's orders are used up, no unit can be picked up or dragged", () => {
    const st = setup({ board: PRESSED, supplyLines: true });
    const s = play(st.initial(), 0, '44-34', '45-35');
    expect(st.status(s, { start: s, ply: 0 }).allowance[0]).toBe(2);
    expect(refusal(st, s, { from: '46', to: '36' }, 0).code).toBe('order/allowance');
    expect(refusal(st, s, { from: '46' }, 0).code).toBe('order/allowance');
    expect(st.board.inputs(s, 0).some((i) => i.action === 'order')).toBe(false);
  });

  it("the catalogue's reasons for the rest: an empty square, the other side's unit, not a square, no such act", () => {
    const st = setup({ board: LINE });
    const s = st.initial();
    expect(refusal(st, s, { from: '55', to: '45' }, 0).code).toBe('input/empty-square');
    expect(refusal(st, s, { from: '47', to: '37' }, 0).code).toBe('input/not-your-piece');
    expect(refusal(st, s, { from: '44', to: '100' }, 0).code).toBe('input/bad-square');
    expect(refusal(st, s, { action: 'buy', to: '44' }, 0).code).toBe('input/no-such-action');
    expect(refusal(st, s, { from: '44', to: '34', choice: 'x' }, 0).code).toBe('input/no-choice');
    expect(refusal(st, s, { action: 'done', from: '44' }, 0).code).toBe('input/no-square');
    const done = play(s, 0, 'done');
    expect(refusal(st, done, { from: '44', to: '34' }, 0).code).toBe('input/not-your-turn');
    expect(refusal(st, tactorus.resign(s, 1), { action: 'done' }, 0).code).toBe('input/game-over');
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Seeded random playouts that carry rounds out, over the rule alterations and flanks.

const OPTION_SETS: readonly Record<string, unknown>[] = [
  {},
  { chain: false },
  { supplyLines: true },
  { supplyLines: true, highGround: true, chain: false },
  { highGround: true, flankP1Left: false, flankP2Right: false },
];

/** Some of `p`'s moves at random through the board inputs, orders more often than withdrawals, then maybe done. */
function scheduleSome(st: TactorusSetup, s: TactorusState, p: Player, rng: Rng, done: boolean): TactorusState {
  let t = s;
  const steps = rng.int(8);
  for (let k = 0; k < steps; k++) {
    const inputs = st.board.inputs(t, p).filter((i) => i.action !== 'done');
    if (inputs.length === 0) break;
    const pick = rng.pick(inputs);
    t = st.game.play(t, unwrap(st.board.fromInput(t, pick, p)));
  }
  return done ? st.game.play(t, { type: 'done', player: p }) : t;
}

/** `s` with `p`'s orders of the round given afresh at random (from none), still not done. */
function otherOrders(st: TactorusSetup, s: TactorusState, p: Player, rng: Rng): TactorusState {
  const cleared: TactorusState = { ...s, orders: p === 0 ? [[], s.orders[1]] : [s.orders[0], []] };
  return scheduleSome(st, cleared, p, rng, false);
}

function* rounds(st: TactorusSetup, rng: Rng, count: number): Generator<TactorusState> {
  let s = st.initial();
  for (let r = 0; r < count && !s.ended; r++) {
    yield s;
    const first = rng.int(2) as Player;
    s = scheduleSome(st, s, first, rng, rng.int(2) === 0);
    yield s;
    if (!s.ended && st.game.toMove(s).includes((1 - first) as Player)) {
      s = scheduleSome(st, s, (1 - first) as Player, rng, false);
      yield s;
    }
    for (const p of st.game.toMove(s)) s = scheduleSome(st, s, p, rng, true);
  }
  yield s;
}

describe('Tactorus in the catalogue: random playouts over the rule alterations and flanks', () => {
  it.each(OPTION_SETS.map((o) => [JSON.stringify(o), o] as const))(
    '%s: the inputs are exactly the legal moves, and each comes back through fromInput',
    (_name, options) => {
      const st = setup(options);
      const rng = createRng(`tactorus inputs ${JSON.stringify(options)}`);
      let positions = 0;
      let resolved = 0;
      for (const s of rounds(st, rng, 12)) {
        positions++;
        resolved = Math.max(resolved, s.round);
        for (const p of st.game.toMove(s)) {
          const inputs: readonly MoveInput<TactorusMove>[] = st.board.inputs(s, p);
          const legal = st.game.legalMoves(s, p).map((m) => st.game.formatMove(s, m));
          expect(inputs.map((i) => i.notation).sort()).toEqual([...legal].sort());
          expect(new Set(inputs.map(keyOf)).size).toBe(inputs.length);
          for (const input of inputs) {
            const back = st.board.fromInput(s, input, p);
            expect(back.ok && st.game.formatMove(s, back.value)).toBe(input.notation);
          }
        }
      }
      expect(positions).toBeGreaterThan(20);
      expect(resolved).toBeGreaterThan(3);
    },
  );

  it.each(OPTION_SETS.map((o) => [JSON.stringify(o), o] as const))(
    "%s: a player's model, inputs, refusals and the status never depend on the other side's orders",
    (_name, options) => {
      const st = setup(options);
      const rng = createRng(`tactorus secrecy ${JSON.stringify(options)}`);
      const names = st.board.model(st.initial()).squares.map((q) => q.id);
      let compared = 0;
      for (const s of rounds(st, rng, 10)) {
        for (const viewer of [0, 1] as const) {
          const other = (1 - viewer) as Player;
          if (!st.game.toMove(s).includes(other)) continue; // the other side is done: that may show, nothing more
          const t = otherOrders(st, s, other, rng);
          expect(JSON.stringify(st.board.model(t, viewer))).toBe(JSON.stringify(st.board.model(s, viewer)));
          expect(JSON.stringify(st.board.inputs(t, viewer))).toBe(JSON.stringify(st.board.inputs(s, viewer)));
          expect(tactorusStatus(t)).toEqual(tactorusStatus(s));
          expect(st.game.observe(t, viewer)).toEqual(st.game.observe(s, viewer));
          for (let k = 0; k < 12; k++) {
            const input: BoardInput = { from: rng.pick(names), to: rng.pick(names) };
            expect(JSON.stringify(st.board.fromInput(t, input, viewer))).toBe(
              JSON.stringify(st.board.fromInput(s, input, viewer)),
            );
          }
          compared++;
        }
      }
      expect(compared).toBeGreaterThan(10);
    },
  );
});

describe('Tactorus in the catalogue: sessions', () => {
  it('a game played by clicks in its simultaneous session: both players submit, the round is carried out', () => {
    const st = setup();
    let session = unwrap(st.newSession({ seed: 1, now: NOW }));
    const order = unwrap(st.board.fromInput(session.position, { from: '84', to: '64' }, 0));
    session = submit(session, 0, [order, unwrap(st.board.fromInput(session.position, { action: 'done' }, 0))]);
    expect(session.submitted(0)).toBe(true);
    const view = unwrap(session.viewFor(1));
    expect(view.opponentSubmitted).toBe(true);
    expect(view.observation.orders).toEqual([]);
    session = submit(session, 1, ['15-35', 'done']);
    expect(session.round).toBe(2);
    expect(formatPosition(session.roundStart)).toBe(
      'caccafccac/iiiii.iiii/........../.....i..../........../........../....I...../........../IIII.IIIII/CACCFACCAC 1 chain - -',
    );
  });

  it('the manual has no clock: a session with one is refused (session/no-clock)', () => {
    const r = setup().newSession({
      seed: 1,
      now: NOW,
      clock: { mode: 'game', limitMs: 60_000, level: 'normal' } as never,
    });
    expect(!r.ok && r.error.code).toBe('session/no-clock');
  });

  it('a stored game restores with the catalogue alone, pending orders, commands and all', () => {
    const st = setup({ supplyLines: true, flankP1Right: false });
    let session = unwrap(
      st.newSession({ seed: 1, now: NOW, seats: [{ kind: 'human' }, { kind: 'computer', level: '2' }] }),
    );
    session = submit(session, 0, ['84-64', 'done']);
    session = submit(session, 1, ['15-35', 'done']);
    session = unwrap(session.command('Rules: chain high-ground', { expectedVersion: session.version, now: NOW }));
    session = submit(session, 1, ['16-36']);
    const back = unwrap(restoreStoredGame(JSON.parse(JSON.stringify(storeGame(st, session)))));
    if (back.dynamics !== 'simultaneous') throw new Error('restored as a sequential game');
    expect(back.setup.options).toEqual(st.options);
    expect(JSON.stringify(back.session)).toBe(JSON.stringify(session));
    expect(back.session.status().game).toEqual(session.status().game);
  });
});

describe('Tactorus in the catalogue: the ++Tactorus record', () => {
  async function played(st: TactorusSetup): Promise<TactorusGameSession> {
    let session = unwrap(st.newSession({ seed: 1, now: NOW }));
    session = submit(session, 0, ['84-64', 'done']);
    session = submit(session, 1, ['15-35', 'done']);
    session = unwrap(session.command('Rules: chain high-ground', { expectedVersion: session.version, now: NOW }));
    session = submit(session, 1, ['16-36', 'done']);
    session = submit(session, 0, ['done']);
    return submit(session, 0, ['83-73']);
  }

  it('exports the rounds, commands and ending, without the round under way; reads back options, line and snapshot', async () => {
    const st = setup({ flankP2Left: false });
    const session = await played(st);
    const text = unwrap(await st.exportRecord('tactorus-game', session, { event: 'friday game' }));
    expect(text).toMatch(
      /^\+\+Tactorus\nName: friday game\nRound: 2\nPlayer: 1\nMode: hot-seat\nLevel: -\nRules: chain,high-ground\n/,
    );
    expect(text).toContain('Round 1: 84-64 / 15-35\nRules: chain high-ground\nRound 2: - / 16-36\n');
    expect(text).not.toContain('83-73');
    const imported = unwrap(await tactorusEntry.importRecord('tactorus-game', text));
    expect(imported.options).toEqual(st.options);
    expect(imported.meta).toEqual({ event: 'friday game' });
    const again = setup(imported.options);
    const restored = unwrap(again.restoreSession(imported.snapshot));
    expect(formatPosition(restored.roundStart)).toBe(formatPosition(session.roundStart));
    expect(unwrap(await again.exportRecord('tactorus-game', restored, { event: 'friday game' }))).toBe(text);
    // The line of moves starts afresh after the rule change, and ends where the session's round starts.
    const h = imported.history;
    expect(h.start.rules).toEqual({ chain: true, supplyLines: false, highGround: true });
    expect(h.moves.map((m) => st.game.formatMove(h.start, m))).toEqual(['done', '16-36', 'done']);
    expect(formatPosition(current(h))).toBe(formatPosition(session.roundStart));
  });

  it("a resignation ends the record; the computer seat is written as the manual's mode and level", async () => {
    const st = setup();
    let session = unwrap(
      st.newSession({ seed: 1, now: NOW, seats: [{ kind: 'computer', level: '4' }, { kind: 'human' }] }),
    );
    session = submit(session, 0, ['84-64', 'done']);
    session = submit(session, 1, ['done']);
    session = unwrap(session.resign(1, { expectedVersion: session.version, now: NOW }));
    const text = unwrap(await st.exportRecord('tactorus-game', session));
    expect(text).toMatch(/\nPlayer: 2\nMode: computer\nLevel: 4\n/);
    expect(text).toMatch(/\nResult: 1:resigned\n/);
    expect(text).toMatch(/\nResign: 2\n/);
    const imported = unwrap(await tactorusEntry.importRecord('tactorus-game', text));
    const restored = unwrap(st.restoreSession(imported.snapshot));
    expect(restored.outcome).toEqual({ kind: 'win', winner: 0, reason: 'resigned' });
    expect(restored.seats).toEqual([{ kind: 'computer', level: '4' }, { kind: 'human' }]);
    const last = current(imported.history);
    expect(last.ended).toEqual({ kind: 'win', winner: 0, reason: 'resigned' });
    expect(imported.meta).toEqual({});
  });

  it('a customized start board comes back as the board option', async () => {
    const st = setup({ board: LINE, chain: false });
    const session = submit(submit(unwrap(st.newSession({ seed: 1, now: NOW })), 0, ['44-34', 'done']), 1, ['done']);
    const imported = unwrap(
      await tactorusEntry.importRecord('tactorus-game', unwrap(await st.exportRecord('tactorus-game', session))),
    );
    expect(imported.options).toEqual(st.options);
  });

  it("reads the terminal's saves: the saving player's own pending orders come along in the snapshot", async () => {
    let terminal = newTerminalSession(
      { name: 'at home', mode: 'hot-seat' },
      { rules: { chain: false, supplyLines: false, highGround: true } },
    );
    terminal = unwrap(playLocal(terminal, { type: 'order', player: 0, from: 84, to: 64 })).session;
    const text = unwrap(await saveSession(terminal));
    const imported = unwrap(await tactorusEntry.importRecord('tactorus-game', text));
    expect(imported.options).toMatchObject({ chain: false, highGround: true });
    const restored = unwrap(setup(imported.options).restoreSession(imported.snapshot));
    expect(unwrap(restored.viewFor(0)).pending).toEqual(['84-64']);
    expect(imported.meta).toEqual({ event: 'at home' });
  });

  it('refuses another format, a damaged text, and a start the rules would not set up, with coded errors', async () => {
    const st = setup();
    const session = unwrap(st.newSession({ seed: 1, now: NOW }));
    const pdn = await st.exportRecord('pdn', session);
    expect(!pdn.ok && pdn.error.code).toBe('record/unknown-format');
    const other = await tactorusEntry.importRecord('pdn', '');
    expect(!other.ok && other.error.code).toBe('record/unknown-format');
    const text = unwrap(await st.exportRecord('tactorus-game', session));
    const damaged = await tactorusEntry.importRecord('tactorus-game', text.replace('Round: 0', 'Round: 1'));
    expect(!damaged.ok && damaged.error.code).toBe('tactorus/checksum');
    // A hand-made file, checksum and all, whose start board has no flags: no game can start from it.
    const flagless = '.'.repeat(100);
    const made = unwrap(
      await exportGame(
        publicView({ ...tactorus.observe(st.initial(), 0), board: flagless }),
        { startBoard: flagless, startRules: st.initial().rules, events: [] },
        { name: 'x', mode: 'hot-seat' },
        0,
      ),
    );
    unwrap(await parseGameFile(made));
    const refused = await tactorusEntry.importRecord('tactorus-game', made);
    expect(!refused.ok && refused.error.code).toBe('position/flags');
    expect(!refused.ok && refused.error.message).toMatch(/^Start-Board: /);
  });
});

describe('Tactorus in the catalogue: ++TacMoves sealed orders for e-mail play', () => {
  /** A gateway's game (the authority) against a terminal player's e-mail game, both at the start, keys exchanged. */
  async function gatewayAndTerminal(): Promise<[TactorusSetup, TactorusGameSession, TerminalSession, MailKeys]> {
    const st = setup();
    const session = unwrap(st.newSession({ seed: 1, now: NOW }));
    const made = unwrap(await st.memos.newKeys([0]));
    const invitation = unwrap(await st.memos.exportForMail(session, 0, made, 'friday game'));
    const imported = unwrap(await importSession(unwrap(await parseGameFile(invitation))));
    const bob = imported.session;
    expect([bob.seat, bob.settings]).toEqual([1, { name: 'friday game', mode: 'e-mail' }]);
    // Bob is shown the fingerprint of the gateway's key for Player 1, to compare out of band.
    expect(imported.peer?.fingerprint).toBe(unwrap(await st.memos.fingerprint(made, 0)));
    const learnt = unwrap(await st.memos.learnKey(made, unwrap(await exportSession(bob))));
    expect(learnt.fingerprint).toMatch(/^([0-9a-f]{4} ){7}[0-9a-f]{4}$/);
    return [st, session, bob, learnt.keys];
  }

  it("a gateway seals one player's orders and opens the other's: both ends carry out the same round", async () => {
    const [st, start, bobStart, keys] = await gatewayAndTerminal();
    // Alice mails plain orders to the gateway; the gateway seals them once she is done.
    let session = submit(start, 0, ['84-64', '83-63', 'done']);
    const alice = unwrap(await st.memos.seal(session, 0, keys, 'friday game'));
    expect(alice.memo).toMatch(/^\+\+TacMoves\nName: friday game\nGame: [0-9a-f]{32}\n/);
    expect(alice.memo).toMatch(/\nSignature: [0-9a-f]{128}\nKey:\n/);
    expect(alice.withKey).toContain(`\nKey: ${alice.key}\n`);
    // Bob plays at his terminal: schedules, seals, receives Alice's memo, gives his key.
    let bob = unwrap(playLocal(bobStart, { type: 'order', player: 1, from: 15, to: 35 })).session;
    const sealedBob = unwrap(await sealOrders(bob));
    bob = sealedBob.session;
    expect(unwrap(await st.memos.check(session, sealedBob.memo, keys, 1))).toEqual({
      player: 1,
      round: 1,
      name: 'friday game',
      hasKey: false,
    });
    bob = unwrap(await receiveOrders(bob, alice.memo)).session;
    const bobKey = unwrap(await revealKey(bob)).release;
    // The gateway opens Bob's orders and submits them for him: the round is carried out.
    const opened = unwrap(await st.memos.open(session, sealedBob.memo, keys, bobKey));
    expect(opened).toEqual({
      player: 1,
      moves: [
        { type: 'order', player: 1, from: 15, to: 35 },
        { type: 'done', player: 1 },
      ],
    });
    session = submit(session, 1, opened.moves);
    expect(session.round).toBe(2);
    // Bob opens Alice's orders with her signed key release: his game is where the gateway's is.
    bob = unwrap(await receiveKey(bob, unwrap(await st.memos.release(alice.withKey, keys)))).session;
    expect(formatPosition(bob.core.roundStart)).toBe(formatPosition(session.roundStart));
  });

  it('seals only orders that can no longer change, and only for the round under way', async () => {
    const [st, start, , keys] = await gatewayAndTerminal();
    const giving = submit(start, 0, ['84-64']);
    const early = await st.memos.seal(giving, 0, keys);
    expect(!early.ok && early.error.code).toBe('tacmoves/not-done');
    const done = submit(giving, 0, ['done']);
    const alice = unwrap(await st.memos.seal(done, 0, keys));
    // Another round: the memo of round 1 no longer fits.
    const next = submit(done, 1, ['done']);
    const stale = await st.memos.check(next, alice.memo, keys);
    expect(!stale.ok && stale.error.code).toBe('tacmoves/wrong-round');
    const over = unwrap(next.resign(0, { expectedVersion: next.version, now: NOW }));
    const late = await st.memos.seal(over, 1, keys);
    expect(!late.ok && late.error.code).toBe('tacmoves/game-over');
    // The gateway holds no key of Player 2: it cannot seal for them.
    const notMine = await st.memos.seal(submit(start, 1, ['done']), 1, keys);
    expect(!notMine.ok && notMine.error.code).toBe('tacmoves/no-signing-key');
  });

  it('opens a memo only with its own key, for the player it says, on this game', async () => {
    const [st, start, , keys] = await gatewayAndTerminal();
    const done = submit(start, 0, ['84-64', 'done']);
    const alice = unwrap(await st.memos.seal(done, 0, keys));
    const wrongPlayer = await st.memos.check(done, alice.memo, keys, 1);
    expect(!wrongPlayer.ok && wrongPlayer.error.code).toBe('tacmoves/wrong-player');
    const noKey = await st.memos.open(done, alice.memo, keys);
    expect(!noKey.ok && noKey.error.code).toBe('tacmoves/no-key');
    // With the key in the memo it opens; on another game's position it does not.
    expect(unwrap(await st.memos.open(done, alice.withKey, keys)).moves).toHaveLength(2);
    const elsewhere = unwrap(setup({ flankP1Left: false }).newSession({ seed: 1, now: NOW }));
    const other = await st.memos.check(elsewhere, alice.memo, keys);
    expect(!other.ok && other.error.code).toBe('tacmoves/wrong-position');
    const broken = await st.memos.check(done, alice.memo.replace('Slots: 99', 'Slots: 98'), keys);
    expect(!broken.ok && broken.error.code).toMatch(/^tacmoves\//);
  });

  it('refuses a memo or key release of another game or another sender, and an unsigned one', async () => {
    const [st, start, , keys] = await gatewayAndTerminal();
    const done = submit(start, 0, ['84-64', 'done']);
    const alice = unwrap(await st.memos.seal(done, 0, keys));
    // Game "sat": the same position and round, another game id and other keys.
    const sat = unwrap(await st.memos.newKeys([0, 1]));
    const wrongGame = await st.memos.check(done, alice.memo, sat);
    expect(!wrongGame.ok && wrongGame.error.code).toBe('tacmoves/wrong-game');
    // Mallory holds the export (the game id and public keys) but not Player 1's private key.
    const mallory = { ...keys, signingKeys: [unwrap(await st.memos.newKeys([0])).signingKeys[0], undefined] as const };
    const forged = unwrap(await st.memos.seal(done, 0, mallory));
    const refused = await st.memos.check(done, forged.memo, keys);
    expect(!refused.ok && refused.error.code).toBe('tacmoves/bad-signature');
    const forgedRelease = unwrap(await st.memos.release(alice.withKey, mallory));
    const opened = await st.memos.open(done, alice.memo, keys, forgedRelease);
    expect(!opened.ok && opened.error.code).toBe('tackey/bad-signature');
    // A memo without signature lines (an older version's) is refused.
    const unsigned = unwrap(await exportOrders(observe(done.position, 0), 'friday game'));
    const old = await st.memos.check(done, unsigned.withoutKey, keys);
    expect(!old.ok && old.error.code).toBe('tacmoves/unsigned');
    // A bare key or a release for another memo does not open it.
    const release = unwrap(await st.memos.release(alice.withKey, keys));
    const again = unwrap(await st.memos.seal(done, 0, keys));
    const mismatch = await st.memos.open(done, again.memo, keys, release);
    expect(!mismatch.ok && mismatch.error.code).toBe('tackey/wrong-memo');
    const bare = await st.memos.open(done, alice.memo, keys, alice.key);
    expect(!bare.ok && bare.error.code).toBe('tackey/not-a-key');
  });
});

describe('Tactorus in the catalogue: the computer', () => {
  it("offers the manual's five levels and our sixth, by the manual's names, and the @tactica/ai/tactorus engine", async () => {
    const st = setup();
    expect(tactorusEntry.levels).toBe(TACTORUS_LEVELS);
    expect(st.levels.map((l) => [l.id, l.name])).toEqual([1, 2, 3, 4, 5, 6].map((n) => [String(n), `Level ${n}`]));
    const engine = await st.loadEngine();
    expect(engine.levels).toBe(TACTORUS_LEVELS);
    const computer = await st.loadComputer();
    expect(computer.levels).toBe(TACTORUS_LEVELS);
  });

  it("gives a round's orders ending with done, which the session takes as they are", async () => {
    const st = setup({ supplyLines: true });
    const computer = await st.loadComputer();
    let session = unwrap(
      st.newSession({ seed: 1, now: NOW, seats: [{ kind: 'human' }, { kind: 'computer', level: '3' }] }),
    );
    for (let round = 1; round <= 4 && !session.outcome; round++) {
      session = submit(session, 0, ['done']);
      const [pending] = session.pendingComputer(NOW);
      const moves = computer.choose(session.position, 1, pending?.level ?? '3', { seed: round });
      expect(moves[moves.length - 1]).toEqual({ type: 'done', player: 1 });
      expect(moves.length - 1).toBeLessThanOrEqual(10);
      session = submit(session, 1, moves);
      expect(session.round).toBe(round + 1);
    }
  });

  it("chooses from its seat's observation: the other side's orders change nothing", async () => {
    const st = setup();
    const computer = await st.loadComputer();
    const rng = createRng('tactorus computer secrecy');
    for (const level of ['1', '2', '4', '6']) {
      const s = st.initial();
      const mine = computer.choose(s, 1, level, { seed: 5 });
      for (let k = 0; k < 3; k++) {
        const other = scheduleSome(st, s, 0, rng, rng.int(2) === 0);
        expect(computer.choose(other, 1, level, { seed: 5 })).toEqual(mine);
      }
    }
  });

  it('withdraws the orders its seat already has, latest first, before giving its own; nothing once done', async () => {
    const st = setup({ board: LINE });
    const computer = await st.loadComputer();
    const s = play(st.initial(), 0, '46-36', '45-46');
    const moves = computer.choose(s, 0, '2', { seed: 1 });
    expect(moves.slice(0, 2)).toEqual([
      { type: 'withdraw', player: 0, from: 45 },
      { type: 'withdraw', player: 0, from: 46 },
    ]);
    let t = s;
    for (const m of moves) t = unwrap(tactorus.tryPlay(t, tactorus.formatMove(t, m), 0));
    expect(t.committed[0]).toBe(true);
    expect(computer.choose(play(s, 0, 'done'), 0, '2')).toEqual([]);
    expect(computer.choose(tactorus.resign(s, 1), 0, '2')).toEqual([]);
  });
});
