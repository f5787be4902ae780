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
    rolldownOptions: {
      checks: {
        // The catalogue imports each game's level list statically and its engine lazily from the same module, so
        // the engine rides in the game's chunk: a note on chunking for whoever splits that module, which reads like
        // an error to a person running `npm start`.
        ineffectiveDynamicImport: false,
        // How long plugins took (a note for whoever tunes the build), not a fault: kept out of `npm start`.
        bundlerTimings: false,
      },
    },
  },
  server: { headers: isolation },
  preview: { headers: isolation },
});
