/**
 * Splits PDN text into games and each game into tag pairs and movetext tokens, remembering where every piece
 * stands (line and column, 1-based). Knows nothing of the rules: the reader checks the moves.
 *
 * Tolerated: a byte-order mark, CRLF or CR line ends, `%` escape lines, junk between games (lines that are neither
 * a tag pair nor movetext are skipped until the next game), games without tag pairs, move numbers glued to their
 * move (`1.32-28`) or written `12...`, `{…}` comments and `;` line comments, NAGs (`$3`), and variations `( … )`
 * at any depth, which are read and dropped (ours).
 *
 * Bounds (ours), so that no input holds more than one game's worth of memory: a game has at most 10,000 tokens
 * (moves, comments, results) and 1,000 tag pairs, and variations nest at most 100 deep; past that the game is
 * reported (`pdn/too-long`, `pdn/too-many-tags`, `pdn/too-deep`) and reading resumes at the next game.
 *
 * A game ends at its result (`2-0`, `1-0`, `1/2-1/2`, `*`, …), at the next tag pair, or at the end of the text.
 * A game with a lexical error (an unterminated comment, a broken tag pair, a stray `)`) is reported with the error
 * and reading resumes at the next line that starts with `[`.
 */
import { inputError, type InputError } from '@tactica/core';
import { isResultText } from './game-type.js';
import type { DraughtsCode } from '../codes.js';

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
  /** Where the game begins in the text lexed (0-based), for a reader that goes on from there. */
  readonly start: number;
  readonly tags: RawTag[];
  readonly tokens: RawToken[];
  error?: InputError<DraughtsCode>;
}

/** The bounds of one game (ours): far above real games (a long draughts game has a few hundred moves). */
export const MAX_GAME_TOKENS = 10_000;
export const MAX_GAME_TAGS = 1_000;
export const MAX_VARIATION_DEPTH = 100;

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

/** Where each line starts, in 4 bytes a line (an 80 MB file of short lines needs a few MB, not a few hundred). */
function lineStartsOf(text: string): { starts: Uint32Array; count: number } {
  let starts = new Uint32Array(1024);
  let count = 1;
  for (let i = 0; i < text.length; i++) {
    if (!isNewline(text, i)) continue;
    if (count === starts.length) {
      const grown = new Uint32Array(starts.length * 2);
      grown.set(starts);
      starts = grown;
    }
    starts[count++] = i + 1;
  }
  return { starts, count };
}

/**
 * The games of the text one by one, each handed out once it is complete (the next game has begun, or the text
 * ended), so a caller that handles and drops each game holds one game at a time, whatever the file holds.
 */
/**
 * Where a text lexed on its own stands in a longer one (a window of a big file): the line and column of its first
 * character, whether only white space precedes that character on its line, and the index of its first game.
 */
export interface LexOrigin {
  readonly line: number;
  readonly column: number;
  readonly lineStart: boolean;
  readonly firstGame: number;
}

const TEXT_START: LexOrigin = { line: 1, column: 1, lineStart: true, firstGame: 1 };

export function* lexPdn(text: string, origin: LexOrigin = TEXT_START): Generator<RawGame, void, undefined> {
  const lexer = new PdnLexer(text, origin);
  while (lexer.pos < text.length) {
    while (lexer.finished.length > 0) yield lexer.finished.shift() as RawGame;
    lexer.step();
  }
  yield* lexer.end();
}

type Mode = 'between' | 'tags' | 'movetext' | 'recover';

/** The lexer's state over one text: where it is, the game being read, and the games finished and not yet handed out. */
class PdnLexer {
  /** Games complete and not yet handed out. */
  readonly finished: RawGame[] = [];
  pos = 0;
  private count: number;
  private readonly lineStarts: Uint32Array;
  private readonly lines: number;
  private mode: Mode = 'between';
  private game: RawGame | undefined;
  private depth = 0;
  /** Where the open variations start, innermost last. */
  private readonly opens: number[] = [];

  constructor(
    private readonly text: string,
    private readonly origin: LexOrigin,
  ) {
    this.count = origin.firstGame - 1;
    const { starts, count } = lineStartsOf(text);
    this.lineStarts = starts;
    this.lines = count;
  }

