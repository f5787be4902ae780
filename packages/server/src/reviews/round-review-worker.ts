/**
 * A worker thread that reviews one simultaneous game (Tactorus) and ends: its review judges whole rounds with the
 * game's synchronous round judge (`setup.loadRoundJudge()`), which the engine pool's one-search protocol does not
 * carry, so it runs here, off the event loop (./round-reviews.ts starts it, one at a time). The game comes as its
 * exported record (a session does not cross threads), read back here into its line, as `tactica review` reads one.
 *
 * In: `workerData` = `RoundReviewJob`; out: one message, `{ review }` or `{ error }`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { reviewRounds } from '@tactica/ai/review';
import { entryOf } from '@tactica/catalogue/all';
import type { RoundReviewJob } from './round-reviews.js';

async function review(job: RoundReviewJob): Promise<unknown> {
  const entry = entryOf(job.family);
  if (!entry.ok) throw new Error(entry.error.message);
  const setup = entry.value.setup(job.options);
  if (!setup.ok) throw new Error(setup.error.message);
  const s = setup.value;
  // A game of single moves has no round judge: its reviews search positions (catalogue-engine.ts).
  if (!('loadRoundJudge' in s)) throw new Error(`${job.family} is not reviewed by rounds`);
  const record = await entry.value.importRecord(job.format, job.text);
  if (!record.ok) throw new Error(record.error.message);
  const h = record.value.history;
  const moves = h.moves.slice(0, h.cursor);
  return reviewRounds(await s.loadRoundJudge(), h.start, moves, s.review, { depth: job.depth });
}

review(workerData as RoundReviewJob).then(
  (r) => parentPort?.postMessage({ review: r }),
  (e: unknown) => parentPort?.postMessage({ error: e instanceof Error ? e.message : String(e) }),
);
