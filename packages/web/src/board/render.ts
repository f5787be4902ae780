/**
 * Drawing the board: squares (zones, chips, edge coordinates), marks (last move, selection, legal destinations,
 * the keyboard's cursor), pieces, square numbers and arrows, each in its own layer so that a change redraws only
 * the layers it touches.
 */
import type { BoardModel, SquareModel } from '@tactica/catalogue';
import { animateChange, cancelAnimations } from './animation.js';
import { el, pieceNode } from './dom.js';
import {
  centre,
  destinations,
  geometryOf,
  squareAt,
  squareById,
  SQ,
  xy,
  type BoardState,
  type PlacedPiece,
} from './state.js';
import type { Arrow, LegalInput, ZonedSquare } from './types.js';

/** What a screen reader says for a square: its name, what stands on it, its chips. */
export function squareLabel(q: ZonedSquare): string {
  const name = q.label && q.label !== q.id ? `${q.id} (${q.label})` : q.id;
  const what = q.piece ? q.piece.name : q.playable ? 'empty' : 'not in play';
  const chips = q.chips ? `, ${q.chips} chip${q.chips === 1 ? '' : 's'}` : '';
  return `${name}, ${what}${chips}`;
}

/** Draws every layer again, at the geometry of the config now. */
export function render(s: BoardState, animate: boolean): void {
  s.geo = geometryOf(s.config);
  const { svg } = s.dom;
  svg.setAttribute('viewBox', `0 0 ${s.geo.width} ${s.geo.height}`);
  svg.dataset['files'] = String(s.geo.files);
  renderName(s);
  renderSquares(s);
  renderMarks(s);
  renderPieces(s, animate);
  renderLabels(s);
  renderArrows(s);
}

export function renderName(s: BoardState): void {
  const { label, placing } = s.config;
  s.dom.svg.setAttribute('aria-label', `${label}${placing ? `; placing ${placing.label}` : ''}`);
}

