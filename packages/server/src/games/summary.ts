/**
 * A game's summary as its row keeps it beside the snapshot (migration 007): the moves played, the last move's text
 * and who is to act. Written with every change, so that listings (the lobby, a profile, the e-mail gateway's
 * `games`) read columns and never restore a game: restoring replays the whole line, and a listing of long games
 * restored one by one held the event loop for tens of seconds (issue 37).
 */
import { moveText, stateAt, type Player, type StepText } from '@tactica/core';
import { roundPlay, sequentialPlay, turnsPlayed, type RestoredGame } from '@tactica/catalogue';
import { playersToAct } from './live-game.js';

export interface GameSummary {
  /** Moves played: the plies up to the cursor (sequential games), the rounds played (Tactorus). */
  readonly plies: number;
  /** The last move in the game's notation; for Tactorus the last step (`orders / orders`, or `(command)`). */
  readonly lastMove: string | null;
  readonly toAct: readonly Player[];
}

/** A Tactorus step as one line: each side's orders (without `done`), or the game's command. */
function stepLine(step: StepText): string {
  if (!Array.isArray(step)) return `(${(step as { command: string }).command})`;
  const side = (moves: readonly string[]): string => moves.filter((m) => m !== 'done').join(' ') || '-';
  return `${side(step[0] as readonly string[])} / ${side(step[1] as readonly string[])}`;
}

/** The summary of a restored game: a few fields of its session, the same work for a long game as a short one. */
export function summaryOf(restored: RestoredGame): GameSummary {
  const toAct = playersToAct({ restored });
  return { plies: turnsPlayed(restored), lastMove: lastTurnText(restored), toAct };
}

/** The last move's text, or the last step's line (a round's orders, a command); null before the first. */
function lastTurnText(restored: RestoredGame): string | null {
  const rounds = roundPlay(restored);
  if (rounds) {
    const played = stepsPlayed(rounds.session);
    const last = played[played.length - 1];
    return last === undefined ? null : stepLine(last);
  }
  const h = sequentialPlay(restored)?.session.history;
  const i = (h?.cursor ?? 0) - 1;
  if (!h || i < 0) return null;
  // Remembered on the state it was played from: the write formats it for the snapshot anyway.
  const game = restored.setup.game;
  return moveText(game, stateAt(game, h, i), h.moves[i]);
}

/** Each Tactorus session's steps played as text, once encoded (sessions are immutable values). */
const steps = new WeakMap<object, readonly StepText[]>();

/**
 * The steps played of a Tactorus session (those taken back beyond the cursor left out), encoded once per session:
 * `line` is its snapshot's line when the caller has encoded it already (a write does).
 */
export function stepsPlayed(
  session: { toJSON(): { readonly line: SnapshotLine } },
  line?: SnapshotLine,
): readonly StepText[] {
  const known = steps.get(session);
  if (known) return known;
  const l = line ?? session.toJSON().line;
  const played = (l.steps ?? []).slice(0, l.cursor);
  steps.set(session, played);
  return played;
}

interface SnapshotLine {
  readonly steps?: readonly StepText[];
  readonly cursor: number;
}

/** The longest last move a row keeps (a Tactorus round may hold many orders) **(ours)**. */
const LAST_MOVE_MAX = 200;

/** The row's summary columns (see GamesTable). */
export interface SummaryColumns {
  readonly plies: number;
  readonly last_move: string | null;
  readonly to_act: string;
}

/** The row's summary columns. */
export function summaryColumns(s: GameSummary): SummaryColumns {
  const last = s.lastMove;
  return {
    plies: s.plies,
    last_move: last !== null && last.length > LAST_MOVE_MAX ? `${last.slice(0, LAST_MOVE_MAX - 1)}…` : last,
    to_act: s.toAct.join(''),
  };
}

/** The seats of a row's `to_act` column. */
export function toActOf(column: string): Player[] {
  return [...column].filter((c) => c === '0' || c === '1').map((c) => Number(c) as Player);
}
