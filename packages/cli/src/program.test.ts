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

describe('a game that is not one of the five', () => {
  it.each([['play'], ['perft', '--depth', '2'], ['moves'], ['replay', 'x.pgn'], ['analyse'], ['match']])(
    'tactica %s chess: says chess is not one of the games and lists them (not "too many arguments")',
    async (verb, ...rest) => {
      const r = await runCapture([verb, 'chess', ...rest]);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(
        'tactica: "chess" is not one of the games: draughts, force400, tactrix, tactics, tactorus\n',
      );
    },
  );
});
