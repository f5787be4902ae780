/**
 * A match between Tactica's draughts engine and an external engine, refereed by our rules:
 *
 *   npm run match:external -- --engine "<command>" --protocol hub|dxp|cb [--variant english|international]
 *       [--games N] [--time <seconds a move>] [--openings acf|random] [--seed S] [--level master] [--max-plies P]
 *       [--cwd <dir>] [--port N] [--dxp-minutes M] [--pdn <file>] [--no-book] [--threads N] [--position <FEN>]
 *
 * `--time` takes a unit too (`0.5s`, `1m`); `--fen` is the older name of `--position`.
 *
 * - Openings: English from the ACF three-move ballots (the 156 not barred, drawn by the seed), International from
 *   seeded random openings of a few moves; each opening is played twice, the external engine Black in the first
 *   game and White in the second.
 * - Every move the engine sends is read with our rules; one they refuse, or no answer in time, loses the game, and so
 *   does ending the game as drawn (DXP) unless our move counter had drawn it by then or, in International, the last
 *   25 moves each were kings' without a capture (FMJD's rule, which Scan applies) (ours). A side without a move loses;
 *   the third occurrence of a position draws; a game reaching the ply cap is adjudicated drawn.
 *   Our own move counter (manual 2.4) is not applied here: the referee plays on past it (`playingOn`), and our
 *   engine is asked without it (`withoutMoveCounter`), as the external engine plays without it, up to the cap.
 * - Prints a line per game and then `+W =D -L`, the score and the Elo difference with its 95% interval (Tactica's
 *   side; the interval is lopsided near a sweep, so both ends are given), then each side's wall time a move.
 *   `--pdn` writes the games.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createRng, err, inputError, ok, type InputError, type Player, type Result } from '@tactica/core';
import { DRAUGHTS_LEVELS, estimateElo, type DraughtsLevel } from '@tactica/ai';
import { egdbSetting } from '@tactica/ai/node-egdb';
import { nodeWorkerEngine, type WorkerEngine } from '@tactica/ai/node-worker';
import {
  acfBallots,
  draughtsGame,
  formatMove,
  pieceAt,
  playingOn,
  withoutMoveCounter,
  writePdn,
  type DraughtsGame,
  type DraughtsMove,
  type DraughtsState,
  type PdnGame,
} from '@tactica/draughts';
import { parseDuration } from '../../../numeric-options.js';
import { readHubMove } from '../hub.js';
import { CbEngine, DxpEngine, HubEngine, PROTOCOLS, type ExternalEngine, type Protocol } from './engines.js';

export interface ExternalMatchOptions {
  readonly engine: string;
  readonly protocol: Protocol;
  /** International for Hub and DXP; English or Russian for CheckerBoard engines (cb). */
  readonly variant: 'english' | 'international' | 'russian';
  /** Games in all (even: each opening twice). */
  readonly games: number;
  /** Seconds a move, each side. */
  readonly seconds: number;
  readonly openings: 'acf' | 'random';
  readonly seed: number;
  readonly level: string;
  /** Node cap for our level (undefined: time alone limits it). */
  readonly nodes?: number;
  /** Our side plays without its opening book (`--no-book`; by default the level's own setting). */
  readonly noBook?: boolean;
  /** Our side's search threads (`--threads`; by default the engine's: the cores, at most 8). */
  readonly threads?: number;
  readonly maxPlies: number;
  readonly cwd?: string;
  readonly host: string;
  readonly port: number;
  readonly pdn?: string;
  /** Hub parameters for the engine (`name=value`). */
  readonly params: readonly string[];
  /** Start every game from this position (FEN) instead of the openings. */
  readonly fen?: string;
  /** DXP: the game's clock in minutes, instead of about 60 moves' time (`dxpClock`). */
  readonly dxpMinutes?: number;
  /** How long the engine may take to answer before it loses (default the larger of 10 s and 20 moves' time). */
  readonly answerTimeoutMs?: number;
}

