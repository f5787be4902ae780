/**
 * Board geometry: where the playable squares are, how they are numbered, and the bit layout the move generator uses.
 *
 * Internal square index `i` (0-based) follows the standard PDN numbering minus one: seen from White (at the bottom),
 * square 0 is the leftmost playable square of the top row, numbering runs left to right, top to bottom, and the
 * bottom-left corner (a1) is playable. The mirrored Spanish board (manual 2.2.1 "Flipped board") is the same
 * geometry seen in a mirror, so it shares this layout and differs only in how squares are numbered and drawn.
 *
 * Bit layout ("ghost squares"): bit = i + floor(i / size), i.e. one unused bit after every two rows. Then the four
 * diagonal neighbours of every square are at constant bit offsets +h, +h+1, -(h+1), -h (h = squares per row), and a
 * step off the left or right edge lands on a ghost bit. The 8x8 board needs 35 bits and the 10x10 board 54, held in
 * two 32-bit words (lo = bits 0-31, hi = bits 32-63).
 */
import type { RuleSet } from './rules.js';

/** Directions, as seen from White at the bottom: 0 down-left, 1 down-right, 2 up-left, 3 up-right. */
export const DOWN_LEFT = 0;
export const DOWN_RIGHT = 1;
export const UP_LEFT = 2;
export const UP_RIGHT = 3;

export interface Geometry {
  readonly size: 8 | 10;
  /** Playable squares per row. */
  readonly half: number;
  readonly squares: number;
  /** Internal square index → bit. */
  readonly bitOf: Int8Array;
  /** Bit → internal square index, or -1 for a ghost or out-of-board bit (64 entries). */
  readonly squareOf: Int8Array;
  /** Single-bit masks per bit: the low and high word. */
  readonly bitLo: Int32Array;
  readonly bitHi: Int32Array;
  readonly validLo: number;
  readonly validHi: number;
  /** The top row (White's crowning row) and the bottom row (Black's). */
  readonly topLo: number;
  readonly topHi: number;
  readonly bottomLo: number;
  readonly bottomHi: number;
  /** next[d * 64 + bit]: the neighbouring bit in direction d, or -1 off the board. */
  readonly next: Int8Array;
}

const cache = new Map<number, Geometry>();

export function geometryOf(size: 8 | 10): Geometry {
  const known = cache.get(size);
  if (known) return known;
  const half = size / 2;
  const squares = half * size;
  const bitOf = new Int8Array(squares);
  const squareOf = new Int8Array(64).fill(-1);
  const bitLo = new Int32Array(64);
  const bitHi = new Int32Array(64);
  for (let b = 0; b < 64; b++) {
    if (b < 32) bitLo[b] = 1 << b;
    else bitHi[b] = 1 << (b - 32);
  }
  let validLo = 0;
  let validHi = 0;
  let topLo = 0;
  let topHi = 0;
  let bottomLo = 0;
  let bottomHi = 0;
  const at = new Map<string, number>();
  for (let i = 0; i < squares; i++) {
    const b = i + Math.floor(i / size);
    bitOf[i] = b;
    squareOf[b] = i;
    validLo |= bitLo[b] as number;
    validHi |= bitHi[b] as number;
    const { row, col } = rowCol(size, i);
    at.set(`${row},${col}`, b);
    if (row === 0) {
      topLo |= bitLo[b] as number;
      topHi |= bitHi[b] as number;
    }
    if (row === size - 1) {
      bottomLo |= bitLo[b] as number;
      bottomHi |= bitHi[b] as number;
    }
  }
  const next = new Int8Array(4 * 64).fill(-1);
  const steps = [
    [1, -1],
    [1, 1],
    [-1, -1],
    [-1, 1],
  ] as const;
  for (let i = 0; i < squares; i++) {
    const { row, col } = rowCol(size, i);
    const b = bitOf[i] as number;
    steps.forEach(([dr, dc], d) => {
      const nb = at.get(`${row + dr},${col + dc}`);
      if (nb !== undefined) next[d * 64 + b] = nb;
    });
  }
  const g: Geometry = {
    size,
    half,
    squares,
    bitOf,
    squareOf,
    bitLo,
    bitHi,
    validLo,
    validHi,
    topLo,
    topHi,
    bottomLo,
    bottomHi,
    next,
  };
  cache.set(size, g);
  return g;
}

/** Row (0 = top, Black's home) and column (0 = left as White sees the standard board) of internal square `i`. */
export function rowCol(size: number, i: number): { row: number; col: number } {
  const half = size / 2;
  const row = Math.floor(i / half);
  const k = i % half;
  return { row, col: row % 2 === 0 ? 2 * k + 1 : 2 * k };
}

/**
 * How a rule set names its squares: PDN numbers (1-based) and algebraic names as the board is drawn
 * (files a.. from White's left, ranks 1.. from White's side). Spanish uses the mirrored board, numbered from
 * White's right-hand corner (h1 = 1), right to left and bottom to top, so White's men stand on 1-12.
 */
export interface Squares {
  readonly count: number;
  readonly size: number;
  /** PDN square number of internal square `i`. */
  number(i: number): number;
  /** Internal square of PDN number `n`, or -1. */
  fromNumber(n: number): number;
  /** File (0 = a) and rank (1-based) as drawn for this rule set. */
  fileRank(i: number): { file: number; rank: number };
  /** Internal square at file/rank, or -1 when not a playable square. */
  fromFileRank(file: number, rank: number): number;
  /** Algebraic name such as `c3`. */
  algebraic(i: number): string;
}

const squaresCache = new Map<string, Squares>();

export function squaresOf(rules: Pick<RuleSet, 'size' | 'mirrored'>): Squares {
  const key = `${rules.size}${rules.mirrored ? 'm' : ''}`;
  const known = squaresCache.get(key);
  if (known) return known;
  const size = rules.size;
  const half = size / 2;
  const count = half * size;
  const numberOf = new Int16Array(count);
  const fromNumber = new Int16Array(count + 1).fill(-1);
  const files = new Int8Array(count);
  const ranks = new Int8Array(count);
  const byFileRank = new Int16Array(size * size).fill(-1);
  for (let i = 0; i < count; i++) {
    const { row, col } = rowCol(size, i);
    const n = rules.mirrored ? half * (size - 1 - row) + (i % half) + 1 : i + 1;
    numberOf[i] = n;
    fromNumber[n] = i;
    const file = rules.mirrored ? size - 1 - col : col;
    const rank = size - row;
    files[i] = file;
    ranks[i] = rank;
    byFileRank[file * size + (rank - 1)] = i;
  }
  const s: Squares = {
    count,
    size,
    number: (i) => numberOf[i] as number,
    fromNumber: (n) => (Number.isInteger(n) && n >= 1 && n <= count ? (fromNumber[n] as number) : -1),
    fileRank: (i) => ({ file: files[i] as number, rank: ranks[i] as number }),
    fromFileRank: (file, rank) =>
      file >= 0 && file < size && rank >= 1 && rank <= size ? (byFileRank[file * size + rank - 1] as number) : -1,
    algebraic: (i) => `${String.fromCharCode(97 + (files[i] as number))}${ranks[i] as number}`,
  };
  squaresCache.set(key, s);
  return s;
}
