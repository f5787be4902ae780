/**
 * A match between Tactica's draughts engine and an external engine, refereed by our rules (`referee.ts`), on terms
 * that cannot be tuned to (issue 42):
 *
 *   npm run match:external -- --engine "<command>" --protocol hub|dxp|cb [--variant english|international|russian]
 *       [--openings <set file>] [--from K] [--count N] [--games G] [--time <seconds a move>] [--threads N]
 *       [--engine-threads N] [--max-load L] [--force] [--record] [--pdn <file>] [--level master] [--nodes N] [--no-book] [--seed S]
 *       [--max-plies P] [--cwd <dir>] [--port N] [--dxp-minutes M] [--param name=value] [--position <FEN>]
 *
 * - Openings: a fixed set read from a file (`openings.ts`; by default the rule set's in `bench/openings/`: English the
 *   ACF 156-opening deck, 312 games), each opening played twice in a row, the external engine Black first; the order
 *   is the file's. `--from`/`--count` play a slice of it, `--games` stops after that many games.
 * - Threads: `--threads` (default 1) sets ours and the engine's where its protocol can (Hub's `threads` parameter);
 *   where it cannot (DXP, cb), `--engine-threads` states what the engine's own configuration sets. The report says
 *   what each side had, and "equal" or "unequal" when both are numbers.
 * - Load: the match does not start while the 1-minute load average is above `--max-load` (default 1) unless `--force`,
 *   and flags every game played while outside load rose (`load.ts`); the report says quiet or loaded.
 * - Every game goes into one PDN file (`--pdn`, default a new file in bench/results/matches/, which git ignores), with
 *   the opening, engines, threads, time and load as tags.
 * - Prints a line per game, then `+W =D -L`, the score and the Elo difference with its 95% interval (pentanomial over
 *   the pairs when they are whole, `elo.ts`), each side's wall time a move and the conditions; `--record` appends it
 *   all with the command and commit to bench/RESULTS.md (`record.ts`).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inputError, type InputError, type Player } from '@tactica/core';
import { DRAUGHTS_LEVELS, type DraughtsLevel } from '@tactica/ai';
import { describeEgdbFolder, egdbSetting } from '@tactica/ai/node-egdb';
import { nodeWorkerEngine, type WorkerEngine } from '@tactica/ai/node-worker';
import {
  draughtsGame,
  writePdn,
  type DraughtsGame,
  type DraughtsMove,
  type DraughtsState,
  type PdnGame,
} from '@tactica/draughts';
import { parseExternalMatchArgs, type ExternalMatchOptions } from './args.js';
import { formatMatchResult, formatPairCounts, matchElo, type MatchElo } from './elo.js';
import { CbEngine, DxpEngine, HubEngine, PROTOCOLS, type ExternalEngine } from './engines.js';
import { loadBeforeMatch, LoadWatch, systemLoad, type LoadReader } from './load.js';
import {
  defaultOpeningSetFile,
  matchSchedule,
  openingText,
  readOpeningSet,
  type OpeningSet,
  type ScheduledGame,
} from './openings.js';
import { appendMatchRecord, currentCommit, formatMatchRecord, RESULTS_FILE } from './record.js';
import { refereeGame, type OurSide, type PlayedGame } from './referee.js';

export { parseExternalMatchArgs, type ExternalMatchOptions } from './args.js';
export type { OurSide } from './referee.js';

const REPO_ROOT = fileURLToPath(new URL('../../../../../../', import.meta.url));
/** A file as the report names it: from the repository's root when it is inside it. */
const shown = (file: string): string => {
  const r = relative(REPO_ROOT, file);
  return r.startsWith('..') || isAbsolute(r) ? file : r;
};

/** Where the games go when `--pdn` does not say: results outside git (`.gitignore`), one file a match. */
const MATCHES_DIR = fileURLToPath(new URL('../../../../../../bench/results/matches/', import.meta.url));

/** One game of the match, refereed, with its place in the set and whether outside load touched it. */
export interface RefereedGame extends PlayedGame {
  readonly index: number;
  /** The opening's label and moves, e.g. `ACF 96 (10-15 22-17 15-19)`. */
  readonly opening: string;
  /** Its 1-based number in the set. */
  readonly openingNumber: number;
  /** The side the external engine played. */
  readonly engineSide: Player;
  /** Outside load rose above the threshold while it was played (or the match was forced under load). */
  readonly loaded: boolean;
  /** The highest 1-minute load average read while it was played. */
  readonly load: number;
  readonly pdn: PdnGame;
}

