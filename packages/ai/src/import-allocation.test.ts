/**
 * Importing the AI allocates nothing: a page that imports it pays for an engine's tables only when it asks that
 * engine for a move. Measured in a fresh Node process over the build (what a page or a worker loads), after the
 * packages the AI imports have loaded, so that only the AI's own allocations count (the rules packages' small
 * lookup tables are theirs).
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const MB = 1024 * 1024;
const RULES = ['@tactica/core', '@tactica/draughts', '@tactica/force400', '@tactica/tactics', '@tactica/tactrix'];

interface Growth {
  /** Bytes of array buffers and of JS heap that importing `module` added. */
  readonly importBuffers: number;
  readonly importHeap: number;
  /** Bytes of array buffers the first move added. */
  readonly chooseBuffers: number;
  readonly move: string;
}

/**
 * In a fresh process: imports `deps`, then `module`, then asks its `draughtsEngine` for a move at `level`, and
 * reports how memory grew at each step (after full collections).
 */
function measure(module: string, deps: readonly string[], level: string): Growth {
  const script = `
    const mem = () => { globalThis.gc(); globalThis.gc(); const m = process.memoryUsage(); return m; };
    for (const d of ${JSON.stringify(deps)}) await import(d);
    const { draughtsGame } = await import('@tactica/draughts');
    const game = draughtsGame('international');
    const state = game.initial();
    const before = mem();
    const ai = await import(${JSON.stringify(module)});
    const imported = mem();
    const choice = ai.draughtsEngine.choose(state, ${JSON.stringify(level)}, { seed: 1 });
    const chosen = mem();
    console.log(JSON.stringify({
      importBuffers: imported.arrayBuffers - before.arrayBuffers,
      importHeap: imported.heapUsed - before.heapUsed,
      chooseBuffers: chosen.arrayBuffers - imported.arrayBuffers,
      move: game.formatMove(state, choice.move),
    }));`;
  const out = execFileSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], {
    cwd: root,
    encoding: 'utf8',
    timeout: 30_000,
  });
  return JSON.parse(out) as Growth;
}

describe('importing the AI allocates nothing until an engine is used', () => {
  it('@tactica/ai: under 1 MB of buffers and of heap; the first move builds the draughts tables', () => {
    const g = measure('@tactica/ai', [...RULES, '@tactica/tactorus'], 'smart');
    expect(g.importBuffers).toBeLessThan(1 * MB);
    expect(g.importHeap).toBeLessThan(1 * MB);
    // Smart's table alone is 2^18 buckets of 32 bytes: the measurement sees allocations that happen.
    expect(g.chooseBuffers).toBeGreaterThan(4 * MB);
    expect(g.move).toMatch(/^\d+-\d+$/);
  });

  it('@tactica/ai/draughts: under 1 MB with only core and draughts loaded before it', () => {
    const g = measure('@tactica/ai/draughts', ['@tactica/core'], 'smart');
    expect(g.importBuffers).toBeLessThan(1 * MB);
    expect(g.importHeap).toBeLessThan(1 * MB);
    expect(g.chooseBuffers).toBeGreaterThan(4 * MB);
  });
});
