/**
 * Tactorus in the catalogue: the game of secret simultaneous orders, set up as the manual's "New" game screen sets it
 * up (the rule alterations, the flanks each player brings) or from a customized start board; played in its
 * simultaneous session, the one authority (`createSimultaneousSession`); the terminal's status line as data (round,
 * each side's units by kind and flag, the rules in force, the orders each side may give, who has finished the round's
 * orders, the outcome); the board model with each player's own orders and nothing of the other side's; the
 * `++Tactorus` game export as its record, and the `++TacMoves` sealed order memos of e-mail play (`memos`); the
 * manual's five computer levels and our sixth, choosing from their seat's observation only.
 *
 *   const setup = unwrap(tactorusEntry.setup({ supplyLines: true, flankP2Left: false }));
 *   let session = unwrap(setup.newSession({ seed: 1, now: Date.now() }));
 *   const order = unwrap(setup.board.fromInput(session.position, { from: '84', to: '64' }, 0));
 *   session = unwrap(session.submit(0, [order, { type: 'done', player: 0 }], { expectedVersion: session.version, now }));
 *   const computer = await setup.loadComputer();
 *   session = unwrap(session.submit(1, computer.choose(session.position, 1, '3', { seed: 7 }), { … }));   // round 1
 */
import {
  current,
  err,
  inputError,
  ok,
  startHistory,
  createSimultaneousSession,
  restoreSimultaneousSession,
  type InputError,
  type Outcome,
  type Player,
  type Result,
  type RoundLine,
  type SimultaneousOptions,
  type SimultaneousSession,
} from '@tactica/core';
import {
  allowance,
  countPieces,
  createTactorus,
  flagSquare,
  formatBoard,
  formatRulesField,
  observe,
  parsePosition,
  playersToMove,
  ROUND_LIMIT,
  squareName,
  startingFlanks,
  statusLine,
  type FlankSet,
  type Order,
  type Rules,
  type TactorusGame,
  type TactorusMove,
  type TactorusObservation,
  type TactorusState,
} from '@tactica/tactorus';
import { TACTORUS_LEVELS } from '@tactica/ai/tactorus';
import type { ReviewScale } from '@tactica/ai/review';

/**
 * A review's scale (docs/games/tactorus.md, "Review"): the engine's evaluation counts an infantry 100, a won game
 * 100000; each side's orders of a round are judged in the round played (`reviewRounds`), and a loss of two
 * infantry's worth is a blunder **(ours)**. `depth` is the analysis' refinement passes.
 */
export const TACTORUS_REVIEW: ReviewScale = {
  unit: 'centi-infantry',
  engineUnits: 1,
  clamp: 1000,
  thresholds: { inaccuracy: 50, mistake: 100, blunder: 200 },
  depth: 3,
};
import type { Engine, ThinkOptions } from '@tactica/ai';
import { listing } from '../listing.js';
import { makeBoard } from '../board.js';
import { optionFlag, optionText, readOptions } from '../options.js';
import type {
  Computer,
  GameEntry,
  ImportedRecord,
  LinePlace,
  OptionSpec,
  OptionValues,
  SimultaneousSetup,
  StatusBase,
  VariantInfo,
} from '../types.js';
import { TACTORUS_ACTIONS, tactorusBoard, type TactorusPiece } from './board.js';
import { TACTORUS_ORDERS, tactorusOrderMemos, type TactorusOrderMemos } from './memos.js';
import { TACTORUS_SEALED_ORDERS } from './mail-orders.js';
import { TACTORUS_TEXT } from './text.js';
import { exportTactorusGame, importTactorusGame, TACTORUS_GAME, unknownFormat } from './records.js';

/** A side's units by kind (manual, "Tactorus Rules": the flag, artillery, cavalry, infantry). */
export interface TactorusUnits {
  readonly flag: number;
  readonly artillery: number;
  readonly cavalry: number;
  readonly infantry: number;
  readonly total: number;
}

/**
 * The terminal's status line (`statusLine`: round, rules, both armies) as data, with what a player needs beside the
 * board. Public throughout: nothing in it depends on either side's pending orders, only on whether a side has
 * finished giving them.
 */
