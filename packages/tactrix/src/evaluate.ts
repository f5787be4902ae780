/**
 * Static evaluation for the computer opponent, from what the manual teaches: pieces are worth what they cost in chips
 * (manual, "The pieces": jerk 3 … diaganoid 15), chips buy pieces only while the regeneroid lives (manual,
 * "Regeneroid": "If you lose your regeneroid, you cannot buy any more pieces"), a jerk that reaches the far side is
 * worth a 25-chip bonus (manual, "Jerk"), losing the king loses the game and there is no check (manual, "King"), and
 * chips lie on the squares a piece can reach (manual, "General Rules"). The weights are ours **(ours)**.
 *
 * Scores are integers in points, `CHIP` points to a chip, from the point of view of the side to move (`evaluate`) or
 * of White (`evaluateWhite`). Pure: a function of the position only. Allocation-free: one pass over the board, the
 * moves of every piece written into a module scratch buffer (JavaScript runs it synchronously).
 */
import { type Player } from '@tactica/core';
import { MAX_MOVES, NEIGHBOURS, Position } from './engine.js';
import { COSTS, FILES, JERK, KING, RANKS, REGENEROID, SQUARES } from './pieces.js';
import { load, type TactrixState } from './state.js';

/** Points to a chip: the unit of every weight below. */
export const CHIP = 20;

/** The evaluation's terms, each summed for one side (see `evaluationTerms`). */
export const EVAL_TERMS = [
  'material',
  'jerks',
  'regeneroid',
  'chipsInReach',
  'mobility',
  'kingSafety',
  'kingAttack',
  'mopUp',
] as const;
export type EvalTerm = (typeof EVAL_TERMS)[number];

/**
 * The weights **(ours)**, in points. Pieces at their cost; the regeneroid at a base value plus the chips it can spend;
 * a jerk from 3 chips at its start towards most of the 25-chip bonus one step short of the far row.
 */
export const WEIGHTS = {
  /** The regeneroid's worth as the only place to buy, on top of the chips held. */
  regeneroid: 10 * CHIP,
  /** A held chip while the regeneroid lives. */
  heldChip: CHIP,
  /** A held chip with no regeneroid left: it can never be spent. */
  strandedChip: 0,
  /** Each distinct square with a chip that a piece can move to now. */
  chipInReach: 8,
  /** Each piece move (purchases not counted). */
  mobility: 2,
  /** Each enemy move onto the king's square or a square next to it. */
  kingZoneAttack: 10,
  /** Per missing step (below 3) of the king to a square the enemy does not reach, and for none at all. */
  kingEscapes: 4,
  kingNoEscape: 16,
  /** Each own piece next to the king. */
  kingShelter: 6,
  /** Per piece (not jerks, king or regeneroid) per step closer than 5 to the enemy king. */
  kingTropism: 3,
  /**
   * Mop-up, for the side ahead by `mopUpLead` or more: per step the enemy king stands from the centre, and per step
   * the two kings are closer than 9 (a lone king is caught at the edge, with the help of one's own king).
   */
  mopUpLead: 8 * CHIP,
  mopUpEdge: 12,
  mopUpKings: 6,
  /** The side to move's small advantage. */
  tempo: 8,
} as const;

/**
 * A jerk's worth by steps still to go to its far row (1–9): 3 chips at the start, most of the 25-chip bonus one step
 * short. Only while its regeneroid lives: a bonus that can never be spent is worth nothing, so then a jerk is worth
 * its cost wherever it stands.
 */
export const JERK_VALUES: readonly number[] = Array.from({ length: 10 }, (_, togo) => {
  const advanced = Math.min(8, Math.max(0, 9 - togo)) / 8;
  return Math.round((COSTS[JERK] as number) * CHIP + 18 * CHIP * advanced * advanced);
});
const JERK_COST = (COSTS[JERK] as number) * CHIP;

/** Steps from a square to the four central squares, in king moves (0–4). */
const EDGE_DISTANCE: readonly number[] = Array.from({ length: SQUARES }, (_, sq) => {
  const f = sq % FILES;
  const r = (sq - f) / FILES;
  return Math.max(Math.abs(2 * f - 9), Math.abs(2 * r - 9)) >> 1;
});

