/**
 * The server and the web shell read a game in play through the catalogue's play reader (issue 41): they do not test
 * a game's `dynamics` themselves (`x.dynamics === 'sequential'`) nor build each kind's shape by hand
 * (`{ dynamics: 'simultaneous', … }`), which is how 126 such places came to be. What only one kind of game has is
 * asked as such (`takesLiveClock`, `playsInRounds`, `sequentialPlay`, `byKind`: packages/catalogue/src/play-reader.ts).
 * Test support (testing/, tests) and the per-game UI plugins (packages/web/src/games) may.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sourceFiles, withoutComments } from './source-files.js';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Test support (testing/) may build each kind's shape. */
const sources = (dir: string): string[] => sourceFiles(dir, (name, folder) => folder && name === 'testing');

/** The lines of a file's code (comments left out) that test a dynamics or spell one kind's shape. */
function dynamicsBranches(text: string): string[] {
  const code = withoutComments(text);
  return code
    .split('\n')
    .filter((l) => /\.dynamics\s*[!=]==|dynamics:\s*'(sequential|simultaneous)'/.test(l))
    .map((l) => l.trim());
}

const SHELLS = ['packages/server/src', 'packages/web/src/app', 'packages/web/src/online'];

describe('the shells ask the play reader', () => {
  it.each(SHELLS)('no source of %s branches on a game’s dynamics', (dir) => {
    const found = sources(join(root, dir)).flatMap((file) =>
      dynamicsBranches(readFileSync(file, 'utf8')).map((l) => `${file.slice(root.length)}: ${l}`),
    );
    expect(found).toEqual([]);
  });

  it('the check sees a branch and a hand-made shape', () => {
    expect(dynamicsBranches("if (r.dynamics === 'sequential') return;")).toHaveLength(1);
    expect(dynamicsBranches("open({ dynamics: 'simultaneous', setup, session });")).toHaveLength(1);
    expect(dynamicsBranches("// r.dynamics === 'sequential' in a comment\nconst x = playsInRounds(r);")).toEqual([]);
  });
});