export interface TactorusStatus extends StatusBase {
  /** The round being given orders: rounds carried out + 1 (also `moveNumber`). */
  readonly round: number;
  /** Rounds carried out (round 1 is the first resolution). */
  readonly roundsPlayed: number;
  /** The round after which the game ends (ours: the side with more infantry wins, equal is a tie). */
  readonly roundLimit: number;
  /** The rule alterations in force (they can change mid-game). */
  readonly rules: Rules;
  /** Player 1's and Player 2's units. */
  readonly units: readonly [TactorusUnits, TactorusUnits];
  /** Where each flag stands (`94`, `05` at the start), or null once it has been captured. */
  readonly flags: readonly [string | null, string | null];
  /** The orders each player may give this round (alterations 2, 3, 5 and 6; every unit in the basic game). */
  readonly allowance: readonly [number, number];
  /**
   * Whether each player has finished this round's orders (the manual's Next): yes or no, never which orders or how
   * many. Made from a session's line (its `status().game`), a round has just begun, so both are false there; the
   * session's own `status().submitted` says who has submitted in the round under way.
   */
  readonly submitted: readonly [boolean, boolean];
  readonly outcome?: Outcome;
  /** As the terminal prints it: `Round 1 of 50 · Chain moves · Player 1: 20 pieces (10 infantry, …) · Player 2: …`. */
  readonly line: string;
}

/** A Tactorus game as the catalogue's sessions play it: its own status, and each seat's `TactorusObservation`. */
export type TactorusGameSession = SimultaneousSession<TactorusState, TactorusMove, TactorusStatus, TactorusObservation>;

export interface TactorusSetup extends SimultaneousSetup<
  TactorusState,
  TactorusMove,
  TactorusObservation,
  TactorusStatus,
  TactorusPiece
> {
  readonly game: TactorusGame;
  /** The engine of `@tactica/ai/tactorus`: a whole round's orders from a seat's observation. */
  loadEngine(): Promise<Engine<TactorusObservation, readonly Order[]>>;
  /** The `++TacMoves` sealed order memos of e-mail play, checked against the round under way of a session. */
  readonly memos: TactorusOrderMemos;
}

/** A board as the record's `Start-Board:` and the `Customize:` command write it (10 rows of 10, 9 slashes), with room. */
const BOARD_TEXT_MAX = 120;

const FLANK_KEYS = [
  ['flankP1Left', 'flankP1Right'],
  ['flankP2Left', 'flankP2Right'],
] as const;

function flankSpec(player: Player, side: 'left' | 'right'): OptionSpec {
  const who = `Player ${player + 1}`;
  return {
    kind: 'flag',
    key: FLANK_KEYS[player][side === 'left' ? 0 : 1],
    label: `${who}'s ${side} flank`,
    help: `${who} brings their ${side} flank, as they see it: one artillery, two cavalry and three infantry (manual, "New game"); leave it out as a handicap (tactica play tactorus --no-flank p${player + 1}-${side})`,
    default: true,
  };
}

const OPTIONS: readonly OptionSpec[] = [
  {
    kind: 'flag',
    key: 'chain',
    label: 'Chain moves',
    help: 'a unit may be ordered onto a square one of its own units leaves this round, so three or more can move in a line (alteration 1; on in the manual’s default new game)',
    default: true,
  },
  {
    kind: 'flag',
    key: 'supplyLines',
    label: 'Supply Lines',
    help: '10 orders a round, minus 2 for each square of your home row an enemy unit holds, at least 1 (alteration 2)',
    default: false,
  },
  {
    kind: 'flag',
    key: 'highGround',
    label: 'High Ground',
    help: '10 orders a round, plus 1 for each of the 16 centre squares your units hold (alteration 3; with Supply Lines, 1 to 26)',
    default: false,
  },
  flankSpec(0, 'left'),
  flankSpec(0, 'right'),
  flankSpec(1, 'left'),
  flankSpec(1, 'right'),
  {
    kind: 'text',
    key: 'board',
    label: 'Customized start board',
    help: 'a customized start board, 10 rows of 10 separated by "/" from the top row (. F A C I for Player 1, f a c i for Player 2; one flag each), as a record’s Start-Board and the Customize command write it; empty for the flanks’ board. Not with a flank left out: leave the units out of the board instead',
    maxLength: BOARD_TEXT_MAX,
    default: '',
  },
];

const DEFAULT_OPTIONS: OptionValues = Object.fromEntries(OPTIONS.map((o) => [o.key, o.default]));

function flankOptions(flanks: FlankSet): OptionValues {
  return Object.fromEntries(
    ([0, 1] as const).flatMap((p) => [
      [FLANK_KEYS[p][0], flanks[p].left],
      [FLANK_KEYS[p][1], flanks[p].right],
    ]),
  );
}

