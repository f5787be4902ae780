/**
 * The seven Tactrix! pieces (manual, "The pieces"), the board geometry and square names.
 *
 * A piece is stored as a small signed integer: its type (1–7) for White, minus its type for Black, 0 for an empty
 * square. Squares are numbered 0–99: `rank * 10 + file`, rank 0 being White's back row (rank 1 in notation) and file 0
 * the a-file. White sits at the bottom and moves first **(ours)**.
 */
import type { Player } from '@tactica/core';

export const FILES = 10;
export const RANKS = 10;
export const SQUARES = FILES * RANKS;

export const JERK = 1;
export const JUMPNAR = 2;
export const WRAPNOID = 3;
export const VERTICON = 4;
export const DIAGANOID = 5;
export const REGENEROID = 6;
export const KING = 7;

/** The piece types as a vocabulary, in cost order. */
export const PIECE_TYPES = ['jerk', 'jumpnar', 'wrapnoid', 'verticon', 'diaganoid', 'regeneroid', 'king'] as const;
export type PieceType = (typeof PIECE_TYPES)[number];

/** Letters used in move and position text: upper case for White, lower case for Black. */
export const PIECE_LETTERS = 'JNWVDRK';

/** Names as the manual spells them. */
export const PIECE_NAMES = ['Jerk', 'Jumpnar', 'Wrapnoid', 'Verticon', 'Diaganoid', 'Regeneroid', 'King'] as const;

/**
 * How each piece moves, as the end of a sentence "a jerk moves …" (manual, "The pieces"), by type code like
 * `PIECE_NAMES`: what the Tutor and a board's "cannot go there" answer say beside the piece's legal moves.
 */
export const PIECE_MOVES = [
  'one step straight forward onto an empty square, and captures only by landing two squares away forward, back, left or right, whatever stands between',
  'like the chess knight, leaping over any pieces between',
  'one step to any neighbour except directly left or right; sideways it jumps the square beside it, then slides up to 3 squares (landing 2 to 4 squares away), wrapping round the side edges',
  'one step in any direction, or slides any distance up or down its file',
  'one step up, down, left or right, or slides any distance along a diagonal',
  'one step in any direction, never leaving its own half of the board',
  'one step in any direction',
] as const;

/**
 * Costs in chips (manual: jerk 3, jumpnar 6, wrapnoid 9, verticon 12, diaganoid 15). The regeneroid and the king
 * cannot be bought (manual, "Regeneroid" and "King"): cost 0 here means "not for sale".
 */
export const COSTS: readonly number[] = [0, 3, 6, 9, 12, 15, 0, 0];

/** The pieces that can be bought, by type code. */
export const BUYABLE: readonly number[] = [JERK, JUMPNAR, WRAPNOID, VERTICON, DIAGANOID];

/** Manual, "Jerk": a jerk reaching the far side earns 25 chips and leaves the board. */
export const JERK_BONUS = 25;

/** Rules file: 100 consecutive plies with no capture, chip collection or purchase draw the game. */
export const NO_PROGRESS_LIMIT = 100;

export function owner(piece: number): Player {
  return piece > 0 ? 0 : 1;
}

export function typeOf(piece: number): number {
  return piece < 0 ? -piece : piece;
}

export function makePiece(type: number, side: Player): number {
  return side === 0 ? type : -type;
}

export function pieceLetter(piece: number): string {
  const letter = PIECE_LETTERS[typeOf(piece) - 1] ?? '?';
  return piece > 0 ? letter : letter.toLowerCase();
}

/** The piece code for a letter (`J` White jerk, `j` Black jerk), or 0. */
export function pieceFromLetter(letter: string): number {
  const type = PIECE_LETTERS.indexOf(letter.toUpperCase()) + 1;
  if (type === 0 || letter.length !== 1) return 0;
  return letter === letter.toUpperCase() ? type : -type;
}

export function pieceName(type: number): string {
  return PIECE_NAMES[type - 1] ?? '?';
}

export function pieceMoves(type: number): string {
  return PIECE_MOVES[type - 1] ?? '?';
}

export function fileOf(sq: number): number {
  return sq % FILES;
}

export function rankOf(sq: number): number {
  return (sq - (sq % FILES)) / FILES;
}

export function squareAt(file: number, rank: number): number {
  return rank * FILES + file;
}

/** `e2`, `j10`. */
export function squareName(sq: number): string {
  return `${'abcdefghij'[fileOf(sq)] ?? '?'}${rankOf(sq) + 1}`;
}

/** The square a name denotes (`a1`–`j10`, case-insensitive), or -1. */
export function parseSquare(name: string): number {
  const m = /^([a-jA-J])(10|[1-9])$/.exec(name);
  if (!m) return -1;
  return squareAt((m[1] as string).toLowerCase().charCodeAt(0) - 97, Number(m[2]) - 1);
}

/** The rank a side's jerks move towards (manual: forward is towards the opponent). */
export function farRank(side: Player): number {
  return side === 0 ? RANKS - 1 : 0;
}

/** Rules file: a regeneroid never leaves its own half, its five home rows. */
export function inOwnHalf(side: Player, rank: number): boolean {
  return side === 0 ? rank < RANKS / 2 : rank >= RANKS / 2;
}

export const PLAYER_NAMES = ['White', 'Black'] as const;

const STEPS = [-11, -10, -9, -1, 1, 9, 10, 11];

/** The on-board neighbours of a square (up to eight). */
export function neighboursOf(sq: number): number[] {
  const f = fileOf(sq);
  const out: number[] = [];
  for (const d of STEPS) {
    const to = sq + d;
    if (to < 0 || to >= SQUARES) continue;
    if (Math.abs(fileOf(to) - f) > 1) continue;
    out.push(to);
  }
  return out;
}
