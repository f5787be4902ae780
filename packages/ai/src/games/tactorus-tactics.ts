/**
 * Test data for the Tactorus computer: positions where a player can capture the enemy flag for sure this round,
 * and positions where enemy infantry can take a player's flag but some square is out of every enemy infantry's
 * reach. Some are built by hand; the rest were found by `findTactics` over seeded playouts (levels 1 and 2, and 3
 * against 1; with Chain moves, without, and with Supply Lines: `node bench/ai-tactorus.js --find-tactics 12`) and
 * kept here as text (position text of position.ts, the player to choose for). No playout turned up a sure capture:
 * they need Chain moves and as many infantry as the enemy flag has squares, so those are built by hand.
 *
 * The checks (`sureCaptureExists`, `capturesForSure`, `flagDefenceExists`, `flagEndsSafe`) are written from the
 * rules alone, independently of the move generator's guard they test.
 */
import { createRng, type Player } from '@tactica/core';
import {
  checkOrder,
  formatPosition,
  isReachable,
  newGame,
  observe,
  ownerOf,
  pieceChar,
  playMove,
  SQUARES,
  TARGET_START,
  TARGETS,
  type Order,
  type Rules,
  type TactorusState,
} from '@tactica/tactorus';
import type { Engine } from '../engine.js';
import type { TactorusObservation } from '@tactica/tactorus';

export interface TacticsCase {
  readonly name: string;
  /** Position text (position.ts). */
  readonly position: string;
  /** The player who must find it: 1 or 2. */
  readonly player: 1 | 2;
  readonly kind: 'capture' | 'defend';
}

/** The squares a flag on `flag` may end the round on: its own, and every target a legal order may reach. */
function flagSquares(s: TactorusState, p: Player, flag: number): number[] {
  const out = [flag];
  for (let i = TARGET_START[flag] as number; i < (TARGET_START[flag + 1] as number); i++) {
    const to = TARGETS[i] as number;
    if (ownerOf(s.board[to]) === p && !s.rules.chain) continue;
    out.push(to);
  }
  return out;
}

/** True when some infantry of player `side` can end the round on `sq` (staying there, or by an order). */
function infantryCanEnd(s: TactorusState, side: Player, sq: number): boolean {
  const inf = pieceChar(side, 'I');
  for (let from = 0; from < SQUARES; from++) {
    if (s.board[from] !== inf) continue;
    if (from === sq) return true;
    if (!isReachable(from, sq)) continue;
    if (!s.rules.chain && ownerOf(s.board[sq]) === side) continue;
    return true;
  }
  return false;
}

/** Where player `p`'s pieces stand after `orders` (squares of infantry, and the flag's square). */
function endSquares(s: TactorusState, p: Player, orders: readonly Order[]): { infantry: Set<number>; flag: number } {
  const infantry = new Set<number>();
  let flag = -1;
  for (let sq = 0; sq < SQUARES; sq++) {
    const c = s.board[sq];
    if (ownerOf(c) !== p) continue;
    const o = orders.find((x) => x.from === sq);
    const end = o ? o.to : sq;
    if (c === pieceChar(p, 'I')) infantry.add(end);
    if (c === pieceChar(p, 'F')) flag = end;
  }
  return { infantry, flag };
}

/** Schedules `orders` for `p` through the rules engine; throws on the first illegal one. */
export function schedule(s: TactorusState, p: Player, orders: readonly Order[]): TactorusState {
  let t = s;
  for (const o of orders) {
    const problem = checkOrder(t, p, o.from, o.to);
    if (problem) throw new Error(`illegal order ${o.from}-${o.to}: ${problem.message}`);
    t = playMove(t, { type: 'order', player: p, ...o });
  }
  return t;
}

/** True when `orders` (legal for `p`) put an infantry on every square the enemy flag may end the round on. */
export function capturesForSure(s: TactorusState, p: Player, orders: readonly Order[]): boolean {
  const e: Player = p === 0 ? 1 : 0;
  const flag = s.board.indexOf(pieceChar(e, 'F'));
  if (flag < 0) return false;
  const { infantry } = endSquares(s, p, orders);
  return flagSquares(s, e, flag).every((sq) => infantry.has(sq));
}

/**
 * True when player `p` has a sure capture: a legal order set of infantry covering every square the enemy flag may
 * end on. Searched by backtracking over which infantry covers which square, each candidate set checked with the
 * rules (`checkOrder`) in every scheduling order that could work (orders into squares being vacated go last).
 */
