import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GameStore } from '@tactica/core';
import { gameStoreConformanceCases, type GameStoreHarness } from '@tactica/core/game-store-conformance';
import { FileGameStore, type SaveDoc } from './file-game-store.js';

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'tactica-store-'));
}

const doc = (n: number): SaveDoc => ({ payload: `payload ${n}\n${'x'.repeat(n)}`, meta: { n, even: n % 2 === 0 } });

/** Truncates the save file in the middle, as a crash of an editor or a full disk would. */
async function truncate(store: GameStore<SaveDoc>, id: string): Promise<string> {
  const name = `${id}.json`;
  const path = join((store as FileGameStore).dir, name);
  const text = readFileSync(path, 'utf8');
  writeFileSync(path, text.slice(0, text.length >> 1));
  return name;
}

const harness: GameStoreHarness<SaveDoc> = {
  name: 'file store',
  open: async () => new FileGameStore(join(tempDir(), 'saves')),
  doc,
  damage: truncate,
};

describe('the file store passes the GameStore conformance kit', () => {
  for (const c of gameStoreConformanceCases(harness)) it(c.name, c.run);
});

describe('the conformance kit fails a store that breaks the contract', () => {
  /** A harness over a file store with some methods replaced by broken ones. */
  function broken(replace: (inner: FileGameStore) => Partial<GameStore<SaveDoc>>): (part: string) => Promise<void> {
    const dirs = new WeakMap<GameStore<SaveDoc>, string>();
    const h: GameStoreHarness<SaveDoc> = {
      ...harness,
      open: async () => {
        const inner = new FileGameStore(join(tempDir(), 'saves'));
        const store: GameStore<SaveDoc> = {
          create: (i) => inner.create(i),
          load: (id) => inner.load(id),
          list: (f) => inner.list(f),
          update: (id, i) => inner.update(id, i),
          delete: (id, o) => inner.delete(id, o),
          ...replace(inner),
        };
        dirs.set(store, inner.dir);
        return store;
      },
      damage: async (store, id) => truncate(new FileGameStore(dirs.get(store) ?? ''), id),
    };
    return async (part) => {
      const c = gameStoreConformanceCases(h).find((x) => x.name.includes(part));
      if (!c) throw new Error(`no case ${part}`);
      await c.run();
    };
  }

  it('a store whose update ignores the expected version fails the stale-version case', async () => {
    // Last writer wins: the lost update of issue 19.
    const lossy = broken((inner) => ({
      update: async (id, input) => {
        const now = await inner.load(id);
        return inner.update(id, { ...input, expectedVersion: now.ok ? now.value.version : input.expectedVersion });
      },
    }));
    await expect(lossy('stale update is refused')).rejects.toThrow(/accepted, expected store\/stale-version/);
  });

  it('a store that hides damaged entries fails the damaged-entry case', async () => {
    // What the save library did before issue 19: a truncated save vanished from the list.
    const hiding = broken((inner) => ({
      list: async (f) => {
        const l = await inner.list(f);
        return l.ok ? { ok: true, value: { games: l.value.games, damaged: [] } } : l;
      },
    }));
    await expect(hiding('damaged entry is listed')).rejects.toThrow(/is not listed as damaged/);
  });
});

describe('file store specifics', () => {
  it('titles that look like paths never write outside the save directory', async () => {
    const root = tempDir();
    const store = new FileGameStore(join(root, 'saves'));
    const titles = [
      '../outside',
      '../../etc/passwd',
      '/tmp/x',
      'a/b/c',
      '..',
      '.',
      'CON',
      'nul.json',
      '.lock',
      // Thousands of characters (issue 18, item 6).
      `${'../'.repeat(2000)}etc/passwd`,
      'x'.repeat(20_000),
    ];
    for (const title of titles)
      expect((await store.create({ family: 'g', title, summary: '', doc: doc(1) })).ok).toBe(true);
    // A title with control characters is refused, naming the character; nothing is written.
    const control = await store.create({ family: 'g', title: '../\u0000x\ttab\u001b[2J', summary: '', doc: doc(1) });
    expect(control.ok ? 'ok' : `${control.error.code}: ${control.error.message}`).toBe(
      'store/bad-title: a title cannot hold the control character U+0000',
    );
    expect(readdirSync(root)).toEqual(['saves']);
    const names = readdirSync(join(root, 'saves'));
    expect(names).toHaveLength(titles.length);
    for (const name of names) expect(name).toMatch(/^[0-9a-f-]{36}\.json$/);
  });

  it('writes whole files readable by their owner only, and leaves no temporary file or lock behind', async () => {
    const store = new FileGameStore(join(tempDir(), 'saves'));
    const made = await store.create({ family: 'g', title: 'Secret key inside', summary: '', doc: doc(3) });
    expect(made.ok).toBe(true);
    if (!made.ok) return;
    await store.update(made.value.id, { expectedVersion: 1, doc: doc(4) });
    expect(readdirSync(store.dir)).toEqual([`${made.value.id}.json`]);
    expect(statSync(join(store.dir, `${made.value.id}.json`)).mode & 0o777).toBe(0o600);
    const saved: unknown = JSON.parse(readFileSync(join(store.dir, `${made.value.id}.json`), 'utf8'));
    expect(saved).toMatchObject({ id: made.value.id, game: 'g', version: 2, payload: doc(4).payload });
  });

  it('reads a save written before versions were kept as version 1, and updates it to version 2', async () => {
    const store = new FileGameStore(join(tempDir(), 'saves'));
    await store.create({ family: 'g', title: 'made now', summary: '', doc: doc(0) });
    const id = '0b7c3a2e-4e55-4d59-9a8e-2d5d8cf2a001';
    const legacy = {
      id,
      game: 'g',
      title: 'Old save',
      savedAt: '2024-01-01T00:00:00.000Z',
      summary: 's',
      meta: {},
      payload: 'p',
    };
    writeFileSync(join(store.dir, `${id}.json`), JSON.stringify(legacy, null, 2));
    expect(await store.load(id)).toMatchObject({
      ok: true,
      value: { version: 1, title: 'Old save', doc: { payload: 'p' } },
    });
    expect(await store.update(id, { expectedVersion: 1, doc: doc(2) })).toMatchObject({
      ok: true,
      value: { version: 2 },
    });
  });

  it('refuses a document that is not a save with store/bad-doc, writing nothing', async () => {
    const store = new FileGameStore(join(tempDir(), 'saves'));
    const bad = [{ payload: 1, meta: {} }, { payload: 'p', meta: { x: {} } }, { payload: 'p', meta: [] }, null];
    for (const d of bad) {
      const r = await store.create({ family: 'g', title: 'x', summary: '', doc: d as unknown as SaveDoc });
      expect(r).toMatchObject({ ok: false, error: { code: 'store/bad-doc' } });
    }
    expect((await store.list()).ok && (await store.list())).toMatchObject({ value: { games: [] } });
  });
});

describe('file store writes read back', () => {
  it('refuses a summary or meta that would make the file read as damaged, writing nothing', async () => {
    const store = new FileGameStore(join(tempDir(), 'saves'));
    const made = await store.create({ family: 'g', title: 'x', summary: 7 as unknown as string, doc: doc(1) });
    expect(made).toMatchObject({ ok: false, error: { code: 'store/bad-doc' } });
    const nan = await store.create({ family: 'g', title: 'x', summary: '', doc: { payload: '', meta: { n: NaN } } });
    expect(nan).toMatchObject({ ok: false, error: { code: 'store/bad-doc' } });
    expect(await store.list()).toMatchObject({ ok: true, value: { games: [], damaged: [] } });
  });
});
