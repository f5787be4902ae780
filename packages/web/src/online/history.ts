/**
 * A player's page lists their games as lichess and playok do: against whom, the result for this player, and how it
 * ended (the server's `GET /api/games?user=` gives each game's seat, opponent and outcome with its reason).
 */
import type { Outcome, Player } from '@tactica/core';
import { resultWords } from './result-words.js';

/** A game of a player's history as the server lists it. */
export interface HistoryGame {
  readonly id: number;
  readonly family: string;
  readonly status?: unknown;
  readonly seat?: unknown;
  readonly opponent?: unknown;
  readonly result?: unknown;
}

export interface HistoryLine {
  /** The opponent's name, or the computer and its level. */
  readonly against: string;
  readonly result: 'won' | 'lost' | 'drawn' | 'playing';
  /** How it ended, in words (empty while it is played). */
  readonly how: string;
}

function isOutcome(v: unknown): v is Outcome {
  const o = v as { kind?: unknown; winner?: unknown } | null;
  return (
    o !== null &&
    typeof o === 'object' &&
    (o.kind === 'draw' || (o.kind === 'win' && (o.winner === 0 || o.winner === 1)))
  );
}

/** One game of `player`'s history as their page shows it. */
export function historyLine(g: HistoryGame, player: string): HistoryLine {
  const seat: Player = g.seat === 1 ? 1 : 0;
  const o = (g.opponent ?? {}) as { name?: string | null; level?: string | null };
  const against = o.name ?? `the computer (${o.level ?? '?'})`;
  if (!isOutcome(g.result)) return { against, result: 'playing', how: '' };
  const names: [string, string] = seat === 0 ? [player, against] : [against, player];
  const result = g.result.kind === 'draw' ? 'drawn' : g.result.winner === seat ? 'won' : 'lost';
  return { against, result, how: resultWords(g.result, names) };
}
