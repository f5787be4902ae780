/**
 * Tactrix! on the Game contract: the immutable public API over the engine's make/unmake fast path.
 */
import {
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
import { MAX_MOVES, Position, perftBuffers } from './engine.js';
import { formatMove, fromEngineMove, parseMoveAt, purchaseRefusalAt, toEngineMove } from './notation.js';
import { PIECE_LETTERS, PLAYER_NAMES, squareName } from './pieces.js';
import { formatPosition, parsePosition } from './position-text.js';
import { initialState, load, outcomeOf, stateOf, type TactrixMove, type TactrixState } from './state.js';

// One scratch position and move buffer for the public API: every call is synchronous and loads it afresh.
const scratch = new Position();
const buffer = new Int32Array(MAX_MOVES);

// The outcome by rule needs a move generation; a session asks it of the same position several times a move
// (whose turn, is the game over, may this move be played), so it is remembered on the state (immutable).
const outcomes = new WeakMap<TactrixState, Outcome | null>();

/** The game's outcome: resignation or agreement if recorded, else by rule (see Position.status). */
export function outcomeOfState(s: TactrixState): Outcome | undefined {
  if (s.ended) return s.ended;
  const known = outcomes.get(s);
  if (known !== undefined) return known ?? undefined;
  const p = load(s, scratch);
  const o = outcomeOf(p.status(p.generate(p.turn, buffer)));
  outcomes.set(s, o ?? null);
  return o;
}

export function legalMoves(s: TactrixState, player?: Player): TactrixMove[] {
  if (s.ended) return [];
  if (player !== undefined && player !== s.turn) return [];
  const p = load(s, scratch);
  const n = p.generate(p.turn, buffer);
  if (p.status(n) !== undefined) return [];
  const moves: TactrixMove[] = [];
  for (let i = 0; i < n; i++) moves.push(fromEngineMove(buffer[i] as number));
  return moves;
}

export function play(s: TactrixState, m: TactrixMove): TactrixState {
  const p = load(s, scratch);
  p.make(toEngineMove(m));
  return stateOf(p);
}

export function parseMove(s: TactrixState, text: string, player?: Player): Result<TactrixMove, InputError> {
  const over = outcomeOfState(s);
  if (over) return err(inputError('move/game-over', 'the game is over', { input: String(text).slice(0, 200) }));
  if (player !== undefined && player !== s.turn) {
    return err(
      inputError('move/not-your-turn', `it is ${PLAYER_NAMES[s.turn]}'s turn`, { input: String(text).slice(0, 200) }),
    );
  }
  return parseMoveAt(load(s, scratch), text);
}

/**
 * Why the side to move cannot buy a piece of type `type` (1–7, as in `TactrixMove`) placed on square `to`, or on any
 * square when `to` is left out; undefined when it can. The reasons are `parseMove`'s: `move/game-over`,
 * `move/not-for-sale`, `move/no-regeneroid`, `move/cannot-afford`, `move/not-next-to-regeneroid`,
 * `move/square-taken`, and `move/no-free-square` when every square next to the regeneroid holds one's own piece.
 */
export function purchaseRefusal(s: TactrixState, type: number, to?: number): InputError | undefined {
  const input = `buy ${PIECE_LETTERS[type - 1] ?? '?'}@${to === undefined ? '?' : squareName(to)}`;
  if (outcomeOfState(s)) return inputError('move/game-over', 'the game is over', { input });
  if (!Number.isInteger(type) || type < 1 || type > PIECE_LETTERS.length) {
    return inputError('move/unknown-piece', `${String(type)} is not a piece type (1–7)`, { input });
  }
  if (to !== undefined && !(Number.isInteger(to) && to >= 0 && to < 100)) {
    return inputError('move/bad-square', `${String(to)} is not a square number (0–99)`, { input });
  }
  return purchaseRefusalAt(load(s, scratch), type, to, input);
}

export const tactrix: Game<TactrixState, TactrixMove, TactrixState> = {
  info: {
    id: 'tactrix',
    family: 'tactrix',
    name: 'Tactrix!',
    dynamics: 'sequential',
    board: { files: 10, ranks: 10 },
    players: PLAYER_NAMES,
  },
  initial: initialState,
  toMove: (s) => (outcomeOfState(s) ? [] : [s.turn]),
  legalMoves,
  play,
  outcome: outcomeOfState,
  resign: (s, p) => ({ ...s, ended: win(opponent(p), 'resigned') }),
  agreeDraw: (s) => ({ ...s, ended: draw('agreed') }),
  formatMove,
  parseMove,
  tryPlay(s, text, player) {
    const m = parseMove(s, text, player);
    return m.ok ? ok(play(s, m.value)) : m;
  },
  sameMove: (a, b) => toEngineMove(a) === toEngineMove(b),
  formatPosition,
  parsePosition,
  observe: (s) => s,
  perft(s, depth) {
    if (depth <= 0) return 1;
    if (s.ended) return 0;
    return load(s, new Position()).perft(depth, perftBuffers(depth));
  },
};
