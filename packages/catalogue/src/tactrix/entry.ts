/**
 * Tactrix! in the catalogue: one variant, from the standard start or any position text; the status line as data
 * (move number, side, both sides' chips, the no-progress count and its limit, what the side to move can buy now);
 * the board model with the chips on every square and purchases as inputs; the game's saved-game text as its record;
 * the computer's six levels.
 *
 *   const setup = unwrap(tactrixEntry.setup({ position: '' }));
 *   const session = unwrap(setup.newSession({ seed: 1, now: Date.now() }));
 *   const buy = setup.board.fromInput(session.position, { action: 'buy', to: 'e2', choice: 'jerk' });
 */
import { err, ok, inputError, type InputError, type Outcome, type Player, type Result } from '@tactica/core';
import {
  COSTS,
  NO_PROGRESS_LIMIT,
  PIECE_TYPES,
  REGENEROID,
  legalMoves,
  outcomeOfState,
  parsePosition,
  pieceName,
  squareName,
  statusLine,
  tactrix,
  type PieceType,
  type TactrixMove,
  type TactrixState,
} from '@tactica/tactrix';
import { TACTRIX_LEVELS } from '@tactica/ai/tactrix';
import type { ReviewScale } from '@tactica/ai/review';

/**
 * A review's scale (docs/games/tactrix.md, "Review"): the engine scores chips at 20 units (`CHIP`), so a hundredth
 * of a chip is 0.2; losing a piece's worth of chips is a blunder **(ours)**.
 */
export const TACTRIX_REVIEW: ReviewScale = {
  unit: 'centi-chips',
  engineUnits: 0.2,
  clamp: 2000,
  thresholds: { inaccuracy: 50, mistake: 100, blunder: 200 },
  depth: 4,
};
import { listing } from '../listing.js';
import { optionText, readOptions } from '../options.js';
import { sequentialSetup } from '../setup.js';
import type { GameEntry, OptionSpec, SequentialSetup, StatusBase, VariantInfo } from '../types.js';
import { TACTRIX_ACTIONS, tactrixBoard, type TactrixPiece } from './board.js';
import { TACTRIX_TEXT } from './text.js';
import { exportTactrixRecord, positionOption, readTactrixRecord, TACTRIX_RECORD, unknownFormat } from './records.js';

/** A piece the side to move can buy now (manual, "Regeneroid"), with its cost and where it can be placed. */
export interface TactrixPurchase {
  readonly kind: PieceType;
  /** The manual's name: `Jumpnar`. */
  readonly name: string;
  readonly cost: number;
  /** The squares next to the regeneroid it can be placed on now. */
  readonly squares: readonly string[];
}

/** The terminal's status line (`statusLine`) as data, and what the board alone does not show. */
export interface TactrixStatus extends StatusBase {
  /** Whose turn the position gives, also once the game is over (when `toMove` is empty). */
  readonly turn: Player;
  /** The record's number of the ply to play: `12.` for White, `12...` for Black. */
  readonly moveLabel: string;
  /** Chips held by White and Black. */
  readonly balance: readonly [number, number];
  /** Chips still lying on the board. */
  readonly chipsOnBoard: number;
  /** Plies since the last capture, chip collection, jerk bonus or purchase, and the count that draws the game. */
  readonly noProgress: number;
  readonly noProgressLimit: number;
  /** Whether White and Black still have the regeneroid, without which they cannot buy (manual, "Regeneroid"). */
  readonly regeneroid: readonly [boolean, boolean];
  /** The pieces the side to move can buy now, cheapest first (empty when it cannot buy or the game is over). */
  readonly purchases: readonly TactrixPurchase[];
  /** The result once the game is over. */
  readonly outcome?: Outcome;
  /** The same as the terminal prints it: `Move 3, White to move. Chips: White 2, Black 1. 4 plies without progress.` */
  readonly line: string;
}

export type TactrixSetup = SequentialSetup<TactrixState, TactrixMove, TactrixState, TactrixStatus, TactrixPiece>;

/** Position text is 145 characters at most (109 for the board, four numbers of up to seven digits). */
const POSITION_MAX = 200;