/** One game as the referee saw it. */
export interface RefereedGame {
  readonly index: number;
  readonly opening: string;
  /** The side the external engine played. */
  readonly engineSide: Player;
  /** 1 Tactica won, 0.5 draw, 0 Tactica lost. */
  readonly points: number;
  readonly reason: string;
  readonly plies: number;
  /** Wall time each side spent on its moves, and how many moves (Tactica's, then the engine's). */
  readonly ourMs: number;
  readonly ourMoves: number;
  readonly engineMs: number;
  readonly engineMoves: number;
  readonly pdn: PdnGame;
}

/** An opening: its name and its moves from the start. */
interface Opening {
  readonly name: string;
  readonly moves: readonly DraughtsMove[];
}

/** The openings a match plays, each twice. */
export function matchOpenings(game: DraughtsGame, kind: 'acf' | 'random', count: number, seed: number): Opening[] {
  const rng = createRng(`external-match-${seed}`);
  if (kind === 'acf') {
    if (variantOf(game) !== 'english') throw new Error('the ACF ballots are English openings');
    const deck = acfBallots().filter((b) => !b.barred);
    // A seeded shuffle of the deck; more games than ballots go round it again.
    const order = deck.map((b) => ({ b, k: rng.next() })).sort((x, y) => x.k - y.k);
    return Array.from({ length: count }, (_, i) => {
      const b = (order[i % order.length] as (typeof order)[number]).b;
      let s = game.initial();
      const moves = b.moves.map((text) => {
        const m = game.parseMove(s, text);
        if (!m.ok) throw new Error(`ballot ${b.number}: ${m.error.message}`);
        s = game.play(s, m.value);
        return m.value;
      });
      return { name: `ACF ${b.number} (${b.moves.join(' ')})`, moves };
    });
  }
  // Random openings: two moves each side from the start (International) or three plies (8x8), no capture left
  // hanging at the end, every opening different.
  const plies = variantOf(game) === 'international' ? 4 : 3;
  const seen = new Set<string>();
  const out: Opening[] = [];
  for (let tries = 0; out.length < count && tries < count * 100; tries++) {
    let s = game.initial();
    const moves: DraughtsMove[] = [];
    for (let p = 0; p < plies; p++) {
      const legal = game.legalMoves(s);
      const m = rng.pick(legal);
      moves.push(m);
      s = game.play(s, m);
    }
    if (game.outcome(s) || game.legalMoves(s).some((m) => m.captures.length > 0)) continue;
    const names = [];
    let t = game.initial();
    for (const m of moves) {
      names.push(formatMove(t.position, m, game.legalMoves(t)));
      t = game.play(t, m);
    }
    const name = names.join(' ');
    if (seen.has(name)) continue;
    seen.add(name);
    out.push({ name, moves });
  }
  return out;
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
      return HubEngine.start(o.engine, o.cwd, o.params);
    case 'cb':
      return CbEngine.start(o.engine, o.cwd);
    case 'dxp':
      return DxpEngine.start(o.engine === '' ? undefined : o.engine, o.cwd, o.host, o.port, {
        maxPlies: o.maxPlies,
        ...(o.dxpMinutes !== undefined ? { minutes: o.dxpMinutes } : {}),
      });
  }
}

/** Reads the engine's move text with our rules (Hub/DXP notation on 10x10, PDN on 8x8). */
function readEngineMove(game: DraughtsGame, s: DraughtsState, text: string): DraughtsMove | string {
  if (variantOf(game) === 'international') {
    const m = readHubMove(game, s, text);
    return m.ok ? m.value : m.error.message;
  }
  const m = game.parseMove(s, text);
  return m.ok ? m.value : m.error.message;
}

/** Tactica's side of a match: its move in a position, in about `ms`. */
export interface OurSide {
  move(s: DraughtsState, ms: number, seed: number): Promise<DraughtsMove>;
  close(): Promise<void>;
}

