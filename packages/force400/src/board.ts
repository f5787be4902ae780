/**
 * Board geometry (manual, "Basics of Play"): a 10x10 grid, files A–J, ranks 0–9, rank 0 at the top of the screen.
 * A square is the number `rank * 10 + file`. Lines (rays) are precomputed so move generation allocates nothing.
 */

export const SIZE = 10;
export const SQUARES = 100;
export const FILES = 'ABCDEFGHIJ';
/** The two sides, White first (manual, "Basics of Play": White always goes first). */
export const SIDE_NAMES = ['White', 'Black'] as const;

/** The eight queen directions as [file step, rank step]. */
export const DIRECTIONS: readonly (readonly [number, number])[] = [
  [0, -1],
  [1, -1],
  [1, 0],
  [1, 1],
  [0, 1],
  [-1, 1],
  [-1, 0],
  [-1, -1],
];

export function fileOf(sq: number): number {
  return sq % SIZE;
}

export function rankOf(sq: number): number {
  return (sq / SIZE) | 0;
}

export function squareAt(file: number, rank: number): number {
  return rank * SIZE + file;
}

/** `C8`. */
export function squareName(sq: number): string {
  return `${FILES[fileOf(sq)] ?? '?'}${rankOf(sq)}`;
}

/** Reads `C8` (case-insensitive; the letter O is read as the digit 0, as in the printed record). */
export function parseSquare(text: string): number | undefined {
  const m = /^([A-Ja-j])([0-9Oo])$/.exec(text);
  if (!m) return undefined;
  const file = FILES.indexOf((m[1] as string).toUpperCase());
  const rankChar = m[2] as string;
  const rank = rankChar === 'O' || rankChar === 'o' ? 0 : Number(rankChar);
  return squareAt(file, rank);
}

/** The top (0) and bottom (9) ranks, where men recharge (manual, "Recharge"). */
export function isHomeRank(sq: number): boolean {
  const r = rankOf(sq);
  return r === 0 || r === SIZE - 1;
}

/**
 * Rays: for square s and direction d, the squares along that line from s outward, nearest first, are
 * `RAYS[RAY_START[s * 8 + d] + k]` for k < `RAY_LENGTH[s * 8 + d]`.
 */
export const RAY_START = new Int32Array(SQUARES * 8);
export const RAY_LENGTH = new Int8Array(SQUARES * 8);
export const RAYS: Int8Array = buildRays();

/** `LINE[from * 100 + to]`: the direction index from `from` to `to` along a queen line, or -1. */
export const LINE: Int8Array = buildLines();

/** Number of steps between two squares on a queen line (Chebyshev distance). */
export function distance(a: number, b: number): number {
  return Math.max(Math.abs(fileOf(a) - fileOf(b)), Math.abs(rankOf(a) - rankOf(b)));
}

function buildRays(): Int8Array {
  const out: number[] = [];
  for (let s = 0; s < SQUARES; s++) {
    for (let d = 0; d < 8; d++) {
      const [df, dr] = DIRECTIONS[d] as readonly [number, number];
      RAY_START[s * 8 + d] = out.length;
      let f = fileOf(s) + df;
      let r = rankOf(s) + dr;
      let n = 0;
      while (f >= 0 && f < SIZE && r >= 0 && r < SIZE) {
        out.push(squareAt(f, r));
        n++;
        f += df;
        r += dr;
      }
      RAY_LENGTH[s * 8 + d] = n;
    }
  }
  return Int8Array.from(out);
}

function buildLines(): Int8Array {
  const line = new Int8Array(SQUARES * SQUARES).fill(-1);
  for (let s = 0; s < SQUARES; s++) {
    for (let d = 0; d < 8; d++) {
      const start = RAY_START[s * 8 + d] as number;
      const n = RAY_LENGTH[s * 8 + d] as number;
      for (let k = 0; k < n; k++) line[s * SQUARES + (RAYS[start + k] as number)] = d;
    }
  }
  return line;
}
