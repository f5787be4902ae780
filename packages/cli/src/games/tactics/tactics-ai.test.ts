/**
 * The Tactics computer opponent on the command line: `play` seats, the `play` menu, `analyse` and `match`.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCapture } from '../../testing.js';
import { tacticsCli } from './index.js';

process.env['TACTICA_HOME'] = join(mkdtempSync(join(tmpdir(), 'tactics-ai-cli-')), 'home');

const games = [tacticsCli];
const run = (argv: string[], input?: string) => runCapture(argv, input === undefined ? { games } : { games, input });

describe('tactica play tactics with a computer seat', () => {
  it('--black ai:<level> makes the computer answer every move of White', async () => {
    const r = await run(['play', 'tactics', '--black', 'ai:good', '--seed', '1'], 'c1-c5\nquit\ny\n');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Computer \(Good\).* plays [a-h][1-8]-[a-h][1-8]/);
  });

  it('announces the computer opponent, not two players at one keyboard', async () => {
    const r = await run(['play', 'tactics', '--white', 'ai:dumb', '--seed', '1'], 'quit\ny\n');
    expect(r.stdout).toContain('Tactics: you play Black against Computer (Dumb), which plays White.');
    expect(r.stdout).not.toContain('two players at one keyboard');
  });

  it('--white ai:<level> moves first; the same seed plays the same game', async () => {
    const a = await run(['play', 'tactics', '--white', 'ai:novice', '--seed', '7'], 'quit\ny\n');
    const b = await run(['play', 'tactics', '--white', 'novice', '--seed', '7'], 'quit\ny\n');
    const first = (text: string) => /plays ([a-h][1-8]-[a-h][1-8])/.exec(text)?.[1];
    expect(first(a.stdout)).toBeDefined();
    expect(first(b.stdout)).toBe(first(a.stdout));
  });

  it('refuses an unknown level or a bad seed on stderr with a non-zero exit', async () => {
    const r = await run(['play', 'tactics', '--white', 'ai:genius'], '');
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('unknown level "genius"');
    expect(r.stderr).toContain('dumb, novice, average, good, smart, master');
    const seed = await run(['play', 'tactics', '--black', 'ai:good', '--seed', '-3'], '');
    expect(seed.code).not.toBe(0);
    expect(seed.stderr).toContain('--seed');
  });

  it('the play menu asks for the opponent and the colour', async () => {
    const r = await run(['play'], '1\nexpert\n2\nblack\nquit\ny\n');
    expect(r.stdout).toContain('Opponent: 0 a person at this keyboard, 1 Dumb, 2 Novice');
    expect(r.stdout).toContain('"expert" is not on the list.');
    expect(r.stdout).toContain('Play White (moves first) or Black?');
    // The computer (Novice) has White and moves at once.
    expect(r.stdout).toMatch(/Computer \(Novice\).* plays [a-h][1-8]-[a-h][1-8]/);
  });
});

describe('tactica analyse tactics', () => {
  it('prints the score line then the principal variation in move notation', async () => {
    const r = await run(['analyse', 'tactics', '--depth', '2']);
    expect(r.code).toBe(0);
    const [scoreLine, pvLine, extra] = r.stdout.split('\n');
    expect(scoreLine).toMatch(/^score -?\d+ depth 2 nodes \d+ time \d+ms$/);
    expect(pvLine).toMatch(/^pv [a-h][1-8]-[a-h][1-8] [a-h][1-8]-[a-h][1-8]/);
    expect(extra).toBe('');
  });

  it('sees a win in one from a position text', async () => {
    const r = await run(['analyse', 'tactics', '--position', '7q/8/8/8/8/3Q4/R7/*R7 w 0', '--depth', '3']);
    expect(r.stdout).toMatch(/^score 999999 /);
    expect(r.stdout).toContain('pv d6-b8');
  });

  it('refuses a bad position with its code', async () => {
    const r = await run(['analyse', 'tactics', '--position', 'nonsense', '--depth', '2']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('position/fields');
  });
});

describe('tactica match tactics', () => {
  it('plays a short self-play match and prints the score and the Elo difference', async () => {
    const r = await run(['match', 'tactics', '--a', 'ai:good', '--b', 'ai:dumb', '--games', '2']);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^Good vs Dumb: \+\d+ =\d+ -\d+ \(score \d+\.\d%\)$/);
    expect(lines[1]).toMatch(/^Elo difference: /);
    expect(r.stderr).toContain('game 2/2');
  });
});
