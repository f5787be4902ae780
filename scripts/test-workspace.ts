/**
 * A workspace of its own for a script's test (the architecture graph's, the function lengths'): a fresh folder that
 * a test makes, files written into it, and the folder removed after the test whatever happens.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach } from 'vitest';

export interface TestWorkspace {
  /** Makes the test's fresh folder and gives its path. */
  create(): string;
  /** Writes `text` to `path` inside the folder made last, with the folders on the way. */
  write(path: string, text: string): void;
}

/** Call in a `describe`: each test there may `create` a folder (named `prefix…`), removed after it. */
export function useTestWorkspace(prefix: string): TestWorkspace {
  let root: string | undefined;
  afterEach(() => {
    if (root) rmSync(root, { recursive: true, force: true });
    root = undefined;
  });
  return {
    create() {
      root = mkdtempSync(join(tmpdir(), prefix));
      return root;
    },
    write(path, text) {
      if (!root) throw new Error('write before create');
      const file = join(root, path);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text);
    },
  };
}
