/**
 * Tactics in the catalogue: the flip-piece game of the play-by-email servers, from the manual's starting board or
 * any position text; the terminal's status line as data (side and move number, plies without a flip and
 * repetitions against the draw limits, pieces mobile and frozen, the outcome); the game record; the board model with
 * every piece's face and arrows and every move's flips; the computer's six levels.
 *
 *   const setup = unwrap(tacticsEntry.setup({ position: 'R7/8/8/8/8/8/8/7*R w 0' }));
 *   const session = unwrap(setup.newSession({ seed: 1, now: Date.now() }));
 */
import { err, inputError, ok, type InputError, type Outcome, type Player, type Result } from '@tactica/core';
import {
  cellAt,
  isFrozen,
  ownerOf,
  parsePosition,
  QUIET_PLY_LIMIT,
  REPETITION_LIMIT,
  repetitions,
  tactics,
  type TacticsMove,
  type TacticsState,
} from '@tactica/tactics';
import { TACTICS_LEVELS } from '@tactica/ai/tactics';
import type { ReviewScale } from '@tactica/ai/review';

/**
 * A review's scale (docs/games/tactics.md, "Review"): the engine scores in hundredths of a Rook (`PIECE`); a piece
 * lost is a blunder **(ours)**.
 */
export const TACTICS_REVIEW: ReviewScale = {
  unit: 'centi-rooks',
  engineUnits: 1,
  clamp: 1000,
  thresholds: { inaccuracy: 30, mistake: 60, blunder: 100 },
  depth: 4,
};
import { listing } from '../listing.js';
import { optionText, readOptions } from '../options.js';
import { sequentialSetup } from '../setup.js';
import type { GameEntry, LinePlace, OptionSpec, SequentialSetup, StatusBase, VariantInfo } from '../types.js';
import { tacticsBoard, type TacticsPiece } from './board.js';
import { TACTICS_TEXT } from './text.js';
import { exportTacticsRecord, importTacticsRecord, positionOption, TACTICS_RECORD } from './records.js';

/** The terminal's status line (`White to move · move 12 · 37 plies without a flip (draw at 100) · …`) as data. */
export interface TacticsStatus extends StatusBase {
  /** Whose turn the position says it is; when the game is over by the no-move rule, the player left without one. */
  readonly turn: Player;
  /** How the game record numbers the move to play: `12.` (White) or `12...` (Black). */
  readonly moveLabel: string;
  /** Plies since the last move that flipped a piece; at `quietLimit` the game is drawn (ours). */
  readonly quietPlies: number;
  readonly quietLimit: number;
  /** How often this position has occurred with this player to move, this time included; drawn at the limit (ours). */
  readonly repetitions: number;
  readonly repetitionLimit: number;
  /** Pieces of White (seat 0) and Black (seat 1), whatever colour they show. */
  readonly pieces: readonly [number, number];
  /** Of those, the ones showing their owner's colour (they may move) and the ones showing the opponent's. */
  readonly mobile: readonly [number, number];
  readonly frozen: readonly [number, number];
  /** Pieces showing the white face and the black face, whoever owns them: the colours on the board. */
  readonly faces: readonly [number, number];
  readonly outcome: Outcome | undefined;
}

export type TacticsSetup = SequentialSetup<TacticsState, TacticsMove, TacticsState, TacticsStatus, TacticsPiece>;

/** Eight ranks of at most 16 characters (`*R` eight times), seven slashes, the turn and the clock, with room to spare. */
const POSITION_MAX = 200;

const OPTIONS: readonly OptionSpec[] = [
  {
    kind: 'text',
    key: 'position',
    label: 'Start position',
    help: "position text, rank 1 first (QBRRRRBQ/8/8/8/8/8/8/*Q*B*R*R*R*R*B*Q w 0); empty for the manual's starting board",
    maxLength: POSITION_MAX,
    default: '',
  },
];

