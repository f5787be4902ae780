/**
 * The pairing rules on their own: Swiss, round robin, knockout and arena pairings, and the standings' tie-breaks,
 * with properties over random results (fast-check).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  arenaScores,
  bracketOrder,
  crosstableOf,
  nextStep,
  seatBalance,
  standingsOf,
  type Entrant,
  type NewPairing,
  type Pairing,
  type PairingResult,
  type TournamentKind,
} from './index.js';

const entrants = (n: number): Entrant[] => Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, seed: i + 1 }));

/** Results drawn from `pick` (0: seat 0 wins, 1: draw, 2: seat 1 wins), a bye a win. */
function resultOf(p: NewPairing, pick: number): PairingResult {
  if (p.players[1] === null) return { score: [1, 0] };
  return { score: pick === 0 ? [1, 0] : pick === 1 ? [0.5, 0.5] : [0, 1] };
}

/** Plays a tournament through `nextStep`, results from `picks` in turn, until it is over or `maxRounds`. */
function play(kind: TournamentKind, field: Entrant[], rounds: number, picks: readonly number[]): Pairing[] {
  const pairings: Pairing[] = [];
  let k = 0;
  for (let guard = 0; guard < 100; guard++) {
    const step = nextStep(kind, field, pairings, { rounds, open: false });
    if (step.kind !== 'pair') break;
    for (const p of step.pairings) {
      pairings.push({
        round: step.round,
        players: p.players,
        ...(p.leg ? { leg: p.leg } : {}),
        result: resultOf(p, picks[k++ % picks.length] ?? 0),
      });
    }
  }
  return pairings;
}

function pairKeys(pairings: readonly Pairing[]): string[] {
  return pairings.filter((p) => p.players[1] !== null).map((p) => [...p.players].sort().join('-'));
}

function seatBalances(field: readonly Entrant[], pairings: readonly Pairing[]): number[] {
  return field.map((e) =>
    seatBalance(
      pairings
        .filter((p) => p.players[1] !== null && p.players.includes(e.id))
        .map((p) => (p.players[0] === e.id ? 0 : 1)),
    ),
  );
}

