/**
 * The Force 400 board for UIs: the 100 squares named as the game names them (`A0`…`J9`), each man with his force,
 * his crown and his recharge state, and every legal action as a pick-up and put-down. Moves and attacks need no
 * choice; a drag from a man onto one of his own men is a transfer (the choice is the amount sent) or, from the
 * king, an abdication (the choice `abdicate`), so one drag names every act between the two squares.
 */
import { inputError, type InputError, type Player } from '@tactica/core';
import {
  distance,
  forceAfterTransfer,
  LONG_MOVE_COST,
  mayRecharge,
  squareAt,
  squareName,
  type ActionKind,
  type Force400Action,
  type Force400Game,
  type Force400State,
} from '@tactica/force400';
import { RecentPositions } from '../recent.js';
import type { ActionInfo, BoardAdapter, BoardInput, BoardModel, MoveInput, PieceModel, SquareModel } from '../types.js';

export interface Force400Piece extends PieceModel {
  /** `king` for the man wearing his side's crown, `man` for the others. */
  readonly kind: 'man' | 'king';
  readonly king: boolean;
  /** His force level, 0–99 (manual, "Basics of Play"). */
  readonly force: number;
  /**
   * His recharge counter: how many more of his own side's turns must begin before he may recharge again (0–2;
   * always 0 on rank 0 or 9).
   */
  readonly wait: number;
  /** He would gain the +10 by moving onto rank 0 or 9 on his side's next turn (this one for the side to move). */
  readonly mayRecharge: boolean;
}

/** The choice that picks the abdication among the acts from the king onto one of his men. */
const ABDICATE_CHOICE = 'abdicate';

/** The acts besides moving a man (manual, "When it is your turn"). */
export const FORCE400_ACTIONS: readonly ActionInfo[] = [
  {
    id: 'transfer',
    label: 'Transfer force',
    help: 'send units from a man to one of your men on a clear straight line; one unit in five is lost on the way, rounded against you, and nobody passes 99 (manual, "Transfers")',
    uses: ['from', 'to', 'choice'],
    choiceLabel: 'units sent',
  },
  {
    id: 'abdicate',
    label: 'Abdicate',
    help: `the king passes his crown to one of his men on a clear straight line and pays 2 units; a king below force 2 cannot (manual, "Abdications"). Its choice is "${ABDICATE_CHOICE}", beside the amounts of the transfers between the same two men`,
    uses: ['from', 'to'],
  },
];

const SIDES = ['white', 'black'] as const;
const SIDE_LETTERS = ['W', 'B'] as const;

function pieceOf(s: Force400State, sq: number): Force400Piece | undefined {
  const m = s.board[sq];
  if (!m) return undefined;
  return {
    kind: m.king ? 'king' : 'man',
    owner: m.side,
    king: m.king,
    force: m.force,
    wait: m.wait,
    mayRecharge: mayRecharge(s, sq),
    // As the TRS-80 version drew a man: his owner's initial, his force, `*` for the king.
    symbol: `${SIDE_LETTERS[m.side]}${m.force}${m.king ? '*' : ''}`,
    name: `${SIDES[m.side]} ${m.king ? 'king' : 'man'} of force ${m.force}`,
  };
}

/** The game's name of every square, index `rank * 10 + file` (A0 = 0 … J9 = 99). */
const NAMES: readonly string[] = Array.from({ length: 100 }, (_, sq) => squareName(sq));
const SQUARE_OF: ReadonlyMap<string, number> = new Map(NAMES.map((n, sq) => [n, sq]));

/** Each position's inputs, with the game they were made for (boards of two setups may be asked about one state). */
const inputsCache = new RecentPositions<Force400State, readonly MoveInput<Force400Action>[]>();

/** The action kind an input names (`capture` is a move onto an enemy man), if it is one of Force 400's. */
const KIND_OF: Readonly<Record<string, ActionKind>> = {
  move: 'move',
  capture: 'move',
  transfer: 'transfer',
  abdicate: 'abdicate',
};

