/**
 * What one player may see: the board, the round, the rules, their own orders, and whether the other side has
 * finished scheduling. The type has no field for the other side's orders, so nothing built from an observation
 * (a save, an export, a screen) can carry them: secrecy is a property of the types, not of care at each use.
 */
import type { Outcome, Player } from '@tactica/core';
import { allowance } from './schedule.js';
import type { Order, Rules, TactorusState } from './state.js';

export interface TactorusObservation {
  readonly viewer: Player;
  readonly board: string;
  /** Rounds resolved so far. */
  readonly round: number;
  readonly rules: Rules;
  /** The viewer's own pending orders, in the order scheduled. */
  readonly orders: readonly Order[];
  /** The viewer has pressed "Next". */
  readonly done: boolean;
  /** The other player has finished scheduling (how many orders, and which, stays hidden). */
  readonly opponentDone: boolean;
  /** How many orders the viewer may schedule this round. */
  readonly allowance: number;
  readonly outcome?: Outcome;
}

export function observe(s: TactorusState, viewer: Player): TactorusObservation {
  const other = viewer === 0 ? 1 : 0;
  const obs: TactorusObservation = {
    viewer,
    board: s.board,
    round: s.round,
    rules: s.rules,
    orders: s.orders[viewer],
    done: s.committed[viewer],
    opponentDone: s.committed[other],
    allowance: allowance(s.board, s.rules, viewer),
  };
  return s.ended ? { ...obs, outcome: s.ended } : obs;
}

/**
 * The state as the viewer knows it: their own orders kept, the other side's unknown (none, not done). This is
 * how a game received from the other player, or reopened from a player's own save, continues.
 */
export function stateFromObservation(obs: TactorusObservation): TactorusState {
  const orders: readonly [readonly Order[], readonly Order[]] = obs.viewer === 0 ? [obs.orders, []] : [[], obs.orders];
  const committed: readonly [boolean, boolean] = obs.viewer === 0 ? [obs.done, false] : [false, obs.done];
  const s: TactorusState = { board: obs.board, round: obs.round, rules: obs.rules, orders, committed };
  return obs.outcome ? { ...s, ended: obs.outcome } : s;
}
