import { describe, expect, it } from 'vitest';
import { eloFromScore, formatElo, formatPairCounts, matchElo, pairCounts } from './elo.js';

// The figures below were worked out by hand from the formulas (mean score ± 1.96 standard errors, then
// Elo = -400 log10(1/s - 1)), not by this code.
describe('the Elo difference of a match and its 95% interval', () => {
  it('Elo from a score: 75% is 400 log10(3), 50% is 0, a sweep is infinite', () => {
    expect(eloFromScore(0.75)).toBeCloseTo(190.8485, 3);
    expect(eloFromScore(0.5)).toBe(0);
    expect(eloFromScore(1)).toBe(Infinity);
    expect(eloFromScore(0)).toBe(-Infinity);
  });

  it('trinomial: 10 wins, 10 draws, 10 losses unpaired is 0 ± 104.6', () => {
    const points = [...Array<number>(10).fill(1), ...Array<number>(10).fill(0.5), ...Array<number>(10).fill(0)];
    const e = matchElo(points, false);
    expect(e).toMatchObject({ wins: 10, draws: 10, losses: 10, score: 0.5, elo: 0, model: 'trinomial', samples: 30 });
    expect(e.low).toBeCloseTo(-104.5599, 3);
    expect(e.high).toBeCloseTo(104.5599, 3);
  });

  it('pentanomial: four pairs scoring ½, 2, 1, ½ of 2 give 56.25%, +43.7 (−150.9 to +274.8)', () => {
    const points = [1, 0, 1, 1, 0.5, 0.5, 0, 0.5];
    const e = matchElo(points, true);
    expect(e).toMatchObject({ wins: 3, draws: 3, losses: 2, score: 0.5625, model: 'pentanomial', samples: 4 });
    expect(e.elo).toBeCloseTo(43.6578, 3);
    expect(e.low).toBeCloseTo(-150.9149, 3);
    expect(e.high).toBeCloseTo(274.8154, 3);
    expect(e.pairs).toEqual([0, 1, 2, 0, 1]);
    // The same games counted one by one: the same score, a wider interval here (−153.8 to +279.1).
    const t = matchElo(points, false);
    expect(t.model).toBe('trinomial');
    expect(t.low).toBeCloseTo(-153.8372, 3);
    expect(t.high).toBeCloseTo(279.1373, 3);
  });

  it('an odd last game, one pair only, or pairs all alike fall back on the games', () => {
    expect(matchElo([1, 0, 1, 1, 0.5], true).model).toBe('trinomial');
    expect(matchElo([1, 0], true).model).toBe('trinomial');
    expect(matchElo([1, 0, 0, 1, 0.5, 0.5], true).model).toBe('trinomial');
    // A sweep: the games' spread is nil, so the far end is the Wilson interval's (0 of 24: about -318).
    const swept = matchElo(Array<number>(24).fill(0), true);
    expect(swept.elo).toBe(-Infinity);
    expect(swept.high).toBeCloseTo(-318, -1);
  });

  it("counts the pairs by Tactica's points of 2, which alone give the pentanomial figure", () => {
    // Pairs scoring 1 (a win and a loss), 2, 1 (two draws), ½, 0 and 1½.
    const points = [1, 0, 1, 1, 0.5, 0.5, 0, 0.5, 0, 0, 1, 0.5];
    expect(pairCounts(points)).toEqual([1, 1, 2, 1, 1]);
    expect(formatPairCounts([1, 1, 2, 1, 1])).toBe("pairs by Tactica's points of 2: 0 ×1, ½ ×1, 1 ×2, 1½ ×1, 2 ×1");
    // Games in another order with the same pair counts give the same interval: the counts are all it needs.
    const same = [0.5, 1, 1, 0, 0, 0, 0.5, 0.5, 1, 1, 0.5, 0];
    expect(pairCounts(same)).toEqual([1, 1, 2, 1, 1]);
    expect(matchElo(same, true)).toMatchObject({ low: matchElo(points, true).low, high: matchElo(points, true).high });
    // Not whole pairs: no counts, and none asked for when unpaired.
    expect(pairCounts([1, 0, 1])).toBeUndefined();
    expect(pairCounts([])).toBeUndefined();
    expect(matchElo(points, false).pairs).toBeUndefined();
  });

  it('prints signed, rounded, ±∞ or ?', () => {
    expect([formatElo(43.66), formatElo(-150.9), formatElo(Infinity), formatElo(-Infinity), formatElo(NaN)]).toEqual([
      '+44',
      '-151',
      '+∞',
      '-∞',
      '?',
    ]);
  });
});