/** The match refused to start: the machine was busy. */
export class MatchRefused extends Error {
  readonly error: InputError;
  constructor(message: string) {
    super(message);
    this.error = inputError('match/loaded', message);
  }
}

/** Our levels with the chosen one's node cap set (or lifted): time alone limits a lifted level. */
function levelsWith(level: string, nodes: number | undefined): DraughtsLevel[] {
  return DRAUGHTS_LEVELS.map((l) => {
    if (l.id !== level) return l;
    const { nodes: _cap, ...rest } = l;
    return nodes === undefined ? rest : { ...rest, nodes };
  });
}

async function startEngine(o: ExternalMatchOptions): Promise<ExternalEngine> {
  switch (o.protocol) {
    case 'hub':
      return HubEngine.start(o.engine, o.cwd, o.params, o.threads);
    case 'cb':
      return CbEngine.start(o.engine, o.cwd);
    case 'dxp':
      return DxpEngine.start(o.engine === '' ? undefined : o.engine, o.cwd, o.host, o.port, {
        maxPlies: o.maxPlies,
        ...(o.dxpMinutes !== undefined ? { minutes: o.dxpMinutes } : {}),
      });
  }
}

/** Tactica's engine in a worker thread at a level (node cap set or lifted), with or without its book. */
function workerSide(level: string, nodes: number | undefined, noBook = false, threads?: number): OurSide {
  const engine: WorkerEngine<DraughtsState, DraughtsMove> = nodeWorkerEngine({
    family: 'draughts',
    options: {
      levels: levelsWith(level, nodes),
      ...(noBook ? { book: false } : {}),
      ...(threads !== undefined ? { threads } : {}),
      endgames: egdbSetting(),
    },
  });
  let last: { depth?: number; nodes?: number } | undefined;
  return {
    move: async (s, ms, seed) => {
      const choice = await engine.choose(s, level, { timeMs: ms, seed });
      last = { ...(choice.depth !== undefined ? { depth: choice.depth } : {}), nodes: choice.nodes ?? 0 };
      return choice.move;
    },
    lastSearch: () => last,
    close: () => engine.close(),
  };
}

/** What a run can be given instead of the real thing (tests): the two sides, the load reader and its pace. */
export interface MatchEnvironment {
  readonly engine?: ExternalEngine;
  readonly ours?: OurSide;
  readonly load?: LoadReader;
  readonly loadEveryMs?: number;
  /** Where `--record` writes (default bench/RESULTS.md). */
  readonly resultsFile?: string;
}

/** The set a run plays: `--fen` (one start, no opening moves), or the set file. */
function openingSetOf(o: ExternalMatchOptions, game: DraughtsGame): OpeningSet {
  if (o.fen !== undefined) {
    const count = o.count ?? Math.ceil((o.games ?? 2) / 2);
    const openings = Array.from({ length: o.from - 1 + count }, () => ({ name: 'FEN', moves: [] }));
    return { name: `FEN ${o.fen}`, variant: o.variant, file: '-', openings };
  }
  const set = readOpeningSet(o.openings ?? defaultOpeningSetFile(o.variant), game);
  if (!set.ok) throw new Error(set.error.message);
  return set.value;
}

function startOf(o: ExternalMatchOptions, game: DraughtsGame): DraughtsState {
  if (o.fen === undefined) return game.initial();
  const p = game.parsePosition(o.fen);
  if (!p.ok) throw new Error(`bad --position: ${p.error.message}`);
  return p.value;
}

