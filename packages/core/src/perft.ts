import type { Game } from './game.js';

/**
 * Counts the leaf nodes of the legal-move tree to `depth` plies (bulk counting at the last ply).
 * Uses the game's own fast counter when it has one; `perftGeneric` always walks the contract.
 */
export function perft<S, M>(game: Game<S, M>, s: S, depth: number): number {
  if (game.perft) return game.perft(s, depth);
  return perftGeneric(game, s, depth);
}

export function perftGeneric<S, M>(game: Game<S, M>, s: S, depth: number): number {
  if (depth <= 0) return 1;
  const moves = game.legalMoves(s);
  if (depth === 1) return moves.length;
  let nodes = 0;
  for (const m of moves) nodes += perftGeneric(game, game.play(s, m), depth - 1);
  return nodes;
}

export interface DivideLine {
  readonly move: string;
  readonly nodes: number;
}

/** Perft split by first move, in the game's notation, in legal-move order. */
export function divide<S, M>(game: Game<S, M>, s: S, depth: number): DivideLine[] {
  if (depth <= 0) return [];
  return game.legalMoves(s).map((m) => ({
    move: game.formatMove(s, m),
    nodes: perft(game, game.play(s, m), depth - 1),
  }));
}
