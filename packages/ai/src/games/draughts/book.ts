/**
 * The draughts opening book: positions the project's own deep searches have analysed (`npm run book:draughts`,
 * `book-build.ts`), each with its best moves and their scores. The book is data: one module per rule set
 * (`book/english.ts`, `book/international.ts`, `book/russian.ts`), loaded with a dynamic `import()` of its own, with
 * its reader (`book/text.ts`), so that a bundle that never asks for it carries none of it.
 *
 *   const book = await loadDraughtsBook('english');             // undefined for a rule set without a book
 *   book?.movesAt(state.position);                              // [{ move, text: '22-18', score: 3 }, …], best first
 *   createDraughtsEngine({ books: { english: book } });          // Master plays from it (level option `book`)
 *
 * A position's key is the position itself (who is to move and every square's piece, packed), so a position reached
 * by another move order finds the same entry, and a key can be read back into a position: every move of the book is
 * checked against the rules of the position it is read for (`movesAt` returns only legal moves).
 *
 * The text format (one entry a line, after a header line `tactica-draughts-book 1 <variant>`):
 *
 *   <key> <move> <score> [<move> <score> …]
 *
 * with the moves in the rule set's notation (`formatMove`, shortest unambiguous) and the scores in hundredths of a
 * man for the side to move, best first.
 */
import type { Rng } from '@tactica/core';
import {
  generateMoves,
  parseMove,
  pieces,
  positionOf,
  RULE_SETS,
  squaresOf,
  type DraughtsMove,
  type Piece,
  type PlacedPiece,
  type Position,
  type VariantId,
} from '@tactica/draughts';

/** One move of a book entry: the move's text and its searched score for the side to move. */
export interface BookMove {
  readonly move: string;
  readonly score: number;
}

/** A book move as read for a position: the rules' move, its text and its score. */
export interface BookChoice {
  readonly move: DraughtsMove;
  readonly text: string;
  readonly score: number;
}

/** The rule sets the project builds a book for. */
export const BOOK_VARIANTS = ['english', 'international', 'russian'] as const satisfies readonly VariantId[];

/** Square contents in a key: none, white man, white king, black man, black king. */
const CODES: readonly (Piece | undefined)[] = [undefined, 'w', 'W', 'b', 'B'];
/** Two squares a character: 5 × 5 contents. */
const PAIR = 'abcdefghijklmnopqrstuvwxy';

/** The book key of a position: `w`/`b` for the side to move, then the squares in PDN order, two a character. */
export function bookKey(pos: Position): string {
  const count = squaresOf(RULE_SETS[pos.variant]).count;
  const codes = new Uint8Array(count + 2);
  for (const p of pieces(pos)) codes[p.square] = CODES.indexOf(p.piece);
  let key = pos.turn === 0 ? 'w' : 'b';
  for (let n = 1; n <= count; n += 2) key += PAIR[(codes[n] as number) * 5 + (codes[n + 1] as number)];
  return key;
}

/** The position a key stands for, or undefined when the text is not a key of this rule set. */
export function positionOfKey(variant: VariantId, key: string): Position | undefined {
  const count = squaresOf(RULE_SETS[variant]).count;
  if (key.length !== 1 + Math.ceil(count / 2) || (key[0] !== 'w' && key[0] !== 'b')) return undefined;
  const placed: PlacedPiece[] = [];
  for (let i = 1; i < key.length; i++) {
    const c = PAIR.indexOf(key[i] as string);
    if (c < 0) return undefined;
    const n = 2 * i - 1;
    const first = CODES[Math.floor(c / 5)];
    const second = CODES[c % 5];
    if (first) placed.push({ square: n, piece: first });
    if (second) {
      if (n + 1 > count) return undefined;
      placed.push({ square: n + 1, piece: second });
    }
  }
  return positionOf(variant, placed, key[0] === 'w' ? 0 : 1);
}

export class DraughtsBook {
  constructor(
    readonly variant: VariantId,
    /** Key → moves, best first. */
    readonly entries: ReadonlyMap<string, readonly BookMove[]>,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /**
   * The book's moves in this position, best first, each checked against the rules: a move the rules do not allow
   * here (a damaged or foreign book) is left out. Empty when the position is not in the book.
   */
  movesAt(pos: Position, legal: readonly DraughtsMove[] = generateMoves(pos)): BookChoice[] {
    if (pos.variant !== this.variant) return [];
    const entry = this.entries.get(bookKey(pos));
    if (!entry) return [];
    const out: BookChoice[] = [];
    for (const m of entry) {
      const parsed = parseMove(pos, m.move, legal);
      if (parsed.ok) out.push({ move: parsed.value, text: m.move, score: m.score });
    }
    return out;
  }
}

/**
 * Picks one of `choices` (best first): the best, or with `margin` > 0 one at random (by `rng`) among those scoring
 * within `margin` of the best, so that a seeded game is reproducible and unseeded games vary.
 */
export function pickBookMove(choices: readonly BookChoice[], margin: number, rng: Rng): BookChoice | undefined {
  const best = choices[0];
  if (!best || margin <= 0) return best;
  const top = Math.max(...choices.map((c) => c.score));
  const near = choices.filter((c) => c.score >= top - margin);
  return near[rng.int(near.length)];
}

const loaded = new Map<VariantId, DraughtsBook>();

/**
 * The project's book for a rule set, loaded on first call (a separate chunk for bundlers), or undefined when the
 * rule set has none. Once loaded it is also what `loadedDraughtsBook` returns, which is where engines look for it.
 */
export async function loadDraughtsBook(variant: VariantId): Promise<DraughtsBook | undefined> {
  const ready = loaded.get(variant);
  if (ready) return ready;
  // Each import is written out (a bundler can split only a dynamic import whose specifier it can read); the reader
  // comes with the data, so a bundle that never loads a book carries neither.
  let data: Promise<string> | undefined;
  if (variant === 'english') data = import('./book/english.js').then((m) => m.DRAUGHTS_BOOK_ENGLISH);
  else if (variant === 'international') {
    data = import('./book/international.js').then((m) => m.DRAUGHTS_BOOK_INTERNATIONAL);
  } else if (variant === 'russian') data = import('./book/russian.js').then((m) => m.DRAUGHTS_BOOK_RUSSIAN);
  if (data === undefined) return undefined;
  const [{ parseDraughtsBook }, text] = await Promise.all([import('./book/text.js'), data]);
  const parsed = parseDraughtsBook(text);
  if (!parsed.ok) throw new Error(`the ${variant} book is damaged: ${parsed.error.message}`);
  loaded.set(variant, parsed.value);
  return parsed.value;
}

/** The book of a rule set if `loadDraughtsBook` has loaded it, else undefined (engines never wait for one). */
export function loadedDraughtsBook(variant: VariantId): DraughtsBook | undefined {
  return loaded.get(variant);
}
