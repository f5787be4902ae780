// The platform globals this package's browser-ready code uses, which browsers, Web Workers and Node all provide.
// Declared here rather than taken from the DOM or Node types, so that the compiler refuses anything else.
declare const performance: { now(): number };

declare class URL {
  constructor(url: string, base?: string | URL);
  readonly href: string;
}

interface ImportMeta {
  readonly url: string;
}

// Base64 of binary strings (the learned draughts weights).
declare function atob(data: string): string;
declare function btoa(data: string): string;

// A page's endgame databases (games/draughts/egdb/fetched.ts): fetched files, each bounded in time; a response is
// as much of the platform's `Response` as that module reads.
declare function fetch(
  url: string,
  init?: { readonly signal?: unknown },
  // An import type, not an import: an import statement would make this file a module and its declarations local.
  // eslint-disable-next-line @typescript-eslint/consistent-type-imports
): Promise<import('./games/draughts/egdb/fetched.js').FetchedFile>;
declare const AbortSignal: { timeout(ms: number): { readonly aborted: boolean } };

// The draughts network's WebAssembly forward pass (games/draughts/network-wasm.ts): as much of the API as it uses.
declare namespace WebAssembly {
  class Module {}
  class Memory {
    readonly buffer: ArrayBuffer;
  }
  class Instance {
    readonly exports: Record<string, unknown>;
  }
  function validate(bytes: Uint8Array): boolean;
  function compile(bytes: Uint8Array): Promise<Module>;
  function instantiate(module: Module, imports: Record<string, Record<string, unknown>>): Promise<Instance>;
}
