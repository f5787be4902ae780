/**
 * The openings a match plays: a fixed set read from a file, never drawn by the match, so the games cannot be
 * chosen (or tuned to) by the party measured (issue 42). The default sets live in `bench/openings/`:
 *
 * - English: the ACF 156-opening three-move deck (`english-acf-156.txt`), the deck the American Checker Federation's
 *   tournaments and engine matches play, in ACF order.
 * - International: no published balanced set was found, so a large sample was drawn once from our generator
 *   (`drawOpenings`) with a stated seed by `bench/draw-openings.js`, and committed; the file's header says how.
 * - Russian: every three-ply opening with no capture pending (`allOpenings`, 174), sorted by its text: a complete
 *   set, so nothing was chosen.
 * - Brazilian and Pool: the same way (`brazilian-all-174.txt`, `pool-all-174.txt`), for self-play matches
 *   (`bench/draughts-selfplay.js --openings`); the external match does not play them.
 *
 * The match only reads the files.
 *
 * A set file is text: `[Name "value"]` tags (Variant is required, Set names it, Source says where it comes from), `#`
 * comments, and one opening a line, `<label>: <move> <move> …` in the rule set's notation from the start.
 *
 *   [Variant "english"]
 *   [Set "ACF 156-opening three-move deck"]
 *   ACF 1: 9-13 21-17 5-9
 *
 * Each opening is played twice in a row, the external engine Black in the first game and White in the second, so
 * game 2k-1 and 2k are opening k of the file: the order is the file's, nothing else (`matchSchedule`).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createRng, err, inputError, ok, type InputError, type Player, type Result } from '@tactica/core';
import { formatMove, type DraughtsGame, type DraughtsMove, type DraughtsState } from '@tactica/draughts';

export const MATCH_VARIANTS = ['english', 'international', 'russian'] as const;
export type MatchVariant = (typeof MATCH_VARIANTS)[number];

/** The folder of the committed opening sets (the repository's `bench/openings/`, from src or dist alike). */
const OPENINGS_DIR = fileURLToPath(new URL('../../../../../../bench/openings/', import.meta.url));

/** Each rule set's default set, a file in `OPENINGS_DIR`. */
export const DEFAULT_OPENING_SETS: Readonly<Record<MatchVariant, string>> = {
  english: 'english-acf-156.txt',
  international: 'international-fixed-200.txt',
  russian: 'russian-all-174.txt',
};

/** An opening: its label and its moves from the start. */
export interface Opening {
  readonly name: string;
  readonly moves: readonly DraughtsMove[];
}

/** A set as read: its name, rule set, where it came from and its openings in file order. */
export interface OpeningSet {
  readonly name: string;
  readonly variant: MatchVariant;
  readonly source?: string;
  readonly file: string;
  readonly openings: readonly Opening[];
}

/** The default set's path for a rule set. */
export function defaultOpeningSetFile(variant: MatchVariant): string {
  return `${OPENINGS_DIR}${DEFAULT_OPENING_SETS[variant]}`;
}

const bad = (file: string, line: number, why: string): Result<never, InputError> =>
  err(inputError('match/bad-openings', `${file}, line ${line}: ${why}`));

/**
 * Reads a set's text and replays every opening with `game`'s rules: a line they refuse, an opening that ends the game
 * or repeats another, or a Variant tag naming another rule set is an error naming the line.
 */
export function parseOpeningSet(text: string, game: DraughtsGame, file: string): Result<OpeningSet, InputError> {
  const tags = new Map<string, string>();
  const openings: Opening[] = [];
  const seen = new Set<string>();
  const lines = text.split(/\r?\n/);
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const tag = /^\[(\w+)\s+"([^"]*)"\]$/.exec(line);
    if (tag) {
      tags.set((tag[1] as string).toLowerCase(), tag[2] as string);
      continue;
    }
    const entry = /^([^:]+):\s*(.+)$/.exec(line);
    if (!entry) return bad(file, i + 1, `"${line}" is neither a tag nor "<label>: <moves>"`);
    const name = (entry[1] as string).trim();
    let s = game.initial();
    const moves: DraughtsMove[] = [];
    for (const text of (entry[2] as string).split(/\s+/)) {
      const m = game.parseMove(s, text);
      if (!m.ok) return bad(file, i + 1, `${name}: ${text}: ${m.error.message}`);
      moves.push(m.value);
      s = game.play(s, m.value);
    }
    if (game.outcome(s)) return bad(file, i + 1, `${name} ends the game`);
    const key = moves.map((m) => `${m.from}-${m.to}:${m.captures.join(',')}`).join(' ');
    if (seen.has(key)) return bad(file, i + 1, `${name} repeats an earlier opening`);
    seen.add(key);
    openings.push({ name, moves });
  }
  const variant = tags.get('variant');
  const own = game.initial().position.variant;
  if (variant !== own) return bad(file, 1, `the set's Variant tag is "${variant ?? ''}", the match plays ${own}`);
  if (openings.length === 0) return bad(file, lines.length, 'no openings');
  const source = tags.get('source');
  return ok({
    name: tags.get('set') ?? file,
    variant: own as MatchVariant,
    ...(source !== undefined ? { source } : {}),
    file,
    openings,
  });
}

