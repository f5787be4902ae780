/**
 * Static evaluation for the computer opponent, from what the manual and draughts practice teach. One evaluation per
 * mode (normal, give-away) and per board (8x8, 10x10), built from the rule-set record:
 *
 * - material, kings worth more than men, more so when they fly (manual 2.2.7: "This king is obviously weaker (and
 *   much easier to trap) than a flying king");
 * - tempo: men are worth more the further they have advanced, more so as the board empties;
 * - back-rank guard: men kept on the home row stop the enemy from crowning;
 * - centre control for men, the main diagonal for flying kings;
 * - mobility: the side with more moves is the one that will not be blocked (a blocked side loses, 2.2);
 * - runaway men: a man one or two steps from the far row with a free square ahead is almost a king;
 * - king endings: a lone king cannot be caught by too few kings ("capable of trapping a single king with two, three
 *   or four kings — depending on the rules", manual 1.1), so such endings score near a draw.
 *
 * Give-away (manual 3.2.2, "your goal is to remain without moves") inverts the goal: fewer pieces and fewer moves are
 * better, and the positional terms of the normal game are left out.
 *
 * Scores are in hundredths of a man. The search keeps the material and square terms incrementally (the `psq` and
 * `advance` tables); `evaluateBits` adds the rest from the bitboards. `evaluate(pos, giveaway)` does it all from
 * scratch for a public `Position`.
 */
import { pop2 } from './bits.js';
import { geometryOf, rowCol } from './geometry.js';
import type { Position } from './position.js';
import { RULE_SETS, type RuleSet } from './rules.js';

export interface EvalTables {
  readonly rules: RuleSet;
  readonly giveaway: boolean;
  /** Playable squares per row, and the board's bits (geometry.ts), copied here for the leaf evaluation. */
  readonly half: number;
  readonly validLo: number;
  readonly validHi: number;
  readonly manValue: number;
  readonly kingValue: number;
  /** psq[code * 64 + bit]: the piece's material plus its square's value, from its own side's point of view. */
  readonly psq: Int16Array;
  /** advance[colour * 64 + bit]: rows a man on that bit has advanced from its own back row. */
  readonly advance: Int8Array;
  /** Men one step from crowning, per colour (lo, hi words): [white lo, white hi, black lo, black hi]. */
  readonly nearCrown: Int32Array;
  /** Men two steps from crowning, per colour, same layout. */
  readonly twoFromCrown: Int32Array;
  /** Kings a side needs to trap a lone king in this rule set (manual 1.1: two, three or four). */
  readonly kingsToTrap: number;
  /** Men at the start, both sides. */
  readonly startMen: number;
}

/** Manual 2.2.7: one-step kings are "just a bidirectional pawn"; a short-landing king is weaker than a flying one. */
function kingValueOf(rules: RuleSet): number {
  if (rules.king === 'one-step') return 150;
  if (rules.king === 'flying-land-behind') return 220;
  return rules.size === 10 ? 300 : 260;
}

/**
 * Kings needed to trap a lone king **(ours, from manual 1.1 "two, three or four kings — depending on the rules")**:
 * two one-step kings (English), three short-landing or 8x8 flying kings, four flying kings on 10x10.
 */
function kingsToTrapOf(rules: RuleSet): number {
  if (rules.king === 'one-step') return 2;
  return rules.size === 10 ? 4 : 3;
}

const cache = new Map<string, EvalTables>();

