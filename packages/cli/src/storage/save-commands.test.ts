import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tactorusCli } from '../games/tactorus/index.js';
import { runCli } from '../program.js';
import { runCapture, type Captured } from '../testing.js';
import { SaveLibrary } from './save-library.js';

// Processes run the built command (npm test builds first; after editing, `npx tsc -b`).
const BIN = fileURLToPath(new URL('../../bin/tactica.js', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'tactica-save-commands-'));
/** How long the concurrent e-mail loop runs at least (TACTICA_SOAK_MS=60000 for the one-minute run). */
const SOAK_MS = Number(process.env['TACTICA_SOAK_MS'] ?? 0);

async function run(home: string, argv: string[], input?: string): Promise<Captured> {
  process.env['TACTICA_HOME'] = home;
  return runCapture(argv, input === undefined ? { games: [tactorusCli] } : { games: [tactorusCli], input });
}

/** The command as a person at a terminal runs it: input marked as a TTY. */
async function runAtTerminal(home: string, argv: string[], typed: string): Promise<string> {
  process.env['TACTICA_HOME'] = home;
  const input = Object.assign(Readable.from([typed]), { isTTY: true });
  const output = new PassThrough();
  const chunks: string[] = [];
  output.on('data', (c: Buffer) => chunks.push(c.toString('utf8')));
  await runCli(argv, [tactorusCli], { input, output, error: output });
  return chunks.join('');
}

