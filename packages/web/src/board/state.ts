/**
 * The board's state: its config with the defaults filled in, what is picked up, under the keyboard's cursor or the
 * dragged piece, the geometry it is drawn at, and the readings of the legal list (what can be done where; no rules).
 * Every other module of the board reads and changes this one object, as chessground's modules share its `State`.
 */
import type { PieceModel } from '@tactica/catalogue';
import type { BoardDom } from './dom.js';
import type { BoardConfig, BoardEvents, LegalInput, Orientation, ZonedSquare } from './types.js';

/** A cell's side in the SVG's own units. */
export const SQ = 100;

interface Geometry {
  readonly files: number;
  readonly ranks: number;
  readonly margin: number;
  readonly width: number;
  readonly height: number;
}

/** A piece where it was drawn (the top-left corner of its cell), to animate from. */
export interface PlacedPiece {
  readonly piece: PieceModel;
  readonly x: number;
  readonly y: number;
}

export interface BoardState {
  /** Prefixes the squares' element ids, unique on the page. */
  readonly uid: string;
  readonly container: HTMLElement;
  readonly dom: BoardDom;
  readonly events: BoardEvents;
  config: BoardConfig;
  geo: Geometry;
  /** The square picked up. */
  selected: string | undefined;
  /** The keyboard's square. */
  cursor: string | undefined;
  /** The square a drag has just put a piece on: it is there already, so it does not slide. */
  justDropped: string | undefined;
  /** The "which one?" box, while it is open. */
  choosing: { close: () => void } | undefined;
  /** The pieces as last drawn. */
  previous: Map<string, PlacedPiece>;
  /** The squares of the option the "which one?" box points at. */
  previewPath: readonly string[];
  /** The square under a dragged piece. */
  hover: string | undefined;
  /** Animations of the board under way. */
  readonly running: Set<Animation>;
  toastTimer: ReturnType<typeof setTimeout> | undefined;
}

let boards = 0;

export function createState(
  container: HTMLElement,
  dom: BoardDom,
  initial: BoardConfig,
  events: BoardEvents,
): BoardState {
  const config: BoardConfig = {
    coordinates: true,
    squareLabels: true,
    interactive: true,
    animationMs: 180,
    ...initial,
  };
  return {
    uid: `tb${++boards}`,
    container,
    dom,
    events,
    config,
    geo: geometryOf(config),
    selected: undefined,
    cursor: undefined,
    justDropped: undefined,
    choosing: undefined,
    previous: new Map(),
    previewPath: [],
    hover: undefined,
    running: new Set(),
    toastTimer: undefined,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Geometry

export function geometryOf(config: BoardConfig): Geometry {
  const margin = config.coordinates ? 28 : 4;
  const { files, ranks } = config.model;
  return { files, ranks, margin, width: files * SQ + 2 * margin, height: ranks * SQ + 2 * margin };
}

export function squareById(s: BoardState, id: string): ZonedSquare | undefined {
  return s.config.model.squares.find((q) => q.id === id);
}

/** The top-left corner of a square's cell. */
export function xy(
  s: BoardState,
  q: { file: number; rank: number },
  o: Orientation = s.config.orientation,
): { x: number; y: number } {
  const col = o.fileZeroAt === 'left' ? q.file : s.geo.files - 1 - q.file;
  const row = o.rankZeroAt === 'bottom' ? s.geo.ranks - 1 - q.rank : q.rank;
  return { x: s.geo.margin + col * SQ, y: s.geo.margin + row * SQ };
}

export function centre(s: BoardState, id: string): { x: number; y: number } | undefined {
  const q = squareById(s, id);
  if (!q) return undefined;
  const p = xy(s, q);
  return { x: p.x + SQ / 2, y: p.y + SQ / 2 };
}

/** The square under a point of the SVG's own coordinates. */
export function squareAt(s: BoardState, x: number, y: number): ZonedSquare | undefined {
  const { geo } = s;
  const col = Math.floor((x - geo.margin) / SQ);
  const row = Math.floor((y - geo.margin) / SQ);
  if (col < 0 || row < 0 || col >= geo.files || row >= geo.ranks) return undefined;
  const file = s.config.orientation.fileZeroAt === 'left' ? col : geo.files - 1 - col;
  const rank = s.config.orientation.rankZeroAt === 'bottom' ? geo.ranks - 1 - row : row;
  return s.config.model.squares[rank * geo.files + file];
}

// ---------------------------------------------------------------------------------------------------------------
// What can be done where (the legal list, read; no rules)

export function inputsFrom(s: BoardState, id: string): LegalInput[] {
  return s.config.legal.filter((i) => i.from === id);
}

export function placingInputs(s: BoardState): LegalInput[] {
  const p = s.config.placing;
  if (!p) return [];
  return s.config.legal.filter(
    (i) => i.from === undefined && i.action === p.action && (p.choice === undefined || i.choice === p.choice),
  );
}

/** The squares the piece picked up (or the piece being placed) may go to, with the inputs that take it there. */
export function destinations(s: BoardState): Map<string, LegalInput[]> {
  const out = new Map<string, LegalInput[]>();
  const list = s.config.placing ? placingInputs(s) : s.selected ? inputsFrom(s, s.selected) : [];
  for (const i of list) {
    if (i.to === undefined) continue;
    const l = out.get(i.to) ?? [];
    l.push(i);
    out.set(i.to, l);
  }
  return out;
}
