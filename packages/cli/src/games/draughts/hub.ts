/**
 * `tactica hub`: the draughts engine speaking the Hub protocol (version 2, as Scan 3 by Fabien Letouzey speaks it)
 * on stdin/stdout, so any Hub GUI or driver can play it. Lines have the form `<command> <name>=<value> ...`, values
 * quoted with double quotes when they hold spaces.
 *
 *   hub                       → id name=Tactica ..., param ... (variant, level, threads), wait
 *   set-param name=variant value=normal|losing        International draughts, normal or give-away ("losing")
 *   set-param name=level value=dumb|...|master        the computer level (default master, the strongest)
 *   set-param name=threads value=N                    search threads (default the engine's: the cores, at most 8)
 *   init                      → ready
 *   new-game                  forget what earlier searches learnt
 *   pos [start] [pos=<W|B + 50 of w b W B e>] [moves="32-28 19x28x23 ..."]
 *   level depth=N | nodes=N | move-time=S | [moves=N] time=S [inc=S] | infinite
 *   go think | go ponder | go analyze   → info ... lines, then done move=<move> [ponder=<move>]
 *   ping → pong (also while searching); stop; ponder-hit; quit
 *
 * Moves are written as Hub writes them: `32-28`, and captures as the start, the end and every taken piece,
 * `28x19x23`. The search runs in a worker thread (`@tactica/ai/node-worker`), so `stop`, `ping` and `ponder-hit`
 * are obeyed while it thinks; lines other than those wait until the search has answered. Variants Scan offers that
 * this engine does not play (killer, bt, frisian) are refused with an `error` line, as is any bad line, position or
 * move.
 */
import { availableParallelism } from 'node:os';
import { createInterface } from 'node:readline';
import type { Command } from 'commander';
import { clockMoveTime, DRAUGHTS_LEVELS, WIN, WIN_BOUND, type Analysis, type DraughtsLevel } from '@tactica/ai';
import { egdbSetting } from '@tactica/ai/node-egdb';
import { nodeWorkerEngine, type EngineSpec, type WorkerEngine } from '@tactica/ai/node-worker';
import { err, inputError, ok, type InputError, type Result } from '@tactica/core';
import {
  draughtsGame,
  pieceAt,
  playingOn,
  withoutMoveCounter,
  positionOf,
  type DraughtsGame,
  type DraughtsMove,
  type DraughtsState,
  type PlacedPiece,
  type Piece,
} from '@tactica/draughts';
import type { Io } from '../../io.js';
import { VERSION } from '../../version.js';

/** The engine's levels, weakest first, by id (the `level` parameter's values). */
const LEVELS: readonly string[] = DRAUGHTS_LEVELS.map((l) => l.id);
/** The strongest level, the default: its budget is the search's when no `level` line limits it. */
const MASTER = DRAUGHTS_LEVELS[DRAUGHTS_LEVELS.length - 1] as DraughtsLevel;
const VARIANTS = ['normal', 'losing'] as const;
/** The most search threads `set-param name=threads` takes, and what the engine uses unless told. */
const MAX_HUB_THREADS = 64;
const DEFAULT_HUB_THREADS = Math.min(8, Math.max(1, availableParallelism()));
/** Scan's variants this engine does not play. */
const OTHER_VARIANTS = ['killer', 'bt', 'frisian'];

/** A Hub line: the command and its `name=value` pairs (a flag has the empty value). */
export interface HubLine {
  readonly command: string;
  readonly pairs: ReadonlyMap<string, string>;
}

const isId = (c: string): boolean => c > ' ' && c !== '=' && c !== '"' && c !== '\x7f';