  /** The games left once the text has been read: those finished, then the last one. */
  end(): RawGame[] {
    if (this.game && this.mode === 'movetext') this.finishVariations(this.game, this.text.length);
    return this.game ? [...this.finished, this.game] : [...this.finished];
  }

  /** Reads on from `pos`: white space, a comment line, or one element of the part of a game the lexer is in. */
  step(): void {
    const { text } = this;
    const c = text[this.pos] as string;
    if (isSpace(c)) {
      this.pos++;
      return;
    }
    if (c === '%' && this.atLineStart(this.pos)) {
      this.pos = this.endOfLine(this.pos);
      return;
    }
    if (this.mode === 'recover') {
      // After an error, skip to the next line that starts a game with a tag pair.
      if (c === '[' && this.atLineStart(this.pos)) this.mode = 'between';
      else {
        this.pos = this.endOfLine(this.pos);
        return;
      }
    }
    if (this.mode === 'between') return this.between(c);
    const g = this.game as RawGame;
    if (this.mode === 'tags') {
      if (c !== '[') {
        this.mode = 'movetext';
        return;
      }
      this.pos = this.readTag(g, this.pos);
      return;
    }
    this.movetext(g, c);
  }

  /** Between games: a tag pair or movetext starts one; anything else is junk, skipped to the end of its line. */
  private between(c: string): void {
    if (c === '[') {
      this.game = this.begin(this.pos);
      this.mode = 'tags';
      return;
    }
    if (looksLikeMovetext(this.text.slice(this.pos, this.endOfLine(this.pos)))) {
      this.game = this.begin(this.pos);
      this.mode = 'movetext';
      return;
    }
    this.pos = this.endOfLine(this.pos);
  }

  /** One element of movetext at `pos` (its first character `c`): a comment, a variation's end, a word… */
  private movetext(g: RawGame, c: string): void {
    const { text } = this;
    const pos = this.pos;
    if (c === '[') {
      this.finishVariations(g, pos);
      if (this.mode === 'recover') return;
      this.game = this.begin(pos);
      this.mode = 'tags';
      return;
    }
    if (c === '{') {
      const close = text.indexOf('}', pos + 1);
      if (close < 0) {
        this.fail(g, 'pdn/unterminated-comment', 'a comment "{" is never closed with "}"', pos);
        this.pos = text.length;
        return;
      }
      if (this.depth === 0) {
        this.pushToken(g, { kind: 'comment', text: text.slice(pos + 1, close), ...this.where(pos) }, pos);
      }
      this.pos = close + 1;
      return;
    }
    if (c === ';') {
      const end = this.endOfLine(pos);
      if (this.depth === 0)
        this.pushToken(g, { kind: 'comment', text: text.slice(pos + 1, end), ...this.where(pos) }, pos);
      this.pos = end;
      return;
    }
    if (c === '(' || c === ')') return this.variation(g, c);
    if (c === '}' || c === ']' || c === '"') {
      this.fail(g, 'pdn/unexpected-character', `"${c}" cannot stand here in movetext`, pos, c);
      return;
    }
    if (c === '$') {
      // A numeric annotation glyph: $ and digits.
      let end = pos + 1;
      while (end < text.length && /[0-9]/.test(text[end] as string)) end++;
      this.pos = end;
      return;
    }
    // A word: up to whitespace or a delimiter.
    let end = pos;
    while (end < text.length && !isSpace(text[end]) && !DELIMITERS.has(text[end] as string)) end++;
    this.pos = end;
    if (this.depth > 0) return;
    this.readWord(g, text.slice(pos, end), pos);
  }

  /** A variation opened or closed: its moves are skipped, and how deep they nest is bounded. */
  private variation(g: RawGame, c: '(' | ')'): void {
    const pos = this.pos;
    if (c === '(') {
      if (this.depth >= MAX_VARIATION_DEPTH) {
        this.fail(g, 'pdn/too-deep', `variations nest more than ${MAX_VARIATION_DEPTH} deep`, pos, '(');
        return;
      }
      this.depth++;
      this.opens.push(pos);
      this.pos++;
      return;
    }
    if (this.depth === 0) {
      this.fail(g, 'pdn/unbalanced-variation', 'a ")" closes no variation', pos, ')');
      return;
    }
    this.depth--;
    this.opens.pop();
    this.pos++;
  }

