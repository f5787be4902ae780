import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SaveLibrary } from './save-library.js';

function library(): SaveLibrary {
  return new SaveLibrary(join(mkdtempSync(join(tmpdir(), 'tactica-saves-')), 'saves'));
}

describe('save library', () => {
  it('lists saves by title, numbers them from 1, and opens by number, title or id', () => {
    const lib = library();
    lib.saveAs('force400', { title: 'Zebra opening', payload: 'Z' });
    const a = lib.saveAs('force400', { title: 'Attack on H9', payload: 'A', meta: { level: 3 } });
    lib.saveAs('tactorus', { title: 'Other game', payload: 'T' });
    expect(lib.list('force400').map((e) => e.title)).toEqual(['Attack on H9', 'Zebra opening']);
    expect(lib.open('2', 'force400')).toMatchObject({ ok: true, value: { payload: 'Z' } });
    expect(lib.open('attack on h9', 'force400')).toMatchObject({
      ok: true,
      value: { payload: 'A', meta: { level: 3 } },
    });
    expect(a.ok && lib.open(a.value.id).ok).toBe(true);
  });

  it('has no fixed limit on the number of saves or the length of a title', () => {
    const lib = library();
    const long = 'a very long title '.repeat(40).trim();
    for (let i = 0; i < 150; i++) lib.saveAs('g', { title: `${long} ${String(i).padStart(3, '0')}`, payload: `${i}` });
    expect(lib.list('g')).toHaveLength(150);
    expect(lib.open('150', 'g')).toMatchObject({ ok: true, value: { payload: '149' } });
  });

  it('save overwrites the save with the same title; save as keeps both', () => {
    const lib = library();
    lib.save('g', { title: 'Mine', payload: 'one' });
    lib.save('g', { title: 'Mine', payload: 'two' });
    expect(lib.list('g')).toHaveLength(1);
    expect(lib.open('Mine', 'g')).toMatchObject({ ok: true, value: { payload: 'two' } });
    lib.saveAs('g', { title: 'Mine', payload: 'three' });
    expect(lib.open('Mine', 'g')).toMatchObject({ ok: false, error: { code: 'save/ambiguous' } });
  });

  it('renames and deletes', () => {
    const lib = library();
    lib.saveAs('g', { title: 'Old', payload: 'x' });
    expect(lib.rename('1', 'New name', 'g').ok).toBe(true);
    expect(lib.list('g').map((e) => e.title)).toEqual(['New name']);
    expect(lib.remove('New name', 'g').ok).toBe(true);
    expect(lib.list('g')).toEqual([]);
  });

  it('refuses empty titles and unknown saves with coded errors', () => {
    const lib = library();
    expect(lib.saveAs('g', { title: '  \n ', payload: '' })).toMatchObject({
      ok: false,
      error: { code: 'save/empty-title' },
    });
    expect(lib.open('nothing')).toMatchObject({ ok: false, error: { code: 'save/not-found' } });
    expect(lib.open('7')).toMatchObject({ ok: false, error: { code: 'save/not-found' } });
  });

  it('skips a corrupt save file instead of failing the whole list, and leaves no temporary files', () => {
    const lib = library();
    lib.saveAs('g', { title: 'Good', payload: 'ok' });
    writeFileSync(join(lib.dir, 'broken.json'), '{ not json');
    expect(lib.list('g').map((e) => e.title)).toEqual(['Good']);
    expect(readdirSync(lib.dir).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });
});