/** Reads a set from a file (`--openings`, or the rule set's default). */
export function readOpeningSet(file: string, game: DraughtsGame): Result<OpeningSet, InputError> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    return err(inputError('match/bad-openings', `cannot read the opening set ${file}: ${(e as Error).message}`));
  }
  return parseOpeningSet(text, game, file);
}

/** One game of a match: its place, its opening (1-based number in the set) and the external engine's side. */
export interface ScheduledGame {
  readonly index: number;
  readonly openingNumber: number;
  readonly opening: Opening;
  /** The external engine: Black (1) in the first game of the pair, White (0) in the second. */
  readonly engineSide: Player;
}

/** Which part of the set a run plays: openings `from` (1-based) on, `count` of them, at most `games` games. */
export interface SetSlice {
  readonly from?: number;
  readonly count?: number;
  readonly games?: number;
}

/**
 * The games of a match in order: each opening of the slice twice, colours reversed, in the file's order. Depends on
 * nothing but the set and the slice.
 */
export function matchSchedule(openings: readonly Opening[], slice: SetSlice = {}): ScheduledGame[] {
  const first = (slice.from ?? 1) - 1;
  const chosen = openings.slice(first, slice.count === undefined ? undefined : first + slice.count);
  const games = chosen.flatMap((opening, k) =>
    ([1, 0] as const).map((engineSide, j) => ({
      index: 2 * k + j,
      openingNumber: first + k + 1,
      opening,
      engineSide: engineSide as Player,
    })),
  );
  return slice.games === undefined ? games : games.slice(0, slice.games);
}

/**
 * The generator the International and Russian sets were drawn from, once (`bench/draw-openings.js`): random legal
 * moves from the start, four plies on 10x10 (two moves a side) and three on 8x8, kept when no capture is pending at
 * the end and the game is not over, every opening different and none in `exclude` (the names of openings used
 * before). The match never calls it.
 */
export function drawOpenings(
  game: DraughtsGame,
  count: number,
  seed: string,
  exclude: ReadonlySet<string> = new Set(),
): Opening[] {
  const rng = createRng(seed);
  const plies = game.initial().position.variant === 'international' ? 4 : 3;
  const seen = new Set<string>(exclude);
  const out: Opening[] = [];
  for (let tries = 0; out.length < count && tries < count * 200; tries++) {
    let s = game.initial();
    const moves: DraughtsMove[] = [];
    for (let p = 0; p < plies; p++) {
      const m = rng.pick(game.legalMoves(s));
      moves.push(m);
      s = game.play(s, m);
    }
    if (game.outcome(s) || game.legalMoves(s).some((m) => m.captures.length > 0)) continue;
    const name = openingText(game, moves);
    if (seen.has(name)) continue;
    seen.add(name);
    out.push({ name, moves });
  }
  return out;
}

/**
 * Every opening of `plies` plies from the start that leaves the game going with no capture pending, sorted by its
 * text (so the order depends on the notation, not on the move generator): the Russian set.
 */
export function allOpenings(game: DraughtsGame, plies: number): Opening[] {
  const out: Opening[] = [];
  const walk = (s: DraughtsState, moves: DraughtsMove[]): void => {
    if (moves.length === plies) {
      if (!game.outcome(s) && !game.legalMoves(s).some((m) => m.captures.length > 0))
        out.push({ name: openingText(game, moves), moves: [...moves] });
      return;
    }
    for (const m of game.legalMoves(s)) walk(game.play(s, m), [...moves, m]);
  };
  walk(game.initial(), []);
  return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** An opening's moves in the rule set's notation, from the start. */
export function openingText(game: DraughtsGame, moves: readonly DraughtsMove[]): string {
  const words: string[] = [];
  let s = game.initial();
  for (const m of moves) {
    words.push(formatMove(s.position, m, game.legalMoves(s)));
    s = game.play(s, m);
  }
  return words.join(' ');
}