/** Tactica's engine in a worker thread at a level (node cap set or lifted), with or without its book. */
export function workerSide(level: string, nodes: number | undefined, noBook = false, threads?: number): OurSide {
  const engine: WorkerEngine<DraughtsState, DraughtsMove> = nodeWorkerEngine({
    family: 'draughts',
    options: {
      levels: levelsWith(level, nodes),
      ...(noBook ? { book: false } : {}),
      ...(threads !== undefined ? { threads } : {}),
      endgames: egdbSetting(),
    },
  });
  return {
    move: async (s, ms, seed) => (await engine.choose(s, level, { timeMs: ms, seed })).move,
    close: () => engine.close(),
  };
}

/** Plays the match; `out` gets the report lines. Tests pass the two sides in. */
export async function runExternalMatch(
  o: ExternalMatchOptions,
  out: (line: string) => void,
  sides: { engine?: ExternalEngine; ours?: OurSide } = {},
): Promise<RefereedGame[]> {
  if (!(PROTOCOLS as readonly string[]).includes(o.protocol)) throw new Error(`unknown protocol ${o.protocol}`);
  if (o.protocol !== 'cb' && o.variant !== 'international')
    throw new Error(`${o.protocol} plays International draughts only`);
  if (o.protocol === 'cb' && o.variant === 'international')
    throw new Error('cb engines play 8x8 draughts (English, Russian) here');
  const game = draughtsGame(o.variant);
  let start = game.initial();
  if (o.fen !== undefined) {
    const p = game.parsePosition(o.fen);
    if (!p.ok) throw new Error(`bad --position: ${p.error.message}`);
    start = p.value;
  }
  const openings =
    o.fen !== undefined
      ? Array.from({ length: Math.ceil(o.games / 2) }, () => ({ name: 'FEN', moves: [] }))
      : matchOpenings(game, o.openings, Math.ceil(o.games / 2), o.seed);
  const ours = sides.ours ?? workerSide(o.level, o.nodes, o.noBook, o.threads);
  const engine = sides.engine ?? (await startEngine(o));
  const moveMs = Math.round(o.seconds * 1000);
  const timeoutMs = o.answerTimeoutMs ?? Math.max(10_000, moveMs * 20);
  const results: RefereedGame[] = [];
  try {
    for (let i = 0; i < o.games; i++) {
      const opening = openings[Math.floor(i / 2)] as Opening;
      const engineSide: Player = variantOf(game) === 'english' ? (i % 2 === 0 ? 1 : 0) : i % 2 === 0 ? 1 : 0;
      const r = await playOne(
        game,
        start,
        opening,
        engineSide,
        engine,
        ours,
        o,
        moveMs,
        timeoutMs,
        i,
        i === o.games - 1,
      );
      results.push(r);
      const side = (p: Player): string => (p === 0 ? 'White' : 'Black');
      out(
        `game ${i + 1}: ${opening.name}; ${engine.name} ${side(engineSide)}: Tactica ${r.points === 1 ? 'wins' : r.points === 0 ? 'loses' : 'draws'} (${r.reason}), ${r.plies} plies`,
      );
    }
  } finally {
    await engine.close();
    await ours.close();
  }
  const wins = results.filter((r) => r.points === 1).length;
  const draws = results.filter((r) => r.points === 0.5).length;
  const losses = results.filter((r) => r.points === 0).length;
  const e = estimateElo({ wins, draws, losses });
  // Wall time a move, both sides: engines that time themselves by CPU time, or a loaded machine, show here.
  const perMove = (ms: number, n: number): string => (n === 0 ? '-' : `${(ms / n / 1000).toFixed(2)} s`);
  const sum = (f: (r: RefereedGame) => number): number => results.reduce((a, r) => a + f(r), 0);
  out(
    `Tactica ${o.level} vs ${engine.name}: +${wins} =${draws} -${losses}, score ${(e.score * 100).toFixed(1)}%, Elo ${fmtElo(e.elo)} (95%: ${fmtElo(e.low)} to ${fmtElo(e.high)}); a move: Tactica ${perMove(
      sum((r) => r.ourMs),
      sum((r) => r.ourMoves),
    )}, ${engine.name} ${perMove(
      sum((r) => r.engineMs),
      sum((r) => r.engineMoves),
    )}`,
  );
  if (o.pdn !== undefined) writeFileSync(o.pdn, writePdn(results.map((r) => r.pdn)));
  return results;
}

