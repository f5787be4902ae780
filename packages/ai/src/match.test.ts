import { nim, type NimState } from '@tactica/core/test-games';
import { describe, expect, it } from 'vitest';
import { eloFromScore, estimateElo } from './elo.js';
import { playMatch, type MatchPlayer } from './match.js';

describe('Elo from match scores', () => {
  it('an even score is 0 Elo; 75% is about +191', () => {
    expect(eloFromScore(0.5)).toBeCloseTo(0, 6);
    expect(eloFromScore(0.75)).toBeCloseTo(190.85, 1);
    expect(eloFromScore(1)).toBe(Infinity);
  });
  it('the margin narrows as games accumulate', () => {
    const small = estimateElo({ wins: 6, draws: 2, losses: 2 });
    const large = estimateElo({ wins: 60, draws: 20, losses: 20 });
    expect(small.score).toBeCloseTo(0.7);
    expect(large.elo).toBeCloseTo(small.elo, 6);
    expect(large.margin).toBeLessThan(small.margin);
    expect(small.low).toBeLessThan(small.elo);
    expect(small.high).toBeGreaterThan(small.elo);
  });
  it('near a sweep the interval is lopsided, open at the far end', () => {
    // +0 =3 -45: the score's interval reaches below 0, so no Elo is too low; its near end stays finite.
    const e = estimateElo({ wins: 0, draws: 3, losses: 45 });
    expect(e.low).toBe(-Infinity);
    expect(e.high).toBeGreaterThan(e.elo);
    expect(e.high).toBeLessThan(-400);
    // A clean sweep has no spread: its interval still has a finite near end (Wilson's), here about -318.
    const swept = estimateElo({ wins: 0, draws: 0, losses: 24 });
    expect(swept.low).toBe(-Infinity);
    expect(swept.high).toBeGreaterThan(-330);
    expect(swept.high).toBeLessThan(-300);
    const even = estimateElo({ wins: 10, draws: 20, losses: 10 });
    expect(even.high).toBeCloseTo(-even.low, 6);
  });
});

describe('self-play matches', () => {
  // In Nim (take 1-3, last stone wins) the perfect player leaves a multiple of 4.
  const perfect: MatchPlayer<NimState, number> = {
    name: 'perfect',
    choose: (s) => (s.stones % 4 === 0 ? 1 : s.stones % 4),
  };
  const naive: MatchPlayer<NimState, number> = { name: 'naive', choose: () => 1 };

  it('alternates colours over repeated openings and scores the games', () => {
    const r = playMatch(nim, perfect, naive, { games: 10, openingPlies: 0, seed: 3 });
    expect(r.games.map((g) => g.aSeat)).toEqual([0, 1, 0, 1, 0, 1, 0, 1, 0, 1]);
    // From 10 stones the first player wins with perfect play; as second player, naive play lets perfect win too.
    expect(r.wins).toBe(10);
  });

  it('plays every game from the given start position', () => {
    const r = playMatch(nim, perfect, perfect, { games: 4, openingPlies: 0 }, { stones: 4, toMove: 0 });
    // With 4 stones the player to move loses to perfect play: A wins only as the second player.
    expect(r.games.map((g) => g.aPoints)).toEqual([0, 1, 0, 1]);
  });

  it('is reproducible from its seed', () => {
    const a = playMatch(nim, perfect, naive, { games: 6, openingPlies: 2, seed: 9 });
    const b = playMatch(nim, perfect, naive, { games: 6, openingPlies: 2, seed: 9 });
    expect(a).toEqual(b);
  });

  it('resumes: skipping the first games plays the rest exactly as the whole match does', () => {
    // A player whose choice depends on the seed it is given, so a resumed game must get the same seeds.
    const seeded: MatchPlayer<NimState, number> = {
      name: 'seeded',
      choose: (s, seed) => 1 + (seed % Math.min(3, s.stones)),
    };
    const whole = playMatch(nim, seeded, perfect, { games: 7, openingPlies: 2, seed: 5 }, { stones: 21, toMove: 0 });
    const resumed = playMatch(
      nim,
      seeded,
      perfect,
      { games: 7, openingPlies: 2, seed: 5, skipGames: 3 },
      { stones: 21, toMove: 0 },
    );
    expect(resumed.games).toEqual(whole.games.slice(3));
    expect(resumed.wins + resumed.draws + resumed.losses).toBe(4);
  });
});
