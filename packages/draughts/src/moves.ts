/**
 * Moves as public values, and the immutable bridge to the engine: generate the legal moves of a position, play one.
 */
import { engineFor, FLAG_CROWNS, M_CAP_HI, M_CAP_LO, M_FLAGS, M_FROM, M_TO, PATH_STRIDE, STRIDE } from './engine.js';
import { geometryOf, squaresOf } from './geometry.js';
import { type Position } from './position.js';
import { RULE_SETS } from './rules.js';

/** A legal move. Squares are the rule set's PDN numbers. JSON-safe. */
export interface DraughtsMove {
  readonly from: number;
  readonly to: number;
  /**
   * Every square the piece stops on after leaving `from`, ending with `to`: one square for a plain move, one per
   * taken piece for a capture. When several paths take the same pieces, one of them stands for the move.
   */
  readonly path: readonly number[];
  /** Squares of the taken pieces, ascending; empty for a plain move. */
  readonly captures: readonly number[];
  /** The moving man becomes a king. */
  readonly crowns: boolean;
}

function load(pos: Position): ReturnType<typeof engineFor> {
  const e = engineFor(RULE_SETS[pos.variant]);
  const [wLo, wHi, bLo, bHi, kLo, kHi] = pos.bits;
  e.load(wLo, wHi, bLo, bHi, kLo, kHi, pos.turn);
  return e;
}

/** The captures of every plain move: one empty list, not one per move. */
const NO_CAPTURES: readonly number[] = Object.freeze([]);

/** The path of a move with one stop, one list a square (numbered 1 to 50 at most), shared by every such move. */
const ONE_STOP: (readonly number[] | undefined)[] = [];

function oneStop(square: number): readonly number[] {
  return (ONE_STOP[square] ??= Object.freeze([square]));
}

/**
 * Every legal move of the side to move (compulsory capture, precedence and de-duplication applied), ordered by
 * start square, end square, then path. With `allPaths`, capture paths that take the same pieces are listed
 * separately (for reading move text that names one of them).
 */
export function generateMoves(pos: Position, options: { allPaths?: boolean } = {}): DraughtsMove[] {
  const rules = RULE_SETS[pos.variant];
  const g = geometryOf(rules.size);
  const sq = squaresOf(rules);
  const e = load(pos);
  e.recordPaths = true;
  e.unique = !options.allPaths;
  let end: number;
  try {
    end = e.generate(0);
  } finally {
    e.recordPaths = false;
    e.unique = true;
  }
  const name = (bit: number): number => sq.number(g.squareOf[bit] as number);
  const out: DraughtsMove[] = [];
  for (let slot = 0; slot < end; slot++) {
    const i = slot * STRIDE;
    const m = e.moves;
    const captures: number[] = [];
    for (let lo = m[i + M_CAP_LO] as number; lo !== 0; lo &= lo - 1) captures.push(name(31 - Math.clz32(lo & -lo)));
    for (let hi = m[i + M_CAP_HI] as number; hi !== 0; hi &= hi - 1) {
      captures.push(name(32 + 31 - Math.clz32(hi & -hi)));
    }
    captures.sort((a, b) => a - b);
    const p = slot * PATH_STRIDE;
    // Made to their length, a single stop shared: an array filled by push keeps room for 17 numbers, and a line of
    // play keeps its moves (a plain move weighed 296 bytes of heap, now under 100).
    const stops = e.paths[p] as number;
    let path: readonly number[];
    if (stops === 1) path = oneStop(name(e.paths[p + 1] as number));
    else {
      const all = new Array<number>(stops);
      for (let k = 0; k < stops; k++) all[k] = name(e.paths[p + 1 + k] as number);
      path = all;
    }
    out.push({
      from: name(m[i + M_FROM] as number),
      to: name(m[i + M_TO] as number),
      path,
      captures: captures.length === 0 ? NO_CAPTURES : captures.slice(),
      crowns: ((m[i + M_FLAGS] as number) & FLAG_CROWNS) !== 0,
    });
  }
  e.top = 0;
  return out.sort(compareMoves);
}

export function compareMoves(a: DraughtsMove, b: DraughtsMove): number {
  if (a.from !== b.from) return a.from - b.from;
  if (a.to !== b.to) return a.to - b.to;
  const n = Math.min(a.path.length, b.path.length);
  for (let k = 0; k < n; k++) if (a.path[k] !== b.path[k]) return (a.path[k] as number) - (b.path[k] as number);
  return a.path.length - b.path.length;
}

/**
 * Same start, end, taken pieces and crowning: the same move, whatever path was followed (docs/rules/draughts.md
 * "What counts as one move").
 */
export function sameMove(a: DraughtsMove, b: DraughtsMove): boolean {
  return (
    a.from === b.from &&
    a.to === b.to &&
    a.crowns === b.crowns &&
    a.captures.length === b.captures.length &&
    a.captures.every((c, k) => c === b.captures[k])
  );
}

/** The position after `move` (which must be legal in `pos`). Never mutates `pos`. */
export function applyMove(pos: Position, move: DraughtsMove): Position {
  const rules = RULE_SETS[pos.variant];
  const g = geometryOf(rules.size);
  const sq = squaresOf(rules);
  const bits = [...pos.bits];
  const own = pos.turn === 0 ? 0 : 2;
  const opp = pos.turn === 0 ? 2 : 0;
  const at = (n: number): { word: number; mask: number } => {
    const b = g.bitOf[sq.fromNumber(n)] as number;
    return { word: b < 32 ? 0 : 1, mask: 1 << (b & 31) };
  };
  const from = at(move.from);
  const to = at(move.to);
  const wasKing = ((bits[4 + from.word] as number) & from.mask) !== 0;
  bits[own + from.word] = (bits[own + from.word] as number) & ~from.mask;
  bits[4 + from.word] = (bits[4 + from.word] as number) & ~from.mask;
  for (const c of move.captures) {
    const x = at(c);
    bits[opp + x.word] = (bits[opp + x.word] as number) & ~x.mask;
    bits[4 + x.word] = (bits[4 + x.word] as number) & ~x.mask;
  }
  bits[own + to.word] = (bits[own + to.word] as number) | to.mask;
  if (wasKing || move.crowns) bits[4 + to.word] = (bits[4 + to.word] as number) | to.mask;
  return { variant: pos.variant, bits: bits as unknown as Position['bits'], turn: pos.turn === 0 ? 1 : 0 };
}

/** Whether the side to move has at least one legal move. */
export function hasMoves(pos: Position): boolean {
  const e = load(pos);
  const n = e.countMoves();
  e.top = 0;
  return n > 0;
}

/**
 * Perft over the pure move tree (draw rules ignored, as published perft tables count): the number of leaf nodes
 * `depth` plies below `pos`, with bulk counting at the last ply. `unique: false` counts capture paths that take the
 * same pieces separately (the convention of some published tables).
 */
export function perftPosition(pos: Position, depth: number, options: { unique?: boolean } = {}): number {
  const e = load(pos);
  e.unique = options.unique ?? true;
  try {
    return e.perft(depth);
  } finally {
    e.unique = true;
    e.top = 0;
  }
}
