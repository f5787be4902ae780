/**
 * The keyboard: Tab to the board, the arrow keys move a cursor in screen directions (whichever way the board is
 * turned), Enter or Space acts on its square as a click would, Escape puts down. The cursor's square is the SVG's
 * active descendant, and its label is said as it moves.
 */
import { activate, say, select } from './actions.js';
import { renderMarks, squareLabel } from './render.js';
import { squareAt, squareById, SQ, xy, type BoardState } from './state.js';

/** Screen directions of the arrow keys, in cells. */
const STEPS: Readonly<Record<string, readonly [number, number]>> = {
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
};

/** Where the cursor starts: the first piece that can act, else the first square in play. */
function firstActive(s: BoardState): string | undefined {
  return s.config.legal.find((i) => i.from !== undefined)?.from ?? s.config.model.squares.find((q) => q.playable)?.id;
}

function moveCursorTo(s: BoardState, id: string | undefined): void {
  s.cursor = id;
  if (id) {
    s.dom.svg.setAttribute('aria-activedescendant', `${s.uid}-${id}`);
    const q = squareById(s, id);
    if (q) say(s, squareLabel(q));
  }
  renderMarks(s);
}

/** Listens to the keyboard on the board's SVG. */
export function bindKeyboard(s: BoardState): void {
  const { svg } = s.dom;
  svg.addEventListener('focus', () => {
    if (!s.cursor) moveCursorTo(s, s.selected ?? firstActive(s));
  });
  svg.addEventListener('keydown', (e) => {
    const step = STEPS[e.key];
    if (step) {
      e.preventDefault();
      const q = s.cursor ? squareById(s, s.cursor) : undefined;
      if (!q) {
        moveCursorTo(s, firstActive(s));
        return;
      }
      const { x, y } = xy(s, q);
      const next = squareAt(s, x + SQ / 2 + step[0] * SQ, y + SQ / 2 + step[1] * SQ);
      if (next) moveCursorTo(s, next.id);
      return;
    }
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      if (s.cursor) activate(s, s.cursor);
      return;
    }
    if (e.key === 'Escape' && s.selected) {
      e.preventDefault();
      select(s, undefined);
    }
  });
}
