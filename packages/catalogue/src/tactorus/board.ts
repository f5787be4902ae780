/**
 * The Tactorus board for UIs: the 100 squares named 00–99 as the game numbers them (row digit, then column digit,
 * from the top-left as Player 2 looks at it), each unit with its kind and owner, the areas the rules name (the
 * flanks, the home rows, and the Supply Lines and High Ground when those alterations are on), and the viewer's own
 * pending orders marked on their units, never the other side's. Every legal move of a player is an input: an order
 * (a unit picked up on `from` and put down on `to`), a withdrawal (`from`, the ordered unit) and `done`. When a drag
 * matches no move, the reason is the scheduling rule it breaks, from the rules' own checks (`checkPiece`,
 * `checkOrder`, `checkWithdraw`).
 */
import { inputError, type InputError, type Player } from '@tactica/core';
import {
  checkOrder,
  checkPiece,
  checkScheduling,
  checkWithdraw,
  colOf,
  flankOf,
  formatMoveText,
  homeRow,
  isHighGround,
  kindOf,
  KIND_NAMES,
  legalMovesOf,
  ownerOf,
  playersToMove,
  rowOf,
  squareName,
  SQUARES,
  SIZE,
  type Kind,
  type TactorusMove,
  type TactorusState,
} from '@tactica/tactorus';
import { RecentPositions } from '../recent.js';
import type { ActionInfo, BoardAdapter, BoardInput, BoardModel, MoveInput, PieceModel, SquareModel } from '../types.js';

/**
 * The manual's four kinds of unit ("Tactorus Rules").
 * @public the board model's piece kinds, for a UI's art and labels
 */
export const TACTORUS_UNIT_KINDS = ['flag', 'artillery', 'cavalry', 'infantry'] as const;
/** @public */
export type TactorusUnitKind = (typeof TACTORUS_UNIT_KINDS)[number];

export interface TactorusPiece extends PieceModel {
  readonly kind: TactorusUnitKind;
  /**
   * The viewer's own pending order for this unit: the square it is ordered to. Only on the viewer's own units: the
   * other side's orders stay secret until the round is carried out.
   */
  readonly ordered?: { readonly to: string };
}

/** The acts of a round (manual, "Tactorus Rules", basic rules 2–4; the round ends with the manual's "Next"). */
export const TACTORUS_ACTIONS: readonly ActionInfo[] = [
  {
    id: 'order',
    label: 'Order',
    help: 'schedule a unit to move one or two squares in any of the eight directions when the round is carried out; one order per unit, never onto a square one of your units holds or is ordered to (with Chain moves: unless that unit is ordered away), and no more orders than the round allows (Supply Lines, High Ground)',
    uses: ['from', 'to'],
  },
  {
    id: 'withdraw',
    label: 'Withdraw',
    help: 'take back the order of the unit on `from`; with Chain moves an order another order moves in behind can only be withdrawn after that one (Tactorus 3.1 item 1)',
    uses: ['from'],
  },
  {
    id: 'done',
    label: 'Done',
    help: "finish this round's orders (the manual's Next); the round is carried out once both players are done",
    uses: [],
  },
];

const ACTION_IDS: ReadonlySet<string> = new Set(TACTORUS_ACTIONS.map((a) => a.id));

const KIND_OF: Readonly<Record<Kind, TactorusUnitKind>> = {
  F: 'flag',
  A: 'artillery',
  C: 'cavalry',
  I: 'infantry',
};

/** The eight units a square can hold, one shared model each, by board character. */
const PIECES: ReadonlyMap<string, TactorusPiece> = new Map(
  [...'FACIfaci'].map((c): [string, TactorusPiece] => {
    const owner = ownerOf(c) as Player;
    return [c, { kind: KIND_OF[kindOf(c)], owner, symbol: c, name: `Player ${owner + 1} ${KIND_NAMES[kindOf(c)]}` }];
  }),
);

