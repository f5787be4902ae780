/**
 * `fromInput` for every game, built once over the game's `inputs` (each legal move as the input that makes it), in
 * the spirit of chessops' bridge to chessground: the board knows no rules, so whatever a UI sends is matched
 * against the legal moves and nothing else can come out. When nothing matches, the error says why in the terms
 * a player thinks in (an empty square, the opponent's piece, no such target), or in the game's own (a capture is
 * compulsory).
 */
import { err, inputError, ok, type Game, type InputError, type Player, type Result } from '@tactica/core';
import type { Board, BoardAdapter, BoardInput, MoveInput, MoveSquares, PieceModel, SquareModel } from './types.js';

function listOf(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

function unique(values: readonly (string | undefined)[]): string[] {
  return [...new Set(values.filter((v): v is string => v !== undefined))];
}

/** Builds the full board (with `fromInput` and `squaresOf`) from a game's adapter. */
export function makeBoard<S, M, V, P extends PieceModel>(
  game: Game<S, M, V>,
  adapter: BoardAdapter<S, M, P>,
): Board<S, M, P> {
  const squareOf = (s: S, id: string, player: Player | undefined): SquareModel<P> | undefined =>
    adapter.model(s, player).squares.find((q) => q.id === id);

  const whyNot = (s: S, input: BoardInput, player: Player | undefined, stage: 'from' | 'to'): InputError => {
    const own = adapter.explain?.(s, input, player);
    if (own) return own;
    const mover = player ?? game.toMove(s)[0];
    const from = input.from;
    if (stage === 'from' && from !== undefined) {
      const square = squareOf(s, from, mover);
      if (!square) return inputError('input/bad-square', `${from} is not a square of this board`, { input: from });
      if (!square.piece) return inputError('input/empty-square', `there is no piece on ${from}`, { input: from });
      if (mover !== undefined && square.piece.owner !== mover) {
        return inputError('input/not-your-piece', `the ${square.piece.name} on ${from} is not yours to move`, {
          input: from,
        });
      }
      return inputError('input/no-move', `the ${square.piece.name} on ${from} has no legal move now`, { input: from });
    }
    if (stage === 'from') {
      return inputError('input/illegal', `there is no legal ${input.action ?? 'move'} now`);
    }
    const targets = unique(
      adapter
        .inputs(s, player)
        .filter((i) => i.from === from && (input.action === undefined || i.action === input.action))
        .map((i) => i.to),
    );
    const to = input.to ?? '';
    if (squareOf(s, to, mover) === undefined) {
      return inputError('input/bad-square', `${to} is not a square of this board`, { input: to });
    }
    const what = from === undefined ? 'that' : `the piece on ${from}`;
    return inputError(
      'input/illegal-target',
      `${what} cannot go to ${to}${targets.length ? `; it can go to ${listOf(targets)}` : ''}`,
      { input: to },
    );
  };

  const fromInput = (s: S, input: BoardInput, player?: Player): Result<M, InputError> => {
    if (game.outcome(s)) return err(inputError('input/game-over', 'the game is over'));
    if (player !== undefined && !game.toMove(s).includes(player)) {
      return err(inputError('input/not-your-turn', `it is not ${game.info.players[player]}'s turn`));
    }
    // One pass over the inputs for what was picked up (games like Force 400 have a thousand of them).
    let candidates: readonly MoveInput<M>[] = adapter
      .inputs(s, player)
      .filter(
        (i) =>
          (input.action === undefined || i.action === input.action) &&
          (input.from === undefined || i.from === input.from),
      );
    if (candidates.length === 0) return err(whyNot(s, input, player, 'from'));
    if (input.to !== undefined) candidates = candidates.filter((i) => i.to === input.to);
    if (candidates.length === 0) return err(whyNot(s, input, player, 'to'));
    if (input.choice !== undefined) {
      const picked = candidates.filter((i) => i.choice === input.choice);
      if (picked.length === 0) {
        // The game may know why this choice is not on offer (a piece too dear to buy) better than "not one of".
        const own = adapter.explain?.(s, input, player);
        if (own) return err(own);
        return err(
          inputError(
            'input/bad-choice',
            `"${input.choice}" is not one of the choices: ${listOf(unique(candidates.map((i) => i.choice)))}`,
            { input: input.choice },
          ),
        );
      }
      candidates = picked;
    }
    const first = candidates[0] as MoveInput<M>;
    if (candidates.length > 1) {
      return err(
        inputError(
          'input/ambiguous',
          `${candidates.length} moves fit: ${candidates.map((i) => `${i.choice ?? i.notation} (${i.label})`).join('; ')}; give the choice`,
        ),
      );
    }
    return ok(first.move);
  };

  return {
    model: (s, viewer) => adapter.model(s, viewer),
    inputs: (s, player) => adapter.inputs(s, player),
    ...(adapter.explain ? { explain: adapter.explain } : {}),
    fromInput,
    squaresOf(s: S, m: M): MoveSquares {
      const text = game.formatMove(s, m);
      const found = adapter.inputs(s).find((i) => i.notation === text);
      if (!found) return {};
      return {
        ...(found.from !== undefined ? { from: found.from } : {}),
        ...(found.to !== undefined ? { to: found.to } : {}),
        ...(found.path ? { path: found.path } : {}),
        ...(found.captures ? { captures: found.captures } : {}),
      };
    },
  };
}
