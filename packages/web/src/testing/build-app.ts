/**
 * Builds the browser app as `npm run build -w @tactica/web` does, and measures what a page downloads before it
 * shows anything: the entry chunk and every chunk it imports statically (dynamic imports — each game's rules,
 * screens and engine, the online screens — are left out), gzipped at zlib's default level as web servers compress.
 */
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

export const WEB_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const APP_DIR = fileURLToPath(new URL('../../dist/app/', import.meta.url));

interface Chunk {
  readonly type: 'chunk';
  readonly fileName: string;
  readonly code: string;
  readonly isEntry: boolean;
  readonly imports: readonly string[];
  readonly moduleIds: readonly string[];
}

export interface InitialJs {
  /** The files the page loads at once, with their gzipped sizes. */
  readonly files: readonly { readonly name: string; readonly gzip: number }[];
  readonly gzipBytes: number;
  /** Every module bundled into those files. */
  readonly modules: readonly string[];
}

export async function buildApp(): Promise<InitialJs> {
  const out = await build({
    configFile: `${WEB_ROOT}vite.config.ts`,
    logLevel: 'silent',
    build: { outDir: APP_DIR, emptyOutDir: true },
  });
  const outputs = (Array.isArray(out) ? out : [out]).flatMap((o) => ('output' in o ? o.output : [])) as unknown[];
  const chunks = new Map<string, Chunk>();
  for (const o of outputs) {
    const c = o as Chunk;
    if (c.type === 'chunk') chunks.set(c.fileName, c);
  }
  const entry = [...chunks.values()].find((c) => c.isEntry);
  if (!entry) throw new Error('the build has no entry chunk');
  const seen = new Set<string>();
  const walk = (name: string): void => {
    if (seen.has(name)) return;
    seen.add(name);
    for (const i of chunks.get(name)?.imports ?? []) walk(i);
  };
  walk(entry.fileName);
  const files = [...seen].map((name) => ({ name, gzip: gzipSync(chunks.get(name)?.code ?? '').length }));
  return {
    files,
    gzipBytes: files.reduce((n, f) => n + f.gzip, 0),
    modules: [...seen].flatMap((name) => chunks.get(name)?.moduleIds ?? []),
  };
}
