/**
 * The outcome of handling untrusted input: a value, or a coded error that says what is wrong and where.
 * Throwing is reserved for broken invariants; no user input may reach a throw.
 */
export type Result<T, E = InputError> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

/**
 * A coded error for bad input. `code` is stable and machine-readable (`fen/bad-square`, `move/illegal`), one of its
 * area's vocabulary `C` (each package's `codes.ts`: `InputError<DraughtsCode>`); `message` is a plain-English sentence
 * for people; the optional fields say where.
 */
export interface InputError<C extends string = string> {
  readonly code: C;
  readonly message: string;
  /** Character offset in the input text (0-based). */
  readonly at?: number;
  /** Line number in a multi-line input (1-based). */
  readonly line?: number;
  /** Column in that line (1-based). */
  readonly column?: number;
  /** The offending token or move text, as given. */
  readonly input?: string;
}

export function ok<T>(value: T): Result<T, never> {
  return { ok: true, value };
}

export function err<E = InputError>(error: E): Result<never, E> {
  return { ok: false, error };
}

/** Builds an InputError, leaving out location fields that are not given (exactOptionalPropertyTypes-safe). */
export function inputError<C extends string>(
  code: C,
  message: string,
  where: {
    at?: number | undefined;
    line?: number | undefined;
    column?: number | undefined;
    input?: string | undefined;
  } = {},
): InputError<C> {
  const e: { -readonly [K in keyof InputError<C>]: InputError<C>[K] } = { code, message: safeMessage(message) };
  if (where.at !== undefined) e.at = where.at;
  if (where.line !== undefined) e.line = where.line;
  if (where.column !== undefined) e.column = where.column;
  if (where.input !== undefined) e.input = excerpt(where.input, INPUT_EXCERPT);
  return e;
}

/** How much of the offending input an error keeps in `input`. */
const INPUT_EXCERPT = 80;
/** The longest run without white space a message shows, and the longest message (ours). */
const MESSAGE_RUN = 80;
const MESSAGE_MAX = 500;

// Control characters (terminal escapes, NUL, line breaks), bidirectional overrides that make text read as other
// text, line and paragraph separators, and lone surrogates: none reaches a terminal from untrusted input.
const UNSAFE = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]|\p{Cs}/gu;
const HAS_UNSAFE = new RegExp(UNSAFE.source, 'u');

function escapeChar(c: string): string {
  switch (c) {
    case '\n':
      return '\\n';
    case '\r':
      return '\\r';
    case '\t':
      return '\\t';
    default:
      return `\\u${(c.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`;
  }
}

/** Text with every unsafe character written as an escape (`\u001b`, `\n`), so a terminal shows it and obeys none. */
export function escapeUnsafe(text: string): string {
  return text.replace(UNSAFE, escapeChar);
}

/**
 * Untrusted text as a message may echo it: cut to `max` characters (then `…`) and escaped. The one helper every
 * parser's errors use, so no input reaches a terminal whole or raw: a 1 MB line is echoed as its first characters,
 * an escape sequence as `\u001b[2J`.
 */
export function excerpt(text: string, max = 40): string {
  const escaped = escapeUnsafe(text.slice(0, max + 1));
  return text.length > max || escaped.length > max ? `${escaped.slice(0, max)}…` : escaped;
}

/**
 * A message made safe to print, whatever input it quotes: unsafe characters escaped, every run of more than 80
 * characters without white space cut to 80 (`…`), and the whole cut to 500. Messages made from valid parts are
 * left as they are.
 */
export function safeMessage(message: string): string {
  if (message.length <= MESSAGE_RUN && !HAS_UNSAFE.test(message)) return message;
  let s = message.length > 4 * MESSAGE_MAX ? `${message.slice(0, 4 * MESSAGE_MAX)}…` : message;
  s = escapeUnsafe(s).replace(new RegExp(`\\S{${MESSAGE_RUN + 1},}`, 'g'), (run) => `${run.slice(0, MESSAGE_RUN)}…`);
  return s.length > MESSAGE_MAX ? `${s.slice(0, MESSAGE_MAX)}…` : s;
}

/** One line for people: `move/illegal: 32-28 is not a legal move (line 4, column 7)`. */
export function describeError(e: InputError): string {
  const where: string[] = [];
  if (e.line !== undefined) where.push(`line ${e.line}`);
  if (e.column !== undefined) where.push(`column ${e.column}`);
  if (e.at !== undefined && e.line === undefined) where.push(`at character ${e.at + 1}`);
  return `${safeMessage(e.code)}: ${safeMessage(e.message)}${where.length ? ` (${where.join(', ')})` : ''}`;
}

/**
 * Whether `e` has `code`, checked against the vocabulary named: `hasCode<DraughtsCode>(r.error, 'move/illegal')`.
 * For errors typed with a plain string code (they carry codes of several areas); where the error is typed by its
 * vocabulary, compare `e.code === …` directly. With no vocabulary named, no code is accepted.
 */
export function hasCode<C extends string = never>(e: { readonly code: string }, code: NoInfer<C>): boolean {
  return e.code === code;
}

/** Unwraps a result known to be ok; a failure here is a programming error, so it throws. */
export function unwrap<T>(r: Result<T, InputError>): T {
  if (r.ok) return r.value;
  throw new Error(`unexpected error: ${describeError(r.error)}`);
}

/** Converts a character offset into line and column, for errors in multi-line input. */
export function lineAndColumn(text: string, at: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < at && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: at - lineStart + 1 };
}
