/**
 * One figure from several runs of `match:external` (`npm run match:summary -- FILE.pdn…`): a bar of issue 42 counts
 * a hundred games and more, played a slice of the opening set at a time, each slice to its own PDN file. The games
 * are read back, each opening's two games (colours reversed) paired again by their `OpeningSet` tag, and W/D/L, the
 * score and the Elo difference with its 95 % interval are counted over them all as one match would count them
 * (`matchElo`: pentanomial over the pairs when every game has its pair). Only games played on the same terms make
 * one figure: files that differ in the opponent, the rule set, the time a move, either side's threads or our level
 * are refused, and so is a game given twice (the same opening with the same colours). What may differ is said: the
 * commits (`TacticaCommit`; files from before that tag say none), and how many games were played under load.
 *
 *   summarizeMatches([{ file: 'a.pdn', text }, { file: 'b.pdn', text: text2 }])   // Result<MatchSummary, InputError>
 */
import { err, inputError, ok, type InputError, type Result } from '@tactica/core';
import { readPdn, type PdnGame } from '@tactica/draughts';
import type { CliCode } from '../../../codes.js';
import { formatMatchResult, formatPairCounts, matchElo, type MatchElo } from './elo.js';
import { formatSearchLine } from './match.js';

/** A match file as read: its name (for the messages) and its text. */
export interface MatchFile {
  readonly file: string;
  readonly text: string;
}

/** The terms every game of one figure shares. */
interface Terms {
  readonly variant: string;
  readonly tactica: string;
  readonly engine: string;
  readonly time: string;
  readonly tacticaThreads: string;
  readonly engineThreads: string;
}

/** One game as the summary needs it. */
interface MatchGame {
  readonly where: string;
  readonly terms: Terms;
  /** The `OpeningSet` tag: the set's name and the opening's number in it. */
  readonly opening: string;
  readonly tacticaWhite: boolean;
  /** Tactica's points: 1, ½ or 0. */
  readonly points: number;
  readonly loaded: boolean;
  readonly commit: string | undefined;
  /** The `TacticaSearch` tag's figures: mean depth over searched moves, and thousands of positions a second. */
  readonly search: { readonly depth: number; readonly moves: number; readonly kpps: number } | undefined;
}

export interface MatchSummary {
  readonly terms: Terms;
  readonly files: number;
  readonly games: number;
  readonly elo: MatchElo;
  readonly loaded: number;
  /** The openings' numbers in the set, and the set's name. */
  readonly openings: readonly number[];
  readonly set: string;
  /** The commits the games name, in the order first seen; `undefined` for games without the tag. */
  readonly commits: readonly (string | undefined)[];
  /** Depth on average over every searched move, and positions a second (thousands) weighted the same way. */
  readonly search: { readonly depth: number; readonly moves: number; readonly kpps: number } | undefined;
}

const TERM_NAMES: Readonly<Record<keyof Terms, string>> = {
  variant: 'rule set',
  tactica: 'our level',
  engine: 'opponent',
  time: 'time a move',
  tacticaThreads: 'our threads',
  engineThreads: "the opponent's threads",
};

type Failure = InputError<CliCode>;

function fail(code: CliCode, message: string, input: string): Result<never, Failure> {
  return err(inputError(code, message, { input }));
}