const scratch = new Int32Array(MAX_MOVES);
/** attacks[side * 100 + sq]: how many moves of `side` land on `sq` (purchases included). */
const attacks = new Uint8Array(2 * SQUARES);
const NT = EVAL_TERMS.length;
/** terms[side * NT + term], in points. */
const terms = new Int32Array(2 * NT);

/** Distance in king steps. */
function chebyshev(a: number, b: number): number {
  const fa = a % FILES;
  const fb = b % FILES;
  const df = fa > fb ? fa - fb : fb - fa;
  const ra = (a - fa) / FILES;
  const rb = (b - fb) / FILES;
  const dr = ra > rb ? ra - rb : rb - ra;
  return df > dr ? df : dr;
}

/** Fills `terms` for both sides. */
function computeTerms(p: Position): void {
  attacks.fill(0);
  const board = p.board;
  const whiteKing = p.king[0] as number;
  const blackKing = p.king[1] as number;
  const whiteRegen = (p.regen[0] as number) >= 0;
  const blackRegen = (p.regen[1] as number) >= 0;
  let material0 = 0;
  let material1 = 0;
  let jerks0 = 0;
  let jerks1 = 0;
  let mobility0 = 0;
  let mobility1 = 0;
  let attack0 = 0;
  let attack1 = 0;
  // One pass: material, jerks, king tropism, mobility and the attack map.
  for (let sq = 0; sq < SQUARES; sq++) {
    const piece = board[sq] as number;
    if (piece === 0) continue;
    if (piece > 0) {
      if (piece === JERK)
        jerks0 += whiteRegen ? (JERK_VALUES[RANKS - 1 - (sq - (sq % FILES)) / FILES] as number) : JERK_COST;
      else if (piece !== KING && piece !== REGENEROID) {
        material0 += (COSTS[piece] as number) * CHIP;
        if (blackKing >= 0) {
          const d = chebyshev(sq, blackKing);
          if (d < 5) attack0 += (5 - d) * WEIGHTS.kingTropism;
        }
      }
      const n = p.generateFrom(sq, piece, 0, scratch, 0);
      mobility0 += n;
      for (let i = 0; i < n; i++) {
        const to = (scratch[i] as number) >> 7;
        attacks[to] = (attacks[to] as number) + 1;
      }
    } else {
      const type = -piece;
      if (type === JERK) jerks1 += blackRegen ? (JERK_VALUES[(sq - (sq % FILES)) / FILES] as number) : JERK_COST;
      else if (type !== KING && type !== REGENEROID) {
        material1 += (COSTS[type] as number) * CHIP;
        if (whiteKing >= 0) {
          const d = chebyshev(sq, whiteKing);
          if (d < 5) attack1 += (5 - d) * WEIGHTS.kingTropism;
        }
      }
      const n = p.generateFrom(sq, type, 1, scratch, 0);
      mobility1 += n;
      for (let i = 0; i < n; i++) {
        const to = ((scratch[i] as number) >> 7) + SQUARES;
        attacks[to] = (attacks[to] as number) + 1;
      }
    }
  }
  terms[0] = material0;
  terms[NT] = material1;
  terms[1] = jerks0;
  terms[NT + 1] = jerks1;
  terms[4] = mobility0 * WEIGHTS.mobility;
  terms[NT + 4] = mobility1 * WEIGHTS.mobility;
  terms[6] = attack0;
  terms[NT + 6] = attack1;
  // Manual, "Regeneroid": chips buy pieces placed next to it, capturing what stands there; without it they are dead.
  for (let side = 0; side < 2; side++) {
    const regen = p.regen[side] as number;
    const held = p.balance[side] as number;
    if (regen < 0) {
      terms[side * NT + 2] = held * WEIGHTS.strandedChip;
      continue;
    }
    terms[side * NT + 2] = WEIGHTS.regeneroid + held * WEIGHTS.heldChip;
    if (held < (COSTS[JERK] as number)) continue;
    const sign = side === 0 ? 1 : -1;
    for (let i = 0; i < 8; i++) {
      const to = NEIGHBOURS[regen * 8 + i] as number;
      if (to < 0 || (board[to] as number) * sign > 0) continue;
      attacks[side * SQUARES + to] = (attacks[side * SQUARES + to] as number) + 1;
    }
  }
  // Chips in reach, from the attack map.
  const chips = p.chips;
  let reach0 = 0;
  let reach1 = 0;
  for (let sq = 0; sq < SQUARES; sq++) {
    if ((chips[sq] as number) === 0) continue;
    if ((attacks[sq] as number) > 0) reach0++;
    if ((attacks[SQUARES + sq] as number) > 0) reach1++;
  }
  terms[3] = reach0 * WEIGHTS.chipInReach;
  terms[NT + 3] = reach1 * WEIGHTS.chipInReach;
  // The king (manual, "King": no check rules, so an attacked king is simply taken).
  for (let side = 0; side < 2; side++) {
    const king = p.king[side] as number;
    terms[side * NT + 5] = 0;
    if (king < 0) continue;
    const enemy = (1 - side) * SQUARES;
    const sign = side === 0 ? 1 : -1;
    let safety = -(attacks[enemy + king] as number) * WEIGHTS.kingZoneAttack;
    let escapes = 0;
    for (let i = 0; i < 8; i++) {
      const to = NEIGHBOURS[king * 8 + i] as number;
      if (to < 0) continue;
      const hits = attacks[enemy + to] as number;
      safety -= hits * WEIGHTS.kingZoneAttack;
      if ((board[to] as number) * sign > 0) safety += WEIGHTS.kingShelter;
      else if (hits === 0) escapes++;
    }
    if (escapes === 0) safety -= WEIGHTS.kingNoEscape;
    else if (escapes < 3) safety -= (3 - escapes) * WEIGHTS.kingEscapes;
    terms[side * NT + 5] = safety;
  }
  // Mop-up: the side well ahead drives the enemy king to the edge and brings its own king up.
  terms[7] = 0;
  terms[NT + 7] = 0;
  if (whiteKing >= 0 && blackKing >= 0) {
    const lead = terms[0]! + terms[1]! + terms[2]! - terms[NT]! - terms[NT + 1]! - terms[NT + 2]!;
    if (lead >= WEIGHTS.mopUpLead || lead <= -WEIGHTS.mopUpLead) {
      const ahead = lead > 0 ? 0 : 1;
      const loser = ahead === 0 ? blackKing : whiteKing;
      terms[ahead * NT + 7] =
        (EDGE_DISTANCE[loser] as number) * WEIGHTS.mopUpEdge +
        (9 - chebyshev(whiteKing, blackKing)) * WEIGHTS.mopUpKings;
    }
  }
}

/** White's score minus Black's, in points. */
export function evaluateWhite(p: Position): number {
  computeTerms(p);
  let score = 0;
  for (let k = 0; k < NT; k++) score += (terms[k] as number) - (terms[NT + k] as number);
  return score + (p.turn === 0 ? WEIGHTS.tempo : -WEIGHTS.tempo);
}

/** The score for the side to move, in points (`CHIP` to a chip). */
export function evaluate(p: Position): number {
  const white = evaluateWhite(p);
  return p.turn === 0 ? white : -white;
}

const statePosition = new Position();

/** `evaluate` for an immutable state: the score for its side to move. */
export function evaluateState(s: TactrixState): number {
  return evaluate(load(s, statePosition));
}

/** Each term for each side, in points (for tests, analysis and tuning; allocates). */
export function evaluationTerms(s: TactrixState): {
  readonly white: Record<EvalTerm, number>;
  readonly black: Record<EvalTerm, number>;
} {
  computeTerms(load(s, statePosition));
  const side = (sd: Player): Record<EvalTerm, number> =>
    Object.fromEntries(EVAL_TERMS.map((name, k) => [name, terms[sd * NT + k] as number])) as Record<EvalTerm, number>;
  return { white: side(0), black: side(1) };
}
