/**
 * Static evaluation for the computer opponent, from what the manual teaches. Its object is to leave the opponent
 * without a move (manual, "Object of the game": "Prevent your opponent from moving"; "The game is over when a player
 * cannot move either because all of his pieces have been flipped or because he cannot move any pieces that would
 * otherwise be mobile"), so everything here measures mobility:
 *
 * - **mobile pieces**: each piece showing its owner's colour, by kind (a Queen reaches most squares, a Bishop only
 *   half the board's colours and never lands beside a piece on its own diagonal line);
 * - **moves**: how many moves each side has, and its mobile pieces that are boxed in with none (as good as frozen
 *   until something moves away);
 * - **frozen pieces** are the other side of the same count: every flip freezes one of the opponent's pieces or
 *   unfreezes one of the mover's, so the mobile-piece difference already counts them;
 * - **threats**: the most a side can flip with its next move (manual, "Pieces are flipped in one of two ways":
 *   brackets and sandwiches), found on the squares its mobile pieces reach. The side to move can play its threat
 *   now; the other side's threat is one the side to move must meet;
 * - **exposure** (safety from brackets and sandwiches): pieces that a landing on an empty square would flip even
 *   though no enemy piece reaches that square yet.
 *
 * Where a piece lands decides the flips, not which piece lands there: the square it left is on one of the landing
 * square's lines only after a rook-like move along that line, and then the squares between are empty, so that line
 * starts with an empty square either way. So a threat is a property of (square, colour).
 *
 * The weights are ours **(ours)**. Scores are integers in points (`PIECE` points to a Rook), from the point of view
 * of the side to move (`evaluateCells`, `evaluate`) or of White (`evaluateWhite`). Pure, and allocation-free: one
 * pass over the board with module scratch buffers (JavaScript runs it synchronously).
 */
import type { Player } from '@tactica/core';
import { DIR_FROM, DIR_TO, EMPTY, RAY_LEN, RAYS, SQUARES } from './board.js';
import { CELL_OF_CHAR, type TacticsState } from './state.js';

/** Points to a mobile Rook: the unit of the weights. */
export const PIECE = 100;

/** The weights **(ours)**, in points. */
export const WEIGHTS = {
  /** A mobile piece by kind, indexed by `cell & 3`: -, Rook, Bishop, Queen. */
  piece: [0, PIECE, 85, 140] as readonly number[],
  /** Each legal move. */
  move: 3,
  /** Each mobile piece without a move. */
  boxedIn: 25,
  /** The side to move: per point of the best flip it can play now, in hundredths. */
  threatToMove: 30,
  /** The side that just moved: per point of the best flip it threatens, in hundredths. */
  threatWaiting: 20,
  /** Per point of flips a landing on a square no enemy piece reaches yet would make, in hundredths. */
  exposure: 4,
  /** Having the move. */
  tempo: 10,
} as const;

/** The evaluation's terms for one side (see `evaluationTerms`). */
export const EVAL_TERMS = ['mobilePieces', 'moves', 'boxedIn', 'threat', 'exposure'] as const;
export type EvalTerm = (typeof EVAL_TERMS)[number];

const ORTHOGONAL = 4;

/**
 * Weighted value of the pieces a piece of colour `colour` landing on the empty square `to` would flip (manual,
 * "Pieces are flipped in one of two ways"; the engine's `findFlips` states the rule): along each orthogonal line, a
 * run of the other colour closed by `colour` flips; otherwise the neighbour flips when the neighbour on the other
 * side shows the other colour too (a sandwich). Each flip freezes an enemy piece or unfreezes one of the mover's,
 * and is worth that piece's kind weight. `weights` indexed by `cell & 3`; use `[0, 1, 1, 1]` to count pieces.
 */
