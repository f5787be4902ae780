import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { draughtsGame } from '@tactica/draughts';
import { describe, expect, it } from 'vitest';
import { runCapture } from '../../testing.js';

// The menu reads and saves the settings file: each run of this file has its own.
process.env['TACTICA_HOME'] = mkdtempSync(join(tmpdir(), 'tactica-draughts-computer-'));

const play = (input: string, ...args: string[]) => runCapture(['play', 'draughts', ...args], { input });

/** Status lines (they start with the rule set's letter). */
function statuses(out: string): string[] {
  return out.split('\n').filter((l) => /^[WESRBTO]( give-away)? \| /.test(l));
}

describe('tactica play draughts against the computer', () => {
  it('--white ai:<level>: the computer answers, and the status line shows its skill (manual 3.3.5)', async () => {
    const r = await play('11-15\nquit\ny\n', '--variant', 'english', '--white', 'ai:novice', '--seed', '4');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Computer \(Novice\) \(White\) plays \d+-\d+/);
    const last = statuses(r.stdout).at(-1) ?? '';
    expect(last).toMatch(/^E \| skill Novice \| Black 12 White 12 \| move 2 \| Black to move \| last \d+-\d+$/);
  });

  it('is reproducible with --seed', async () => {
    const a = await play('11-15\nquit\ny\n', '--variant', 'english', '--white', 'ai:dumb', '--seed', '9');
    const b = await play('11-15\nquit\ny\n', '--variant', 'english', '--white', 'ai:dumb', '--seed', '9');
    expect(a.stdout).toBe(b.stdout);
  });

  it('"skill stronger" and "skill weaker" change the level for this game (manual 3.3.4)', async () => {
    const r = await play(
      'skill stronger\nstronger\nskill weaker\nweaker\nweaker\nweaker\nskill sideways\nquit\n',
      '--variant',
      'international',
      '--black',
      'ai:novice',
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('The computer now plays at Average (this game only).');
    expect(r.stdout).toContain('The computer now plays at Good (this game only).');
    expect(r.stdout).toContain('The computer now plays at Dumb (this game only).');
    expect(r.stdout).toContain('The computer already plays at its weakest.');
    expect(r.stdout).toContain('Type "skill stronger" or "skill weaker".');
    expect(statuses(r.stdout).at(-1)).toMatch(/^W \| skill Dumb \| /);
  });

  it('the skill commands say so when no computer plays', async () => {
    const r = await play('skill stronger\nquit\n', '--variant', 'thai');
    expect(r.stdout).toContain('There is no computer player in this game.');
  });

  it('two computers play a whole game by themselves to a result by the rules', async () => {
    const r = await play('', '--variant', 'thai', '--white', 'ai:dumb', '--black', 'ai:novice', '--seed', '1');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /(White|Black) wins \((no moves|took the last piece)\)\.|Draw \((threefold|move limit)\)\./,
    );
    expect(statuses(r.stdout)[0]).toMatch(/^T \| skill Dumb\/Novice \| /);
  });

  it('refuses an unknown level with the list of levels', async () => {
    const r = await play('', '--variant', 'english', '--white', 'ai:genius');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('unknown level "genius": choose one of dumb, novice, average, good, smart, master');
  });
});

describe('tactica play draughts with clocks (manual 3.2.2)', () => {
  it('auto is per game for International and per move for English', async () => {
    const international = await play('quit\n', '--variant', 'international', '--time-limit', 'normal');
    expect(international.stdout).toContain('Clock (per game, normal): White 30:00  Black 30:00');
    const english = await play('quit\n', '--variant', 'english', '--time-limit', 'blitz');
    expect(english.stdout).toContain('Clock (per move, blitz): White 0:10  Black 0:10');
  });

  it("the computer's allowance is 1.5 times shorter", async () => {
    const r = await play(
      'quit\n',
      '--variant',
      'russian',
      '--time-mode',
      'game',
      '--time-limit',
      'normal',
      '--black',
      'ai:dumb',
    );
    expect(r.stdout).toContain('Clock (per game, normal): White 30:00  Black 20:00');
  });

  it('blitz forbids takeback', async () => {
    const r = await play('32-28\nundo\nquit\ny\n', '--variant', 'international', '--time-limit', 'blitz');
    expect(r.stdout).toContain('Takeback is not allowed in this game.');
  });

  it('refuses a bad --time-mode or --time-limit', async () => {
    const a = await play('', '--variant', 'english', '--time-mode', 'hourly');
    expect(a.code).toBe(1);
    expect(a.stderr).toContain('--time-mode must be move, game or auto, not "hourly"');
    const b = await play('', '--variant', 'english', '--time-limit', 'slow');
    expect(b.code).toBe(1);
    expect(b.stderr).toContain('--time-limit must be off, normal or blitz, not "slow"');
  });
});

