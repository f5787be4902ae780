/**
 * The Tutor (manual, "The Interface"): for any square, the piece's name, owner and cost to buy, and every legal move
 * it has now. It works on the opponent's pieces too: their moves are listed as if it were their turn. **(ours)**: it
 * also says in a sentence how the piece moves, for players who do not know the pieces yet.
 */
import { err, inputError, ok, type InputError, type Player, type Result } from '@tactica/core';
import { MAX_MOVES, Position } from './engine.js';
import { outcomeOfState } from './game.js';
import { formatMove, fromEngineMove } from './notation.js';
import {
  COSTS,
  PIECE_TYPES,
  PLAYER_NAMES,
  neighboursOf,
  owner,
  parseSquare,
  pieceMoves,
  pieceName,
  squareName,
  typeOf,
  type PieceType,
} from './pieces.js';
import { load, type TactrixMove, type TactrixState } from './state.js';
import type { TactrixCode } from './codes.js';

export interface TutorPiece {
  readonly type: PieceType;
  readonly name: string;
  readonly letter: string;
  readonly owner: Player;
  readonly ownerName: string;
  /** Chips to buy one, or undefined for the regeneroid and the king, which are not for sale. */
  readonly cost: number | undefined;
  /** How the piece moves, in a sentence (`PIECE_MOVES`). */
  readonly movement: string;
}

export interface TutorReport {
  readonly square: string;
  /** The piece on the square, if any. */
  readonly piece?: TutorPiece;
  /** Chips lying on the square (only on empty squares). */
  readonly chips: number;
  /** Every legal move of the piece from this square (none when the game is over or the square is empty). */
  readonly moves: readonly TactrixMove[];
  /** The same moves in move text. */
  readonly moveTexts: readonly string[];
  /** For a regeneroid: the squares where its owner could place a bought piece. */
  readonly placements?: readonly string[];
}

const scratch = new Position();
const buffer = new Int32Array(MAX_MOVES);

/** The Tutor for `square` (a name such as `e2`, or a square number 0–99). */
export function tutor(s: TactrixState, square: string | number): Result<TutorReport, InputError<TactrixCode>> {
  const sq =
    typeof square === 'number'
      ? Number.isInteger(square) && square >= 0 && square < 100
        ? square
        : -1
      : parseSquare(String(square).trim());
  if (sq < 0) {
    return err(
      inputError('tutor/bad-square', `"${String(square).slice(0, 40)}" is not a square (a1–j10)`, {
        input: String(square).slice(0, 200),
      }),
    );
  }
  const piece = s.board[sq] as number;
  const chips = s.chips[sq] as number;
  if (piece === 0) return ok({ square: squareName(sq), chips, moves: [], moveTexts: [] });
  const side = owner(piece);
  const type = typeOf(piece);
  const over = outcomeOfState(s) !== undefined;
  const moves: TactrixMove[] = [];
  if (!over) {
    const p = load(s, scratch);
    const n = p.generateFrom(sq, type, side, buffer, 0);
    for (let i = 0; i < n; i++) moves.push(fromEngineMove(buffer[i] as number));
  }
  const cost = COSTS[type] as number;
  const info: TutorPiece = {
    type: PIECE_TYPES[type - 1] as PieceType,
    name: pieceName(type),
    letter: 'JNWVDRK'[type - 1] as string,
    owner: side,
    ownerName: PLAYER_NAMES[side],
    cost: cost > 0 ? cost : undefined,
    movement: pieceMoves(type),
  };
  const report: TutorReport = {
    square: squareName(sq),
    piece: info,
    chips,
    moves,
    moveTexts: moves.map((m) => formatMove(s, m)),
  };
  if (info.type !== 'regeneroid') return ok(report);
  const placements = over
    ? []
    : neighboursOf(sq)
        .filter((to) => s.board[to] === 0 || owner(s.board[to] as number) !== side)
        .map(squareName);
  return ok({ ...report, placements });
}

/** The Tutor's answer as lines of text, for terminals. */
export function describeTutor(r: TutorReport): string[] {
  if (!r.piece) {
    return [
      `${r.square}: empty square${r.chips > 0 ? `, ${r.chips} chip${r.chips > 1 ? 's' : ''} to collect` : ', no chips'}`,
    ];
  }
  const p = r.piece;
  const lines = [
    `${r.square}: ${p.ownerName} ${p.name} (${p.letter}), ${p.cost === undefined ? 'not for sale' : `costs ${p.cost} chips`}`,
    r.moves.length === 0
      ? 'no legal moves'
      : `${r.moves.length} legal move${r.moves.length > 1 ? 's' : ''}: ${r.moveTexts.join(' ')}`,
  ];
  if (r.placements) {
    lines.push(
      r.placements.length === 0
        ? 'no square to place a bought piece'
        : `bought pieces can go on: ${r.placements.join(' ')}`,
    );
  }
  return lines;
}
