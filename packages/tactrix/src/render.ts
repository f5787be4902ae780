/**
 * Text pictures of a position for terminals and golden files: piece letters (upper case White, lower case Black),
 * `*` a square with a chip, `.` an empty square without one.
 */
import { outcomeOfState } from './game.js';
import { FILES, PLAYER_NAMES, RANKS, pieceLetter, squareAt } from './pieces.js';
import type { TactrixState } from './state.js';

export function renderBoard(
  s: TactrixState,
  options: {
    flipped?: boolean;
    /** An interface's colours and marks: given each square's text, gives it back as shown (the same width). */
    paint?: (square: number, text: string) => string;
  } = {},
): string {
  const flipped = options.flipped ?? false;
  const paint = options.paint ?? ((_: number, text: string) => text);
  const files = Array.from({ length: FILES }, (_, i) => (flipped ? FILES - 1 - i : i));
  const ranks = Array.from({ length: RANKS }, (_, i) => (flipped ? i : RANKS - 1 - i));
  const letters = `    ${files.map((f) => 'abcdefghij'[f]).join(' ')}`;
  const rows = ranks.map((r) => {
    const cells = files.map((f) => {
      const sq = squareAt(f, r);
      const p = s.board[sq] as number;
      return paint(sq, p !== 0 ? pieceLetter(p) : (s.chips[sq] as number) > 0 ? '*' : '.');
    });
    const label = String(r + 1).padStart(2);
    return `${label}  ${cells.join(' ')}  ${label}`;
  });
  return [letters, ...rows, letters].join('\n');
}

/** `Move 3, White to move. Chips: White 2, Black 1. 4 plies without progress.` */
export function statusLine(s: TactrixState): string {
  const over = outcomeOfState(s);
  const who = over ? 'game over' : `${PLAYER_NAMES[s.turn]} to move`;
  return `Move ${s.moveNumber}, ${who}. Chips: White ${s.balance[0]}, Black ${s.balance[1]}. ${s.clock} ${s.clock === 1 ? 'ply' : 'plies'} without progress.`;
}
