/**
 * Tactics on the game contract: the immutable API over the fast engine.
 */
import {
  ALL_FROZEN,
  draw,
  err,
  inputError,
  ok,
  opponent,
  win,
  type Game,
  type InputError,
  type Outcome,
  type Player,
  type Result,
} from '@tactica/core';
import {
  DIR_FROM,
  DIR_TO,
  directionBetween,
  EMPTY,
  isFrozen,
  ownerOf,
  parseSquare,
  pieceOf,
  RAY_LEN,
  RAYS,
  squareName,
  type Piece,
} from './board.js';
import { packMove, QUIET_PLY_LIMIT, TacticsEngine } from './engine.js';
import { formatPosition, parsePosition } from './position.js';
import {
  boardFromCells,
  cellAt,
  initialState,
  positionKey,
  seenWith,
  type TacticsMove,
  type TacticsState,
} from './state.js';
import type { TacticsCode } from './codes.js';

/** Why a game ended: stable codes (`describeOutcome` turns dashes into spaces). */
export const END_REASONS = {
  noMoves: 'no-moves',
  /** No move because every piece of the side to move is frozen: its last mobile piece was frozen (taken, as it were). */
  allFrozen: ALL_FROZEN,
  repetition: 'threefold-repetition',
  quiet: 'no-flip-in-100-plies',
  resigned: 'resigned',
  agreed: 'agreed',
} as const;

/** Draw by repetition (ours): the third time the same position occurs with the same player to move. */
export const REPETITION_LIMIT = 3;

/** Outcomes already judged: states are immutable, so the verdict is remembered per state object. */
const outcomes = new WeakMap<TacticsState, Outcome | null>();

/** One engine serves every call of the immutable API: JavaScript runs them one at a time. */
const scratch = new TacticsEngine();

/** How many times the current position has occurred (same board, same player to move), this time included. */
export function repetitions(s: TacticsState): number {
  const seen = s.seen;
  const lastChunk = seen[seen.length - 1] ?? [];
  const key = lastChunk[lastChunk.length - 1];
  // Every other key from the current one back: the positions with the same player to move.
  let count = 0;
  let back = 0;
  for (let c = seen.length - 1; c >= 0; c--) {
    const chunk = seen[c] ?? [];
    for (let i = chunk.length - 1; i >= 0; i--, back++) if ((back & 1) === 0 && chunk[i] === key) count++;
  }
  return Math.max(1, count);
}

/**
 * The result, if the game is over. A player with no legal move on his turn loses (manual, "The game is over when
 * a player cannot move"); this is judged before the draw rules (ours), so a move that leaves the opponent stuck
 * wins even on the hundredth quiet ply. Draws (ours): threefold repetition, or 100 plies without a flip.
 */
export function outcomeOf(s: TacticsState): Outcome | undefined {
  if (s.ended) return s.ended;
  const known = outcomes.get(s);
  if (known !== undefined) return known ?? undefined;
  let o: Outcome | undefined;
  scratch.load(s, false);
  if (!scratch.hasMove()) {
    o = win(opponent(s.turn), hasMobilePiece(s) ? END_REASONS.noMoves : END_REASONS.allFrozen);
  } else if (repetitions(s) >= REPETITION_LIMIT) o = draw(END_REASONS.repetition);
  else if (s.quiet >= QUIET_PLY_LIMIT) o = draw(END_REASONS.quiet);
  outcomes.set(s, o ?? null);
  return o;
}

/** Whether the side to move has a piece showing its own colour (only then is a lack of moves a blockade). */
function hasMobilePiece(s: TacticsState): boolean {
  for (let sq = 0; sq < 64; sq++) {
    const c = cellAt(s, sq);
    if (c !== EMPTY && ownerOf(c) === s.turn && !isFrozen(c)) return true;
  }
  return false;
}

/** a1, a2, …, a8, b1, …: the order of square names. */
function squareOrder(sq: number): number {
  return (sq & 7) * 8 + (sq >> 3);
}

function legalMovesOf(s: TacticsState, p?: Player): TacticsMove[] {
  if ((p !== undefined && p !== s.turn) || outcomeOf(s)) return [];
  scratch.load(s, false);
  const n = scratch.generate(0);
  const moves: TacticsMove[] = [];
  for (let i = 0; i < n; i++) {
    const m = scratch.moves[i] ?? 0;
    moves.push({ from: m & 63, to: m >> 6 });
  }
  // Listed as the notation sorts: by file, then rank, of the from square, then of the to square.
  return moves.sort((a, b) => squareOrder(a.from) - squareOrder(b.from) || squareOrder(a.to) - squareOrder(b.to));
}

function playMove(s: TacticsState, m: TacticsMove): TacticsState {
  scratch.load(s, false);
  scratch.reserve(1);
  scratch.make(packMove(m.from, m.to));
  const board = boardFromCells(scratch.cells);
  return { board, turn: scratch.turn, quiet: scratch.quiet, seen: seenWith(s.seen, positionKey(board, scratch.turn)) };
}

/** The squares `m` flips, in the order the rules find them (rank then file lines from the landing square). */
export function flipsOf(s: TacticsState, m: TacticsMove): number[] {
  scratch.load(s, false);
  scratch.reserve(1);
  scratch.make(packMove(m.from, m.to));
  return scratch.lastFlips();
}

export function formatMove(m: TacticsMove): string {
  return `${squareName(m.from)}-${squareName(m.to)}`;
}

