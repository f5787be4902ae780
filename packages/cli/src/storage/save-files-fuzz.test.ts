/*
 * Bad input of every kind in a save file (a hand edit, a truncated write, a hostile file dropped in the library):
 * truncations, random bytes, invalid UTF-8, NUL bytes, terminal escapes and huge inputs. `parseSave` answers a save
 * or a coded error that is safe to print (`@tactica/core/fuzz`), and a save it accepts holds nothing a listing would
 * print raw to the terminal (control or bidirectional characters in the title, summary, time or meta).
 */
import { type InputError, type Result } from '@tactica/core';
import { fuzzParser } from '@tactica/core/fuzz';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatSave, parseSave, type SaveFile } from './save-files.js';
import { SaveLibrary } from './save-library.js';

const ID = '5b0c8f7e-2a61-4d3b-9b1e-0c4f2d7a9e11';
const NAME = `${ID}.json`;
const UNSAFE = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]|\p{Cs}/u;

const sample: SaveFile = {
  id: ID,
  game: 'tactorus',
  title: 'friday game',
  version: 3,
  savedAt: '2026-11-25T20:14:03.120Z',
  summary: 'round 4',
  meta: { mode: 'e-mail', player: 1, done: false },
  payload: '++Tactorus\nName: friday game\nRound: 4\n',
};

/** parseSave, and the printable parts of what it accepts checked as a listing prints them. */
function parsePrintable(text: string): Result<SaveFile, InputError> {
  const r = parseSave(NAME, text);
  if (!r.ok) return r;
  const shown = [r.value.title, r.value.summary, r.value.savedAt, ...Object.values(r.value.meta).map(String)];
  const raw = shown.find((s) => UNSAFE.test(s));
  if (raw !== undefined) throw new Error(`accepted a save that prints ${JSON.stringify(raw.slice(0, 40))} raw`);
  return r;
}

describe('save files: bad input is a damaged save with a coded error, never a throw (fuzz)', () => {
  it('mutated, truncated and huge save files', async () => {
    const r = await fuzzParser(parsePrintable, [formatSave(sample)], { seed: 'save files', count: 400 });
    expect(r.refused).toBeGreaterThan(300);
  });

  it('a save whose summary, time or meta would put a terminal escape on the screen is damaged', () => {
    for (const changed of [
      { ...sample, summary: 'round 4\u001b]0;owned\u0007' },
      { ...sample, savedAt: '2026-11-25\u001b[2J' },
      { ...sample, meta: { mode: 'e-mail\u202e' } },
    ]) {
      const r = parseSave(NAME, formatSave(changed));
      expect(r.ok ? 'ok' : r.error.code).toBe('store/damaged');
    }
  });

  it('a summary or meta text given with line breaks or escapes is written as one printable line, and reads back', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tactica-printable-'));
    try {
      const library = new SaveLibrary(dir);
      const saved = library.save('tactorus', {
        title: 'odd',
        payload: 'x',
        summary: 'round 4\n\u001b[2J',
        meta: { mode: 'e-mail\u202e' },
      });
      expect(saved.ok).toBe(true);
      const [entry] = new SaveLibrary(dir).list('tactorus');
      expect([entry?.summary, entry?.meta['mode']]).toEqual(['round 4 \uFFFD[2J', 'e-mail\uFFFD']);
      expect(new SaveLibrary(dir).damagedLines('tactorus')).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
