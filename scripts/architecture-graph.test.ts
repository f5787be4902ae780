/**
 * The architecture graph of docs/architecture.md is made from the code (`npm run docs:graph`): the committed one must
 * be what the script makes now, and the script must see what the code imports (a small workspace of its own shows it
 * catching an import that was added, one that is not declared, and the server's folders).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BEGIN, documents, END, importsOf } from './architecture-graph.js';
import { useTestWorkspace } from './test-workspace.js';

const script = fileURLToPath(new URL('./architecture-graph.js', import.meta.url));
const run = (root: string, ...args: string[]) =>
  spawnSync(process.execPath, [script, '--root', root, ...args], { encoding: 'utf8' });

describe('the architecture graph', () => {
  it('in docs/architecture.md is the one the code gives (run npm run docs:graph when this fails)', () => {
    const { current, expected } = documents();
    expect(current).toBe(expected);
  });

  it('draws the web app and the server module it imports, and the bus beside storage', () => {
    const { expected } = documents();
    expect(expected).toMatch(/\n {2}web\[web\]\n/);
    expect(expected).toMatch(/\n {2}web [^\n]*> server_protocol\n/);
    expect(expected).toContain('server_db --> server_bus');
  });

  it('finds every form of import the code writes, and none quoted in comments', () => {
    const text = [
      "import { a } from '@tactica/core';",
      "import type {\n  B,\n  C,\n} from '../db/database.js';",
      "export { d } from './d.js';",
      "export * from '@tactica/ai';",
      "import './side-effect.js';",
      "const m = await import('@tactica/draughts');",
      "// import { x } from '@tactica/web';",
      "/* export { y } from '@tactica/cli'; */",
    ].join('\n');
    expect(importsOf(text).sort()).toEqual(
      ['../db/database.js', './d.js', './side-effect.js', '@tactica/ai', '@tactica/core', '@tactica/draughts'].sort(),
    );
  });

  describe('on a workspace of its own', () => {
    const { create, write } = useTestWorkspace('tactica-graph-');
    const manifest = (name: string, deps: string[]) =>
      JSON.stringify({
        name: `@tactica/${name}`,
        dependencies: Object.fromEntries(deps.map((d) => [`@tactica/${d}`, '0.1.0'])),
      });

    it('writes the graph, then finds it stale when an import is added, and marks what is not declared', () => {
      const root = create();
      write('docs/architecture.md', `# Architecture\n\n${BEGIN}\n${END}\n\nAfter.\n`);
      write('packages/core/package.json', manifest('core', []));
      write('packages/core/src/index.ts', 'export const one = 1;\n');
      write('packages/server/package.json', manifest('server', ['core']));
      write(
        'packages/server/src/index.ts',
        "export * from './protocol/index.js';\nimport { one } from '@tactica/core';\n",
      );
      write('packages/server/src/protocol/index.ts', 'export const limit = 1;\n');
      write('packages/server/src/games/service.ts', "import { limit } from '../protocol/index.js';\n");
      write('packages/server/src/games/service.test.ts', "import { x } from '../http/app.js';\n");
      write('packages/web/package.json', manifest('web', ['core']));
      write('packages/web/src/main.tsx', "import type { Limit } from '@tactica/server/protocol';\n");

      expect(run(root, '--check').status).toBe(1);
      expect(run(root).status).toBe(0);
      expect(run(root, '--check').status).toBe(0);
      const doc = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
      expect(doc.endsWith(`${END}\n\nAfter.\n`)).toBe(true);
      expect(doc).toContain('server_games --> server_protocol');
      expect(doc).toContain('server_index_ts --> server_protocol');
      // Tests are not the code's structure.
      expect(doc).not.toContain('server_http');
      expect(doc).toContain('server --> core');
      expect(doc).toContain('web -. declared only .-> core');
      expect(doc).toContain('web == not declared ==> server_protocol');

      write('packages/core/src/extra.ts', "import '@tactica/web';\n");
      const stale = run(root, '--check');
      expect(stale.status).toBe(1);
      expect(stale.stderr).toContain('npm run docs:graph');
    });

    it('refuses a document without its marker comments', () => {
      const root = create();
      write('docs/architecture.md', '# Architecture\n');
      write('packages/core/package.json', manifest('core', []));
      const r = run(root, '--check');
      expect(r.status).not.toBe(0);
      expect(r.stderr).toContain('marker comments are missing');
    });
  });
});
