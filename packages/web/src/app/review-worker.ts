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
import { listing, reviewGame, type EngineLoadOptions } from '@tactica/catalogue';
import { reviewInput } from './review-input.js';
import type { ReviewRequest, ReviewResponse } from './review-state.js';

/** As much of the worker's global scope as this uses (the app compiles with the DOM's types, not a worker's). */
const scope: {
  postMessage(message: ReviewResponse): void;
  addEventListener(type: 'message', listener: (event: { readonly data: ReviewRequest }) => void): void;
} = self;

scope.addEventListener('message', (event) => {
  const { stored, depth } = event.data;
  void (async () => {
    try {
      const { setup, history } = await reviewInput(stored);
      // The review engine's endgame databases are those the page's engines get from the listing (draughts: the
      // server's /egdb/ files).
      const { endgames } = (listing(setup.family).engineOptions ?? {}) as Pick<EngineLoadOptions, 'endgames'>;
      const review = await reviewGame(
        setup,
        history,
        {
          ...(depth !== undefined ? { depth } : {}),
          onPly: (done, total) => scope.postMessage({ kind: 'progress', done, total }),
        },
        endgames === undefined ? {} : { endgames },
      );
      scope.postMessage({ kind: 'done', review });
    } catch (e) {
      scope.postMessage({ kind: 'failed', message: (e as Error).message });
    }
  })();
});