describe('Swiss pairings', () => {
  it('7 players over 3 rounds: every round pairs everyone or gives one bye, no pairing repeats, one bye each at most, seats within one of even', () => {
    const field = entrants(7);
    const pairings = play('swiss', field, 3, [0, 2, 1, 0, 0, 2, 1, 2, 0, 1]);
    expect(Math.max(...pairings.map((p) => p.round))).toBe(3);
    for (let r = 1; r <= 3; r++) {
      const round = pairings.filter((p) => p.round === r);
      expect(
        round
          .flatMap((p) => p.players)
          .filter((x) => x !== null)
          .sort(),
      ).toEqual(field.map((e) => e.id).sort());
      expect(round.filter((p) => p.players[1] === null)).toHaveLength(1);
    }
    const keys = pairKeys(pairings);
    expect(new Set(keys).size).toBe(keys.length);
    const byes = pairings.filter((p) => p.players[1] === null).map((p) => p.players[0]);
    expect(new Set(byes).size).toBe(byes.length);
    for (const b of seatBalances(field, pairings)) expect(Math.abs(b)).toBeLessThanOrEqual(1);
  });

  it('round 1 folds the field: the top half meets the bottom half, 1 v 5, 2 v 6, … in a field of 8', () => {
    const step = nextStep('swiss', entrants(8), [], { rounds: 3, open: true });
    expect(step.kind === 'pair' && step.pairings.map((p) => [...p.players].sort())).toEqual([
      ['p1', 'p5'],
      ['p2', 'p6'],
      ['p3', 'p7'],
      ['p4', 'p8'],
    ]);
  });

  it('the bye goes to the lowest-ranked player who has not had one', () => {
    const field = entrants(5);
    const first = nextStep('swiss', field, [], { rounds: 3, open: true });
    expect(first.kind === 'pair' && first.pairings.find((p) => p.players[1] === null)?.players[0]).toBe('p5');
  });

  it('a withdrawn player is not paired again', () => {
    const field = entrants(6);
    const pairings = play('swiss', field, 1, [0]);
    const after = field.map((e) => (e.id === 'p2' ? { ...e, withdrawn: true } : e));
    const step = nextStep('swiss', after, pairings, { rounds: 3, open: true });
    expect(step.kind).toBe('pair');
    expect(step.kind === 'pair' && step.pairings.flatMap((p) => p.players)).not.toContain('p2');
  });

  it('property: while repeats are avoidable, none; one bye each at most; seat balance within two', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 20 }),
        fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 1, max: 9 }),
        (n, picks, wanted) => {
          // Dirac: with every player's unmet degree at least half the field, a repeat-free matching exists.
          const rounds = Math.max(1, Math.min(wanted, n % 2 === 0 ? n / 2 - 1 : (n - 3) / 2));
          const field = entrants(n);
          const pairings = play('swiss', field, rounds, picks);
          const keys = pairKeys(pairings);
          expect(new Set(keys).size).toBe(keys.length);
          const byes = pairings.filter((p) => p.players[1] === null).map((p) => p.players[0]);
          expect(new Set(byes).size).toBe(byes.length);
          for (const b of seatBalances(field, pairings)) expect(Math.abs(b)).toBeLessThanOrEqual(2);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('round robin', () => {
  it('property: everyone meets everyone exactly once, one bye a round when odd, seat balance within one', () => {
    for (let n = 2; n <= 14; n++) {
      const field = entrants(n);
      const pairings = play('round-robin', field, 0, [1]);
      const keys = pairKeys(pairings);
      expect(keys.length).toBe((n * (n - 1)) / 2);
      expect(new Set(keys).size).toBe(keys.length);
      const byes = pairings.filter((p) => p.players[1] === null).map((p) => p.players[0]);
      expect(byes.length).toBe(n % 2 === 1 ? n : 0);
      expect(new Set(byes).size).toBe(byes.length);
      for (const b of seatBalances(field, pairings)) expect(Math.abs(b)).toBeLessThanOrEqual(1);
    }
  });

  it("the crosstable of four players: each row holds the player's points against each other", () => {
    const field = entrants(4);
    // p1 beats everyone, p2 and p3 draw, the rest go to seat 0.
    const pairings: Pairing[] = [];
    for (let r = 1; ; r++) {
      const step = nextStep('round-robin', field, pairings, { rounds: 0, open: false });
      if (step.kind !== 'pair') break;
      for (const p of step.pairings) {
        const [a, b] = p.players as [string, string];
        const score: [number, number] =
          a === 'p1' ? [1, 0] : b === 'p1' ? [0, 1] : [a, b].sort().join() === 'p2,p3' ? [0.5, 0.5] : [1, 0];
        pairings.push({ round: r, players: [a, b], result: { score } });
      }
    }
    const table = crosstableOf(['p1', 'p2', 'p3', 'p4'], pairings);
    const against = (row: string, col: string): number | null | undefined =>
      table.find((t) => t.id === row)?.cells.find((c) => c.opponent === col)?.points;
    expect(against('p1', 'p2')).toBe(1);
    expect(against('p2', 'p1')).toBe(0);
    expect(against('p2', 'p3')).toBe(0.5);
    expect(against('p3', 'p2')).toBe(0.5);
    const standings = standingsOf('round-robin', field, pairings);
    expect(standings[0]?.id).toBe('p1');
    expect(standings[0]?.points).toBe(3);
    expect(standings.reduce((s, r) => s + r.points, 0)).toBe(6);
  });
});

describe('knockout', () => {
  it('a seeded bracket keeps 1 and 2 apart until the final', () => {
    expect(bracketOrder(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6]);
  });

  it('byes go to the top seeds, a drawn game is replayed seats reversed, and a drawn replay goes to the higher seed', () => {
    const field = entrants(6);
    const first = nextStep('knockout', field, [], { rounds: 0, open: true });
    expect(
      first.kind === 'pair' &&
        first.pairings
          .filter((p) => p.players[1] === null)
          .map((p) => p.players[0])
          .sort(),
    ).toEqual(['p1', 'p2']);
    // Every game drawn: replays, then the higher seeds go through; p1 wins.
    const pairings = play('knockout', field, 0, [1]);
    const replays = pairings.filter((p) => p.leg === 2);
    expect(replays.length).toBeGreaterThan(0);
    const firstLeg = pairings.find(
      (p) => p.round === replays[0]?.round && p.players.includes(replays[0]?.players[0] ?? '') && p.leg === undefined,
    );
    expect(replays[0]?.players).toEqual([firstLeg?.players[1], firstLeg?.players[0]]);
    const over = nextStep('knockout', field, pairings, { rounds: 0, open: true });
    expect(over).toEqual({ kind: 'over', winner: 'p1' });
  });
});

describe('arena', () => {
  it('pairs the free players, close scores first, not their last opponent; those in a game wait', () => {
    const field = entrants(5);
    const done = (round: number, a: string, b: string, score: [number, number]): Pairing => ({
      round,
      players: [a, b],
      result: { score },
    });
    const pairings: Pairing[] = [
      done(1, 'p1', 'p2', [1, 0]),
      done(1, 'p3', 'p4', [1, 0]),
      { round: 2, players: ['p5', 'p2'], result: null },
    ];
    const step = nextStep('arena', field, pairings, { rounds: 0, open: true });
    // Free: p1 (2), p3 (2), p4 (0). p1 and p3 are level: they meet; p4 waits.
    expect(step).toEqual({ kind: 'pair', round: 3, pairings: [{ players: ['p1', 'p3'] }] });
    // p1 and p2 have just played; with p3 and p4 in a game, they wait rather than meet again.
    const rematch: Pairing[] = [done(1, 'p1', 'p2', [1, 0]), { round: 1, players: ['p3', 'p4'], result: null }];
    expect(nextStep('arena', field.slice(0, 4), rematch, { rounds: 0, open: true })).toEqual({ kind: 'wait' });
  });

  it('scores a win 2, a draw 1, and doubles on a streak of two wins', () => {
    const field = entrants(2);
    const g = (r: number, score: [number, number]): Pairing => ({ round: r, players: ['p1', 'p2'], result: { score } });
    const s = arenaScores(field, [g(1, [1, 0]), g(2, [1, 0]), g(3, [1, 0]), g(4, [0.5, 0.5])]);
    expect(s.get('p1')).toBe(2 + 2 + 4 + 2);
    expect(s.get('p2')).toBe(1);
  });

  it('once its time is up, the arena waits for its games and is then over', () => {
    const field = entrants(4);
    const playing: Pairing[] = [{ round: 1, players: ['p1', 'p2'], result: null }];
    expect(nextStep('arena', field, playing, { rounds: 0, open: false })).toEqual({ kind: 'wait' });
    expect(
      nextStep('arena', field, [{ ...(playing[0] as Pairing), result: { score: [1, 0] } }], { rounds: 0, open: false }),
    ).toEqual({ kind: 'over' });
  });
});

describe('standings', () => {
  it('Buchholz, Median-Buchholz, Sonneborn-Berger and wins by their definitions', () => {
    const field = entrants(4);
    const g = (r: number, a: string, b: string, score: [number, number]): Pairing => ({
      round: r,
      players: [a, b],
      result: { score },
    });
    const pairings = [
      g(1, 'p1', 'p2', [1, 0]),
      g(1, 'p3', 'p4', [0.5, 0.5]),
      g(2, 'p1', 'p3', [0.5, 0.5]),
      g(2, 'p2', 'p4', [1, 0]),
      g(3, 'p4', 'p1', [0, 1]),
      g(3, 'p2', 'p3', [0, 1]),
    ];
    const s = new Map(standingsOf('swiss', field, pairings).map((r) => [r.id, r]));
    // Points: p1 2.5, p2 1, p3 2, p4 0.5.
    expect(s.get('p1')).toMatchObject({
      rank: 1,
      points: 2.5,
      buchholz: 1 + 2 + 0.5,
      medianBuchholz: 1,
      sonnebornBerger: 1 + 1 + 0.5,
      wins: 2,
    });
    expect(s.get('p3')).toMatchObject({
      rank: 2,
      points: 2,
      buchholz: 0.5 + 2.5 + 1,
      sonnebornBerger: 0.25 + 1.25 + 1,
    });
  });
});
