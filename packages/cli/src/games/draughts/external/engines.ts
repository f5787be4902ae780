/**
 * External draughts engines as the match tool drives them, one class per protocol. Each answers the move it wants
 * as the text it sent; the referee (`match.ts`) reads it with our rules, so nothing an engine says is trusted.
 *
 * - `hub`: Hub protocol (version 2, Scan 3 and later) on the engine's stdin/stdout; International only. Each move is
 *   asked for with the game's start and every move since (`pos pos=… moves="…"`), `level move-time=…`, `go think`.
 * - `dxp`: DXP over TCP (Scan 2.0, Kingsrow, Moby Dam): the engine is a DXP server (its own configuration says where
 *   it listens); we connect as initiator, ask for a game from the opening's position (`R` with a set-up position)
 *   with the engine's colour and a time control (`dxpClock`) meant to give it about the time per move, send our
 *   moves and wait for its.
 * - `cb`: a CheckerBoard engine library (Cake, Simple Checkers, GuiNN: English; KestoG: Russian) behind a host
 *   process speaking one line per request on stdin/stdout: `move <FEN> <seconds>` → `move <from>-<to>` or
 *   `move <from>x<stop>x…x<to>` (the 1-32 numbers; the FEN is ours: numbers in English, algebraic in Russian),
 *   or `error <why>`, which loses; `name` → `name <text>`, `new` → `ok`, `quit`. The position alone is sent, as
 *   CheckerBoard sends it (engines keep their own history for repetitions). CheckerBoard's engine API is a C
 *   library call (`getmove`), so something native has to load the library: the host is that, and nothing more.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Player } from '@tactica/core';
import { makeFen, type DraughtsMove, type DraughtsState } from '@tactica/draughts';
import { connectDxp, type DxpConnection } from '../dxp/connection.js';
import { dxpColour, dxpMoveOf, formatDxpPosition } from '../dxp/messages.js';
import { formatHubPosition, hubMove } from '../hub.js';

export const PROTOCOLS = ['hub', 'dxp', 'cb'] as const;
export type Protocol = (typeof PROTOCOLS)[number];

/** A game as the engine is told it: where it started and the moves since. */
export interface GameSoFar {
  readonly start: DraughtsState;
  readonly moves: readonly DraughtsMove[];
  /** The position now. */
  readonly current: DraughtsState;
}

/** What an engine answered: its move as text, or why it gave none. */
export type EngineAnswer =
  | { readonly kind: 'move'; readonly text: string }
  /** No move; `claim: 'draw'` when the engine ended the game as drawn (DXP `E` with reason 2). */
  | { readonly kind: 'none'; readonly reason: string; readonly claim?: 'draw' };

export interface ExternalEngine {
  /** The name it gives (or the command). */
  readonly name: string;
  /** Its search threads as the report states them: the number set, or why none could be (undefined: not asked). */
  readonly threads?: string;
  /** A new game from `start`, the engine playing `side`, about `moveMs` a move. */
  newGame(start: DraughtsState, side: Player, moveMs: number): Promise<void>;
  /** The engine's move now; it must come within `timeoutMs`. */
  think(game: GameSoFar, moveMs: number, timeoutMs: number): Promise<EngineAnswer>;
  /** Our move, as the engine must hear it (DXP sends it; the others send the whole game with the next request). */
  told(move: DraughtsMove, seconds: number): void;
  /** The game is over (DXP tells the engine). */
  endGame(engineResult: 'win' | 'loss' | 'draw' | 'unknown', last: boolean): Promise<void>;
  close(): Promise<void>;
}

/** The engine's process: its command line run by the shell, in `cwd`; stderr kept for the error messages. */
function startProcess(
  command: string,
  cwd: string | undefined,
  args: readonly string[] = [],
): ChildProcessWithoutNullStreams {
  const child = spawn(command, args, { cwd, shell: args.length === 0, stdio: ['pipe', 'pipe', 'pipe'] });
  child.stderr.on('data', () => undefined);
  child.stdin.on('error', () => undefined);
  return child;
}