function unitsOf(board: string, p: Player): TactorusUnits {
  const n = countPieces(board, p);
  return { flag: n.F, artillery: n.A, cavalry: n.C, infantry: n.I, total: n.total };
}

function flagOf(board: string, p: Player): string | null {
  const sq = flagSquare(board, p);
  return sq < 0 ? null : squareName(sq);
}

/** The status of a position: its public parts only (board, round, rules, who is done, the outcome). */
export function tactorusStatus(s: TactorusState, _place?: LinePlace<TactorusState>): TactorusStatus {
  const round = s.round + 1;
  // The status line reads the board, round, rules and outcome only, never orders; a spectator's view of them.
  const publicView: TactorusObservation = { ...observe(s, 0), orders: [], done: false, opponentDone: false };
  return {
    moveNumber: round,
    toMove: playersToMove(s),
    round,
    roundsPlayed: s.round,
    roundLimit: ROUND_LIMIT,
    rules: s.rules,
    units: [unitsOf(s.board, 0), unitsOf(s.board, 1)],
    flags: [flagOf(s.board, 0), flagOf(s.board, 1)],
    allowance: [allowance(s.board, s.rules, 0), allowance(s.board, s.rules, 1)],
    submitted: [s.committed[0], s.committed[1]],
    ...(s.ended ? { outcome: s.ended } : {}),
    line: statusLine(publicView),
  };
}

/** Rounds carried out along a line up to its cursor (its commands are not rounds). */
function roundsOf(line: RoundLine<TactorusState, TactorusMove>): number {
  let n = 0;
  for (let i = 0; i < line.cursor; i++) if (line.moves[i]?.kind === 'round') n++;
  return n;
}

const sessionStatus = (line: RoundLine<TactorusState, TactorusMove>): TactorusStatus =>
  tactorusStatus(current(line), { start: line.start, ply: roundsOf(line) });

/**
 * The computer's orders for `player`'s part of the round under way: the engine chooses a whole order set from the
 * player's own observation (its type has no field for the other side's orders), and the moves that give it follow
 * from the player's own line: any orders already given withdrawn (the latest first, so an order that another moves
 * in behind is withdrawn after that one), the engine's orders in the order it gives them, then `done`. Nothing when
 * the player has nothing to give (the game is over, or the player is done).
 */
function computerOf(engine: Engine<TactorusObservation, readonly Order[]>): Computer<TactorusState, TactorusMove> {
  return {
    levels: TACTORUS_LEVELS,
    choose(state: TactorusState, player: Player, level: string, options?: ThinkOptions): readonly TactorusMove[] {
      if (!playersToMove(state).includes(player)) return [];
      const view = observe(state, player);
      const chosen = engine.choose(view, level, options).move;
      return [
        ...[...view.orders].reverse().map((o): TactorusMove => ({ type: 'withdraw', player, from: o.from })),
        ...chosen.map((o): TactorusMove => ({ type: 'order', player, from: o.from, to: o.to })),
        { type: 'done', player },
      ];
    },
  };
}

function setupOf(game: TactorusGame, start: TactorusState, options: OptionValues): TactorusSetup {
  const loadEngine = async (): Promise<Engine<TactorusObservation, readonly Order[]>> =>
    (await import('@tactica/ai/tactorus')).tactorusEngine;
  return {
    family: 'tactorus',
    dynamics: 'simultaneous',
    options,
    variantId: game.info.id,
    game,
    initial: () => start,
    status: tactorusStatus,
    board: makeBoard(game, tactorusBoard),
    actions: TACTORUS_ACTIONS,
    levels: TACTORUS_LEVELS,
    loadEngine,
    loadComputer: async () => computerOf(await loadEngine()),
    review: TACTORUS_REVIEW,
    loadRoundJudge: async () => (await import('@tactica/ai/tactorus')).tactorusRoundJudge(),
    records: [TACTORUS_GAME],
    memos: tactorusOrderMemos,
    sealedOrders: TACTORUS_SEALED_ORDERS,
    text: TACTORUS_TEXT,
    // The seed is not used: a simultaneous session draws nothing at random (the computer is seeded per choice).
    newSession(o) {
      const settings: SimultaneousOptions<TactorusState, TactorusMove, TactorusStatus> & { clock?: unknown } = {
        ...(o.seats ? { seats: o.seats } : {}),
        now: o.now,
        line: startHistory(start),
        status: sessionStatus,
        // Given a clock, the session refuses it (session/no-clock): the manual's game has none.
        ...(o.clock ? { clock: o.clock } : {}),
      };
      return createSimultaneousSession(game, settings);
    },
    restoreSession(snapshot) {
      return restoreSimultaneousSession(game, snapshot, { status: sessionStatus });
    },
    async exportRecord(format, session, meta) {
      if (format !== TACTORUS_GAME.id) return err(unknownFormat(format));
      return exportTactorusGame(session, meta);
    },
  };
}