  private where(at: number): { line: number; column: number } {
    const { lineStarts, origin } = this;
    let lo = 0;
    let hi = this.lines - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((lineStarts[mid] as number) <= at) lo = mid;
      else hi = mid - 1;
    }
    const column = at - (lineStarts[lo] as number) + 1;
    return lo === 0 ? { line: origin.line, column: column + origin.column - 1 } : { line: origin.line + lo, column };
  }

  private endOfLine(from: number): number {
    let i = from;
    while (i < this.text.length && !isNewline(this.text, i)) i++;
    return i;
  }

  private atLineStart(at: number): boolean {
    for (let i = at - 1; i >= 0; i--) {
      if (isNewline(this.text, i)) return true;
      if (!isSpace(this.text[i])) return false;
    }
    return this.origin.lineStart;
  }

  private begin(at: number): RawGame {
    if (this.game) this.finished.push(this.game);
    const g: RawGame = { index: ++this.count, line: this.where(at).line, start: at, tags: [], tokens: [] };
    this.depth = 0;
    this.opens.length = 0;
    return g;
  }

  private fail(g: RawGame, code: DraughtsCode, message: string, at: number, input?: string): void {
    g.error = inputError(code, message, { ...this.where(at), input });
    this.mode = 'recover';
  }

  private finishVariations(g: RawGame, at: number): void {
    if (this.depth > 0 && !g.error) {
      const open = this.opens[this.opens.length - 1] ?? at;
      this.fail(g, 'pdn/unterminated-variation', 'a variation "(" is never closed', open, '(');
    }
  }

  /** Keeps a token of the game, or stops the game when it has too many. */
  private pushToken(g: RawGame, token: RawToken, at: number): void {
    if (g.tokens.length >= MAX_GAME_TOKENS) {
      this.fail(g, 'pdn/too-long', `the game has more than ${MAX_GAME_TOKENS} moves and comments`, at, token.text);
      return;
    }
    g.tokens.push(token);
  }

  /** Reads one tag pair at `at` (a `[`); returns where reading goes on. */
  private readTag(g: RawGame, at: number): number {
    const { text } = this;
    const lineEnd = this.endOfLine(at);
    if (g.tags.length >= MAX_GAME_TAGS) {
      this.fail(
        g,
        'pdn/too-many-tags',
        `the game has more than ${MAX_GAME_TAGS} tag pairs`,
        at,
        text.slice(at, lineEnd),
      );
      return lineEnd;
    }
    let i = at + 1;
    while (i < lineEnd && isSpace(text[i])) i++;
    const nameStart = i;
    while (i < lineEnd && /[A-Za-z0-9_]/.test(text[i] as string)) i++;
    const name = text.slice(nameStart, i);
    if (name === '') {
      this.fail(
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
        this.fail(
          g,
          'pdn/bad-tag',
          `the value of tag ${name} has no closing quote`,
          valueStart,
          text.slice(at, lineEnd),
        );
        return lineEnd;
      }
    } else {
      // Tolerated: an unquoted value up to the closing bracket.
      while (i < lineEnd && text[i] !== ']') value += text[i++];
      value = value.trim();
    }
    while (i < lineEnd && isSpace(text[i])) i++;
    if (text[i] !== ']') {
      this.fail(g, 'pdn/bad-tag', `the tag pair ${name} is not closed with "]"`, i, text.slice(at, lineEnd));
      return lineEnd;
    }
    g.tags.push({
      name,
      value,
      ...this.where(at),
      valueColumn: this.where(valueStart).column + (text[valueStart] === '"' ? 1 : 0),
    });
    return i + 1;
  }

  private readWord(g: RawGame, word: string, at: number): void {
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
      this.pushToken(g, { kind: 'result', text: rest, ...this.where(offset) }, offset);
      if (this.mode !== 'recover') this.mode = 'between';
      return;
    }
    this.pushToken(g, { kind: 'move', text: rest, ...this.where(offset) }, offset);
  }
}
