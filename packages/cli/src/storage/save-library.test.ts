import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SaveLibrary, type SaveEntry } from './save-library.js';

function library(): SaveLibrary {
  return new SaveLibrary(join(mkdtempSync(join(tmpdir(), 'tactica-saves-')), 'saves'));
}

function made(r: { ok: true; value: SaveEntry } | { ok: false }): SaveEntry {
  if (!r.ok) throw new Error('expected a save');
  return r.value;
}

const fileOf = (lib: SaveLibrary, e: SaveEntry) => join(lib.dir, `${e.id}.json`);

describe('save library', () => {
  it('lists saves by title, numbers them from 1, and opens by #number, number, title or id', () => {
    const lib = library();
    lib.saveAs('force400', { title: 'Zebra opening', payload: 'Z' });
    const a = made(lib.saveAs('force400', { title: 'Attack on H9', payload: 'A', meta: { level: 3 } }));
    lib.saveAs('tactorus', { title: 'Other game', payload: 'T' });
    expect(lib.list('force400').map((e) => e.title)).toEqual(['Attack on H9', 'Zebra opening']);
    expect(lib.open('#2', 'force400')).toMatchObject({ ok: true, value: { payload: 'Z' } });
    expect(lib.open('2', 'force400')).toMatchObject({ ok: true, value: { payload: 'Z' } });
    expect(lib.open('attack  ON h9', 'force400')).toMatchObject({
      ok: true,
      value: { payload: 'A', meta: { level: 3 }, version: 1 },
    });
    expect(lib.open(a.id).ok).toBe(true);
  });

  it('has no fixed limit on the number of saves or the length of a title', () => {
    const lib = library();
    const long = 'a very long title '.repeat(40).trim();
    for (let i = 0; i < 150; i++) lib.saveAs('g', { title: `${long} ${String(i).padStart(3, '0')}`, payload: `${i}` });
    expect(lib.list('g')).toHaveLength(150);
    expect(lib.open('#150', 'g')).toMatchObject({ ok: true, value: { payload: '149' } });
  });

  it('save replaces the save with the same title and raises its version; save as refuses a taken title', () => {
    const lib = library();
    lib.save('g', { title: 'Mine', payload: 'one' });
    expect(lib.save('g', { title: 'mine', payload: 'two' })).toMatchObject({ ok: true, value: { version: 2 } });
    expect(lib.list('g')).toHaveLength(1);
    expect(lib.open('Mine', 'g')).toMatchObject({ ok: true, value: { payload: 'two', title: 'Mine' } });
    expect(lib.saveAs('g', { title: ' MINE ', payload: 'three' })).toMatchObject({
      ok: false,
      error: { code: 'store/title-taken' },
    });
    expect(lib.saveAs('other', { title: 'Mine', payload: 'elsewhere' }).ok).toBe(true);
    expect(lib.open('Mine', 'g')).toMatchObject({ ok: true, value: { payload: 'two' } });
  });

  it('renames and deletes', () => {
    const lib = library();
    lib.saveAs('g', { title: 'Old', payload: 'x' });
    expect(lib.rename('1', 'New name', 'g').ok).toBe(true);
    expect(lib.list('g').map((e) => e.title)).toEqual(['New name']);
    expect(lib.rename('#1', 'NEW NAME', 'g')).toMatchObject({ ok: true, value: { title: 'NEW NAME' } });
    expect(lib.remove('new name', 'g').ok).toBe(true);
    expect(lib.list('g')).toEqual([]);
  });

  it('refuses empty titles and unknown saves with coded errors', () => {
    const lib = library();
    expect(lib.saveAs('g', { title: '  \n ', payload: '' })).toMatchObject({
      ok: false,
      error: { code: 'store/bad-title' },
    });
    expect(lib.saveAs('g', { title: 'escape \u001b[2J', payload: '' })).toMatchObject({
      ok: false,
      error: { code: 'store/bad-title' },
    });
    expect(lib.open('nothing')).toMatchObject({ ok: false, error: { code: 'save/not-found' } });
    expect(lib.open('7')).toMatchObject({ ok: false, error: { code: 'save/not-found' } });
    expect(lib.open('#7')).toMatchObject({ ok: false, error: { code: 'save/not-found' } });
    expect(lib.open(' ')).toMatchObject({ ok: false, error: { code: 'save/no-reference' } });
  });

  it('deletes after a confirmation that names the title, and keeps the save when it is declined', async () => {
    const lib = library();
    lib.saveAs('g', { title: 'Keep me', payload: 'x' });
    const asked: string[] = [];
    const no = await lib.removeConfirmed('#1', 'g', async (e) => (asked.push(e.title), false));
    expect(no).toEqual({ ok: true, value: undefined });
    expect(asked).toEqual(['Keep me']);
    expect(lib.list('g')).toHaveLength(1);
    const yes = await lib.removeConfirmed('#1', 'g', async () => true);
    expect(yes).toMatchObject({ ok: true, value: { title: 'Keep me' } });
    expect(lib.list('g')).toEqual([]);
  });

  it('does not delete a save that changed while the confirmation was asked', async () => {
    const lib = library();
    lib.saveAs('g', { title: 'Busy', payload: 'x' });
    const other = new SaveLibrary(lib.dir);
    const r = await lib.removeConfirmed('Busy', 'g', async () => {
      other.save('g', { title: 'Busy', payload: 'changed meanwhile' });
      return true;
    });
    expect(r).toMatchObject({ ok: false, error: { code: 'store/stale-version' } });
    expect(lib.open('Busy', 'g')).toMatchObject({ ok: true, value: { payload: 'changed meanwhile' } });
  });
});

