import { PassThrough, Readable } from 'node:stream';
import { current, pushMove, startHistory, unwrap } from '@tactica/core';
import type { PieceModel, SequentialSetup, StatusBase } from '@tactica/catalogue';
import type { GameCli } from './game-cli.js';
import type { Io } from './io.js';
import { runCli } from './program.js';
import { gameClis } from './registry.js';

export interface Captured {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** How long a test waits for something the program should do at once before it fails saying what it waited for. */
const WAIT_MS = 10_000;

/**
 * `promise`, or a rejection naming `what` when it has not settled within `ms`: a test waiting on an event fails with
 * a reason instead of hanging until the runner gives up.
 */
export function within<T>(promise: Promise<T>, what: string, ms = WAIT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`waited ${ms} ms for ${what}`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** In-memory streams for a CLI run: `input` is what the user types (lines separated by \n). */
export function memoryIo(input = ''): {
  io: Io;
  stdout: () => string;
  stderr: () => string;
  /** Resolves with all of stdout once it matches `pattern` (at once if it already does); rejects after `ms`. */
  waitForOutput(pattern: RegExp, ms?: number): Promise<string>;
} {
  const out: string[] = [];
  const errs: string[] = [];
  const output = new PassThrough();
  const error = new PassThrough();
  output.on('data', (c: Buffer) => out.push(c.toString('utf8')));
  error.on('data', (c: Buffer) => errs.push(c.toString('utf8')));
  const stdout = (): string => out.join('');
  return {
    io: { input: Readable.from(input ? [input] : []), output, error },
    stdout,
    stderr: () => errs.join(''),
    waitForOutput(pattern, ms = WAIT_MS) {
      let check: (() => void) | undefined;
      const matched = new Promise<string>((resolve) => {
        // Registered after the collecting listener, so `out` already holds the chunk that arrived.
        check = () => {
          if (pattern.test(stdout())) resolve(stdout());
        };
        output.on('data', check);
        check();
      });
      return within(matched, `output matching ${String(pattern)}`, ms).finally(() => {
        if (check) output.off('data', check);
      });
    },
  };
}

/**
 * Streams that say they are a terminal, as process.stdin and stdout do at a keyboard: the line reader edits lines,
 * reads single keys and the output is in colour (unless NO_COLOR is set). `rawModes` records the raw-mode changes.
 */
export function terminalIo(): ReturnType<typeof memoryIo> & { input: PassThrough; rawModes: boolean[] } {
  const m = memoryIo();
  const rawModes: boolean[] = [];
  const input = Object.assign(new PassThrough(), {
    isTTY: true,
    setRawMode(mode: boolean) {
      rawModes.push(mode);
      return input;
    },
  });
  const output = Object.assign(m.io.output, { isTTY: true, columns: 120 });
  return { ...m, io: { ...m.io, input, output }, input, rawModes };
}

/**
 * Output that ends with this prompt, as a pipe shows it or as a terminal does (readline puts the cursor after it with
 * a control sequence).
 */
export function atPrompt(prompt: string): RegExp {
  const escaped = prompt.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`${escaped}(\x1b\\[\\d+G)?$`);
}

/** Types `keys` one key at a time, as a person does (readline treats a chunk of several keys as a paste). */
export async function typeKeys(input: PassThrough, keys: string): Promise<void> {
  for (const key of keys) {
    input.write(key);
    await new Promise((r) => setImmediate(r));
  }
}

/** Runs `tactica <argv…>` in-process and captures what it printed and its exit code. */
export async function runCapture(
  argv: readonly string[],
  options: { input?: string; games?: readonly GameCli[] } = {},
): Promise<Captured> {
  const { io, stdout, stderr } = memoryIo(options.input);
  const code = await runCli(argv, options.games ?? gameClis, io);
  await new Promise((r) => setImmediate(r));
  return { code, stdout: stdout(), stderr: stderr() };
}

/**
 * The catalogue's status after `typed` (moves in the game's notation) from the setup's start: what a test compares
 * with the status line the terminal shows for the same line.
 */
export function statusAfter<S, M, V, St extends StatusBase, P extends PieceModel>(
  setup: SequentialSetup<S, M, V, St, P>,
  typed: readonly string[],
): St {
  let h = startHistory<S, M>(setup.initial());
  for (const text of typed) {
    const m = unwrap(setup.game.parseMove(current(h), text));
    h = pushMove(h, m, setup.game.play(current(h), m));
  }
  return setup.status(current(h), { start: setup.initial(), ply: h.cursor });
}
