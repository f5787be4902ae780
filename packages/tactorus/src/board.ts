/**
 * The Tactorus board: 10x10 squares numbered 00–99 row by row from the top-left (manual, "Tactorus 2.1" item 7),
 * the four kinds of piece, and the starting layout with its flanks.
 *
 * A board is a 100-character string, one character a square: `.` empty, `F A C I` Player 1's flag, artillery,
 * cavalry and infantry, `f a c i` Player 2's. Strings are immutable, compare with `===` and survive JSON and
 * structured clone.
 */
import type { Player } from '@tactica/core';

export const SIZE = 10;
export const SQUARES = 100;

export const KINDS = ['F', 'A', 'C', 'I'] as const;
export type Kind = (typeof KINDS)[number];

export const KIND_NAMES: Readonly<Record<Kind, string>> = {
  F: 'flag',
  A: 'artillery',
  C: 'cavalry',
  I: 'infantry',
};

export const EMPTY = '.';

/** A piece's character: upper case for Player 1, lower case for Player 2. */
export function pieceChar(player: Player, kind: Kind): string {
  return player === 0 ? kind : kind.toLowerCase();
}

/** The owner of the piece character `c`, or undefined for an empty square. */
export function ownerOf(c: string | undefined): Player | undefined {
  if (c === undefined || c === EMPTY) return undefined;
  // Upper case (Player 1) letters sort before lower case ones; no string is made.
  return c.charCodeAt(0) < 97 ? 0 : 1;
}

const KIND_BY_CHAR: Readonly<Record<string, Kind>> = { F: 'F', A: 'A', C: 'C', I: 'I', f: 'F', a: 'A', c: 'C', i: 'I' };

/** The kind of the piece character `c` (which must be a piece). */
export function kindOf(c: string): Kind {
  return KIND_BY_CHAR[c] as Kind;
}

export function isPieceChar(c: string): boolean {
  return c.length === 1 && 'FACIfaci'.includes(c);
}

export function rowOf(sq: number): number {
  return Math.floor(sq / SIZE);
}

export function colOf(sq: number): number {
  return sq % SIZE;
}

export function squareAt(row: number, col: number): number {
  return row * SIZE + col;
}

export function onBoard(row: number, col: number): boolean {
  return row >= 0 && row < SIZE && col >= 0 && col < SIZE;
}

/** Two-digit square name: `07`, `63`. */
export function squareName(sq: number): string {
  return sq < 10 ? `0${sq}` : String(sq);
}

/** The square seen from the other side (the manual's Board->Rotate turns the board by 180 degrees). */
export function rotateSquare(sq: number): number {
  return SQUARES - 1 - sq;
}

const DIRECTIONS = [
  [-1, -1],
  [-1, 0],
  [-1, 1],
  [0, -1],
  [0, 1],
  [1, -1],
  [1, 0],
  [1, 1],
] as const;

/**
 * Where a piece on each square may be ordered: one or two squares up, down, left, right or diagonally
 * (manual, basic rule 2). **(ours)** A move is a leap: the square in between does not block it.
 * Flat table: `TARGETS[TARGET_START[sq] .. TARGET_START[sq + 1])`.
 */
export const TARGET_START = new Uint16Array(SQUARES + 1);
export const TARGETS: Uint8Array = (() => {
  const out: number[] = [];
  for (let sq = 0; sq < SQUARES; sq++) {
    TARGET_START[sq] = out.length;
    const r = rowOf(sq);
    const c = colOf(sq);
    for (const [dr, dc] of DIRECTIONS) {
      for (let step = 1; step <= 2; step++) {
        const rr = r + dr * step;
        const cc = c + dc * step;
        if (onBoard(rr, cc)) out.push(squareAt(rr, cc));
      }
    }
  }
  TARGET_START[SQUARES] = out.length;
  return Uint8Array.from(out);
})();

/** The 8 neighbours of each square (for the elimination stage). Flat, like TARGETS. */
export const NEIGHBOUR_START = new Uint16Array(SQUARES + 1);
export const NEIGHBOURS: Uint8Array = (() => {
  const out: number[] = [];
  for (let sq = 0; sq < SQUARES; sq++) {
    NEIGHBOUR_START[sq] = out.length;
    for (const [dr, dc] of DIRECTIONS) {
      const rr = rowOf(sq) + dr;
      const cc = colOf(sq) + dc;
      if (onBoard(rr, cc)) out.push(squareAt(rr, cc));
    }
  }
  NEIGHBOUR_START[SQUARES] = out.length;
  return Uint8Array.from(out);
})();

/** True when `to` is one or two squares from `from` in one of the eight directions. */
export function isReachable(from: number, to: number): boolean {
  const dr = rowOf(to) - rowOf(from);
  const dc = colOf(to) - colOf(from);
  if (dr === 0 && dc === 0) return false;
  const adr = Math.abs(dr);
  const adc = Math.abs(dc);
  if (adr > 2 || adc > 2) return false;
  return dr === 0 || dc === 0 || adr === adc;
}