describe('issue 19, item 1: save paths never come from file contents', () => {
  it('a save whose stored id is "../victim" is damaged, and delete cannot reach the file outside', () => {
    const lib = library();
    const victim = join(lib.dir, '..', 'victim.json');
    writeFileSync(victim, 'precious');
    lib.saveAs('g', { title: 'Honest', payload: 'h' });
    const evil = { id: '../victim', game: 'g', title: 'Evil', savedAt: '', summary: '', meta: {}, payload: '' };
    writeFileSync(join(lib.dir, '0f0f0f0f-0000-4000-8000-000000000000.json'), JSON.stringify(evil));
    writeFileSync(join(lib.dir, 'evil.json'), JSON.stringify({ ...evil, id: 'evil', title: '../victim' }));
    expect(lib.list('g').map((e) => e.title)).toEqual(['../victim', 'Honest']);
    const damaged = lib.damaged('g');
    expect(damaged).toHaveLength(1);
    expect(damaged[0]).toMatchObject({ name: '0f0f0f0f-0000-4000-8000-000000000000.json', family: 'g' });
    expect(damaged[0]?.error.message).toContain('stored id "../victim" disagrees with its file name');
    expect(lib.remove('Evil', 'g')).toMatchObject({ ok: false, error: { code: 'save/not-found' } });
    // The save titled "../victim" is an ordinary save: deleting it deletes its own file, nothing else.
    expect(lib.remove('../victim', 'g').ok).toBe(true);
    expect(lib.remove('#1', 'g')).toMatchObject({ ok: true, value: { title: 'Honest' } });
    expect(readFileSync(victim, 'utf8')).toBe('precious');
    expect(readdirSync(lib.dir)).toEqual(['0f0f0f0f-0000-4000-8000-000000000000.json']);
  });

  it('a copied save is damaged: it is never listed, opened or deleted in place of the original', () => {
    const lib = library();
    const original = made(lib.saveAs('g', { title: 'Original', payload: 'o' }));
    const copy = join(lib.dir, '11111111-2222-4333-8444-555555555555.json');
    copyFileSync(fileOf(lib, original), copy);
    expect(lib.list('g').map((e) => e.id)).toEqual([original.id]);
    expect(lib.damaged('g')[0]?.error.message).toContain('disagrees with its file name');
    expect(lib.open('#2', 'g')).toMatchObject({ ok: false, error: { code: 'save/not-found' } });
    expect(lib.remove('#2', 'g').ok).toBe(false);
    expect(existsSync(fileOf(lib, original))).toBe(true);
    expect(lib.remove('#1', 'g')).toMatchObject({ ok: true, value: { id: original.id } });
    expect(existsSync(copy)).toBe(true);
  });

  it('a link named like a save is damaged and never followed', async () => {
    const { symlinkSync } = await import('node:fs');
    const lib = library();
    lib.saveAs('g', { title: 'Real', payload: 'r' });
    const outside = join(lib.dir, '..', 'outside.json');
    writeFileSync(outside, '{}');
    symlinkSync(outside, join(lib.dir, '22222222-2222-4222-8222-222222222222.json'));
    expect(lib.damaged('g')[0]?.error.message).toContain('not a regular file');
    expect(lib.list('g')).toHaveLength(1);
  });
});

