/**
 * Splits PDN text into games and each game into tag pairs and movetext tokens, remembering where every piece
 * stands (line and column, 1-based). Knows nothing of the rules: the reader checks the moves.
 *
 * Tolerated: a byte-order mark, CRLF or CR line ends, `%` escape lines, junk between games (lines that are neither
 * a tag pair nor movetext are skipped until the next game), games without tag pairs, move numbers glued to their
 * move (`1.32-28`) or written `12...`, `{…}` comments and `;` line comments, NAGs (`$3`), and variations `( … )`
 * at any depth, which are read and dropped (ours).
 *
 * A game ends at its result (`2-0`, `1-0`, `1/2-1/2`, `*`, …), at the next tag pair, or at the end of the text.
 * A game with a lexical error (an unterminated comment, a broken tag pair, a stray `)`) is reported with the error
 * and reading resumes at the next line that starts with `[`.
 */
import { inputError, type InputError } from '@tactica/core';
import { isResultText } from './game-type.js';

export interface RawTag {
  readonly name: string;
  readonly value: string;
  readonly line: number;
  /** Column of the `[`. */
  readonly column: number;
  /** Column where the value starts. */
  readonly valueColumn: number;
}

export interface RawToken {
  readonly kind: 'move' | 'comment' | 'result';
  readonly text: string;
  readonly line: number;
  readonly column: number;
}

export interface RawGame {
  /** 1-based position of the game in the text. */
  readonly index: number;
  readonly line: number;
  readonly tags: RawTag[];
  readonly tokens: RawToken[];
  error?: InputError;
}

/** Characters that end a word of movetext. */
const DELIMITERS = new Set(['{', '}', '(', ')', ';', '[', ']', '"']);

function isSpace(c: string | undefined): boolean {
  return (
    c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === '\v' || c === '\uFEFF' || c === '\u00A0'
  );
}

function isNewline(text: string, i: number): boolean {
  const c = text[i];
  return c === '\n' || (c === '\r' && text[i + 1] !== '\n');
}

