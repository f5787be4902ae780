/**
 * The computer review of a game, in a Web Worker of its own: the page posts the game as stored (plain data), the
 * worker restores it with the catalogue and runs the catalogue's `reviewGame` (the game's own engine, fresh, at the
 * game's review depth: the same review as `tactica review`), posting its progress after each move and the review at
 * the end. One worker per review: cancelling ends it (`terminate`), which stops even Tactorus's round judge, whose
 * searches run to their end once started.
 *
 *   page → worker   { stored, depth? }
 *   worker → page   { kind: 'progress', done, total } … then { kind: 'done', review } | { kind: 'failed', message }
 */
import { loadEntry, restoreGame, reviewGame, type AnyGameSetup, type StoredGame } from '@tactica/catalogue';
import type { History } from '@tactica/core';
import type { ReviewRequest, ReviewResponse } from './review-state.js';

/** As much of the worker's global scope as this uses (the app compiles with the DOM's types, not a worker's). */
const scope = self as unknown as {
  postMessage(message: ReviewResponse): void;
  addEventListener(type: 'message', listener: (event: { readonly data: ReviewRequest }) => void): void;
};

/** The game's setup and its line of moves (a simultaneous game's as its record reads back). */
async function reviewInput(stored: StoredGame): Promise<{ setup: AnyGameSetup; history: History<unknown, unknown> }> {
  const restored = await restoreGame(stored);
  if (!restored.ok) throw new Error(restored.error.message);
  const r = restored.value;
  if (r.dynamics === 'sequential') return { setup: r.setup, history: r.session.history };
  // A simultaneous session keeps rounds, not a line of moves: its record (the game's own format) has the line the
  // round judge reads, as `tactica review` gets it from the same record.
  const format = r.setup.records[0];
  if (!format) throw new Error('this game has no record format to review');
  const text = await r.setup.exportRecord(format.id, r.session, {});
  if (!text.ok) throw new Error(text.error.message);
  const read = await (await loadEntry(stored.family)).importRecord(format.id, text.value);
  if (!read.ok) throw new Error(read.error.message);
  return { setup: r.setup, history: read.value.history };
}

scope.addEventListener('message', (event) => {
  const { stored, depth } = event.data;
  void (async () => {
    try {
      const { setup, history } = await reviewInput(stored);
      const review = await reviewGame(setup, history, {
        ...(depth !== undefined ? { depth } : {}),
        onPly: (done, total) => scope.postMessage({ kind: 'progress', done, total }),
      });
      scope.postMessage({ kind: 'done', review });
    } catch (e) {
      scope.postMessage({ kind: 'failed', message: (e as Error).message });
    }
  })();
});
