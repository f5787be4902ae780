import { PassThrough, Readable } from 'node:stream';
import type { GameCli } from './game-cli.js';
import type { Io } from './io.js';
import { runCli } from './program.js';
import { gameClis } from './registry.js';

export interface Captured {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** In-memory streams for a CLI run: `input` is what the user types (lines separated by \n). */
export function memoryIo(input = ''): { io: Io; stdout: () => string; stderr: () => string } {
  const out: string[] = [];
  const errs: string[] = [];
  const output = new PassThrough();
  const error = new PassThrough();
  output.on('data', (c: Buffer) => out.push(c.toString('utf8')));
  error.on('data', (c: Buffer) => errs.push(c.toString('utf8')));
  return {
    io: { input: Readable.from(input ? [input] : []), output, error },
    stdout: () => out.join(''),
    stderr: () => errs.join(''),
  };
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

/** `promise`, or a rejection naming `what` after `ms` milliseconds: every wait in a test is bounded. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
