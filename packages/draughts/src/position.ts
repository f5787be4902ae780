/**
 * A draughts position: which piece stands on which square, and who is to move. Plain readonly data
 * (JSON-safe, structured-clone-safe). Squares in this API are the rule set's PDN square numbers (1-based).
 */
import type { Player } from '@tactica/core';
import { geometryOf, squaresOf } from './geometry.js';
import { RULE_SETS, type VariantId } from './rules.js';

/** A piece as one character: `w` white man, `W` white king, `b` black man, `B` black king. */
export type Piece = 'w' | 'W' | 'b' | 'B';

/** Seat 0 plays White and seat 1 Black in every rule set (in English and Pool, Black moves first). */
export const WHITE: Player = 0;
export const BLACK: Player = 1;

export interface Position {
  readonly variant: VariantId;
  /**
   * The board as bitboards in the engine's internal layout: white, black and kings, each as a low and a high
   * 32-bit word. Opaque: read it through `pieceAt` / `pieces`.
   */
  readonly bits: readonly [number, number, number, number, number, number];
  /** The side to move: 0 White, 1 Black. */
  readonly turn: Player;
}

export interface PlacedPiece {
  /** PDN square number. */
  readonly square: number;
  readonly piece: Piece;
}

/**
 * The starting position of a rule set (docs/rules/draughts.md "Starting position and board": men on the nearest 4,
 * 3 or 2 rows; 2.3 "Who moves first").
 */
export function initialPosition(variant: VariantId): Position {
  const rules = RULE_SETS[variant];
  const g = geometryOf(rules.size);
  const perSide = g.half * rules.rowsOfMen;
  const placed: { square: number; piece: Piece }[] = [];
  for (let i = 0; i < perSide; i++) placed.push({ square: i, piece: 'b' });
  for (let i = g.squares - perSide; i < g.squares; i++) placed.push({ square: i, piece: 'w' });
  return fromInternal(variant, placed, rules.firstToMove === 'white' ? WHITE : BLACK);
}

/** Builds a position from internal square indices (0-based standard numbering). */
export function fromInternal(
  variant: VariantId,
  placed: readonly { square: number; piece: Piece }[],
  turn: Player,
): Position {
  const g = geometryOf(RULE_SETS[variant].size);
  const bits = [0, 0, 0, 0, 0, 0];
  for (const { square, piece } of placed) {
    const b = g.bitOf[square] as number;
    const word = b < 32 ? 0 : 1;
    const mask = 1 << (b & 31);
    const color = piece === 'w' || piece === 'W' ? 0 : 2;
    bits[color + word] = (bits[color + word] as number) | mask | 0;
    if (piece === 'W' || piece === 'B') bits[4 + word] = (bits[4 + word] as number) | mask | 0;
  }
  return { variant, bits: bits as unknown as Position['bits'], turn };
}

/** The piece on internal square `i`, if any. */
export function pieceAtInternal(pos: Position, i: number): Piece | undefined {
  const g = geometryOf(RULE_SETS[pos.variant].size);
  const b = g.bitOf[i] as number;
  const word = b < 32 ? 0 : 1;
  const mask = 1 << (b & 31);
  const king = ((pos.bits[4 + word] as number) & mask) !== 0;
  if (((pos.bits[word] as number) & mask) !== 0) return king ? 'W' : 'w';
  if (((pos.bits[2 + word] as number) & mask) !== 0) return king ? 'B' : 'b';
  return undefined;
}

/** The piece on PDN square `square`, if any (undefined also for a square that does not exist). */
export function pieceAt(pos: Position, square: number): Piece | undefined {
  const i = squaresOf(RULE_SETS[pos.variant]).fromNumber(square);
  return i < 0 ? undefined : pieceAtInternal(pos, i);
}

/** Every piece on the board, by ascending PDN square number. */
export function pieces(pos: Position): PlacedPiece[] {
  const rules = RULE_SETS[pos.variant];
  const sq = squaresOf(rules);
  const out: PlacedPiece[] = [];
  for (let n = 1; n <= sq.count; n++) {
    const piece = pieceAtInternal(pos, sq.fromNumber(n));
    if (piece) out.push({ square: n, piece });
  }
  return out;
}

/** Builds a position from PDN square numbers. */
export function positionOf(variant: VariantId, placed: readonly PlacedPiece[], turn: Player): Position {
  const sq = squaresOf(RULE_SETS[variant]);
  return fromInternal(
    variant,
    placed.map((p) => ({ square: sq.fromNumber(p.square), piece: p.piece })),
    turn,
  );
}

/** Piece counts per side, for status lines. */
export function pieceCounts(pos: Position): { white: number; black: number } {
  const pop = (x: number): number => {
    let n = 0;
    for (let v = x >>> 0; v !== 0; v &= v - 1) n++;
    return n;
  };
  return { white: pop(pos.bits[0]) + pop(pos.bits[1]), black: pop(pos.bits[2]) + pop(pos.bits[3]) };
}

/** Same board and side to move. */
export function samePosition(a: Position, b: Position): boolean {
  return a.variant === b.variant && a.turn === b.turn && a.bits.every((w, k) => w === b.bits[k]);
}
