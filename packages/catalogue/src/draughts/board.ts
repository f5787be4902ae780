/**
 * The draughts board for UIs: every square with its PDN number (or algebraic name in Russian), the men and kings,
 * and every legal move as a pick-up and put-down, captures with their full paths so a UI can ask which of two
 * captures between the same squares is meant.
 */
import { inputError, type InputError, type Player } from '@tactica/core';
import {
  pieceAt,
  squareName,
  squaresOf,
  type DraughtsGame,
  type DraughtsMove,
  type DraughtsState,
} from '@tactica/draughts';
import type { BoardAdapter, BoardInput, BoardModel, MoveInput, PieceModel, SquareModel } from '../types.js';

export interface DraughtsPiece extends PieceModel {
  readonly kind: 'man' | 'king';
  readonly king: boolean;
}

const PIECES: Readonly<Record<string, DraughtsPiece>> = {
  w: { kind: 'man', owner: 0, king: false, symbol: 'w', name: 'white man' },
  W: { kind: 'king', owner: 0, king: true, symbol: 'W', name: 'white king' },
  b: { kind: 'man', owner: 1, king: false, symbol: 'b', name: 'black man' },
  B: { kind: 'king', owner: 1, king: true, symbol: 'B', name: 'black king' },
};

export function draughtsBoard(game: DraughtsGame): BoardAdapter<DraughtsState, DraughtsMove, DraughtsPiece> {
  const rules = game.rules;
  const sq = squaresOf(rules);
  const size = rules.size;
  const name = (n: number): string => squareName({ variant: rules.id }, n);

  const model = (s: DraughtsState, viewer?: Player): BoardModel<DraughtsPiece> => {
    const squares: SquareModel<DraughtsPiece>[] = [];
    for (let rank = 0; rank < size; rank++) {
      for (let file = 0; file < size; file++) {
        const i = sq.fromFileRank(file, rank + 1);
        if (i < 0) {
          squares.push({
            id: `${String.fromCharCode(97 + file)}${rank + 1}`,
            file,
            rank,
            shade: 'light',
            playable: false,
          });
          continue;
        }
        const n = sq.number(i);
        const piece = pieceAt(s.position, n);
        squares.push({
          id: name(n),
          file,
          rank,
          shade: 'dark',
          playable: true,
          ...(rules.notation === 'numeric' ? { label: String(n) } : {}),
          ...(piece ? { piece: PIECES[piece] as DraughtsPiece } : {}),
        });
      }
    }
    return { files: size, ranks: size, squares, toMove: game.toMove(s), viewer };
  };

  const inputs = (s: DraughtsState, player?: Player): MoveInput<DraughtsMove>[] =>
    game.legalMoves(s, player).map((m) => {
      const capture = m.captures.length > 0;
      const path = m.path.map(name);
      const captures = m.captures.map(name);
      return {
        move: m,
        notation: game.formatMove(s, m),
        action: capture ? 'capture' : 'move',
        from: name(m.from),
        to: name(m.to),
        // Moves between the same two squares differ by the pieces they take.
        ...(capture ? { choice: captures.join(',') } : {}),
        label: capture ? `taking ${captures.join(', ')} via ${path.join(', ')}` : `${name(m.from)} to ${name(m.to)}`,
        path,
        captures,
      };
    });

  /** Manual 2.2.4: a capture is compulsory, so a plain move while one exists is the commonest mistake. */
  const explain = (s: DraughtsState, input: BoardInput, player?: Player): InputError | undefined => {
    if (input.from === undefined) return undefined;
    const legal = inputs(s, player);
    const captures = legal.filter((i) => i.action === 'capture');
    if (captures.length === 0 || legal.some((i) => i.from === input.from && i.to === input.to)) return undefined;
    const own = model(s).squares.find((q) => q.id === input.from)?.piece;
    if (!own || own.owner !== s.position.turn) return undefined;
    const capturers = [...new Set(captures.map((i) => i.from))];
    return inputError(
      'move/capture-required',
      capturers.includes(input.from)
        ? `a capture is compulsory: the piece on ${input.from} must take (to ${[...new Set(captures.filter((i) => i.from === input.from).map((i) => i.to))].join(', ')})`
        : `a capture is compulsory: take with the piece${capturers.length > 1 ? 's' : ''} on ${capturers.join(', ')}`,
      { input: input.from },
    );
  };

  return { model, inputs, explain };
}
