/**
 * A WebAssembly module of this package (bytes base64 in `src/wasm/`, made by `npm run build:wasm`), compiled once a
 * thread and asynchronously: browsers refuse to compile a module over 4 KB synchronously on a page's main thread;
 * Node, workers and pages all take the promise. Undefined where the platform cannot run it: no WebAssembly, or
 * `WebAssembly.validate` refuses the bytes (no SIMD).
 */
export function compiledOnce(base64: string): () => Promise<WebAssembly.Module | undefined> {
  let compiled: Promise<WebAssembly.Module | undefined> | undefined;
  return () => {
    compiled ??= (async () => {
      if (typeof WebAssembly !== 'object') return undefined;
      const bin = atob(base64);
      const bytes = new Uint8Array(bin.length);
      for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
      if (!WebAssembly.validate(bytes)) return undefined;
      return WebAssembly.compile(bytes);
    })().catch(() => undefined);
    return compiled;
  };
}
