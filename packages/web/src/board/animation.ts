/**
 * Moves on the board, animated: the last move's piece along its path, other pieces that moved, pieces that went
 * away fading, pieces that changed face turning over. While any animation runs the board carries the class
 * `tb-animating`, so a page or a test can wait for the board to stand still.
 */
import type { PieceModel } from '@tactica/catalogue';
import { pieceNode } from './dom.js';
import { centre, SQ, type BoardState, type PlacedPiece } from './state.js';

function sameKind(a: PieceModel, b: PieceModel): boolean {
  return a.owner === b.owner && a.kind === b.kind;
}

/** Ends the board's animations (their nodes are about to be replaced). */
export function cancelAnimations(s: BoardState): void {
  for (const a of [...s.running]) a.cancel();
}

/**
 * Animates from the pieces before to the pieces now: the last move's piece along its path, other pieces that
 * moved (found by kind and owner, nearest first), pieces that went away fading, pieces that changed face in place
 * turning over.
 */
export function animateChange(
  s: BoardState,
  before: ReadonlyMap<string, PlacedPiece>,
  after: ReadonlyMap<string, PlacedPiece>,
  nodes: ReadonlyMap<string, SVGGElement>,
  ms: number,
): void {
  if (before.size === 0) return;
  const gone = new Map([...before].filter(([id, b]) => !after.has(id) || !sameKind(after.get(id)!.piece, b.piece)));
  const came = new Map([...after].filter(([id, a]) => !before.has(id) || !sameKind(before.get(id)!.piece, a.piece)));
  const last = s.config.lastMove;
  if (last?.from && last.to && came.has(last.to) && gone.has(last.from)) {
    const node = nodes.get(last.to);
    const stops = [last.from, ...(last.path ?? []).filter((q) => q !== last.from), last.to].filter(
      (q, i, a) => a.indexOf(q) === i || q === last.to,
    );
    if (node && s.justDropped !== last.to) slide(s, node, stops, ms);
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
    if (node && s.justDropped !== to) slide(s, node, [best, to], ms);
    gone.delete(best);
  }
  for (const [id, b] of gone) fadeOut(s, b, id, ms);
  for (const [id, a] of after) {
    const b = before.get(id);
    if (!b || !sameKind(a.piece, b.piece) || a.piece.symbol === b.piece.symbol) continue;
    const node = nodes.get(id);
    if (node) turnOver(s, node, a, ms);
  }
}

/** A piece that went away, drawn where it stood and fading. */
function fadeOut(s: BoardState, b: PlacedPiece, id: string, ms: number): void {
  const ghost = pieceNode(s.config.art, b.piece, b.x, b.y, `${id}-gone`);
  s.dom.layers.pieces.append(ghost);
  const anim = animateEl(s, ghost, [{ opacity: 1 }, { opacity: 0 }], ms * 1.5);
  if (anim) anim.onfinish = () => ghost.remove();
  else ghost.remove();
}

/** A piece that changed face, turned over about its own centre where it stands. */
function turnOver(s: BoardState, node: SVGGElement, a: PlacedPiece, ms: number): void {
  const at = (sx: number) => `translate(${a.x + SQ / 2}px, ${a.y}px) scaleX(${sx}) translate(${-SQ / 2}px, 0px)`;
  animateEl(s, node, [{ transform: at(0.05) }, { transform: at(1) }], ms * 1.5);
}

/**
 * Runs an animation of the board's own. While any runs, the board carries the class `tb-animating` (removed when
 * the last one finishes or is cancelled).
 */
function animateEl(s: BoardState, node: Element, frames: Keyframe[], ms: number): Animation | undefined {
  if (typeof (node as Element & { animate?: unknown }).animate !== 'function') return undefined;
  const anim = node.animate(frames, { duration: ms, easing: 'ease-in-out' });
  const { svg } = s.dom;
  s.running.add(anim);
  svg.classList.add('tb-animating');
  const ended = (): void => {
    s.running.delete(anim);
    if (s.running.size === 0) svg.classList.remove('tb-animating');
  };
  anim.addEventListener('finish', ended, { once: true });
  anim.addEventListener('cancel', ended, { once: true });
  return anim;
}

/** Moves a piece's node from the first square through the others to where it stands now. */
function slide(s: BoardState, node: SVGGElement, stops: readonly string[], ms: number): void {
  const end = stops[stops.length - 1];
  const e = end === undefined ? undefined : centre(s, end);
  if (!e) return;
  const points = stops.map((q) => centre(s, q)).filter((p): p is { x: number; y: number } => p !== undefined);
  // A CSS transform replaces the node's own translate attribute while it runs: the frames are whole positions.
  const frames = points.map((p) => ({ transform: `translate(${p.x - SQ / 2}px, ${p.y - SQ / 2}px)` }));
  if (frames.length < 2) return;
  animateEl(s, node, frames, ms * (frames.length - 1));
}