export function force400Board(game: Force400Game): BoardAdapter<Force400State, Force400Action, Force400Piece> {
  const model = (s: Force400State, viewer?: Player): BoardModel<Force400Piece> => {
    const squares: SquareModel<Force400Piece>[] = [];
    // White (seat 0) sits at rank 9, the bottom of the original screen, with the A file on his left: the model's
    // rank 0 is the game's rank 9.
    for (let rank = 0; rank < 10; rank++) {
      for (let file = 0; file < 10; file++) {
        const sq = squareAt(file, 9 - rank);
        const piece = pieceOf(s, sq);
        squares.push({
          id: NAMES[sq] as string,
          file,
          rank,
          // The original drew a plain grid; the shading only helps the eye follow a line **(ours)**.
          shade: (file + rank) % 2 === 0 ? 'dark' : 'light',
          playable: true,
          ...(piece ? { piece } : {}),
        });
      }
    }
    return { files: 10, ranks: 10, squares, toMove: game.toMove(s), viewer };
  };

  const inputOf = (s: Force400State, a: Force400Action): MoveInput<Force400Action> => {
    const from = NAMES[a.from] as string;
    const to = NAMES[a.to] as string;
    const notation = game.formatMove(s, a);
    if (a.kind === 'transfer') {
      const receiver = s.board[a.to]?.force ?? 0;
      return {
        move: a,
        notation,
        action: 'transfer',
        from,
        to,
        choice: String(a.amount),
        label: `send ${a.amount} to ${to} (he will have ${forceAfterTransfer(receiver, a.amount)})`,
      };
    }
    if (a.kind === 'abdicate') {
      return { move: a, notation, action: 'abdicate', from, to, choice: ABDICATE_CHOICE, label: `crown ${to}` };
    }
    const defender = s.board[a.to];
    // A long move (two squares or more) costs a unit, a short one is free (manual, "Moving").
    const long = distance(a.from, a.to) > 1;
    const cost = long ? { cost: LONG_MOVE_COST } : {};
    const paid = long ? ` (long move: ${LONG_MOVE_COST} unit)` : '';
    if (!defender) return { move: a, notation, action: 'move', from, to, label: `${from} to ${to}${paid}`, ...cost };
    // Combat (manual, "Combat and capture"): the game decides it; the attacker takes the square only if he wins.
    const won = game.play(s, a).board[a.to]?.side === s.toMove;
    return {
      move: a,
      notation,
      action: 'capture',
      from,
      to,
      label: `${from} attacks ${to} (${won ? 'wins' : 'loses'})${paid}`,
      path: [to],
      ...cost,
      ...(won ? { captures: [to] } : {}),
    };
  };

  // A position offers up to a few thousand transfers; a UI (and `fromInput`) asks for them many times over, so
  // each state's inputs are made once while it is among the last asked about (they weigh up to 300 kB: kept while
  // the state lived, a server kept them for every game in play). States are immutable values, so a state object is
  // its own cache key, with this board's game.
  const inputs = (s: Force400State, player?: Player): readonly MoveInput<Force400Action>[] => {
    if (player !== undefined && !game.toMove(s).includes(player)) return [];
    return inputsCache.get(s, () => game.legalMoves(s).map((a) => inputOf(s, a)), game);
  };

  /**
   * The manual's own reason ("Errors": "the reason for its illegality is printed … only one explanation"): the
   * input read as the action it names, refused by the game's `refusal`. A choice that is a number makes a
   * transfer, `abdicate` an abdication; otherwise it is a move.
   */
  const explain = (s: Force400State, input: BoardInput): InputError | undefined => {
    if (input.from === undefined || input.to === undefined) return undefined;
    const from = SQUARE_OF.get(input.from);
    const to = SQUARE_OF.get(input.to);
    if (from === undefined || to === undefined) return undefined;
    const amountText = input.choice !== undefined && /^[0-9]{1,3}$/.test(input.choice) ? input.choice : undefined;
    const kind: ActionKind | undefined =
      input.action !== undefined
        ? KIND_OF[input.action]
        : amountText !== undefined
          ? 'transfer'
          : input.choice === ABDICATE_CHOICE
            ? 'abdicate'
            : 'move';
    if (kind === undefined) return undefined;
    // A transfer given without its amount is judged for one unit: the square, line and receiver are what matter.
    const amount = kind === 'transfer' ? Number(amountText ?? '1') : 0;
    const why = game.refusal(s, { kind, from, to, amount });
    if (why) return why;
    // The act is legal but the input named it as another kind (a `move` onto an enemy man is a `capture`).
    const other = inputs(s).find((i) => i.from === input.from && i.to === input.to && i.action !== input.action);
    if (input.action !== undefined && other) {
      return inputError(
        'input/wrong-action',
        `${input.from} to ${input.to} is a ${other.action}, not a ${input.action}`,
        { input: input.action },
      );
    }
    return undefined;
  };

  return { model, inputs, explain };
}
