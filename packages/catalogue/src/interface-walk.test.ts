/**
 * What a server, an e-mail gateway or a browser app does with a game, done here with nothing but the catalogue's
 * public entry point (no CLI, no game package imported directly): list the games, load one, start every variant
 * with its options, render the board, turn clicks into moves, keep the game as JSON and restore it.
 */
import { describe, expect, it } from 'vitest';
import {
  GAME_LISTINGS,
  loadEntry,
  restoreGame,
  storeGame,
  type AnyGameSetup,
  type BoardInput,
  type BoardModel,
  type MoveInput,
} from '@tactica/catalogue';

/** A click on a piece, then a click on a target: the squares a UI knows from the board model alone. */
function click(model: BoardModel, inputs: readonly MoveInput<unknown>[], k: number): MoveInput<unknown> {
  const movable = inputs.filter((i) => i.from !== undefined && model.squares.some((q) => q.id === i.from && q.piece));
  const pool = movable.length > 0 ? movable : inputs;
  return pool[k % pool.length] as MoveInput<unknown>;
}

/** What a UI sends back: only the squares and the choice, never the move itself. */
function asClick(input: MoveInput<unknown>): BoardInput {
  return {
    ...(input.action !== undefined ? { action: input.action } : {}),
    ...(input.from !== undefined ? { from: input.from } : {}),
    ...(input.to !== undefined ? { to: input.to } : {}),
    ...(input.choice !== undefined ? { choice: input.choice } : {}),
  };
}

function render(model: BoardModel): string {
  const rows: string[] = [];
  for (let rank = model.ranks - 1; rank >= 0; rank--) {
    let row = '';
    for (let file = 0; file < model.files; file++) {
      const q = model.squares[rank * model.files + file];
      row += q?.piece ? q.piece.symbol.padEnd(2) : q?.playable ? '. ' : '  ';
    }
    rows.push(row);
  }
  return rows.join('\n');
}

describe('an interface drives every game through the catalogue alone', () => {
  it('lists the five games before loading any', () => {
    expect(GAME_LISTINGS.map((g) => g.family)).toEqual(['draughts', 'force400', 'tactrix', 'tactics', 'tactorus']);
  });

  it.each(GAME_LISTINGS.map((g) => [g.family] as const))(
    '%s: every variant starts, renders, takes clicks, is stored as JSON and restored',
    async (family) => {
      const entry = await loadEntry(family);
      expect(entry.family).toBe(family);
      for (const variant of entry.variants) {
        const r = entry.setup(JSON.parse(JSON.stringify(variant.options)));
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        const setup: AnyGameSetup = r.value;
        const now = 5_000;
        let stored: unknown;
        let position = '';
        if (setup.dynamics === 'sequential') {
          const created = setup.newSession({ seed: 11, now });
          expect(created.ok).toBe(true);
          if (!created.ok) return;
          let session = created.value;
          for (let k = 0; k < 6 && session.toMove !== undefined; k++) {
            const model = setup.board.model(session.position, session.toMove);
            expect(render(model).length).toBeGreaterThan(0);
            const input = click(model, setup.board.inputs(session.position, session.toMove), k * 7 + 3);
            const move = setup.board.fromInput(session.position, asClick(input), session.toMove);
            expect(move.ok).toBe(true);
            if (!move.ok) return;
            const played = session.play(session.toMove, move.value, { expectedVersion: session.version, now });
            expect(played.ok).toBe(true);
            if (played.ok) session = played.value;
          }
          position = setup.game.formatPosition(session.position);
          stored = JSON.parse(JSON.stringify(storeGame(setup, session)));
        } else {
          const created = setup.newSession({ seed: 11, now });
          expect(created.ok).toBe(true);
          if (!created.ok) return;
          let session = created.value;
          for (let k = 0; k < 12 && !session.outcome; k++) {
            const p = ([0, 1] as const).find((q) => !session.submitted(q));
            if (p === undefined) break;
            const model = setup.board.model(session.position, p);
            expect(render(model).length).toBeGreaterThan(0);
            const inputs = setup.board.inputs(session.position, p);
            const input = k % 4 === 3 ? inputs.find((i) => i.action === 'done') : click(model, inputs, k);
            if (!input) continue;
            const move = setup.board.fromInput(session.position, asClick(input), p);
            expect(move.ok).toBe(true);
            if (!move.ok) return;
            const submitted = session.submit(p, move.value, { expectedVersion: session.version, now });
            expect(submitted.ok).toBe(true);
            if (submitted.ok) session = submitted.value;
          }
          position = setup.game.formatPosition(session.position);
          stored = JSON.parse(JSON.stringify(storeGame(setup, session)));
        }
        const back = await restoreGame(JSON.stringify(stored));
        expect(back.ok).toBe(true);
        if (!back.ok) return;
        expect(back.value.setup.variantId).toBe(variant.id);
        expect(back.value.setup.game.formatPosition(back.value.session.position)).toBe(position);
      }
    },
  );
});
