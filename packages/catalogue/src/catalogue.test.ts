/**
 * The catalogue's promises, checked over every game and variant with seeded random playouts: the board model
 * reaches exactly the legal moves, clicks and drags that match nothing get coded errors, views hide what the rules
 * hide, stored games and records come back as they were.
 */
import { describe, expect, it } from 'vitest';
import { createRng, current, unwrap, type Player, type Rng } from '@tactica/core';
import { ENTRIES, restoreStoredGame } from './all.js';
import { readOptions } from './options.js';
import { storeGame, storedGameText } from './stored-game.js';
import type { AnyGameEntry, AnyGameSetup, BoardInput, MoveInput, VariantInfo } from './types.js';

const PLAYOUTS = 2;
const PLIES = 60;

function keyOf(i: BoardInput): string {
  return JSON.stringify([i.action ?? null, i.from ?? null, i.to ?? null, i.choice ?? null]);
}

/** Seeded random playout over the raw game: every position reached, with the player(s) to act. */
function* playout(setup: AnyGameSetup, rng: Rng, plies: number): Generator<unknown> {
  const { game } = setup;
  let s = setup.initial();
  for (let ply = 0; ply < plies; ply++) {
    yield s;
    const players = game.toMove(s);
    if (players.length === 0) return;
    const p = rng.pick(players);
    const moves = game.legalMoves(s, p);
    if (moves.length === 0) return;
    s = game.play(s, rng.pick(moves));
  }
  yield s;
}

function checkBoard(setup: AnyGameSetup, s: unknown, rng: Rng): void {
  const { game, board } = setup;
  const files = game.info.board.files;
  const ranks = game.info.board.ranks;
  for (const p of game.toMove(s)) {
    const model = board.model(s, p);
    expect(model.squares).toHaveLength(files * ranks);
    model.squares.forEach((q, i) => {
      expect(q.rank * files + q.file).toBe(i);
    });
    const ids = new Set(model.squares.map((q) => q.id));
    expect(ids.size).toBe(model.squares.length);

    const legal = game.legalMoves(s, p);
    const inputs: readonly MoveInput<unknown>[] = board.inputs(s, p);
    // Every legal move is reachable through the model, and nothing else.
    expect(inputs.map((i) => i.notation).sort()).toEqual(legal.map((m) => game.formatMove(s, m)).sort());
    const keys = new Set(inputs.map(keyOf));
    expect(keys.size).toBe(inputs.length);
    for (const input of inputs) {
      if (input.from !== undefined) expect(ids.has(input.from)).toBe(true);
      if (input.to !== undefined) expect(ids.has(input.to)).toBe(true);
      const back = board.fromInput(s, input, p);
      expect(back.ok && game.formatMove(s, back.value)).toBe(input.notation);
    }
    // Whatever a UI sends, the answer is a legal move or a coded error.
    const squares = [...ids, 'zz99', ''];
    for (let k = 0; k < 20; k++) {
      const input: BoardInput = { from: rng.pick(squares), to: rng.pick(squares) };
      const r = board.fromInput(s, input, p);
      if (r.ok) expect(inputs.map((i) => i.notation)).toContain(game.formatMove(s, r.value));
      else expect(r.error.code).toMatch(/^[a-z0-9-]+\/[a-z0-9-]+$/);
    }
  }
}

/** In simultaneous rounds, nothing the other side schedules shows in a player's view until it is done. */
function checkSecrecy(setup: AnyGameSetup, s: unknown, rng: Rng): void {
  const { game, board } = setup;
  const players = game.toMove(s);
  if (players.length !== 2) return;
  for (const viewer of players) {
    const other = (1 - viewer) as Player;
    const moves = game.legalMoves(s, other);
    if (moves.length === 0) continue;
    const after = game.play(s, rng.pick(moves));
    if (!game.toMove(after).includes(other)) continue; // the other side finished: "orders are in" may show
    expect(JSON.stringify(game.observe(after, viewer))).toBe(JSON.stringify(game.observe(s, viewer)));
    expect(JSON.stringify(board.model(after, viewer))).toBe(JSON.stringify(board.model(s, viewer)));
    expect(board.inputs(after, viewer).map((i) => i.notation)).toEqual(board.inputs(s, viewer).map((i) => i.notation));
  }
}

function setupOf(entry: AnyGameEntry, variant: VariantInfo): AnyGameSetup {
  return unwrap(entry.setup(variant.options));
}

