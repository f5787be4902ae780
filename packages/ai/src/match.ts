import { createRng, type Game, type Player } from '@tactica/core';

/** A player in a match: a name and a move chooser (usually an engine at a level). */
export interface MatchPlayer<S, M> {
  readonly name: string;
  choose(s: S, seed: number): M;
}

export interface MatchOptions {
  readonly games: number;
  readonly seed?: number;
  /** Random plies from the start before the players take over, so games differ (varied openings). */
  readonly openingPlies?: number;
  /** Adjudicate as a draw after this many plies. */
  readonly maxPlies?: number;
  /**
   * Games not to play, from the first: their openings and seeds are still drawn, so the games played are the same
   * as in the whole match (to resume a match that was stopped after that many games).
   */
  readonly skipGames?: number;
  /** Called after each game. */
  readonly onGame?: (g: MatchGame) => void;
}

export interface MatchGame {
  readonly index: number;
  /** Which seat A played. */
  readonly aSeat: Player;
  /** 1 A won, 0.5 draw, 0 A lost. */
  readonly aPoints: number;
  readonly reason: string;
  readonly plies: number;
}

export interface MatchResult {
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  readonly games: readonly MatchGame[];
}

/**
 * Plays a self-play match of a sequential game: each opening (seeded random plies) is played twice with colours
 * swapped, so neither side profits from a lopsided opening.
 */
export function playMatch<S, M>(
  game: Game<S, M>,
  a: MatchPlayer<S, M>,
  b: MatchPlayer<S, M>,
  options: MatchOptions,
  /** Where every game starts before its random opening plies (default: the game's initial position). */
  start: S = game.initial(),
): MatchResult {
  const rng = createRng(options.seed ?? 1);
  const openingPlies = options.openingPlies ?? 4;
  const maxPlies = options.maxPlies ?? 400;
  const games: MatchGame[] = [];
  let wins = 0;
  let draws = 0;
  let losses = 0;
  let opening: S = start;
  for (let index = 0; index < options.games; index++) {
    const aSeat: Player = index % 2 === 0 ? 0 : 1;
    if (index % 2 === 0) opening = randomOpening(game, rng.next(), openingPlies, start);
    let s = opening;
    let plies = 0;
    const seed = rng.next();
    if (index < (options.skipGames ?? 0)) continue;
    while (!game.outcome(s) && plies < maxPlies) {
      const mover = game.toMove(s)[0] ?? 0;
      const player = mover === aSeat ? a : b;
      s = game.play(s, player.choose(s, (seed + plies) >>> 0));
      plies++;
    }
    const o = game.outcome(s);
    const aPoints = !o || o.kind === 'draw' ? 0.5 : o.winner === aSeat ? 1 : 0;
    if (aPoints === 1) wins++;
    else if (aPoints === 0) losses++;
    else draws++;
    const g: MatchGame = { index, aSeat, aPoints, reason: o ? o.reason : 'adjudicated', plies };
    games.push(g);
    options.onGame?.(g);
  }
  return { wins, draws, losses, games };
}

/** A start position after `plies` random legal moves (fewer if the game would end). */
export function randomOpening<S, M>(game: Game<S, M>, seed: number, plies: number, start: S = game.initial()): S {
  const rng = createRng(seed);
  let s = start;
  for (let i = 0; i < plies; i++) {
    const moves = game.legalMoves(s);
    if (moves.length === 0) break;
    const next = game.play(s, rng.pick(moves));
    if (game.outcome(next)) break;
    s = next;
  }
  return s;
}
