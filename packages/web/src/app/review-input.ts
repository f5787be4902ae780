/**
 * What a review of a stored game reads: its setup and its line of moves. A sequential session's history is its line;
 * a simultaneous session keeps rounds, so its line is read from its record (the game's own format), as
 * `tactica review` reads it from the same record.
 */
import {
  exportPlay,
  loadEntry,
  restoreGame,
  sequentialPlay,
  type AnyGameSetup,
  type StoredGame,
} from '@tactica/catalogue';
import type { History } from '@tactica/core';

/** The game's setup and its line of moves (a simultaneous game's as its record reads back). */
export async function reviewInput(
  stored: StoredGame,
): Promise<{ setup: AnyGameSetup; history: History<unknown, unknown> }> {
  const restored = await restoreGame(stored);
  if (!restored.ok) throw new Error(restored.error.message);
  const r = restored.value;
  const seq = sequentialPlay(r);
  if (seq) return { setup: r.setup, history: seq.session.history };
  const format = r.setup.records[0];
  if (!format) throw new Error('this game has no record format to review');
  const text = await exportPlay(r, format.id, {});
  if (!text.ok) throw new Error(text.error.message);
  const read = await (await loadEntry(stored.family)).importRecord(format.id, text.value);
  if (!read.ok) throw new Error(read.error.message);
  return { setup: r.setup, history: read.value.history };
}