/** Plays the match; `out` gets the report lines. Tests pass the sides and the load reader in. */
export async function runExternalMatch(
  o: ExternalMatchOptions,
  out: (line: string) => void,
  env: MatchEnvironment = {},
): Promise<RefereedGame[]> {
  if (!(PROTOCOLS as readonly string[]).includes(o.protocol)) throw new Error(`unknown protocol ${o.protocol}`);
  if (o.protocol !== 'cb' && o.variant !== 'international')
    throw new Error(`${o.protocol} plays International draughts only`);
  if (o.protocol === 'cb' && o.variant === 'international')
    throw new Error('cb engines play 8x8 draughts (English, Russian) here');
  const game = draughtsGame(o.variant);
  const start = startOf(o, game);
  const set = openingSetOf(o, game);
  const schedule = matchSchedule(set.openings, {
    from: o.from,
    ...(o.count !== undefined ? { count: o.count } : {}),
    ...(o.games !== undefined ? { games: o.games } : {}),
  });
  if (schedule.length === 0) throw new Error(`--from ${o.from}: the set has ${set.openings.length} openings`);
  const readLoad = env.load ?? systemLoad;
  const before = readLoad();
  const verdict = loadBeforeMatch(before, o.maxLoad, o.force);
  if (verdict.refuse !== undefined) throw new MatchRefused(verdict.refuse);
  if (verdict.warn !== undefined) out(`warning: ${verdict.warn}`);
  const ours = env.ours ?? workerSide(o.level, o.nodes, o.noBook, o.threads);
  const engine = env.engine ?? (await startEngine(o));
  const moveMs = Math.round(o.seconds * 1000);
  const referee = {
    game,
    start,
    engine,
    ours,
    protocol: o.protocol,
    moveMs,
    timeoutMs: o.answerTimeoutMs ?? Math.max(10_000, moveMs * 20),
    maxPlies: o.maxPlies,
    seed: o.seed,
  };
  // The match's own share of the load: one side thinks at a time, on `threads` threads.
  const duringLimit = o.maxLoad + o.threads;
  const watch = new LoadWatch(readLoad, env.loadEveryMs);
  const threads = { ours: `${o.threads}`, engine: engineThreads(engine.threads, o.engineThreads) };
  const results: RefereedGame[] = [];
  const date = new Date();
  // The code that plays, read once before the first game: what the games' tags and the record say.
  const commit = currentCommit();
  // Our own engine's knowledge beside its search, read with the commit (a scripted side in tests has none).
  const knowledge = env.ours === undefined ? ourKnowledgeLine(o) : undefined;
  const pdnFile = o.pdn ?? `${MATCHES_DIR}${fileStamp(date)}-${o.variant}-${o.protocol}.pdn`;
  mkdirSync(dirname(pdnFile), { recursive: true });
  try {
    for (const g of schedule) {
      const began = Date.now();
      const played = await refereeGame(referee, g.opening, g.engineSide, g.index, g === schedule.at(-1));
      const load = watch.highestSince(began);
      const loaded = verdict.warn !== undefined || load > duringLimit;
      const opening = g.opening.moves.length > 0 ? `${g.opening.name} (${openingText(game, g.opening.moves)})` : 'FEN';
      const r = { ...played, index: g.index, opening, openingNumber: g.openingNumber, engineSide: g.engineSide };
      const pdn = gamePdn(o, set, start, g, r, { engine: engine.name, threads, loaded, load, date, commit });
      results.push({ ...r, loaded, load, pdn });
      // Written after every game: a match of hours stopped half-way keeps the games it played.
      writeFileSync(pdnFile, writePdn(results.map((x) => x.pdn)));
      out(gameLine(r, engine.name, loaded, load));
    }
  } finally {
    watch.stop();
    await engine.close();
    await ours.close();
  }
  const matchLoad = { before, highest: watch.highest(), duringLimit };
  const report = summary(o, set, results, engine.name, { threads, knowledge, load: matchLoad });
  for (const line of [...report, `games: ${shown(pdnFile)}`]) out(line);
  if (o.record) {
    const title = `Tactica ${o.level} vs ${engine.name}, ${o.variant}, ${o.seconds} s a move`;
    const lines = [...report, `games (PDN, not in git): ${shown(pdnFile)}`];
    const entry = formatMatchRecord({ date, command: o.commandLine, commit, title, lines });
    appendMatchRecord(env.resultsFile ?? RESULTS_FILE, entry);
    out(`recorded in ${shown(env.resultsFile ?? RESULTS_FILE)}`);
  }
  return results;
}

/**
 * What our engine knows beside its search, as the record keeps it: whether its opening book is on (the level's own
 * setting, or off by `--no-book`; the three rule sets a match plays each have one) and which endgame databases it
 * reads (the folder of `egdbSetting`, or off by `TACTICA_EGDB=off`).
 */
