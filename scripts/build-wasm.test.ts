/**
 * The committed WebAssembly modules (`packages/<name>/src/wasm/<module>.ts`) are exactly what their AssemblyScript
 * sources (`packages/<name>/assembly/<module>.ts`) compile to with the locked compiler: a source changed without
 * `npm run build:wasm` fails here, naming the module.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileEntry, generatedModule, wasmEntries } from './build-wasm.js';

const ROOT = resolve(import.meta.dirname, '..');

describe('build:wasm', () => {
  it('every committed generated module is what its source compiles to (else: npm run build:wasm)', async () => {
    const entries = wasmEntries();
    expect(entries.length).toBeGreaterThan(0);
    const stale: string[] = [];
    for (const { source, out } of entries) {
      const text = generatedModule(source, await compileEntry(source));
      if (!existsSync(out) || readFileSync(out, 'utf8') !== text) stale.push(relative(ROOT, out));
    }
    expect(stale).toEqual([]);
  });

  it('every generated module has its source', () => {
    const made = new Set(wasmEntries().map((e) => e.out));
    const orphans: string[] = [];
    for (const name of readdirSync(join(ROOT, 'packages'))) {
      const folder = join(ROOT, 'packages', name, 'src', 'wasm');
      if (!existsSync(folder)) continue;
      for (const file of readdirSync(folder)) {
        if (!made.has(join(folder, file))) orphans.push(relative(ROOT, join(folder, file)));
      }
    }
    expect(orphans).toEqual([]);
  });
});