/** The evaluation tables of a rule set and mode (built once, then shared). */
export function evalTables(rules: RuleSet, giveaway: boolean): EvalTables {
  const key = `${rules.id}${giveaway ? '-g' : ''}`;
  const known = cache.get(key);
  if (known) return known;
  const g = geometryOf(rules.size);
  const size = rules.size;
  const manValue = 100;
  const kingValue = kingValueOf(rules);
  const psq = new Int16Array(4 * 64);
  const advance = new Int8Array(2 * 64);
  const nearCrown = new Int32Array(4);
  const twoFromCrown = new Int32Array(4);
  const flying = rules.king !== 'one-step';
  for (let i = 0; i < g.squares; i++) {
    const b = g.bitOf[i] as number;
    const { row, col } = rowCol(size, i);
    // Centre: 0 on the edge files, rising toward the middle two files.
    const centre = Math.round((size / 2 - 0.5 - Math.abs(col - (size - 1) / 2)) * (size === 10 ? 2 : 3));
    // The main diagonal runs from White's bottom-left corner to the top-right corner (row + col = size - 1).
    const mainDiagonal = row + col === size - 1;
    for (let colour = 0; colour < 2; colour++) {
      // Rows advanced from this colour's own back row: White starts at the bottom (row size - 1).
      const r = colour === 0 ? size - 1 - row : row;
      advance[colour * 64 + b] = r;
      let man: number;
      let king: number;
      if (giveaway) {
        // Give-away: every piece kept is a liability; kings most (they are hard to get rid of) (ours).
        man = -manValue;
        king = -Math.round(manValue * 1.5);
      } else {
        man = manValue;
        // Middle rows of the centre are worth holding; the back row guards against enemy crowning.
        if (r > 0 && r < size - 1) man += Math.round(centre * (r >= 2 && r <= size - 3 ? 1 : 0.5));
        if (r === 0) man += size === 10 ? 6 : 8;
        king = kingValue + (flying && mainDiagonal ? 20 : 0) + (flying ? 0 : centre * 2);
      }
      psq[colour * 2 * 64 + b] = man;
      psq[(colour * 2 + 1) * 64 + b] = king;
      const w = b < 32 ? 0 : 1;
      const mask = 1 << (b & 31);
      if (r === size - 2) nearCrown[colour * 2 + w] = (nearCrown[colour * 2 + w] as number) | mask;
      if (r === size - 3) twoFromCrown[colour * 2 + w] = (twoFromCrown[colour * 2 + w] as number) | mask;
    }
  }
  const t: EvalTables = {
    rules,
    giveaway,
    half: g.half,
    validLo: g.validLo,
    validHi: g.validHi,
    manValue,
    kingValue,
    psq,
    advance,
    nearCrown,
    twoFromCrown,
    kingsToTrap: kingsToTrapOf(rules),
    startMen: 2 * rules.menPerSide,
  };
  cache.set(key, t);
  return t;
}

/**
 * The incremental part from scratch: material plus square values (`psq`) and the men's advance (`advance`), White
 * minus Black. The search updates both as it makes moves; tests check that both ways agree.
 */
export function psqTotals(
  t: EvalTables,
  bits: readonly [number, number, number, number, number, number],
): { psq: number; advance: number } {
  let psq = 0;
  let adv = 0;
  for (let colour = 0; colour < 2; colour++) {
    const sign = colour === 0 ? 1 : -1;
    for (let w = 0; w < 2; w++) {
      const own = bits[colour * 2 + w] as number;
      const kings = bits[4 + w] as number;
      for (let x = own; x !== 0; x &= x - 1) {
        const b = 31 - Math.clz32(x & -x) + 32 * w;
        const king = (kings & (1 << (b & 31))) !== 0;
        psq += sign * (t.psq[(colour * 2 + (king ? 1 : 0)) * 64 + b] as number);
        if (!king) adv += sign * (t.advance[colour * 64 + b] as number);
      }
    }
  }
  return { psq, advance: adv };
}

/**
 * The full evaluation from White's point of view, given the incremental totals. Allocation-free: this is the
 * search's leaf evaluation.
 */