/** Lines from a process, each to the first waiter whose test it passes (others are dropped). */
class Lines {
  private readonly waiters: { test: (l: string) => boolean; resolve: (l: string | undefined) => void }[] = [];
  /**
   * Lines no waiter took yet. Readline emits the lines of one chunk in a row, before the code awaiting the first of
   * them runs again: a line that came with it (the Hub's `wait` right after its `id`) must still be there then.
   */
  private readonly unread: string[] = [];
  private ended = false;
  readonly log: string[] = [];

  constructor(child: ChildProcessWithoutNullStreams) {
    const rl = createInterface({ input: child.stdout, terminal: false, crlfDelay: Infinity });
    rl.on('line', (line) => {
      this.log.push(line);
      if (this.log.length > 200) this.log.shift();
      const w = this.waiters.find((x) => x.test(line));
      if (w) {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        w.resolve(line);
      } else {
        this.unread.push(line);
        if (this.unread.length > 1000) this.unread.shift();
      }
    });
    const end = (): void => {
      this.ended = true;
      for (const w of this.waiters.splice(0)) w.resolve(undefined);
    };
    rl.on('close', end);
    child.on('exit', end);
  }

  /** A command is being sent: lines that came before it are not its answer. */
  forget(): void {
    this.unread.length = 0;
  }

  /**
   * The next line passing `test` (lines before it that do not pass are read past), or undefined when the process
   * ends or `ms` pass.
   */
  next(test: (l: string) => boolean, ms: number): Promise<string | undefined> {
    const i = this.unread.findIndex(test);
    if (i >= 0) {
      const line = this.unread[i] as string;
      this.unread.splice(0, i + 1);
      return Promise.resolve(line);
    }
    if (this.ended) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      const w = {
        test,
        resolve: (l: string | undefined): void => {
          clearTimeout(timer);
          resolve(l);
        },
      };
      const timer = setTimeout(() => {
        const i = this.waiters.indexOf(w);
        if (i >= 0) this.waiters.splice(i, 1);
        resolve(undefined);
      }, ms);
      this.waiters.push(w);
    });
  }
}

async function stopProcess(child: ChildProcessWithoutNullStreams, quit: string | undefined): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  if (quit !== undefined) child.stdin.write(`${quit}\n`);
  child.stdin.end();
  const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
  await exited;
  clearTimeout(timer);
}

/** How long a Hub engine told to `stop` after a move it did not answer in time is given to answer the stop. */
const HUB_STOP_WAIT_MS = 5_000;

/** Hub protocol on stdin/stdout (International). */
export class HubEngine implements ExternalEngine {
  name: string;
  threads?: string;
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly lines: Lines;

  private constructor(command: string, cwd: string | undefined) {
    this.name = command;
    this.child = startProcess(command, cwd);
    this.lines = new Lines(this.child);
  }