/** Does the rest of this line look like the start of movetext (a move number, a move, a comment)? */
function looksLikeMovetext(line: string): boolean {
  return /^(\d+\s*(\.|…)|\d{1,2}\s*[-x:]\s*\d{1,2}(?!\d)|[a-l]\d{1,2}\s*[-x:]?\s*[a-l]\d{1,2}|\{|\(|\*\s*$)/i.test(
    line,
  );
}

export function splitPdn(text: string): RawGame[] {
  const games: RawGame[] = [];
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (isNewline(text, i)) lineStarts.push(i + 1);
  const where = (at: number): { line: number; column: number } => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((lineStarts[mid] as number) <= at) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: at - (lineStarts[lo] as number) + 1 };
  };
  const endOfLine = (from: number): number => {
    let i = from;
    while (i < text.length && !isNewline(text, i)) i++;
    return i;
  };
  const atLineStart = (at: number): boolean => {
    for (let i = at - 1; i >= 0; i--) {
      if (isNewline(text, i)) return true;
      if (!isSpace(text[i])) return false;
    }
    return true;
  };

  type Mode = 'between' | 'tags' | 'movetext' | 'recover';
  let mode: Mode = 'between';
  let game: RawGame | undefined;
  let depth = 0;
  /** Where the open variations start, innermost last. */
  const opens: number[] = [];
  let pos = 0;

  const begin = (at: number): RawGame => {
    const g: RawGame = { index: games.length + 1, line: where(at).line, tags: [], tokens: [] };
    games.push(g);
    depth = 0;
    opens.length = 0;
    return g;
  };
  const fail = (g: RawGame, code: string, message: string, at: number, input?: string): void => {
    g.error = inputError(code, message, { ...where(at), input });
    mode = 'recover';
  };
  const finishVariations = (g: RawGame, at: number): void => {
    if (depth > 0 && !g.error) {
      fail(g, 'pdn/unterminated-variation', 'a variation "(" is never closed', opens[opens.length - 1] ?? at, '(');
    }
  };

  while (pos < text.length) {
    const c = text[pos] as string;
    if (isSpace(c)) {
      pos++;
      continue;
    }
    if (c === '%' && atLineStart(pos)) {
      pos = endOfLine(pos);
      continue;
    }
    if ((mode as Mode) === 'recover') {
      // After an error, skip to the next line that starts a game with a tag pair.
      if (c === '[' && atLineStart(pos)) mode = 'between';
      else {
        pos = endOfLine(pos);
        continue;
      }
    }
    if (mode === 'between') {
      if (c === '[') {
        game = begin(pos);
        mode = 'tags';
        continue;
      }
      if (looksLikeMovetext(text.slice(pos, endOfLine(pos)))) {
        game = begin(pos);
        mode = 'movetext';
        continue;
      }
      pos = endOfLine(pos); // junk between games
      continue;
    }
    const g = game as RawGame;
    if (mode === 'tags') {
      if (c !== '[') {
        mode = 'movetext';
        continue;
      }
      pos = readTag(g, pos);
      continue;
    }
    // Movetext.
    if (c === '[') {
      finishVariations(g, pos);
      if ((mode as Mode) === 'recover') continue;
      game = begin(pos);
      mode = 'tags';
      continue;
    }
    if (c === '{') {
      const close = text.indexOf('}', pos + 1);
      if (close < 0) {
        fail(g, 'pdn/unterminated-comment', 'a comment "{" is never closed with "}"', pos);
        pos = text.length;
        continue;
      }
      if (depth === 0) g.tokens.push({ kind: 'comment', text: text.slice(pos + 1, close), ...where(pos) });
      pos = close + 1;
      continue;
    }
    if (c === ';') {
      const end = endOfLine(pos);
      if (depth === 0) g.tokens.push({ kind: 'comment', text: text.slice(pos + 1, end), ...where(pos) });
      pos = end;
      continue;
    }
    if (c === '(') {
      depth++;
      opens.push(pos);
      pos++;
      continue;
    }
    if (c === ')') {
      if (depth === 0) {
        fail(g, 'pdn/unbalanced-variation', 'a ")" closes no variation', pos, ')');
        continue;
      }
      depth--;
      opens.pop();
      pos++;
      continue;
    }
    if (c === '}' || c === ']' || c === '"') {
      fail(g, 'pdn/unexpected-character', `"${c}" cannot stand here in movetext`, pos, c);
      continue;
    }
    if (c === '$') {
      // A numeric annotation glyph: $ and digits.
      let end = pos + 1;
      while (end < text.length && /[0-9]/.test(text[end] as string)) end++;
      pos = end;
      continue;
    }
    // A word: up to whitespace or a delimiter.
    let end = pos;
    while (end < text.length && !isSpace(text[end]) && !DELIMITERS.has(text[end] as string)) end++;
    const word = text.slice(pos, end);
    const start = pos;
    pos = end;
    if (depth > 0) continue;
    readWord(g, word, start);
  }
  if (game && mode === 'movetext') finishVariations(game, text.length);
  return games;

  /** Reads one tag pair at `at` (a `[`); returns where reading goes on. */
  function readTag(g: RawGame, at: number): number {
    const lineEnd = endOfLine(at);
    let i = at + 1;
    while (i < lineEnd && isSpace(text[i])) i++;
    const nameStart = i;
    while (i < lineEnd && /[A-Za-z0-9_]/.test(text[i] as string)) i++;
    const name = text.slice(nameStart, i);
    if (name === '') {
      fail(
        g,
        'pdn/bad-tag',
        'a tag pair must start with a name, as in [Event "..."]',
        nameStart,
        text.slice(at, lineEnd),
      );
      return lineEnd;
    }
    while (i < lineEnd && isSpace(text[i])) i++;
    let value = '';
    const valueStart = i;
    if (text[i] === '"') {
      i++;
      let closed = false;
      while (i < lineEnd) {
        const ch = text[i] as string;
        if (ch === '\\' && i + 1 < lineEnd) {
          value += text[i + 1];
          i += 2;
          continue;
        }
        if (ch === '"') {
          closed = true;
          i++;
          break;
        }
        value += ch;
        i++;
      }
      if (!closed) {
        fail(g, 'pdn/bad-tag', `the value of tag ${name} has no closing quote`, valueStart, text.slice(at, lineEnd));
        return lineEnd;
      }
    } else {
      // Tolerated: an unquoted value up to the closing bracket.
      while (i < lineEnd && text[i] !== ']') value += text[i++];
      value = value.trim();
    }
    while (i < lineEnd && isSpace(text[i])) i++;
    if (text[i] !== ']') {
      fail(g, 'pdn/bad-tag', `the tag pair ${name} is not closed with "]"`, i, text.slice(at, lineEnd));
      return lineEnd;
    }
    g.tags.push({
      name,
      value,
      ...where(at),
      valueColumn: where(valueStart).column + (text[valueStart] === '"' ? 1 : 0),
    });
    return i + 1;
  }

  function readWord(g: RawGame, word: string, at: number): void {
    let rest = word;
    let offset = at;
    for (;;) {
      // Move numbers: `12.`, `12...`, `12…`, glued to the move or not; lone dots.
      const number = /^(\d+\s*)?(\.+|…+)/.exec(rest);
      if (number && (number[1] !== undefined || /^[.…]+/.test(rest))) {
        const len = number[0].length;
        rest = rest.slice(len);
        offset += len;
        if (rest === '') return;
        continue;
      }
      break;
    }
    if (isResultText(rest)) {
      g.tokens.push({ kind: 'result', text: rest, ...where(offset) });
      mode = 'between';
      return;
    }
    g.tokens.push({ kind: 'move', text: rest, ...where(offset) });
  }
}
