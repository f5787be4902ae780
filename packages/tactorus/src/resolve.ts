/**
 * Resolving a round: all orders of both players are carried out at once, then the capture stage, then the
 * elimination stage (manual, "Tactorus Rules": the two-stage process; docs/rules/tactorus.md "Resolution").
 *
 * The result depends only on the sets of orders, never on the order they were scheduled in: each piece's square
 * in the next round is written into a per-player table, and both stages read whole tables. "All Tactorus game
 * pieces are effectively moved in parallel."
 *
 * The work happens in preallocated typed arrays; the report of what met where is built only when asked for.
 */
import { draw, win, type Outcome, type Player } from '@tactica/core';
import { EMPTY, KINDS, NEIGHBOUR_START, NEIGHBOURS, SQUARES, type Kind } from './board.js';
import { ROUND_LIMIT, type Order } from './state.js';

/** A square where pieces of both players ended the move (a mover met a mover or a stationary enemy). */
export interface Meeting {
  readonly square: number;
  /** The kinds that met: `[Player 1's, Player 2's]`. */
  readonly kinds: readonly [Kind, Kind];
  /** Where each piece came from (its own square when it did not move). */
  readonly from: readonly [number, number];
  /** Who kept the square; undefined when both were removed (like pieces). */
  readonly survivor: Player | undefined;
}

/** A piece removed in the elimination stage, with the enemy pieces next to it that removed it. */
export interface Elimination {
  readonly square: number;
  readonly player: Player;
  readonly kind: Kind;
  readonly by: readonly number[];
}

/** What happened in one round: everything here is public once the round has resolved. */
export interface RoundReport {
  /** The round number (1 for the first resolution). */
  readonly round: number;
  readonly orders: readonly [readonly Order[], readonly Order[]];
  readonly meetings: readonly Meeting[];
  readonly eliminated: readonly Elimination[];
  /** Set when the round ended the game. */
  readonly outcome?: Outcome;
}

export interface Resolution {
  readonly board: string;
  /** Set when the game ended with this round. */
  readonly outcome: Outcome | undefined;
}

// Kind codes inside the resolver: 0 empty, 1 flag, 2 artillery, 3 cavalry, 4 infantry.
const F = 1;
const A = 2;
const C = 3;
const I = 4;
const CODE_OF: Readonly<Record<Kind, number>> = { F, A, C, I };
const KIND_OF_CODE: readonly Kind[] = ['F', 'F', 'A', 'C', 'I'];

/**
 * The capture stage's table (manual, capture rules 1–5): `BEATS[a * 5 + b]` is 1 when kind `a` removes kind `b`
 * on a shared square. Like kinds remove each other (rule 1), so `BEATS[k * 5 + k]` is 1 too.
 */
const BEATS = (() => {
  const t = new Uint8Array(25);
  const set = (a: number, b: number): void => {
    t[a * 5 + b] = 1;
  };
  for (const k of [F, A, C, I]) set(k, k); // 1. like pieces are mutually removed
  for (const k of [F, A, C]) set(I, k); // 2. infantry removes all others
  set(C, A); // 3. cavalry removes artillery only
  // 4. artillery removes none
  set(F, C); // 5. the flags remove cavalry and artillery
  set(F, A);
  return t;
})();

/** True when a piece of kind `a` removes a piece of kind `b` that ends on its square. */
export function beats(a: Kind, b: Kind): boolean {
  return BEATS[CODE_OF[a] * 5 + CODE_OF[b]] === 1;
}

/** Per character code: 0 for no piece, else owner * 8 + kind code. */
const PIECE_INFO = (() => {
  const t = new Uint8Array(128);
  for (const k of KINDS) {
    t[k.charCodeAt(0)] = CODE_OF[k];
    t[k.toLowerCase().charCodeAt(0)] = 8 + CODE_OF[k];
  }
  return t;
})();
/** Player 1's character code of each kind code. */
const CHAR_CODE = Uint8Array.from([0, 70, 65, 67, 73]); // F A C I
const EMPTY_CODE = EMPTY.charCodeAt(0);
const out = new Uint8Array(SQUARES);

// Scratch tables, one pair per player: the square each piece occupies after moving, then after each stage.
const next = [new Uint8Array(SQUARES), new Uint8Array(SQUARES)] as const;
const origin = [new Int8Array(SQUARES), new Int8Array(SQUARES)] as const;
const eliminate = [new Uint8Array(SQUARES), new Uint8Array(SQUARES)] as const;

/**
 * Carries out a round. `orders` must be legal for `board` (each player's targets distinct and never on a square
 * that player keeps), as scheduling guarantees. `round` is the number of this round (1 for the first).
 */
export function resolveRound(
  board: string,
  orders: readonly [readonly Order[], readonly Order[]],
  round: number,
): Resolution {
  return resolve(board, orders, round, undefined);
}

/** `resolveRound` plus the report of what met where and what was eliminated. */
export function resolveRoundWithReport(
  board: string,
  orders: readonly [readonly Order[], readonly Order[]],
  round: number,
): Resolution & { readonly report: RoundReport } {
  const report = {
    round,
    orders: [[...orders[0]], [...orders[1]]] as const,
    meetings: [] as Meeting[],
    eliminated: [] as Elimination[],
  };
  const r = resolve(board, orders, round, report);
  return { ...r, report: r.outcome ? { ...report, outcome: r.outcome } : report };
}

