/**
 * The board: framework-free TypeScript in the spirit of chessground. It renders any game's board model as SVG
 * (8x8 and 10x10, zones, square numbers, chips), moves pieces by click-click and by drag with legal-destination
 * hints, asks which one when several legal inputs share the squares, animates moves, captures and flips, turns
 * round, resizes with its container, and is played from the keyboard (arrow keys and Enter) with a label on every
 * square for screen readers. It knows no rules: where a piece may go is the `legal` list it is given, and an input
 * outside it is handed back (`onIllegal`) for the caller to explain.
 *
 *   const board = createBoard(element, { model, legal, orientation, art, label }, { onInput, onIllegal });
 *   board.set({ model: next, legal: nextLegal, lastMove });   // animates
 *   board.message('a capture is compulsory');                 // shown over the board
 *
 * This file wires the parts, each a module of its own as chessground splits its board: `state.ts` (the state,
 * geometry and legal readings every part shares), `dom.ts` (the elements), `render.ts` (drawing), `animation.ts`,
 * `actions.ts` (pick up, put down), `choose.ts` (the "which one?" box), `pointer.ts` (pointer, touch and drag) and
 * `keyboard.ts`.
 */
import { activate, drag, say, select } from './actions.js';
import { createDom } from './dom.js';
import { bindKeyboard } from './keyboard.js';
import { bindPointer } from './pointer.js';
import { render, renderArrows, renderLabels, renderMarks, renderName, renderPieces, renderSquares } from './render.js';
import { createState, inputsFrom, type BoardState } from './state.js';
import { rotated, type BoardConfig, type BoardEvents } from './types.js';

/** How long a message stays over the board. */
const MESSAGE_MS = 4000;

export interface BoardApi {
  /** Changes what is shown; a new model animates from the one before. */
  set(config: Partial<BoardConfig>): void;
  readonly config: BoardConfig;
  /** Turns the board round (180 degrees). */
  flip(): void;
  /** Shows a short message over the board (an illegal move's reason), and says it to screen readers. */
  message(text: string): void;
  /** The square picked up, if any. */
  readonly selected: string | undefined;
  /** Picks up a square or puts down, as a click would (used by the keyboard and by tests). */
  activate(square: string): void;
  /** Drags from one square to another, as a pointer would. */
  drag(from: string, to: string): void;
  /** Drops what is picked up. */
  cancel(): void;
  focus(): void;
  destroy(): void;
}

export function createBoard(container: HTMLElement, initial: BoardConfig, events: BoardEvents): BoardApi {
  const s = createState(container, createDom(container), initial, events);
  bindPointer(s);
  bindKeyboard(s);
  render(s, false);
  // The first board a page shows, for the load-time figure (bench/RESULTS.md).
  if (typeof performance !== 'undefined' && performance.getEntriesByName('tactica-first-board').length === 0) {
    performance.mark('tactica-first-board');
  }
  return {
    get config() {
      return s.config;
    },
    get selected() {
      return s.selected;
    },
    set: (next) => update(s, next),
    flip() {
      s.config = { ...s.config, orientation: rotated(s.config.orientation) };
      render(s, false);
    },
    message: (text) => showMessage(s, text),
    activate: (square) => activate(s, square),
    drag: (from, to) => drag(s, from, to),
    cancel() {
      select(s, undefined);
      s.choosing?.close();
    },
    focus() {
      s.dom.svg.focus();
    },
    destroy() {
      if (s.toastTimer) clearTimeout(s.toastTimer);
      s.choosing?.close();
      container.replaceChildren();
      container.classList.remove('tb-wrap');
    },
  };
}

/** A new config: only the layers whose inputs changed are drawn again (a new best-move arrow redraws the arrows). */
function update(s: BoardState, next: Partial<BoardConfig>): void {
  const before = s.config;
  const config = (s.config = { ...before, ...next });
  const changed = (k: keyof BoardConfig): boolean => k in next && next[k] !== before[k];
  const modelChanged = changed('model');
  const turned =
    before.orientation.rankZeroAt !== config.orientation.rankZeroAt ||
    before.orientation.fileZeroAt !== config.orientation.fileZeroAt;
  const resized =
    changed('coordinates') || before.model.files !== config.model.files || before.model.ranks !== config.model.ranks;
  const inputs = modelChanged || changed('legal') || changed('placing') || changed('interactive');
  if (inputs) {
    s.choosing?.close();
    if (s.selected && !inputsFrom(s, s.selected).length) select(s, undefined);
  }
  if (changed('placing')) s.selected = undefined;
  // A refusal's reason is about the position it was given in: a new position takes it away.
  if (modelChanged && s.dom.toast.classList.contains('tb-toast-on')) {
    if (s.toastTimer) clearTimeout(s.toastTimer);
    s.dom.toast.classList.remove('tb-toast-on');
  }
  if (turned || resized) {
    render(s, false);
    return;
  }
  if (changed('label') || changed('placing')) renderName(s);
  if (modelChanged) renderSquares(s);
  if (modelChanged || changed('art')) renderPieces(s, modelChanged);
  if (modelChanged || changed('squareLabels')) renderLabels(s);
  if (modelChanged || changed('arrows')) renderArrows(s);
  if (inputs || changed('lastMove') || changed('highlights')) renderMarks(s);
}

function showMessage(s: BoardState, text: string): void {
  const { toast } = s.dom;
  toast.textContent = text;
  toast.classList.add('tb-toast-on');
  say(s, text);
  if (s.toastTimer) clearTimeout(s.toastTimer);
  s.toastTimer = setTimeout(() => toast.classList.remove('tb-toast-on'), MESSAGE_MS);
}

export type { BoardConfig, BoardEvents };
