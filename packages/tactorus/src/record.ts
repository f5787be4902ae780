/**
 * A game's record: the starting position and what happened since, as events (rounds with both players' orders,
 * customizations, rule changes, resignations, agreed draws). Everything in a record is public: a round's orders
 * enter it only once the round has resolved. Replaying a record through the rules validates it.
 */
import {
  describeError,
  draw,
  err,
  inputError,
  ok,
  opponent,
  win,
  type InputError,
  type Player,
  type Result,
  hasCode,
} from '@tactica/core';
import { applyCommand, formatCommand, parseCommand, type TactorusCommand } from './command.js';
import { playersToMove, playMove } from './game.js';
import { formatOrders, parseOrder } from './notation.js';
import { resolveRoundWithReport, type RoundReport } from './resolve.js';
import { checkOrder } from './schedule.js';
import { NO_ORDERS, NOBODY_COMMITTED, type Order, type Rules, type TactorusState } from './state.js';
import type { TactorusCode } from './codes.js';

/** What happened in a game: a round with both players' orders, a command of the game's own, an ending. */
export type RecordEvent =
  | { readonly type: 'round'; readonly round: number; readonly orders: readonly [readonly Order[], readonly Order[]] }
  | TactorusCommand
  | { readonly type: 'resign'; readonly player: Player }
  | { readonly type: 'draw' };

export interface TactorusRecord {
  /** The position the game started from (round 0, no orders). */
  readonly startBoard: string;
  readonly startRules: Rules;
  readonly events: readonly RecordEvent[];
}

export function startRecord(s: TactorusState): TactorusRecord {
  return { startBoard: s.board, startRules: s.rules, events: [] };
}

export function appendEvent(r: TactorusRecord, e: RecordEvent): TactorusRecord {
  return { ...r, events: [...r.events, e] };
}

export function startState(r: TactorusRecord): TactorusState {
  return { board: r.startBoard, round: 0, rules: r.startRules, orders: NO_ORDERS, committed: NOBODY_COMMITTED };
}

/**
 * Carries out one round from untrusted orders: each player's orders are scheduled in the order given (so each is
 * checked against every restriction), then both are done. Returns the next state and the round's report.
 */
export function playRoundChecked(
  s: TactorusState,
  orders: readonly [readonly Order[], readonly Order[]],
): Result<{ state: TactorusState; report: RoundReport }, InputError<TactorusCode>> {
  if (s.ended) return err(inputError('round/game-over', 'the game is already over'));
  let t: TactorusState = { ...s, orders: NO_ORDERS, committed: NOBODY_COMMITTED };
  for (const p of [0, 1] as const) {
    for (const o of orders[p]) {
      const problem = checkOrder(t, p, o.from, o.to);
      if (problem) {
        return err(
          inputError('round/illegal-order', `round ${s.round + 1}, Player ${p + 1}: ${problem.message}`, {
            input: `${o.from}-${o.to}`,
          }),
        );
      }
      t = playMove(t, { type: 'order', player: p, from: o.from, to: o.to });
    }
  }
  const round = s.round + 1;
  const r = resolveRoundWithReport(t.board, t.orders, round);
  const next: TactorusState = {
    board: r.board,
    round,
    rules: s.rules,
    orders: NO_ORDERS,
    committed: NOBODY_COMMITTED,
  };
  return ok({ state: r.outcome ? { ...next, ended: r.outcome } : next, report: r.report });
}

/** Applies one event to a state (the state's pending orders, if any, are not part of a record and are dropped). */
export function applyEvent(s: TactorusState, e: RecordEvent): Result<TactorusState, InputError<TactorusCode>> {
  switch (e.type) {
    case 'round': {
      if (e.round !== s.round + 1) {
        return err(inputError('record/round-number', `expected round ${s.round + 1}, found round ${e.round}`));
      }
      const r = playRoundChecked(s, e.orders);
      return r.ok ? ok(r.value.state) : r;
    }
    case 'customize':
    case 'rules':
      return applyCommand(s, e);
    case 'resign':
      if (s.ended) return err(inputError('record/game-over', 'the game is already over'));
      return ok({ ...s, orders: NO_ORDERS, committed: NOBODY_COMMITTED, ended: win(opponent(e.player), 'resigned') });
    case 'draw':
      if (s.ended) return err(inputError('record/game-over', 'the game is already over'));
      return ok({ ...s, orders: NO_ORDERS, committed: NOBODY_COMMITTED, ended: draw('agreed') });
  }
}

