/**
 * The Tactrix! board for UIs: every square a1–j10 with its piece (the seven types by the manual's names) and the
 * chips lying on it, and every legal move as an input. A piece move is picked up on `from` and put down on `to` (a
 * capture when an enemy stands there); a purchase (manual, "Regeneroid") has no `from`: it is put down on `to`, a
 * square next to the regeneroid, with `choice` the piece type bought. The labels say what the move collects (the
 * game's `moveEffects`), so a UI needs no rules of its own.
 */
import { inputError, type InputError, type Player } from '@tactica/core';
import {
  BUYABLE,
  COSTS,
  PIECE_LETTERS,
  PIECE_TYPES,
  legalMoves,
  moveEffects,
  outcomeOfState,
  owner,
  parseMove,
  parseSquare,
  pieceName,
  purchaseRefusal,
  squareName,
  tactrix,
  tutor,
  type PieceType,
  type TactrixMove,
  type TactrixState,
} from '@tactica/tactrix';
import { RecentPositions } from '../recent.js';
import type { ActionInfo, BoardAdapter, BoardInput, BoardModel, MoveInput, PieceModel, SquareModel } from '../types.js';

export interface TactrixPiece extends PieceModel {
  readonly kind: PieceType;
  /** Chips to buy one; absent for the regeneroid and the king, which are not for sale (manual). */
  readonly cost?: number;
}

/** Tactrix's one act besides moving a piece. */
export const TACTRIX_ACTIONS: readonly ActionInfo[] = [
  {
    id: 'buy',
    label: 'Buy',
    help: 'pay a piece’s cost in chips and place it on an empty or enemy square next to your regeneroid (a whole turn; an enemy there is captured)',
    uses: ['to', 'choice'],
    choiceLabel: 'piece',
  },
];

const SIDES = ['white', 'black'] as const;

/** Every piece of both sides, by its code in the state (type 1–7 for White, the negative for Black). */
const PIECES: ReadonlyMap<number, TactrixPiece> = new Map(
  PIECE_TYPES.flatMap((kind, i) =>
    ([0, 1] as const).map((side): [number, TactrixPiece] => {
      const type = i + 1;
      const cost = COSTS[type] as number;
      const letter = PIECE_LETTERS[i] as string;
      return [
        side === 0 ? type : -type,
        {
          kind,
          owner: side,
          symbol: side === 0 ? letter : letter.toLowerCase(),
          name: `${SIDES[side]} ${pieceName(type).toLowerCase()}`,
          ...(cost > 0 ? { cost } : {}),
        },
      ];
    }),
  ),
);

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

// States are immutable values, so what is worked out for a state can be kept while it is among the last asked about:
// `fromInput`, `squaresOf` and a UI's repeated questions about one position then cost one move generation and one
// board.
const squaresCache = new RecentPositions<TactrixState, readonly SquareModel<TactrixPiece>[]>();
const inputsCache = new RecentPositions<TactrixState, readonly MoveInput<TactrixMove>[]>();

function squaresOf(s: TactrixState): readonly SquareModel<TactrixPiece>[] {
  return squaresCache.get(s, () => boardSquares(s));
}

function boardSquares(s: TactrixState): readonly SquareModel<TactrixPiece>[] {
  const squares: SquareModel<TactrixPiece>[] = [];
  // The state's square numbers are already `rank * 10 + file` from White's back row and the a-file.
  for (let sq = 0; sq < 100; sq++) {
    const file = sq % 10;
    const rank = (sq - file) / 10;
    const piece = PIECES.get(s.board[sq] as number);
    squares.push({
      id: squareName(sq),
      file,
      rank,
      // (ours) the original's board colours are lost; a1 is dark, as on a chess board.
      shade: (file + rank) % 2 === 0 ? 'dark' : 'light',
      playable: true,
      ...(piece ? { piece } : {}),
      chips: s.chips[sq] as number,
    });
  }
  return squares;
}

/** Nothing is hidden in Tactrix: every viewer sees the same board. */
function model(s: TactrixState, viewer?: Player): BoardModel<TactrixPiece> {
  return { files: 10, ranks: 10, squares: squaresOf(s), toMove: tactrix.toMove(s), viewer };
}

/** What a move gains beside its capture, in the label's words (the game's `moveEffects`). */
function gains(s: TactrixState, m: TactrixMove): string[] {
  const e = moveEffects(s, m);
  const out: string[] = [];
  if (e.collected > 0) out.push(`collecting ${plural(e.collected, 'chip')}`);
  if (e.leavesBoard) out.push(`leaving the board for a ${e.bonus}-chip bonus`);
  return out;
}

