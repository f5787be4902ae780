/**
 * ASCII boards: a position drawn as text (White at the bottom by default), and read back from such a drawing.
 * One line per rank, top to bottom; a playable square shows `.` when empty or its piece (`w` `W` `b` `B`);
 * an unplayable square is blank. Reading ignores blanks, so a diagram needs only the playable squares of each
 * rank in order, e.g. for the 8x8 start:
 *
 *     b   b   b   b
 *   b   b   b   b
 *     b   b   b   b
 *   .   .   .   .
 *     .   .   .   .
 *   w   w   w   w
 *     w   w   w   w
 *   w   w   w   w
 */
import type { Player } from '@tactica/core';
import { err, inputError, ok, type InputError, type Result } from '@tactica/core';
import { squaresOf } from './geometry.js';
import { fromInternal, pieceAtInternal, type Piece, type Position } from './position.js';
import { RULE_SETS, type VariantId } from './rules.js';
import type { DraughtsCode } from './codes.js';

export interface DiagramOptions {
  /** Draw Black at the bottom. */
  readonly flip?: boolean;
  /** Add file letters and rank numbers (algebraic), or PDN numbers of the row ends. */
  readonly coordinates?: boolean;
}

/** The board as text, one line per rank. */
export function boardDiagram(pos: Position, options: DiagramOptions = {}): string {
  const rules = RULE_SETS[pos.variant];
  const sq = squaresOf(rules);
  const size = rules.size;
  const lines: string[] = [];
  const ranks = Array.from({ length: size }, (_, k) => size - k);
  const files = Array.from({ length: size }, (_, k) => k);
  if (options.flip) {
    ranks.reverse();
    files.reverse();
  }
  for (const rank of ranks) {
    const cells = files.map((file) => {
      const i = sq.fromFileRank(file, rank);
      if (i < 0) return ' ';
      return pieceAtInternal(pos, i) ?? '.';
    });
    const row = cells.join(' ');
    lines.push(options.coordinates ? `${String(rank).padStart(2)} | ${row} |` : row.trimEnd());
  }
  if (options.coordinates) {
    const letters = files.map((f) => String.fromCharCode(97 + f)).join(' ');
    lines.push(`     ${letters}`);
  }
  return lines.join('\n');
}

/** Reads a diagram drawn as `boardDiagram` draws it (without coordinates), White at the bottom. */
export function parseDiagram(
  variant: VariantId,
  text: string,
  turn: Player,
): Result<Position, InputError<DraughtsCode>> {
  const rules = RULE_SETS[variant];
  const sq = squaresOf(rules);
  const size = rules.size;
  const rows = text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ''))
    .filter((line) => line.length > 0);
  if (rows.length !== size) {
    return err(inputError('diagram/rows', `a ${size}x${size} diagram needs ${size} rows, got ${rows.length}`));
  }
  const placed: { square: number; piece: Piece }[] = [];
  for (let r = 0; r < size; r++) {
    const row = rows[r] as string;
    const rank = size - r;
    const playable = Array.from({ length: size }, (_, f) => f).filter((f) => sq.fromFileRank(f, rank) >= 0);
    if (row.length !== playable.length) {
      return err(
        inputError('diagram/row-length', `rank ${rank} needs ${playable.length} squares, got ${row.length}`, {
          line: r + 1,
          input: row,
        }),
      );
    }
    for (let k = 0; k < row.length; k++) {
      const c = row[k] as string;
      if (c === '.') continue;
      if (c !== 'w' && c !== 'W' && c !== 'b' && c !== 'B') {
        return err(inputError('diagram/bad-piece', `"${c}" is not a piece (w W b B or .)`, { line: r + 1, input: c }));
      }
      placed.push({ square: sq.fromFileRank(playable[k] as number, rank), piece: c });
    }
  }
  return ok(fromInternal(variant, placed, turn));
}
