/**
 * The Tactics board: 64 squares numbered a1 = 0, b1 = 1, …, h1 = 7, a2 = 8, …, h8 = 63, and the one-byte code of
 * what stands on a square. Every table here is computed once at load; move generation only reads them.
 */
import type { Player } from '@tactica/core';

export const FILES = 'abcdefgh';
export const SQUARES = 64;

/** The three kinds of piece (manual, "Moves and Pieces"): Rooks, Bishops and Queens. */
export const PIECE_KINDS = ['R', 'B', 'Q'] as const;
export type PieceKind = (typeof PIECE_KINDS)[number];

/**
 * A square's code: 0 is empty; otherwise bits 0–1 hold the kind (1 Rook, 2 Bishop, 3 Queen), bit 2 the owner
 * (0 White, 1 Black) and bit 3 the colour the piece shows (0 white face, 1 black face). A piece is mobile when it
 * shows its owner's colour and frozen when it shows the opponent's (manual: "Like Othello, each piece has a black
 * side and a white side").
 */
export type Cell = number;

export const EMPTY = 0;
const KIND_CODE: Readonly<Record<PieceKind, number>> = { R: 1, B: 2, Q: 3 };

export interface Piece {
  readonly kind: PieceKind;
  readonly owner: Player;
  /** The colour showing: 0 white, 1 black. */
  readonly face: Player;
}

export function cellOf(p: Piece): Cell {
  return KIND_CODE[p.kind] | (p.owner << 2) | (p.face << 3);
}

export function pieceOf(c: Cell): Piece | undefined {
  const kind = PIECE_KINDS[(c & 3) - 1];
  if (c === EMPTY || kind === undefined) return undefined;
  return { kind, owner: ((c >> 2) & 1) as Player, face: ((c >> 3) & 1) as Player };
}

export function faceOf(c: Cell): Player {
  return ((c >> 3) & 1) as Player;
}

export function ownerOf(c: Cell): Player {
  return ((c >> 2) & 1) as Player;
}

/** Frozen: the piece shows its opponent's colour and cannot move. */
export function isFrozen(c: Cell): boolean {
  return c !== EMPTY && ((c >> 2) & 1) !== ((c >> 3) & 1);
}

function fileOf(sq: number): number {
  return sq & 7;
}

function rankOf(sq: number): number {
  return sq >> 3;
}

export function squareName(sq: number): string {
  return `${FILES[sq & 7] ?? '?'}${(sq >> 3) + 1}`;
}

/** `f4` → 29, case-insensitive; undefined for anything else. */
export function parseSquare(text: string): number | undefined {
  if (text.length !== 2) return undefined;
  const f = FILES.indexOf(text[0]?.toLowerCase() ?? '');
  const r = text.charCodeAt(1) - 49;
  return f >= 0 && r >= 0 && r < 8 ? r * 8 + f : undefined;
}

/** Dark squares as the manual shades them (`:::`): b1, a2, … — a1 is light. */
export function isDark(sq: number): boolean {
  return ((sq & 7) + (sq >> 3)) % 2 === 1;
}

/**
 * Directions 0–3 are orthogonal (north, south, east, west: d ^ 1 is the opposite), 4–7 diagonal. "North" is
 * towards rank 8. Rooks use 0–3, Bishops 4–7, Queens all eight (manual, "Moves and Pieces").
 */
const DIRS: readonly (readonly [number, number])[] = [
  [0, 1],
  [0, -1],
  [1, 0],
  [-1, 0],
  [1, 1],
  [-1, -1],
  [1, -1],
  [-1, 1],
];

/** First and one-past-last direction of each kind, indexed by `cell & 3`. */
export const DIR_FROM = Uint8Array.of(0, 0, 4, 0);
export const DIR_TO = Uint8Array.of(0, 4, 8, 8);

/** The compass name of each direction, in `DIRS` order: `n` is towards rank 8, `e` towards file h. */
export const DIRECTION_NAMES = ['n', 's', 'e', 'w', 'ne', 'sw', 'se', 'nw'] as const;
export type DirectionName = (typeof DIRECTION_NAMES)[number];

/**
 * The directions a piece of `kind` slides in: the arrows on its mobile face, and the diamonds where their tips
 * would be on its frozen face (manual, "Background": "arrows drawn on one side … which direction it could move").
 */
export function pieceDirections(kind: PieceKind): readonly DirectionName[] {
  const code = KIND_CODE[kind];
  return DIRECTION_NAMES.slice(DIR_FROM[code], DIR_TO[code]);
}

/** `RAYS[(sq * 8 + d) * 7 + i]` is the i-th square from `sq` in direction `d`; `RAY_LEN[sq * 8 + d]` how many. */
export const RAYS = new Int8Array(SQUARES * 8 * 7);
export const RAY_LEN = new Uint8Array(SQUARES * 8);

for (let sq = 0; sq < SQUARES; sq++) {
  for (let d = 0; d < 8; d++) {
    const [df, dr] = DIRS[d] as readonly [number, number];
    let f = fileOf(sq) + df;
    let r = rankOf(sq) + dr;
    let n = 0;
    while (f >= 0 && f < 8 && r >= 0 && r < 8) {
      RAYS[(sq * 8 + d) * 7 + n] = r * 8 + f;
      n++;
      f += df;
      r += dr;
    }
    RAY_LEN[sq * 8 + d] = n;
  }
}

/** The direction from `from` to `to` if they share a rank, file or diagonal, else -1. */
export function directionBetween(from: number, to: number): number {
  const df = fileOf(to) - fileOf(from);
  const dr = rankOf(to) - rankOf(from);
  if (df === 0 && dr === 0) return -1;
  if (df !== 0 && dr !== 0 && Math.abs(df) !== Math.abs(dr)) return -1;
  const sf = Math.sign(df);
  const sr = Math.sign(dr);
  return DIRS.findIndex(([f, r]) => f === sf && r === sr);
}