export function sureCaptureExists(s: TactorusState, p: Player): boolean {
  const e: Player = p === 0 ? 1 : 0;
  const flag = s.board.indexOf(pieceChar(e, 'F'));
  if (flag < 0) return false;
  const targets = flagSquares(s, e, flag);
  const inf = pieceChar(p, 'I');
  const infantry: number[] = [];
  for (let sq = 0; sq < SQUARES; sq++) if (s.board[sq] === inf) infantry.push(sq);
  if (infantry.length < targets.length) return false;
  const used = new Set<number>();
  const orders: Order[] = [];
  const assign = (i: number): boolean => {
    if (i === targets.length) return schedulable(s, p, orders);
    const to = targets[i] as number;
    for (const from of infantry) {
      if (used.has(from)) continue;
      if (from !== to && !isReachable(from, to)) continue;
      used.add(from);
      if (from !== to) orders.push({ from, to });
      if (assign(i + 1)) return true;
      if (from !== to) orders.pop();
      used.delete(from);
    }
    return false;
  };
  return assign(0);
}

/**
 * True when the infantry orders can be scheduled, with other own pieces standing on covered squares moved out of
 * the way first (Chain moves) to any free square.
 */
function schedulable(s: TactorusState, p: Player, orders: readonly Order[]): boolean {
  const moving = new Set(orders.map((o) => o.from));
  const covered = new Set(orders.map((o) => o.to));
  const prefix: Order[] = [];
  for (const o of orders) {
    if (ownerOf(s.board[o.to]) !== p || moving.has(o.to)) continue;
    // An own piece that stays on a square to cover: it must move away first.
    let moved = false;
    for (let i = TARGET_START[o.to] as number; i < (TARGET_START[o.to + 1] as number) && !moved; i++) {
      const to = TARGETS[i] as number;
      if (covered.has(to) || ownerOf(s.board[to]) === p || prefix.some((x) => x.to === to)) continue;
      prefix.push({ from: o.to, to });
      moved = true;
    }
    if (!moved) return false;
  }
  let t = s;
  for (const o of prefix) {
    if (checkOrder(t, p, o.from, o.to)) return false;
    t = playMove(t, { type: 'order', player: p, ...o });
  }
  const pending = [...orders];
  while (pending.length > 0) {
    const i = pending.findIndex((o) => !checkOrder(t, p, o.from, o.to));
    if (i < 0) return false;
    const [o] = pending.splice(i, 1) as [Order];
    t = playMove(t, { type: 'order', player: p, ...o });
  }
  return true;
}

/** True when enemy infantry can take player `p`'s flag where it stands and some square it can reach is safe. */
export function flagDefenceExists(s: TactorusState, p: Player): boolean {
  const e: Player = p === 0 ? 1 : 0;
  const flag = s.board.indexOf(pieceChar(p, 'F'));
  if (flag < 0 || !infantryCanEnd(s, e, flag)) return false;
  for (let i = TARGET_START[flag] as number; i < (TARGET_START[flag + 1] as number); i++) {
    const to = TARGETS[i] as number;
    if (checkOrder(s, p, flag, to)) continue;
    if (!infantryCanEnd(s, e, to)) return true;
  }
  return false;
}

/** True when `orders` leave player `p`'s flag on a square no enemy infantry can end the round on. */
export function flagEndsSafe(s: TactorusState, p: Player, orders: readonly Order[]): boolean {
  const { flag } = endSquares(s, p, orders);
  return flag >= 0 && !infantryCanEnd(s, p === 0 ? 1 : 0, flag);
}

/**
 * Plays seeded games between two levels and collects positions (at the start of a round) where a player has a sure
 * capture or must save the flag and can. For refreshing the test data below.
 */
export function findTactics(
  engine: Engine<TactorusObservation, readonly Order[]>,
  levels: readonly [string, string],
  games: number,
  seed: number,
  rules?: Rules,
): TacticsCase[] {
  const rng = createRng(seed);
  const found: TacticsCase[] = [];
  for (let g = 0; g < games; g++) {
    let s = newGame(rules ? { rules } : {});
    while (!s.ended) {
      for (const p of [0, 1] as const) {
        const position = formatPosition(s);
        if (sureCaptureExists(s, p)) {
          found.push({
            name: `playout ${seed}/${g} round ${s.round + 1}`,
            position,
            player: p === 0 ? 1 : 2,
            kind: 'capture',
          });
        } else if (flagDefenceExists(s, p)) {
          found.push({
            name: `playout ${seed}/${g} round ${s.round + 1}`,
            position,
            player: p === 0 ? 1 : 2,
            kind: 'defend',
          });
        }
      }
      const orders = ([0, 1] as const).map((p) => engine.choose(observe(s, p), levels[p], { seed: rng.next() }).move);
      for (const p of [0, 1] as const) {
        for (const o of orders[p] as readonly Order[]) s = playMove(s, { type: 'order', player: p, ...o });
      }
      s = playMove(playMove(s, { type: 'done', player: 0 }), { type: 'done', player: 1 });
    }
  }
  return found;
}

