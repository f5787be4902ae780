// The browser app's build. `npm run build -w @tactica/web` writes static files to dist/app that work from any folder
// of any web server (relative paths) — offline play needs nothing else — and `tactica serve --web dist/app` serves
// them beside the API. Vite resolves @tactica/* to each package's build (`tsc -b` first).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// Cross-origin isolation lets the page share a stop flag with the engine's worker (SharedArrayBuffer): the dev and
// preview servers send the headers `tactica serve` sends.
const isolation = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  publicDir: false,
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  // Module workers can split: each game's engine stays a chunk of its own inside the worker (docs/developing.md).
  worker: { format: 'es' },
  build: {
    outDir: 'dist/app',
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: false,
  },
  server: { headers: isolation },
  preview: { headers: isolation },
});