export function ourKnowledgeLine(
  o: Pick<ExternalMatchOptions, 'level' | 'noBook' | 'variant'>,
  egdb: string | false = egdbSetting(),
): string {
  const levelBook = DRAUGHTS_LEVELS.find((l) => l.id === o.level)?.book === true;
  const book = o.noBook === true ? 'off (--no-book)' : levelBook ? 'on' : `off (level ${o.level} plays none)`;
  const databases = egdb === false ? 'off (TACTICA_EGDB=off)' : describeEgdbFolder(o.variant, egdb);
  return `knowledge: Tactica's opening book ${book}; endgame databases ${databases}`;
}

/**
 * The engine's threads as the report states them: what its protocol set, or, where it could set none, what
 * `--engine-threads` says its own configuration sets (the number first, so a reader sees equal threads at a glance).
 */
function engineThreads(set: string | undefined, stated: number | undefined): string {
  if (stated === undefined) return set ?? 'not asked';
  return `${stated} (its own configuration, as --engine-threads states; ${set ?? 'not asked'})`;
}

function fileStamp(d: Date): string {
  return d.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
}

const sideName = (p: Player): string => (p === 0 ? 'White' : 'Black');

function gameLine(
  r: PlayedGame & { index: number; opening: string; engineSide: Player },
  engine: string,
  loaded: boolean,
  load: number,
): string {
  const verdict = r.points === 1 ? 'wins' : r.points === 0 ? 'loses' : 'draws';
  const flag = loaded ? `; loaded (load ${load.toFixed(2)})` : '';
  return `game ${r.index + 1}: ${r.opening}; ${engine} ${sideName(r.engineSide)}: Tactica ${verdict} (${r.reason}), ${r.plies} plies${flag}`;
}

/** A game's PDN, its conditions as tags. */
function gamePdn(
  o: ExternalMatchOptions,
  set: OpeningSet,
  start: DraughtsState,
  g: ScheduledGame,
  r: PlayedGame & { opening: string },
  c: {
    engine: string;
    threads: { ours: string; engine: string };
    loaded: boolean;
    load: number;
    date: Date;
    commit: string;
  },
): PdnGame {
  const white = g.engineSide === 0 ? c.engine : `Tactica ${o.level}`;
  const black = g.engineSide === 0 ? `Tactica ${o.level}` : c.engine;
  const whiteScore = g.engineSide === 0 ? 1 - r.points : r.points;
  return {
    variant: o.variant,
    giveaway: false,
    tags: [
      { name: 'Event', value: 'Tactica external match' },
      { name: 'Date', value: c.date.toISOString().slice(0, 10).replace(/-/g, '.') },
      { name: 'Round', value: String(g.index + 1) },
      { name: 'White', value: white },
      { name: 'Black', value: black },
      { name: 'Opening', value: r.opening },
      { name: 'OpeningSet', value: `${set.name}, opening ${g.openingNumber} of ${set.openings.length}` },
      { name: 'TimeControl', value: `${o.seconds} s a move` },
      { name: 'TacticaThreads', value: c.threads.ours },
      { name: 'EngineThreads', value: c.threads.engine },
      { name: 'Load', value: `${c.loaded ? 'loaded' : 'quiet'} (highest ${c.load.toFixed(2)})` },
      { name: 'TacticaCommit', value: c.commit },
      ...ourSearchLine([r]).map((l) => ({ name: 'TacticaSearch', value: l.replace(/^search: Tactica /, '') })),
      { name: 'Termination', value: r.reason },
    ],
    start: start.position,
    moves: r.moves,
    comments: [],
    result: whiteScore === 1 ? 'white-wins' : whiteScore === 0 ? 'black-wins' : 'draw',
  };
}