function variantOf(game: DraughtsGame): DraughtsState['position']['variant'] {
  return game.initial().position.variant;
}

function fmtElo(elo: number): string {
  if (Number.isNaN(elo)) return '?';
  if (!Number.isFinite(elo)) return elo > 0 ? '+∞' : '-∞';
  return `${elo >= 0 ? '+' : ''}${Math.round(elo)}`;
}

async function playOne(
  game: DraughtsGame,
  start: DraughtsState,
  opening: Opening,
  engineSide: Player,
  engine: ExternalEngine,
  ours: OurSide,
  o: ExternalMatchOptions,
  moveMs: number,
  timeoutMs: number,
  index: number,
  last: boolean,
): Promise<RefereedGame> {
  let s = start;
  const moves: DraughtsMove[] = [];
  for (const m of opening.moves) {
    s = game.play(s, m);
    moves.push(m);
  }
  const openingState = s;
  // Hub is told the game from the start; DXP starts the engine's game at the opening's position.
  await engine.newGame(o.protocol === 'dxp' ? openingState : start, engineSide, moveMs);
  const counts = new Map<string, number>();
  const key = (t: DraughtsState): string => `${t.position.turn}${t.position.bits.join(',')}`;
  counts.set(key(s), 1);
  let points = 0.5;
  let reason = '';
  let plies = 0;
  const dxpMoves: DraughtsMove[] = [];
  // The first draw our rules gave (the move counter, manual 2.4): the referee plays on past it, but an engine that
  // ends the game as drawn by its own rules is then believed.
  let drawnByOurRules: string | undefined;
  // Plies in a row of kings moving without taking: FMJD's 25-move rule, which DXP engines (Scan 2.0) apply.
  let kingPlies = 0;
  let ourMs = 0;
  let ourMoves = 0;
  let engineMs = 0;
  let engineMoves = 0;
  for (;;) {
    if (drawnByOurRules === undefined && s.over?.kind === 'draw') drawnByOurRules = s.over.reason;
    const live = playingOn(s);
    const legal = game.legalMoves(live);
    const mover = live.position.turn;
    const engineToMove = mover === engineSide;
    if (legal.length === 0) {
      points = engineToMove ? 1 : 0;
      reason = 'no move';
      break;
    }
    if ((counts.get(key(live)) ?? 0) >= 3) {
      reason = 'third repetition';
      break;
    }
    if (plies >= o.maxPlies) {
      reason = `ply cap ${o.maxPlies}`;
      break;
    }
    let move: DraughtsMove;
    if (engineToMove) {
      const asked = Date.now();
      const answer = await engine.think(
        {
          start: o.protocol === 'dxp' ? openingState : start,
          moves: o.protocol === 'dxp' ? dxpMoves : moves,
          current: live,
        },
        moveMs,
        timeoutMs,
      );
      engineMs += Date.now() - asked;
      engineMoves++;
      if (answer.kind === 'none') {
        if (answer.claim === 'draw' && drawnByOurRules !== undefined) {
          reason = `${engine.name} ended the game as drawn; our rules had drawn it (${drawnByOurRules})`;
          break;
        }
        if (answer.claim === 'draw' && variantOf(game) === 'international' && kingPlies >= 50) {
          reason = `${engine.name} ended the game as drawn: 25 moves of kings alone without a capture (FMJD)`;
          break;
        }
        points = 1;
        reason = `${engine.name} gave no move: ${answer.reason}`;
        break;
      }
      const m = readEngineMove(game, live, answer.text);
      if (typeof m === 'string') {
        points = 1;
        reason = `${engine.name} played ${answer.text}: ${m}`;
        break;
      }
      move = m;
    } else {
      const started = Date.now();
      // Our engine plays the match's rules: the referee plays on past our move counter, so the engine is asked
      // without it (it would otherwise play the last moves before the counter's draw as if any move drew).
      move = await ours.move(withoutMoveCounter(live), moveMs, o.seed + index * 1000 + plies);
      ourMs += Date.now() - started;
      ourMoves++;
      engine.told(move, (Date.now() - started) / 1000);
    }
    const moved = pieceAt(live.position, move.from);
    kingPlies = (moved === 'W' || moved === 'B') && move.captures.length === 0 ? kingPlies + 1 : 0;
    s = game.play(live, move);
    moves.push(move);
    dxpMoves.push(move);
    plies++;
    counts.set(key(s), (counts.get(key(s)) ?? 0) + 1);
  }
  const engineResult = points === 1 ? 'loss' : points === 0 ? 'win' : 'draw';
  await engine.endGame(reason.startsWith('ply cap') ? 'unknown' : engineResult, last);
  const white = engineSide === 0 ? engine.name : 'Tactica';
  const black = engineSide === 0 ? 'Tactica' : engine.name;
  const whiteScore = engineSide === 0 ? 1 - points : points;
  const pdn: PdnGame = {
    variant: variantOf(game),
    giveaway: false,
    tags: [
      { name: 'Event', value: 'Tactica external match' },
      { name: 'Round', value: String(index + 1) },
      { name: 'White', value: white },
      { name: 'Black', value: black },
      { name: 'Opening', value: opening.name },
      { name: 'Termination', value: reason },
    ],
    start: start.position,
    moves,
    comments: [],
    result: whiteScore === 1 ? 'white-wins' : whiteScore === 0 ? 'black-wins' : 'draw',
  };
  return {
    index,
    opening: opening.name,
    engineSide,
    points,
    reason,
    plies,
    ourMs,
    ourMoves,
    engineMs,
    engineMoves,
    pdn,
  };
}

