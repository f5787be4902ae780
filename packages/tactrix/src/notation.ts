/**
 * Move text **(ours)**: `e2-e3` for a move, `e7xe9` for a capture, `buy J@e3` for a purchase placed on e3 (a purchase
 * that lands on an enemy piece captures it; the text is the same). Squares are a1–j10, files a–j from White's left,
 * rank 1 White's back row. Reading is lenient: case is ignored, `x` and `-` are interchangeable, `buy` is optional.
 */
import { err, inputError, ok, type InputError, type Player, type Result } from '@tactica/core';
import { BUY_BASE, MAX_MOVES, encodeMove, moveFrom, moveTo, type Position } from './engine.js';
import {
  BUYABLE,
  COSTS,
  neighboursOf,
  PIECE_LETTERS,
  PLAYER_NAMES,
  owner,
  parseSquare,
  pieceName,
  squareName,
  typeOf,
} from './pieces.js';
import type { TactrixMove, TactrixState } from './state.js';

export function formatMove(s: TactrixState, m: TactrixMove): string {
  if (m.kind === 'buy') return `buy ${PIECE_LETTERS[m.piece - 1] ?? '?'}@${squareName(m.to)}`;
  return `${squareName(m.from)}${s.board[m.to] !== 0 ? 'x' : '-'}${squareName(m.to)}`;
}

/** The engine's integer move for a public move. */
export function toEngineMove(m: TactrixMove): number {
  return m.kind === 'buy' ? encodeMove(BUY_BASE + m.piece, m.to) : encodeMove(m.from, m.to);
}

export function fromEngineMove(m: number): TactrixMove {
  const from = moveFrom(m);
  const to = moveTo(m);
  return from >= BUY_BASE ? { kind: 'buy', piece: from - BUY_BASE, to } : { kind: 'move', from, to };
}

const scratch = new Int32Array(MAX_MOVES);

/**
 * Why the side to move in `p` cannot buy a piece of type `type` placed on `to`, or on any square when `to` is
 * undefined; undefined when it can (manual, "Regeneroid"; rules file, "Chips and buying"). `input` is quoted in the
 * error.
 */
export function purchaseRefusalAt(
  p: Position,
  type: number,
  to: number | undefined,
  input: string,
): InputError | undefined {
  const side: Player = p.turn;
  if (!BUYABLE.includes(type)) {
    return inputError('move/not-for-sale', `a ${pieceName(type)} cannot be bought`, { input });
  }
  const regen = p.regen[side] as number;
  if (regen < 0) {
    return inputError('move/no-regeneroid', `${PLAYER_NAMES[side]} has lost the regeneroid and cannot buy`, { input });
  }
  const cost = COSTS[type] as number;
  if (cost > (p.balance[side] as number)) {
    return inputError(
      'move/cannot-afford',
      `a ${pieceName(type)} costs ${cost} chips; ${PLAYER_NAMES[side]} has ${p.balance[side]}`,
      { input },
    );
  }
  const free = (sq: number): boolean => p.board[sq] === 0 || owner(p.board[sq] as number) !== side;
  if (to === undefined) {
    if (neighboursOf(regen).some(free)) return undefined;
    return inputError(
      'move/no-free-square',
      `every square next to the regeneroid on ${squareName(regen)} holds one of ${PLAYER_NAMES[side]}'s own pieces`,
      { input },
    );
  }
  if (!neighboursOf(regen).includes(to)) {
    return inputError(
      'move/not-next-to-regeneroid',
      `${squareName(to)} is not next to the regeneroid on ${squareName(regen)}`,
      { input },
    );
  }
  if (!free(to)) {
    return inputError(
      'move/square-taken',
      `${squareName(to)} holds your own ${pieceName(typeOf(p.board[to] as number))}`,
      {
        input,
      },
    );
  }
  return undefined;
}

/**
 * Reads move text against a loaded position (the side to move is `p.turn`). Errors say what is wrong: syntax, a bad
 * square, an empty or enemy square, a piece not for sale, too few chips, no regeneroid, or simply an illegal move.
 */
export function parseMoveAt(p: Position, text: string): Result<TactrixMove, InputError> {
  const input = typeof text === 'string' ? text : String(text);
  const t = input.trim();
  const side: Player = p.turn;
  const buy = /^(?:buy\s*)?([A-Za-z])\s*@\s*([A-Za-z]\d{1,2})$/i.exec(t);
  if (buy) {
    const letter = (buy[1] as string).toUpperCase();
    const to = parseSquare(buy[2] as string);
    const type = PIECE_LETTERS.indexOf(letter) + 1;
    if (type === 0) {
      return err(inputError('move/unknown-piece', `"${buy[1]}" is not a piece letter (J N W V D R K)`, { input: t }));
    }
    if (to < 0 && BUYABLE.includes(type)) {
      return err(inputError('move/bad-square', `"${buy[2]}" is not a square (a1–j10)`, { input: t }));
    }
    const refused = purchaseRefusalAt(p, type, to < 0 ? undefined : to, t);
    if (refused) return err(refused);
    return ok({ kind: 'buy', piece: type, to });
  }
  const move = /^([A-Za-z]\d{1,2})\s*([-x:])\s*([A-Za-z]\d{1,2})$/i.exec(t);
  if (!move) {
    return err(
      inputError('move/syntax', `expected a move like "e2-e3", "e7xe9" or "buy J@e3", got "${t.slice(0, 40)}"`, {
        input: t.slice(0, 200),
      }),
    );
  }
  const from = parseSquare(move[1] as string);
  const to = parseSquare(move[3] as string);
  if (from < 0) return err(inputError('move/bad-square', `"${move[1]}" is not a square (a1–j10)`, { input: t }));
  if (to < 0) return err(inputError('move/bad-square', `"${move[3]}" is not a square (a1–j10)`, { input: t }));
  const piece = p.board[from] as number;
  if (piece === 0) return err(inputError('move/no-piece', `there is no piece on ${squareName(from)}`, { input: t }));
  if (owner(piece) !== side) {
    return err(
      inputError('move/not-your-piece', `the ${pieceName(typeOf(piece))} on ${squareName(from)} is not yours`, {
        input: t,
      }),
    );
  }
  const n = p.generateFrom(from, typeOf(piece), side, scratch, 0);
  const wanted = encodeMove(from, to);
  for (let i = 0; i < n; i++) if (scratch[i] === wanted) return ok({ kind: 'move', from, to });
  return err(
    inputError(
      'move/illegal',
      `the ${pieceName(typeOf(piece))} on ${squareName(from)} cannot move to ${squareName(to)}`,
      { input: t },
    ),
  );
}
