/** Draughts as text: the terminal's diagram with coordinates, and the square numbers where the rule set uses them. */
import { boardDiagram, type DraughtsState } from '@tactica/draughts';
import { squareNumberGrid } from '../text.js';
import type { BoardAdapter, PieceModel, TextBoard } from '../types.js';

export function draughtsText(board: BoardAdapter<DraughtsState, unknown, PieceModel>): TextBoard<DraughtsState> {
  return {
    draw(s) {
      const diagram = boardDiagram(s.position, { coordinates: true });
      const numbers = squareNumberGrid(board.model(s));
      return numbers ? `${diagram}\n\nSquare numbers:\n${numbers}` : diagram;
    },
  };
}
