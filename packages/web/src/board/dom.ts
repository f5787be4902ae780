/**
 * The board's elements: the SVG with its layers, drawn bottom to top, the toast and the screen reader's live region,
 * and the helpers that make elements.
 */
import type { PieceModel } from '@tactica/catalogue';
import type { PieceArt } from './types.js';

const SVG_NS = 'http://www.w3.org/2000/svg';

export function el<K extends keyof SVGElementTagNameMap>(
  name: K,
  attrs: Record<string, string | number> = {},
): SVGElementTagNameMap[K] {
  const e = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

export function html<K extends keyof HTMLElementTagNameMap>(
  name: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const e = document.createElement(name);
  e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

export interface BoardDom {
  readonly svg: SVGSVGElement;
  readonly layers: {
    readonly squares: SVGGElement;
    readonly marks: SVGGElement;
    readonly pieces: SVGGElement;
    readonly labels: SVGGElement;
    readonly arrows: SVGGElement;
    /** The piece being dragged, above everything. */
    readonly drag: SVGGElement;
  };
  /** Read by screen readers as it changes. */
  readonly live: HTMLDivElement;
  /** A short message over the board. */
  readonly toast: HTMLDivElement;
}

/** Builds the board's elements into `container`, replacing what it held. */
export function createDom(container: HTMLElement): BoardDom {
  container.classList.add('tb-wrap');
  const svg = el('svg', { class: 'tb', role: 'application', tabindex: 0, 'aria-roledescription': 'game board' });
  // Square numbers lie above the pieces, so a numbered board (Tactorus 00–99, draughts) stays readable when full.
  const layers = {
    squares: el('g', { class: 'tb-squares' }),
    marks: el('g', { class: 'tb-marks' }),
    pieces: el('g', { class: 'tb-pieces' }),
    labels: el('g', { class: 'tb-labels', 'pointer-events': 'none' }),
    arrows: el('g', { class: 'tb-arrows' }),
    drag: el('g', { class: 'tb-drag' }),
  };
  for (const l of Object.values(layers)) svg.append(l);
  const live = html('div', 'tb-live visually-hidden');
  live.setAttribute('aria-live', 'polite');
  const toast = html('div', 'tb-toast');
  toast.setAttribute('role', 'status');
  container.replaceChildren(svg, toast, live);
  return { svg, layers, live, toast };
}

/** A piece drawn by the game's art at a cell's top-left corner; `id` names it for finding it again. */
export function pieceNode(art: PieceArt, piece: PieceModel, x: number, y: number, id: string): SVGGElement {
  const g = el('g', {
    class: 'tb-piece',
    transform: `translate(${x} ${y})`,
    'data-piece': id,
    'pointer-events': 'none',
  });
  g.innerHTML = art(piece);
  return g;
}

/** The piece node standing on a square, if any. */
export function pieceNodeAt(dom: BoardDom, id: string): SVGGElement | null {
  return dom.layers.pieces.querySelector(`[data-piece="${CSS.escape(id)}"]`);
}
