/**
 * After an online game, the analysis board: the finished game's record (`GET /api/games/:id/export`, the server's
 * own record format) read as a local game at its last position, both sides at this screen, where the local game's
 * engine analysis, move list and takeback work as for any local game. Fair play: only for a finished game (help is
 * allowed once the game ended, never while it is played).
 *
 * A result reached without a move (a resignation, a flag fallen, an agreed draw) is left out **(ours)**: the board
 * opens on the last position played, which can be analysed and played on from; a result by the rules (no move left)
 * is that position's own.
 */
import { loadEntry, playsInRounds } from '@tactica/catalogue';
import { pushMove, startHistory, type History } from '@tactica/core';
import { openRecord } from '../app/state.js';
import { call, errorText } from './api.js';

/** What the analysis board needs of an online game: a view, or a line of a player's history. */
export interface FinishedGame {
  readonly id: number;
  readonly family: string;
  readonly status?: unknown;
}

/** Whether the analysis board may be offered: the game is over. */
export function analysable(game: FinishedGame): boolean {
  return game.status === 'finished';
}

/** The moves of `h` up to its cursor, replayed: what a resignation or an agreement replaced is the position again. */
function movesOnly<S, M>(play: (s: S, m: M) => S, h: History<S, M>): History<S, M> {
  let out = startHistory<S, M>(h.start);
  let s = h.start;
  for (const m of h.moves.slice(0, h.cursor)) {
    s = play(s, m);
    out = pushMove(out, m, s);
  }
  return out;
}

/** Opens the finished game `game` on the local analysis board; a reason when it cannot. */
export async function openAnalysisBoard(game: FinishedGame): Promise<string | undefined> {
  if (!analysable(game)) return 'the analysis board opens once the game is over';
  try {
    const entry = await loadEntry(game.family as Parameters<typeof loadEntry>[0]);
    const format = entry.records[0];
    if (!format) return `${game.family} has no record format to read the game from`;
    const text = await call<string>('GET', `/api/games/${game.id}/export?format=${encodeURIComponent(format.id)}`);
    const read = await entry.importRecord(format.id, String(text));
    if (!read.ok) return `game ${game.id} could not be read: ${read.error.message}`;
    const setup = entry.setup(read.value.options);
    if (!setup.ok) return setup.error.message;
    const s = setup.value;
    // A game of moves is analysed on its moves alone; a game of rounds as its record holds it.
    const record = !playsInRounds(s)
      ? {
          ...read.value,
          history: movesOnly(
            (st: unknown, m: unknown) => s.game.play(st as never, m as never) as unknown,
            read.value.history,
          ),
        }
      : read.value;
    return await openRecord(entry, record, `Analysis of online game ${game.id}`);
  } catch (e) {
    return errorText(e);
  }
}
