/**
 * The Tactics board for UIs: the 64 squares a1…h8 as the manual names them, each piece with its kind, its owner,
 * the colour it shows, whether it is frozen and the directions of its arrows; every legal move as a pick-up and a
 * put-down, with the squares whose pieces it flips so that a UI can animate them. No rules here: the moves, the
 * flips and the reasons a move is refused all come from `@tactica/tactics`.
 */
import { inputError, type InputError, type Player } from '@tactica/core';
import {
  cellAt,
  cellOf,
  flipsOf,
  formatMove,
  isDark,
  isFrozen,
  parseMove,
  parseSquare,
  pieceDirections,
  pieceFault,
  pieceOf,
  pieceToken,
  squareName,
  tactics,
  PIECE_KINDS,
  type Cell,
  type DirectionName,
  type PieceKind,
  type TacticsMove,
  type TacticsState,
  type TacticsCode,
} from '@tactica/tactics';
import { RecentPositions } from '../recent.js';
import type { BoardAdapter, BoardInput, BoardModel, MoveInput, PieceModel, SquareModel } from '../types.js';

/**
 * The manual's three pieces ("Moves and Pieces"): Rooks, Bishops and Queens.
 * @public the board model's piece kinds, for a UI's art and labels
 */
export const TACTICS_PIECE_KINDS = ['rook', 'bishop', 'queen'] as const;
/** @public */
export type TacticsPieceKind = (typeof TACTICS_PIECE_KINDS)[number];

export interface TacticsPiece extends PieceModel {
  readonly kind: TacticsPieceKind;
  /** The colour the piece shows (0 white, 1 black): its owner's while mobile, the opponent's while frozen. */
  readonly face: Player;
  /** Showing the opponent's colour: it cannot move until a flip turns it back. */
  readonly frozen: boolean;
  /**
   * The directions it slides in, `n` towards rank 8 and `e` towards file h: the arrows on its mobile face and the
   * diamonds where their tips would be on its frozen face (manual, "Background").
   */
  readonly directions: readonly DirectionName[];
}

/** Every move in Tactics is one act: a piece picked up and put down. The flips follow from where it lands. */
const MOVE_ACTION = 'move';

const KIND_OF: Readonly<Record<PieceKind, TacticsPieceKind>> = { R: 'rook', B: 'bishop', Q: 'queen' };
const COLOURS = ['white', 'black'] as const;

/** The twelve pieces a square can hold (kind × owner × face), one shared model each, by cell code. */
const PIECES = new Map<Cell, TacticsPiece>();
for (const letter of PIECE_KINDS) {
  for (const owner of [0, 1] as const) {
    for (const face of [0, 1] as const) {
      const cell = cellOf({ kind: letter, owner, face });
      const frozen = isFrozen(cell);
      const kind = KIND_OF[letter];
      PIECES.set(cell, {
        kind,
        owner,
        face,
        frozen,
        directions: pieceDirections(letter),
        // The position text's token: `R` White's, `*R` Black's, lowercase when frozen.
        symbol: pieceToken(cell),
        name: `${frozen ? 'frozen ' : ''}${COLOURS[owner]} ${kind}`,
      });
    }
  }
}

function pieceModel(cell: Cell): TacticsPiece | undefined {
  return pieceOf(cell) ? PIECES.get(cell) : undefined;
}

/** A square the board model names (lowercase, as the manual and the move text write it), or undefined. */
function squareOf(id: string | undefined): number | undefined {
  if (id === undefined) return undefined;
  const sq = parseSquare(id);
  return sq !== undefined && squareName(sq) === id ? sq : undefined;
}

/** The rules' own reasons a slide is refused, beside the piece's (frozen): the catalogue words the rest. */
const PATH_FAULTS: ReadonlySet<string> = new Set<TacticsCode>(['move/blocked', 'move/occupied', 'move/bad-direction']);

function tacticsModel(s: TacticsState, viewer?: Player): BoardModel<TacticsPiece> {
  const squares: SquareModel<TacticsPiece>[] = [];
  for (let sq = 0; sq < 64; sq++) {
    const piece = pieceModel(cellAt(s, sq));
    squares.push({
      id: squareName(sq),
      file: sq & 7,
      rank: sq >> 3,
      shade: isDark(sq) ? 'dark' : 'light',
      playable: true,
      ...(piece ? { piece } : {}),
    });
  }
  return { files: 8, ranks: 8, squares, toMove: tactics.toMove(s), viewer };
}

/**
 * Inputs are asked for again and again about one position (a UI's every click, `fromInput`'s every answer), and a
 * position is an immutable value, so each position's list is worked out once while it is among the last asked about.
 */
const inputsCache = new RecentPositions<TacticsState, readonly MoveInput<TacticsMove>[]>();

export function tacticsInputs(s: TacticsState, player?: Player): readonly MoveInput<TacticsMove>[] {
  if (player !== undefined && player !== s.turn) return [];
  return inputsCache.get(s, () => inputsOf(s));
}

function inputsOf(s: TacticsState): readonly MoveInput<TacticsMove>[] {
  return tactics.legalMoves(s).map((m): MoveInput<TacticsMove> => {
    const from = squareName(m.from);
    const to = squareName(m.to);
    const captures = flipsOf(s, m).map(squareName);
    return {
      move: m,
      notation: formatMove(m),
      action: MOVE_ACTION,
      from,
      to,
      label: captures.length ? `${from} to ${to}, flipping ${captures.join(', ')}` : `${from} to ${to}`,
      path: [to],
      captures,
    };
  });
}

/**
 * The game's own reasons a pick-up or a drag matches no legal move, from the rules' own checks (`pieceFault`,
 * `parseMove`): a frozen piece cannot move; a slide must keep to the piece's lines, pass no piece and end on an
 * empty square; and the game has no act but the move. An empty square, the opponent's piece and a drop back on the
 * square it came from are left to the catalogue's generic reasons, which also list where the piece can go.
 */
function tacticsExplain(s: TacticsState, input: BoardInput, player?: Player): InputError | undefined {
  if (input.action !== undefined && input.action !== MOVE_ACTION) {
    // Left to the generic reasons, an act the game lacks would be put down to the piece ("has no legal move").
    return inputError('input/no-such-action', `Tactics has no "${input.action}": its one act is a move`, {
      input: input.action,
    });
  }
  if (tactics.outcome(s) || (player !== undefined && player !== s.turn)) return undefined;
  const from = squareOf(input.from);
  if (from === undefined) return undefined;
  const fault = pieceFault(s, from);
  if (fault?.code === 'move/frozen') return inputError(fault.code, fault.message, { input: input.from });
  if (fault) return undefined;
  const to = squareOf(input.to);
  if (to === undefined || to === from) return undefined;
  const r = parseMove(s, formatMove({ from, to }));
  if (r.ok || !PATH_FAULTS.has(r.error.code)) return undefined;
  return inputError(r.error.code, r.error.message, { input: input.to });
}

export const tacticsBoard: BoardAdapter<TacticsState, TacticsMove, TacticsPiece> = {
  model: tacticsModel,
  inputs: tacticsInputs,
  explain: tacticsExplain,
};
