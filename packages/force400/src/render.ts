/**
 * The board as text, as the TRS-80 version drew it: "Each man displays his owner's initial (W for White or B for
 * Black) and his current force level; the man also marked with an asterisk (*) is that player's king."
 * Rank 0 at the top, as on the original screen; `flipped` turns the board round. `paint` (an interface's colours)
 * is given each square's text and gives it back as it should be shown, the same width on the screen.
 */
import { countOf } from '@tactica/core';
import { FILES, squareAt, squareName, SQUARES } from './board.js';
import type { Force400State } from './state.js';

const CELL = 5;

export interface RenderOptions {
  readonly flipped?: boolean;
  readonly paint?: (square: number, text: string) => string;
}

export function renderBoard(s: Force400State, view: RenderOptions = {}): string {
  const flipped = view.flipped ?? false;
  const paint = view.paint;
  const files = [...FILES].map((_, i) => (flipped ? 9 - i : i));
  const ranks = files.slice();
  const lines = [`    ${files.map((f) => ` ${FILES[f] ?? ''}`.padEnd(CELL)).join('')}`.trimEnd()];
  for (const r of ranks) {
    const cells = files.map((f) => {
      const sq = squareAt(f, r);
      const m = s.board[sq];
      const text = m ? `${m.side === 0 ? 'W' : 'B'}${m.force}${m.king ? '*' : ''}` : ' .';
      return `${paint ? paint(sq, text) : text}${' '.repeat(CELL - text.length)}`;
    });
    lines.push(` ${r}  ${cells.join('').trimEnd()}`);
  }
  return lines.join('\n');
}

/** Every man of each side as `square force`, kings marked with `*`: `White: A0 13, H9 10*, …`. */
export function listMen(s: Force400State): string {
  const out: string[] = [];
  for (const side of [0, 1] as const) {
    const men: string[] = [];
    let units = 0;
    for (let sq = 0; sq < SQUARES; sq++) {
      const m = s.board[sq];
      if (!m || m.side !== side) continue;
      units += m.force;
      men.push(`${squareName(sq)} ${m.force}${m.king ? '*' : ''}`);
    }
    const name = side === 0 ? 'White' : 'Black';
    out.push(
      `${name} (${countOf(men.length, 'man', 'men')}, ${countOf(units, 'unit')}): ${men.length ? men.join(', ') : 'none'}`,
    );
  }
  return out.join('\n');
}