export function renderLabels(s: BoardState): void {
  const g = s.dom.layers.labels;
  g.replaceChildren();
  if (!s.config.squareLabels) return;
  for (const q of s.config.model.squares) {
    if (q.label === undefined) continue;
    const { x, y } = xy(s, q);
    g.append(Object.assign(el('text', { x: x + 5, y: y + 17, class: 'tb-label' }), { textContent: q.label }));
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Squares

export function renderSquares(s: BoardState): void {
  const g = s.dom.layers.squares;
  g.replaceChildren();
  for (const q of s.config.model.squares) {
    const { x, y } = xy(s, q);
    const rect = el('rect', {
      x,
      y,
      width: SQ,
      height: SQ,
      class: `tb-sq tb-${q.shade}${q.playable ? '' : ' tb-off'}`,
      'data-square': q.id,
      id: `${s.uid}-${q.id}`,
      role: 'gridcell',
      'aria-label': squareLabel(q),
    });
    g.append(rect);
    for (const zone of q.zones ?? []) g.append(zoneMark(s, zone, x, y));
    if (q.chips) g.append(chipsMark(q.chips, x, y));
  }
  if (s.config.coordinates) renderCoordinates(s, g);
}

/** The letters and numbers along the four edges. */
function renderCoordinates(s: BoardState, g: SVGGElement): void {
  const { width, height } = s.geo;
  const text = (x: number, y: number, t: string): SVGTextElement =>
    Object.assign(el('text', { x, y, class: 'tb-coord' }), { textContent: t });
  const labels = edgeLabels(s.config.model);
  labels.files.forEach((t, f) => {
    if (!t) return;
    const { x } = xy(s, { file: f, rank: 0 });
    g.append(text(x + SQ / 2, height - 8, t));
    g.append(text(x + SQ / 2, 20, t));
  });
  labels.ranks.forEach((t, r) => {
    if (!t) return;
    const { y } = xy(s, { file: 0, rank: r });
    g.append(text(14, y + SQ / 2 + 7, t));
    g.append(text(width - 14, y + SQ / 2 + 7, t));
  });
}

/**
 * Labels along the edges, read from the squares' own names: the letters and digits of names like `c3` and `A0`,
 * or the row and column digits when every square is named by two digits (Tactorus 00–99). Boards named by number
 * alone (international draughts) print their numbers on the squares instead.
 */
function edgeLabels(model: BoardModel): { files: string[]; ranks: string[] } {
  const at = (file: number, rank: number): SquareModel | undefined => model.squares[rank * model.files + file];
  const twoDigits = model.squares.every((q) => /^\d\d$/.test(q.id));
  const files: string[] = [];
  const ranks: string[] = [];
  for (let f = 0; f < model.files; f++) {
    let label = '';
    for (let r = 0; r < model.ranks && !label; r++) {
      const id = at(f, r)?.id ?? '';
      label = (twoDigits ? id[1] : /^([A-Za-z]+)\d+$/.exec(id)?.[1]) ?? '';
    }
    files.push(label);
  }
  for (let r = 0; r < model.ranks; r++) {
    let label = '';
    for (let f = 0; f < model.files && !label; f++) {
      const id = at(f, r)?.id ?? '';
      label = (twoDigits ? id[0] : /^[A-Za-z]+(\d+)$/.exec(id)?.[1]) ?? '';
    }
    ranks.push(label);
  }
  return { files, ranks };
}

function zoneMark(s: BoardState, zone: string, x: number, y: number): SVGElement {
  // Flanks tinted in their player's colour, home rows with a heavy line (dashed squares with Supply Lines), the
  // High Ground with an inner border of dots (Tactorus manual, "Tactorus Rules").
  if (zone.endsWith('-flank')) {
    return el('rect', {
      x,
      y,
      width: SQ,
      height: SQ,
      class: `tb-zone tb-${zone.slice(0, 2)}-flank`,
      'pointer-events': 'none',
    });
  }
  if (zone === 'supply-lines') {
    return el('rect', {
      x: x + 6,
      y: y + 6,
      width: SQ - 12,
      height: SQ - 12,
      class: 'tb-supply',
      'pointer-events': 'none',
    });
  }
  if (zone === 'high-ground') {
    return el('rect', {
      x: x + 9,
      y: y + 9,
      width: SQ - 18,
      height: SQ - 18,
      class: 'tb-high',
      'pointer-events': 'none',
    });
  }
  if (zone.endsWith('-home-row')) return outline(s, zone, x, y, 'tb-home');
  return el('g');
}

/** The sides of a square on the edge of its zone, so that a zone (a home row) is drawn as one heavy outline. */
function outline(s: BoardState, zone: string, x: number, y: number, cls: string): SVGElement {
  const inZone = (dx: number, dy: number): boolean => {
    const n = squareAt(s, x + SQ / 2 + dx * SQ, y + SQ / 2 + dy * SQ);
    return n !== undefined && (n.zones ?? []).includes(zone);
  };
  const sides: string[] = [];
  if (!inZone(0, -1)) sides.push(`M${x} ${y + 2}H${x + SQ}`);
  if (!inZone(0, 1)) sides.push(`M${x} ${y + SQ - 2}H${x + SQ}`);
  if (!inZone(-1, 0)) sides.push(`M${x + 2} ${y}V${y + SQ}`);
  if (!inZone(1, 0)) sides.push(`M${x + SQ - 2} ${y}V${y + SQ}`);
  return el('path', { d: sides.join('') || 'M0 0', class: cls, 'pointer-events': 'none' });
}

function chipsMark(n: number, x: number, y: number): SVGElement {
  const g = el('g', { class: 'tb-chips', 'pointer-events': 'none' });
  const shown = Math.min(n, 4);
  for (let i = 0; i < shown; i++) {
    g.append(el('ellipse', { cx: x + 78, cy: y + 84 - i * 6, rx: 13, ry: 6, class: 'tb-chip' }));
  }
  g.append(
    Object.assign(el('text', { x: x + 78, y: y + 66 - shown * 6 + 6, class: 'tb-chip-n' }), {
      textContent: String(n),
    }),
  );
  return g;
}

// ---------------------------------------------------------------------------------------------------------------
// Marks

export function renderMarks(s: BoardState): void {
  const g = s.dom.layers.marks;
  g.replaceChildren();
  const mark = (id: string, cls: string): void => {
    const q = squareById(s, id);
    if (!q) return;
    const { x, y } = xy(s, q);
    g.append(el('rect', { x, y, width: SQ, height: SQ, class: cls, 'pointer-events': 'none' }));
  };
  const last = s.config.lastMove;
  if (last?.from) mark(last.from, 'tb-last');
  if (last?.to) mark(last.to, 'tb-last');
  for (const id of s.config.highlights ?? []) mark(id, 'tb-tutor');
  if (s.selected) mark(s.selected, 'tb-selected');
  const dests = destinations(s);
  for (const [to, inputs] of dests) {
    const c = centre(s, to);
    if (c) g.append(hint(c, inputs));
  }
  for (const id of s.previewPath) mark(id, 'tb-path');
  if (s.hover && dests.has(s.hover)) mark(s.hover, 'tb-hover');
  const q = s.cursor ? squareById(s, s.cursor) : undefined;
  if (q) {
    const { x, y } = xy(s, q);
    g.append(
      el('rect', {
        x: x + 3,
        y: y + 3,
        width: SQ - 6,
        height: SQ - 6,
        class: 'tb-cursor',
        'pointer-events': 'none',
      }),
    );
  }
}

/** The mark on a legal destination: a ring round a capture, a dot on a free square. */
function hint(c: { x: number; y: number }, inputs: readonly LegalInput[]): SVGElement {
  const capture = inputs.some((i) => (i.captures?.length ?? 0) > 0);
  // A target reached only by moves that cost (Force 400's long move) is a ring, a free one a dot.
  const costs = inputs.every((i) => (i.cost ?? 0) > 0);
  return capture
    ? el('circle', {
        cx: c.x,
        cy: c.y,
        r: 44,
        class: costs ? 'tb-hint-capture tb-hint-cost' : 'tb-hint-capture',
        'pointer-events': 'none',
      })
    : costs
      ? el('circle', { cx: c.x, cy: c.y, r: 16, class: 'tb-hint-cost', 'pointer-events': 'none' })
      : el('circle', { cx: c.x, cy: c.y, r: 14, class: 'tb-hint', 'pointer-events': 'none' });
}

// ---------------------------------------------------------------------------------------------------------------
// Pieces and arrows

export function renderPieces(s: BoardState, animate: boolean): void {
  const g = s.dom.layers.pieces;
  // The nodes animated so far are replaced: their animations end here.
  cancelAnimations(s);
  g.replaceChildren();
  const now = new Map<string, PlacedPiece>();
  const nodes = new Map<string, SVGGElement>();
  for (const q of s.config.model.squares) {
    if (!q.piece) continue;
    const { x, y } = xy(s, q);
    const node = pieceNode(s.config.art, q.piece, x, y, q.id);
    g.append(node);
    nodes.set(q.id, node);
    now.set(q.id, { piece: q.piece, x, y });
    if (q.piece.name) node.setAttribute('data-name', q.piece.name);
    // A unit's own pending order (Tactorus): the square it is ordered to, beside the arrow drawn for it.
    const ordered = (q.piece as { ordered?: { to?: string } }).ordered;
    if (ordered?.to) node.setAttribute('data-ordered', ordered.to);
  }
  const ms = s.config.animationMs ?? 0;
  if (animate && ms > 0) animateChange(s, s.previous, now, nodes, ms);
  s.previous = now;
  s.justDropped = undefined;
}

export function renderArrows(s: BoardState): void {
  const g = s.dom.layers.arrows;
  g.replaceChildren();
  const arrows: Arrow[] = [...(s.config.arrows ?? [])];
  for (const q of s.config.model.squares) {
    const ordered = (q.piece as { ordered?: { to?: string } } | undefined)?.ordered;
    if (ordered?.to) arrows.push({ from: q.id, to: ordered.to, kind: 'order' });
  }
  for (const a of arrows) {
    const f = centre(s, a.from);
    const t = centre(s, a.to);
    if (!f || !t) continue;
    const len = Math.hypot(t.x - f.x, t.y - f.y) || 1;
    const ux = (t.x - f.x) / len;
    const uy = (t.y - f.y) / len;
    const tip = { x: t.x - ux * 18, y: t.y - uy * 18 };
    g.append(el('line', { x1: f.x, y1: f.y, x2: tip.x, y2: tip.y, class: `tb-arrow tb-arrow-${a.kind}` }));
    const left = { x: tip.x - uy * 14 - ux * 4, y: tip.y + ux * 14 - uy * 4 };
    const right = { x: tip.x + uy * 14 - ux * 4, y: tip.y - ux * 14 - uy * 4 };
    g.append(
      el('path', {
        d: `M${t.x - ux * 2} ${t.y - uy * 2} L${left.x} ${left.y} L${right.x} ${right.y} Z`,
        class: `tb-arrow-head tb-arrow-${a.kind}`,
      }),
    );
  }
}
