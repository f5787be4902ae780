/**
 * What the page shows of itself on `window` for the end-to-end tests: the board mounted last, whose config (the
 * position's model, the legal inputs, whether it takes moves) and selection they read. Declared here once, beside
 * the one place that sets it, so the page and the tests (`src/testing/board.ts`, the e2e files) share its type.
 */
import type { BoardApi } from '../board/board.js';

declare global {
  interface Window {
    /** The board mounted last (undefined before the first board). */
    __tacticaBoard?: BoardApi;
  }
}

/** Makes `board` the page's test hook. */
export function exposeBoard(board: BoardApi): void {
  window.__tacticaBoard = board;
}
