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
  /** A terminal waiting for one keystroke (`key`): lines typed meanwhile are not lines. */
  private waitingKey: ((key: Key | undefined) => void) | undefined;
  private closed = false;
  private readonly rl: Interface;
  private completions: Completions | undefined;

  constructor(
    input: Readable,
    private readonly output: Writable,
  ) {
    this.rl = isTerminal(input) && isTerminal(output) ? this.terminalInterface(input, output) : pipedInterface(input);
    this.rl.on('line', (line) => {
      // Enter pressed for `key` is the key, not an empty line for the next question.
      if (this.waitingKey) return;
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
      const k = this.waitingKey;
      this.waitingKey = undefined;
      k?.(undefined);
    });
    if (this.rl.terminal) {
      input.on('keypress', (text: string | undefined, info: KeypressInfo | undefined) => {
        const k = this.waitingKey;
        if (!k) return;
        const key = keyOf(text, info);
        if (key === undefined) return;
        this.waitingKey = undefined;
        // readline has taken the key into its line (and echoed it): the line is cleared, the key was no text.
        this.rl.write(null, { ctrl: true, name: 'e' });
        this.rl.write(null, { ctrl: true, name: 'u' });
        this.output.write('\n');
        k(key);
      });
    }
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

  /**
   * One keystroke, for the original programs' "press any key" and single-key answers. At a terminal it is the key
   * itself, taken without Enter: `enter`, `escape`, `space`, or the character typed. From a pipe (scripts, tests) it
   * is the next line, read as the key it starts with: an empty line is `enter`, a line of spaces `space`, `esc` or a
   * line starting with the escape character `escape`, anything else its first character. Undefined when the input
   * has ended (or Ctrl-C at a terminal).
   */
  key(prompt: string): Promise<Key | undefined> {
    if (!this.rl.terminal) {
      this.prompt(prompt);
      return this.next().then((line) => (line === undefined ? undefined : keyOfLine(line)));
    }
    if (this.closed) return Promise.resolve(undefined);
    this.prompt(prompt);
    return new Promise((resolve) => {
      this.waitingKey = resolve;
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

/** A keystroke: `enter`, `escape`, `space`, or the character typed (`y`, `N`, `7`…). */
export type Key = string;

interface KeypressInfo {
  readonly name?: string;
  readonly ctrl?: boolean;
  readonly meta?: boolean;
  readonly sequence?: string;
}

/** The key a terminal's keypress is; undefined for what is no key of its own (Ctrl-C, which ends the input). */
function keyOf(text: string | undefined, info: KeypressInfo | undefined): Key | undefined {
  const name = info?.name;
  if (name === 'return' || name === 'enter') return 'enter';
  if (name === 'escape') return 'escape';
  if (name === 'space') return 'space';
  if (info?.ctrl) return undefined;
  if (text !== undefined && text.length === 1 && text >= ' ') return text;
  return name ?? undefined;
}

/** The key a piped line stands for (see `LineReader.key`). */
function keyOfLine(line: string): Key {
  if (line.startsWith('\x1b') || /^\s*esc(ape)?\s*$/i.test(line)) return 'escape';
  const t = line.trim();
  if (t === '') return line.length > 0 ? 'space' : 'enter';
  return t[0] as string;
}

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

/** Shows the prompt and waits for one keystroke (see `LineReader.key`); undefined at end of input. */
export function keypress(io: Io, prompt: string): Promise<Key | undefined> {
  return lineReader(io).key(prompt);
}

/**
 * Force 400's confirmation (manual, "Move Entry"): "Pressing N, X or Esc cancels your input … Pressing any other key
 * (most conveniently Y, Enter or the spacebar) confirms". End of input cancels.
 */
export async function confirmKey(io: Io, question: string): Promise<boolean> {
  const key = await keypress(io, `${question} (Y, Enter or space: yes; N, X or Esc: no) `);
  if (key === undefined) return false;
  return !['n', 'x', 'escape'].includes(key.toLowerCase());
}

/** A yes-or-no question answered with one key, Y or N (others ask again); end of input counts as no. */
export async function yesNoKey(io: Io, question: string): Promise<boolean> {
  for (;;) {
    const key = await keypress(io, `${question} (Y/N) `);
    if (key === undefined) return false;
    if (/^y$/i.test(key)) return true;
    if (/^n$/i.test(key)) return false;
    io.output.write('Please press Y or N.\n');
  }
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
