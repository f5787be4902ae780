/**
 * A page's engine downloads one rule set's opening book, not every one: `loadEngine` loads the books of the rule sets
 * it is given up front (`variants`, a page gives none), and the engine's `prepare` loads the book of the game's rule
 * set. (A file of its own: the books are loaded once a process, so another test's loading would hide this.)
 */
import { draughtsGame } from '@tactica/draughts';
import { describe, expect, it } from 'vitest';
import { loadEngine } from '../../engines.js';
import { loadedDraughtsBook } from './book.js';

describe('opening books in a page', () => {
  it("a page's engine loads no book up front, then the game's rule set's book when it prepares", async () => {
    const engine = await loadEngine('draughts', { threads: 1, variants: [] });
    for (const v of ['english', 'international', 'russian'] as const) expect(loadedDraughtsBook(v)).toBeUndefined();
    await engine.prepare?.(draughtsGame('russian').initial());
    expect(loadedDraughtsBook('russian')).toBeDefined();
    expect(loadedDraughtsBook('english')).toBeUndefined();
    expect(loadedDraughtsBook('international')).toBeUndefined();
    // Master plays from it: the start position is in the book, so its move comes without a search (depth 0).
    expect(engine.choose(draughtsGame('russian').initial(), 'master').depth).toBe(0);
  });

  it('an engine told to play without books loads none, even when it prepares', async () => {
    const engine = await loadEngine('draughts', { threads: 1, variants: [], book: false });
    await engine.prepare?.(draughtsGame('international').initial());
    expect(loadedDraughtsBook('international')).toBeUndefined();
  });
});