/** Reads one line of the protocol. Never throws. */
export function parseHubLine(line: string): Result<HubLine, InputError> {
  let i = 0;
  const blank = (): void => {
    while (i < line.length && (line[i] as string) <= ' ') i++;
  };
  const name = (): string => {
    blank();
    const start = i;
    while (i < line.length && isId(line[i] as string)) i++;
    return line.slice(start, i);
  };
  const command = name();
  if (!command) return err(inputError('hub/missing-command', 'missing command', { input: line }));
  const pairs = new Map<string, string>();
  for (;;) {
    blank();
    if (i >= line.length) break;
    const key = name();
    if (!key) return err(inputError('hub/syntax', `unexpected "${line[i]}" at column ${i + 1}`, { input: line }));
    blank();
    let value = '';
    if (line[i] === '=') {
      i++;
      blank();
      if (line[i] === '"') {
        const close = line.indexOf('"', i + 1);
        if (close < 0) return err(inputError('hub/syntax', `missing closing quote for ${key}`, { input: line }));
        value = line.slice(i + 1, close);
        i = close + 1;
      } else {
        value = name();
      }
    }
    pairs.set(key, value);
  }
  return ok({ command, pairs });
}

/** A value written as Hub writes it: bare when it is a name, quoted otherwise. */
function hubValue(value: string): string {
  return value !== '' && [...value].every(isId) ? value : `"${value}"`;
}

const PIECES: Readonly<Record<string, Piece>> = { w: 'w', b: 'b', W: 'W', B: 'B' };

/** Reads Hub's position: the side to move (`W`/`B`) then the 50 squares in order (`w b W B e`). */
export function parseHubPosition(text: string, giveaway: boolean): Result<DraughtsState, InputError> {
  const m = /^([WB])([wbWBe]{50})$/.exec(text.trim());
  if (!m) {
    return err(
      inputError('hub/bad-position', 'a position is W or B and then 50 squares of w, b, W, B or e', { input: text }),
    );
  }
  const placed: PlacedPiece[] = [];
  const squares = m[2] as string;
  for (let k = 0; k < 50; k++) {
    const piece = PIECES[squares[k] as string];
    if (piece) placed.push({ square: k + 1, piece });
  }
  const game = draughtsGame('international', { giveaway });
  return ok(game.fromPosition(positionOf('international', placed, m[1] === 'W' ? 0 : 1)));
}

/** Hub's position text of a state. */
export function formatHubPosition(s: DraughtsState): string {
  let out = s.position.turn === 0 ? 'W' : 'B';
  for (let n = 1; n <= 50; n++) out += pieceAt(s.position, n) ?? 'e';
  return out;
}

/** A move as Hub writes it: `32-28`, or the start, the end and every taken piece: `28x19x23`. */
export function hubMove(m: DraughtsMove): string {
  if (m.captures.length === 0) return `${m.from}-${m.to}`;
  return [m.from, m.to, ...m.captures].join('x');
}

/** Reads a Hub move in a state: the legal move with that start, end and taken pieces. */
export function readHubMove(game: DraughtsGame, s: DraughtsState, text: string): Result<DraughtsMove, InputError> {
  const m = /^(\d{1,2})([-x])(\d{1,2})((?:x\d{1,2})*)$/.exec(text);
  if (!m) return err(inputError('hub/bad-move', `"${text}" is not a move (32-28, 28x19x23)`, { input: text }));
  const from = Number(m[1]);
  const to = Number(m[3]);
  const taken = (m[4] as string)
    .split('x')
    .filter((x) => x !== '')
    .map(Number)
    .sort((a, b) => a - b);
  const capture = m[2] === 'x';
  const found = game
    .legalMoves(s)
    .filter(
      (x) =>
        x.from === from &&
        x.to === to &&
        x.captures.length > 0 === capture &&
        (taken.length === 0 || (x.captures.length === taken.length && x.captures.every((c, k) => c === taken[k]))),
    );
  if (found.length === 1) return ok(found[0] as DraughtsMove);
  if (found.length === 0) return err(inputError('move/illegal', `${text} is not legal here`, { input: text }));
  return err(
    inputError('move/ambiguous', `${text} could be ${found.length} moves: name the taken pieces`, { input: text }),
  );
}

