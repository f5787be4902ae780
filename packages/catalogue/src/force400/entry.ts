/**
 * Force 400 in the catalogue: the game with each side's handicap (the manual's number of men, or the squares named)
 * or from a position text; the terminal's status line as data (move number, side, men and units per side, the
 * kings, men waiting to recharge, the ending); the game record and the terminal's saved game; the board model with
 * transfers and abdications; the manual's levels 0–6 and our level 7.
 *
 *   const setup = unwrap(force400Entry.setup({ handicapWhite: 3 }));
 *   const session = unwrap(setup.newSession({ seed: 1, now: Date.now() }));
 */
import { err, inputError, ok, type InputError, type Outcome, type Player, type Result } from '@tactica/core';
import {
  createForce400,
  force400,
  formatPosition,
  MAX_HANDICAP,
  parsePosition,
  squareName,
  type Force400Action,
  type Force400Game,
  type Force400State,
  type Handicap,
} from '@tactica/force400';
import { FORCE400_LEVELS } from '@tactica/ai/force400';
import type { ReviewScale } from '@tactica/ai/review';

/**
 * A review's scale (docs/games/force400.md, "Review"): the engine scores in tenths of a force unit, a man (what a
 * capture wins) being 60 of them, so a hundredth of a man is 0.6; a man lost is a blunder **(ours)**.
 */
export const FORCE400_REVIEW: ReviewScale = {
  unit: 'centi-men',
  engineUnits: 0.6,
  clamp: 1000,
  thresholds: { inaccuracy: 30, mistake: 60, blunder: 100 },
  depth: 3,
};
import { optionInteger, optionText, readOptions } from '../options.js';
import { sequentialSetup } from '../setup.js';
import { listing } from '../listing.js';
import type {
  GameEntry,
  OptionSpec,
  OptionValue,
  OptionValues,
  SequentialSetup,
  StatusBase,
  VariantInfo,
} from '../types.js';
import { FORCE400_ACTIONS, force400Board, type Force400Piece } from './board.js';
import { FORCE400_TEXT } from './text.js';
import { handicapOptions, HANDICAP_KEYS, HANDICAP_SQUARES_KEYS, readHandicap } from './handicaps.js';
import {
  exportRecord,
  exportSave,
  FORCE400_RECORD,
  FORCE400_SAVE,
  HEADER_MAX,
  headerRecordable,
  importRecord,
  importSave,
  type RecordSetup,
} from './records.js';

/** A king as the status gives him: where he stands and his force. */
export interface KingStatus {
  readonly square: string;
  readonly force: number;
}

/** The terminal's status line (`Move 12, Black to move. White: 12 men, 57 units; …`) as data, and a little more. */
export interface Force400Status extends StatusBase {
  /** Men of White (seat 0) and Black (seat 1). */
  readonly men: readonly [number, number];
  /** Each side's force units in all: 200 a side at the start (manual, "Basics of Play"). */
  readonly units: readonly [number, number];
  /** Each side's king, or null once he has fallen. */
  readonly kings: readonly [KingStatus | null, KingStatus | null];
  /** Men of each side still waiting out the three turns before they may recharge again (manual, "Recharge"). */
  readonly recharging: readonly [number, number];
  /** Men each side gave as a handicap at the start. */
  readonly handicap: readonly [number, number];
  /** How the game ended (`king-captured`, `resigned`, `agreed`), or null while it goes on. */
  readonly outcome: Outcome | null;
}

export type Force400Setup = SequentialSetup<
  Force400State,
  Force400Action,
  Force400State,
  Force400Status,
  Force400Piece
>;

/** Position text is at most 100 men of `J9:99K/2,`: 1,000 characters is room for any position. */
const POSITION_MAX = 1000;

