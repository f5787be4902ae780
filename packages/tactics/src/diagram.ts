/**
 * The text board in the manual's style (manual, "Starting board" and the worked example):
 *
 *       A   B   C   D   E   F   G   H
 *     +---+---+---+---+---+---+---+---+
 *   1 | Q |:B:| R |:R:| R |:R:| B |:Q:| 1
 *     +---+---+---+---+---+---+---+---+
 *   …
 *
 * Rank 1 is at the top. A square is three characters: `:::` a dark empty square, three spaces a light one; a piece
 * showing the white face is its letter between spaces (light) or colons (dark), one showing the black face is
 * between asterisks whatever the square (`*Q*`); the letter is uppercase when the piece is mobile and lowercase
 * when frozen. The bottom file line ends with a space, as in the manual.
 */
import { err, inputError, ok, type InputError, type Result } from '@tactica/core';
import { cellOf, EMPTY, FILES, isDark, isFrozen, PIECE_KINDS, pieceOf, SQUARES, type Cell } from './board.js';
import { cellAt, type TacticsState } from './state.js';
import type { TacticsCode } from './codes.js';

const FILE_LINE = '    A   B   C   D   E   F   G   H';
const RULE_LINE = '  +---+---+---+---+---+---+---+---+';

/** One square as the manual draws it. */
export function diagramCell(cell: Cell, sq: number): string {
  const shade = isDark(sq) ? ':' : ' ';
  const p = pieceOf(cell);
  if (!p) return shade.repeat(3);
  const letter = isFrozen(cell) ? p.kind.toLowerCase() : p.kind;
  return p.face === 1 ? `*${letter}*` : `${shade}${letter}${shade}`;
}

/**
 * The board as the manual prints it (no trailing newline). `flipped` turns it half round: rank 8 at the top and the
 * files from H to A, for the player who wants Black's side nearest.
 */
export function renderDiagram(
  s: Pick<TacticsState, 'board'>,
  options: {
    readonly flipped?: boolean;
    /** An interface's colours: given each square's text, gives it back as shown (the same width on the screen). */
    readonly paint?: (square: number, text: string) => string;
  } = {},
): string {
  const flipped = options.flipped ?? false;
  const paint = options.paint ?? ((_: number, text: string) => text);
  const files = flipped ? [7, 6, 5, 4, 3, 2, 1, 0] : [0, 1, 2, 3, 4, 5, 6, 7];
  const ranks = flipped ? [7, 6, 5, 4, 3, 2, 1, 0] : [0, 1, 2, 3, 4, 5, 6, 7];
  const fileLine = `    ${files.map((f) => (FILES[f] ?? '').toUpperCase()).join('   ')}`;
  const lines = [fileLine, RULE_LINE];
  for (const r of ranks) {
    const squares = files.map((f) => paint(r * 8 + f, diagramCell(cellAt(s, r * 8 + f), r * 8 + f)));
    lines.push(`${r + 1} |${squares.join('|')}| ${r + 1}`, RULE_LINE);
  }
  lines.push(`${fileLine} `);
  return lines.join('\n');
}

/**
 * Reads a board drawn in the manual's style (as `renderDiagram` writes it, rank 1 at the top) into 64 cell codes. The
 * shading of a square is not checked against its colour: the manual itself draws b1 unshaded in four diagrams (a
 * misprint: docs/rules/tactics.md "The worked example"). Trailing spaces and blank lines around the board are ignored.
 */
export function parseDiagram(text: string): Result<Cell[], InputError<TacticsCode>> {
  const all = text.split(/\r?\n/).map((l) => l.replace(/\s+$/, ''));
  let first = 0;
  while (first < all.length && all[first] === '') first++;
  let last = all.length;
  while (last > first && all[last - 1] === '') last--;
  const lines = all.slice(first, last);
  if (lines.length !== 19) {
    return err(
      inputError(
        'diagram/line-count',
        `a board has 19 lines (files, rule, 8 ranks with rules, files), not ${lines.length}`,
      ),
    );
  }
  const line = (i: number) => ({ line: first + i + 1 });
  for (const i of [0, 18]) {
    if (lines[i] !== FILE_LINE) {
      return err(
        inputError('diagram/bad-line', `expected the file letters "${FILE_LINE.trim()}"`, {
          ...line(i),
          column: 1,
          input: lines[i],
        }),
      );
    }
  }
  const cells = new Array<Cell>(SQUARES).fill(EMPTY);
  for (let r = 0; r < 8; r++) {
    const ruleAt = 1 + r * 2;
    for (const i of [ruleAt, ruleAt + 2]) {
      if (lines[i] !== RULE_LINE) {
        return err(
          inputError('diagram/bad-line', `expected a rule line "${RULE_LINE.trim()}"`, {
            ...line(i),
            column: 1,
            input: lines[i],
          }),
        );
      }
    }
    const row = lines[ruleAt + 1] ?? '';
    const rank = String(r + 1);
    if (!row.startsWith(`${rank} |`) || !row.endsWith(`| ${rank}`) || row.length !== 37) {
      return err(
        inputError('diagram/bad-line', `expected rank ${rank} as "${rank} |…| ${rank}" with 8 squares`, {
          ...line(ruleAt + 1),
          column: 1,
          input: row,
        }),
      );
    }
    for (let f = 0; f < 8; f++) {
      const column = 4 + f * 4;
      const square = row.slice(column - 1, column + 2);
      const bar = row[column + 2];
      if (bar !== '|') {
        return err(
          inputError('diagram/bad-line', 'expected "|" between squares', {
            ...line(ruleAt + 1),
            column: column + 3,
            input: row,
          }),
        );
      }
      const cell = readSquare(square);
      if (cell === undefined) {
        return err(
          inputError(
            'diagram/bad-square',
            `square ${FILES[f]}${rank} "${square}" is not "   ", ":::", " X ", ":X:" or "*X*" with X one of R B Q r b q`,
            { ...line(ruleAt + 1), column, input: square },
          ),
        );
      }
      cells[r * 8 + f] = cell;
    }
  }
  return ok(cells);
}

function readSquare(square: string): Cell | undefined {
  if (square === '   ' || square === ':::') return EMPTY;
  const [a, letter = '', b] = square;
  let face: 0 | 1;
  if (a === '*' && b === '*') face = 1;
  else if ((a === ' ' && b === ' ') || (a === ':' && b === ':')) face = 0;
  else return undefined;
  const kind = PIECE_KINDS.find((k) => k === letter.toUpperCase());
  if (!kind) return undefined;
  const frozen = letter !== kind;
  return cellOf({ kind, face, owner: frozen ? (face === 0 ? 1 : 0) : face });
}