/** `tactica …` in a process of its own. */
function tactica(home: string, argv: string[]): Promise<Captured> {
  if (!existsSync(BIN.replace(/bin[/\\]tactica\.js$/, 'dist/main.js'))) throw new Error('build first: npx tsc -b');
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...argv], {
      env: { ...process.env, TACTICA_HOME: home },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

function file(name: string, text: string): string {
  const path = join(root, name);
  writeFileSync(path, text, 'utf8');
  return path;
}

const titles = (home: string) => new SaveLibrary(join(home, 'saves')).list('tactorus').map((e) => e.title);

describe('save references and deletes through the tactica command', () => {
  it('delete 2 deletes the save titled "2"; delete #2 deletes entry 2 of the list', async () => {
    const home = join(root, 'refs');
    for (const t of ['b', '2', 'a']) expect((await run(home, ['tactorus', 'new', t])).code).toBe(0);
    expect((await run(home, ['tactorus', 'delete', '2'])).stdout).toBe('Deleted "2".\n');
    expect(titles(home)).toEqual(['a', 'b']);
    expect((await run(home, ['tactorus', 'delete', '#2'])).stdout).toBe('Deleted "b".\n');
    expect(titles(home)).toEqual(['a']);
    const help = await run(home, ['tactorus', 'delete', '--help']);
    expect(help.stdout).toContain('a title, #N for entry N of the list, or N when no save is titled N');
  });

  it('rename to a title another save has is refused, and both saves stay as they were', async () => {
    const home = join(root, 'rename');
    await run(home, ['tactorus', 'new', 'first']);
    await run(home, ['tactorus', 'new', 'second']);
    const r = await run(home, ['tactorus', 'rename', 'second', 'FIRST']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('store/title-taken');
    expect(titles(home)).toEqual(['first', 'second']);
  });

  it('rename onto a title in use at a terminal asks, naming the save replaced; no keeps both, yes replaces', async () => {
    const home = join(root, 'rename-confirm');
    await run(home, ['tactorus', 'new', 'Old game']);
    await run(home, ['tactorus', 'new', 'New game']);
    await run(home, ['tactorus', 'export-orders', 'Old game', '--orders', '84-64']);
    const kept = await runAtTerminal(home, ['tactorus', 'rename', 'New game', 'OLD GAME'], 'n\n');
    expect(kept).toContain('A saved game is already titled "Old game" (round 0). Replace it? It cannot be undone.');
    expect(kept).toContain('Nothing renamed.');
    expect(titles(home)).toEqual(['New game', 'Old game']);
    const replaced = await runAtTerminal(home, ['tactorus', 'rename', 'New game', 'OLD GAME'], 'y\n');
    expect(replaced).toContain('Renamed to "OLD GAME".');
    expect(titles(home)).toEqual(['OLD GAME']);
    // A free title is taken without a question; --yes replaces without one.
    await run(home, ['tactorus', 'new', 'third']);
    expect(await runAtTerminal(home, ['tactorus', 'rename', 'third', 'fourth'], '')).toBe('Renamed to "fourth".\n');
    expect(await runAtTerminal(home, ['tactorus', 'rename', 'fourth', 'old game', '--yes'], '')).toBe(
      'Renamed to "old game".\n',
    );
    expect(titles(home)).toEqual(['old game']);
  });

  it('delete at a terminal asks, naming the save; no keeps it, yes deletes it', async () => {
    const home = join(root, 'confirm');
    await run(home, ['tactorus', 'new', 'Precious game']);
    const kept = await runAtTerminal(home, ['tactorus', 'delete', '#1'], 'n\n');
    expect(kept).toContain('Delete the saved game "Precious game" (round 0)? It cannot be undone. (y/n) ');
    expect(kept).toContain('Nothing deleted.');
    expect(titles(home)).toEqual(['Precious game']);
    const gone = await runAtTerminal(home, ['tactorus', 'delete', '#1'], 'y\n');
    expect(gone).toContain('Deleted "Precious game".');
    expect(titles(home)).toEqual([]);
  });

  it('delete --yes at a terminal, and delete from a script, do not ask', async () => {
    const home = join(root, 'no-confirm');
    await run(home, ['tactorus', 'new', 'one']);
    await run(home, ['tactorus', 'new', 'two']);
    expect(await runAtTerminal(home, ['tactorus', 'delete', 'one', '--yes'], '')).toBe('Deleted "one".\n');
    expect((await run(home, ['tactorus', 'delete', 'two'])).stdout).toBe('Deleted "two".\n');
  });

  it('saves lists a truncated save as damaged with its file and error, and the others still open', async () => {
    const home = join(root, 'damaged');
    await run(home, ['tactorus', 'new', 'fine']);
    await run(home, ['tactorus', 'new', 'doomed']);
    const lib = new SaveLibrary(join(home, 'saves'));
    const doomed = lib.list('tactorus').find((e) => e.title === 'doomed');
    const path = join(lib.dir, `${doomed?.id}.json`);
    writeFileSync(path, readFileSync(path, 'utf8').slice(0, 100));
    const listed = await run(home, ['tactorus', 'saves']);
    expect(listed.stdout).toMatch(/^1\. fine — round 0, hot-seat, Player 1/);
    expect(listed.stdout).toContain(`damaged save ${path}: ${doomed?.id}.json: not valid JSON`);
    expect((await run(home, ['tactorus', 'show', 'fine'])).code).toBe(0);
    const opened = await run(home, ['tactorus', 'show', 'doomed']);
    expect(opened.stderr).toContain('save/not-found');
    expect(opened.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('issue 19 bar: concurrent export-orders, import-orders and new on one library', () => {
  it(
    'leave every game finishable and every title unique',
    async () => {
      const alice = join(root, 'alice');
      const bob = join(root, 'bob');
      expect((await run(alice, ['tactorus', 'new', 'mail', '--email'])).code).toBe(0);
      const game = await run(alice, ['tactorus', 'export-game', 'mail']);
      expect((await run(bob, ['tactorus', 'import-game', file('game.txt', game.stdout)])).code).toBe(0);
      // Bob's export back brings Alice his signing key.
      const back = await run(bob, ['tactorus', 'export-game', 'mail']);
      expect((await run(alice, ['tactorus', 'import-game', file('back.txt', back.stdout)])).code).toBe(0);
      const board = (out: string) => out.slice(out.indexOf('      0  1'));
      const safely = (r: Captured) =>
        r.code === 0 || (/store\/(stale-version|title-taken)/.test(r.stderr) && !/\n\s+at /.test(r.stderr));
      const started = Date.now();
      let refused = 0;
      let round = 0;
      while (round < 2 || (Date.now() - started < SOAK_MS && round < 45)) {
        round++;
        const bobMemo = await run(bob, ['tactorus', 'export-orders', 'mail']);
        expect(bobMemo.code).toBe(0);
        const fromBob = file(`bob-${round}.txt`, bobMemo.stdout);

        // At once on Alice's library: two export-orders, an import-orders, and two new games with one title.
        const at = await Promise.all([
          tactica(alice, ['tactorus', 'export-orders', 'mail']),
          tactica(alice, ['tactorus', 'export-orders', 'mail']),
          tactica(alice, ['tactorus', 'import-orders', 'mail', fromBob]),
          tactica(alice, ['tactorus', 'new', `game ${round}`]),
          tactica(alice, ['tactorus', 'new', `GAME ${round}`]),
        ]);
        const [exportA, exportB, imported, newA, newB] = at;
        for (const r of at) expect(safely(r), `${r.code}: ${r.stderr}`).toBe(true);
        refused += at.filter((r) => r.code !== 0).length;
        expect([newA, newB].filter((r) => r.code === 0)).toHaveLength(1);

        // Whatever a command reported done is in the save.
        const shown = (await run(alice, ['tactorus', 'show', 'mail'])).stdout;
        if (exportA?.code === 0 || exportB?.code === 0) expect(shown).toContain('orders sealed');
        if (imported?.code === 0) expect(shown).toContain('their memo received');
        const memo = await run(alice, ['tactorus', 'export-orders', 'mail']);
        expect(memo.code).toBe(0);
        for (const r of [exportA, exportB]) if (r?.code === 0) expect(r.stdout).toBe(memo.stdout);

        // The round finishes at both ends with the memo Alice sent.
        expect((await run(alice, ['tactorus', 'import-orders', 'mail', fromBob])).code).toBe(0);
        expect(
          (await run(bob, ['tactorus', 'import-orders', 'mail', file(`alice-${round}.txt`, memo.stdout)])).code,
        ).toBe(0);
        const aliceKey = file(`alice-key-${round}.txt`, (await run(alice, ['tactorus', 'key', 'mail'])).stdout);
        const bobKey = file(`bob-key-${round}.txt`, (await run(bob, ['tactorus', 'key', 'mail'])).stdout);
        const aliceRound = await run(alice, ['tactorus', 'import-key', 'mail', bobKey]);
        const bobRound = await run(bob, ['tactorus', 'import-key', 'mail', aliceKey]);
        expect(aliceRound.stderr).toBe('');
        expect(aliceRound.stdout).toContain(`Round ${round}:`);
        expect(board(aliceRound.stdout)).toBe(board(bobRound.stdout));
      }
      const all = titles(alice);
      expect(all).toHaveLength(round + 1);
      expect(new Set(all.map((t) => t.toLowerCase())).size).toBe(all.length);
      expect(new SaveLibrary(join(alice, 'saves')).damaged()).toEqual([]);
      console.info(`${round} rounds in ${Date.now() - started} ms, ${refused} commands refused safely`);
    },
    SOAK_MS + 120_000,
  );
});
