// The bundle check: what a browser page that plays one game against the computer downloads. Each page is an entry in
// bench/bundle/ (the game's rules package and its @tactica/ai/<game> engine, a game started and the computer's first
// move), built with Vite, the bundler of the browser app, minified as for production. The JavaScript the page loads
// is gzipped (zlib's default level, as web servers compress) and compared with its budget in
// bench/bundle-budgets.json. One more page runs the draughts engine in a Web Worker: there the worker loads each
// game's engine as a chunk of its own, and the page pays for its own code, the worker's entry and the draughts chunk
// with what it imports. Runs over the built packages: Vite resolves @tactica/* through node_modules to each
// package's dist (`tsc -b` first).
//   node bench/bundle-size.js       the table, and exit code 1 when a page is over its budget (npm run bench:bundle)
// bench/bundle-size.test.ts runs the same builds in `npm test`.
import { Buffer } from 'node:buffer';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const here = dirname(fileURLToPath(import.meta.url));
export const GAMES = ['draughts', 'force400', 'tactics', 'tactrix', 'tactorus'];

/** Every page built: one per game, and draughts with its engine in a Web Worker (`family`: the game it loads). */
export const PAGES = [
  ...GAMES.map((game) => ({ name: game, entry: `${game}.js` })),
  { name: 'draughts-in-worker', entry: 'draughts-in-worker.js', family: 'draughts' },
];

/** `{ <page>: { gzipBytes } }`: the most each page may weigh, gzipped. */
export function readBudgets() {
  return JSON.parse(readFileSync(join(here, 'bundle-budgets.json'), 'utf8'));
}

/**
 * Builds one page into `outDir` (written, so that it can be run). Returns the JavaScript files the page loads with
 * their raw and gzipped sizes and the totals, every JavaScript file emitted with its code, the modules bundled into
 * the page's own chunks, and the entry file.
 */
export async function buildPage(page, outDir) {
  const result = await build({
    configFile: false,
    root: join(here, 'bundle'),
    cacheDir: join(outDir, '.vite'),
    publicDir: false,
    logLevel: 'silent',
    // Module workers can split: each game's engine stays a chunk of its own in the worker too.
    worker: { format: 'es' },
    build: {
      outDir,
      emptyOutDir: true,
      reportCompressedSize: false,
      rolldownOptions: {
        input: join(here, 'bundle', page.entry),
        output: { entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
      },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => r.output);
  // Chunks are the page's; a worker's files come out as assets.
  const emitted = new Map(
    outputs
      .filter((o) => o.fileName.endsWith('.js'))
      .map((o) => [o.fileName, o.type === 'chunk' ? o.code : String(o.source)]),
  );
  const entry = page.entry;
  const roots = [entry];
  const workerFiles = outputs.filter((o) => o.type === 'asset' && o.fileName.endsWith('.js')).map((o) => o.fileName);
  if (page.family) {
    roots.push(...workerFiles.filter((n) => /(^|\/)web-worker-entry-[^/]*\.js$/.test(n)));
    roots.push(chunkOf(workerFiles, page.family));
  }
  const files = [...staticClosure(emitted, roots)].map((name) => {
    const code = emitted.get(name) ?? '';
    return { name, bytes: Buffer.byteLength(code), gzip: gzipSync(code).length };
  });
  return {
    page: page.name,
    files,
    bytes: files.reduce((n, f) => n + f.bytes, 0),
    gzip: files.reduce((n, f) => n + f.gzip, 0),
    emitted,
    workerFiles,
    modules: outputs.filter((o) => o.type === 'chunk').flatMap((c) => c.moduleIds),
    entry: join(outDir, entry),
  };
}

/** Among a worker's files, the chunk of a game's engine (Vite names it after the module, `@tactica/ai/<game>`). */
export function chunkOf(names, family) {
  const chunk = names.find((n) => new RegExp(`(^|/)${family}-[^/.]+\\.js$`).test(n));
  if (!chunk) throw new Error(`no chunk for the ${family} engine among ${names.join(', ')}`);
  return chunk;
}

/** The files `roots` load before they run: themselves and their static imports, transitively. */
function staticClosure(emitted, roots) {
  const seen = new Set();
  const visit = (name) => {
    if (seen.has(name) || !emitted.has(name)) return;
    seen.add(name);
    for (const m of (emitted.get(name) ?? '').matchAll(/(?:from|import)\s*["'](\.\.?\/[^"']+)["']/g)) {
      visit(join(dirname(name), m[1]).replaceAll('\\', '/'));
    }
  };
  for (const r of roots) visit(r);
  return seen;
}

/** The table `npm run bench:bundle` prints. */
export function formatTable(pages, budgets) {
  const kb = (n) => (n / 1024).toFixed(1);
  const rows = pages.map((p) => {
    const budget = budgets[p.page]?.gzipBytes;
    const verdict = budget === undefined ? 'no budget' : p.gzip <= budget ? 'ok' : 'OVER';
    return `| ${p.page} | ${p.files.length} | ${kb(p.bytes)} KiB | ${p.gzip} | ${budget ?? '-'} | ${verdict} |`;
  });
  return [
    '| page | JS files loaded | minified | gzip bytes | budget (gzip bytes) | |',
    '| ---- | --------------- | -------- | ---------- | ------------------- | - |',
    ...rows,
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const budgets = readBudgets();
  const pages = [];
  for (const page of PAGES) {
    const outDir = mkdtempSync(join(tmpdir(), `tactica-bundle-${page.name}-`));
    try {
      pages.push(await buildPage(page, outDir));
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  }
  console.log(`bundle check: each page's JavaScript built with Vite, minified, gzipped; node ${process.version}`);
  console.log(formatTable(pages, budgets));
  const over = pages.filter((p) => !(p.gzip <= (budgets[p.page]?.gzipBytes ?? -1)));
  if (over.length > 0) {
    console.error(`over budget: ${over.map((p) => p.page).join(', ')} (bench/bundle-budgets.json)`);
    process.exit(1);
  }
}