function inputOf(s: TactrixState, m: TactrixMove): MoveInput<TactrixMove> {
  const to = squareName(m.to);
  const target = PIECES.get(s.board[m.to] as number);
  const taking = target ? `, taking the ${target.name} on ${to}` : '';
  const extra = gains(s, m)
    .map((g) => `, ${g}`)
    .join('');
  const notation = tactrix.formatMove(s, m);
  const captures = target ? { captures: [to] } : {};
  if (m.kind === 'buy') {
    const kind = PIECE_TYPES[m.piece - 1] as PieceType;
    return {
      move: m,
      notation,
      action: 'buy',
      to,
      choice: kind,
      label: `buy a ${kind} for ${COSTS[m.piece]} chips on ${to}${taking}${extra}`,
      ...captures,
    };
  }
  const from = squareName(m.from);
  const mover = PIECES.get(s.board[m.from] as number) as TactrixPiece;
  return {
    move: m,
    notation,
    action: target ? 'capture' : 'move',
    from,
    to,
    label: `${mover.kind} ${from} to ${to}${taking}${extra}`,
    path: [to],
    ...captures,
  };
}

function inputs(s: TactrixState, player?: Player): readonly MoveInput<TactrixMove>[] {
  if (player !== undefined && player !== s.turn) return [];
  return inputsCache.get(s, () => legalMoves(s).map((m) => inputOf(s, m)));
}

function matches(i: MoveInput<TactrixMove>, input: BoardInput): boolean {
  return (
    (input.action === undefined || i.action === input.action) &&
    (input.from === undefined || i.from === input.from) &&
    (input.to === undefined || i.to === input.to) &&
    (input.choice === undefined || i.choice === input.choice)
  );
}

/** A purchase the rules refuse: the game's own reason (no regeneroid, too few chips, not next to it, own piece). */
function explainBuy(s: TactrixState, input: BoardInput): InputError | undefined {
  let type: number | undefined;
  if (input.choice !== undefined) {
    type = (PIECE_TYPES as readonly string[]).indexOf(input.choice) + 1;
    if (type === 0) {
      return inputError(
        'move/unknown-piece',
        `"${input.choice}" is not a piece type: ${BUYABLE.map((t) => PIECE_TYPES[t - 1]).join(', ')} can be bought`,
        { input: input.choice },
      );
    }
  }
  const to = input.to === undefined ? undefined : parseSquare(input.to);
  if (to !== undefined && to < 0) return undefined; // not a square: the catalogue's own answer says so
  if (type !== undefined) return purchaseRefusal(s, type, to);
  // No piece named, and none can be bought (else an input would match): the cheapest piece's reason holds for all.
  return purchaseRefusal(s, BUYABLE[0] as number, to);
}

/**
 * A piece that cannot go where it was put: the game's code (`move/illegal`), with the Tutor's account of the piece —
 * how it moves and where it can go now (manual, "The Interface": the Tutor highlights a piece's legal moves).
 */
function explainMove(s: TactrixState, from: string, to: string): InputError | undefined {
  const sq = parseSquare(from);
  if (sq < 0 || parseSquare(to) < 0) return undefined;
  const piece = s.board[sq] as number;
  if (piece === 0 || owner(piece) !== s.turn) return undefined;
  const refused = parseMove(s, `${from}-${to}`);
  if (refused.ok) return undefined;
  const report = tutor(s, sq);
  if (!report.ok || !report.value.piece) return undefined;
  const { piece: info, moves } = report.value;
  const name = (PIECES.get(piece) as TactrixPiece).name;
  const where = moves.length
    ? `from ${from} it can go to ${moves.map((m) => squareName(m.to)).join(', ')}`
    : 'it has no legal move now';
  return inputError(
    refused.error.code,
    `the ${name} on ${from} cannot go to ${to}: a ${info.type} moves ${info.movement}; ${where}`,
    { input: to },
  );
}

function explain(s: TactrixState, input: BoardInput, player?: Player): InputError | undefined {
  if (outcomeOfState(s) || (player !== undefined && player !== s.turn)) return undefined;
  if (inputs(s).some((i) => matches(i, input))) return undefined;
  if (input.action === 'buy' || (input.from === undefined && input.choice !== undefined)) {
    return explainBuy(s, input);
  }
  if (input.from !== undefined && input.to !== undefined && input.action !== 'buy') {
    return explainMove(s, input.from, input.to);
  }
  return undefined;
}

export const tactrixBoard: BoardAdapter<TactrixState, TactrixMove, TactrixPiece> = { model, inputs, explain };