describe.each(ENTRIES.map((e) => [e.family, e] as const))('%s in the catalogue', (_family, entry) => {
  it('lists variants whose options set up the game they name', () => {
    expect(entry.variants.length).toBeGreaterThan(0);
    for (const v of entry.variants) {
      const setup = setupOf(entry, v);
      expect(setup.variantId).toBe(v.id);
      expect(setup.game.info.id).toBe(v.id);
      expect(setup.family).toBe(entry.family);
      expect(unwrap(readOptions(entry.options, setup.options))).toEqual(setup.options);
    }
  });

  it('sets up with defaults, refuses unknown options and bad values with coded errors', () => {
    expect(entry.setup().ok).toBe(true);
    expect(entry.setup({}).ok).toBe(true);
    const unknown = entry.setup({ noSuchOption: 1 });
    expect(!unknown.ok && unknown.error.code).toBe('options/unknown');
    expect(!entry.setup('variant').ok && !entry.setup([1]).ok).toBe(true);
    for (const spec of entry.options) {
      const wrong = spec.kind === 'text' ? 42 : spec.kind === 'flag' ? 'maybe' : spec.kind === 'integer' ? 1e12 : '??';
      const r = entry.setup({ [spec.key]: wrong });
      expect(!r.ok && r.error.code).toBe('options/bad-value');
      expect(!r.ok && r.error.message).toContain(spec.key);
    }
  });

  it.each(entry.variants.map((v) => [v.id, v] as const))(
    '%s: the board model reaches exactly the legal moves over random playouts',
    (_id, variant) => {
      const setup = setupOf(entry, variant);
      const rng = createRng(`board ${variant.id}`);
      for (let g = 0; g < PLAYOUTS; g++) {
        for (const s of playout(setup, rng, PLIES)) {
          checkBoard(setup, s, rng);
          checkSecrecy(setup, s, rng);
        }
      }
    },
  );

  it.each(entry.variants.map((v) => [v.id, v] as const))(
    '%s: a stored game restores with the catalogue alone, and records read back',
    async (_id, variant) => {
      const setup = setupOf(entry, variant);
      const rng = createRng(`store ${variant.id}`);
      const now = 1_000_000;
      const { game } = setup;
      if (setup.dynamics === 'sequential') {
        let session = unwrap(setup.newSession({ seed: 7, now }));
        for (let ply = 0; ply < 30 && session.toMove !== undefined; ply++) {
          const inputs = setup.board.inputs(session.position);
          const pick = rng.pick(inputs);
          const move = unwrap(setup.board.fromInput(session.position, pick));
          session = unwrap(session.play(session.toMove, move, { expectedVersion: session.version, now }));
        }
        const stored = JSON.parse(JSON.stringify(storeGame(setup, session))) as unknown;
        expect(JSON.parse(storedGameText(setup, session))).toEqual(stored);
        const back = unwrap(restoreStoredGame(stored));
        expect(back.dynamics).toBe('sequential');
        expect(game.formatPosition(back.session.position)).toBe(game.formatPosition(session.position));
        expect(back.session.version).toBe(session.version);
        expect(JSON.stringify(back.session)).toBe(JSON.stringify(session));
        const status = setup.status(session.position, {
          start: session.history.start,
          ply: session.history.cursor,
        });
        expect(status.toMove).toEqual(game.toMove(session.position));
        for (const format of setup.records) {
          const text = unwrap(await setup.exportRecord(format.id, session.history));
          const imported = unwrap(await entry.importRecord(format.id, text));
          const again = unwrap(entry.setup(imported.options));
          expect(again.variantId).toBe(setup.variantId);
          expect(game.formatPosition(current(imported.history))).toBe(game.formatPosition(session.position));
        }
      } else {
        let session = unwrap(setup.newSession({ seed: 7, now }));
        for (let step = 0; step < 40 && !session.outcome; step++) {
          const players = game.toMove(session.position).filter((p) => !session.submitted(p));
          if (players.length === 0) break;
          const p = rng.pick(players);
          const inputs = setup.board.inputs(session.position, p);
          if (inputs.length === 0) break;
          const move = unwrap(setup.board.fromInput(session.position, rng.pick(inputs), p));
          session = unwrap(session.submit(p, move, { expectedVersion: session.version, now }));
        }
        const stored = JSON.parse(JSON.stringify(storeGame(setup, session))) as unknown;
        expect(JSON.parse(storedGameText(setup, session))).toEqual(stored);
        const back = unwrap(restoreStoredGame(stored));
        expect(back.dynamics).toBe('simultaneous');
        expect(JSON.stringify(back.session)).toBe(JSON.stringify(session));
        for (const format of setup.records) {
          const text = unwrap(await setup.exportRecord(format.id, session));
          const imported = unwrap(await entry.importRecord(format.id, text));
          const again = unwrap(entry.setup(imported.options));
          expect(again.variantId).toBe(setup.variantId);
          // The record's game continues from its snapshot: the round under way starts where the session's does.
          if (again.dynamics !== 'simultaneous') throw new Error('a simultaneous game read back as sequential');
          const continued = unwrap(again.restoreSession(imported.snapshot));
          expect(game.formatPosition(continued.roundStart)).toBe(game.formatPosition(session.roundStart));
        }
      }
    },
  );

  it('refuses stored games that are not its own or are damaged, with coded errors', () => {
    const setup = unwrap(entry.setup());
    const created = setup.newSession({ seed: 1, now: 0 });
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    const stored = storeGame(setup, created.value);
    const cases: unknown[] = [
      'not json',
      null,
      { ...stored, format: 'x' },
      { ...stored, family: 'chess' },
      { ...stored, options: { noSuchOption: 1 } },
      { ...stored, session: { format: 'tactica-session' } },
      { ...stored, session: undefined },
    ];
    for (const c of cases) {
      const r = restoreStoredGame(c);
      expect(r.ok).toBe(false);
      expect(!r.ok && r.error.code).toMatch(/^[a-z]+\/[a-z-]+$/);
    }
  });
});
