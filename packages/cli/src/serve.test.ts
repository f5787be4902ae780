import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './program.js';
import { gameClis } from './registry.js';
import { memoryIo, terminalIo, within } from './testing.js';

/**
 * Runs `tactica serve` in-process until its URL is printed, then stops it as Ctrl-C does (the listeners it added
 * for SIGINT are called; no signal is sent to the test's process). Returns what it printed.
 */
async function serveOnce(io: ReturnType<typeof memoryIo>): Promise<{ stdout: string; stderr: string }> {
  const data = mkdtempSync(join(tmpdir(), 'tactica-serve-'));
  const before = new Set(process.listeners('SIGINT'));
  try {
    const run = runCli(['serve', '--port', '0', '--data', data], gameClis, io.io);
    await io.waitForOutput(/^http:\/\/127\.0\.0\.1:\d+\n$/);
    for (const l of process.listeners('SIGINT')) if (!before.has(l)) (l as () => void)();
    expect(await within(run, 'the server to stop')).toBe(0);
    return { stdout: io.stdout(), stderr: io.stderr() };
  } finally {
    rmSync(data, { recursive: true, force: true });
  }
}

describe('tactica serve prints its URL once where a person reads it', () => {
  it('on a terminal: the URL line, and a log line that does not repeat it', async () => {
    const { stdout, stderr } = await serveOnce(terminalIo());
    const url = /^(http:\/\/\S+)\n$/.exec(stdout)?.[1] as string;
    expect(url).toBeDefined();
    expect(`${stdout}${stderr}`.split(url).length - 1).toBe(1);
    expect(stderr).toMatch(/^tactica: serving \(database: sqlite .*\); Ctrl-C stops\n/);
  });

  it('into a pipe or a file: the URL on stdout for scripts, and in the log line for the log', async () => {
    const { stdout, stderr } = await serveOnce(memoryIo());
    const url = /^(http:\/\/\S+)\n$/.exec(stdout)?.[1] as string;
    expect(stderr).toContain(`tactica: serving on ${url} (database: sqlite`);
  });
});

describe('tactica serve checks its limits before it starts', () => {
  it.each([
    ['--tournament-entrants', '1'],
    ['--tournaments-per-organiser', 'many'],
    ['--people-games', '0'],
  ])('%s %s is refused, naming the flag', async (flag, value) => {
    const io = memoryIo();
    const code = await within(runCli(['serve', '--port', '0', flag, value], gameClis, io.io), 'the refusal');
    expect(code).not.toBe(0);
    expect(io.stderr()).toContain(flag.slice(2));
  });
});