/** Replays a record; the error names the event (1-based) that failed. */
export function replayRecord(r: TactorusRecord): Result<TactorusState, InputError> {
  const replayed = replayRecordWithReports(r);
  return replayed.ok ? ok(replayed.value.state) : replayed;
}

/** Replays a record and keeps the report of every round. */
export function replayRecordWithReports(
  r: TactorusRecord,
): Result<{ state: TactorusState; reports: RoundReport[] }, InputError> {
  let s = startState(r);
  const reports: RoundReport[] = [];
  for (const [i, e] of r.events.entries()) {
    let next: Result<TactorusState, InputError>;
    if (e.type === 'round' && e.round === s.round + 1) {
      const played = playRoundChecked(s, e.orders);
      if (played.ok) reports.push(played.value.report);
      next = played.ok ? ok(played.value.state) : played;
    } else next = applyEvent(s, e);
    if (!next.ok) {
      return err(inputError(next.error.code, `event ${i + 1}: ${next.error.message}`, { line: i + 1 }));
    }
    s = next.value;
  }
  return ok({ state: s, reports });
}

/** True when the state's game is still being scheduled by someone. */
export function inProgress(s: TactorusState): boolean {
  return playersToMove(s).length > 0;
}

// ---------------------------------------------------------------------------------------------------------------
// Event lines, as written in saves and exports:
//   Round 3: 84-64 83-63 / 15-35        (Player 1's orders / Player 2's orders; "-" for none)
//   Customize: <board rows separated by />
//   Rules: chain high-ground            (or basic)
//   Resign: 2
//   Draw: agreed

export function formatEvent(e: RecordEvent): string {
  switch (e.type) {
    case 'round':
      return `Round ${e.round}: ${formatOrders(e.orders[0])} / ${formatOrders(e.orders[1])}`;
    case 'customize':
    case 'rules':
      return formatCommand(e);
    case 'resign':
      return `Resign: ${e.player + 1}`;
    case 'draw':
      return 'Draw: agreed';
  }
}

function parseOrderList(text: string): Result<Order[], InputError<TactorusCode>> {
  const t = text.trim();
  if (t === '-') return ok([]);
  const orders: Order[] = [];
  for (const part of t.split(/\s+/)) {
    const o = parseOrder(part);
    if (!o.ok) return o;
    if (o.value.from > 99 || o.value.to > 99) return err(inputError('order/bad-square', 'squares are 00 to 99'));
    orders.push(o.value);
  }
  return ok(orders);
}

export function parseEvent(line: string): Result<RecordEvent, InputError<TactorusCode>> {
  const round = /^Round (\d{1,2}): ([0-9 -]+?) \/ ([0-9 -]+)$/.exec(line);
  if (round) {
    const a = parseOrderList(round[2] as string);
    if (!a.ok) return err(inputError('record/bad-orders', describeError(a.error), { input: line }));
    const b = parseOrderList(round[3] as string);
    if (!b.ok) return err(inputError('record/bad-orders', describeError(b.error), { input: line }));
    return ok({ type: 'round', round: Number(round[1]), orders: [a.value, b.value] });
  }
  if (line.startsWith('Customize: ') || line.startsWith('Rules: ')) {
    const c = parseCommand(line);
    if (c.ok || !hasCode<TactorusCode>(c.error, 'command/unknown')) return c;
  }
  const resign = /^Resign: ([12])$/.exec(line);
  if (resign) return ok({ type: 'resign', player: resign[1] === '1' ? 0 : 1 });
  if (line === 'Draw: agreed') return ok({ type: 'draw' });
  return err(inputError('record/bad-event', `not a record line: "${line.slice(0, 80)}"`, { input: line }));
}