const handicapSpec = (side: Player): OptionSpec => {
  const who = side === 0 ? 'White' : 'Black';
  return {
    kind: 'integer',
    key: HANDICAP_KEYS[side],
    label: `${who}'s handicap`,
    help: `men removed from ${who}'s side before play, never the king (manual, "Loading and Setup"): from the front rank, A file first, then the back rank, unless the squares are named (ours)`,
    min: 0,
    max: MAX_HANDICAP,
    default: 0,
  };
};

const handicapSquaresSpec = (side: Player): OptionSpec => {
  const who = side === 0 ? 'White' : 'Black';
  return {
    kind: 'text',
    key: HANDICAP_SQUARES_KEYS[side],
    label: `${who}'s handicap squares`,
    help: `the starting squares ${who}'s handicap clears, as "A8 B8" (as many as the handicap); empty for the default order (ours)`,
    maxLength: 100,
    default: '',
  };
};

const OPTIONS: readonly OptionSpec[] = [
  handicapSpec(0),
  handicapSpec(1),
  handicapSquaresSpec(0),
  handicapSquaresSpec(1),
  {
    kind: 'text',
    key: 'position',
    label: 'Start position',
    help: 'Force 400 position text ("w 1 W:A8:10,…,H9:10K,… B:…"); empty for the standard start. Not with a handicap: leave the men out of the position instead',
    maxLength: POSITION_MAX,
    default: '',
  },
  {
    kind: 'text',
    key: 'header',
    label: 'Record header',
    help: 'the first line of the game record, "provided by the player at setup time" (manual, "Game-Record Notation"); empty for none',
    maxLength: HEADER_MAX,
    default: '',
  },
];

function countSides(s: Force400State): Pick<Force400Status, 'men' | 'units' | 'kings' | 'recharging'> {
  const men: [number, number] = [0, 0];
  const units: [number, number] = [0, 0];
  const kings: [KingStatus | null, KingStatus | null] = [null, null];
  const recharging: [number, number] = [0, 0];
  s.board.forEach((m, sq) => {
    if (!m) return;
    men[m.side]++;
    units[m.side] += m.force;
    if (m.king) kings[m.side] = { square: squareName(sq), force: m.force };
    if (m.wait > 0) recharging[m.side]++;
  });
  return { men, units, kings, recharging };
}

/**
 * What "auto" means on the clock **(ours**: the manual has no clock): per game. A turn may be an instant transfer or
 * a long think with the king under attack — the manual's own program takes "a few seconds to nearly a minute" — so
 * one allowance for the game lets a player spend it where it matters; and a per-move timeout plays a random legal
 * action, which in Force 400 is nearly always a random transfer (over a thousand of them at the start).
 */
const AUTO_TIME_MODE = 'game';

function setupOf(
  game: Force400Game,
  start: Force400State,
  handicap: readonly [Handicap, Handicap],
  options: OptionValues,
): Force400Setup {
  const given: readonly [number, number] = [
    typeof handicap[0] === 'number' ? handicap[0] : handicap[0].length,
    typeof handicap[1] === 'number' ? handicap[1] : handicap[1].length,
  ];
  const recordSetup: RecordSetup = { game, handicap, header: optionText(options, 'header') };
  return sequentialSetup({
    family: 'force400',
    options,
    variantId: game.info.id,
    game,
    initial: () => start,
    status: (s) => ({
      moveNumber: s.moveNumber,
      toMove: game.toMove(s),
      ...countSides(s),
      handicap: given,
      outcome: s.ended,
    }),
    boardAdapter: force400Board(game),
    text: FORCE400_TEXT,
    actions: FORCE400_ACTIONS,
    levels: FORCE400_LEVELS,
    loadEngine: async () => (await import('@tactica/ai/force400')).force400Engine,
    review: FORCE400_REVIEW,
    loadReviewEngine: async () => (await import('@tactica/ai/force400')).createForce400Engine(),
    records: [FORCE400_RECORD, FORCE400_SAVE],
    autoTimeMode: AUTO_TIME_MODE,
    // No takeback rule of its own: the original had none (it asked to confirm each action instead), so the
    // session's rules (the clock's, against the computer back to the person's move) are the only ones.
    async exportRecord(format, h, meta) {
      if (format === FORCE400_RECORD.id) return exportRecord(recordSetup, h, meta);
      if (format === FORCE400_SAVE.id) return exportSave(recordSetup, h, meta);
      return err(unknownFormat(format));
    },
  });
}

