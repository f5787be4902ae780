/**
 * Reviews of simultaneous games (Tactorus), each in a worker thread of its own (./round-review-worker.ts), one at a
 * time on the server **(ours)**: the round judge is synchronous and judges whole rounds, which the engine pool's
 * one-search requests do not carry. One thread at a time keeps them to one core beside the pool's workers; a thread
 * that overruns `ROUND_REVIEW_MS` is ended and its review fails (asked again, it starts again).
 */
import { Worker } from 'node:worker_threads';
import type { GameReview } from '@tactica/ai/review';

/** The longest one round review may run before its thread is ended **(ours)**: a 60-ply review takes 2–3 s. */
const ROUND_REVIEW_MS = 120_000;

export interface RoundReviewJob {
  readonly family: string;
  readonly options: unknown;
  /** The game as its record (`format`: one of the game's record formats), read back in the thread. */
  readonly format: string;
  readonly text: string;
  readonly depth: number;
}

/** The compiled worker (tests run the TypeScript sources, so they use the build of this file). */
function builtUrl(file: string): URL {
  const here = import.meta.url;
  return here.endsWith('.ts') ? new URL(`../../dist/reviews/${file}`, here) : new URL(`./${file}`, here);
}

export class RoundReviews {
  private chain: Promise<unknown> = Promise.resolve();
  private running: Worker | undefined;
  private closed = false;

  constructor(private readonly timeoutMs = ROUND_REVIEW_MS) {}

  /** The review, once the reviews queued before it are done. */
  review(job: RoundReviewJob): Promise<GameReview> {
    const next = this.chain.then(() => this.run(job));
    this.chain = next.catch(() => undefined);
    return next;
  }

  /** Ends the review under way (it fails) and refuses the rest: the server is closing. */
  async close(): Promise<void> {
    this.closed = true;
    await this.running?.terminate();
  }

  private run(job: RoundReviewJob): Promise<GameReview> {
    if (this.closed) return Promise.reject(new Error('the server is closing'));
    return new Promise((resolve, reject) => {
      const worker = new Worker(builtUrl('round-review-worker.js'), { workerData: job });
      this.running = worker;
      const timer = setTimeout(() => {
        void worker.terminate();
        reject(new Error('the round review overran its time'));
      }, this.timeoutMs);
      const end = (): void => {
        clearTimeout(timer);
        if (this.running === worker) this.running = undefined;
      };
      worker.once('message', (m: { review?: GameReview; error?: string }) => {
        end();
        void worker.terminate();
        if (m.review) resolve(m.review);
        else reject(new Error(m.error ?? 'the round review failed'));
      });
      worker.once('error', (e) => {
        end();
        reject(e);
      });
      worker.once('exit', () => {
        end();
        reject(new Error('the round review thread ended'));
      });
    });
  }
}
