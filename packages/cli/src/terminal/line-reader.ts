import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import type { Io } from '../io.js';

/**
 * One line queue per input stream. Every prompt in the CLI reads through it, so lines that arrive together
 * (piped input, a script at the keyboard) are never dropped between one question and the next.
 */
export class LineReader {
  private readonly queue: string[] = [];
  private waiting: ((line: string | undefined) => void) | undefined;
  private closed = false;

  constructor(input: Readable) {
    const rl = createInterface({ input, terminal: false, crlfDelay: Infinity });
    rl.on('line', (line) => {
      if (this.waiting) {
        const w = this.waiting;
        this.waiting = undefined;
        w(line);
      } else this.queue.push(line);
    });
    rl.on('close', () => {
      this.closed = true;
      const w = this.waiting;
      this.waiting = undefined;
      w?.(undefined);
    });
  }

  /** The next line, or undefined once the input has ended. */
  next(): Promise<string | undefined> {
    const line = this.queue.shift();
    if (line !== undefined) return Promise.resolve(line);
    if (this.closed) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      this.waiting = resolve;
    });
  }

  /** The next line, or `TIMED_OUT` when none comes within `ms` (the line is then left for the next read). */
  nextWithin(ms: number): Promise<string | undefined | typeof TIMED_OUT> {
    if (!Number.isFinite(ms)) return this.next();
    const line = this.queue.shift();
    if (line !== undefined) return Promise.resolve(line);
    if (this.closed) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      const waiter = (l: string | undefined): void => {
        clearTimeout(timer);
        resolve(l);
      };
      const timer = setTimeout(
        () => {
          if (this.waiting === waiter) this.waiting = undefined;
          resolve(TIMED_OUT);
        },
        Math.max(0, ms),
      );
      this.waiting = waiter;
    });
  }
}

export const TIMED_OUT = Symbol('timed out');

const readers = new WeakMap<Readable, LineReader>();

export function lineReader(io: Io): LineReader {
  let r = readers.get(io.input);
  if (!r) {
    r = new LineReader(io.input);
    readers.set(io.input, r);
  }
  return r;
}

/** Writes the prompt and reads the answer (undefined at end of input). */
export async function ask(io: Io, prompt: string): Promise<string | undefined> {
  io.output.write(prompt);
  return lineReader(io).next();
}

/** Asks a yes/no question; end of input counts as no. */
export async function confirm(io: Io, question: string): Promise<boolean> {
  for (;;) {
    const answer = await ask(io, `${question} (y/n) `);
    if (answer === undefined) return false;
    if (/^\s*y(es)?\s*$/i.test(answer)) return true;
    if (/^\s*no?\s*$/i.test(answer)) return false;
    io.output.write('Please answer y or n.\n');
  }
}
