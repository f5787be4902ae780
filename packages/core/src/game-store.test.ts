import { describe, expect, it } from 'vitest';
import {
  checkFamily,
  checkVersion,
  cleanTitle,
  compareEntries,
  defaultTitle,
  quoteForMessage,
  titleKey,
  type StoredEntry,
} from './game-store.js';

describe('titles as every store keeps them', () => {
  it.each([
    ['  Mail   game ', 'Mail game'],
    ['two\nlines\r\nand\ttabs', 'two lines and tabs'],
    ['../../etc/passwd', '../../etc/passwd'],
    ['C:\\con', 'C:\\con'],
    ['Ωμέγα 🎲', 'Ωμέγα 🎲'],
    ['#2', '#2'],
  ])('%j is kept as %j', (raw, title) => {
    expect(cleanTitle(raw)).toEqual({ ok: true, value: title });
  });

  it('has no length limit', () => {
    const long = 'long title '.repeat(1000).trim();
    expect(cleanTitle(long)).toEqual({ ok: true, value: long });
  });

  it.each([
    ['', 'empty'],
    [' \n\t ', 'empty'],
    ['bell\u0007', 'U+0007'],
    ['esc\u001b[2J', 'U+001B'],
    ['nul\u0000', 'U+0000'],
    ['next line\u0085', 'U+0085'],
    ['right-to-left \u202e override', 'U+202E'],
    ['isolate \u2066', 'U+2066'],
    ['lone \ud800 surrogate', 'U+D800'],
  ])('%j is refused with store/bad-title (%s)', (raw, why) => {
    const r = cleanTitle(raw);
    expect(r).toMatchObject({ ok: false, error: { code: 'store/bad-title' } });
    expect(!r.ok && r.error.message).toContain(why);
  });

  it('refuses a title that is not text', () => {
    expect(cleanTitle(7)).toMatchObject({ ok: false, error: { code: 'store/bad-title' } });
  });

  it('compares titles without case or Unicode composition, with accents', () => {
    expect(titleKey('Mail Game')).toBe(titleKey('MAIL game'));
    expect(titleKey('Cafe\u0301')).toBe(titleKey('Caf\u00e9'));
    expect(titleKey('Cafe')).not.toBe(titleKey('Café'));
  });

  it('names an untitled entry with the first free Untitled title', () => {
    expect(defaultTitle(() => false)).toBe('Untitled');
    const taken = new Set(['untitled', 'untitled 2']);
    expect(defaultTitle((k) => taken.has(k))).toBe('Untitled 3');
  });
});

describe('store vocabulary', () => {
  it('families are short lower-case names', () => {
    expect(checkFamily('force400')).toEqual({ ok: true, value: 'force400' });
    for (const bad of ['', 'Force', 'a b', '../x', '-x', 'x'.repeat(65), 3]) {
      expect(checkFamily(bad)).toMatchObject({ ok: false, error: { code: 'store/bad-family' } });
    }
  });

  it('versions are whole numbers from 1', () => {
    expect(checkVersion(1)).toEqual({ ok: true, value: 1 });
    for (const bad of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '2', 2 ** 53]) {
      expect(checkVersion(bad)).toMatchObject({ ok: false, error: { code: 'store/bad-version' } });
    }
  });

  it('lists by title with numbers in numeric order, then newest first', () => {
    const e = (id: string, title: string, savedAt: string): StoredEntry => ({
      id,
      family: 'f',
      title,
      summary: '',
      version: 1,
      savedAt,
    });
    const entries = [
      e('a', 'Game 10', '2024-01-01T00:00:00.000Z'),
      e('b', 'Game 9', '2024-01-01T00:00:00.000Z'),
      e('c', 'attack', '2024-01-01T00:00:00.000Z'),
      e('d', 'Game 9', '2024-06-01T00:00:00.000Z'),
    ];
    expect([...entries].sort(compareEntries).map((x) => x.id)).toEqual(['c', 'd', 'b', 'a']);
  });

  it('quotes untrusted text for messages escaped and cut short', () => {
    expect(quoteForMessage('a\u001b[2Jb')).toBe('"a\\u001b[2Jb"');
    expect(quoteForMessage('x'.repeat(100), 5)).toBe('"xxxxx…"');
  });
});
