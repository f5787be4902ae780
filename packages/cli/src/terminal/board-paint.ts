/**
 * The colour scheme applied to a board drawn as text. Each game draws its own board (the manuals' layouts); it hands
 * every square's text to a painter, which knows nothing of the game: the catalogue's board model says who owns the
 * piece on a square, and the marks say which squares the last move used and where a piece may go.
 *
 * In colour: pieces in their side's colour, the last move's squares and the targets on a background, the piece whose
 * targets are shown reversed. Plain (no colour): the pieces and the last move as drawn, and a target drawn as `m` (a
 * square to move to) or `x` (a piece to take), as the Tactrix! manual's diagrams mark them **(ours)**.
 */
import type { Player } from '@tactica/core';
import { BOARD_SCHEME, type BoardScheme, type Palette, type Style } from './colour.js';

/** Squares to mark, by the game's own square names (the board model's ids). */
export interface BoardMarks {
  /** The squares the last move used (from, the stops, to). */
  readonly lastMove?: readonly string[];
  /** Where the selected piece may go. */
  readonly targets?: readonly string[];
  /** The piece whose targets are shown. */
  readonly selected?: string;
  /** The `lastMove` squares blink: a move about to be made (Force 400, "by blinking the squares involved"). */
  readonly blink?: boolean;
}

/** A square's text as drawn, given back painted (the same width on the screen). */
export type CellPainter = (id: string, text: string) => string;

/** What the painter needs of a square: its name and its piece's owner (the catalogue's `SquareModel`). */
export interface PaintSquare {
  readonly id: string;
  readonly piece?: { readonly owner: Player };
}

/** A target drawn without colour: `m` or `x` in place of what the square shows, in a cell of the same width. */
function plainTarget(text: string, occupied: boolean): string {
  const mark = occupied ? 'x' : 'm';
  const width = text.length;
  if (width === 0) return text;
  if (width === 1) return mark;
  // A square drawn with a frame of one character (`:::`, `*Q*`, ` b `) keeps its frame.
  const first = text[0] as string;
  if (width >= 3 && first === text[width - 1] && !/[A-Za-z0-9]/.test(first)) {
    const inner = width - 2;
    const left = Math.floor((inner - 1) / 2);
    return `${first}${' '.repeat(left)}${mark}${' '.repeat(inner - 1 - left)}${first}`;
  }
  // Otherwise the mark takes the place of the first character drawn, the rest blank (`W10*` → `x   `, ` .` → ` m`).
  const at = text.search(/\S/);
  const start = at < 0 ? 0 : at;
  return `${' '.repeat(start)}${mark}${' '.repeat(width - start - 1)}`;
}

function merge(...styles: readonly (Style | undefined)[]): Style | undefined {
  const present = styles.filter((s): s is Style => s !== undefined);
  return present.length === 0 ? undefined : Object.assign({}, ...present);
}

/** The painter for one drawing of a board: its squares (who owns what), the marks, the palette and the scheme. */
export function boardPainter(
  squares: readonly PaintSquare[],
  marks: BoardMarks,
  palette: Palette,
  scheme: BoardScheme = BOARD_SCHEME,
): CellPainter {
  const owner = new Map<string, Player>();
  for (const q of squares) if (q.piece) owner.set(q.id, q.piece.owner);
  const last = new Set(marks.lastMove ?? []);
  const targets = new Set(marks.targets ?? []);
  return (id, text) => {
    const target = targets.has(id);
    if (!palette.colour) return target ? plainTarget(text, owner.has(id)) : text;
    const side = owner.get(id);
    const style = merge(
      side === undefined ? undefined : scheme.sides[side],
      last.has(id) ? scheme.lastMove : undefined,
      last.has(id) && marks.blink ? { blink: true } : undefined,
      target ? scheme.target : undefined,
      marks.selected === id ? scheme.selected : undefined,
    );
    return palette.paint(text, style);
  };
}
