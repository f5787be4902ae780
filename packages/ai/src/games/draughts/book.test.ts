import { createRng, unwrap } from '@tactica/core';
import {
  acfBallots,
  DraughtsSearchPosition,
  draughtsGame,
  generateMoves,
  parseMove,
  type DraughtsState,
  type VariantId,
} from '@tactica/draughts';
import { describe, expect, it } from 'vitest';
import { buildDraughtsBook } from './book-build.js';
import { DRAUGHTS_BOOK_ENGLISH } from './book/english.js';
import { DRAUGHTS_BOOK_INTERNATIONAL } from './book/international.js';
import { DRAUGHTS_BOOK_RUSSIAN } from './book/russian.js';
import { formatDraughtsBook, parseDraughtsBook } from './book/text.js';
import { bookKey, loadDraughtsBook, loadedDraughtsBook, pickBookMove, positionOfKey } from './book.js';
import { DraughtsDeepSearcher } from './deep-search.js';
import { createDraughtsEngine } from './engine.js';

const TEXTS: Record<'english' | 'international' | 'russian', string> = {
  english: DRAUGHTS_BOOK_ENGLISH,
  international: DRAUGHTS_BOOK_INTERNATIONAL,
  russian: DRAUGHTS_BOOK_RUSSIAN,
};
const english = unwrap(parseDraughtsBook(DRAUGHTS_BOOK_ENGLISH));
const international = unwrap(parseDraughtsBook(DRAUGHTS_BOOK_INTERNATIONAL));
const russian = unwrap(parseDraughtsBook(DRAUGHTS_BOOK_RUSSIAN));
const BOOKS = { english, international, russian };

/** A quick level that reads the book. */
const QUICK = [{ id: 'quick', name: 'Quick', description: 'depth 3', depth: 3, safe: true, ttLog2: 12, book: true }];

function ballotState(number: number): DraughtsState {
  const game = draughtsGame('english');
  const ballot = acfBallots()[number - 1];
  if (!ballot) throw new Error(`no ballot ${number}`);
  return ballot.moves.reduce((s, m) => unwrap(game.tryPlay(s, m)), game.initial());
}

