/**
 * Every error code the sources write is declared once, in its package's vocabulary (`packages/<name>/src/codes.ts`,
 * `<NAME>_CODES`), and has the form `area/kebab-case` (docs/developing.md, "Error codes").
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CODE_FORM, codeLiteralsOf, collect, LEGACY_CODES, NOT_CODES, vocabularyFiles } from './error-codes.js';

/** Each package's vocabulary: its `codes.ts`'s export named after the package (`DRAUGHTS_CODES`). */
async function vocabularies(): Promise<Map<string, readonly string[]>> {
  const found = new Map<string, readonly string[]>();
  for (const path of vocabularyFiles()) {
    const name = basename(dirname(dirname(path)));
    const module = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
    const list = module[`${name.toUpperCase()}_CODES`];
    if (!Array.isArray(list)) throw new Error(`${path} exports no ${name.toUpperCase()}_CODES`);
    found.set(name, list as readonly string[]);
  }
  return found;
}

/** The sources' code literals, read once for the file (the scan parses every source). */
let literals: ReturnType<typeof collect> | undefined;
const codeLiterals = (): ReturnType<typeof collect> => (literals ??= collect());

describe('error codes', () => {
  it('every code literal of packages/*/src is declared in a vocabulary', async () => {
    const declared = new Set([...(await vocabularies()).values()].flat());
    const undeclared = codeLiterals()
      .filter((c) => !declared.has(c.code))
      .map((c) => `${c.file}:${c.line} ${c.code}`);
    expect(undeclared).toEqual([]);
  });

  it('no code is declared twice, in one vocabulary or in two', async () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const [name, codes] of await vocabularies()) {
      for (const code of codes) {
        const first = seen.get(code);
        if (first !== undefined) twice.push(`${code}: ${first} and ${name}`);
        seen.set(code, name);
      }
    }
    expect(twice).toEqual([]);
  });

  it('every declared code is area/kebab-case (or one of the legacy codes)', async () => {
    const bad = [...(await vocabularies()).values()]
      .flat()
      .filter((code) => !CODE_FORM.test(code) && !LEGACY_CODES.includes(code));
    expect(bad).toEqual([]);
  });

  it('every package that writes codes declares a vocabulary', async () => {
    const names = new Set((await vocabularies()).keys());
    const writers = new Set(codeLiterals().map((c) => c.file.split('/')[1] as string));
    expect([...writers].filter((n) => !names.has(n))).toEqual([]);
  });

  it('finds code literals in code, not in comments, imports or prose, nor the literals that are not codes', () => {
    const text = [
      "import { x } from 'preact/hooks';", // 1
      '// move/illegal in a comment',
      "const e = inputError('move/illegal', 'not move/syntax: a sentence');",
      'const t = `fen/bad-square`;',
      "const m = 'application/json';",
      "throw new DomainError('not-found', 'gone');",
      "const lazy = import('some/module');",
      "reply.type('application/octet-stream');",
    ].join('\n');
    expect(codeLiteralsOf(text)).toEqual([
      { code: 'move/illegal', line: 3 },
      { code: 'fen/bad-square', line: 4 },
      { code: 'not-found', line: 6 },
    ]);
    expect(NOT_CODES.every((c) => CODE_FORM.test(c))).toBe(true);
  });

  it('scans the sources of each package, leaving out its tests and its vocabulary', () => {
    const root = mkdtempSync(join(tmpdir(), 'codes-'));
    try {
      mkdirSync(join(root, 'packages', 'x', 'src', 'deep'), { recursive: true });
      const write = (path: string, text: string) => writeFileSync(join(root, 'packages', 'x', 'src', path), text);
      write('deep/a.ts', "export const e = { code: 'x/undeclared' };\n");
      write('a.test.ts', "expect(code).toBe('x/in-a-test');\n");
      write('codes.ts', "export const X_CODES = ['x/declared'] as const;\n");
      expect(collect(root)).toEqual([{ code: 'x/undeclared', line: 1, file: 'packages/x/src/deep/a.ts' }]);
      expect(vocabularyFiles(root)).toEqual([join(root, 'packages', 'x', 'src', 'codes.ts')]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