function status(s: TacticsState, place: LinePlace<TacticsState>): TacticsStatus {
  const pieces: [number, number] = [0, 0];
  const frozen: [number, number] = [0, 0];
  for (let sq = 0; sq < 64; sq++) {
    const cell = cellAt(s, sq);
    if (cell === 0) continue;
    const owner = ownerOf(cell);
    pieces[owner]++;
    if (isFrozen(cell)) frozen[owner]++;
  }
  const mobile: [number, number] = [pieces[0] - frozen[0], pieces[1] - frozen[1]];
  // As the terminal counts (cli/src/games/tactics/adapter.ts): White's and Black's ply share a number, from the start.
  const moveNumber = Math.floor((place.ply + place.start.turn) / 2) + 1;
  const outcome = tactics.outcome(s);
  return {
    moveNumber,
    toMove: tactics.toMove(s),
    turn: s.turn,
    moveLabel: `${moveNumber}${s.turn === 0 ? '.' : '...'}`,
    quietPlies: s.quiet,
    quietLimit: QUIET_PLY_LIMIT,
    repetitions: repetitions(s),
    repetitionLimit: REPETITION_LIMIT,
    pieces,
    mobile,
    frozen,
    // A mobile piece shows its owner's colour, a frozen one its opponent's.
    faces: [mobile[0] + frozen[1], mobile[1] + frozen[0]],
    outcome,
  };
}

function unknownFormat(format: string): InputError {
  return inputError(
    'record/unknown-format',
    `Tactics records are the game record ("${TACTICS_RECORD.id}"), not "${format}"`,
    { input: format },
  );
}

function setupAt(start: TacticsState): TacticsSetup {
  return sequentialSetup({
    family: 'tactics',
    options: { position: positionOption(start) },
    variantId: tactics.info.id,
    game: tactics,
    initial: () => start,
    status,
    boardAdapter: tacticsBoard,
    text: TACTICS_TEXT,
    actions: [],
    levels: TACTICS_LEVELS,
    loadEngine: async () => (await import('@tactica/ai/tactics')).tacticsEngine,
    review: TACTICS_REVIEW,
    loadReviewEngine: async () => (await import('@tactica/ai/tactics')).createTacticsEngine(),
    records: [TACTICS_RECORD],
    /*
     * What "auto" means (ours; no manual says): per move. Tactics comes from play-by-email servers, where a game is
     * played one move at a time, and nothing bounds its length: a game ends when a side is left without a move, and
     * every flip restarts the 100-ply draw count. Measured from 4-ply random openings (docs/games/tactics.md): Good
     * against Good 52 to 291 plies (median 128), Smart against Smart 146 to over 600 (median 312). A per-game
     * allowance (30 minutes) would give 12 seconds a move in a median Smart game and a few in a long one, where a
     * per-move allowance (5 minutes) is the same in every game.
     */
    autoTimeMode: 'move',
    // No takeback rule of its own: the clock's (none in blitz) is the only one (the terminal has no other).
    async exportRecord(format, h, meta) {
      if (format !== TACTICS_RECORD.id) return err(unknownFormat(format));
      return exportTacticsRecord(h, meta);
    },
  });
}

/**
 * Sets Tactics up from untrusted options. The position is kept as the canonical position text (empty for the
 * manual's starting board, however it was written), so one start has one stored form (ours).
 */
function setup(input?: unknown): Result<TacticsSetup, InputError> {
  const read = readOptions(OPTIONS, input);
  if (!read.ok) return read;
  const text = optionText(read.value, 'position').trim();
  if (text === '') return ok(setupAt(tactics.initial()));
  const parsed = parsePosition(text);
  if (!parsed.ok) {
    return err(inputError(parsed.error.code, `position: ${parsed.error.message}`, { input: 'position' }));
  }
  return ok(setupAt(parsed.value));
}

const VARIANTS: readonly VariantInfo[] = [{ id: tactics.info.id, name: tactics.info.name, options: { position: '' } }];

export const tacticsEntry: GameEntry<TacticsState, TacticsMove, TacticsState, TacticsStatus, TacticsPiece> = {
  ...listing('tactics'),
  options: OPTIONS,
  variants: VARIANTS,
  levels: TACTICS_LEVELS,
  records: [TACTICS_RECORD],
  setup,
  async importRecord(format, text) {
    if (format !== TACTICS_RECORD.id) return err(unknownFormat(format));
    return importTacticsRecord(text);
  },
};

export type { TacticsPiece };
