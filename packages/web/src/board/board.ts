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
 */
import type { BoardInput, SquareModel } from '@tactica/catalogue';
import type { Arrow, BoardConfig, BoardEvents, LegalInput, Orientation, PieceArt, ZonedSquare } from './types.js';

const SQ = 100;
const SVG_NS = 'http://www.w3.org/2000/svg';
const DRAG_THRESHOLD = 6;
/** How far a finger may wander, in CSS pixels, and still tap rather than drag (a fingertip is never quite still). */
const TOUCH_SLOP_PX = 10;

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

interface Geometry {
  readonly files: number;
  readonly ranks: number;
  readonly margin: number;
  readonly width: number;
  readonly height: number;
}

let boards = 0;

function el<K extends keyof SVGElementTagNameMap>(
  name: K,
  attrs: Record<string, string | number> = {},
): SVGElementTagNameMap[K] {
  const e = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

function html<K extends keyof HTMLElementTagNameMap>(
  name: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const e = document.createElement(name);
  e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

function unique(values: readonly (string | undefined)[]): string[] {
  return [...new Set(values.filter((v): v is string => v !== undefined))];
}

/**
 * Labels along the edges, read from the squares' own names: the letters and digits of names like `c3` and `A0`,
 * or the row and column digits when every square is named by two digits (Tactorus 00–99). Boards named by number
 * alone (international draughts) print their numbers on the squares instead.
 */
function edgeLabels(model: BoardConfig['model']): { files: string[]; ranks: string[] } {
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

export function squareLabel(q: ZonedSquare): string {
  const name = q.label && q.label !== q.id ? `${q.id} (${q.label})` : q.id;
  const what = q.piece ? q.piece.name : q.playable ? 'empty' : 'not in play';
  const chips = q.chips ? `, ${q.chips} chip${q.chips === 1 ? '' : 's'}` : '';
  return `${name}, ${what}${chips}`;
}

export function createBoard(container: HTMLElement, initial: BoardConfig, events: BoardEvents): BoardApi {
  const uid = `tb${++boards}`;
  let config: BoardConfig = { coordinates: true, squareLabels: true, interactive: true, animationMs: 180, ...initial };
  let selected: string | undefined;
  let cursor: string | undefined;
  let justDropped: string | undefined;
  let choosing: { close: () => void } | undefined;
  let previous = new Map<string, { piece: NonNullable<SquareModel['piece']>; x: number; y: number }>();
  let previewPath: readonly string[] = [];
  let hover: string | undefined;
  /** Animations of the board under way. */
  const running = new Set<Animation>();

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

  let geo: Geometry = geometryOf();

  function geometryOf(): Geometry {
    const margin = config.coordinates ? 28 : 4;
    const { files, ranks } = config.model;
    return { files, ranks, margin, width: files * SQ + 2 * margin, height: ranks * SQ + 2 * margin };
  }

  function squares(): readonly ZonedSquare[] {
    return config.model.squares;
  }

  function squareById(id: string): ZonedSquare | undefined {
    return squares().find((q) => q.id === id);
  }

  function xy(q: { file: number; rank: number }, o: Orientation = config.orientation): { x: number; y: number } {
    const col = o.fileZeroAt === 'left' ? q.file : geo.files - 1 - q.file;
    const row = o.rankZeroAt === 'bottom' ? geo.ranks - 1 - q.rank : q.rank;
    return { x: geo.margin + col * SQ, y: geo.margin + row * SQ };
  }

  function centre(id: string): { x: number; y: number } | undefined {
    const q = squareById(id);
    if (!q) return undefined;
    const p = xy(q);
    return { x: p.x + SQ / 2, y: p.y + SQ / 2 };
  }

  /** The square under a point of the SVG's own coordinates. */
  function squareAt(x: number, y: number): ZonedSquare | undefined {
    const col = Math.floor((x - geo.margin) / SQ);
    const row = Math.floor((y - geo.margin) / SQ);
    if (col < 0 || row < 0 || col >= geo.files || row >= geo.ranks) return undefined;
    const file = config.orientation.fileZeroAt === 'left' ? col : geo.files - 1 - col;
    const rank = config.orientation.rankZeroAt === 'bottom' ? geo.ranks - 1 - row : row;
    return squares()[rank * geo.files + file];
  }

  function svgPoint(e: { clientX: number; clientY: number }): { x: number; y: number } | undefined {
    const r = svg.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return undefined;
    return { x: ((e.clientX - r.left) * geo.width) / r.width, y: ((e.clientY - r.top) * geo.height) / r.height };
  }

  function squareOfEvent(e: PointerEvent | MouseEvent): string | undefined {
    const p = svgPoint(e);
    if (p) return squareAt(p.x, p.y)?.id;
    // No layout (a test's DOM): the element under the pointer names its square.
    const target = e.target as Element | null;
    return target?.closest?.('[data-square]')?.getAttribute('data-square') ?? undefined;
  }

  // -------------------------------------------------------------------------------------------------------------
  // What can be done where (the legal list, read; no rules)

  function inputsFrom(id: string): LegalInput[] {
    return config.legal.filter((i) => i.from === id);
  }

  function placingInputs(): LegalInput[] {
    const p = config.placing;
    if (!p) return [];
    return config.legal.filter(
      (i) => i.from === undefined && i.action === p.action && (p.choice === undefined || i.choice === p.choice),
    );
  }

  function destinations(): Map<string, LegalInput[]> {
    const out = new Map<string, LegalInput[]>();
    const list = config.placing ? placingInputs() : selected ? inputsFrom(selected) : [];
    for (const i of list) {
      if (i.to === undefined) continue;
      const l = out.get(i.to) ?? [];
      l.push(i);
      out.set(i.to, l);
    }
    return out;
  }

  // -------------------------------------------------------------------------------------------------------------
  // Drawing

  function render(animate: boolean): void {
    geo = geometryOf();
    svg.setAttribute('viewBox', `0 0 ${geo.width} ${geo.height}`);
    svg.dataset['files'] = String(geo.files);
    renderName();
    renderSquares();
    renderMarks();
    renderPieces(animate);
    renderLabels();
    renderArrows();
  }

  function renderName(): void {
    svg.setAttribute('aria-label', `${config.label}${config.placing ? `; placing ${config.placing.label}` : ''}`);
  }

  function renderLabels(): void {
    const g = layers.labels;
    g.replaceChildren();
    if (!config.squareLabels) return;
    for (const q of squares()) {
      if (q.label === undefined) continue;
      const { x, y } = xy(q);
      g.append(Object.assign(el('text', { x: x + 5, y: y + 17, class: 'tb-label' }), { textContent: q.label }));
    }
  }

  function renderSquares(): void {
    const g = layers.squares;
    g.replaceChildren();
    const labels = config.coordinates ? edgeLabels(config.model) : undefined;
    for (const q of squares()) {
      const { x, y } = xy(q);
      const rect = el('rect', {
        x,
        y,
        width: SQ,
        height: SQ,
        class: `tb-sq tb-${q.shade}${q.playable ? '' : ' tb-off'}`,
        'data-square': q.id,
        id: `${uid}-${q.id}`,
        role: 'gridcell',
        'aria-label': squareLabel(q),
      });
      g.append(rect);
      for (const zone of q.zones ?? []) g.append(zoneMark(zone, x, y));
      if (q.chips) g.append(chipsMark(q.chips, x, y));
    }
    if (labels) {
      labels.files.forEach((t, f) => {
        if (!t) return;
        const { x } = xy({ file: f, rank: 0 });
        const yb = geo.height - 8;
        g.append(Object.assign(el('text', { x: x + SQ / 2, y: yb, class: 'tb-coord' }), { textContent: t }));
        g.append(Object.assign(el('text', { x: x + SQ / 2, y: 20, class: 'tb-coord' }), { textContent: t }));
      });
      labels.ranks.forEach((t, r) => {
        if (!t) return;
        const { y } = xy({ file: 0, rank: r });
        g.append(Object.assign(el('text', { x: 14, y: y + SQ / 2 + 7, class: 'tb-coord' }), { textContent: t }));
        g.append(
          Object.assign(el('text', { x: geo.width - 14, y: y + SQ / 2 + 7, class: 'tb-coord' }), { textContent: t }),
        );
      });
    }
  }

  function zoneMark(zone: string, x: number, y: number): SVGElement {
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
    if (zone.endsWith('-home-row')) return outline(zone, x, y, 'tb-home');
    return el('g');
  }

  /** The sides of a square on the edge of its zone, so that a zone (a home row) is drawn as one heavy outline. */
  function outline(zone: string, x: number, y: number, cls: string): SVGElement {
    const inZone = (dx: number, dy: number): boolean => {
      const n = squareAt(x + SQ / 2 + dx * SQ, y + SQ / 2 + dy * SQ);
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

  function renderMarks(): void {
    const g = layers.marks;
    g.replaceChildren();
    const mark = (id: string, cls: string): void => {
      const q = squareById(id);
      if (!q) return;
      const { x, y } = xy(q);
      g.append(el('rect', { x, y, width: SQ, height: SQ, class: cls, 'pointer-events': 'none' }));
    };
    const last = config.lastMove;
    if (last?.from) mark(last.from, 'tb-last');
    if (last?.to) mark(last.to, 'tb-last');
    for (const id of config.highlights ?? []) mark(id, 'tb-tutor');
    if (selected) mark(selected, 'tb-selected');
    const dests = destinations();
    for (const [to, inputs] of dests) {
      const c = centre(to);
      if (!c) continue;
      const capture = inputs.some((i) => (i.captures?.length ?? 0) > 0);
      // A target reached only by moves that cost (Force 400's long move) is a ring, a free one a dot.
      const costs = inputs.every((i) => (i.cost ?? 0) > 0);
      g.append(
        capture
          ? el('circle', {
              cx: c.x,
              cy: c.y,
              r: 44,
              class: costs ? 'tb-hint-capture tb-hint-cost' : 'tb-hint-capture',
              'pointer-events': 'none',
            })
          : costs
            ? el('circle', { cx: c.x, cy: c.y, r: 16, class: 'tb-hint-cost', 'pointer-events': 'none' })
            : el('circle', { cx: c.x, cy: c.y, r: 14, class: 'tb-hint', 'pointer-events': 'none' }),
      );
    }
    for (const id of previewPath) mark(id, 'tb-path');
    if (hover && dests.has(hover)) mark(hover, 'tb-hover');
    if (cursor) {
      const q = squareById(cursor);
      if (q) {
        const { x, y } = xy(q);
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
  }

  function pieceNode(piece: NonNullable<SquareModel['piece']>, x: number, y: number, id: string): SVGGElement {
    const g = el('g', {
      class: 'tb-piece',
      transform: `translate(${x} ${y})`,
      'data-piece': id,
      'pointer-events': 'none',
    });
    g.innerHTML = config.art(piece);
    return g;
  }

  function renderPieces(animate: boolean): void {
    const g = layers.pieces;
    // The nodes animated so far are replaced: their animations end here.
    for (const a of [...running]) a.cancel();
    g.replaceChildren();
    const now = new Map<string, { piece: NonNullable<SquareModel['piece']>; x: number; y: number }>();
    const nodes = new Map<string, SVGGElement>();
    for (const q of squares()) {
      if (!q.piece) continue;
      const { x, y } = xy(q);
      const node = pieceNode(q.piece, x, y, q.id);
      g.append(node);
      nodes.set(q.id, node);
      now.set(q.id, { piece: q.piece, x, y });
      if (q.piece.name) node.setAttribute('data-name', q.piece.name);
      // A unit's own pending order (Tactorus): the square it is ordered to, beside the arrow drawn for it.
      const ordered = (q.piece as { ordered?: { to?: string } }).ordered;
      if (ordered?.to) node.setAttribute('data-ordered', ordered.to);
    }
    const ms = config.animationMs ?? 0;
    if (animate && ms > 0) animateChange(previous, now, nodes, ms);
    previous = now;
    justDropped = undefined;
  }

  function sameKind(a: NonNullable<SquareModel['piece']>, b: NonNullable<SquareModel['piece']>): boolean {
    return a.owner === b.owner && a.kind === b.kind;
  }

  /**
   * Animates from the pieces before to the pieces now: the last move's piece along its path, other pieces that
   * moved (found by kind and owner, nearest first), pieces that went away fading, pieces that changed face in place
   * turning over.
   */
  function animateChange(
    before: Map<string, { piece: NonNullable<SquareModel['piece']>; x: number; y: number }>,
    after: Map<string, { piece: NonNullable<SquareModel['piece']>; x: number; y: number }>,
    nodes: Map<string, SVGGElement>,
    ms: number,
  ): void {
    if (before.size === 0) return;
    const gone = new Map([...before].filter(([id, b]) => !after.has(id) || !sameKind(after.get(id)!.piece, b.piece)));
    const came = new Map([...after].filter(([id, a]) => !before.has(id) || !sameKind(before.get(id)!.piece, a.piece)));
    const last = config.lastMove;
    if (last?.from && last.to && came.has(last.to) && gone.has(last.from)) {
      const node = nodes.get(last.to);
      const stops = [last.from, ...(last.path ?? []).filter((s) => s !== last.from), last.to].filter(
        (s, i, a) => a.indexOf(s) === i || s === last.to,
      );
      if (node && justDropped !== last.to) slide(node, stops, ms);
      gone.delete(last.from);
      came.delete(last.to);
    }
    for (const [to, a] of came) {
      let best: string | undefined;
      let dist = Infinity;
      for (const [from, b] of gone) {
        if (!sameKind(a.piece, b.piece)) continue;
        const d = Math.hypot(a.x - b.x, a.y - b.y);
        if (d < dist) {
          dist = d;
          best = from;
        }
      }
      if (best === undefined) continue;
      const node = nodes.get(to);
      if (node && justDropped !== to) slide(node, [best, to], ms);
      gone.delete(best);
    }
    for (const [id, b] of gone) {
      const ghost = pieceNode(b.piece, b.x, b.y, `${id}-gone`);
      layers.pieces.append(ghost);
      const anim = animateEl(ghost, [{ opacity: 1 }, { opacity: 0 }], ms * 1.5);
      if (anim) anim.onfinish = () => ghost.remove();
      else ghost.remove();
    }
    for (const [id, a] of after) {
      const b = before.get(id);
      if (!b || !sameKind(a.piece, b.piece) || a.piece.symbol === b.piece.symbol) continue;
      const node = nodes.get(id);
      if (node) {
        // Turned over about its own centre, where it stands.
        const at = (sx: number) => `translate(${a.x + SQ / 2}px, ${a.y}px) scaleX(${sx}) translate(${-SQ / 2}px, 0px)`;
        animateEl(node, [{ transform: at(0.05) }, { transform: at(1) }], ms * 1.5);
      }
    }
  }

  /**
   * Runs an animation of the board's own. While any runs, the board carries the class `tb-animating` (removed when
   * the last one finishes or is cancelled), so a page or a test can wait for the board to stand still.
   */
  function animateEl(node: Element, frames: Keyframe[], ms: number): Animation | undefined {
    if (typeof (node as Element & { animate?: unknown }).animate !== 'function') return undefined;
    const anim = node.animate(frames, { duration: ms, easing: 'ease-in-out' });
    running.add(anim);
    svg.classList.add('tb-animating');
    const ended = (): void => {
      running.delete(anim);
      if (running.size === 0) svg.classList.remove('tb-animating');
    };
    anim.addEventListener('finish', ended, { once: true });
    anim.addEventListener('cancel', ended, { once: true });
    return anim;
  }

  /** Moves a piece's node from the first square through the others to where it stands now. */
  function slide(node: SVGGElement, stops: readonly string[], ms: number): void {
    const end = stops[stops.length - 1];
    const e = end === undefined ? undefined : centre(end);
    if (!e) return;
    const points = stops.map((s) => centre(s)).filter((p): p is { x: number; y: number } => p !== undefined);
    // A CSS transform replaces the node's own translate attribute while it runs: the frames are whole positions.
    const frames = points.map((p) => ({ transform: `translate(${p.x - SQ / 2}px, ${p.y - SQ / 2}px)` }));
    if (frames.length < 2) return;
    animateEl(node, frames, ms * (frames.length - 1));
  }

  function renderArrows(): void {
    const g = layers.arrows;
    g.replaceChildren();
    const arrows: Arrow[] = [...(config.arrows ?? [])];
    for (const q of squares()) {
      const ordered = (q.piece as { ordered?: { to?: string } } | undefined)?.ordered;
      if (ordered?.to) arrows.push({ from: q.id, to: ordered.to, kind: 'order' });
    }
    for (const a of arrows) {
      const f = centre(a.from);
      const t = centre(a.to);
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

  // -------------------------------------------------------------------------------------------------------------
  // Acting

  function select(id: string | undefined): void {
    if (selected === id) return;
    selected = id;
    events.onSelect?.(id);
    renderMarks();
  }

  function pieceNodeAt(id: string): SVGGElement | null {
    return layers.pieces.querySelector(`[data-piece="${CSS.escape(id)}"]`);
  }

  function snapBack(id: string | undefined): void {
    if (!id) return;
    const node = pieceNodeAt(id);
    const q = squareById(id);
    if (!node || !q) return;
    const { x, y } = xy(q);
    node.setAttribute('transform', `translate(${x} ${y})`);
    node.classList.remove('tb-dragging');
  }

  /** Puts down what was picked up (or the piece being placed) on `to`. */
  function attempt(from: string | undefined, to: string, dragged: boolean): void {
    const placing = config.placing;
    const candidates = placing
      ? placingInputs().filter((i) => i.to === to)
      : config.legal.filter((i) => i.from === from && i.to === to);
    if (candidates.length === 0) {
      snapBack(from);
      const input: BoardInput = placing
        ? { action: placing.action, to, ...(placing.choice !== undefined ? { choice: placing.choice } : {}) }
        : { ...(from !== undefined ? { from } : {}), to };
      events.onIllegal?.(input);
      if (!placing && from !== undefined && inputsFrom(to).length > 0 && to !== from) select(to);
      // A refused move is over, by drag or by click: the piece is back and put down, so the next click starts
      // afresh (a piece kept picked up made the next click an act nobody meant: a click on an ordered Tactorus unit
      // became an order onto that unit's square, a Force 400 click after T a transfer from the refused man).
      else select(undefined);
      return;
    }
    const done = (c: LegalInput | undefined): void => {
      if (!c) {
        // Cancelled: put down as a refusal is, so the next tap starts afresh (on a phone, a tap on the piece still
        // picked up put it down instead of picking it up).
        snapBack(from);
        select(undefined);
        return;
      }
      if (dragged) justDropped = to;
      select(undefined);
      events.onInput(c);
    };
    if (candidates.length === 1) done(candidates[0]);
    else choose(candidates).then(done, () => done(undefined));
  }

  /** A click (or Enter) on a square. */
  function activate(id: string): void {
    if (!config.interactive) return;
    if (events.onSquare?.(id)) return;
    if (choosing) return;
    if (config.placing) {
      attempt(undefined, id, false);
      return;
    }
    if (selected === undefined) {
      const from = inputsFrom(id);
      if (from.length > 0 && from.every((i) => i.to === undefined)) {
        // An act on the piece alone (a Tactorus order withdrawn).
        if (from.length === 1) events.onInput(from[0]!);
        else
          choose(from).then(
            (c) => c && events.onInput(c),
            () => undefined,
          );
        return;
      }
      if (from.length > 0) {
        select(id);
        say(`${id} picked up; ${unique(from.map((i) => i.to)).length} destinations`);
        return;
      }
      const q = squareById(id);
      if (q?.piece) events.onIllegal?.({ from: id });
      return;
    }
    if (id === selected) {
      select(undefined);
      say('put back');
      return;
    }
    attempt(selected, id, false);
  }

  function say(text: string): void {
    live.textContent = text;
  }

  // -------------------------------------------------------------------------------------------------------------
  // The "which one?" question

  function choose(candidates: readonly LegalInput[]): Promise<LegalInput | undefined> {
    choosing?.close();
    return new Promise((resolve) => {
      const box = html('div', 'tb-choose');
      box.setAttribute('role', 'dialog');
      box.setAttribute('aria-label', 'Which move?');
      const title = html('div', 'tb-choose-title', 'Which one?');
      box.append(title);
      let settled = false;
      const finish = (c: LegalInput | undefined): void => {
        if (settled) return;
        settled = true;
        box.remove();
        choosing = undefined;
        previewPath = [];
        renderMarks();
        resolve(c);
        svg.focus();
      };
      const byAction = new Map<string, LegalInput[]>();
      for (const c of candidates) byAction.set(c.action, [...(byAction.get(c.action) ?? []), c]);
      for (const [action, list] of byAction) {
        const numeric = list.length > 6 && list.every((c) => c.choice !== undefined && /^\d+$/.test(c.choice));
        if (numeric) {
          const values = list.map((c) => Number(c.choice));
          const min = Math.min(...values);
          const max = Math.max(...values);
          const asked = { action, from: list[0]?.from, to: list[0]?.to, min, max };
          const question = config.amountQuestion?.(asked);
          // Titled for what it asks (it read "Which one?"); with other acts beside it, which act is the question.
          title.textContent = byAction.size === 1 ? (question?.title ?? `${action}: how much?`) : 'Which act?';
          const proposed = question ? Math.min(max, Math.max(min, Math.round(question.value))) : max;
          const row = html('form', 'tb-choose-amount');
          const label = html('label', '', `${question?.label ?? `${action} (${min}–${max})`} `);
          const input = html('input', '');
          Object.assign(input, {
            type: 'number',
            min: String(min),
            max: String(max),
            value: String(proposed),
            name: 'amount',
          });
          label.append(input);
          const ok = html('button', 'tb-choose-ok', 'OK');
          ok.type = 'submit';
          row.append(label, ok);
          row.addEventListener('submit', (e) => {
            e.preventDefault();
            const picked = list.find((c) => c.choice === String(Number(input.value)));
            if (picked) finish(picked);
            else input.setCustomValidity(`from ${min} to ${max}`);
          });
          box.append(row);
        } else {
          for (const c of list) {
            const b = html('button', 'tb-choose-option', c.label);
            b.type = 'button';
            b.dataset['choice'] = c.choice ?? '';
            b.addEventListener('click', () => finish(c));
            const preview = (): void => {
              previewPath = [...(c.path ?? []), ...(c.captures ?? [])];
              renderMarks();
            };
            b.addEventListener('mouseenter', preview);
            b.addEventListener('focus', preview);
            box.append(b);
          }
        }
      }
      const cancel = html('button', 'tb-choose-cancel', 'Cancel');
      cancel.type = 'button';
      cancel.addEventListener('click', () => finish(undefined));
      box.append(cancel);
      box.addEventListener('keydown', (e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          finish(undefined);
        }
      });
      container.append(box);
      choosing = { close: () => finish(undefined) };
      (box.querySelector('input, .tb-choose-option') as HTMLElement | null)?.focus();
    });
  }

  // -------------------------------------------------------------------------------------------------------------
  // Pointer

  let press:
    | {
        id: string | undefined;
        x: number;
        y: number;
        pointer: number;
        moved: boolean;
        wasSelected: boolean;
        /** How far (in the SVG's units) the pointer may move before the press is a drag. */
        slop: number;
      }
    | undefined;

  /** A finger's slop in the SVG's units at the board's size on screen; a mouse's is DRAG_THRESHOLD. */
  function slopOf(e: PointerEvent): number {
    if (e.pointerType !== 'touch') return DRAG_THRESHOLD;
    const width = svg.getBoundingClientRect().width;
    return width > 0 ? Math.max(DRAG_THRESHOLD, (TOUCH_SLOP_PX * geo.width) / width) : DRAG_THRESHOLD;
  }

  svg.addEventListener('pointerdown', (e) => {
    if (!config.interactive || choosing || e.button !== 0) return;
    const id = squareOfEvent(e);
    const p = svgPoint(e) ?? { x: 0, y: 0 };
    press = {
      id,
      x: p.x,
      y: p.y,
      pointer: e.pointerId,
      moved: false,
      wasSelected: id !== undefined && id === selected,
      slop: slopOf(e),
    };
    if (id && !config.placing && selected === undefined && inputsFrom(id).some((i) => i.to !== undefined)) {
      select(id);
    } else if (
      id &&
      selected !== undefined &&
      id !== selected &&
      inputsFrom(id).length > 0 &&
      !destinations().has(id)
    ) {
      select(id);
    }
    try {
      svg.setPointerCapture(e.pointerId);
    } catch {
      // a synthetic event has no pointer to capture
    }
  });

  svg.addEventListener('pointermove', (e) => {
    if (!press || e.pointerId !== press.pointer) return;
    const p = svgPoint(e);
    if (!p || press.id === undefined || press.id !== selected) return;
    if (!press.moved && Math.hypot(p.x - press.x, p.y - press.y) < press.slop) return;
    press.moved = true;
    const node = pieceNodeAt(press.id);
    if (node) {
      node.classList.add('tb-dragging');
      node.setAttribute('transform', `translate(${p.x - SQ / 2} ${p.y - SQ / 2})`);
      layers.drag.append(node);
    }
    const over = squareAt(p.x, p.y)?.id;
    if (over !== hover) {
      hover = over;
      renderMarks();
    }
  });

  const release = (e: PointerEvent): void => {
    const started = press;
    press = undefined;
    hover = undefined;
    if (!started || e.pointerId !== started.pointer) return;
    const id = squareOfEvent(e);
    if (started.moved && started.id !== undefined) {
      const node = layers.drag.querySelector('[data-piece]');
      if (node) layers.pieces.append(node);
      if (id && id !== started.id) attempt(started.id, id, true);
      else {
        snapBack(started.id);
        renderMarks();
      }
      return;
    }
    if (id === undefined) return;
    if (id === started.id && started.wasSelected) {
      select(undefined);
      return;
    }
    if (id === selected && !started.wasSelected) return; // just picked up
    activate(id);
  };
  svg.addEventListener('pointerup', release);
  // A finger's tap is followed by the mouse events and the click a page without pointer events needs, at the point
  // the finger left: by then a "which one?" box may have taken the focus and scrolled the page, and that click fell
  // on whatever had come under the finger (the header's home link: a Force 400 transfer on a phone left the game).
  // The pointer events are the board's whole input, so the touch's own default is cancelled.
  svg.addEventListener('touchend', (e) => e.preventDefault(), { passive: false });
  svg.addEventListener('pointercancel', (e) => {
    if (press?.id) snapBack(press.id);
    press = undefined;
    void e;
  });

  // -------------------------------------------------------------------------------------------------------------
  // Keyboard

  svg.addEventListener('focus', () => {
    if (!cursor) moveCursorTo(selected ?? firstActive());
  });

  function firstActive(): string | undefined {
    return (config.legal.find((i) => i.from !== undefined)?.from ?? squares().find((q) => q.playable)?.id) as
      string | undefined;
  }

  function moveCursorTo(id: string | undefined): void {
    cursor = id;
    if (id) {
      svg.setAttribute('aria-activedescendant', `${uid}-${id}`);
      const q = squareById(id);
      if (q) say(squareLabel(q));
    }
    renderMarks();
  }

  svg.addEventListener('keydown', (e) => {
    const steps: Record<string, [number, number]> = {
      ArrowUp: [0, -1],
      ArrowDown: [0, 1],
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
    };
    const step = steps[e.key];
    if (step) {
      e.preventDefault();
      const q = cursor ? squareById(cursor) : undefined;
      if (!q) {
        moveCursorTo(firstActive());
        return;
      }
      const { x, y } = xy(q);
      const next = squareAt(x + SQ / 2 + step[0] * SQ, y + SQ / 2 + step[1] * SQ);
      if (next) moveCursorTo(next.id);
      return;
    }
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      if (cursor) activate(cursor);
      return;
    }
    if (e.key === 'Escape' && selected) {
      e.preventDefault();
      select(undefined);
    }
  });

  // -------------------------------------------------------------------------------------------------------------

  let toastTimer: ReturnType<typeof setTimeout> | undefined;
  render(false);
  // The first board a page shows, for the load-time figure (bench/RESULTS.md).
  if (typeof performance !== 'undefined' && performance.getEntriesByName('tactica-first-board').length === 0) {
    performance.mark('tactica-first-board');
  }

  return {
    get config() {
      return config;
    },
    get selected() {
      return selected;
    },
    set(next) {
      // Only the layers whose inputs changed are drawn again (a new best-move arrow redraws the arrows alone).
      const before = config;
      config = { ...config, ...next };
      const changed = (k: keyof BoardConfig): boolean => k in next && next[k] !== before[k];
      const modelChanged = changed('model');
      const turned =
        before.orientation.rankZeroAt !== config.orientation.rankZeroAt ||
        before.orientation.fileZeroAt !== config.orientation.fileZeroAt;
      const resized =
        changed('coordinates') ||
        before.model.files !== config.model.files ||
        before.model.ranks !== config.model.ranks;
      const inputs = modelChanged || changed('legal') || changed('placing') || changed('interactive');
      if (inputs) {
        choosing?.close();
        if (selected && !inputsFrom(selected).length) select(undefined);
      }
      if (changed('placing')) selected = undefined;
      // A refusal's reason is about the position it was given in: a new position takes it away.
      if (modelChanged && toast.classList.contains('tb-toast-on')) {
        if (toastTimer) clearTimeout(toastTimer);
        toast.classList.remove('tb-toast-on');
      }
      if (turned || resized) {
        render(false);
        return;
      }
      if (changed('label') || changed('placing')) renderName();
      if (modelChanged) renderSquares();
      if (modelChanged || changed('art')) renderPieces(modelChanged);
      if (modelChanged || changed('squareLabels')) renderLabels();
      if (modelChanged || changed('arrows')) renderArrows();
      if (inputs || changed('lastMove') || changed('highlights')) renderMarks();
    },
    flip() {
      const o = config.orientation;
      config = {
        ...config,
        orientation: {
          rankZeroAt: o.rankZeroAt === 'bottom' ? 'top' : 'bottom',
          fileZeroAt: o.fileZeroAt === 'left' ? 'right' : 'left',
        },
      };
      render(false);
    },
    message(text) {
      toast.textContent = text;
      toast.classList.add('tb-toast-on');
      say(text);
      if (toastTimer) clearTimeout(toastTimer);
      toastTimer = setTimeout(() => toast.classList.remove('tb-toast-on'), 4000);
    },
    activate,
    drag(from, to) {
      if (!config.interactive) return;
      if (inputsFrom(from).length === 0) {
        if (squareById(from)?.piece) events.onIllegal?.({ from, to });
        return;
      }
      select(from);
      attempt(from, to, true);
    },
    cancel() {
      select(undefined);
      choosing?.close();
    },
    focus() {
      svg.focus();
    },
    destroy() {
      if (toastTimer) clearTimeout(toastTimer);
      choosing?.close();
      container.replaceChildren();
      container.classList.remove('tb-wrap');
    },
  };
}

export type { BoardConfig, BoardEvents, LegalInput, Orientation, PieceArt };
