/**
 * The draughts board for the terminal, and the status line of the manual's status bar (3.3.5).
 *
 * The board is drawn with file letters and rank numbers; for rule sets whose moves are written with square numbers
 * (all but Russian) the square numbers are drawn beside it, turned the same way, so a move can be read off both.
 * Pieces: `w` white man, `W` white king, `b` black man, `B` black king; `.` an empty playing square.
 */
import type { Player, TimeLimit } from '@tactica/core';
import { pieceAt, RULE_SETS, squareName, squaresOf, type Position } from '@tactica/draughts';
import type { DraughtsStatus } from '@tactica/catalogue/draughts';
import type { ColourName, Palette } from '../../terminal/colour.js';

export const LEGEND = 'w/b: white/black man   W/B: white/black king   .: empty square';

/**
 * The board, White at the bottom unless `flipped`. `paint` (the terminal's colours and marks) is given each playable
 * square's name and text and gives the text back as it should be shown.
 */
export function renderBoard(pos: Position, flipped = false, paint?: (square: string, text: string) => string): string {
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
      const text = pieceAt(pos, n) ?? '.';
      board += ` ${paint ? paint(squareName(pos, n), text) : text} `;
      grid += String(n).padStart(3);
    }
    const label = String(rank).padStart(2);
    lines.push(`${label} |${board}| ${label}${numbers ? `     ${grid}` : ''}`.trimEnd());
  }
  lines.push(`    ${letters}`.trimEnd());
  return lines.join('\n');
}

/** What colours the status bar (manual 3.3.5): who plays each side, the clock's limit, the palette. */
export interface StatusLook {
  readonly palette: Palette;
  /** The seats the computer plays: their piece counts are green, a person's yellow. */
  readonly computer: readonly [boolean, boolean];
  /** The clock's limit when a clock runs: the move number is white (off), violet (normal) or pink (blitz). */
  readonly timeLimit?: TimeLimit;
}

// The manual's white is the terminal's own text colour, bold (ours): bright white vanished on a light background.
const MOVE_NUMBER_COLOUR: Record<TimeLimit, ColourName | undefined> = {
  off: undefined,
  normal: 'magenta',
  blitz: 'pink',
};

/**
 * The manual's status bar as one line (3.3.5), rendered from the catalogue's status, left to right: the rule set's
 * letter (W, E, S, R, B, T, O) with `give-away` after it in a give-away game; the computer's skill, when it plays;
 * the pieces of the first (starting) player, then of the second; the move counter, only while it is not reset
 * (stage 1 counting inactive moves, stage 2 counting all moves: half-moves left, 2.4); the move number. Then whose
 * turn it is and the last move, which the board alone does not show.
 *
 * In colour, as the manual has it: the letter white, or cyan in a give-away game; the skill green; each side's
 * pieces yellow for a person, green for the computer; the counter violet in stage 1, pink in stage 2; the move
 * number white, violet or pink for the time limit off (or no clock), normal or blitz.
 */
export function statusLine(
  st: DraughtsStatus,
  lastMove?: string,
  extra: { readonly skill?: string; readonly look?: StatusLook } = {},
): string {
  const look = extra.look;
  const paint = (text: string, fg: ColourName | undefined): string =>
    look ? look.palette.paint(text, fg ? { fg } : { bold: true }) : text;
  const side = (p: Player): string =>
    `${p === 0 ? 'White' : 'Black'} ${paint(String(st.men[p] + st.kings[p]), look?.computer[p] ? 'green' : 'yellow')}`;
  const first = st.firstToMove;
  const parts = [
    paint(`${st.letter}${st.giveaway ? ' give-away' : ''}`, st.giveaway ? 'cyan' : undefined),
    ...(extra.skill ? [paint(extra.skill, 'green')] : []),
    `${side(first)} ${side(first === 0 ? 1 : 0)}`,
    ...(st.counter
      ? [paint(`counter ${st.counter.stage}: ${st.counter.left}`, st.counter.stage === 1 ? 'magenta' : 'pink')]
      : []),
    paint(`move ${st.moveNumber}`, MOVE_NUMBER_COLOUR[look?.timeLimit ?? 'off']),
  ];
  const turn = st.toMove[0];
  if (turn !== undefined) parts.push(`${turn === 0 ? 'White' : 'Black'} to move`);
  if (lastMove) parts.push(`last ${lastMove}`);
  return parts.join(' | ');
}
