/**
 * The Tactorus state, orders and moves. A state is a plain immutable value; it holds both players' pending
 * orders, so it is the authority's view. What one player may see is `observe` (observation.ts), which has no
 * field for the other side's orders at all.
 */
import type { Outcome, Player } from '@tactica/core';

/** The three rule alterations of Tactorus 3.1 (manual, "Tactorus Rules"); any combination may be chosen. */
export interface Rules {
  /** Chain moves: a piece may be ordered onto an own piece's square once that piece is ordered away. */
  readonly chain: boolean;
  /** Supply Lines: 10 orders a round, minus 2 per own home-row square held by an enemy piece. */
  readonly supplyLines: boolean;
  /** High Ground: 10 orders a round, plus 1 per centre square held by an own piece. */
  readonly highGround: boolean;
}

export const RULE_NAMES = ['chain', 'supply-lines', 'high-ground'] as const;
export type RuleName = (typeof RULE_NAMES)[number];

export const RULE_KEYS: Readonly<Record<RuleName, keyof Rules>> = {
  chain: 'chain',
  'supply-lines': 'supplyLines',
  'high-ground': 'highGround',
};

export const BASIC_RULES: Rules = { chain: false, supplyLines: false, highGround: false };
/** The manual's default new game has Chain moves on ("New game"). */
export const DEFAULT_RULES: Rules = { chain: true, supplyLines: false, highGround: false };

/** The game ends after this many rounds (manual, ties rule 3; docs/rules/tactorus.md "End"). */
export const ROUND_LIMIT = 50;

/** One scheduled order: the piece on `from` moves to `to` when the round resolves. */
export interface Order {
  readonly from: number;
  readonly to: number;
}

/**
 * A move of the contract. Each carries its player (the contract's simultaneous dynamics):
 * - `order`: schedule the piece on `from` to move to `to` (one order per piece);
 * - `withdraw`: take back the order of the piece on `from`;
 * - `done`: the player has finished scheduling (the manual's "Next" button). When both are done the round
 *   resolves.
 */
export type TactorusMove =
  | { readonly type: 'order'; readonly player: Player; readonly from: number; readonly to: number }
  | { readonly type: 'withdraw'; readonly player: Player; readonly from: number }
  | { readonly type: 'done'; readonly player: Player };

export interface TactorusState {
  /** 100 characters, see board.ts. */
  readonly board: string;
  /** Rounds resolved so far; the round being scheduled is `round + 1`. */
  readonly round: number;
  readonly rules: Rules;
  /** Each player's pending orders, in the order they were scheduled. Secret until the round resolves. */
  readonly orders: readonly [readonly Order[], readonly Order[]];
  /** Which players have pressed "Next" this round. */
  readonly committed: readonly [boolean, boolean];
  /** Set when the game is over (by rule, resignation or agreement). */
  readonly ended?: Outcome;
}

export const NO_ORDERS: readonly [readonly Order[], readonly Order[]] = [[], []];
export const NOBODY_COMMITTED: readonly [boolean, boolean] = [false, false];

export function sameRules(a: Rules, b: Rules): boolean {
  return a.chain === b.chain && a.supplyLines === b.supplyLines && a.highGround === b.highGround;
}

/** The rule alterations in force, as names (`chain supply-lines`), or `basic` when none is. */
export function formatRules(rules: Rules): string {
  const names = RULE_NAMES.filter((n) => rules[RULE_KEYS[n]]);
  return names.length ? names.join(' ') : 'basic';
}
