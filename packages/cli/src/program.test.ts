import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCapture } from './testing.js';

describe('tactica --version', () => {
  it("prints the version in the command's package.json, and only that", async () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    for (const flag of ['--version', '-V']) {
      const r = await runCapture([flag]);
      expect(r.code).toBe(0);
      expect(r.stdout).toBe(`${pkg.version}\n`);
      expect(r.stderr).toBe('');
    }
  });
});