/** Reads the command line (`npm run match:external -- …`); an error says which option and why. */
export function parseExternalMatchArgs(argv: readonly string[]): Result<ExternalMatchOptions, InputError> {
  let values: Record<string, string | string[] | boolean | undefined>;
  try {
    values = parseArgs({
      args: [...argv],
      options: {
        engine: { type: 'string' },
        protocol: { type: 'string' },
        variant: { type: 'string' },
        games: { type: 'string', default: '48' },
        time: { type: 'string' },
        openings: { type: 'string' },
        seed: { type: 'string', default: '1' },
        level: { type: 'string', default: 'master' },
        nodes: { type: 'string' },
        'max-plies': { type: 'string', default: '300' },
        cwd: { type: 'string' },
        host: { type: 'string', default: '127.0.0.1' },
        port: { type: 'string', default: '27531' },
        pdn: { type: 'string' },
        param: { type: 'string', multiple: true, default: [] },
        'answer-timeout': { type: 'string' },
        'dxp-minutes': { type: 'string' },
        position: { type: 'string' },
        fen: { type: 'string' },
        'no-book': { type: 'boolean', default: false },
        threads: { type: 'string' },
      },
      strict: true,
    }).values;
  } catch (e) {
    return err(inputError('match/bad-option', (e as Error).message));
  }
  const str = (k: string): string | undefined => (typeof values[k] === 'string' ? values[k] : undefined);
  const bad = (option: string, why: string): Result<never, InputError> =>
    err(inputError('match/bad-option', `--${option}: ${why}`, { input: str(option) }));
  const protocol = str('protocol');
  if (!protocol || !(PROTOCOLS as readonly string[]).includes(protocol))
    return bad('protocol', `one of ${PROTOCOLS.join(', ')}`);
  const engine = str('engine') ?? '';
  if (engine === '' && protocol !== 'dxp') return bad('engine', 'the command that starts the engine');
  const variant = str('variant') ?? (protocol === 'cb' ? 'english' : 'international');
  if (variant !== 'english' && variant !== 'international' && variant !== 'russian')
    return bad('variant', 'english, international or russian');
  if ((protocol === 'cb') === (variant === 'international'))
    return bad('variant', protocol === 'cb' ? 'english or russian for cb' : `international for ${protocol}`);
  const int = (k: string, min: number, max: number): number | undefined => {
    const v = str(k);
    if (v === undefined || !/^\d+$/.test(v)) return undefined;
    const n = Number(v);
    return n >= min && n <= max ? n : undefined;
  };
  const games = int('games', 1, 100_000);
  if (games === undefined) return bad('games', 'a whole number of games, 1 or more');
  const seconds = parseDuration(str('time') ?? (variant === 'international' ? '1' : '0.3')) ?? NaN;
  if (!(seconds > 0 && seconds <= 3600)) return bad('time', 'seconds a move (or 0.5s, 1m), above 0, at most 3600');
  if (str('fen') !== undefined && str('position') !== undefined && str('fen') !== str('position'))
    return bad('position', 'give the position once: --position or --fen (its older name), not both');
  const fen = str('position') ?? str('fen');
  const openings = str('openings') ?? (variant === 'english' ? 'acf' : 'random');
  if (openings !== 'acf' && openings !== 'random') return bad('openings', 'acf or random');
  if (openings === 'acf' && variant !== 'english') return bad('openings', 'the ACF ballots are English openings');
  const seed = int('seed', 0, 2 ** 31);
  if (seed === undefined) return bad('seed', 'a whole number');
  const level = str('level') ?? 'master';
  if (!DRAUGHTS_LEVELS.some((l) => l.id === level)) return bad('level', DRAUGHTS_LEVELS.map((l) => l.id).join(', '));
  const nodes = str('nodes') === undefined ? undefined : int('nodes', 1, 2 ** 31);
  const threads = str('threads') === undefined ? undefined : int('threads', 1, 64);
  if (str('threads') !== undefined && threads === undefined) return bad('threads', 'a whole number from 1 to 64');
  if (str('nodes') !== undefined && nodes === undefined) return bad('nodes', 'a whole number of positions');
  const maxPlies = int('max-plies', 1, 100_000);
  if (maxPlies === undefined) return bad('max-plies', 'a whole number of plies');
  const port = int('port', 1, 65_535);
  if (port === undefined) return bad('port', 'a TCP port');
  const params = (values['param'] as string[] | undefined) ?? [];
  for (const p of params) if (!/^[\w-]+=\S*$/.test(p)) return bad('param', `"${p}" is not name=value`);
  const cwd = str('cwd');
  const pdn = str('pdn');
  const dxpMinutes = str('dxp-minutes') === undefined ? undefined : int('dxp-minutes', 1, 999);
  if (str('dxp-minutes') !== undefined && dxpMinutes === undefined)
    return bad('dxp-minutes', 'whole minutes for the game, 1 to 999');
  const answer = str('answer-timeout') === undefined ? undefined : Number(str('answer-timeout'));
  if (answer !== undefined && !(answer > 0)) return bad('answer-timeout', 'seconds, above 0');
  return ok({
    engine,
    protocol: protocol as Protocol,
    variant,
    games,
    seconds,
    openings,
    seed,
    level,
    ...(nodes !== undefined ? { nodes } : {}),
    ...(values['no-book'] === true ? { noBook: true } : {}),
    ...(threads !== undefined ? { threads } : {}),
    maxPlies,
    ...(cwd !== undefined ? { cwd } : {}),
    host: str('host') ?? '127.0.0.1',
    port,
    ...(pdn !== undefined ? { pdn } : {}),
    params,
    ...(dxpMinutes !== undefined ? { dxpMinutes } : {}),
    ...(answer !== undefined ? { answerTimeoutMs: Math.round(answer * 1000) } : {}),
    ...(fen !== undefined ? { fen } : {}),
  });
}

/** The script's body: exit code 0 after the match, 2 for a bad command line, 1 when the match could not be played. */
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
    return 1;
  }
}
