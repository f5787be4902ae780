/**
 * The evaluation's fast `fill` against a plain oracle: each term computed square by square, as the terms are
 * defined (see `EvalWeights`), on arbitrary positions and on positions from played games. Any difference would
 * change what every level plays.
 */
import { createRng } from '@tactica/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distance, DIRECTIONS, fileOf, isHomeRank, rankOf, SIZE, SQUARES, squareAt } from './board.js';
import type { Force400Engine } from './engine.js';
import { evaluationTerms, type EvaluationTerms } from './evaluate.js';
import { force400 } from './game.js';
import { RECHARGE_TURNS } from './rules.js';
import { loadEngine, type Force400State } from './state.js';
import { positions } from './test-arbitraries.js';

const NEAR = [0, 10, 7, 4, 2, 1];

/** Every term, square by square, from its definition. */
function oracleTerms(e: Force400Engine): EvaluationTerms {
  const pair = (): [number, number] => [0, 0];
  const force = pair();
  const men = pair();
  const kingForce = pair();
  const kingDanger = pair();
  const guards = pair();
  const supply = pair();
  const recharge = pair();
  const threatened = pair();
  const mobility = pair();
  // Strongest arrival of each side's men on each square: force, one less after a long move.
  const arrival = [new Array<number>(SQUARES).fill(-1), new Array<number>(SQUARES).fill(-1)];
  for (let sq = 0; sq < SQUARES; sq++) {
    const p = e.owner[sq] as -1 | 0 | 1;
    if (p === -1) continue;
    const f = e.force[sq] as number;
    const ownKing = e.kingSquare[p] as number;
    force[p] += f;
    men[p]++;
    if (e.king[sq] === 1) kingForce[p] = f;
    else if (ownKing >= 0 && distance(sq, ownKing) === 1) guards[p]++;
    const canRecharge = !isHomeRank(sq) && e.nextTurnOf(p) - (e.left[sq] as number) >= RECHARGE_TURNS;
    let reachesHome = false;
    for (const [df, dr] of DIRECTIONS) {
      for (let step = 1; step <= (f === 0 ? 1 : SIZE); step++) {
        const file = fileOf(sq) + df * step;
        const rank = rankOf(sq) + dr * step;
        if (file < 0 || file >= SIZE || rank < 0 || rank >= SIZE) break;
        const t = squareAt(file, rank);
        const o = e.owner[t] as number;
        if (o === -1) {
          mobility[p]++;
          if (canRecharge && isHomeRank(t)) reachesHome = true;
          continue;
        }
        if (o !== p) arrival[p]![t] = Math.max(arrival[p]![t]!, step === 1 ? f : f - 1);
        else if (t === ownKing) supply[p] += f;
        break;
      }
    }
    if (reachesHome) recharge[p]++;
  }
  const enPrise: [boolean, boolean] = [false, false];
  for (let sq = 0; sq < SQUARES; sq++) {
    const p = e.owner[sq] as -1 | 0 | 1;
    if (p === -1) continue;
    const q = p === 0 ? 1 : 0;
    const f = e.force[sq] as number;
    if (e.king[sq] !== 1 && arrival[q]![sq]! > f) threatened[p]++;
    if (e.king[sq] === 1 && arrival[q]![sq]! > f) enPrise[p] = true;
    const enemyKing = e.kingSquare[q] as number;
    if (enemyKing < 0) continue;
    const kf = e.force[enemyKing] as number;
    if (f > kf) kingDanger[q] += (NEAR[distance(sq, enemyKing)] ?? 0) * Math.min(f - kf, 20);
  }
  return {
    force,
    men,
    kingForce,
    kingDanger,
    kingEnPrise: enPrise,
    guards,
    supply: [Math.min(supply[0], 50), Math.min(supply[1], 50)],
    recharge,
    threatened,
    mobility,
  };
}

/** Positions met in play: random games from the start, every position of each. */
function playedPositions(games: number, seed: number): Force400State[] {
  const rng = createRng(seed);
  const out: Force400State[] = [];
  for (let g = 0; g < games; g++) {
    let s = force400.initial();
    for (let ply = 0; ply < 150 && !s.ended; ply++) {
      out.push(s);
      const moves = force400.legalMoves(s);
      s = force400.play(s, moves[rng.int(moves.length)]!);
    }
  }
  return out;
}

describe('the evaluation terms agree with their definitions', () => {
  it('on arbitrary positions', () => {
    fc.assert(
      fc.property(positions, (s) => {
        const e = loadEngine(s);
        expect(evaluationTerms(e)).toEqual(oracleTerms(e));
      }),
      { numRuns: 400 },
    );
  });

  it('on every position of random games (recharges, transfers, combat, kings in danger)', () => {
    for (const s of playedPositions(12, 400)) {
      const e = loadEngine(s);
      expect(evaluationTerms(e)).toEqual(oracleTerms(e));
    }
  });
});
