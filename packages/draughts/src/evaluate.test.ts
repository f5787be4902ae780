import { createRng, unwrap } from '@tactica/core';
import { describe, expect, it } from 'vitest';
import { evaluate, evalTables, psqTotals } from './evaluate.js';
import { parseFen } from './fen.js';
import { allDraughtsGames } from './game.js';
import { pieces, positionOf, type Piece, type Position } from './position.js';
import { RULE_SETS, VARIANT_IDS, type VariantId } from './rules.js';
import { squaresOf } from './geometry.js';

const fen = (text: string, variant: VariantId): Position => unwrap(parseFen(text, variant));

/** The same position seen from the other side: the board turned round, colours and the side to move swapped. */
function mirrored(pos: Position): Position {
  const count = squaresOf(RULE_SETS[pos.variant]).count;
  const swap: Record<Piece, Piece> = { w: 'b', b: 'w', W: 'B', B: 'W' };
  return positionOf(
    pos.variant,
    pieces(pos).map((p) => ({ square: count + 1 - p.square, piece: swap[p.piece] })),
    pos.turn === 0 ? 1 : 0,
  );
}

describe('evaluation', () => {
  it('is the same for both sides of the same position (the board turned round, colours swapped)', () => {
    for (const game of allDraughtsGames()) {
      const rng = createRng(game.info.id);
      let s = game.initial();
      expect(evaluate(s.position, game.giveaway)).toBe(0);
      for (let ply = 0; ply < 100 && !game.outcome(s); ply++) {
        expect(evaluate(mirrored(s.position), game.giveaway)).toBe(evaluate(s.position, game.giveaway));
        s = game.play(s, rng.pick(game.legalMoves(s)));
      }
    }
  });

  it('counts material: a man up is good, a king more than a man, and more still when kings fly', () => {
    for (const v of VARIANT_IDS) {
      const t = evalTables(RULE_SETS[v], false);
      expect(t.kingValue).toBeGreaterThan(t.manValue);
    }
    expect(evalTables(RULE_SETS.international, false).kingValue).toBeGreaterThan(
      evalTables(RULE_SETS.russian, false).kingValue,
    );
    expect(evalTables(RULE_SETS.russian, false).kingValue).toBeGreaterThan(evalTables(RULE_SETS.thai, false).kingValue);
    expect(evalTables(RULE_SETS.thai, false).kingValue).toBeGreaterThan(evalTables(RULE_SETS.english, false).kingValue);
    // International: White a man up in a quiet position.
    const up = fen('W:W31,32,33,34:B18,19,20', 'international');
    expect(evaluate(up)).toBeGreaterThan(60);
    // The same with Black to move: the score is Black's, so negative.
    expect(evaluate({ ...up, turn: 1 })).toBeLessThan(-60);
  });

  it('give-away turns the goal round: fewer pieces and fewer moves are better (manual 3.2.2)', () => {
    const up = fen('W:W31,32,33,34:B18,19,20', 'international');
    expect(evaluate(up, true)).toBeLessThan(-60);
    // A blocked man is worth having in give-away, a mobile one is not.
    const blocked = fen('W:W46:B41,37', 'international'); // White's man on 46 cannot move (41 taken, 37 behind it)
    const free = fen('W:W48:B41,37', 'international');
    expect(evaluate(blocked, true)).toBeGreaterThan(evaluate(free, true));
  });

  it('rewards tempo: advanced men are worth more, and more so as the board empties', () => {
    const back = evaluate(fen('W:W46:B5', 'international'));
    const forward = evaluate(fen('W:W26:B5', 'international'));
    expect(forward).toBeGreaterThan(back);
    const t = evalTables(RULE_SETS.international, false);
    const crowded = psqTotals(t, fen('W:W26,31-35:B1-5,16', 'international').bits);
    expect(crowded.advance).toBeGreaterThan(0);
  });

  it('values the back-rank guard and the centre', () => {
    // A man on its own back row (46-50 for White) against the same man one row up on the edge.
    const t = evalTables(RULE_SETS.international, false);
    const guard = psqTotals(t, fen('W:W47:B1', 'international').bits).psq;
    const edge = psqTotals(t, fen('W:W36:B1', 'international').bits).psq;
    expect(guard).toBeGreaterThan(edge);
    const centre = psqTotals(t, fen('W:W28:B1', 'international').bits).psq;
    expect(centre).toBeGreaterThan(edge);
  });

  it('sees a runaway man: one step from the far row with a free square ahead', () => {
    // White's man on 6 steps only to 1: free with Black's men on 2 and 4, stopped with them on 1 and 4.
    const runaway = evaluate(fen('W:W6:B2,4', 'international'));
    const stopped = evaluate(fen('W:W6:B1,4', 'international'));
    expect(runaway).toBeGreaterThan(stopped);
  });

  it('scores a lone king against too few kings as nearly a draw (manual 1.1: two, three or four kings)', () => {
    // International: three kings cannot catch one; four can.
    const three = evaluate(fen('W:WK46,K47,K48:BK5', 'international'));
    const four = evaluate(fen('W:WK46,K47,K48,K49:BK5', 'international'));
    expect(Math.abs(three)).toBeLessThan(100);
    expect(four).toBeGreaterThan(500);
    // English: two one-step kings catch one.
    expect(evaluate(fen('W:WK29,K30:BK4', 'english'))).toBeGreaterThan(100);
  });

  it('prefers the side with more moves (a blocked side has lost)', () => {
    // Same material and advance; White's men on 21 and 25 are jammed against Black's on 17 and 14.
    const jammed = evaluate(fen('W:W21,25:B17,14', 'english'));
    const open = evaluate(fen('W:W24,28:B17,14', 'english'));
    expect(open).toBeGreaterThan(jammed);
  });
});
