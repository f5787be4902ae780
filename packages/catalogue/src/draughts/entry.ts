/**
 * Draughts in the catalogue: the seven rule sets of Draughts Galore, each also in give-away mode, from the standard
 * start or any FEN; the manual's status bar as data (rule set letter, pieces, the M1/M2 move counter, 3.3.5); the
 * clock's "auto" mode (3.2.2); PDN records; the board model; the computer's six levels.
 *
 *   const setup = unwrap(draughtsEntry.setup({ variant: 'russian', giveaway: true }));
 *   const session = unwrap(setup.newSession({ seed: 1, now: Date.now() }));
 */
import { err, inputError, ok, type InputError, type Player, type Result } from '@tactica/core';
import {
  draughtsGame,
  drawCounter,
  moveNumberLabel,
  parseFen,
  pieces,
  RULE_SETS,
  VARIANT_IDS,
  type DraughtsGame,
  type DraughtsMove,
  type DraughtsState,
  type DrawCounter,
  type VariantId,
} from '@tactica/draughts';
import { DRAUGHTS_LEVELS, type DraughtsEngine } from '@tactica/ai/draughts';
import type { ReviewScale } from '@tactica/ai/review';
import { optionFlag, optionText, readOptions } from '../options.js';
import { sequentialSetup } from '../setup.js';
import { listing } from '../listing.js';
import type { GameEntry, OptionSpec, SequentialSetup, StatusBase, VariantInfo } from '../types.js';
import { draughtsBoard, type DraughtsPiece } from './board.js';
import { exportPdn, PDN, readPdnRecord } from './records.js';
import { draughtsText } from './text.js';

/** One engine for every draughts game, per setting asked for (threads, endgame databases; unset: the defaults). */
const engines = new Map<string, Promise<DraughtsEngine>>();

/** The manual's status bar (3.3.5) as data, plus what the board alone does not show. */
export interface DraughtsStatus extends StatusBase {
  readonly variant: VariantId;
  readonly ruleSet: string;
  /** The status bar's letter: W E S R B T O. */
  readonly letter: string;
  readonly giveaway: boolean;
  /** Who moves first in this rule set (Black in English and Pool). */
  readonly firstToMove: Player;
  /** Men and kings of White (seat 0) and Black (seat 1). */
  readonly men: readonly [number, number];
  readonly kings: readonly [number, number];
  /** The move counter (manual 2.4) while it runs: stage 1 or 2 and half-moves left. */
  readonly counter: DrawCounter;
  /** The PDN move number of the move to play: `12.` or `12...`. */
  readonly moveLabel: string;
}

export type DraughtsSetup = SequentialSetup<DraughtsState, DraughtsMove, DraughtsState, DraughtsStatus, DraughtsPiece>;

const FEN_MAX = 400;

const OPTIONS: readonly OptionSpec[] = [
  {
    kind: 'choice',
    key: 'variant',
    label: 'Rule set',
    help: 'which national rules (manual 2.3)',
    choices: VARIANT_IDS.map((v) => ({ id: v, label: RULE_SETS[v].name })),
    default: 'international',
  },
  {
    kind: 'flag',
    key: 'giveaway',
    label: 'Give-away',
    help: 'the side left without a move wins (manual 3.2.2)',
    default: false,
  },
  {
    kind: 'text',
    key: 'position',
    label: 'Start position',
    help: "draughts FEN (W:W31-50:B1-20); empty for the rule set's start",
    maxLength: FEN_MAX,
    default: '',
  },
];

function status(s: DraughtsState, place: { start: DraughtsState; ply: number }): DraughtsStatus {
  const rules = RULE_SETS[s.position.variant];
  const men: [number, number] = [0, 0];
  const kings: [number, number] = [0, 0];
  for (const { piece } of pieces(s.position)) {
    if (piece === 'w') men[0]++;
    else if (piece === 'b') men[1]++;
    else if (piece === 'W') kings[0]++;
    else kings[1]++;
  }
  const moveLabel = moveNumberLabel(place.start.position, place.ply);
  return {
    moveNumber: Number.parseInt(moveLabel, 10),
    toMove: s.over ? [] : [s.position.turn],
    variant: rules.id,
    ruleSet: rules.name,
    letter: rules.letter,
    giveaway: s.giveaway,
    firstToMove: rules.firstToMove === 'white' ? 0 : 1,
    men,
    kings,
    counter: drawCounter(s),
    moveLabel,
  };
}

/**
 * A review's scale (docs/games/draughts.md, "Review"): the engine scores in hundredths of a man already; a man lost
 * for nothing is a blunder, a third of one an inaccuracy **(ours)**. Depth 10 (Master's deep search on one thread)
 * reviews a 60-ply game in a few seconds (bench/RESULTS.md, "Review").
 */
export const DRAUGHTS_REVIEW: ReviewScale = {
  unit: 'centi-men',
  engineUnits: 1,
  clamp: 1000,
  thresholds: { inaccuracy: 30, mistake: 60, blunder: 100 },
  depth: 10,
};

