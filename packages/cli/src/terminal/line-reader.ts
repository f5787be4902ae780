import { createInterface, type Interface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import type { Io } from '../io.js';

/** The words Tab may complete the line to (commands, the legal moves of the position). */
export type Completions = () => readonly string[];

/**
 * One line queue per input stream. Every prompt in the CLI reads through it, so lines that arrive together
 * (piped input, a script at the keyboard) are never dropped between one question and the next.
 *
 * At a terminal (input and output both TTYs) the lines come from readline in terminal mode: the line can be edited,
 * earlier lines come back with the arrow keys, and Tab completes from what `setCompletions` offers. Piped input
 * (scripts, tests) is read line by line with nothing echoed or edited.
 */
export class LineReader {
  private readonly queue: string[] = [];
  private waiting: ((line: string | undefined) => void) | undefined;
  private closed = false;
  private readonly rl: Interface;
  private completions: Completions | undefined;

  constructor(
    input: Readable,
    private readonly output: Writable,
  ) {
    this.rl = isTerminal(input) && isTerminal(output) ? this.terminalInterface(input, output) : pipedInterface(input);
    this.rl.on('line', (line) => {
      if (this.waiting) {
        const w = this.waiting;
        this.waiting = undefined;
        w(line);
      } else this.queue.push(line);
    });
    this.rl.on('close', () => {
      this.closed = true;
      const w = this.waiting;
      this.waiting = undefined;
      w?.(undefined);
    });
  }

  /** True when lines come from a person at a terminal (line editing, history and completion are on). */
  get interactive(): boolean {
    return this.rl.terminal;
  }

  private terminalInterface(input: Readable, output: Writable): Interface {
    const rl = createInterface({
      input,
      output,
      terminal: true,
      historySize: 200,
      removeHistoryDuplicates: true,
      completer: (line: string): [string[], string] => completeLine(this.completions?.() ?? [], line),
    });
    // Ctrl-C at the prompt ends the input, as Ctrl-D does; without a listener readline would only pause.
    rl.on('SIGINT', () => {
      output.write('\n');
      rl.close();
    });
    return rl;
  }

  /** What Tab completes to from now on (nothing when undefined). Only a terminal completes. */
  setCompletions(completions: Completions | undefined): void {
    this.completions = completions;
  }

  /** Shows `text` as the prompt for the next line. */
  prompt(text: string): void {
    if (this.rl.terminal) {
      // readline redraws the prompt with the line as it is edited, so it must own the prompt.
      this.rl.setPrompt(text);
      this.rl.prompt(true);
    } else this.output.write(text);
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

  /** Stops reading: a terminal leaves raw mode and the input is released, so the process can exit. */
  close(): void {
    this.rl.close();
  }
}

function pipedInterface(input: Readable): Interface {
  return createInterface({ input, terminal: false, crlfDelay: Infinity });
}

function isTerminal(stream: Readable | Writable): boolean {
  return (stream as { isTTY?: boolean }).isTTY === true;
}

/**
 * readline's completer for `line`: the candidates it is the beginning of (ignoring case), or all of them for an
 * empty line; readline then completes what they share and lists them when there are several.
 */
export function completeLine(candidates: readonly string[], line: string): [string[], string] {
  const typed = line.toLowerCase();
  const unique = [...new Set(candidates)];
  return [typed.trim() === '' ? unique : unique.filter((c) => c.toLowerCase().startsWith(typed)), line];
}

export const TIMED_OUT = Symbol('timed out');

const readers = new WeakMap<Readable, LineReader>();

export function lineReader(io: Io): LineReader {
  let r = readers.get(io.input);
  if (!r) {
    r = new LineReader(io.input, io.output);
    readers.set(io.input, r);
  }
  return r;
}

/** Closes the line reader of `io`'s input, if one was opened (the command is done with the keyboard). */
export function closeLineReader(io: Io): void {
  readers.get(io.input)?.close();
  readers.delete(io.input);
}

/** Shows the prompt and reads the answer (undefined at end of input). */
export async function ask(io: Io, prompt: string): Promise<string | undefined> {
  const reader = lineReader(io);
  reader.prompt(prompt);
  return reader.next();
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