  /**
   * Starts the engine and sets its parameters; `threads` is set through its `threads` parameter when it offers one
   * (Scan 3 does), and the report says so either way.
   */
  static async start(
    command: string,
    cwd: string | undefined,
    params: readonly string[] = [],
    threads?: number,
  ): Promise<HubEngine> {
    const e = new HubEngine(command, cwd);
    e.send('hub');
    const id = await e.lines.next((l) => l.startsWith('id ') || l === 'wait', 20_000);
    const name = id && /name=("[^"]*"|\S+)/.exec(id)?.[1];
    if (name) e.name = name.replace(/"/g, '');
    if (id !== 'wait' && (await e.lines.next((l) => l === 'wait', 20_000)) === undefined) {
      throw new Error(`${command}: no "wait" after "hub" (is it a Hub engine?)`);
    }
    // The parameters it offers came as `param name=…` lines before its `wait`.
    const offered = e.lines.log.filter((l) => l.startsWith('param ')).map((l) => /name=(\S+)/.exec(l)?.[1]);
    if (threads !== undefined) {
      if (offered.includes('threads')) {
        e.send(`set-param name=threads value=${threads}`);
        e.threads = `${threads} (its Hub parameter threads)`;
      } else e.threads = 'not set: it offers no Hub parameter threads';
    }
    for (const p of params) {
      const [key, value] = p.split('=');
      e.send(`set-param name=${key ?? ''} value=${value ?? ''}`);
    }
    e.send('init');
    if ((await e.lines.next((l) => l === 'ready', 60_000)) === undefined)
      throw new Error(`${command}: no "ready" after "init"`);
    return e;
  }

  private send(line: string): void {
    if (!this.child.stdin.writable) return;
    this.lines.forget();
    this.child.stdin.write(`${line}\n`);
  }

  newGame(): Promise<void> {
    this.send('new-game');
    return Promise.resolve();
  }

  async think(game: GameSoFar, moveMs: number, timeoutMs: number): Promise<EngineAnswer> {
    const moves = game.moves.map(hubMove).join(' ');
    this.send(`pos pos=${formatHubPosition(game.start)}${moves ? ` moves="${moves}"` : ''}`);
    this.send(`level move-time=${(moveMs / 1000).toFixed(3)}`);
    this.send('go think');
    const done = await this.lines.next((l) => l.startsWith('done') || l.startsWith('error'), timeoutMs);
    if (done === undefined) {
      // Its answer to the stop is read here, or it would be read as the answer to the next request (another game's).
      this.send('stop');
      await this.lines.next((l) => l.startsWith('done') || l.startsWith('error'), HUB_STOP_WAIT_MS);
      this.lines.forget();
      return {
        kind: 'none',
        reason: this.child.exitCode !== null ? 'the engine exited' : `no answer in ${timeoutMs} ms`,
      };
    }
    if (done.startsWith('error')) return { kind: 'none', reason: `it answered: ${done}` };
    const move = /move=(\S+)/.exec(done)?.[1];
    return move ? { kind: 'move', text: move } : { kind: 'none', reason: `it answered "${done}" without a move` };
  }

  told(): void {
    // The whole game goes with the next request.
  }

  endGame(): Promise<void> {
    return Promise.resolve();
  }

  close(): Promise<void> {
    return stopProcess(this.child, 'quit');
  }
}

/**
 * A CheckerBoard engine behind its host process (English, Russian). A host that did not answer in time is still
 * thinking, and its late answer would be read as the answer to the next request (KestoG 1.1 answered a game's last
 * position as the first move of the next): it is stopped then, and started again for the next request.
 */
export class CbEngine implements ExternalEngine {
  name: string;
  /** CheckerBoard's engine call (`getmove`) takes no thread count: the engine searches as it was built to. */
  readonly threads =
    'not set: the CheckerBoard engine API has no thread setting (Cake 1.22 and KestoG 1.1 search on one)';
  private child: ChildProcessWithoutNullStreams;
  private lines: Lines;
  /** The host was stopped after a request it did not answer in time: the next request starts it again. */
  private stopped = false;

  private constructor(
    private readonly command: string,
    private readonly cwd: string | undefined,
  ) {
    this.name = command;
    this.child = startProcess(command, cwd);
    this.lines = new Lines(this.child);
  }

  static async start(command: string, cwd: string | undefined): Promise<CbEngine> {
    const e = new CbEngine(command, cwd);
    const name = await e.askName();
    if (name === undefined) throw new Error(`${command}: no answer to "name" (is it a CheckerBoard engine host?)`);
    if (name.startsWith('name ')) e.name = name.slice(5).trim();
    return e;
  }

  private askName(): Promise<string | undefined> {
    this.lines.forget();
    this.child.stdin.write('name\n');
    return this.lines.next((l) => l.startsWith('name ') || l.startsWith('error'), 20_000);
  }

  /** A host stopped after a late answer is started again (and asked its name, so it has loaded its engine). */
  private async ready(): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    this.child = startProcess(this.command, this.cwd);
    this.lines = new Lines(this.child);
    await this.askName();
  }

