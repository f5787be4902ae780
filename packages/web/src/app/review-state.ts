/**
 * The computer review of the game at this screen: started on request, run in a worker of its own
 * (`review-worker.ts`) so the page stays responsive, followed move by move, cancellable, and kept for the game it was
 * asked for until another review or another game replaces it.
 *
 *   startReview(game);           reviewRun.value: { status: 'running', done: 3, total: 40, … }
 *   cancelReview();              …'cancelled'; or at the end 'done' with the review
 */
import { computed, signal } from '@preact/signals';
import type { GameReview } from '@tactica/ai/review';
import type { StoredGame } from '@tactica/catalogue';
import type { LocalGame } from './local-game.js';

/** What the page asks the review worker. */
export interface ReviewRequest {
  readonly stored: StoredGame;
  /** Plies (Tactorus: passes) per position; default the game's review depth. */
  readonly depth?: number;
}

/** What the review worker answers: progress after each move, then the review or why there is none. */
export type ReviewResponse =
  | { readonly kind: 'progress'; readonly done: number; readonly total: number }
  | { readonly kind: 'done'; readonly review: GameReview }
  | { readonly kind: 'failed'; readonly message: string };

export type ReviewRun =
  | { readonly status: 'running'; readonly gameId: number; readonly done: number; readonly total: number }
  | { readonly status: 'cancelled'; readonly gameId: number; readonly done: number; readonly total: number }
  | { readonly status: 'done'; readonly gameId: number; readonly review: GameReview }
  | { readonly status: 'failed'; readonly gameId: number; readonly message: string };

/** The last review asked for at this page (one at a time). */
export const reviewRun = signal<ReviewRun | undefined>(undefined);

/**
 * The last review once done: what the move list's signs read, so that a review's progress (a change of `reviewRun`
 * after each move) does not redraw every move of the list.
 */
export const reviewDone = computed(() => {
  const run = reviewRun.value;
  return run?.status === 'done' ? run : undefined;
});

let worker: Worker | undefined;

/**
 * Whether the screen offers a review of the game (ours): once it is over, or when nobody's computer plays in it (a
 * record opened, a game at one screen). The local screen holds only local games; an online game reaches it only
 * once finished (the analysis board), so a game in progress between people online is never reviewed here.
 */
export function reviewOffered(game: Pick<LocalGame, 'outcome' | 'seats'>): boolean {
  return game.outcome !== undefined || game.seats.every((s) => s.kind === 'human');
}

/** Starts a review of the game's moves as they stand (a review under way is cancelled). */
export function startReview(game: LocalGame, depth?: number): void {
  cancelReview();
  const gameId = game.id;
  const w = new Worker(new URL('./review-worker.ts', import.meta.url), { type: 'module' });
  worker = w;
  reviewRun.value = { status: 'running', gameId, done: 0, total: 0 };
  const finish = (run: ReviewRun): void => {
    if (worker !== w) return;
    reviewRun.value = run;
    w.terminate();
    worker = undefined;
  };
  w.addEventListener('message', (event: MessageEvent<ReviewResponse>) => {
    const m = event.data;
    if (worker !== w) return;
    if (m.kind === 'progress') reviewRun.value = { status: 'running', gameId, done: m.done, total: m.total };
    else if (m.kind === 'done') finish({ status: 'done', gameId, review: m.review });
    else finish({ status: 'failed', gameId, message: m.message });
  });
  w.addEventListener('error', (event) => finish({ status: 'failed', gameId, message: event.message || 'failed' }));
  const request: ReviewRequest = { stored: game.toDoc().stored, ...(depth !== undefined ? { depth } : {}) };
  w.postMessage(request);
}

/** Ends the review under way (its worker with it), if any; `gameId`: only that game's. */
export function cancelReview(gameId?: number): void {
  const run = reviewRun.value;
  if (!worker || run?.status !== 'running' || (gameId !== undefined && run.gameId !== gameId)) return;
  worker.terminate();
  worker = undefined;
  reviewRun.value = { ...run, status: 'cancelled' };
}

/** The review run of this game, if the last one asked for was of it. */
export function reviewOf(game: Pick<LocalGame, 'id'>): ReviewRun | undefined {
  const run = reviewRun.value;
  return run?.gameId === game.id ? run : undefined;
}
