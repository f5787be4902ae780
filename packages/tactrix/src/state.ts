/**
 * The public, immutable Tactrix! state: plain arrays and numbers that survive JSON and structured clone, and the
 * bridge to the mutable engine (`load` a state into a Position, `snapshotOf` a Position back into a state).
 */
import { draw, win, type Outcome, type Player } from '@tactica/core';
import { Position, type StatusCode } from './engine.js';
import {
  DIAGANOID,
  JERK,
  JUMPNAR,
  KING,
  REGENEROID,
  SQUARES,
  VERTICON,
  WRAPNOID,
  makePiece,
  squareAt,
} from './pieces.js';

export interface TactrixState {
  /** 100 piece codes by square (`rank * 10 + file`): type 1–7 for White, its negative for Black, 0 empty. */
  readonly board: readonly number[];
  /** 100 chip counts by square: 1 on a square never yet visited that started empty, else 0. */
  readonly chips: readonly number[];
  /** Chips held by White and Black. */
  readonly balance: readonly [number, number];
  readonly turn: Player;
  /** Plies since the last capture, chip collection, jerk bonus or purchase. */
  readonly clock: number;
  /** Starts at 1 and grows after each Black move. */
  readonly moveNumber: number;
  /** Repetition keys of the earlier positions in the current no-progress window, oldest first. */
  readonly history: readonly number[];
  /** Set when the game ended by resignation or agreement. */
  readonly ended?: Outcome;
}

export type TactrixMove =
  | { readonly kind: 'move'; readonly from: number; readonly to: number }
  | { readonly kind: 'buy'; readonly piece: number; readonly to: number };

/** Rules file, "Setup" (ours): back row V N D W R K W D N V, front row of jerks, chips on every other square. */
const BACK_ROW = [VERTICON, JUMPNAR, DIAGANOID, WRAPNOID, REGENEROID, KING, WRAPNOID, DIAGANOID, JUMPNAR, VERTICON];

export function initialState(): TactrixState {
  const board = new Array<number>(SQUARES).fill(0);
  const chips = new Array<number>(SQUARES).fill(0);
  for (let f = 0; f < 10; f++) {
    board[squareAt(f, 0)] = makePiece(BACK_ROW[f] as number, 0);
    board[squareAt(f, 1)] = makePiece(JERK, 0);
    board[squareAt(f, 8)] = makePiece(JERK, 1);
    board[squareAt(f, 9)] = makePiece(BACK_ROW[f] as number, 1);
  }
  for (let sq = 0; sq < SQUARES; sq++) if (board[sq] === 0) chips[sq] = 1;
  return { board, chips, balance: [0, 0], turn: 0, clock: 0, moveNumber: 1, history: [] };
}

/** Loads `s` into `p` (a scratch position is reused by the public API: every call is synchronous). */
export function load(s: TactrixState, p: Position = new Position()): Position {
  p.board.set(s.board);
  p.chips.set(s.chips);
  p.balance[0] = s.balance[0];
  p.balance[1] = s.balance[1];
  p.turn = s.turn;
  p.clock = s.clock;
  p.moveNumber = s.moveNumber;
  p.refresh(s.history);
  return p;
}

export function stateOf(p: Position): TactrixState {
  const keys = p.windowKeys();
  return {
    board: Array.from(p.board),
    chips: Array.from(p.chips),
    balance: [p.balance[0] as number, p.balance[1] as number],
    turn: p.turn,
    clock: p.clock,
    moveNumber: p.moveNumber,
    history: keys.slice(0, -1),
  };
}

export function outcomeOf(code: StatusCode): Outcome | undefined {
  switch (code) {
    case 'white-wins-king':
      return win(0, 'king-captured');
    case 'black-wins-king':
      return win(1, 'king-captured');
    case 'white-wins-no-moves':
      return win(0, 'no-moves');
    case 'black-wins-no-moves':
      return win(1, 'no-moves');
    case 'draw-threefold':
      return draw('threefold');
    case 'draw-no-progress':
      return draw('no-progress');
    case undefined:
      return undefined;
  }
}