function optionError(key: string, e: InputError): InputError {
  return inputError(e.code, `${key}: ${e.message}`, { input: key });
}

function setup(input?: unknown): Result<TactorusSetup, InputError> {
  const read = readOptions(OPTIONS, input);
  if (!read.ok) return read;
  const values = read.value;
  const rules: Rules = {
    chain: optionFlag(values, 'chain'),
    supplyLines: optionFlag(values, 'supplyLines'),
    highGround: optionFlag(values, 'highGround'),
  };
  const flanks: FlankSet = [
    { left: optionFlag(values, FLANK_KEYS[0][0]), right: optionFlag(values, FLANK_KEYS[0][1]) },
    { left: optionFlag(values, FLANK_KEYS[1][0]), right: optionFlag(values, FLANK_KEYS[1][1]) },
  ];
  const boardText = optionText(values, 'board').trim();
  if (boardText === '') {
    const game = createTactorus({ rules, flanks });
    return ok(setupOf(game, game.initial(), { ...values, board: '' }));
  }
  const left = FLANK_KEYS.flat().find((k) => !optionFlag(values, k));
  if (left !== undefined) {
    return err(
      inputError(
        'options/conflict',
        `${left}: a flank is left out of the flanks' board; with a customized board, leave the units out of the board instead`,
        { input: left },
      ),
    );
  }
  // The rules' own check of a start: ten rows of ten, known units, one flag each.
  const parsed = parsePosition(`${boardText} 0 ${formatRulesField(rules)} - -`);
  if (!parsed.ok) return err(optionError('board', parsed.error));
  const board = parsed.value.board;
  // One start, one stored form (ours): a board some choice of flanks gives is that choice.
  const brought = startingFlanks(board);
  const game = createTactorus(brought ? { rules, flanks: brought } : { rules, board });
  const canonical = brought
    ? { ...values, ...flankOptions(brought), board: '' }
    : { ...values, board: formatBoard(board) };
  return ok(setupOf(game, game.initial(), canonical));
}

/** The options of a record's start: its rules, and the flanks that give its board, or the board itself. */
function optionsOfStart(startBoard: string, startRules: Rules): OptionValues {
  const brought = startingFlanks(startBoard);
  return {
    ...DEFAULT_OPTIONS,
    chain: startRules.chain,
    supplyLines: startRules.supplyLines,
    highGround: startRules.highGround,
    ...(brought ? flankOptions(brought) : { board: formatBoard(startBoard) }),
  };
}

async function importRecord(
  format: string,
  text: string,
): Promise<Result<ImportedRecord<TactorusState, TactorusMove>, InputError>> {
  const read = await importTactorusGame(format, text, optionsOfStart);
  if (!read.ok) return read;
  // A start the rules would not set up (a hand-made board with no flag) cannot be continued.
  const start = setup(read.value.options);
  if (!start.ok) return err(inputError(start.error.code, `Start-Board: ${start.error.message}`));
  return read;
}

const VARIANTS: readonly VariantInfo[] = [{ id: 'tactorus', name: 'Tactorus', options: DEFAULT_OPTIONS }];

export const tactorusEntry: GameEntry<TactorusState, TactorusMove, TactorusObservation, TactorusStatus, TactorusPiece> =
  {
    ...listing('tactorus'),
    options: OPTIONS,
    variants: VARIANTS,
    levels: TACTORUS_LEVELS,
    records: [TACTORUS_GAME],
    setup,
    importRecord,
  };

export { TACTORUS_ACTIONS, TACTORUS_GAME, TACTORUS_ORDERS, tactorusOrderMemos };
export type { TactorusOrderMemos, TactorusPiece };
export type { MailKeys, MemoFits, OpenedOrders, SealedOrderMemo } from './memos.js';
