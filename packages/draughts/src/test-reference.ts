/**
 * A slow, plain reference move generator for tests, written separately from the bitboard engine: a 2-D grid of
 * cells, captures found by copying grids and sets, no bit tricks, no buffers. It reads the same rule records (the
 * specification) and answers the same questions, so tests can compare the two move by move and by perft.
 */
import type { Rng } from '@tactica/core';
import type { Piece, Position } from './position.js';
import { pieceAt, positionOf } from './position.js';
import { squaresOf } from './geometry.js';
import { RULE_SETS, type RuleSet, type VariantId } from './rules.js';

type Grid = (Piece | undefined)[][];

export interface RefMove {
  /** PDN squares. */
  readonly from: number;
  readonly to: number;
  readonly captures: readonly number[];
  readonly crowns: boolean;
  readonly path: readonly number[];
}

interface Board {
  readonly rules: RuleSet;
  readonly size: number;
  readonly grid: Grid;
  readonly white: boolean;
}

const DIRS: readonly (readonly [number, number])[] = [
  [1, -1],
  [1, 1],
  [-1, -1],
  [-1, 1],
];

/** Rows from the top as drawn, columns from White's left as drawn (the mirrored board drawn mirrored). */
function toGrid(pos: Position): Board {
  const rules = RULE_SETS[pos.variant];
  const sq = squaresOf(rules);
  const size = rules.size;
  const grid: Grid = Array.from({ length: size }, () => Array<Piece | undefined>(size).fill(undefined));
  for (let n = 1; n <= sq.count; n++) {
    const { file, rank } = sq.fileRank(sq.fromNumber(n));
    const row = grid[size - rank] as (Piece | undefined)[];
    row[file] = pieceAt(pos, n);
  }
  return { rules, size, grid, white: pos.turn === 0 };
}

function numberAt(rules: RuleSet, row: number, col: number): number {
  const sq = squaresOf(rules);
  return sq.number(sq.fromFileRank(col, rules.size - row));
}

function inside(size: number, r: number, c: number): boolean {
  return r >= 0 && r < size && c >= 0 && c < size;
}

function isOwn(p: Piece | undefined, white: boolean): boolean {
  return p !== undefined && (p === 'w' || p === 'W') === white;
}

function isKing(p: Piece | undefined): boolean {
  return p === 'W' || p === 'B';
}

interface Sequence {
  readonly end: [number, number];
  readonly taken: readonly string[];
  readonly takenKings: number;
  readonly crowns: boolean;
  readonly path: readonly [number, number][];
}

/** Every complete capture sequence of the piece on (r, c). */
function captureSequences(b: Board, r0: number, c0: number): Sequence[] {
  const { rules, size, white } = b;
  const out: Sequence[] = [];
  const startKing = isKing(b.grid[r0]?.[c0]);
  const farRow = white ? 0 : size - 1;
  const grid: Grid = b.grid.map((row) => [...row]);
  (grid[r0] as (Piece | undefined)[])[c0] = undefined; // the piece has left its square

  const explore = (
    r: number,
    c: number,
    king: boolean,
    crownedNow: boolean,
    taken: string[],
    takenKings: number,
    path: [number, number][],
  ): boolean => {
    let found = false;
    for (const [dr, dc] of DIRS) {
      if (!king && !rules.manCapturesBackward && dr !== (white ? -1 : 1)) continue;
      const flying = king && rules.king !== 'one-step';
      let rr = r + dr;
      let cc = c + dc;
      if (flying) {
        while (inside(size, rr, cc) && grid[rr]?.[cc] === undefined) {
          rr += dr;
          cc += dc;
        }
      }
      if (!inside(size, rr, cc)) continue;
      const victim = grid[rr]?.[cc];
      if (victim === undefined || isOwn(victim, white) || taken.includes(`${rr},${cc}`)) continue;
      const landings: [number, number][] = [];
      let lr = rr + dr;
      let lc = cc + dc;
      while (inside(size, lr, lc) && grid[lr]?.[lc] === undefined) {
        landings.push([lr, lc]);
        if (!flying || rules.king === 'flying-land-behind') break;
        lr += dr;
        lc += dc;
      }
      if (landings.length === 0) continue;
      found = true;
      const immediate = rules.removal === 'immediate';
      const victimRow = grid[rr] as (Piece | undefined)[];
      // At once (Thai) the piece leaves the board now; otherwise it stays (blocking) but cannot be taken again.
      if (immediate) victimRow[cc] = undefined;
      const nowTaken = [...taken, `${rr},${cc}`];
      const nowKings = takenKings + (isKing(victim) ? 1 : 0);
      const goesOn: boolean[] = landings.map(([ar, ac]) => {
        const crown = !king && rules.crownsMidCapture && ar === farRow;
        const deeper = explore(ar, ac, king || crown, crownedNow || crown, nowTaken, nowKings, [...path, [ar, ac]]);
        return deeper;
      });
      if (!goesOn.some((x) => x)) {
        for (const [ar, ac] of landings) {
          const crown = !king && rules.crownsMidCapture && ar === farRow;
          out.push({
            end: [ar, ac],
            taken: nowTaken,
            takenKings: nowKings,
            crowns: crownedNow || crown || (!king && ar === farRow),
            path: [...path, [ar, ac]],
          });
        }
      }
      if (immediate) victimRow[cc] = victim;
    }
    return found;
  };
  explore(r0, c0, startKing, false, [], 0, []);
  return out;
}

