/**
 * The rules of tournaments, pure: who meets whom next and how they stand. No I/O, no clock: the service
 * (../service.ts) gives the entrants and every pairing with its result, and makes games of what comes back.
 *
 *   const step = nextStep('swiss', entrants, pairings, { rounds: 5, open: true });
 *   if (step.kind === 'pair') … // make step.pairings, round step.round
 */
import { arenaPairings } from './arena.js';
import { knockoutStep } from './knockout.js';
import { roundRobinRound, roundRobinRounds } from './round-robin.js';
import type { TournamentKind } from './standings.js';
import { swissRound } from './swiss.js';
import type { Entrant, NewPairing, Pairing } from './types.js';

export * from './types.js';
export { arenaScores } from './arena.js';
export { bracketOrder } from './knockout.js';
export { roundRobinRounds } from './round-robin.js';
export { crosstableOf, standingsOf, TOURNAMENT_KINDS } from './standings.js';
export type { CrossCell, Standing, TournamentKind } from './standings.js';

export type Step =
  /** Make these pairings, of round `round`. */
  | { readonly kind: 'pair'; readonly round: number; readonly pairings: readonly NewPairing[] }
  /** Games are being played; nothing to do until one ends. */
  | { readonly kind: 'wait' }
  /** The tournament is over (knockout: with its winner). */
  | { readonly kind: 'over'; readonly winner?: string };

export interface StepContext {
  /** Swiss: the rounds to play. */
  readonly rounds: number;
  /** Arena: whether its time is still running (new games are made only then). */
  readonly open: boolean;
}

/** What comes next, given the entrants (seeded) and every pairing so far. */
export function nextStep(
  kind: TournamentKind,
  entrants: readonly Entrant[],
  pairings: readonly Pairing[],
  context: StepContext,
): Step {
  const current = pairings.reduce((r, p) => Math.max(r, p.round), 0);
  const playing = pairings.some((p) => !p.result);
  const still = entrants.filter((e) => !e.withdrawn).length;
  switch (kind) {
    case 'knockout': {
      const step = knockoutStep(entrants, pairings);
      return step.kind === 'over' ? (step.winner ? { kind: 'over', winner: step.winner } : { kind: 'over' }) : step;
    }
    case 'arena': {
      if (context.open && still >= 2) {
        const made = arenaPairings(entrants, pairings);
        if (made.length > 0) return { kind: 'pair', round: current + 1, pairings: made };
      }
      return playing || context.open ? { kind: 'wait' } : { kind: 'over' };
    }
    case 'swiss': {
      if (playing) return { kind: 'wait' };
      if (current >= context.rounds || still < 2) return { kind: 'over' };
      return { kind: 'pair', round: current + 1, pairings: swissRound(entrants, pairings, current + 1) };
    }
    case 'round-robin': {
      if (playing) return { kind: 'wait' };
      // The schedule is fixed by the starting list: withdrawn players keep their places (their games are forfeited).
      const ids = [...entrants].sort((a, b) => a.seed - b.seed).map((e) => e.id);
      if (current >= roundRobinRounds(ids.length) || still < 2) return { kind: 'over' };
      return { kind: 'pair', round: current + 1, pairings: roundRobinRound(ids, current + 1) };
    }
  }
}

/** The rounds a tournament of `kind` with `count` entrants plays (arena: none counted; Swiss: as set). */
export function roundsFor(kind: TournamentKind, count: number, swissRounds: number): number {
  if (kind === 'round-robin') return roundRobinRounds(count);
  if (kind === 'swiss') return swissRounds;
  if (kind === 'knockout') return count < 2 ? 0 : Math.ceil(Math.log2(count));
  return 0;
}