function unknownFormat(format: string): InputError {
  return inputError(
    'record/unknown-format',
    `Force 400 texts are the game record ("${FORCE400_RECORD.id}") and the saved game ("${FORCE400_SAVE.id}"), not "${format}"`,
    { input: format },
  );
}

function fieldError(field: string, e: InputError): InputError {
  return inputError(e.code, `${field}: ${e.message}`, { input: field });
}

function setup(input?: unknown): Result<Force400Setup, InputError> {
  const read = readOptions(OPTIONS, input);
  if (!read.ok) return read;
  const values = read.value;
  // The record writes its header on one line with single spaces: the option is kept as it will read back.
  const header = optionText(values, 'header')
    .replace(/[ \t]+/g, ' ')
    .trim();
  if (/[\r\n]/.test(header) || !headerRecordable(header)) {
    return err(
      inputError(
        'options/bad-value',
        'header: must be one line that the record cannot read as something else (a date, "White: …", a move, a result)',
        { input: 'header' },
      ),
    );
  }
  const handicap: [Handicap, Handicap] = [0, 0];
  const canonical: Record<string, OptionValue> = { ...values, header };
  for (const side of [0, 1] as const) {
    const h = readHandicap(
      side,
      optionInteger(values, HANDICAP_KEYS[side]),
      optionText(values, HANDICAP_SQUARES_KEYS[side]),
    );
    if (!h.ok) return h;
    handicap[side] = h.value;
  }
  const positionText = optionText(values, 'position').trim();
  if (positionText !== '') {
    const key = HANDICAP_KEYS.find((k) => optionInteger(values, k) > 0);
    if (key !== undefined) {
      return err(
        inputError(
          'options/conflict',
          `${key}: a handicap removes men from the standard start; with a start position, leave them out of the position`,
          { input: key },
        ),
      );
    }
    const parsed = parsePosition(positionText);
    if (!parsed.ok) return err(fieldError('position', parsed.error));
    if (parsed.value.ended) {
      return err(
        inputError('position/over', 'position: the game is already over in this position', { input: 'position' }),
      );
    }
    const text = formatPosition(parsed.value);
    // The standard start given as text is the standard start: the same game, the same options.
    const standard = text === formatPosition(force400.initial());
    return ok(setupOf(force400, parsed.value, handicap, { ...canonical, position: standard ? '' : text }));
  }
  const made = createForce400({ handicap });
  if (!made.ok) return err(fieldError('handicap', made.error));
  for (const side of [0, 1] as const) {
    // Squares are kept in one order, and the default order's squares as none named.
    canonical[HANDICAP_SQUARES_KEYS[side]] = handicapOptions(side, handicap[side]).squares;
  }
  return ok(setupOf(made.value, made.value.initial(), handicap, { ...canonical, position: '' }));
}

const DEFAULT_OPTIONS: OptionValues = Object.fromEntries(OPTIONS.map((o) => [o.key, o.default]));

const VARIANTS: readonly VariantInfo[] = [{ id: force400.info.id, name: force400.info.name, options: DEFAULT_OPTIONS }];

export const force400Entry: GameEntry<Force400State, Force400Action, Force400State, Force400Status, Force400Piece> = {
  ...listing('force400'),
  options: OPTIONS,
  variants: VARIANTS,
  levels: FORCE400_LEVELS,
  records: [FORCE400_RECORD, FORCE400_SAVE],
  setup,
  async importRecord(format, text) {
    if (format === FORCE400_RECORD.id) return importRecord(text);
    if (format === FORCE400_SAVE.id) return importSave(text);
    return err(unknownFormat(format));
  },
};

export type { Force400Piece };