export function flipValue(
  cells: ArrayLike<number>,
  to: number,
  colour: number,
  weights: readonly number[] = WEIGHTS.piece,
): number {
  let value = 0;
  for (let d = 0; d < ORTHOGONAL; d++) {
    const len = RAY_LEN[to * 8 + d] as number;
    if (len === 0) continue;
    const ray = (to * 8 + d) * 7;
    const first = cells[RAYS[ray] as number] as number;
    if (first === EMPTY || ((first >> 3) & 1) === colour) continue;
    let k = 1;
    let run = weights[first & 3] as number;
    while (k < len) {
      const c = cells[RAYS[ray + k] as number] as number;
      if (c === EMPTY || ((c >> 3) & 1) === colour) break;
      run += weights[c & 3] as number;
      k++;
    }
    if (k < len && cells[RAYS[ray + k] as number] !== EMPTY) {
      value += run;
      continue;
    }
    const o = d ^ 1;
    if ((RAY_LEN[to * 8 + o] as number) === 0) continue;
    const other = cells[RAYS[(to * 8 + o) * 7] as number] as number;
    if (other !== EMPTY && ((other >> 3) & 1) !== colour) value += weights[first & 3] as number;
  }
  return value;
}

const KIND_VALUE = Int32Array.from(WEIGHTS.piece);

// Scratch: which squares each side's mobile pieces reach, stamped with the pass number instead of cleared.
const reachWhite = new Int32Array(SQUARES);
const reachBlack = new Int32Array(SQUARES);
let pass = 0;
/** Per side: mobile piece points, moves, boxed-in pieces, best threat, exposure. */
const terms = new Int32Array(2 * EVAL_TERMS.length);
const T_MOBILE = 0;
const T_MOVES = 1;
const T_BOXED = 2;
const T_THREAT = 3;
const T_EXPOSURE = 4;
const N_TERMS = EVAL_TERMS.length;

/** Fills `terms` for both sides. */
function measure(cells: ArrayLike<number>): void {
  pass = (pass + 1) | 0;
  const stamp = pass;
  const rays = RAYS;
  const rayLen = RAY_LEN;
  const value = KIND_VALUE;
  const reachW = reachWhite;
  const reachB = reachBlack;
  let mobileW = 0;
  let mobileB = 0;
  let movesW = 0;
  let movesB = 0;
  let boxedW = 0;
  let boxedB = 0;
  for (let sq = 0; sq < SQUARES; sq++) {
    const c = cells[sq] as number;
    if (c === EMPTY) continue;
    const owner = (c >> 2) & 1;
    if (owner !== ((c >> 3) & 1)) continue; // frozen: it neither moves nor reaches
    const kind = c & 3;
    const seen = owner === 0 ? reachW : reachB;
    let n = 0;
    for (let d = DIR_FROM[kind] as number, end = DIR_TO[kind] as number; d < end; d++) {
      const ray = (sq * 8 + d) * 7;
      const len = rayLen[sq * 8 + d] as number;
      for (let i = 0; i < len; i++) {
        const t = rays[ray + i] as number;
        if (cells[t] !== EMPTY) break;
        seen[t] = stamp;
        n++;
      }
    }
    if (owner === 0) {
      mobileW += value[kind] as number;
      movesW += n;
      if (n === 0) boxedW++;
    } else {
      mobileB += value[kind] as number;
      movesB += n;
      if (n === 0) boxedB++;
    }
  }
  // Threats and exposure: every empty square, for both colours at once (a line from the square can flip for one
  // colour only: the one its first piece does not show). A landing by colour p flips pieces showing the other
  // colour: p's threat is the best such square p reaches; the rest is the other side's exposure.
  let threatW = 0;
  let threatB = 0;
  let exposedW = 0;
  let exposedB = 0;
  for (let sq = 0; sq < SQUARES; sq++) {
    if (cells[sq] !== EMPTY) continue;
    const both = landingValues(cells, sq);
    const w = both & 0xffff;
    if (w > 0) {
      if (reachW[sq] === stamp) {
        if (w > threatW) threatW = w;
      } else exposedB += w;
    }
    const b = both >>> 16;
    if (b > 0) {
      if (reachB[sq] === stamp) {
        if (b > threatB) threatB = b;
      } else exposedW += b;
    }
  }
  terms[T_MOBILE] = mobileW;
  terms[T_MOVES] = movesW;
  terms[T_BOXED] = boxedW;
  terms[T_THREAT] = threatW;
  terms[T_EXPOSURE] = exposedW;
  terms[N_TERMS + T_MOBILE] = mobileB;
  terms[N_TERMS + T_MOVES] = movesB;
  terms[N_TERMS + T_BOXED] = boxedB;
  terms[N_TERMS + T_THREAT] = threatB;
  terms[N_TERMS + T_EXPOSURE] = exposedB;
}