function resolve(
  board: string,
  orders: readonly [readonly Order[], readonly Order[]],
  round: number,
  report: { meetings: Meeting[]; eliminated: Elimination[] } | undefined,
): Resolution {
  // Movement: every piece to its square in the next round.
  for (const p of [0, 1] as const) {
    next[p].fill(0);
    origin[p].fill(-1);
  }
  for (let sq = 0; sq < SQUARES; sq++) {
    const info = PIECE_INFO[board.charCodeAt(sq)] as number;
    if (info === 0) continue;
    const p = info >> 3;
    next[p as Player][sq] = info & 7;
    origin[p as Player][sq] = sq;
  }
  for (const p of [0, 1] as const) {
    const n = next[p];
    const o = origin[p];
    // Clear the squares of ordered pieces first, so that chain moves into a vacated square are not undone.
    for (const ord of orders[p]) {
      n[ord.from] = 0;
      o[ord.from] = -1;
    }
    for (const ord of orders[p]) {
      n[ord.to] = (PIECE_INFO[board.charCodeAt(ord.from)] as number) & 7;
      o[ord.to] = ord.from;
    }
  }

  // Capture stage: on each shared square, the rules 1–5 table decides who is removed.
  const n0 = next[0];
  const n1 = next[1];
  let flagsMet = false;
  const flagTaken = [false, false];
  for (let sq = 0; sq < SQUARES; sq++) {
    const a = n0[sq] as number;
    const b = n1[sq] as number;
    if (a === 0 || b === 0) continue;
    const removeB = BEATS[a * 5 + b] === 1;
    const removeA = BEATS[b * 5 + a] === 1;
    if (a === F && b === F) flagsMet = true;
    else if (b === F && removeB) flagTaken[1] = true;
    else if (a === F && removeA) flagTaken[0] = true;
    if (report) {
      report.meetings.push({
        square: sq,
        kinds: [KIND_OF_CODE[a] as Kind, KIND_OF_CODE[b] as Kind],
        from: [origin[0][sq] as number, origin[1][sq] as number],
        survivor: removeA && removeB ? undefined : removeA ? 1 : 0,
      });
    }
    if (removeA) n0[sq] = 0;
    if (removeB) n1[sq] = 0;
  }

  // Elimination stage, judged all at once on the capture stage's result: infantry next to enemy cavalry or
  // artillery, and cavalry next to enemy artillery, are not copied to the next round.
  for (const p of [0, 1] as const) {
    const own = next[p];
    const enemy = next[p === 0 ? 1 : 0];
    const out = eliminate[p];
    out.fill(0);
    for (let sq = 0; sq < SQUARES; sq++) {
      const k = own[sq] as number;
      if (k !== I && k !== C) continue;
      let by: number[] | undefined;
      for (let i = NEIGHBOUR_START[sq] as number; i < (NEIGHBOUR_START[sq + 1] as number); i++) {
        const nb = NEIGHBOURS[i] as number;
        const e = enemy[nb] as number;
        if (e === A || (k === I && e === C)) {
          out[sq] = 1;
          if (!report) break;
          (by ??= []).push(nb);
        }
      }
      if (report && by) report.eliminated.push({ square: sq, player: p, kind: KIND_OF_CODE[k] as Kind, by });
    }
  }
  if (report) report.eliminated.sort((x, y) => x.square - y.square || x.player - y.player);

  let infantry0 = 0;
  let infantry1 = 0;
  for (let sq = 0; sq < SQUARES; sq++) {
    let c = EMPTY_CODE;
    const k0 = n0[sq] as number;
    const k1 = n1[sq] as number;
    if (k0 !== 0 && !eliminate[0][sq]) {
      c = CHAR_CODE[k0] as number;
      if (k0 === I) infantry0++;
    } else if (k1 !== 0 && !eliminate[1][sq]) {
      c = (CHAR_CODE[k1] as number) + 32; // lower case for Player 2
      if (k1 === I) infantry1++;
    }
    out[sq] = c;
  }
  return {
    board: String.fromCharCode(...out),
    outcome: roundOutcome(flagsMet, flagTaken, infantry0, infantry1, round),
  };
}

/**
 * The end rules (manual, "The goal" and the four ties; docs/rules/tactorus.md "End"): a flag taken by
 * infantry wins, even when that infantry is then eliminated; both flags taken, or the flags meeting, is a tie;
 * both sides without infantry is a tie; after round 50 the side with more infantry wins **(ours)**, equal is a tie.
 */
function roundOutcome(
  flagsMet: boolean,
  flagTaken: readonly boolean[],
  i0: number,
  i1: number,
  round: number,
): Outcome | undefined {
  if (flagsMet) return draw('flags-met');
  if (flagTaken[0] && flagTaken[1]) return draw('both-flags-captured');
  if (flagTaken[1]) return win(0, 'flag-captured');
  if (flagTaken[0]) return win(1, 'flag-captured');
  if (i0 === 0 && i1 === 0) return draw('no-infantry');
  if (round >= ROUND_LIMIT) {
    if (i0 === i1) return draw('round-limit');
    return win(i0 > i1 ? 0 : 1, 'round-limit');
  }
  return undefined;
}