/** Scan's score: men, ±99.xx for a win or loss that many plies away. */
function hubScore(score: number): string {
  if (Math.abs(score) >= WIN_BOUND) {
    const plies = WIN - Math.abs(score);
    return `${score > 0 ? '' : '-'}${(100 - Math.min(plies, 99) / 100).toFixed(2)}`;
  }
  return (score / 100).toFixed(2);
}

/** The limits of the next search, from `level` (reset by `pos` and after every `go`, as Scan does). */
interface Limits {
  depth?: number;
  nodes?: number;
  moveTime?: number;
  time?: number;
  moves?: number;
  inc?: number;
  infinite?: boolean;
}

export interface HubOptions {
  /** The engine the worker runs (default: the draughts engine, `{ family: 'draughts' }`). */
  readonly engine?: EngineSpec;
  /** Play without the opening book (`tactica hub --no-book`); by default each level's own setting. */
  readonly noBook?: boolean;
}

/**
 * The time a `go think` may take, from the level: `move-time` is a fixed time a move (the engine spends it to its
 * limit), `time` [`moves`] [`inc`] a clock (the engine's time manager aims at a share of it, `clockMoveTime`, and
 * keeps under a hard limit); undefined without either.
 */
export function hubMoveTime(l: {
  readonly moveTime?: number;
  readonly time?: number;
  readonly moves?: number;
  readonly inc?: number;
}): { readonly timeMs: number; readonly targetMs?: number } | undefined {
  if (l.moveTime !== undefined) return { timeMs: Math.max(1, l.moveTime * 1000) };
  if (l.time === undefined) return undefined;
  return clockMoveTime({
    remainingMs: l.time * 1000,
    ...(l.inc !== undefined ? { incrementMs: l.inc * 1000 } : {}),
    ...(l.moves !== undefined ? { movesToGo: l.moves } : {}),
  });
}