/** Every legal move of the side to move, as the reference reads the rules. */
export function referenceMoves(pos: Position, options: { unique?: boolean } = {}): RefMove[] {
  const b = toGrid(pos);
  const { rules, size, white } = b;
  const key = (n: RefMove): string =>
    `${n.from}>${n.to}:${[...n.captures].sort((x, y) => x - y).join(',')}:${n.crowns}`;
  const captures: (RefMove & { kings: number })[] = [];
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) {
      if (!isOwn(b.grid[r]?.[c], white)) continue;
      for (const s of captureSequences(b, r, c)) {
        captures.push({
          from: numberAt(rules, r, c),
          to: numberAt(rules, s.end[0], s.end[1]),
          captures: s.taken.map((t) => {
            const [tr, tc] = t.split(',').map(Number) as [number, number];
            return numberAt(rules, tr, tc);
          }),
          crowns: s.crowns && !isKing(b.grid[r]?.[c]),
          path: s.path.map(([pr, pc]) => numberAt(rules, pr, pc)),
          kings: s.takenKings,
        });
      }
    }
  }
  let moves: RefMove[];
  if (captures.length > 0) {
    let kept = captures;
    if (rules.precedence !== 'free') {
      const most = Math.max(...kept.map((m) => m.captures.length));
      kept = kept.filter((m) => m.captures.length === most);
      if (rules.precedence === 'quantity-then-kings') {
        const kings = Math.max(...kept.map((m) => m.kings));
        kept = kept.filter((m) => m.kings === kings);
      }
    }
    moves = kept.map(({ from, to, captures: cs, crowns, path }) => ({ from, to, captures: cs, crowns, path }));
  } else {
    moves = [];
    const farRow = white ? 0 : size - 1;
    for (let r = 0; r < size; r++) {
      for (let c = 0; c < size; c++) {
        const p = b.grid[r]?.[c];
        if (!isOwn(p, white)) continue;
        const king = isKing(p);
        for (const [dr, dc] of DIRS) {
          if (!king && dr !== (white ? -1 : 1)) continue;
          let rr = r + dr;
          let cc = c + dc;
          while (inside(size, rr, cc) && b.grid[rr]?.[cc] === undefined) {
            const to = numberAt(rules, rr, cc);
            moves.push({ from: numberAt(rules, r, c), to, captures: [], crowns: !king && rr === farRow, path: [to] });
            if (!king || rules.king === 'one-step') break;
            rr += dr;
            cc += dc;
          }
        }
      }
    }
  }
  if (options.unique ?? true) {
    const seen = new Set<string>();
    moves = moves.filter((m) => {
      const k = key(m);
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
  }
  return moves;
}

/** The position after a reference move. */
function referencePlay(pos: Position, m: RefMove): Position {
  const rules = RULE_SETS[pos.variant];
  const sq = squaresOf(rules);
  const placed: { square: number; piece: Piece }[] = [];
  for (let n = 1; n <= sq.count; n++) {
    const p = pieceAt(pos, n);
    if (p && n !== m.from && !m.captures.includes(n)) placed.push({ square: n, piece: p });
  }
  const mover = pieceAt(pos, m.from) as Piece;
  const piece: Piece = m.crowns ? (mover === 'w' ? 'W' : 'B') : mover;
  placed.push({ square: m.to, piece });
  return positionOf(pos.variant, placed, pos.turn === 0 ? 1 : 0);
}

export function referencePerft(pos: Position, depth: number, options: { unique?: boolean } = {}): number {
  if (depth <= 0) return 1;
  const moves = referenceMoves(pos, options);
  if (depth === 1) return moves.length;
  let n = 0;
  for (const m of moves) n += referencePerft(referencePlay(pos, m), depth - 1, options);
  return n;
}

/** A random legal-looking position: men never on their own crowning row, a few kings. */
export function randomPosition(rng: Rng, variant: VariantId): Position {
  const rules = RULE_SETS[variant];
  const squares = (rules.size / 2) * rules.size;
  const rowLength = rules.size / 2;
  const placed: { square: number; piece: Piece }[] = [];
  const density = 0.2 + rng.float() * 0.45;
  const kingShare = rng.float() * 0.5;
  for (let n = 1; n <= squares; n++) {
    if (rng.float() > density) continue;
    const white = rng.float() < 0.5;
    let king = rng.float() < kingShare;
    // Rows: a man of White cannot stand on the top row, nor Black's on the bottom row (numbering-dependent).
    const top = rules.mirrored ? n > squares - rowLength : n <= rowLength;
    const bottom = rules.mirrored ? n <= rowLength : n > squares - rowLength;
    if ((white && top) || (!white && bottom)) king = true;
    placed.push({ square: n, piece: white ? (king ? 'W' : 'w') : king ? 'B' : 'b' });
  }
  return positionOf(variant, placed, rng.float() < 0.5 ? 0 : 1);
}