/** The summary of the games in `files`, or the first reason they do not make one figure. */
export function summarizeMatches(files: readonly MatchFile[]): Result<MatchSummary, Failure> {
  const games: MatchGame[] = [];
  for (const f of files) {
    const read = readPdn(f.text);
    if (read.length === 0) return fail('match/bad-games', `${f.file}: no game in it`, f.file);
    for (const [i, r] of read.entries()) {
      const where = `${f.file}, game ${i + 1}`;
      if (!r.ok) return fail('match/bad-games', `${where}: ${r.error.message}`, f.file);
      const g = matchGame(r.value, where);
      if (!g.ok) return g;
      games.push(g.value);
    }
  }
  const first = games[0];
  if (!first) return fail('match/bad-games', 'no match file given', '');
  for (const g of games) {
    const differs = (Object.keys(TERM_NAMES) as (keyof Terms)[]).find((k) => g.terms[k] !== first.terms[k]);
    if (differs)
      return fail(
        'match/mixed-terms',
        `${g.where}: ${TERM_NAMES[differs]} "${g.terms[differs]}", where ${first.where} has "${first.terms[differs]}": one figure is one set of terms`,
        g.where,
      );
  }
  const paired = pairUp(games);
  if (!paired.ok) return paired;
  const { pairs, alone } = paired.value;
  const ordered = [...pairs.flat(), ...alone];
  const elo = matchElo(
    ordered.map((g) => g.points),
    alone.length === 0,
  );
  return ok({
    terms: first.terms,
    files: files.length,
    games: games.length,
    elo,
    loaded: games.filter((g) => g.loaded).length,
    openings: [...new Set(games.map((g) => openingNumber(g.opening)))]
      .filter((n) => !Number.isNaN(n))
      .sort((a, b) => a - b),
    set: setName(first.opening),
    commits: [...new Set(games.map((g) => g.commit))],
    search: searchOver(games),
  });
}

/** A game's terms and Tactica's result, read from the tags `match:external` writes. */
function matchGame(pdn: PdnGame, where: string): Result<MatchGame, Failure> {
  const tag = (name: string): string | undefined => pdn.tags.find((t) => t.name === name)?.value;
  const white = tag('White') ?? '';
  const black = tag('Black') ?? '';
  const tacticaWhite = white.startsWith('Tactica ');
  if (tacticaWhite === black.startsWith('Tactica '))
    return fail('match/bad-games', `${where}: not one of our matches (White "${white}", Black "${black}")`, where);
  const missing = ['OpeningSet', 'TimeControl', 'TacticaThreads', 'EngineThreads'].find((n) => tag(n) === undefined);
  if (missing) return fail('match/bad-games', `${where}: no ${missing} tag (not written by match:external)`, where);
  if (pdn.result !== 'white-wins' && pdn.result !== 'black-wins' && pdn.result !== 'draw')
    return fail('match/bad-games', `${where}: the game has no win, loss or draw (${pdn.result})`, where);
  const whitePoints = pdn.result === 'white-wins' ? 1 : pdn.result === 'black-wins' ? 0 : 0.5;
  return ok({
    where,
    terms: {
      variant: pdn.variant,
      tactica: tacticaWhite ? white : black,
      engine: tacticaWhite ? black : white,
      time: tag('TimeControl') as string,
      tacticaThreads: tag('TacticaThreads') as string,
      engineThreads: tag('EngineThreads') as string,
    },
    opening: tag('OpeningSet') as string,
    tacticaWhite,
    points: tacticaWhite ? whitePoints : 1 - whitePoints,
    loaded: (tag('Load') ?? '').startsWith('loaded'),
    commit: tag('TacticaCommit'),
    search: searchTag(tag('TacticaSearch')),
  });
}

/** Each opening's two games (Tactica White, then Black), and the games whose pair is missing. */
function pairUp(games: readonly MatchGame[]): Result<{ pairs: [MatchGame, MatchGame][]; alone: MatchGame[] }, Failure> {
  const byOpening = new Map<string, { white?: MatchGame; black?: MatchGame }>();
  for (const g of games) {
    const slot = byOpening.get(g.opening) ?? {};
    const had = g.tacticaWhite ? slot.white : slot.black;
    if (had)
      return fail(
        'match/repeated-game',
        `${g.where}: ${g.opening} with Tactica ${g.tacticaWhite ? 'White' : 'Black'} again (${had.where}): a game counts once`,
        g.where,
      );
    byOpening.set(g.opening, g.tacticaWhite ? { ...slot, white: g } : { ...slot, black: g });
  }
  const pairs: [MatchGame, MatchGame][] = [];
  const alone: MatchGame[] = [];
  for (const { white, black } of byOpening.values()) {
    if (white && black) pairs.push([white, black]);
    else alone.push((white ?? black) as MatchGame);
  }
  return ok({ pairs, alone });
}