/** The game's name of every square. */
const NAMES: readonly string[] = Array.from({ length: SQUARES }, (_, sq) => squareName(sq));
const SQUARE_OF: ReadonlyMap<string, number> = new Map(NAMES.map((n, sq) => [n, sq]));

/** The model's index of each of the game's squares: Player 1 sits at row 9, with column 0 on their left. */
function modelIndex(sq: number): number {
  return (SIZE - 1 - rowOf(sq)) * SIZE + colOf(sq);
}

/** The areas each square lies in whatever the rules: its flank, its player's home row. */
const PLACES: readonly (readonly string[])[] = NAMES.map((_, sq) => {
  const zones: string[] = [];
  const flank = flankOf(sq);
  if (flank) zones.push(`p${flank.player + 1}-${flank.flank}-flank`);
  for (const p of [0, 1] as const) if (rowOf(sq) === homeRow(p)) zones.push(`p${p + 1}-home-row`);
  return zones;
});

function zonesOf(sq: number, s: TactorusState): readonly string[] {
  const places = PLACES[sq] as readonly string[];
  const supply = s.rules.supplyLines && (rowOf(sq) === homeRow(0) || rowOf(sq) === homeRow(1));
  const high = s.rules.highGround && isHighGround(sq);
  return supply || high ? [...places, ...(supply ? ['supply-lines'] : []), ...(high ? ['high-ground'] : [])] : places;
}

/**
 * The board as `viewer` may see it: the units where they stand at the start of the round, and the viewer's own
 * orders on their units. A spectator (no viewer) sees no orders at all.
 */
function tactorusModel(s: TactorusState, viewer?: Player): BoardModel<TactorusPiece> {
  const ordered = new Map<number, string>();
  if (viewer !== undefined) for (const o of s.orders[viewer]) ordered.set(o.from, NAMES[o.to] as string);
  const squares: SquareModel<TactorusPiece>[] = new Array<SquareModel<TactorusPiece>>(SQUARES);
  for (let sq = 0; sq < SQUARES; sq++) {
    const i = modelIndex(sq);
    const file = i % SIZE;
    const rank = (i - file) / SIZE;
    const unit = PIECES.get(s.board[sq] as string);
    const to = ordered.get(sq);
    const piece = unit && to !== undefined ? { ...unit, ordered: { to } } : unit;
    const zones = zonesOf(sq, s);
    squares[i] = {
      id: NAMES[sq] as string,
      file,
      rank,
      // (ours) the original's board picture is lost; the shading only helps the eye follow a line.
      shade: (file + rank) % 2 === 0 ? 'dark' : 'light',
      playable: true,
      label: NAMES[sq] as string,
      ...(piece ? { piece } : {}),
      ...(zones.length ? { zones } : {}),
    };
  }
  return { files: SIZE, ranks: SIZE, squares, toMove: playersToMove(s), viewer };
}

function unitName(s: TactorusState, sq: number): string {
  const c = s.board[sq] as string;
  return KIND_NAMES[kindOf(c)];
}

function inputOf(s: TactorusState, m: TactorusMove): MoveInput<TactorusMove> {
  const notation = formatMoveText(m);
  switch (m.type) {
    case 'order': {
      const from = NAMES[m.from] as string;
      const to = NAMES[m.to] as string;
      const there = s.board[m.to] as string;
      const enemy = ownerOf(there) !== undefined && ownerOf(there) !== m.player;
      // Whether the enemy unit is still there when the round is carried out, nobody knows yet.
      const meeting = enemy ? `, onto Player ${(ownerOf(there) as Player) + 1}'s ${unitName(s, m.to)}` : '';
      return {
        move: m,
        notation,
        action: 'order',
        from,
        to,
        label: `${unitName(s, m.from)} ${from} to ${to}${meeting}`,
        path: [to],
      };
    }
    case 'withdraw': {
      const from = NAMES[m.from] as string;
      const order = s.orders[m.player].find((o) => o.from === m.from);
      const to = order ? ` (ordered to ${NAMES[order.to] as string})` : '';
      return {
        move: m,
        notation,
        action: 'withdraw',
        from,
        label: `withdraw the ${unitName(s, m.from)} on ${from}${to}`,
      };
    }
    case 'done':
      return {
        move: m,
        notation,
        action: 'done',
        label: `done: Player ${m.player + 1}'s orders for this round are in`,
      };
  }
}

