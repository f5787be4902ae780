/**
 * A Tactorus game in the core simultaneous session (`@tactica/core`'s `SimultaneousSession`), read the Tactorus
 * way: the record of a `++Tactorus` file derived from the session's line, each round's orders and report, and a
 * session made from a record.
 *
 *   const core = unwrap(createSimultaneousSession(tactorus, { now }));   // or restoreSimultaneousSession(tactorus, …)
 *   const record = unwrap(recordOf(core));                                // what an export or a save writes
 *
 * **(ours)** The session's line is the authority and the record a view of it, not a second copy: the line holds
 * every move as it was given (withdrawals too) and the game's commands as their record lines; a record keeps each
 * round's final orders, which is all the rules need to play the round again. So a record is always derived from a
 * line; the line made from a record plays the same rounds, each player's orders given in their final order.
 */
import {
  createSimultaneousSession,
  err,
  inputError,
  lineStates,
  ok,
  roundLineRules,
  startHistory,
  stateAt,
  type InputError,
  type Player,
  type Result,
  type RoundMoves,
  type SessionSeats,
  type SimultaneousSession,
} from '@tactica/core';
import { formatCommand, parseCommand } from './command.js';
import { playMove, tactorus } from './game.js';
import { formatOrder } from './notation.js';
import type { TactorusObservation } from './observation.js';
import { startState, type RecordEvent, type TactorusRecord } from './record.js';
import { resolveRoundWithReport, type RoundReport } from './resolve.js';
import type { Order, TactorusMove, TactorusState } from './state.js';

/** A Tactorus game in the core simultaneous session: the one authority for its play. */
export type TactorusCore = SimultaneousSession<TactorusState, TactorusMove, undefined, TactorusObservation>;

/**
 * Any core session of Tactorus, whatever its status hook and observation type (an interface's sessions carry their
 * own status): what reading its line needs.
 */
export type AnyTactorusCore = SimultaneousSession<TactorusState, TactorusMove, unknown, unknown>;

/**
 * The time given to the core session's commands. It keeps no clock (the manual's game has none): a command's time
 * is only checked to be a time, so the rules package, which reads no clock, gives this one.
 */
export const NO_CLOCK = 0;

/** Options for a command of the core session at its current version. */
export function commandOptions(core: AnyTactorusCore): { readonly expectedVersion: number; readonly now: number } {
  return { expectedVersion: core.version, now: NO_CLOCK };
}

/** Each player's orders at the end of their part of a round (their own line from the round's start). */
export function roundOrders(
  start: TactorusState,
  moves: RoundMoves<TactorusMove>,
): readonly [readonly Order[], readonly Order[]] {
  const side = (p: Player): readonly Order[] => {
    let s = start;
    for (const m of moves[p]) s = playMove(s, m);
    return s.orders[p];
  };
  return [side(0), side(1)];
}

/** The round the line played last, when its last step in force is a round: its number, orders and report. */
export interface PlayedRound {
  readonly round: number;
  readonly orders: readonly [readonly Order[], readonly Order[]];
  readonly report: RoundReport;
}

export function lastRound(core: AnyTactorusCore): PlayedRound | undefined {
  const { line } = core.state;
  const i = line.cursor - 1;
  const step = line.moves[i];
  if (step?.kind !== 'round') return undefined;
  // The line holds the state before its cursor: nothing is played again.
  const start = stateAt(roundLineRules(tactorus), line, i);
  const orders = roundOrders(start, step.moves);
  const round = start.round + 1;
  return { round, orders, report: resolveRoundWithReport(start.board, orders, round).report };
}

/**
 * The record of the game in `core`, derived from its line: every round in force with both players' final orders,
 * every command, and the ending (a resignation, an agreed draw). A record starts at round 0 with no orders; a line
 * that starts elsewhere (a position text) has none (`record/not-from-start`).
 */
export function recordOf(core: AnyTactorusCore): Result<TactorusRecord, InputError> {
  const ending = core.ending;
  // A result replaces the line's current state (at round 0, its start too): the line before it has the same steps.
  const line = ending ? ending.before.line : core.state.line;
  const start = line.start;
  if (
    start.round !== 0 ||
    start.ended !== undefined ||
    start.orders[0].length + start.orders[1].length > 0 ||
    start.committed[0] ||
    start.committed[1]
  ) {
    return err(inputError('record/not-from-start', 'a record starts at round 0 with no orders; this line does not'));
  }
  const events: RecordEvent[] = [];
  let i = 0;
  for (const s of lineStates(roundLineRules(tactorus), line, 0, line.cursor)) {
    const step = line.moves[i++];
    if (step?.kind === 'round') {
      events.push({ type: 'round', round: s.round + 1, orders: roundOrders(s, step.moves) });
    } else if (step) {
      // The line holds a command as the game wrote it: its record line.
      const c = parseCommand(step.text);
      if (!c.ok) return c;
      events.push(c.value);
    }
  }
  if (ending) {
    events.push(ending.player !== undefined ? { type: 'resign', player: ending.player } : { type: 'draw' });
  }
  return ok({ startBoard: start.board, startRules: start.rules, events });
}

/**
 * A core session at the record's start that has played every event of the record: each round submitted for both
 * players (their orders, then done), each command, the ending. The error names the event (1-based) that failed.
 */
export function coreFromRecord(
  record: TactorusRecord,
  seats: SessionSeats = [{ kind: 'human' }, { kind: 'human' }],
): Result<TactorusCore, InputError> {
  const created = createSimultaneousSession(tactorus, {
    seats,
    now: NO_CLOCK,
    line: startHistory(startState(record)),
  });
  if (!created.ok) return created;
  let core = created.value;
  for (const [i, e] of record.events.entries()) {
    const next = playEvent(core, e);
    if (!next.ok) return err(inputError(next.error.code, `event ${i + 1}: ${next.error.message}`, { line: i + 1 }));
    core = next.value;
  }
  return ok(core);
}

function playEvent(core: TactorusCore, e: RecordEvent): Result<TactorusCore, InputError> {
  switch (e.type) {
    case 'round': {
      const expected = core.roundStart.round + 1;
      if (e.round !== expected) {
        return err(inputError('record/round-number', `expected round ${expected}, found round ${e.round}`));
      }
      let c = core;
      for (const p of [0, 1] as const) {
        const next = c.submit(p, [...e.orders[p].map(formatOrder), 'done'], commandOptions(c));
        if (!next.ok) return next;
        c = next.value;
      }
      return ok(c);
    }
    case 'customize':
    case 'rules':
      return core.command(formatCommand(e), commandOptions(core));
    case 'resign':
      return core.resign(e.player, commandOptions(core));
    case 'draw': {
      const offered = core.offerDraw(0, commandOptions(core));
      return offered.ok ? offered.value.answerDraw(1, true, commandOptions(offered.value)) : offered;
    }
  }
}