/** `…, opening 12 of 200` → 12. */
const openingNumber = (openingSet: string): number => Number(/opening (\d+) of \d+$/.exec(openingSet)?.[1] ?? NaN);

/** `name, opening 12 of 200` → `name (200 openings)`. */
function setName(openingSet: string): string {
  const m = /^(.*), opening \d+ of (\d+)$/.exec(openingSet);
  return m ? `${m[1]} (${m[2]} openings)` : openingSet;
}

/** `depth 25.6 on average (919 searched moves), 4848 k positions a second` → its three figures. */
function searchTag(text: string | undefined): MatchGame['search'] {
  const m = /^depth ([\d.]+) on average \((\d+) searched moves?\), (\d+) k positions a second/.exec(text ?? '');
  return m ? { depth: Number(m[1]), moves: Number(m[2]), kpps: Number(m[3]) } : undefined;
}

function searchOver(games: readonly MatchGame[]): MatchSummary['search'] {
  const searched = games.flatMap((g) => (g.search && g.search.moves > 0 ? [g.search] : []));
  const moves = searched.reduce((a, s) => a + s.moves, 0);
  if (moves === 0) return undefined;
  const mean = (f: (s: NonNullable<MatchGame['search']>) => number): number =>
    searched.reduce((a, s) => a + f(s) * s.moves, 0) / moves;
  return { depth: mean((s) => s.depth), moves, kpps: mean((s) => s.kpps) };
}

/** `1-6, 9, 11-14`. */
function ranges(numbers: readonly number[]): string {
  const out: string[] = [];
  let start = numbers[0];
  for (let i = 0; i < numbers.length; i++) {
    const n = numbers[i] as number;
    const next = numbers[i + 1];
    if (next !== n + 1) {
      out.push(start === n ? `${n}` : `${start}-${n}`);
      start = next;
    }
  }
  return out.join(', ');
}

/** The summary's lines, worded as a match's report. */
export function formatSummary(s: MatchSummary): string[] {
  const t = s.terms;
  const commits = s.commits.map((c) => c ?? 'not tagged (before TacticaCommit)');
  return [
    `${t.tactica} vs ${t.engine}, ${t.variant}, ${t.time}: ${s.games} games from ${s.files} file${s.files === 1 ? '' : 's'}`,
    formatMatchResult(`${t.tactica} vs ${t.engine}`, s.elo),
    ...(s.elo.pairs ? [formatPairCounts(s.elo.pairs)] : []),
    `threads: Tactica ${t.tacticaThreads}, ${t.engine} ${t.engineThreads}`,
    ...(s.search ? [formatSearchLine(s.search.depth, s.search.moves, s.search.kpps)] : []),
    `load: ${s.loaded === 0 ? 'quiet' : 'loaded'}, ${s.loaded} of ${s.games} games loaded`,
    `openings: ${s.set}, openings ${ranges(s.openings)}`,
    `commits: ${commits.join(', ')}`,
  ];
}

/** The script's body: exit code 0 with the summary on `out`, 2 when the files do not make one figure. */
export function matchSummaryMain(
  files: readonly MatchFile[],
  out: (line: string) => void,
  error: (line: string) => void,
): number {
  if (files.length === 0) {
    error('match:summary: give the PDN files of the matches (bench/results/matches/*.pdn)');
    return 2;
  }
  const s = summarizeMatches(files);
  if (!s.ok) {
    error(`match:summary: ${s.error.code}: ${s.error.message}`);
    return 2;
  }
  for (const line of formatSummary(s.value)) out(line);
  return 0;
}
