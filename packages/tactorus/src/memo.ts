/**
 * Reading the line-based memos (`++Tactorus`, `++TacMoves`). As in the original, every line is position
 * sensitive ("swapping the lines for Keys: and Name: will result in a warning"). Reading is strict, so that any
 * changed byte either breaks the layout or changes a value the checksum covers. Two things are forgiven because
 * mail and editors do them: CRLF line ends, and empty lines before and after the memo.
 */
import { err, inputError, ok, type InputError, type Result } from '@tactica/core';
import { sha256Hex } from './web-crypto.js';
import type { TactorusCode } from './codes.js';

/** The memo's lines, without the empty lines around it. */
export function memoLines(text: string): string[] {
  const lines = text.split(/\r?\n/);
  let start = 0;
  let end = lines.length;
  while (start < end && lines[start] === '') start++;
  while (end > start && lines[end - 1] === '') end--;
  return lines.slice(start, end);
}

/**
 * Splits a text holding several memos (a mailbox, files pasted together) at each line that starts one
 * (`++Tactorus`, `++TacMoves`). Text before the first memo is ignored.
 */
export function splitMemos(text: string): string[] {
  const out: string[][] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line === '++Tactorus' || line === '++TacMoves') out.push([line]);
    else out[out.length - 1]?.push(line);
  }
  return out.map((lines) => lines.join('\n'));
}

/** Names allowed in a memo: one line, no control characters; empty becomes `noname` (the manual's default). */
export function cleanName(name: string): string {
  const t = name.replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ').trim();
  return t || 'noname';
}

/** The areas of the memos' codes: a save (`tactorus/…`), a moves memo (`tacmoves/…`), a key memo (`tackey/…`). */
export type MemoArea = 'tactorus' | 'tacmoves' | 'tackey';

/** The names of an area's codes (`truncated` for `tacmoves/truncated`), as the vocabulary declares them. */
export type MemoCodeName<A extends MemoArea> = TactorusCode extends infer C
  ? C extends `${A}/${infer Name}`
    ? Name
    : never
  : never;

/** The names of the cursor's own refusals: those every memo area declares (`truncated`, `bad-line`, `bad-value`). */
type CursorCodeName = MemoCodeName<'tactorus'> & MemoCodeName<'tacmoves'> & MemoCodeName<'tackey'>;

/** A cursor over a memo's lines that reads `Label: value` lines in a fixed order. */
export class LineCursor<A extends MemoArea = MemoArea> {
  private i = 0;
  constructor(
    private readonly lines: readonly string[],
    private readonly area: A,
  ) {}

  /** The area's code named `name`: the type checks it is declared (codes.ts). */
  private code(name: MemoCodeName<A> | CursorCodeName): TactorusCode {
    return `${this.area}/${name}` as TactorusCode;
  }

  get index(): number {
    return this.i;
  }

  atEnd(): boolean {
    return this.i >= this.lines.length;
  }

  peek(): string | undefined {
    return this.lines[this.i];
  }

  /** The next line as it stands. */
  line(what: string): Result<string, InputError<TactorusCode>> {
    const l = this.lines[this.i];
    if (l === undefined) return err(inputError(this.code('truncated'), `the memo ends before ${what}`));
    this.i++;
    return ok(l);
  }

  /** The value of the next line, which must be `label: value` (value matching `pattern`). */
  field(label: string, pattern: RegExp): Result<string, InputError<TactorusCode>> {
    const l = this.lines[this.i];
    const lineNo = this.i + 1;
    if (l === undefined) return err(inputError(this.code('truncated'), `the memo ends before "${label}:"`));
    const prefix = `${label}: `;
    const value = l.startsWith(prefix) ? l.slice(prefix.length) : l === `${label}:` ? '' : undefined;
    if (value === undefined) {
      return err(
        inputError(this.code('bad-line'), `line ${lineNo} should be "${label}: …"`, {
          line: lineNo,
          input: l.slice(0, 80),
        }),
      );
    }
    if (!pattern.test(value)) {
      return err(
        inputError(this.code('bad-value'), `"${label}" on line ${lineNo} has a malformed value`, {
          line: lineNo,
          input: value.slice(0, 80),
        }),
      );
    }
    this.i++;
    return ok(value);
  }

  error(name: MemoCodeName<A>, message: string): InputError {
    const l = this.lines[this.i];
    return inputError(this.code(name), message, { line: this.i + 1, ...(l !== undefined ? { input: l } : {}) });
  }
}

/** The checksum of a memo's covered lines: SHA-256 over them, each ended by a line feed. */
export async function checksumOf(lines: readonly string[]): Promise<Result<string, InputError>> {
  return sha256Hex(lines.map((l) => `${l}\n`).join(''));
}

export const HEX64 = /^[0-9a-f]{64}$/;