export function areNeighbours(a: number, b: number): boolean {
  return a !== b && Math.abs(rowOf(a) - rowOf(b)) <= 1 && Math.abs(colOf(a) - colOf(b)) <= 1;
}

/** Each player's home row, the Supply Lines of that alteration: Player 1 at the bottom, Player 2 at the top. */
export function homeRow(p: Player): number {
  return p === 0 ? SIZE - 1 : 0;
}

/** The centre 16 squares (rows and columns 3–6), the High Ground of that alteration. */
export function isHighGround(sq: number): boolean {
  const r = rowOf(sq);
  const c = colOf(sq);
  return r >= 3 && r <= 6 && c >= 3 && c <= 6;
}

// ---------------------------------------------------------------------------------------------------------------
// The starting layout (docs/rules/tactorus.md "Setup", ours: the original's picture is lost).

export const FLANKS = ['left', 'right'] as const;
export type Flank = (typeof FLANKS)[number];

export interface Flanks {
  readonly left: boolean;
  readonly right: boolean;
}

/** Which flanks each player brings: `[Player 1, Player 2]`. Default: both flanks for both. */
export type FlankSet = readonly [Flanks, Flanks];
export const ALL_FLANKS: FlankSet = [
  { left: true, right: true },
  { left: true, right: true },
];

/** Player 1's home row (row 9), columns 0–9: C A C | C F A C | C A C; row 8 is ten infantry. */
const P1_BACK = 'CACCFACCAC';

/** One player's flank: the player who brings it, and which of their flanks it is. */
export interface FlankPlace {
  readonly player: Player;
  readonly flank: Flank;
}

/**
 * The flank `sq` belongs to, if any: columns 0–2 (left) or 7–9 (right) of a player's two rows, as that player sees
 * them (manual, "New game"; ours: the layout). Player 2 faces down the board, so their left flank is on the board's
 * right. A flank is a place on the board: the pieces standing there later need not be the flank's.
 */
export function flankOf(sq: number): FlankPlace | undefined {
  const row = rowOf(sq);
  const player: Player | undefined = row >= SIZE - 2 ? 0 : row <= 1 ? 1 : undefined;
  if (player === undefined) return undefined;
  // Columns as the player sees them: Player 2's are Player 1's turned by 180 degrees.
  const col = colOf(player === 0 ? sq : rotateSquare(sq));
  const flank: Flank | undefined = col <= 2 ? 'left' : col >= 7 ? 'right' : undefined;
  return flank === undefined ? undefined : { player, flank };
}

/**
 * The starting board. Player 1 sits at the bottom (rows 8–9), Player 2 at the top with Player 1's army turned
 * by 180 degrees. A flank is columns 0–2 (left) or 7–9 (right) of the player's two rows, as seen by that player,
 * and holds 1 artillery, 2 cavalry and 3 infantry (manual, "New game").
 */
export function startingBoard(flanks: FlankSet = ALL_FLANKS): string {
  const cells: string[] = new Array<string>(SQUARES).fill(EMPTY);
  for (const p of [0, 1] as const) {
    for (let col = 0; col < SIZE; col++) {
      const back = P1_BACK[col] as Kind;
      // Player 1's squares; Player 2's are the same squares turned round.
      const home = squareAt(SIZE - 1, col);
      const front = squareAt(SIZE - 2, col);
      const flank = flankOf(home)?.flank;
      if (flank && !flanks[p][flank]) continue;
      cells[p === 0 ? home : rotateSquare(home)] = pieceChar(p, back);
      cells[p === 0 ? front : rotateSquare(front)] = pieceChar(p, 'I');
    }
  }
  return cells.join('');
}

/** Every choice of flanks, both flanks for both players first. */
export const FLANK_SETS: readonly FlankSet[] = (() => {
  const one = [
    { left: true, right: true },
    { left: false, right: true },
    { left: true, right: false },
    { left: false, right: false },
  ] as const;
  return one.flatMap((a) => one.map((b): FlankSet => [a, b]));
})();

/** The flanks whose starting board `board` is (a new game's board), or undefined when no choice of flanks gives it. */
export function startingFlanks(board: string): FlankSet | undefined {
  return FLANK_SETS.find((f) => startingBoard(f) === board);
}

/** Counts the pieces of each kind of player `p` on `board`. */
export function countPieces(board: string, p: Player): Record<Kind, number> & { total: number } {
  const counts = { F: 0, A: 0, C: 0, I: 0, total: 0 };
  for (let sq = 0; sq < SQUARES; sq++) {
    const c = board[sq] as string;
    if (ownerOf(c) !== p) continue;
    counts[kindOf(c)]++;
    counts.total++;
  }
  return counts;
}

/** The square of player `p`'s flag, or -1 when it has been taken. */
export function flagSquare(board: string, p: Player): number {
  return board.indexOf(pieceChar(p, 'F'));
}
