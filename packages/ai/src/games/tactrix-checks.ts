/**
 * One-move wins and losses in Tactrix!, judged through the public rules only (no search): the evidence that every
 * level above Dumb takes a win in one and stops a loss in one when it can. `findOneMovePositions` finds such
 * positions in seeded random games; the test data keeps what it found next to hand-made ones. The tests judge those
 * cases with an independent oracle (test-tactrix-oracle.ts) rather than with these functions, which use the engine.
 */
import { createRng } from '@tactica/core';
import {
  TactrixSearchPosition,
  legalMoves,
  outcomeOfState,
  play,
  tactrix,
  type TactrixMove,
  type TactrixState,
} from '@tactica/tactrix';
import { randomOpening } from '../match.js';
import { Searcher } from '../search.js';

/** The moves that win the game at once for the side to move (a king taken, or the opponent left without a move). */
export function winningMoves(s: TactrixState): TactrixMove[] {
  return legalMoves(s).filter((m) => {
    const o = outcomeOfState(play(s, m));
    return o?.kind === 'win' && o.winner === s.turn;
  });
}

/** True when, were it the opponent's turn now, the opponent could win at once: a threat the side to move must meet. */
export function threatened(s: TactrixState): boolean {
  if (outcomeOfState(s)) return false;
  const passed: TactrixState = { ...s, turn: s.turn === 0 ? 1 : 0, history: [] };
  return winningMoves(passed).length > 0;
}

/** True when, after `m`, the opponent cannot win at once (and `m` did not lose on its own). */
export function defends(s: TactrixState, m: TactrixMove): boolean {
  const next = play(s, m);
  const o = outcomeOfState(next);
  if (o) return o.kind === 'draw' || o.winner === s.turn;
  return winningMoves(next).length === 0;
}

export type OneMoveKind = 'win' | 'defend';

/**
 * `win`: the side to move can win at once. `defend`: it cannot, the opponent threatens to win at once, some move
 * stops the threat and some other move does not (so a careless choice loses). Otherwise undefined.
 */
function classifyOneMove(s: TactrixState): OneMoveKind | undefined {
  if (outcomeOfState(s)) return undefined;
  if (winningMoves(s).length > 0) return 'win';
  if (!threatened(s)) return undefined;
  const moves = legalMoves(s);
  let saving = 0;
  for (const m of moves) if (defends(s, m)) saving++;
  return saving > 0 && saving < moves.length ? 'defend' : undefined;
}

/** Positions of each kind met in seeded random games, at most `perKind` of each, from different games. */
export function findOneMovePositions(
  seed: number,
  perKind: number,
  maxGames = 2000,
): { readonly kind: OneMoveKind; readonly position: string }[] {
  const rng = createRng(seed);
  const found: { kind: OneMoveKind; position: string }[] = [];
  const count = { win: 0, defend: 0 };
  for (let game = 0; game < maxGames && (count.win < perKind || count.defend < perKind); game++) {
    let s = tactrix.initial();
    // One position of a kind per game, at a random ply past the opening, so the set is varied.
    const from = 10 + rng.int(60);
    const taken = { win: false, defend: false };
    for (let ply = 0; ply < 400 && !outcomeOfState(s); ply++) {
      if (ply >= from) {
        const kind = classifyOneMove(s);
        if (kind && !taken[kind] && count[kind] < perKind) {
          taken[kind] = true;
          count[kind]++;
          found.push({ kind, position: tactrix.formatPosition(s) });
        }
      }
      s = play(s, rng.pick(legalMoves(s)));
    }
  }
  return found;
}

/** Depth of the fixed search set. */
export const SEARCH_SET_DEPTH = 4;

/** The fixed search set: the start and five seeded openings of 18 to 42 random plies. */
export function searchSetPositions(): TactrixState[] {
  return [tactrix.initial(), ...[1, 2, 3, 4, 5].map((seed) => randomOpening(tactrix, seed, 12 + 6 * seed))];
}

/**
 * Nodes the searcher visits over the fixed search set, each position searched to `SEARCH_SET_DEPTH` from empty
 * tables: a deterministic number that changes only when the search, the evaluation, the move order or the rules do.
 */
export function searchSetNodes(): number {
  let nodes = 0;
  for (const s of searchSetPositions()) {
    const searcher = new Searcher({ ttLog2: 18 });
    nodes += searcher.search(new TactrixSearchPosition(s), { depth: SEARCH_SET_DEPTH }).nodes;
  }
  return nodes;
}
