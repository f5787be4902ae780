/**
 * Tactorus rounds as the game-independent round review reads them (`reviewRounds`, review/review-rounds.ts): the
 * rounds of a line of moves with both sides' final orders, the engine's best orders for a side (its `analyse`, from
 * that side's observation), and a pair of order sets judged as the engine judges one (`TactorusAi.judge`).
 *
 *   reviewRounds(tactorusRoundJudge(), start, moves, scale, { depth: 2 });
 */
import type { Player } from '@tactica/core';
import { formatOrders, observe, playMove, type Order, type TactorusMove, type TactorusState } from '@tactica/tactorus';
import type { AnalyseLimits } from '../engine.js';
import type { PlayedRound, RoundJudge } from '../review/review-rounds.js';
import { createTactorusEngine, type TactorusAi } from './tactorus.js';

type Orders = readonly Order[];

/** A round judge over its own engine (a fresh one by default, so that a review depends on its limits alone). */
export function tactorusRoundJudge(
  ai: TactorusAi = createTactorusEngine(),
): RoundJudge<TactorusState, TactorusMove, Orders> {
  return {
    rounds: roundsOf,
    best(s: TactorusState, p: Player, limits: AnalyseLimits): Orders {
      return ai.analyse(observe(s, p), limits).pv[0] ?? [];
    },
    value(s: TactorusState, p: Player, mine: Orders, theirs: Orders): number {
      return ai.judge(observe(s, p), mine, theirs);
    },
    same: (a, b) => a.length === b.length && a.every((o, i) => o.from === b[i]?.from && o.to === b[i]?.to),
    format: (orders) => formatOrders(orders),
  };
}

/** The rounds carried out in a line of moves: each round's start and both sides' orders when the round resolved. */
function roundsOf(start: TactorusState, moves: readonly TactorusMove[]): PlayedRound<TactorusState, Orders>[] {
  const rounds: PlayedRound<TactorusState, Orders>[] = [];
  let roundStart = start;
  let s = start;
  for (const m of moves) {
    const next = playMove(s, m);
    if (next.round !== s.round) {
      rounds.push({ start: roundStart, choices: [s.orders[0], s.orders[1]] });
      roundStart = next;
    }
    s = next;
  }
  return rounds;
}