/** The positions every level above the first must get right. */
export const TACTICS: readonly TacticsCase[] = [
  {
    name: 'hand: a flag ringed by infantry (Chain moves: 07→09 with 17→07 behind it, 28→08)',
    position:
      '.......Icf/.......III/.......III/........../........../........../........../........../........../....F..... 0 chain - -',
    player: 1,
    kind: 'capture',
  },
  {
    name: 'hand: infantry two squares above the flag; 93 and 95 are a knight’s jump from it',
    position:
      '....f...../........../........../........../........../........../........../....i...../........../....F..... 0 basic - -',
    player: 1,
    kind: 'defend',
  },
  {
    name: 'hand: Player 2’s flag threatened by the infantry on 25; 04 and 06, a knight’s jump from it, are safe',
    position:
      '.....f..../........../.....I..../...I....../........../........../........../........../........../....F..... 0 chain - -',
    player: 2,
    kind: 'defend',
  },
  {
    name: 'hand: Player 2’s cornered flag, its cavalry beside it (Chain moves): 22→00 with 33→22, 12→01, 21→10, 13→02, 31→11, 42→20',
    position:
      'fc......../..II....../.II......./.I.I....../..I......./........../........../........../........../....F..... 0 chain - -',
    player: 1,
    kind: 'capture',
  },
  {
    name: 'hand: the same turned round, for Player 2',
    position:
      '.....f..../........../........../........../........../.......i../......i.i./.......ii./......ii../........CF 0 chain - -',
    player: 2,
    kind: 'capture',
  },
  {
    name: 'playout 11/3 round 6',
    position:
      '.....f..../........../........../....c...../..c.a...../.......c../......aa../........../..c......./....F.i... 5 chain - -',
    player: 1,
    kind: 'defend',
  },
  {
    name: 'playout 11/4 round 9',
    position:
      '...IAf..../....CCA.../........../........../........../........../........../....a...../........../....F..... 8 chain - -',
    player: 2,
    kind: 'defend',
  },
  {
    name: 'playout 11/5 round 8',
    position:
      '.....f.A../....ICA.../...A.C.C../........../........../........../........../........../........../....F..... 7 chain - -',
    player: 2,
    kind: 'defend',
  },
  {
    name: 'playout 11/11 round 6',
    position:
      '.....f..../........../........../........../........../........../......c.../.ac.i...../.....a..../....F..... 5 chain - -',
    player: 1,
    kind: 'defend',
  },
  {
    name: 'playout 12/1 round 8',
    position:
      '.....f..../........../.....I..../........../.....I..../........../........../.....Aa.../..a......./I...F..... 7 chain - -',
    player: 2,
    kind: 'defend',
  },
  {
    name: 'playout 12/3 round 12',
    position:
      '.....f..../....I.C.../........../........../.......A../........../........../..a......./........../....F..... 11 chain - -',
    player: 2,
    kind: 'defend',
  },
  {
    name: 'playout 12/5 round 7',
    position:
      '.....f..../.....I..../.......A../........../......I.../....c...../....c...../..a......./...a....../...cF..... 6 chain - -',
    player: 2,
    kind: 'defend',
  },
  {
    name: 'playout 12/9 round 7',
    position:
      '.....f..../........../.....C.I../..C......./.C......../.......A../.I...A..../........../.I.I....../....F..a.. 6 chain - -',
    player: 2,
    kind: 'defend',
  },
  {
    name: 'playout 13/2 round 7',
    position:
      '..i.if..../....I...C./CA......C./........A./........../........../........../........../........../....F..... 6 basic - -',
    player: 2,
    kind: 'defend',
  },
  {
    name: 'playout 13/2 round 19',
    position:
      'I........./.A......../f.C......./........../........../........../........../........../........../....F..... 18 basic - -',
    player: 2,
    kind: 'defend',
  },
  {
    name: 'playout 13/2 round 31',
    position:
      '...f.I..../........../........../........../........../........../........../........../........../....F..... 30 basic - -',
    player: 2,
    kind: 'defend',
  },
  {
    name: 'playout 13/2 round 43',
    position:
      '........../I.f......./........../........../........../........../........../........../........../....F..... 42 basic - -',
    player: 2,
    kind: 'defend',
  },
  {
    name: 'playout 14/0 round 9',
    position:
      '.....f..../........../...I.i..../........../.....C.C../......I.I./.......I../........../........../....F..... 8 chain,supply-lines - -',
    player: 2,
    kind: 'defend',
  },
  {
    name: 'playout 14/4 round 8',
    position:
      '.....f..../.....C..../...I....../..IC..A.i./........../.....C..../.......C.I/........../.......I../....F..... 7 chain,supply-lines - -',
    player: 2,
    kind: 'defend',
  },
  {
    name: 'playout 14/10 round 9',
    position:
      '.....f..../........../........../........../.......i../.........C/........../......c.a./.....i..../..cFi.a... 8 chain,supply-lines - -',
    player: 1,
    kind: 'defend',
  },
  {
    name: 'playout 14/11 round 10',
    position:
      '.....f..../........../........../........../........../.......i../.....i..../.....ci.../..Fc....../...i..a... 9 chain,supply-lines - -',
    player: 1,
    kind: 'defend',
  },
];