export function evaluateBits(
  t: EvalTables,
  wLo: number,
  wHi: number,
  bLo: number,
  bHi: number,
  kLo: number,
  kHi: number,
  psq: number,
  adv: number,
): number {
  const s = t.half;
  const s1 = s + 1;
  const rs = 32 - s;
  const rs1 = 32 - s1;
  const eLo = ~(wLo | bLo) & t.validLo;
  const eHi = ~(wHi | bHi) & t.validHi;
  const wmLo = wLo & ~kLo;
  const wmHi = wHi & ~kHi;
  const bmLo = bLo & ~kLo;
  const bmHi = bHi & ~kHi;

  // Men's forward steps: White moves toward lower bits (b - s, b - s - 1), Black toward higher bits.
  const wStepLo = (((wmLo >>> s) | (wmHi << rs)) & eLo) | (((wmLo >>> s1) | (wmHi << rs1)) & eLo);
  const wStepHi = ((wmHi >>> s) & eHi) | ((wmHi >>> s1) & eHi);
  const bStepLo = ((bmLo << s) & eLo) | ((bmLo << s1) & eLo);
  const bStepHi = (((bmHi << s) | (bmLo >>> rs)) & eHi) | (((bmHi << s1) | (bmLo >>> rs1)) & eHi);
  // Which men can step at all: empty squares seen from the man's square.
  const wFreeLo = wmLo & ((eLo << s) | (eLo << s1));
  const wFreeHi = wmHi & ((eHi << s) | (eLo >>> rs) | (eHi << s1) | (eLo >>> rs1));
  const bFreeLo = bmLo & ((eLo >>> s) | (eHi << rs) | (eLo >>> s1) | (eHi << rs1));
  const bFreeHi = bmHi & ((eHi >>> s) | (eHi >>> s1));
  let mobility = pop2(wStepLo, wStepHi) - pop2(bStepLo, bStepHi);
  mobility += 2 * (pop2(wFreeLo, wFreeHi) - pop2(bFreeLo, bFreeHi));
  // Kings: squares next to them that are free (a cheap stand-in for their full reach).
  const wkLo = wLo & kLo;
  const wkHi = wHi & kHi;
  const bkLo = bLo & kLo;
  const bkHi = bHi & kHi;
  if ((wkLo | wkHi | bkLo | bkHi) !== 0) {
    mobility += kingSteps(wkLo, wkHi, eLo, eHi, s, s1) - kingSteps(bkLo, bkHi, eLo, eHi, s, s1);
  }

  if (t.giveaway) {
    // Give-away: fewer pieces (psq holds negative material) and fewer moves are better.
    return psq - 3 * mobility;
  }

  let score = psq + 2 * mobility;
  // Tempo counts for more as the board empties.
  const men = pop2(wmLo | bmLo, wmHi | bmHi);
  const phase = t.startMen - men; // 0 at the start
  score += adv * (2 + Math.floor((6 * phase) / t.startMen));
  // Runaway men (more when the opponent has no king to catch them).
  const crownGain = t.kingValue - t.manValue;
  const nc = t.nearCrown;
  const tc = t.twoFromCrown;
  const wNearLo = wFreeLo & (nc[0] as number);
  const wNearHi = wFreeHi & (nc[1] as number);
  const bNearLo = bFreeLo & (nc[2] as number);
  const bNearHi = bFreeHi & (nc[3] as number);
  const wTwoLo = wFreeLo & (tc[0] as number);
  const wTwoHi = wFreeHi & (tc[1] as number);
  const bTwoLo = bFreeLo & (tc[2] as number);
  const bTwoHi = bFreeHi & (tc[3] as number);
  // Most positions have no man that close to crowning: nothing to count then (the sum below would add 0).
  if ((wNearLo | wNearHi | bNearLo | bNearHi | wTwoLo | wTwoHi | bTwoLo | bTwoHi) !== 0) {
    const wNear = pop2(wNearLo, wNearHi);
    const bNear = pop2(bNearLo, bNearHi);
    const wTwo = pop2(wTwoLo, wTwoHi);
    const bTwo = pop2(bTwoLo, bTwoHi);
    score += ((wNear - bNear) * crownGain * 2) / 5 + ((wTwo - bTwo) * crownGain) / 8;
  }

  // Endings with kings (the pieces counted only when there is a king).
  if ((wkLo | wkHi | bkLo | bkHi) === 0) return Math.round(score) | 0;
  const wPieces = pop2(wLo, wHi);
  const bPieces = pop2(bLo, bHi);
  const wKings = pop2(wkLo, wkHi);
  const bKings = pop2(bkLo, bkHi);
  if (men === 0) {
    // Kings only: a lone king holds against fewer kings than the rule set needs to trap it.
    if (
      (bPieces === 1 && wPieces > 1 && wPieces < t.kingsToTrap) ||
      (wPieces === 1 && bPieces > 1 && bPieces < t.kingsToTrap)
    ) {
      score = Math.trunc(score / 16);
    } else if (wPieces === bPieces) score = Math.trunc(score / 8);
  } else if (wKings > 0 && bKings > 0 && wPieces + bPieces <= 6 && Math.abs(wPieces - bPieces) <= 1) {
    // Both sides crowned, few pieces, one piece apart: usually a draw with flying kings.
    score = Math.trunc(score / 4);
  }
  return Math.round(score) | 0;
}

/**
 * The empty squares next to the kings of `lo`/`hi` in the four diagonal directions, counted once per king and
 * direction (`s`, `s1`: the board's two diagonal shifts; `eLo`/`eHi`: the empty squares). A cheap stand-in for the
 * kings' full reach, shared with the learned evaluation's feature.
 */
export function kingSteps(lo: number, hi: number, eLo: number, eHi: number, s: number, s1: number): number {
  const rs = 32 - s;
  const rs1 = 32 - s1;
  return (
    pop2(((lo >>> s) | (hi << rs)) & eLo, (hi >>> s) & eHi) +
    pop2(((lo >>> s1) | (hi << rs1)) & eLo, (hi >>> s1) & eHi) +
    pop2((lo << s) & eLo, ((hi << s) | (lo >>> rs)) & eHi) +
    pop2((lo << s1) & eLo, ((hi << s1) | (lo >>> rs1)) & eHi)
  );
}

/** The evaluation of a position for the side to move, in hundredths of a man (from scratch). */
export function evaluate(pos: Position, giveaway = false): number {
  const t = evalTables(RULE_SETS[pos.variant], giveaway);
  const { psq, advance } = psqTotals(t, pos.bits);
  const [wLo, wHi, bLo, bHi, kLo, kHi] = pos.bits;
  const white = evaluateBits(t, wLo, wHi, bLo, bHi, kLo, kHi, psq, advance);
  return pos.turn === 0 ? white : 0 - white;
}
