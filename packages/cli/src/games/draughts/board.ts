/**
 * The draughts board for the terminal, and the status line of the manual's status bar (3.3.5).
 *
 * The board is drawn with file letters and rank numbers; for rule sets whose moves are written with square numbers
 * (all but Russian) the square numbers are drawn beside it, turned the same way, so a move can be read off both.
 * Pieces: `w` white man, `W` white king, `b` black man, `B` black king; `.` an empty playing square.
 */
import type { Player } from '@tactica/core';
import { pieceAt, RULE_SETS, squaresOf, type Position } from '@tactica/draughts';
import type { DraughtsStatus } from '@tactica/catalogue/draughts';

export const LEGEND = 'w/b: white/black man   W/B: white/black king   .: empty square';

/** The board, White at the bottom unless `flipped`. */
export function renderBoard(pos: Position, flipped = false): string {
  const rules = RULE_SETS[pos.variant];
  const sq = squaresOf(rules);
  const size = rules.size;
  const ranks = Array.from({ length: size }, (_, k) => size - k);
  const files = Array.from({ length: size }, (_, k) => k);
  if (flipped) {
    ranks.reverse();
    files.reverse();
  }
  const numbers = rules.notation === 'numeric';
  const letters = files.map((f) => ` ${String.fromCharCode(97 + f)} `).join('');
  const lines: string[] = [`    ${letters}`.trimEnd()];
  for (const rank of ranks) {
    let board = '';
    let grid = '';
    for (const file of files) {
      const i = sq.fromFileRank(file, rank);
      if (i < 0) {
        board += '   ';
        grid += '   ';
        continue;
      }
      const n = sq.number(i);
      board += ` ${pieceAt(pos, n) ?? '.'} `;
      grid += String(n).padStart(3);
    }
    const label = String(rank).padStart(2);
    lines.push(`${label} |${board}| ${label}${numbers ? `     ${grid}` : ''}`.trimEnd());
  }
  lines.push(`    ${letters}`.trimEnd());
  return lines.join('\n');
}

/**
 * The manual's status bar as one line (3.3.5), rendered from the catalogue's status, left to right: the rule set's
 * letter (W, E, S, R, B, T, O) with `give-away` after it in a give-away game; the pieces of the first (starting)
 * player, then of the second; the move counter, only while it is not reset (stage 1 counting inactive moves, stage
 * 2 counting all moves: half-moves left, 2.4); the move number. Then whose turn it is and the last move, which the
 * board alone does not show.
 */
export function statusLine(st: DraughtsStatus, lastMove?: string): string {
  const side = (p: Player): string => `${p === 0 ? 'White' : 'Black'} ${st.men[p] + st.kings[p]}`;
  const first = st.firstToMove;
  const parts = [
    `${st.letter}${st.giveaway ? ' give-away' : ''}`,
    `${side(first)} ${side(first === 0 ? 1 : 0)}`,
    ...(st.counter ? [`counter ${st.counter.stage}: ${st.counter.left}`] : []),
    `move ${st.moveNumber}`,
  ];
  const turn = st.toMove[0];
  if (turn !== undefined) parts.push(`${turn === 0 ? 'White' : 'Black'} to move`);
  if (lastMove) parts.push(`last ${lastMove}`);
  return parts.join(' | ');
}
