/**
 * The outcome of handling untrusted input: a value, or a coded error that says what is wrong and where.
 * Throwing is reserved for broken invariants; no user input may reach a throw.
 */
export type Result<T, E = InputError> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

/**
 * A coded error for bad input. `code` is stable and machine-readable (`fen/bad-square`, `move/illegal`);
 * `message` is a plain-English sentence for people; the optional fields say where.
 */
export interface InputError {
  readonly code: string;
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
export function inputError(
  code: string,
  message: string,
  where: {
    at?: number | undefined;
    line?: number | undefined;
    column?: number | undefined;
    input?: string | undefined;
  } = {},
): InputError {
  const e: { -readonly [K in keyof InputError]: InputError[K] } = { code, message };
  if (where.at !== undefined) e.at = where.at;
  if (where.line !== undefined) e.line = where.line;
  if (where.column !== undefined) e.column = where.column;
  if (where.input !== undefined) e.input = where.input;
  return e;
}

/** One line for people: `move/illegal: 32-28 is not a legal move (line 4, column 7)`. */
export function describeError(e: InputError): string {
  const where: string[] = [];
  if (e.line !== undefined) where.push(`line ${e.line}`);
  if (e.column !== undefined) where.push(`column ${e.column}`);
  if (e.at !== undefined && e.line === undefined) where.push(`at character ${e.at + 1}`);
  return `${e.code}: ${e.message}${where.length ? ` (${where.join(', ')})` : ''}`;
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