function setupOf(game: DraughtsGame, start: DraughtsState, options: Record<string, unknown>): DraughtsSetup {
  const variant = game.rules.id;
  const boardAdapter = draughtsBoard(game);
  return sequentialSetup({
    family: 'draughts',
    options: options as DraughtsSetup['options'],
    variantId: game.info.id,
    game,
    initial: () => start,
    status,
    boardAdapter,
    text: draughtsText(boardAdapter),
    actions: [],
    levels: DRAUGHTS_LEVELS,
    loadEngine: async (engineOptions = {}) => {
      const ai = await import('@tactica/ai/draughts');
      // The rule set's opening book comes with the engine (a chunk of its own), so that Master plays from it from
      // its first move; the manual's levels never read it **(ours)**.
      if (!start.giveaway) await ai.loadDraughtsBook(variant);
      // One engine for every draughts game; `prepare` loads the rule set's learned evaluation (a chunk of its own)
      // before it answers, and no other rule set's.
      const { threads, endgames, hashMb } = engineOptions;
      const key = `${threads ?? ''}:${endgames === undefined ? '' : JSON.stringify(endgames)}:${hashMb ?? ''}`;
      let engine = engines.get(key);
      if (!engine) {
        engine = ai.loadDraughtsEngine({
          ...(threads === undefined ? {} : { threads }),
          ...(endgames === undefined ? {} : { endgames }),
          ...(hashMb === undefined ? {} : { hashMb }),
          variants: [],
        });
        engines.set(key, engine);
      }
      const ready = await engine;
      await ready.prepare(start);
      return ready;
    },
    review: DRAUGHTS_REVIEW,
    loadReviewEngine: async (reviewOptions = {}) => {
      const ai = await import('@tactica/ai/draughts');
      // Its own engine, on one thread and without the book: a review at a depth is the same every time. The
      // endgame databases are the host's, as its computer's (default: the process's).
      const { endgames } = reviewOptions;
      const settings = { threads: 1, book: false, variants: [], ...(endgames === undefined ? {} : { endgames }) };
      const engine = await ai.loadDraughtsEngine(settings);
      await engine.prepare(start);
      return engine;
    },
    records: [PDN],
    // Manual 3.2.2: "Auto ... Move with English/American, and Game with all others".
    autoTimeMode: variant === 'english' ? 'move' : 'game',
    async exportRecord(format, h, meta) {
      if (format !== PDN.id) return err(unknownFormat(format));
      return ok(exportPdn(game, h, meta));
    },
  });
}

function unknownFormat(format: string): InputError {
  return inputError('record/unknown-format', `draughts records are PDN ("pdn"), not "${format}"`, { input: format });
}

function setup(input?: unknown): Result<DraughtsSetup, InputError> {
  const read = readOptions(OPTIONS, input);
  if (!read.ok) return read;
  const variant = read.value['variant'] as VariantId;
  const game = draughtsGame(variant, { giveaway: optionFlag(read.value, 'giveaway') });
  const fen = optionText(read.value, 'position').trim();
  let start = game.initial();
  if (fen !== '') {
    const parsed = parseFen(fen, variant);
    if (!parsed.ok) {
      return err(inputError(parsed.error.code, `position: ${parsed.error.message}`, { input: 'position' }));
    }
    start = game.fromPosition(parsed.value);
  }
  return ok(setupOf(game, start, { ...read.value, position: fen }));
}

const VARIANTS: readonly VariantInfo[] = VARIANT_IDS.flatMap((variant) =>
  [false, true].map((giveaway) => {
    const game = draughtsGame(variant, { giveaway });
    return { id: game.info.id, name: game.info.name, options: { variant, giveaway, position: '' } };
  }),
);

/**
 * A PDN game read as `importRecord` reads it, with the PDN game itself (`record`: its tags and comments, which
 * `exportPdnOver` writes again); a game whose record names no rule set (no GameType tag) is read as
 * `defaultVariant` when one is given, as when a game already set up loads a file (the terminal's `load`).
 */
export async function importPdn(text: string, defaultVariant?: VariantId) {
  return readPdnRecord(text, (record) => draughtsGame(record.variant, { giveaway: record.giveaway }), {
    ...(defaultVariant !== undefined ? { defaultVariant } : {}),
  });
}

type DraughtsEntry = GameEntry<DraughtsState, DraughtsMove, DraughtsState, DraughtsStatus, DraughtsPiece>;

export const draughtsEntry: DraughtsEntry = {
  ...listing('draughts'),
  options: OPTIONS,
  variants: VARIANTS,
  levels: DRAUGHTS_LEVELS,
  records: [PDN],
  setup,
  async importRecord(format, text) {
    if (format !== PDN.id) return err(unknownFormat(format));
    return importPdn(text);
  },
  async annotateRecord(format, text, review) {
    if (format !== PDN.id) return err(unknownFormat(format));
    const read = await importPdn(text);
    if (!read.ok) return read;
    const { annotatePdn } = await import('./review-pdn.js');
    return ok(annotatePdn(read.value.record, review));
  },
};

export type { DraughtsPiece };

export { exportPdnOver, type ImportedPdn } from './records.js';