describe('issue 19, item 2: unambiguous references and unique titles', () => {
  it('a title that is a number wins over the list number; #N is always the list number', () => {
    const lib = library();
    for (const title of ['b', '2', 'a']) lib.saveAs('g', { title, payload: title });
    expect(lib.list('g').map((e) => e.title)).toEqual(['2', 'a', 'b']);
    expect(lib.remove('2', 'g')).toMatchObject({ ok: true, value: { title: '2' } });
    expect(lib.list('g').map((e) => e.title)).toEqual(['a', 'b']);
    // No save is titled "2" now: the bare number is the list number again.
    expect(lib.open('2', 'g')).toMatchObject({ ok: true, value: { title: 'b' } });
    lib.saveAs('g', { title: '#1', payload: 'hash' });
    expect(lib.list('g').map((e) => e.title)).toEqual(['#1', 'a', 'b']);
    expect(lib.remove('#2', 'g')).toMatchObject({ ok: true, value: { title: 'a' } });
  });

  it('rename refuses a title another save has, changing nothing', () => {
    const lib = library();
    const a = made(lib.saveAs('g', { title: 'First', payload: 'one' }));
    lib.saveAs('g', { title: 'Second', payload: 'two' });
    expect(lib.rename('Second', 'FIRST', 'g')).toMatchObject({ ok: false, error: { code: 'store/title-taken' } });
    expect(lib.list('g').map((e) => [e.title, e.version])).toEqual([
      ['First', 1],
      ['Second', 1],
    ]);
    expect(readFileSync(fileOf(lib, a), 'utf8')).toContain('"payload": "one"');
  });

  it('saves that share a title (made before titles were unique) are opened by number', () => {
    const lib = library();
    const keep = (id: string, payload: string) =>
      writeFileSync(
        join(lib.dir, `${id}.json`),
        JSON.stringify({ id, game: 'g', title: 'Twin', savedAt: payload, summary: '', meta: {}, payload }),
      );
    lib.saveAs('g', { title: 'setup', payload: '' });
    keep('aaaaaaaa-0000-4000-8000-000000000001', '2024');
    keep('aaaaaaaa-0000-4000-8000-000000000002', '2025');
    expect(lib.open('twin', 'g')).toMatchObject({ ok: false, error: { code: 'save/ambiguous' } });
    const ambiguous = lib.open('twin', 'g');
    expect(!ambiguous.ok && ambiguous.error.message).toContain('use #2, #3');
    expect(lib.open('#2', 'g')).toMatchObject({ ok: true, value: { payload: '2025' } });
    expect(lib.save('g', { title: 'Twin', payload: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'save/ambiguous' },
    });
  });
});

describe('issue 19, item 3: no lost updates', () => {
  it('two commands that opened one save: the later save is refused and the earlier one is kept', () => {
    const lib = library();
    lib.saveAs('g', { title: 'Mail game', payload: 'round 1' });
    const first = new SaveLibrary(lib.dir);
    const second = new SaveLibrary(lib.dir);
    expect(first.open('Mail game', 'g').ok).toBe(true);
    expect(second.open('Mail game', 'g').ok).toBe(true);
    expect(first.save('g', { title: 'Mail game', payload: 'sealed memo A' })).toMatchObject({ ok: true });
    const late = second.save('g', { title: 'Mail game', payload: 'sealed memo B' });
    expect(late).toMatchObject({ ok: false, error: { code: 'store/stale-version' } });
    expect(!late.ok && late.error.message).toContain('nothing was written');
    expect(lib.open('Mail game', 'g')).toMatchObject({ ok: true, value: { payload: 'sealed memo A', version: 2 } });
    // Opened again, the second command sees the first one's write and may build on it.
    expect(second.open('Mail game', 'g').ok).toBe(true);
    expect(second.save('g', { title: 'Mail game', payload: 'A, then B' })).toMatchObject({ value: { version: 3 } });
  });

  it('a library keeps saving its own save: each write moves the version it expects', () => {
    const lib = library();
    lib.saveAs('g', { title: 'Loop', payload: '0' });
    for (let i = 1; i <= 5; i++) expect(lib.save('g', { title: 'Loop', payload: `${i}` }).ok).toBe(true);
    expect(lib.open('Loop', 'g')).toMatchObject({ ok: true, value: { payload: '5', version: 6 } });
  });

  it('a rename by another command does not let a stale save through under the old title', () => {
    const lib = library();
    lib.saveAs('g', { title: 'Game', payload: 'v1' });
    const other = new SaveLibrary(lib.dir);
    expect(lib.open('Game', 'g').ok).toBe(true);
    other.rename('Game', 'Renamed', 'g');
    other.saveAs('g', { title: 'Game', payload: 'a different game' });
    expect(lib.save('g', { title: 'Game', payload: 'old session' })).toMatchObject({
      ok: false,
      error: { code: 'store/stale-version' },
    });
    expect(other.open('Game', 'g')).toMatchObject({ ok: true, value: { payload: 'a different game' } });
  });
});

