/**
 * Game knowledge lives once, in the games and the catalogue (issue 41): the server's code, the web shell's and the
 * terminal's name no game family (the server depends on no rules package either); they ask the catalogue. Test support (testing/, the conformance kits, tests)
 * may play a given game. A sixth game then needs no change to the server.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sourceFiles, withoutComments } from './source-files.js';
import { GAME_FAMILIES } from '@tactica/catalogue';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Test support (testing/, the conformance kits, test games) may play a given game. */
const sources = (dir: string): string[] =>
  sourceFiles(dir, (name, folder) =>
    folder ? name === 'testing' : /-conformance\.ts$|^test-|^testing\.ts$/.test(name),
  );

/** The family ids written as string literals in a file's code (comments may name games as examples). */
function familyLiterals(text: string): string[] {
  const code = withoutComments(text);
  return GAME_FAMILIES.filter((f) => new RegExp(`['"\`]${f}['"\`]`).test(code));
}

/** The folders that must name no game: the server, the web shell (not its per-game plugins), the terminal. */
const SHELLS = ['packages/server/src', 'packages/web/src/app', 'packages/web/src/online', 'packages/cli/src/terminal'];

describe('the shells name no game', () => {
  it.each(SHELLS)('no source of %s names a game family', (dir) => {
    const named = sources(join(root, dir)).flatMap((file) =>
      familyLiterals(readFileSync(file, 'utf8')).map((f) => `${file.slice(root.length)}: ${f}`),
    );
    expect(named).toEqual([]);
  });

  it('the server depends on no rules package (its tests may, as clients would)', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'packages/server/package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const rules = GAME_FAMILIES.map((f) => `@tactica/${f}`);
    expect(Object.keys(pkg.dependencies).filter((d) => rules.includes(d))).toEqual([]);
    const imports = sources(join(root, 'packages/server/src')).flatMap((file) =>
      rules.filter((r) => readFileSync(file, 'utf8').includes(`from '${r}`)).map((r) => `${file}: ${r}`),
    );
    expect(imports).toEqual([]);
  });

  it("every game's rules package, the core, the AI and the catalogue are marked pure (the lint keeps them so)", () => {
    for (const name of [...GAME_FAMILIES, 'core', 'ai', 'catalogue']) {
      const pkg = JSON.parse(readFileSync(join(root, 'packages', name, 'package.json'), 'utf8')) as {
        tactica?: { pure?: boolean };
      };
      expect(pkg.tactica?.pure, name).toBe(true);
    }
  });
});
