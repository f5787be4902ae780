/**
 * Pointer and touch: a press picks up, a release puts down (click-click), a press that moves past the slop drags
 * the piece under the pointer. The pointer events are the board's whole input: a finger's synthesized mouse events
 * and click are cancelled.
 */
import { activate, attempt, select, snapBack } from './actions.js';
import { pieceNodeAt } from './dom.js';
import { renderMarks } from './render.js';
import { destinations, inputsFrom, squareAt, SQ, type BoardState } from './state.js';

/** How far a mouse may move, in the SVG's units, and still click rather than drag. */
const DRAG_THRESHOLD = 6;
/** How far a finger may wander, in CSS pixels, and still tap rather than drag (a fingertip is never quite still). */
const TOUCH_SLOP_PX = 10;

interface Press {
  readonly id: string | undefined;
  readonly x: number;
  readonly y: number;
  readonly pointer: number;
  moved: boolean;
  readonly wasSelected: boolean;
  /** How far (in the SVG's units) the pointer may move before the press is a drag. */
  readonly slop: number;
}

function svgPoint(s: BoardState, e: { clientX: number; clientY: number }): { x: number; y: number } | undefined {
  const r = s.dom.svg.getBoundingClientRect();
  if (r.width === 0 || r.height === 0) return undefined;
  return { x: ((e.clientX - r.left) * s.geo.width) / r.width, y: ((e.clientY - r.top) * s.geo.height) / r.height };
}

function squareOfEvent(s: BoardState, e: PointerEvent | MouseEvent): string | undefined {
  const p = svgPoint(s, e);
  if (p) return squareAt(s, p.x, p.y)?.id;
  // No layout (a test's DOM): the element under the pointer names its square.
  const target = e.target as Element | null;
  return target?.closest?.('[data-square]')?.getAttribute('data-square') ?? undefined;
}

/** A finger's slop in the SVG's units at the board's size on screen; a mouse's is DRAG_THRESHOLD. */
function slopOf(s: BoardState, e: PointerEvent): number {
  if (e.pointerType !== 'touch') return DRAG_THRESHOLD;
  const width = s.dom.svg.getBoundingClientRect().width;
  return width > 0 ? Math.max(DRAG_THRESHOLD, (TOUCH_SLOP_PX * s.geo.width) / width) : DRAG_THRESHOLD;
}

/** Listens to the pointer on the board's SVG. */
export function bindPointer(s: BoardState): void {
  const { svg } = s.dom;
  let press: Press | undefined;

  svg.addEventListener('pointerdown', (e) => {
    if (!s.config.interactive || s.choosing || e.button !== 0) return;
    const id = squareOfEvent(s, e);
    const p = svgPoint(s, e) ?? { x: 0, y: 0 };
    press = {
      id,
      x: p.x,
      y: p.y,
      pointer: e.pointerId,
      moved: false,
      wasSelected: id !== undefined && id === s.selected,
      slop: slopOf(s, e),
    };
    if (id && !s.config.placing && s.selected === undefined && inputsFrom(s, id).some((i) => i.to !== undefined)) {
      select(s, id);
    } else if (
      id &&
      s.selected !== undefined &&
      id !== s.selected &&
      inputsFrom(s, id).length > 0 &&
      !destinations(s).has(id)
    ) {
      select(s, id);
    }
    try {
      svg.setPointerCapture(e.pointerId);
    } catch {
      // a synthetic event has no pointer to capture
    }
  });

  svg.addEventListener('pointermove', (e) => {
    if (!press || e.pointerId !== press.pointer) return;
    const p = svgPoint(s, e);
    if (!p || press.id === undefined || press.id !== s.selected) return;
    if (!press.moved && Math.hypot(p.x - press.x, p.y - press.y) < press.slop) return;
    press.moved = true;
    dragTo(s, press.id, p);
  });

  svg.addEventListener('pointerup', (e) => {
    const started = press;
    press = undefined;
    s.hover = undefined;
    if (started && e.pointerId === started.pointer) release(s, started, squareOfEvent(s, e));
  });
  // A finger's tap is followed by the mouse events and the click a page without pointer events needs, at the point
  // the finger left: by then a "which one?" box may have taken the focus and scrolled the page, and that click fell
  // on whatever had come under the finger (the header's home link: a Force 400 transfer on a phone left the game).
  // The pointer events are the board's whole input, so the touch's own default is cancelled.
  svg.addEventListener('touchend', (e) => e.preventDefault(), { passive: false });
  svg.addEventListener('pointercancel', () => {
    if (press?.id) snapBack(s, press.id);
    press = undefined;
  });
}

/** Draws the piece picked up on `from` under the pointer, above everything, and marks the square it is over. */
function dragTo(s: BoardState, from: string, p: { x: number; y: number }): void {
  const node = pieceNodeAt(s.dom, from);
  if (node) {
    node.classList.add('tb-dragging');
    node.setAttribute('transform', `translate(${p.x - SQ / 2} ${p.y - SQ / 2})`);
    s.dom.layers.drag.append(node);
  }
  const over = squareAt(s, p.x, p.y)?.id;
  if (over !== s.hover) {
    s.hover = over;
    renderMarks(s);
  }
}

/** The end of a press on square `id`: a drop when it dragged, else a click. */
function release(s: BoardState, started: Press, id: string | undefined): void {
  if (started.moved && started.id !== undefined) {
    const node = s.dom.layers.drag.querySelector('[data-piece]');
    if (node) s.dom.layers.pieces.append(node);
    if (id && id !== started.id) attempt(s, started.id, id, true);
    else {
      snapBack(s, started.id);
      renderMarks(s);
    }
    return;
  }
  if (id === undefined) return;
  if (id === started.id && started.wasSelected) {
    select(s, undefined);
    return;
  }
  if (id === s.selected && !started.wasSelected) return; // just picked up
  activate(s, id);
}
