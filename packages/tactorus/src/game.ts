/**
 * Tactorus on the game contract, as its simultaneous-move game: `toMove` lists the players still scheduling
 * (`[0, 1]` at the start of each round), a move carries its player, and the round resolves inside `play` when the
 * second player says `done`. `observe` strips the other side's orders (a `TactorusObservation`); `command` takes
 * the game's own commands, customizing the board and changing the rules (command.ts).
 */
import { draw, opponent, win, type Game, type Player } from '@tactica/core';
import { ALL_FLANKS, startingBoard, type FlankSet } from './board.js';
import { tactorusCommand } from './command.js';
import { formatMoveText, parseMove } from './notation.js';
import { observe, type TactorusObservation } from './observation.js';
import { formatPosition, parsePosition } from './position.js';
import { resolveRound } from './resolve.js';
import { legalMovesOf } from './schedule.js';
import {
  DEFAULT_RULES,
  NO_ORDERS,
  NOBODY_COMMITTED,
  type Order,
  type Rules,
  type TactorusMove,
  type TactorusState,
} from './state.js';

export interface TactorusSetup {
  /** Rule alterations (default: Chain moves, the manual's default new game). */
  readonly rules?: Rules;
  /** Flanks each player brings (default: both for both). */
  readonly flanks?: FlankSet;
  /**
   * A customized start board instead of the flanks' (manual, "New game": customized games saved to be replayed
   * "over and over again"), as 100 board characters. Trusted: read untrusted text with `parsePosition`.
   */
  readonly board?: string;
}

/** The starting state of a new game. */
export function newGame(setup: TactorusSetup = {}): TactorusState {
  return {
    board: setup.board ?? startingBoard(setup.flanks ?? ALL_FLANKS),
    round: 0,
    rules: setup.rules ?? DEFAULT_RULES,
    orders: NO_ORDERS,
    committed: NOBODY_COMMITTED,
  };
}

/** Players still scheduling this round (none when the game is over). */
export function playersToMove(s: TactorusState): readonly Player[] {
  if (s.ended) return [];
  if (s.committed[0]) return [1];
  if (s.committed[1]) return [0];
  return [0, 1];
}

/**
 * Applies a legal move. The last `done` of a round carries out both players' orders and starts the next round
 * (or ends the game).
 */
export function playMove(s: TactorusState, m: TactorusMove): TactorusState {
  const p = m.player;
  switch (m.type) {
    case 'order':
      return withOrders(s, p, [...s.orders[p], { from: m.from, to: m.to }]);
    case 'withdraw':
      return withOrders(
        s,
        p,
        s.orders[p].filter((o) => o.from !== m.from),
      );
    case 'done': {
      if (!s.committed[opponent(p)]) {
        return { ...s, committed: p === 0 ? [true, false] : [false, true] };
      }
      const round = s.round + 1;
      const r = resolveRound(s.board, s.orders, round);
      const next: TactorusState = {
        board: r.board,
        round,
        rules: s.rules,
        orders: NO_ORDERS,
        committed: NOBODY_COMMITTED,
      };
      return r.outcome ? { ...next, ended: r.outcome } : next;
    }
  }
}

function withOrders(s: TactorusState, p: Player, own: readonly Order[]): TactorusState {
  return { ...s, orders: p === 0 ? [own, s.orders[1]] : [s.orders[0], own] };
}

/** Plays both players' orders for one round and resolves it (for replays and tests). */
export function playRound(s: TactorusState, orders: readonly [readonly Order[], readonly Order[]]): TactorusState {
  let t = s;
  for (const p of [0, 1] as const) {
    for (const o of orders[p]) t = playMove(t, { type: 'order', player: p, from: o.from, to: o.to });
  }
  t = playMove(t, { type: 'done', player: 0 });
  return playMove(t, { type: 'done', player: 1 });
}

function ended(s: TactorusState, how: NonNullable<TactorusState['ended']>): TactorusState {
  return { board: s.board, round: s.round, rules: s.rules, orders: NO_ORDERS, committed: NOBODY_COMMITTED, ended: how };
}

export function sameMove(a: TactorusMove, b: TactorusMove): boolean {
  if (a.player !== b.player) return false;
  switch (a.type) {
    case 'done':
      return b.type === 'done';
    case 'withdraw':
      return b.type === 'withdraw' && a.from === b.from;
    case 'order':
      return b.type === 'order' && a.from === b.from && a.to === b.to;
  }
}

/** Tactorus on the game contract: its states, moves and what a player observes. */
export type TactorusGame = Game<TactorusState, TactorusMove, TactorusObservation>;

/** Makes the Tactorus game object; the setup fixes the rules and flanks of `initial()`. */
export function createTactorus(setup: TactorusSetup = {}): TactorusGame {
  const game: TactorusGame = {
    info: {
      id: 'tactorus',
      family: 'tactorus',
      name: 'Tactorus',
      dynamics: 'simultaneous',
      board: { files: 10, ranks: 10 },
      players: ['Player 1', 'Player 2'],
    },
    initial: () => newGame(setup),
    toMove: playersToMove,
    legalMoves(s, p) {
      if (p !== undefined) return legalMovesOf(s, p);
      return playersToMove(s).flatMap((q) => legalMovesOf(s, q));
    },
    play: playMove,
    outcome: (s) => s.ended,
    resign: (s, p) => (s.ended ? s : ended(s, win(opponent(p), 'resigned'))),
    agreeDraw: (s) => (s.ended ? s : ended(s, draw('agreed'))),
    formatMove: (_s, m) => formatMoveText(m),
    parseMove,
    tryPlay(s, text, p) {
      const m = parseMove(s, text, p);
      return m.ok ? { ok: true, value: playMove(s, m.value) } : m;
    },
    sameMove,
    formatPosition,
    parsePosition,
    observe,
    command: tactorusCommand,
  };
  return game;
}

/** The default game: both flanks, Chain moves on. */
export const tactorus = createTactorus();