/** Runs the protocol until `quit` or the end of the input. */
export function runHub(io: Io, options: HubOptions = {}): Promise<void> {
  // Master's node cap lifted: by time, time alone limits it (as an analysis by time always was); with no limit at
  // all, `go think` still searches its usual nodes (`MASTER.nodes`, below).
  const levels = DRAUGHTS_LEVELS.map((lv) => {
    if (lv.id !== MASTER.id) return lv;
    const { nodes: _cap, ...rest } = lv;
    return rest;
  });
  // Search threads: the engine's default until `set-param name=threads` (a match gives both sides the same).
  let threads: number | undefined;
  const spec = (): EngineSpec =>
    options.engine ?? {
      family: 'draughts',
      options: {
        levels,
        ...(options.noBook ? { book: false } : {}),
        ...(threads !== undefined ? { threads } : {}),
        endgames: egdbSetting(),
      },
    };
  const write = (line: string): void => {
    io.output.write(`${line}\n`);
  };
  // A quoted value cannot hold a double quote: messages quote with single ones.
  const error = (message: string): void => write(`error message=${hubValue(message.replace(/"/g, "'"))}`);

  let variant: (typeof VARIANTS)[number] = 'normal';
  let levelId = MASTER.id;
  let game = draughtsGame('international');
  let state: DraughtsState = game.initial();
  let limits: Limits = {};
  let engine: WorkerEngine<DraughtsState, DraughtsMove> | undefined;
  const worker = (): WorkerEngine<DraughtsState, DraughtsMove> =>
    (engine ??= nodeWorkerEngine<DraughtsState, DraughtsMove>(spec()));

  // The search under way, if any: what `stop`, `ping` and `ponder-hit` act on.
  let search:
    | {
        stopRequested: boolean;
        haveResult: boolean;
        pondering: boolean;
        /** No limit but `stop` ends it (pondering, analysis, `level infinite`). */
        unbounded: boolean;
        budgetMs?: number;
        timer?: NodeJS.Timeout;
      }
    | undefined;
  /** The input has ended. */
  let closed = false;
  const requestStop = (): void => {
    if (!search) return;
    search.stopRequested = true;
    if (search.haveResult) worker().stop();
  };

  /** How long a ponder turned into a search (`ponder-hit`) or an analysis may run: the move's hard limit. */
  const budgetOf = (l: Limits): number | undefined => hubMoveTime(l)?.timeMs;

  const go = async (mode: 'think' | 'ponder' | 'analyze'): Promise<void> => {
    const l = limits;
    limits = {};
    // A position our rules have drawn but that has moves is played on: a Hub GUI referees the game and asks for a
    // move in any position that has one, as Scan answers it **(ours)**; one without a move has no answer but an
    // error (a GUI never asks for it). The GUI's rules are the game's, so the engine is asked without our move
    // counter: with it, the last plies before its draw scored every move alike.
    const live = withoutMoveCounter(playingOn(state));
    const legal = game.legalMoves(live);
    if (legal.length === 0) {
      error('the game is over in this position: the side to move has no move');
      write('done');
      return;
    }
    const started = Date.now();
    const budget = budgetOf(l);
    const unbounded =
      (mode !== 'think' || l.infinite === true) &&
      budget === undefined &&
      l.depth === undefined &&
      l.nodes === undefined;
    // With the input closed, nothing could ever stop an unbounded search: it answers at once.
    const current: NonNullable<typeof search> = {
      stopRequested: closed && unbounded,
      haveResult: false,
      pondering: mode === 'ponder',
      unbounded,
    };
    search = current;
    // A move by time is timed by the engine's own time manager (no timer here): see `hubMoveTime`.
    const moveTime = mode === 'think' ? hubMoveTime(l) : undefined;
    // A ponder has no limit until `ponder-hit`, which arms a timer for the move's hard limit (the engine cannot be
    // given a limit in the middle of a search).
    if (mode === 'ponder' && budget !== undefined) current.budgetMs = budget;
    let best: Analysis<DraughtsMove> | undefined;
    try {
      if (mode === 'think' && (levelId !== MASTER.id || (moveTime !== undefined && l.depth === undefined))) {
        // `choose` always has a move to answer with, even stopped at once.
        current.haveResult = true;
        // A level plays as it does everywhere (its book, its checks, its budget; a time limit can only shorten it):
        // Master by time with its time manager; a depth or node limit on Master is an analysis below.
        const choice = await worker().choose(live, levelId, {
          seed: live.seen.length,
          ...(moveTime ?? {}),
          onIteration: (a) => {
            if (a.pv.length > 0) info(a as Analysis<DraughtsMove>, Date.now() - started, a.nodes);
          },
        });
        best = {
          score: choice.score ?? 0,
          depth: choice.depth ?? 0,
          nodes: choice.nodes ?? 0,
          timeMs: Date.now() - started,
          pv: choice.pv && choice.pv.length > 0 ? choice.pv : [choice.move],
        };
        info(best, Date.now() - started, best.nodes);
      } else {
        // One search, iterative deepening inside the worker: each completed depth comes back as an info line.
        const unlimited = mode !== 'think' || l.infinite === true || budget !== undefined || l.depth !== undefined;
        const nodeLimit = l.nodes ?? (unlimited ? undefined : MASTER.nodes);
        const report = (a: Analysis<DraughtsMove>): void => {
          current.haveResult = true;
          if (a.pv.length > 0) {
            best = a;
            info(a, Date.now() - started, a.nodes);
          }
          // A stop that came before the first result takes effect now.
          if (current.stopRequested) worker().stop();
        };
        const a = await worker().analyse(live, {
          depth: legal.length === 1 && mode === 'think' ? 1 : (l.depth ?? 64),
          ...(nodeLimit !== undefined ? { nodes: nodeLimit } : {}),
          // The hard limit of a move by time with a depth too, or of a timed analysis: the engine's own clock.
          ...(mode !== 'ponder' && budget !== undefined ? { timeMs: budget } : {}),
          onIteration: report as (a: Analysis<unknown>) => void,
        });
        current.haveResult = true;
        if (a.pv.length > 0 && (!best || a.depth >= best.depth)) best = a;
      }
    } catch (e) {
      error(`the engine failed: ${(e as Error).message}`);
    } finally {
      if (current.timer) clearTimeout(current.timer);
      search = undefined;
    }
    const move = best?.pv[0] ?? legal[0];
    const answer = best?.pv[1];
    write(`done${move ? ` move=${hubMove(move)}` : ''}${answer ? ` ponder=${hubMove(answer)}` : ''}`);
  };

  const info = (a: Analysis<DraughtsMove>, ms: number, nodes: number): void => {
    const seconds = Math.max(ms, 1) / 1000;
    write(
      `info depth=${a.depth} score=${hubScore(a.score)} nodes=${nodes} time=${seconds.toFixed(3)} nps=${(nodes / seconds / 1e6).toFixed(2)} pv=${hubValue(a.pv.map(hubMove).join(' '))}`,
    );
  };

  const handle = async (raw: string): Promise<'quit' | undefined> => {
    const parsed = parseHubLine(raw);
    if (!parsed.ok) {
      error(parsed.error.message);
      return undefined;
    }
    const { command, pairs } = parsed.value;
    switch (command) {
      case 'hub':
        write(`id name=Tactica version=${VERSION} author=${hubValue('the Tactica project')}`);
        write(`param name=variant value=${variant} type=enum values=${hubValue(VARIANTS.join(' '))}`);
        write(`param name=level value=${levelId} type=enum values=${hubValue(LEVELS.join(' '))}`);
        write(`param name=threads value=${threads ?? DEFAULT_HUB_THREADS} type=int min=1 max=${MAX_HUB_THREADS}`);
        write('wait');
        return undefined;
      case 'set-param': {
        const name = pairs.get('name');
        const value = (pairs.get('value') ?? '').trim().toLowerCase();
        if (!name) error('missing name');
        else if (name === 'variant') {
          if ((VARIANTS as readonly string[]).includes(value)) {
            variant = value as (typeof VARIANTS)[number];
            game = draughtsGame('international', { giveaway: variant === 'losing' });
            state = game.initial();
          } else if (OTHER_VARIANTS.includes(value)) {
            error(
              `variant ${value} is not supported: this engine plays normal (International draughts) and losing (International give-away)`,
            );
          } else error(`unknown variant "${value}": normal or losing`);
        } else if (name === 'level') {
          if (LEVELS.includes(value)) levelId = value;
          else error(`unknown level "${value}": ${LEVELS.join(', ')}`);
        } else if (name === 'threads') {
          const n = Number(value);
          if (/^\d+$/.test(value) && n >= 1 && n <= MAX_HUB_THREADS) {
            threads = n;
            // The worker is made with its threads: a running one is replaced at its next use.
            const old = engine;
            engine = undefined;
            await old?.close();
          } else error(`bad threads "${value}": a whole number from 1 to ${MAX_HUB_THREADS}`);
        } else error(`unknown parameter "${name}"`);
        return undefined;
      }
      case 'init':
        // Ready once the worker has loaded the engine and answered a first, tiny search (it also warms it up).
        try {
          await worker().analyse(game.initial(), { depth: 3 });
        } catch (e) {
          error(`the engine failed to start: ${(e as Error).message}`);
        }
        write('ready');
        return undefined;
      case 'new-game':
        // A fresh worker forgets what earlier searches learnt (its tables); it is started and warmed up at once.
        if (engine) {
          const old = engine;
          engine = undefined;
          await old.close();
          try {
            await worker().analyse(game.initial(), { depth: 3 });
          } catch (e) {
            error(`the engine failed to start: ${(e as Error).message}`);
          }
        }
        return undefined;
      case 'pos': {
        let s = game.initial();
        const text = pairs.get('pos');
        if (text !== undefined && !pairs.has('start')) {
          const p = parseHubPosition(text, variant === 'losing');
          if (!p.ok) {
            error(`bad position: ${p.error.message}`);
            return undefined;
          }
          s = p.value;
        }
        for (const word of (pairs.get('moves') ?? '').split(/\s+/).filter((w) => w !== '')) {
          const m = readHubMove(game, s, word);
          if (!m.ok) {
            error(`${m.error.code === 'hub/bad-move' ? 'bad' : 'illegal'} move: ${m.error.message}`);
            break;
          }
          s = playingOn(game.play(s, m.value));
        }
        state = s;
        limits = {};
        return undefined;
      }
      case 'level': {
        const l: Limits = {};
        const number = (key: string, integer: boolean): number | undefined => {
          const v = pairs.get(key);
          if (v === undefined) return undefined;
          const n = Number(v);
          if (v === '' || !Number.isFinite(n) || n < 0 || (integer && !Number.isInteger(n))) {
            error(`bad ${key}: "${v}"`);
            return undefined;
          }
          return n;
        };
        const depth = number('depth', true);
        const nodes = number('nodes', true);
        const moveTime = number('move-time', false);
        const time = number('time', false);
        const moves = number('moves', true);
        const inc = number('inc', false);
        if (depth !== undefined) l.depth = Math.max(1, depth);
        if (nodes !== undefined) l.nodes = nodes;
        if (moveTime !== undefined) l.moveTime = moveTime;
        if (time !== undefined) l.time = time;
        if (moves !== undefined) l.moves = moves;
        if (inc !== undefined) l.inc = inc;
        if (pairs.has('infinite')) l.infinite = true;
        limits = l;
        return undefined;
      }
      case 'go': {
        const mode =
          pairs.has('analyze') || pairs.has('analyse') ? 'analyze' : pairs.has('ponder') ? 'ponder' : 'think';
        await go(mode);
        return undefined;
      }
      case 'ping':
        write('pong');
        return undefined;
      case 'stop':
      case 'ponder-hit':
        return undefined; // nothing is being searched
      case 'quit':
        return 'quit';
      default:
        error(`bad command "${command}"`);
        return undefined;
    }
  };

  return new Promise<void>((resolve) => {
    const rl = createInterface({ input: io.input, terminal: false, crlfDelay: Infinity });
    const queue: string[] = [];
    let pumping = false;
    let finished = false;
    const finish = async (): Promise<void> => {
      if (finished) return;
      finished = true;
      rl.close();
      if (engine) await engine.close();
      resolve();
    };
    const pump = async (): Promise<void> => {
      if (pumping) return;
      pumping = true;
      while (queue.length > 0 && !finished) {
        const line = queue.shift() as string;
        if ((await handle(line)) === 'quit') {
          await finish();
          return;
        }
      }
      pumping = false;
      if (closed) await finish();
    };
    rl.on('line', (line) => {
      if (finished) return;
      const word = line.trim().split(/\s+/)[0];
      if (search && (word === 'ping' || word === 'stop' || word === 'ponder-hit')) {
        // The only commands a search listens to (Hub protocol).
        if (word === 'ping') write('pong');
        else if (word === 'stop') requestStop();
        else if (search.pondering) {
          search.pondering = false;
          if (search.budgetMs !== undefined) {
            const current = search;
            current.timer = setTimeout(() => {
              if (search === current) requestStop();
            }, current.budgetMs);
          }
        }
        return;
      }
      queue.push(line);
      void pump();
    });
    rl.on('close', () => {
      // The GUI has gone (Hub protocol: quit as directly as possible). A search with limits finishes and the lines
      // already read are answered (a script piped in is played to its end); a search without limits stops now.
      closed = true;
      if (search?.unbounded) requestStop();
      if (!pumping) void finish();
    });
  });
}

/** `tactica hub`, registered through the draughts `GameCli`'s `extra` hook. */
export function configureHub(program: Command, io: Io): void {
  program
    .command('hub')
    .description(
      'the draughts engine on stdin/stdout in the Hub protocol (as Scan speaks it): International, normal or losing',
    )
    .option('--no-book', 'play without the opening book (by default each level uses its own setting)')
    .action((opts: { book: boolean }) => runHub(io, { noBook: !opts.book }));
}