  async newGame(): Promise<void> {
    await this.ready();
    this.lines.forget();
    this.child.stdin.write('new\n');
    await this.lines.next((l) => l === 'ok' || l.startsWith('error'), 20_000);
  }

  async think(game: GameSoFar, moveMs: number, timeoutMs: number): Promise<EngineAnswer> {
    await this.ready();
    this.lines.forget();
    this.child.stdin.write(`move ${makeFen(game.current.position)} ${(moveMs / 1000).toFixed(3)}\n`);
    const line = await this.lines.next((l) => l.startsWith('move ') || l.startsWith('error'), timeoutMs);
    if (line === undefined) {
      const exited = this.child.exitCode !== null;
      this.stopped = true;
      this.child.kill('SIGKILL');
      return { kind: 'none', reason: exited ? 'the engine exited' : `no answer in ${timeoutMs} ms` };
    }
    if (line.startsWith('error')) return { kind: 'none', reason: `it answered: ${line}` };
    return { kind: 'move', text: line.slice(5).trim() };
  }

  told(): void {
    // The position goes with the next request.
  }

  endGame(): Promise<void> {
    return Promise.resolve();
  }

  close(): Promise<void> {
    return stopProcess(this.child, 'quit');
  }
}

/**
 * The DXP time control for about `moveMs` a move: DXP gives a whole game's clock (whole minutes for a number of
 * moves), and engines budget it by the moves they expect are left, not by the move limit: Scan 2.0 spends about a
 * 30th of what is left each move, so a clock of 150 moves at 1 s each (2.5 min) gave it 2.6 s a move in games of
 * 50 moves. (ours) A clock of 60 moves' time, which games here about last, measured 0.9 s a move for Scan 2.0 at
 * 1 s; the match report prints each side's real time a move. `minutes` overrides it (DXP cannot say less than a
 * minute). The move limit is the ply cap's, so the engine does not end the game before the referee would.
 */
export function dxpClock(
  moveMs: number,
  maxPlies: number,
  minutes?: number,
): { readonly minutes: number; readonly moves: number } {
  return {
    minutes: minutes ?? Math.max(1, Math.round((moveMs * 60) / 60_000)),
    moves: Math.min(999, Math.max(1, Math.ceil(maxPlies / 2))),
  };
}

/** How long a DXP engine may take to listen, TIME_WAIT of the last match's connection included (see `start`). */
const DXP_START_MS = 90_000;

/** A DXP engine (a server); we are the initiator. International. */
export class DxpEngine implements ExternalEngine {
  name: string;
  /** DXP has no thread setting: the engine's own configuration (Scan 2.0: scan.ini) decides. */
  readonly threads = "not set: DXP has no thread setting (set it in the engine's own configuration)";
  private constructor(
    private readonly child: ChildProcessWithoutNullStreams | undefined,
    private readonly c: DxpConnection,
    name: string,
    private readonly clock: { readonly maxPlies: number; readonly minutes?: number },
  ) {
    this.name = name;
  }

