/*
 * Issue 18 item 7 at the command line: every command that reads a file or a position given on the command line,
 * fed hostile input (random bytes with invalid UTF-8, NUL bytes, terminal escapes, a million-character line, a file
 * over the cap), answers with a short message or a coded error and an exit code: never a stack trace, never a
 * control character on the terminal, never a hang.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRng } from '@tactica/core';
import { describe, expect, it } from 'vitest';
import { runCapture } from './testing.js';

const dir = mkdtempSync(join(tmpdir(), 'tactica-hostile-'));
process.env['TACTICA_HOME'] = join(dir, 'home');

const rng = createRng('hostile files');
const random = Buffer.from(Array.from({ length: 4096 }, () => rng.int(256)));
const hostile: [string, Buffer | string][] = [
  ['random bytes and invalid UTF-8', random],
  ['NUL bytes', '\u0000'.repeat(10_000)],
  ['terminal escapes and a million-character line', `\u001b]0;owned\u0007\u001b[2J${'x'.repeat(1_000_000)}\n`],
  [
    '6 MB of games without a rule set (over the 5 MB cap but for replay draughts)',
    `${'[Event "x"]\n1. 32-28 *\n'.repeat(250_000)}`,
  ],
];
const files = hostile.map(([name, content], i) => {
  const path = join(dir, `hostile-${i}.txt`);
  writeFileSync(path, content);
  return [name, path] as const;
});

const commands: [string, (file: string) => string[]][] = [
  ['replay draughts', (f) => ['replay', 'draughts', f]],
  ['replay force400', (f) => ['replay', 'force400', f]],
  ['replay tactics', (f) => ['replay', 'tactics', f]],
  ['replay tactrix', (f) => ['replay', 'tactrix', f]],
  ['replay tactorus', (f) => ['replay', 'tactorus', f]],
  ['tactorus import-game', (f) => ['tactorus', 'import-game', f]],
];

/** What may not reach a terminal (escapes, bidirectional overrides) beside line ends. */
const UNSAFE = /(?![\n\r\t])[\p{Cc}\u202a-\u202e\u2066-\u2069]/u;

function expectSafe(r: { code: number; stdout: string; stderr: string }, file?: string): void {
  expect(r.code).not.toBe(0);
  expect(r.stderr).not.toMatch(/\n\s+at /);
  expect(UNSAFE.test(r.stdout + r.stderr)).toBe(false);
  // Short: excerpts of the input at most, never the input echoed whole; replay draughts lists 100 bad games at most,
  // each line naming the file (left out of the count: a temporary folder's name is as long as the machine makes it).
  expect((file ? r.stderr.split(file).join('') : r.stderr).length).toBeLessThan(20_000);
  expect(r.stderr.trim()).not.toBe('');
}

describe('hostile files at the command line: a short, safe message, never a stack trace', () => {
  for (const [command, argv] of commands) {
    it.each(files)(`${command}: %s`, async (_name, file) => {
      expectSafe(await runCapture(argv(file)), file);
    });
  }

  it.each([
    ['moves draughts --fen', ['moves', 'draughts', '--fen']],
    ['moves force400 --position', ['moves', 'force400', '--position']],
    ['moves tactics --position', ['moves', 'tactics', '--position']],
    ['moves tactrix --position', ['moves', 'tactrix', '--position']],
    ['moves tactorus --position', ['moves', 'tactorus', '--position']],
  ])('%s with escapes, NUL and a long line', async (_name, argv) => {
    for (const text of ['\u001b[2J\u0000', `W:W${'1,'.repeat(100_000)}`, random.toString('utf8').slice(0, 500)]) {
      expectSafe(await runCapture([...argv, text]));
    }
  });
});