// A UI asks about one position again and again (every click, `fromInput`'s every answer), and states are immutable
// values, so each state's inputs per player are made once while the state is among the last asked about.
const inputsCache = new RecentPositions<TactorusState, [MoveInput<TactorusMove>[]?, MoveInput<TactorusMove>[]?]>();

function inputsOf(s: TactorusState, p: Player): readonly MoveInput<TactorusMove>[] {
  const cached = inputsCache.get(s, () => []);
  let found = cached[p];
  if (!found) {
    found = legalMovesOf(s, p).map((m) => inputOf(s, m));
    cached[p] = found;
  }
  return found;
}

/**
 * Every move `player` may make now, from the player's own orders only. Without a player: the moves of every player
 * still giving orders (the authority's question; a player's UI always names its player).
 */
function tactorusInputs(s: TactorusState, player?: Player): readonly MoveInput<TactorusMove>[] {
  if (player !== undefined) return inputsOf(s, player);
  return playersToMove(s).flatMap((p) => inputsOf(s, p));
}

function matches(i: MoveInput<TactorusMove>, input: BoardInput): boolean {
  return (
    (input.action === undefined || i.action === input.action) &&
    (input.from === undefined || i.from === input.from) &&
    (input.to === undefined || i.to === input.to)
  );
}

/**
 * The rule a pick-up or a drag breaks, in the game's own terms: an act the game does not have, a choice (no act takes
 * one), a unit that can take no order now (already ordered, the round's allowance used up), a target the scheduling
 * rules refuse (out of reach, held by an own unit without Chain moves, already a target), an order that cannot be
 * withdrawn (none there, another order moves in behind it). An empty square, the other side's unit and names that
 * are not squares are left to the catalogue's generic reasons. Every check reads the player's own orders only, so
 * the answer never depends on, or tells, what the other side has ordered.
 */
function tactorusExplain(s: TactorusState, input: BoardInput, player?: Player): InputError | undefined {
  if (input.action !== undefined && !ACTION_IDS.has(input.action)) {
    return inputError(
      'input/no-such-action',
      `Tactorus has no "${input.action}": its acts are ${TACTORUS_ACTIONS.map((a) => a.id).join(', ')}`,
      { input: input.action },
    );
  }
  const scheduling = playersToMove(s);
  const p = player ?? (scheduling.length === 1 ? scheduling[0] : undefined);
  if (p === undefined) return undefined;
  const blocked = checkScheduling(s, p);
  if (blocked) return blocked;
  const own = inputsOf(s, p);
  if (own.some((i) => matches(i, input))) {
    return input.choice === undefined
      ? undefined
      : inputError('input/no-choice', 'no Tactorus act takes a choice', { input: input.choice });
  }
  if (input.action === 'done') {
    return inputError('input/no-square', 'done takes no square: it ends your orders for the round');
  }
  const from = input.from === undefined ? undefined : SQUARE_OF.get(input.from);
  if (from === undefined || ownerOf(s.board[from]) !== p) return undefined;
  const ordered = s.orders[p].some((o) => o.from === from);
  // A click on an ordered unit (no target, no act named) asks to withdraw its order.
  if (input.action === 'withdraw' || (ordered && input.action === undefined && input.to === undefined)) {
    return checkWithdraw(s, p, from);
  }
  const piece = checkPiece(s, p, from);
  if (piece) return piece;
  const to = input.to === undefined ? undefined : SQUARE_OF.get(input.to);
  return to === undefined ? undefined : checkOrder(s, p, from, to);
}

export const tactorusBoard: BoardAdapter<TactorusState, TactorusMove, TactorusPiece> = {
  model: tactorusModel,
  inputs: tactorusInputs,
  explain: tactorusExplain,
};
