import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { err, inputError, ok } from '@tactica/core';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { CliError, type Io } from './io.js';
import { loadFileOrSave, seedOption } from './play-options.js';
import { buildProgram } from './program.js';
import { gameClis } from './registry.js';
import { SaveLibrary } from './storage/save-library.js';
import { memoryIo } from './testing.js';

/** `tactica play <game>` as the command line builds it. */
function playCommand(game: string, io: Io = memoryIo().io): Command {
  const play = buildProgram(gameClis, io).commands.find((c) => c.name() === 'play');
  const cmd = play?.commands.find((c) => c.name() === game);
  if (!cmd) throw new Error(`no play ${game}`);
  return cmd;
}

const visibleLongFlags = (cmd: Command): string[] => cmd.options.filter((o) => !o.hidden).map((o) => o.long ?? '');

describe('the play options every game shares', () => {
  it.each([
    ['draughts', ['--white', '--black', '--load', '--seed']],
    ['force400', ['--white', '--black', '--load', '--seed']],
    ['tactics', ['--white', '--black', '--position', '--load', '--seed']],
    ['tactrix', ['--white', '--black', '--position', '--load', '--seed']],
    ['tactorus', ['--player-1', '--player-2', '--load', '--seed']],
  ])('play %s has them, in that order, under one name each', (game, flags) => {
    const shown = visibleLongFlags(playCommand(game));
    expect(
      shown.filter((f) =>
        ['--white', '--black', '--player-1', '--player-2', '--position', '--load', '--seed'].includes(f),
      ),
    ).toEqual(flags);
  });

  it('"continue a saved game" is --load in all five games', () => {
    for (const g of gameClis) expect(visibleLongFlags(playCommand(g.id)), g.id).toContain('--load');
  });

  it.each([
    ['tactorus', 'open'],
    ['tactics', 'resume'],
  ])('play %s still takes the old --%s as --load, without showing it in the help', (game, alias) => {
    const cmd = playCommand(game);
    expect(cmd.helpInformation()).not.toContain(`--${alias}`);
    // Options only: the game is not started.
    cmd.parseOptions([`--${alias}`, 'Sunday game']);
    expect(cmd.opts()['load']).toBe('Sunday game');
  });
});

describe('--seed', () => {
  it('is a whole number that fits 32 bits', () => {
    expect(seedOption(undefined)).toBeUndefined();
    expect(seedOption('0')).toBe(0);
    expect(seedOption(' 42 ')).toBe(42);
    expect(seedOption('4294967295')).toBe(4294967295);
  });

  it.each(['-1', '1.5', '4294967296', 'abc', '', '0x10', '1e3'])(
    'refuses "%s" with a message naming the option',
    (text) => {
      expect(() => seedOption(text)).toThrow(CliError);
      expect(() => seedOption(text)).toThrow(`--seed must be a whole number from 0 to 4294967295, not "${text}"`);
    },
  );
});

describe('--load <file-or-save>', () => {
  const read = (text: string) =>
    text.startsWith('game:') ? ok(text.slice(5)) : err(inputError('record/bad-header', 'not a game', { input: text }));
  const dir = mkdtempSync(join(tmpdir(), 'tactica-load-'));
  const library = new SaveLibrary(join(dir, 'saves'));

  it('reads the file when there is one at that path', async () => {
    const file = join(dir, 'one.txt');
    writeFileSync(file, 'game:from the file');
    expect(await loadFileOrSave(file, library, 'test', read)).toBe('from the file');
  });

  it('else opens the named save, by title or number', async () => {
    expect(library.save('test', { title: 'Club night', payload: 'game:from the library', summary: '' }).ok).toBe(true);
    expect(await loadFileOrSave('Club night', library, 'test', read)).toBe('from the library');
    expect(await loadFileOrSave('1', library, 'test', read)).toBe('from the library');
    // A reader that answers later (the catalogue's importRecord) is awaited.
    expect(await loadFileOrSave('1', library, 'test', async (text) => read(text))).toBe('from the library');
  });

  it('says what is wrong with a bad file, a missing save or a bad save', async () => {
    const bad = join(dir, 'bad.txt');
    writeFileSync(bad, 'nonsense');
    await expect(loadFileOrSave(bad, library, 'test', read)).rejects.toThrow(`${bad}: record/bad-header`);
    await expect(loadFileOrSave('No such game', library, 'test', read)).rejects.toThrow(
      /^No such game: no such file, and save\/not-found/,
    );
    expect(library.save('test', { title: 'Broken', payload: 'nonsense', summary: '' }).ok).toBe(true);
    await expect(loadFileOrSave('Broken', library, 'test', read)).rejects.toThrow('save "Broken": record/bad-header');
  });
});
