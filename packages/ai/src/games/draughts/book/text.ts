/**
 * The opening book's text format (see `../book.ts`): written by the builder, read when a book is loaded.
 * A module of its own so that it travels with the book's data, not with the engine.
 */
import { err, inputError, ok, type InputError, type Result } from '@tactica/core';
import { RULE_SETS, squaresOf } from '@tactica/draughts';
import { BOOK_VARIANTS, DraughtsBook, type BookMove } from '../book.js';
import type { AiCode } from '../../../codes.js';

/** The first line of a book's text: format name, version, rule set. */
const MAGIC = 'tactica-draughts-book';
const VERSION = 1;
/** A move's text: squares by number (`22-18`, `26x17x10`) or, in Russian, algebraic (`c3-d4`, `g7xe5xc3`). */
const MOVE_SYNTAX = /^(\d+|[a-h][1-8])([-x](\d+|[a-h][1-8]))+$/;

/** The book as text (the format above); `parseDraughtsBook` reads it back. */
export function formatDraughtsBook(book: DraughtsBook): string {
  const lines = [`${MAGIC} ${VERSION} ${book.variant}`];
  for (const key of [...book.entries.keys()].sort()) {
    const moves = book.entries.get(key) as readonly BookMove[];
    lines.push([key, ...moves.map((m) => `${m.move} ${m.score}`)].join(' '));
  }
  return lines.join('\n') + '\n';
}

/** A book read from text, checked line by line: the header, every key's shape, every move's syntax and score. */
export function parseDraughtsBook(text: string): Result<DraughtsBook, InputError> {
  const lines = text.split('\n');
  const fail = (line: number, code: AiCode, message: string): Result<never, InputError> =>
    err(inputError(code, `book line ${line}: ${message}`, { line }));
  const header = (lines[0] ?? '').trim().split(' ');
  const variant = BOOK_VARIANTS.find((v) => v === header[2]);
  if (header[0] !== MAGIC || header[1] !== String(VERSION) || !variant) {
    return fail(1, 'book/header', `the first line must be "${MAGIC} ${VERSION} <variant>"`);
  }
  const count = squaresOf(RULE_SETS[variant]).count;
  const keyLength = 1 + Math.ceil(count / 2);
  const entries = new Map<string, BookMove[]>();
  for (let i = 1; i < lines.length; i++) {
    const line = (lines[i] as string).trim();
    if (line === '') continue;
    const words = line.split(' ');
    const key = words[0] as string;
    if (key.length !== keyLength || !/^[wb][a-y]+$/.test(key)) return fail(i + 1, 'book/bad-key', `bad key "${key}"`);
    if (words.length < 3 || words.length % 2 === 0) return fail(i + 1, 'book/syntax', 'a key, then moves and scores');
    if (entries.has(key)) return fail(i + 1, 'book/duplicate-key', `key "${key}" twice`);
    const moves: BookMove[] = [];
    for (let w = 1; w < words.length; w += 2) {
      const move = words[w] as string;
      const score = Number(words[w + 1]);
      if (!MOVE_SYNTAX.test(move) || !Number.isInteger(score)) {
        return fail(i + 1, 'book/syntax', `bad move or score "${move} ${words[w + 1] ?? ''}"`);
      }
      moves.push({ move, score });
    }
    entries.set(key, moves);
  }
  return ok(new DraughtsBook(variant, entries));
}
