import { describe, expect, it } from 'vitest';
import { NEW_PLAYER, updateGlicko } from './glicko2.js';

describe('Glicko-2', () => {
  it("reproduces the worked example of Glickman's paper (1500/200 against 1400/30, 1550/100, 1700/300)", () => {
    const r = updateGlicko({ rating: 1500, deviation: 200, volatility: 0.06 }, [
      { opponent: { rating: 1400, deviation: 30, volatility: 0.06 }, score: 1 },
      { opponent: { rating: 1550, deviation: 100, volatility: 0.06 }, score: 0 },
      { opponent: { rating: 1700, deviation: 300, volatility: 0.06 }, score: 0 },
    ]);
    expect(r.rating).toBeCloseTo(1464.06, 1);
    expect(r.deviation).toBeCloseTo(151.52, 1);
    expect(r.volatility).toBeCloseTo(0.05999, 4);
  });

  it('a win raises, a loss lowers, a draw between equals changes nothing but the deviation', () => {
    const opponent = NEW_PLAYER;
    expect(updateGlicko(NEW_PLAYER, [{ opponent, score: 1 }]).rating).toBeGreaterThan(1500);
    expect(updateGlicko(NEW_PLAYER, [{ opponent, score: 0 }]).rating).toBeLessThan(1500);
    const drawn = updateGlicko(NEW_PLAYER, [{ opponent, score: 0.5 }]);
    expect(drawn.rating).toBeCloseTo(1500, 6);
    expect(drawn.deviation).toBeLessThan(350);
  });
});
