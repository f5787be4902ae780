/** Tactrix! as text: the terminal's board, and the chips each side holds, which the board does not show. */
import { renderBoard, type TactrixState } from '@tactica/tactrix';
import type { TextBoard } from '../types.js';

export const TACTRIX_TEXT: TextBoard<TactrixState> = {
  draw: (s, seatName) =>
    `${renderBoard(s)}\n\nChips held: ${seatName(0)} ${s.balance[0]}, ${seatName(1)} ${s.balance[1]}.`,
};