const KIND_NAMES = { R: 'Rook', B: 'Bishop', Q: 'Queen' } as const;
const PLAYER_NAMES = ['White', 'Black'] as const;

/**
 * Why the piece on `from` cannot move on this turn, judged before its path: there is none, it is the opponent's,
 * or it is frozen (manual: a piece showing the opponent's colour is frozen). Undefined when it may move (it may
 * still have nowhere to go). `input` is the text the error quotes.
 */
export function pieceFault(
  s: TacticsState,
  from: number,
  input = squareName(from),
): InputError<TacticsCode> | undefined {
  const cell = cellAt(s, from);
  const piece = pieceOf(cell);
  if (!piece) return inputError('move/no-piece', `there is no piece on ${squareName(from)}`, { input });
  if (ownerOf(cell) !== s.turn) {
    return inputError(
      'move/not-yours',
      `the ${KIND_NAMES[piece.kind]} on ${squareName(from)} is not ${PLAYER_NAMES[s.turn]}'s`,
      {
        input,
      },
    );
  }
  if (isFrozen(cell)) {
    return inputError('move/frozen', `the ${KIND_NAMES[piece.kind]} on ${squareName(from)} is frozen and cannot move`, {
      input,
    });
  }
  return undefined;
}

/**
 * Reads a move as the servers take it: from and to squares joined by a hyphen (`f1-f4`), any case, spaces allowed
 * around the hyphen (the hyphen may also be left out: `f1f4`). Every reason a move is not legal has its own code.
 */
export function parseMove(s: TacticsState, text: string, p?: Player): Result<TacticsMove, InputError<TacticsCode>> {
  const input = typeof text === 'string' ? text : '';
  const m = /^\s*([a-z]+)(\d+)\s*-?\s*([a-z]+)(\d+)\s*$/i.exec(input);
  if (!m) {
    return err(
      inputError('move/syntax', `"${input}" is not a move: write the from and to squares, like f1-f4`, { input }),
    );
  }
  const fromText = `${m[1]}${m[2]}`;
  const toText = `${m[3]}${m[4]}`;
  const from = parseSquare(fromText);
  const to = parseSquare(toText);
  if (from === undefined || to === undefined) {
    const bad = from === undefined ? fromText : toText;
    return err(
      inputError('move/bad-square', `"${bad}" is not a square of the board (a1 to h8)`, {
        at: input.indexOf(bad),
        input,
      }),
    );
  }
  const over = outcomeOf(s);
  if (over) return err(inputError('move/game-over', 'the game is over', { input }));
  if (p !== undefined && p !== s.turn) {
    return err(inputError('move/not-your-turn', `it is ${PLAYER_NAMES[s.turn]}'s turn`, { input }));
  }
  const fault = pieceFault(s, from, input);
  if (fault) return err(fault);
  const cell = cellAt(s, from);
  const piece = pieceOf(cell) as Piece; // pieceFault found one
  const d = directionBetween(from, to);
  const kind = cell & 3;
  if (d < 0 || d < (DIR_FROM[kind] ?? 0) || d >= (DIR_TO[kind] ?? 0)) {
    const how = piece.kind === 'R' ? 'along a rank or file' : piece.kind === 'B' ? 'diagonally' : 'in a straight line';
    return err(
      inputError(
        'move/bad-direction',
        `a ${KIND_NAMES[piece.kind]} moves ${how}: ${squareName(from)}-${squareName(to)} is not such a move`,
        { input },
      ),
    );
  }
  const ray = (from * 8 + d) * 7;
  const len = RAY_LEN[from * 8 + d] ?? 0;
  for (let i = 0; i < len; i++) {
    const sq = RAYS[ray + i] ?? 0;
    if (cellAt(s, sq) !== EMPTY) {
      return sq === to
        ? err(inputError('move/occupied', `${squareName(to)} is occupied: pieces never capture`, { input }))
        : err(inputError('move/blocked', `the way is blocked at ${squareName(sq)}`, { input }));
    }
    if (sq === to) break;
  }
  return ok({ from, to });
}

function perftOf(s: TacticsState, depth: number): number {
  scratch.load(s, true);
  scratch.reserve(depth);
  return scratch.perft(depth);
}

const base: Omit<Game<TacticsState, TacticsMove, TacticsState>, 'tryPlay'> = {
  info: {
    id: 'tactics',
    family: 'tactics',
    name: 'Tactics',
    dynamics: 'sequential',
    board: { files: 8, ranks: 8 },
    players: PLAYER_NAMES,
  },
  initial: initialState,
  toMove: (s) => (outcomeOf(s) ? [] : [s.turn]),
  legalMoves: legalMovesOf,
  play: playMove,
  outcome: outcomeOf,
  resign: (s, p) => ({ ...s, ended: win(opponent(p), END_REASONS.resigned) }),
  agreeDraw: (s) => ({ ...s, ended: draw(END_REASONS.agreed) }),
  formatMove: (_s, m) => formatMove(m),
  parseMove,
  sameMove: (a, b) => a.from === b.from && a.to === b.to,
  formatPosition,
  parsePosition,
  observe: (s) => s,
  perft: perftOf,
};

/** The game object: `tactics.legalMoves(tactics.initial())`. */
export const tactics: Game<TacticsState, TacticsMove, TacticsState> = {
  ...base,
  tryPlay(s, text, p) {
    const parsed = parseMove(s, text, p);
    return parsed.ok ? ok(playMove(s, parsed.value)) : parsed;
  },
};