describe('issue 19, item 5: damaged saves are reported, not hidden', () => {
  it('a truncated save is listed as damaged with its file name and error; the others list and open', () => {
    const lib = library();
    lib.saveAs('g', { title: 'Good', payload: 'ok' });
    const broken = made(lib.saveAs('g', { title: 'Broken', payload: 'x'.repeat(1000) }));
    const text = readFileSync(fileOf(lib, broken), 'utf8');
    writeFileSync(fileOf(lib, broken), text.slice(0, 200));
    expect(lib.list('g').map((e) => e.title)).toEqual(['Good']);
    expect(lib.open('Good', 'g').ok).toBe(true);
    expect(lib.open('Broken', 'g')).toMatchObject({ ok: false, error: { code: 'save/not-found' } });
    // The save asked for may be the damaged one: the error names its file and why it cannot be read.
    const notFound = lib.open('Broken', 'g');
    expect(notFound.ok ? '' : notFound.error.message).toMatch(
      /^no save is titled "Broken"; a save file cannot be read: (\S+) \(not valid JSON \(.+\)\)$/,
    );
    expect(notFound.ok ? '' : notFound.error.message).toContain(fileOf(lib, broken));
    const byFind = lib.find('#2', 'g');
    expect(byFind.ok ? '' : byFind.error.message).toContain(`a save file cannot be read: ${fileOf(lib, broken)}`);
    expect(lib.damaged('g')).toMatchObject([{ name: `${broken.id}.json`, error: { code: 'store/damaged' } }]);
    const [line] = lib.damagedLines('g');
    expect(line).toContain(`damaged save ${fileOf(lib, broken)}: ${broken.id}.json: not valid JSON`);
    expect(readdirSync(lib.dir).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it.each([
    ['an empty file', () => '', 'the file is empty'],
    ['a version that is text', (s: Record<string, unknown>) => ({ ...s, version: '3' }), '"version"'],
    ['a title with a terminal escape', (s: Record<string, unknown>) => ({ ...s, title: 'a\u001b[2Jb' }), 'U+001B'],
    ['a meta value that is an object', (s: Record<string, unknown>) => ({ ...s, meta: { x: {} } }), '"meta"'],
    ['no payload', (s: Record<string, unknown>) => ({ ...s, payload: undefined }), '"payload" is missing'],
    ['a list', () => [], 'no JSON object'],
  ])('a hand-edited save with %s is listed as damaged, saying why', (_, edit, why) => {
    const lib = library();
    lib.saveAs('g', { title: 'Other', payload: 'fine' });
    const victim = made(lib.saveAs('g', { title: 'Edited', payload: 'p' }));
    const saved = JSON.parse(readFileSync(fileOf(lib, victim), 'utf8')) as Record<string, unknown>;
    const edited = edit(saved);
    writeFileSync(fileOf(lib, victim), typeof edited === 'string' ? edited : JSON.stringify(edited));
    expect(lib.list('g').map((e) => e.title)).toEqual(['Other']);
    expect(lib.damaged('g')).toHaveLength(1);
    expect(lib.damaged('g')[0]?.error.message).toContain(why);
    expect(lib.saveAs('g', { title: 'Still works', payload: '' }).ok).toBe(true);
  });

  it('lists a damaged save under its own game only when the file still says which game it is', () => {
    const lib = library();
    lib.saveAs('g', { title: 'x', payload: '' });
    writeFileSync(join(lib.dir, 'aaaaaaaa-0000-4000-8000-00000000000a.json'), JSON.stringify({ game: 'other' }));
    writeFileSync(join(lib.dir, 'aaaaaaaa-0000-4000-8000-00000000000b.json'), '{"game": "g", ');
    expect(lib.damaged('g').map((d) => d.name)).toEqual(['aaaaaaaa-0000-4000-8000-00000000000b.json']);
    expect(lib.damaged('other').map((d) => d.name)).toEqual([
      'aaaaaaaa-0000-4000-8000-00000000000a.json',
      'aaaaaaaa-0000-4000-8000-00000000000b.json',
    ]);
  });
});