/** `flipValue(cells, to, 0) | flipValue(cells, to, 1) << 16`, in one pass (each is below 2 000). */
function landingValues(cells: ArrayLike<number>, to: number): number {
  let white = 0;
  let black = 0;
  for (let d = 0; d < ORTHOGONAL; d++) {
    const len = RAY_LEN[to * 8 + d] as number;
    if (len === 0) continue;
    const ray = (to * 8 + d) * 7;
    const first = cells[RAYS[ray] as number] as number;
    if (first === EMPTY) continue;
    const colour = (first >> 3) & 1;
    let k = 1;
    let run = KIND_VALUE[first & 3] as number;
    while (k < len) {
      const c = cells[RAYS[ray + k] as number] as number;
      if (c === EMPTY || ((c >> 3) & 1) !== colour) break;
      run += KIND_VALUE[c & 3] as number;
      k++;
    }
    let v = 0;
    if (k < len && cells[RAYS[ray + k] as number] !== EMPTY) v = run;
    else if ((RAY_LEN[to * 8 + (d ^ 1)] as number) > 0) {
      const other = cells[RAYS[(to * 8 + (d ^ 1)) * 7] as number] as number;
      if (other !== EMPTY && ((other >> 3) & 1) === colour) v = KIND_VALUE[first & 3] as number;
    }
    // A line of black-faced pieces flips for White, and the other way round.
    if (colour === 1) white += v;
    else black += v;
  }
  return white | (black << 16);
}

/** White's score minus Black's, from the measured terms, with `toMove` to play. */
function combine(toMove: number): number {
  let white = 0;
  for (let p = 0; p < 2; p++) {
    const b = p * N_TERMS;
    const threat = (terms[b + T_THREAT] as number) * (p === toMove ? WEIGHTS.threatToMove : WEIGHTS.threatWaiting);
    const side =
      (terms[b + T_MOBILE] as number) +
      WEIGHTS.move * (terms[b + T_MOVES] as number) -
      WEIGHTS.boxedIn * (terms[b + T_BOXED] as number) +
      Math.trunc(threat / 100) -
      Math.trunc((WEIGHTS.exposure * (terms[b + T_EXPOSURE] as number)) / 100) +
      (p === toMove ? WEIGHTS.tempo : 0);
    white += p === 0 ? side : -side;
  }
  return white;
}

/**
 * The score of `cells` (64 cell codes, a1 first) for `toMove`, the side to move. It does not judge a finished game:
 * the search asks the rules whether the side to move has a move first.
 */
export function evaluateCells(cells: ArrayLike<number>, toMove: Player): number {
  measure(cells);
  const white = combine(toMove);
  return toMove === 0 ? white : -white;
}

const boardCells = new Int8Array(SQUARES);

function loadCells(s: TacticsState): Int8Array {
  for (let sq = 0; sq < SQUARES; sq++) boardCells[sq] = CELL_OF_CHAR[s.board.charCodeAt(sq)] ?? EMPTY;
  return boardCells;
}

/** The score of a position for the side to move. */
export function evaluate(s: TacticsState): number {
  return evaluateCells(loadCells(s), s.turn);
}

/** The score of a position for White. */
export function evaluateWhite(s: TacticsState): number {
  measure(loadCells(s));
  return combine(s.turn);
}

/** Each term of the evaluation for each side, unweighted (mobile pieces already in kind points): for tests and tools. */
export function evaluationTerms(s: TacticsState): readonly [Record<EvalTerm, number>, Record<EvalTerm, number>] {
  measure(loadCells(s));
  const side = (p: number): Record<EvalTerm, number> => {
    const out = {} as Record<EvalTerm, number>;
    EVAL_TERMS.forEach((t, i) => (out[t] = terms[p * N_TERMS + i] as number));
    return out;
  };
  return [side(0), side(1)];
}