/** The report's closing lines: the result with its interval, each side's time a move, and the conditions. */
function summary(
  o: ExternalMatchOptions,
  set: OpeningSet,
  results: readonly RefereedGame[],
  engine: string,
  conditions: {
    threads: { ours: string; engine: string };
    /** What our engine knows beside its search (`ourKnowledgeLine`); none for a scripted side. */
    knowledge: string | undefined;
    load: { before: number; highest: number; duringLimit: number };
  },
): string[] {
  const { threads, knowledge, load } = conditions;
  // Games 2k and 2k+1 are one opening with colours reversed (the schedule's order); an odd last game is no pair.
  const e: MatchElo = matchElo(
    results.map((r) => r.points),
    true,
  );
  // Wall time a move, both sides: engines that time themselves by CPU time, or a loaded machine, show here.
  const perMove = (ms: number, n: number): string => (n === 0 ? '-' : `${(ms / n / 1000).toFixed(2)} s`);
  const sum = (f: (r: RefereedGame) => number): number => results.reduce((a, r) => a + f(r), 0);
  const loaded = results.filter((r) => r.loaded).length;
  const first = results[0]?.openingNumber ?? o.from;
  const last = results.at(-1)?.openingNumber ?? first;
  return [
    `${formatMatchResult(`Tactica ${o.level} vs ${engine}`, e)}; a move: Tactica ${perMove(
      sum((r) => r.ourMs),
      sum((r) => r.ourMoves),
    )}, ${engine} ${perMove(
      sum((r) => r.engineMs),
      sum((r) => r.engineMoves),
    )}`,
    ...(e.pairs ? [formatPairCounts(e.pairs)] : []),
    `threads: Tactica ${threads.ours}, ${engine} ${threads.engine}${equalThreads(threads)}`,
    ...ourSearchLine(results),
    ...(knowledge === undefined ? [] : [knowledge]),
    `load: ${loaded === 0 ? 'quiet' : 'loaded'}, ${loaded} of ${results.length} games loaded (1-minute load ${load.before.toFixed(2)} at the start, at most ${o.maxLoad}; highest ${load.highest.toFixed(2)} during it, at most ${load.duringLimit} with the match's own)`,
    `openings: ${set.name} (${shown(set.file)}), openings ${first}-${last} of ${set.openings.length}, ${results.length} games, ${o.seconds} s a move`,
  ];
}

/**
 * How deep our searches went and how fast, over the moves that were searched (book moves are not), so that a match
 * played under load shows what the load did to our side: `search: Tactica depth 17.4 on average (612 searched
 * moves), 845 k positions a second`. Nothing when our side does not say (a scripted side in tests).
 */
export function ourSearchLine(
  games: readonly Pick<PlayedGame, 'ourSearches' | 'ourDepthSum' | 'ourNodes' | 'ourSearchMs'>[],
): string[] {
  const n = games.reduce((a, g) => a + g.ourSearches, 0);
  if (n === 0) return [];
  const depth = games.reduce((a, g) => a + g.ourDepthSum, 0) / n;
  const nodes = games.reduce((a, g) => a + g.ourNodes, 0);
  const ms = games.reduce((a, g) => a + g.ourSearchMs, 0);
  return [formatSearchLine(depth, n, ms > 0 && nodes > 0 ? nodes / ms : undefined)];
}

/** `search: Tactica depth 17.4 on average (612 searched moves), 845 k positions a second` (the rate if known). */
export function formatSearchLine(depth: number, moves: number, kpps: number | undefined): string {
  const rate = kpps === undefined ? '' : `, ${Math.round(kpps)} k positions a second`;
  return `search: Tactica depth ${depth.toFixed(1)} on average (${moves} searched moves)${rate}`;
}

/** "; equal" or "; unequal" when the engine's threads are known as a number, else nothing. */
function equalThreads(threads: { ours: string; engine: string }): string {
  const n = /^(\d+)\b/.exec(threads.engine)?.[1];
  if (n === undefined) return '';
  return n === threads.ours ? '; equal' : '; unequal';
}

/**
 * The script's body: exit code 0 after the match, 2 for a bad command line, 3 when the machine was too busy to
 * start, 1 when the match could not be played.
 */
export async function externalMatchMain(
  argv: readonly string[],
  out: (line: string) => void,
  error: (line: string) => void,
): Promise<number> {
  const o = parseExternalMatchArgs(argv);
  if (!o.ok) {
    error(`match:external: ${o.error.message}`);
    return 2;
  }
  try {
    await runExternalMatch(o.value, out);
    return 0;
  } catch (e) {
    error(`match:external: ${(e as Error).message}`);
    return e instanceof MatchRefused ? 3 : 1;
  }
}