describe('draughts opening book', () => {
  it.each(['english', 'international', 'russian'] as const)(
    '%s: the committed book is not empty and every book move is legal in its position',
    (variant) => {
      const book = BOOKS[variant];
      expect(book.size).toBeGreaterThan(variant === 'international' ? 100 : 500);
      for (const [key, moves] of book.entries) {
        const pos = positionOfKey(variant, key);
        expect(pos, key).toBeDefined();
        if (!pos) continue;
        expect(bookKey(pos)).toBe(key);
        const legal = generateMoves(pos);
        for (const m of moves) expect(parseMove(pos, m.move, legal).ok, `${key} ${m.move}`).toBe(true);
        // Best first, as the engine picks.
        expect(moves.map((m) => m.score)).toEqual([...moves.map((m) => m.score)].sort((a, b) => b - a));
        expect(book.movesAt(pos, legal)).toHaveLength(moves.length);
      }
    },
  );

  it.each(['english', 'international', 'russian'] as const)(
    '%s: the data file round-trips through parse and format',
    (variant) => {
      const text = TEXTS[variant];
      expect(formatDraughtsBook(unwrap(parseDraughtsBook(text)))).toBe(text);
    },
  );

  it('English: every ACF ballot position (past a forced capture, and the reply to it) has book moves, and Master plays one of them', () => {
    const game = draughtsGame('english');
    const engine = createDraughtsEngine({ books: { english } });
    for (const ballot of acfBallots()) {
      // A forced capture after the ballot needs no book: the position after it does.
      let s = ballotState(ballot.number);
      while (game.legalMoves(s).length === 1) s = game.play(s, game.legalMoves(s)[0]!);
      const choices = english.movesAt(s.position);
      expect(choices.length, `ballot ${ballot.number}`).toBeGreaterThan(0);
      // The other side has book moves after the best reply too (unless its move is forced: no book needed).
      const after = game.play(s, choices[0]!.move);
      if (game.legalMoves(after).length > 1) {
        expect(english.movesAt(after.position).length, `ballot ${ballot.number}, reply`).toBeGreaterThan(0);
      }
      if (ballot.number % 29 === 1) {
        const choice = engine.choose(s, 'master', { seed: ballot.number });
        expect(choice.depth).toBe(0);
        const texts = choices.map((c) => game.formatMove(s, c.move));
        expect(texts).toContain(game.formatMove(s, choice.move));
      }
    }
  });

  it('International: the start position and its main first moves are in the book', () => {
    const game = draughtsGame('international');
    const start = game.initial();
    const choices = international.movesAt(start.position);
    expect(choices.length).toBeGreaterThan(0);
    const after = game.play(start, choices[0]!.move);
    expect(international.movesAt(after.position).length).toBeGreaterThan(0);
  });

  it('Russian: after every three-ply opening with no capture pending (the fixed set), Master plays a book move', () => {
    const game = draughtsGame('russian');
    const engine = createDraughtsEngine({ books: { russian } });
    let openings = 0;
    const walk = (s: DraughtsState, plies: number): void => {
      const legal = game.legalMoves(s);
      if (plies < 3) {
        for (const m of legal) walk(game.play(s, m), plies + 1);
        return;
      }
      // The set leaves out an opening with a capture pending (bench/draw-openings.js --all 3).
      if (legal.length === 0 || legal.some((m) => m.captures.length > 0)) return;
      openings++;
      const choices = russian.movesAt(s.position);
      expect(choices.length, game.formatPosition(s)).toBeGreaterThan(0);
      if (openings % 29 === 1) {
        const choice = engine.choose(s, 'master', { seed: openings });
        expect(choice.depth).toBe(0);
        expect(choices.map((c) => game.formatMove(s, c.move))).toContain(game.formatMove(s, choice.move));
      }
    };
    walk(game.initial(), 0);
    expect(openings).toBe(174);
  });

  it('a position out of the book gets no book move, and a level with the book searches it', () => {
    const game = draughtsGame('english');
    const s = unwrap(game.parsePosition('W:W18,22,23,27,K30:B5,9,10,14'));
    expect(english.movesAt(s.position)).toEqual([]);
    const choice = createDraughtsEngine({ books: { english }, levels: QUICK }).choose(s, 'quick', { seed: 1 });
    expect(choice.depth).toBeGreaterThan(0);
  });

  it('book off gives no book move: the engine option, a level without the book, give-away', () => {
    const s = ballotState(1);
    expect(english.movesAt(s.position).length).toBeGreaterThan(0);
    const levels = QUICK;
    expect(createDraughtsEngine({ books: { english }, levels }).choose(s, 'quick').depth).toBe(0);
    expect(createDraughtsEngine({ books: { english }, levels, book: false }).choose(s, 'quick').depth).toBeGreaterThan(
      0,
    );
    const off = levels.map((l) => ({ ...l, book: false }));
    expect(createDraughtsEngine({ books: { english }, levels: off }).choose(s, 'quick').depth).toBeGreaterThan(0);
    // The manual's levels keep their search: Smart reads no book.
    expect(createDraughtsEngine({ books: { english } }).choose(s, 'smart').depth).toBeGreaterThan(0);
    // Give-away is another game: the book is not read there.
    const g = draughtsGame('english', { giveaway: true });
    const sg = acfBallots()[0]!.moves.reduce((x, m) => unwrap(g.tryPlay(x, m)), g.initial());
    expect(createDraughtsEngine({ books: { english }, levels }).choose(sg, 'quick').depth).toBeGreaterThan(0);
  });

  it('a transposition finds the same entry: the key is the position, not the moves that led to it', () => {
    const game = draughtsGame('english');
    // Ballot 87 (10-15 21-17 9-13), reached by moves no ballot lists.
    const c = ['10-15', '21-17', '9-13'].reduce((s, m) => unwrap(game.tryPlay(s, m)), game.initial());
    const d = ['9-13', '21-17', '10-15'].reduce((s, m) => unwrap(game.tryPlay(s, m)), game.initial());
    expect(bookKey(c.position)).toBe(bookKey(d.position));
    expect(english.movesAt(d.position)).toEqual(english.movesAt(c.position));
    expect(english.movesAt(c.position).length).toBeGreaterThan(0);
  });

  it('reading leaves out a move the rules do not allow, and rejects damaged text with coded errors', () => {
    const start = draughtsGame('english').initial().position;
    const key = bookKey(start);
    const book = unwrap(parseDraughtsBook(`tactica-draughts-book 1 english\n${key} 11-15 5 22-18 3 9-13 1\n`));
    expect(book.movesAt(start).map((c) => c.text)).toEqual(['11-15', '9-13']);
    const damaged: [string, string][] = [
      ['tactica-draughts-book 2 english\n', 'book/header'],
      ['tactica-draughts-book 1 chess\n', 'book/header'],
      [`tactica-draughts-book 1 english\n${key}z 11-15 5\n`, 'book/bad-key'],
      [`tactica-draughts-book 1 english\n${key} 11-15\n`, 'book/syntax'],
      [`tactica-draughts-book 1 english\n${key} 11-15 five\n`, 'book/syntax'],
      [`tactica-draughts-book 1 english\n${key} 11-15 5\n${key} 9-13 5\n`, 'book/duplicate-key'],
    ];
    for (const [text, code] of damaged) {
      const r = parseDraughtsBook(text);
      expect(r.ok ? 'ok' : r.error.code, text).toBe(code);
    }
    expect(positionOfKey('english', 'wzz')).toBeUndefined();
  });

  it('the choice among near-equal book moves is by the seed, and a margin of 0 always takes the best', () => {
    const choices = english.movesAt(draughtsGame('english').initial().position);
    expect(choices.length).toBeGreaterThan(1);
    expect(pickBookMove(choices, 0, createRng(5))).toBe(choices[0]);
    const picks = (seed: number): string[] =>
      Array.from({ length: 20 }, (_, i) => pickBookMove(choices, 1000, createRng(seed * 100 + i))!.text);
    expect(picks(1)).toEqual(picks(1));
    expect(new Set(picks(1)).size).toBeGreaterThan(1);
  });

  it('loads lazily, once, per rule set; a rule set without a book has none', async () => {
    const a = await loadDraughtsBook('english');
    expect(a?.size).toBe(english.size);
    expect(await loadDraughtsBook('english')).toBe(a);
    expect(loadedDraughtsBook('english')).toBe(a);
    expect(await loadDraughtsBook('spanish' as VariantId)).toBeUndefined();
  });

  it('the builder: searches by nodes give the same book twice, of legal moves, within the window of the best', () => {
    const roots = [{ state: ballotState(120), budget: 3 }];
    const options = { variant: 'english' as const, roots, nodes: 3000, window: 15, width: 2, ttLog2: 12 };
    const a = buildDraughtsBook(options);
    const b = buildDraughtsBook(options);
    expect(formatDraughtsBook(a.book)).toBe(formatDraughtsBook(b.book));
    expect(a.roots[0]?.positions).toBe(3);
    for (const [key, moves] of a.book.entries) {
      const pos = positionOfKey('english', key)!;
      expect(a.book.movesAt(pos)).toHaveLength(moves.length);
      expect(moves[0]!.score - moves[moves.length - 1]!.score).toBeLessThanOrEqual(15);
    }
  });

  it('the deep search restricted to some root moves plays one of them', () => {
    const s = ballotState(1);
    const sp = new DraughtsSearchPosition(s);
    const buffer = new Int32Array(64);
    const n = sp.generateMoves(buffer, 0);
    const searcher = new DraughtsDeepSearcher({ ttLog2: 12 });
    const best = searcher.search(sp, { nodes: 5000 }).bestMove;
    const others = Array.from(buffer.subarray(0, n)).filter((k) => k !== best);
    const r = searcher.search(sp, { nodes: 5000, rootMoves: others });
    expect(others).toContain(r.bestMove);
  });
});