describe('tactica play (menu): draughts asks for the opponent', () => {
  it('a computer level and who moves first', async () => {
    // Menu: game 1 (draughts), rule set 2 (English), no give-away, opponent 2 (Novice), the computer moves first,
    // then the time, board view and sound as they are.
    const r = await runCapture(['play'], { input: '1\n2\nn\n2\ncomputer\n\n\n\n\nquit\ny\n' });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      'Opponent: 0 a person at this keyboard, 1 Dumb, 2 Novice, 3 Average, 4 Good, 5 Smart, 6 Master',
    );
    expect(r.stdout).toContain('Who moves first (Black): you or the computer? [you]: ');
    // English: Black moves first, so the computer plays Black and has moved.
    expect(r.stdout).toMatch(/Computer \(Novice\) \(Black\) plays \d+-\d+/);
    expect(statuses(r.stdout).at(-1)).toMatch(/^E \| skill Novice \| .*White to move/);
  });

  it('a person at the same keyboard, as before', async () => {
    const r = await runCapture(['play'], { input: '1\n1\nn\n0\n\n\n\n\nquit\ny\n' });
    expect(r.code).toBe(0);
    expect(statuses(r.stdout).at(-1)).toBe('W | White 20 Black 20 | move 1 | White to move');
  });
});

describe('tactica analyse and match draughts', () => {
  it('analyse prints the score and a principal variation of legal moves', async () => {
    const r = await runCapture(['analyse', 'draughts', '--variant', 'english', '--depth', '8']);
    expect(r.code).toBe(0);
    const [scoreLine, pvLine] = r.stdout.trim().split('\n');
    expect(scoreLine).toMatch(/^score -?\d+ depth 8 nodes \d+ time \d+ms$/);
    const game = draughtsGame('english');
    let s = game.initial();
    for (const text of (pvLine ?? '').replace(/^pv /, '').split(' ')) {
      const next = game.tryPlay(s, text);
      expect(next.ok, text).toBe(true);
      if (next.ok) s = next.value;
    }
  });

  it('analyse reads --fen and --giveaway', async () => {
    const r = await runCapture([
      'analyse',
      'draughts',
      '--variant',
      'english',
      '--giveaway',
      '--fen',
      'W:W21:B17',
      '--depth',
      '4',
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^score /);
  });

  it('match prints the score and the Elo difference', async () => {
    const r = await runCapture([
      'match',
      'draughts',
      '--variant',
      'thai',
      '--a',
      'ai:novice',
      '--b',
      'ai:dumb',
      '--games',
      '4',
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Novice vs Dumb: \+\d+ =\d+ -\d+ \(score \d+\.\d%\)\nElo difference: /);
  });
});

describe('tactica play draughts --load: a save goes on against the computer it was saved against', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tactica-draughts-load-'));

  it('save x then --load x (no .pdn): the computer plays its side again at its level, and the intro says so', async () => {
    const base = join(dir, 'against-dumb');
    const saved = await play(
      `22-18\nsave ${base}\nquit\ny\n`,
      '--variant',
      'english',
      '--black',
      'ai:dumb',
      '--seed',
      '5',
    );
    expect(saved.stdout).toContain(`Saved to ${base}.pdn.`);
    const resumed = await play('quit\ny\n', '--load', base, '--seed', '5');
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toContain('you play White against the computer (Dumb), which plays Black');
    expect(statuses(resumed.stdout)[0]).toContain('skill Dumb');
  });

  it('--white or --black given with --load decides instead of the save', async () => {
    const base = join(dir, 'overridden');
    await play(`22-18\nsave ${base}\nquit\ny\n`, '--variant', 'english', '--black', 'ai:dumb', '--seed', '5');
    const people = await play('quit\ny\n', '--load', `${base}.pdn`, '--black', 'human');
    expect(people.stdout).toContain('two players at one keyboard');
  });
});
