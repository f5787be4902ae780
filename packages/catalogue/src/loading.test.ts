/**
 * A page that lists the games pays for none of them: importing `@tactica/catalogue` (its index) loads the catalogue
 * and core only, and `loadEntry(family)` then loads that family's rules, its entry and its `@tactica/ai/<family>`
 * engine, and no other game's code (nor the root `@tactica/ai`, which holds every engine). Measured in a fresh
 * Node process over the build (what a page or a server loads), with a module resolution hook that lists every
 * module as it is resolved.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GAME_FAMILIES } from './types.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** The modules resolved so far, asked for through a specifier the hook answers itself. */
const HOOKS = `
const seen = [];
export async function resolve(specifier, context, next) {
  if (specifier === 'tactica-test:loaded') {
    return { url: 'data:text/javascript,export default ' + encodeURIComponent(JSON.stringify(seen)), shortCircuit: true };
  }
  const r = await next(specifier, context);
  if (!seen.includes(r.url)) seen.push(r.url);
  return r;
}`;

interface Loaded {
  /** After importing the index and reading the listings. */
  readonly index: readonly string[];
  /** After each `loadEntry`, in `GAME_FAMILIES` order: every module loaded so far. */
  readonly entries: readonly (readonly string[])[];
  readonly listed: readonly string[];
}

function load(): Loaded {
  const script = `
    import { register } from 'node:module';
    import { pathToFileURL } from 'node:url';
    register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(HOOKS)}), pathToFileURL('./'));
    const loaded = async () => (await import('tactica-test:loaded')).default;
    const catalogue = await import('@tactica/catalogue');
    const listed = catalogue.GAME_LISTINGS.map((g) => g.family);
    const index = await loaded();
    const entries = [];
    for (const family of ${JSON.stringify(GAME_FAMILIES)}) {
      const entry = await catalogue.loadEntry(family);
      if (entry.family !== family) throw new Error('loaded ' + entry.family + ' for ' + family);
      entries.push(await loaded());
    }
    console.log(JSON.stringify({ index, entries, listed }));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: root,
    encoding: 'utf8',
    timeout: 30_000,
  });
  return JSON.parse(out) as Loaded;
}

/** `catalogue:draughts/entry.js`, `ai:games/tactorus.js`, `core:index.js`: the package and the file in its build. */
function modules(urls: readonly string[]): string[] {
  return urls.map((url) => {
    const m = /\/packages\/([a-z0-9-]+)\/dist\/(.+)$/.exec(url);
    return m ? `${m[1]}:${m[2]}` : url;
  });
}

const GAME_PACKAGES: readonly string[] = GAME_FAMILIES;

describe('the catalogue loads a game only when asked for it', () => {
  const loaded = load();

  it('importing the index and listing the games loads the catalogue and core, and no game', () => {
    expect(loaded.listed).toEqual([...GAME_FAMILIES]);
    const index = modules(loaded.index);
    expect(index).toContain('catalogue:index.js');
    expect(index).toContain('core:index.js');
    expect(index.filter((m) => !m.startsWith('catalogue:') && !m.startsWith('core:'))).toEqual([]);
    // None of the catalogue's per-game entries either.
    expect(index.filter((m) => GAME_FAMILIES.some((f) => m.startsWith(`catalogue:${f}/`)))).toEqual([]);
  });

  it.each(GAME_FAMILIES.map((f, i) => [f, i] as const))(
    'loadEntry("%s") loads its rules, its entry and its @tactica/ai subpath, and no other game',
    (family, i) => {
      const before = new Set(modules(i === 0 ? loaded.index : (loaded.entries[i - 1] ?? [])));
      const added = modules(loaded.entries[i] ?? []).filter((m) => !before.has(m));
      expect(added).toContain(`${family}:index.js`);
      expect(added).toContain(`catalogue:${family}/entry.js`);
      expect(added).toContain(`ai:${family}.js`);
      const others = GAME_FAMILIES.filter((f) => f !== family);
      const foreign = added.filter((m) => {
        const [pkg = '', file = ''] = m.split(':');
        if (pkg === 'ai') return file === 'index.js' || others.some((f) => file.includes(f));
        // The catalogue's shared plumbing (setup.js) may come with the first entry that needs it.
        if (pkg === 'catalogue') return others.some((f) => file.startsWith(`${f}/`));
        return pkg !== family && GAME_PACKAGES.includes(pkg);
      });
      expect(foreign).toEqual([]);
      expect(added.filter((m) => !/^(catalogue|core|ai):/.test(m) && !m.startsWith(`${family}:`))).toEqual([]);
    },
  );
});
