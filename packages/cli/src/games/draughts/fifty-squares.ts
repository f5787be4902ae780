/**
 * An International position as the engine protocols write it (Hub, DXP): 50 letters, one a square in order, each
 * protocol with letters of its own.
 */
import type { Player } from '@tactica/core';
import { positionOf, type DraughtsGame, type DraughtsState, type Piece, type PlacedPiece } from '@tactica/draughts';

/** The position of `squares` (50 letters; one not in `pieces` is an empty square) with `toMove` to move. */
export function fromFiftySquares(
  game: DraughtsGame,
  squares: string,
  pieces: Readonly<Record<string, Piece>>,
  toMove: Player,
): DraughtsState {
  const placed: PlacedPiece[] = [];
  for (let k = 0; k < 50; k++) {
    const piece = pieces[squares[k] as string];
    if (piece) placed.push({ square: k + 1, piece });
  }
  return game.fromPosition(positionOf('international', placed, toMove));
}