  /**
   * Starts `command` (if given) and connects to it at `host:port`, trying for up to `DXP_START_MS` while it starts;
   * `clock` is what `dxpClock` needs besides the time a move. An engine that exits before it listens is started
   * again a second later: run right after another match, its port can still be held by that match's last
   * connection (TIME_WAIT, a minute on Linux), which a server that does not set SO_REUSEADDR (Scan 2.0) cannot bind
   * until it lets go. A command the shell cannot run (exit code 126 or 127) is not tried again.
   */
  static async start(
    command: string | undefined,
    cwd: string | undefined,
    host: string,
    port: number,
    clock: { readonly maxPlies: number; readonly minutes?: number } = { maxPlies: 300 },
  ): Promise<DxpEngine> {
    // DXP speaks over TCP: what the engine prints (Scan 2.0 prints every board and search line) is read and dropped,
    // or the pipe would fill and the engine block on its next print in the middle of a game.
    const run = (c: string): ChildProcessWithoutNullStreams => {
      const child = startProcess(c, cwd);
      child.stdout.resume();
      return child;
    };
    let child = command ? run(command) : undefined;
    const deadline = Date.now() + DXP_START_MS;
    for (;;) {
      try {
        const c = await connectDxp(host, port);
        return new DxpEngine(child, c, command ?? `${host}:${port}`, clock);
      } catch (e) {
        const code = child?.exitCode ?? null;
        const unrunnable = code === 126 || code === 127;
        if (Date.now() > deadline || unrunnable) {
          if (child) child.kill('SIGKILL');
          const exited = code === null ? '' : ` (the engine exited with code ${code})`;
          throw new Error(`cannot reach the DXP engine at ${host}:${port}: ${(e as Error).message}${exited}`);
        }
        const gone = child !== undefined && (code !== null || child.signalCode !== null);
        await new Promise((r) => setTimeout(r, gone ? 1000 : 200));
        if (gone && command) child = run(command);
      }
    }
  }

  async newGame(start: DraughtsState, side: Player, moveMs: number): Promise<void> {
    const { minutes, moves } = dxpClock(moveMs, this.clock.maxPlies, this.clock.minutes);
    const position = formatDxpPosition(start);
    this.c.send({
      kind: 'R',
      version: 1,
      initiator: 'Tactica match',
      followerColour: dxpColour(side),
      minutes,
      moves,
      position,
    });
    for (;;) {
      const e = await this.c.next(30_000);
      if (e === undefined) throw new Error('the DXP engine did not answer the game request');
      if (e.kind === 'closed') throw new Error(`the DXP engine went away: ${e.reason}`);
      if (e.kind === 'bad') continue;
      if (e.message.kind === 'A') {
        if (e.message.follower) this.name = e.message.follower;
        if (e.message.code !== '0') throw new Error(`the DXP engine refused the game (code ${e.message.code})`);
        return;
      }
    }
  }

  async think(_game: GameSoFar, _moveMs: number, timeoutMs: number): Promise<EngineAnswer> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const e = await this.c.next(Math.max(0, deadline - Date.now()));
      if (e === undefined) return { kind: 'none', reason: `no move in ${timeoutMs} ms` };
      if (e.kind === 'closed') return { kind: 'none', reason: `the connection ended (${e.reason})` };
      if (e.kind === 'bad') return { kind: 'none', reason: `an unreadable message: ${e.error.message}` };
      const m = e.message;
      if (m.kind === 'M') {
        return {
          kind: 'move',
          text: `${m.from}${m.captures.length > 0 ? 'x' : '-'}${m.to}${m.captures.map((c) => `x${c}`).join('')}`,
        };
      }
      if (m.kind === 'E') {
        if (m.reason === '2') return { kind: 'none', reason: 'it ended the game as drawn', claim: 'draw' };
        return { kind: 'none', reason: `it ended the game (reason ${m.reason})` };
      }
      // Chat and the rest: read on.
    }
  }

  told(move: DraughtsMove, seconds: number): void {
    this.c.send(dxpMoveOf(move, seconds));
  }

  async endGame(engineResult: 'win' | 'loss' | 'draw' | 'unknown', last: boolean): Promise<void> {
    // Our E is from our side: the engine's win is our loss.
    const reason = engineResult === 'win' ? '1' : engineResult === 'loss' ? '3' : engineResult === 'draw' ? '2' : '0';
    this.c.send({ kind: 'E', reason, stop: last ? '1' : '0' });
    // Its confirmation (or its own E sent at the same time), then nothing more for this game.
    for (;;) {
      const e = await this.c.next(5_000);
      if (e === undefined || e.kind === 'closed') return;
      if (e.kind === 'message' && e.message.kind === 'E') return;
    }
  }

  async close(): Promise<void> {
    this.c.close();
    if (this.child) await stopProcess(this.child, undefined);
  }
}
