import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePosition, tactorus } from '@tactica/tactorus';
import { runCapture } from '../../testing.js';
import { tactorusCli } from './index.js';

const games = [tactorusCli];
const root = mkdtempSync(join(tmpdir(), 'tactorus-computer-'));

/** Runs tactica with this home; no game is left at the screen from an earlier run (resuming has its own tests). */
async function run(argv: string[], input = '', home = join(root, 'default')) {
  process.env['TACTICA_HOME'] = home;
  rmSync(join(home, 'tactorus-current.json'), { force: true });
  return runCapture(argv, { games, input });
}

/** The orders a player gave in round `n`, from the round report. */
function ordered(stdout: string, n: number, player: 1 | 2): string {
  const report = stdout.slice(stdout.indexOf(`Round ${n}:\n`));
  const line = report.split('\n').find((l) => l.startsWith(`  Player ${player} ordered:`)) ?? '';
  return line.replace(`  Player ${player} ordered: `, '');
}

describe('tactica play tactorus against the computer', () => {
  it('--player-2 ai:<level>: the computer schedules Player 2’s orders once Player 1 is done', async () => {
    const r = await run(['play', 'tactorus', '--player-2', 'ai:2', '--seed', '5'], '84-64\ndone\n\nquit\ny\n');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('against the computer (Level 2) (Player 2), you are Player 1');
    expect(ordered(r.stdout, 1, 1)).toBe('84-64');
    expect(ordered(r.stdout, 1, 2)).toMatch(/^\d\d-\d\d( \d\d-\d\d)*$/);
    // The same seed plays the same.
    const again = await run(['play', 'tactorus', '--player-2', 'ai:2', '--seed', '5'], '84-64\ndone\n\nquit\ny\n');
    expect(ordered(again.stdout, 1, 2)).toBe(ordered(r.stdout, 1, 2));
  });

  it('--player-1 ai:<level>: the human plays Player 2 and the computer Player 1 (ours)', async () => {
    const r = await run(['play', 'tactorus', '--player-1', '1', '--seed', '1'], '15-35\ndone\n\nquit\ny\n');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('(Player 1), you are Player 2');
    expect(ordered(r.stdout, 1, 2)).toBe('15-35');
    expect(ordered(r.stdout, 1, 1)).not.toBe('-');
  });

  it('refuses two computers, an unknown level, and e-mail against the computer', async () => {
    const both = await run(['play', 'tactorus', '--player-1', 'ai:1', '--player-2', 'ai:2']);
    expect(both.code).toBe(1);
    expect(both.stderr).toContain('tactica match tactorus');
    const unknown = await run(['play', 'tactorus', '--player-2', 'ai:9']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('unknown level "9": choose one of 1, 2, 3, 4, 5, 6');
    const mail = await run(['play', 'tactorus', '--player-2', 'ai:1', '--email']);
    expect(mail.code).toBe(1);
  });

  it('the level is saved with the game, and an opened save goes on against the computer', async () => {
    const home = join(root, 'saved');
    const first = await run(
      ['play', 'tactorus', '--player-2', 'ai:4', '--seed', '3'],
      '84-64\ndone\n\nsave vs four\nquit\n',
      home,
    );
    expect(first.stdout).toContain('Saved as "vs four" (round 1).');
    expect((await run(['tactorus', 'saves'], '', home)).stdout).toMatch(/vs four — round 1, computer, Player 1/);
    const again = await run(
      ['play', 'tactorus', '--open', 'vs four', '--seed', '3'],
      'level\n83-63\ndone\n\nquit\ny\n',
      home,
    );
    expect(again.stdout).toContain('against the computer (Level 4) (Player 2)');
    expect(again.stdout).toContain('Playing against the computer (Level 4).');
    expect(ordered(again.stdout, 2, 1)).toBe('83-63');
    expect(ordered(again.stdout, 2, 2)).not.toBe('');
  });

  it('mode computer [level] hands the other seat to the computer mid-game; level changes it', async () => {
    const r = await run(['play', 'tactorus', '--seed', '2'], 'mode computer 1\nlevel 5\n84-64\ndone\n\nquit\ny\n');
    expect(r.stdout).toContain('Now against the computer (Level 1), which plays Player 2.');
    expect(r.stdout).toContain('Now against the computer (Level 5).');
    expect(ordered(r.stdout, 1, 1)).toBe('84-64');
    const bad = await run(['play', 'tactorus'], 'mode computer 8\nquit\ny\n');
    expect(bad.stdout).toContain('"8" is not a level: 1 to 6');
  });

  it('draw offers are declined by the computer', async () => {
    const r = await run(['play', 'tactorus', '--player-2', 'ai:1'], 'draw\nquit\ny\n');
    expect(r.stdout).toContain('the computer (Level 1) declines the draw.');
  });

  it('the menu’s new game asks who plays Player 2; the computer is the default (manual, "New game")', async () => {
    const r = await run(['play'], '1\n\n84-64\ndone\n\nquit\ny\n');
    expect(r.stdout).toContain('Player 2: the computer at level 1/2/3/4/5/6 or h for a human at this screen [3]');
    expect(r.stdout).toContain('against the computer (Level 3) (Player 2)');
    expect(r.stdout).toContain('Rules: Chain moves.');
    const human = await run(['play'], '1\nh\nquit\n');
    expect(human.stdout).toContain('two players at one screen');
    const wrong = await run(['play'], '1\nseven\nh\nquit\n');
    expect(wrong.stdout).toContain('unknown level "seven"');
  });
});

describe('tactica analyse and match tactorus', () => {
  it('analyse prints the strongest level’s orders with their estimated value', async () => {
    const r = await run(['analyse', 'tactorus', '--depth', '1']);
    expect(r.code).toBe(0);
    const [scoreLine = '', pvLine = ''] = r.stdout.trim().split('\n');
    // One pass: 8 candidates a side, 64 pairs, each the round and one more.
    expect(scoreLine).toMatch(/^score -?\d+ depth 1 nodes 128 time \d+ms$/);
    expect(pvLine).toMatch(/^pv( \d\d-\d\d)+$/);
    // Every order is Player 1's and legal, in the order given.
    let s = tactorus.initial();
    for (const o of pvLine.split(' ').slice(1)) {
      const t = tactorus.tryPlay(s, o, 0);
      expect(t.ok, o).toBe(true);
      if (t.ok) s = t.value;
    }
  });

  it('analyse takes a position and a player, and refuses bad ones', async () => {
    const pos = parsePosition(
      'cacafcc.ac/iiiiiiiiii/........../........../........../........../........../........../IIIIIIIIII/CACCFACCAC 0 chain - -',
    );
    expect(pos.ok).toBe(true);
    const r = await run([
      'analyse',
      'tactorus',
      '--player',
      '2',
      '--depth',
      '1',
      '--position',
      'cacafcc.ac/iiiiiiiiii/........../........../........../........../........../........../IIIIIIIIII/CACCFACCAC 0 chain - -',
    ]);
    expect(r.code).toBe(0);
    const orders = r.stdout.trim().split('\n')[1]?.split(' ').slice(1) ?? [];
    expect(orders.every((o) => Number(o.slice(0, 2)) < 20)).toBe(true);
    const bad = await run(['analyse', 'tactorus', '--position', 'nonsense']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('bad --position');
  });

  it('match plays simultaneous rounds from seeded openings and prints the score and Elo difference', async () => {
    const r = await run(['match', 'tactorus', '--a', 'ai:2', '--b', 'ai:1', '--games', '4', '--openings', '1']);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^Level 2 vs Level 1: \+\d+ =\d+ -\d+ \(score \d+\.\d%\)$/);
    expect(lines[1]).toMatch(/^Elo difference: /);
    expect(r.stderr).toContain('game 4/4');
    const same = await run(['match', 'tactorus', '--a', 'ai:2', '--b', 'ai:1', '--games', '4', '--openings', '1']);
    expect(same.stdout).toBe(r.stdout);
  });

  it('match games start from --position when it is given', async () => {
    // Player 1 can capture Player 2's ringed flag for sure (Chain moves): level 2 as Player 1 does at once.
    const ringed =
      '.......Icf/.......III/.......III/........../........../........../........../........../........../....F..... 0 chain - -';
    const r = await run([
      'match',
      'tactorus',
      '--a',
      'ai:2',
      '--b',
      'ai:1',
      '--games',
      '2',
      '--openings',
      '0',
      '--position',
      ringed,
    ]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('game 1/2: Level 2 as first player scores 1 (flag-captured, 1 plies)');
  });
});