const OPTIONS: readonly OptionSpec[] = [
  {
    kind: 'text',
    key: 'position',
    label: 'Start position',
    help: 'Tactrix position text, as `tactica play tactrix --position` takes it; empty for the standard start',
    maxLength: POSITION_MAX,
    default: '',
  },
];

function purchases(s: TactrixState): TactrixPurchase[] {
  const squares = new Map<number, string[]>();
  for (const m of legalMoves(s)) {
    if (m.kind !== 'buy') continue;
    const list = squares.get(m.piece) ?? [];
    list.push(squareName(m.to));
    squares.set(m.piece, list);
  }
  return [...squares.entries()]
    .sort(([a], [b]) => (COSTS[a] as number) - (COSTS[b] as number))
    .map(([type, list]) => ({
      kind: PIECE_TYPES[type - 1] as PieceType,
      name: pieceName(type),
      cost: COSTS[type] as number,
      squares: list,
    }));
}

function status(s: TactrixState): TactrixStatus {
  const outcome = outcomeOfState(s);
  return {
    moveNumber: s.moveNumber,
    toMove: outcome ? [] : [s.turn],
    turn: s.turn,
    moveLabel: `${s.moveNumber}${s.turn === 0 ? '.' : '...'}`,
    balance: [s.balance[0], s.balance[1]],
    chipsOnBoard: s.chips.reduce((a, b) => a + b, 0),
    noProgress: s.clock,
    noProgressLimit: NO_PROGRESS_LIMIT,
    regeneroid: [s.board.includes(REGENEROID), s.board.includes(-REGENEROID)],
    purchases: purchases(s),
    ...(outcome ? { outcome } : {}),
    line: statusLine(s),
  };
}

function setupOf(start: TactrixState, position: string): TactrixSetup {
  return sequentialSetup({
    family: 'tactrix',
    options: { position },
    variantId: tactrix.info.id,
    game: tactrix,
    initial: () => start,
    status,
    boardAdapter: tactrixBoard,
    text: TACTRIX_TEXT,
    actions: TACTRIX_ACTIONS,
    levels: TACTRIX_LEVELS,
    loadEngine: async () => (await import('@tactica/ai/tactrix')).tactrixEngine,
    review: TACTRIX_REVIEW,
    loadReviewEngine: async () => (await import('@tactica/ai/tactrix')).createTactrixEngine(),
    records: [TACTRIX_RECORD],
    // (ours) No Tactrix manual speaks of clocks, so "auto" is our choice: per game, as chess-like games are timed.
    // A per-move timeout plays a random move, and in Tactrix, with no check rule and purchases that spend chips, a
    // random move can hand over the king or waste a hoard: the clock would decide the game by chance rather than by
    // an outright loss on time.
    autoTimeMode: 'game',
    // No takeback rule of its own: the original had no Undo, and the terminal allows takeback as for every game, so
    // only the clock's rule (none in blitz) applies.
    async exportRecord(format, h, meta) {
      if (format !== TACTRIX_RECORD.id) return err(unknownFormat(format));
      return ok(exportTactrixRecord(h, meta));
    },
  });
}

function setup(input?: unknown): Result<TactrixSetup, InputError> {
  const read = readOptions(OPTIONS, input);
  if (!read.ok) return read;
  const text = optionText(read.value, 'position').trim();
  if (text === '') return ok(setupOf(tactrix.initial(), ''));
  const parsed = parsePosition(text);
  if (!parsed.ok) {
    return err(inputError(parsed.error.code, `position: ${parsed.error.message}`, { input: 'position' }));
  }
  // The option is kept in its canonical form (empty for the standard start), so a stored game names its start once.
  return ok(setupOf(parsed.value, positionOption(parsed.value)));
}

const VARIANTS: readonly VariantInfo[] = [{ id: tactrix.info.id, name: tactrix.info.name, options: { position: '' } }];

export const tactrixEntry: GameEntry<TactrixState, TactrixMove, TactrixState, TactrixStatus, TactrixPiece> = {
  ...listing('tactrix'),
  options: OPTIONS,
  variants: VARIANTS,
  levels: TACTRIX_LEVELS,
  records: [TACTRIX_RECORD],
  setup,
  async importRecord(format, text) {
    return readTactrixRecord(format, text);
  },
};

export type { TactrixPiece };
