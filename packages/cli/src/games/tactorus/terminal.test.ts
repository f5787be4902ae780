import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newSession } from '@tactica/tactorus';
import { runCli } from '../../program.js';
import { SaveLibrary } from '../../storage/save-library.js';
import { atPrompt, runCapture, terminalIo, typeKeys, within } from '../../testing.js';
import { currentGamePath } from './current-game.js';
import { tactorusCli } from './index.js';
import { ABOUT } from './play.js';
import { storeSession } from './setup.js';

const games = [tactorusCli];
let home: string;
const noColor = process.env['NO_COLOR'];
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'tactorus-terminal-'));
  process.env['TACTICA_HOME'] = home;
  delete process.env['NO_COLOR'];
});
afterEach(() => {
  if (noColor === undefined) delete process.env['NO_COLOR'];
  else process.env['NO_COLOR'] = noColor;
});

const run = (argv: string[], input = '') => runCapture(argv, { games, input });
const play = (input: string, ...args: string[]) => run(['play', 'tactorus', ...args], input);

describe('takeback, as in the browser', () => {
  it('undo takes back the last round carried out; with none played it says so in words', async () => {
    const r = await play('84-64\ndone\n\ndone\n\nundo\nundo\nquit\n', '--new');
    expect(r.stdout).toContain('Round 2 of 50');
    expect(r.stdout).toContain('Taken back: round 1 again.');
    expect(r.stdout.split('Taken back')[1]).toContain('Round 1 of 50');
    expect(r.stdout).toContain('No round has been played');
    expect(r.stdout).not.toContain('session/nothing-to-take-back');
  });

  it('by e-mail a round cannot be taken back', async () => {
    const r = await play('undo\nquit\n', '--new', '--email', '--name', 'mail');
    expect(r.stdout).toContain('A round played by e-mail cannot be taken back');
  });
});

describe('Help->Rules and Help->About', () => {
  it('rules prints the rules in brief from the docs and the alterations of this game', async () => {
    const r = await play('rules\nhelp rules\nquit\n', '--new', '--high-ground');
    expect(r.stdout).toContain('RULES IN BRIEF');
    expect(r.stdout).toContain('Only infantry captures the enemy flag, and that wins.');
    expect(r.stdout.split('RULES IN BRIEF').length - 1).toBe(2);
    expect(r.stdout).toContain('This game: Chain moves, High Ground.');
    // The docs' markdown is shown as plain text.
    expect(r.stdout).not.toContain('**');
  });

  it('about shows the about screen with its copyright notice', async () => {
    const r = await play('about\nhelp about\nquit\n', '--new');
    expect(r.stdout.split(ABOUT).length - 1).toBe(2);
    expect(ABOUT).toContain('copyright (c) 2002 Thomas Gamet');
  });
});

describe('colour themes (Game->Options, manual 3.7.1)', () => {
  it('lists the six themes, keeps the one chosen in the settings file, and refuses an unknown one', async () => {
    const r = await play('theme\ntheme ocean\ntheme plaid\nquit\n', '--new');
    expect(r.stdout).toContain('Colour themes: [classic] forest ocean desert ember mono');
    expect(r.stdout).toContain('Theme: ocean.');
    expect(r.stdout).toContain('"plaid" is not a theme: classic, forest, ocean, desert, ember, mono');
    const settings = JSON.parse(readFileSync(join(home, 'settings.json'), 'utf8')) as Record<string, unknown>;
    expect(settings['tactorus']).toEqual({ theme: 'ocean' });
    const next = await play('theme\nquit\n', '--new');
    expect(next.stdout).toContain('Colour themes: classic forest [ocean] desert ember mono');
  });

  it("draws each side's pieces in the theme's colours at a colour terminal, plain with NO_COLOR", async () => {
    await play('theme ocean\nquit\n', '--new');
    const atTerminal = async (): Promise<string> => {
      const t = terminalIo();
      const game = runCli(['play', 'tactorus', '--new'], games, t.io);
      await t.waitForOutput(atPrompt('Player 1> '));
      t.input.end();
      expect(await within(game, 'the game to end')).toBe(0);
      return t.stdout();
    };
    const coloured = await atTerminal();
    // Ocean: Player 1 bright cyan, Player 2 pink, both bold.
    expect(coloured).toContain('\x1b[1;96mF\x1b[0m');
    expect(coloured).toContain('\x1b[1;95mf\x1b[0m');
    process.env['NO_COLOR'] = '1';
    const plain = await atTerminal();
    expect(plain).not.toContain('\x1b[1;96m');
    expect(plain).toContain('  9   C  A  C  C  F  A  C  C  A  C  9');
  });

  it("moves <square> marks the piece's orders on the board", async () => {
    const r = await play('moves 84\nquit\n', '--new');
    // Plain text: the squares it may be ordered to drawn m (one or two squares up, straight or diagonal).
    expect(r.stdout).toContain('  7   .  .  .  m  m  m  .  .  .  .  7');
    expect(r.stdout).toContain('  6   .  .  m  .  m  .  m  .  .  .  6');
    expect(r.stdout).toContain('84-74');
  });
});

describe('leaving a game and coming back resumes it exactly (manual, "Done")', () => {
  it('at one screen: both players’ scheduled orders and whose turn it is', async () => {
    // Player 1 orders 84-64 and is done; Player 2 orders 15-35 and leaves.
    const left = await play(['84-64', 'done', '', '15-35', 'quit'].join('\n'), '--new');
    expect(left.stdout).toContain('The game is kept as it is: tactica play tactorus resumes it.');
    const back = await play(['orders', 'done', '', 'quit'].join('\n'));
    expect(back.stdout).toContain('Resuming the game you left: "noname", round 1, two players at one screen.');
    // Player 2's screen, with Player 2's order; Player 1's kept order reaches the movement check.
    expect(back.stdout).toContain('Player 2> Your orders (1 of 20): 15-35');
    expect(back.stdout).toContain('Movement check, round 1:');
    expect(back.stdout).toContain('Round 1:\n  Player 1 ordered: 84-64\n  Player 2 ordered: 15-35');
  });

  it("against the computer: the computer's level and the person's orders", async () => {
    await play(['level 4', '84-64', 'quit'].join('\n'), '--player-2', 'ai:2', '--seed', '3');
    const back = await play('orders\nlevel\nquit\n', '--seed', '3');
    expect(back.stdout).toContain('Resuming the game you left: "noname", round 1, against the computer (level 4).');
    expect(back.stdout).toContain('Player 1> Your orders (1 of 20): 84-64');
    expect(back.stdout).toContain('Playing against the computer (Level 4).');
  });

  it('by e-mail: the sealed orders and the key, and the title it is saved under', async () => {
    await play('84-64\ndone\nquit\n', '--email', '--name', 'friday');
    const back = await play('orders\nkey\nquit\n');
    expect(back.stdout).toContain('Resuming the game you left: "friday", round 1, by e-mail, Player 1.');
    expect(back.stdout).toContain('(orders sealed, waiting)');
    expect(back.stdout).toContain("The key is given only after the other player's sealed orders have arrived");
  });

  it('the rotated board and the title stay; a game over is not resumed', async () => {
    await play('rotate\nsave evening\nquit\n', '--new');
    const back = await play('quit\n');
    expect(back.stdout).toContain('Resuming the game you left: "evening", round 1');
    expect(back.stdout).toContain('      9  8  7  6  5  4  3  2  1  0');
    await play('resign\ny\nquit\n');
    const after = await play('quit\n');
    expect(after.stdout).not.toContain('Resuming');
  });

  it('a new game keeps the unfinished, unsaved game left in the save library first', async () => {
    await play('84-64\nquit\n', '--new', '--name', 'first');
    const r = await play('quit\n', '--new');
    expect(r.stdout).toContain(
      'The game you left ("first", round 1, two players at one screen) is kept in the save library as "first".',
    );
    const saved = new SaveLibrary(join(home, 'saves')).list('tactorus');
    expect(saved.map((e) => e.title)).toEqual(['first']);
    // A game left as it was saved is not saved again.
    await play('save second\nquit\n', '--new');
    const again = await play('quit\n', '--new');
    expect(again.stdout).not.toContain('is kept in the save library');
  });

  it('a damaged file of the game left is reported, set aside (not lost) and a new game starts', async () => {
    writeFileSync(currentGamePath(home), '{"format": "tactica-tactorus-current", "formatVersion": 1, "saved"');
    const r = await play('quit\n');
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`${currentGamePath(home)} is damaged (current/damaged: not valid JSON`);
    expect(r.stderr).toContain('it is kept as ');
    expect(readdirSync(home).some((n) => /^tactorus-current\.damaged-.*\.json$/.test(n))).toBe(true);
    expect(r.stdout).not.toContain('Resuming');
    // A file whose game does not replay (hand-edited orders) is refused the same way, naming the field.
    const good = readFileSync(currentGamePath(home), 'utf8');
    writeFileSync(currentGamePath(home), good.replace('"pending":[[],[]]', '"pending":[["84-99"],[]]'));
    const edited = await play('quit\n');
    expect(edited.stderr).toMatch(/is damaged \(snapshot\/[a-z-]+: session\.core: pending/);
  });

  it('the menu asks whether to resume the game left', async () => {
    await play('84-64\nquit\n', '--new');
    const resumed = await run(['play'], '1\ny\norders\nquit\n');
    expect(resumed.stdout).toContain('Resume the game you left ("noname", round 1, two players at one screen)? (y/n)');
    expect(resumed.stdout).toContain('Your orders (1 of 20): 84-64');
    const fresh = await run(['play'], '1\nn\nh\norders\nquit\n');
    expect(fresh.stdout).toContain('Your orders (0 of 20): -');
  });
});

describe('one program at a time plays the game left at this screen', () => {
  it('a second program does not resume it, and its new game is not kept at the screen; the first loses nothing', async () => {
    const t = terminalIo();
    const first = runCli(['play', 'tactorus', '--new'], games, t.io);
    await t.waitForOutput(atPrompt('Player 1> '));
    await typeKeys(t.input, '84-64\r');
    await t.waitForOutput(/Your orders \(1 of 20\): 84-64/);
    await t.waitForOutput(atPrompt('Player 1> '));
    // Another terminal, while the first still plays.
    const resume = await play('orders\nquit\n');
    expect(resume.code).toBe(1);
    expect(resume.stderr).toContain(
      `tactorus/busy: the game left at this screen is being played in another program (process ${process.pid}, ${join(home, 'tactorus-current.lock')}): go on there, or start another game here with --new`,
    );
    const other = await play('83-63\nquit\ny\n', '--new');
    expect(other.stdout).toContain('this game is not kept at the screen when you leave; save it to keep it.');
    expect(other.stdout).toContain('The game is not saved. Quit anyway?');
    // Neither the first program's game went to the library nor did the second game replace it.
    expect(new SaveLibrary(join(home, 'saves')).list('tactorus')).toEqual([]);
    await typeKeys(t.input, 'quit\r');
    expect(await within(first, 'the first program to end')).toBe(0);
    expect(existsSync(join(home, 'tactorus-current.lock'))).toBe(false);
    const back = await play('orders\nquit\n');
    expect(back.stdout).toContain('Resuming the game you left');
    expect(back.stdout).toContain('Your orders (1 of 20): 84-64');
  });

  it('the lock of a program that was killed is taken over', async () => {
    await play('84-64\nquit\n', '--new');
    const gone = spawnSync(process.execPath, ['-e', '']).pid as number;
    writeFileSync(join(home, 'tactorus-current.lock'), JSON.stringify({ pid: gone, host: hostname(), nonce: 'x' }));
    const back = await play('orders\nquit\n');
    expect(back.code).toBe(0);
    expect(back.stdout).toContain('Your orders (1 of 20): 84-64');
  });
});

describe('saving as the original does', () => {
  it('"save" of an already saved game keeps a new copy; only "save over" writes over a save', async () => {
    const r = await play(
      ['save', 'friday', '84-64', 'save', '', 'save friday', 'save over 1', 'quit'].join('\n'),
      '--new',
    );
    expect(r.stdout).toContain('Saved as "friday" (round 0).');
    expect(r.stdout).toContain('Title [friday]: ');
    expect(r.stdout).toContain('Saved as "friday (2)" (round 0).');
    expect(r.stdout).toContain('A save is titled "friday": "save over friday" writes this game over it');
    expect(r.stdout).toContain('Saved over "friday" (round 0).');
    const saves = new SaveLibrary(join(home, 'saves')).list('tactorus');
    expect(saves.map((e) => [e.title, e.version])).toEqual([
      ['friday', 2],
      ['friday (2)', 1],
    ]);
  });
});

describe('a number names an entry of the list last shown', () => {
  async function threeSaves(): Promise<SaveLibrary> {
    const library = new SaveLibrary(join(home, 'saves'));
    for (const title of ['alpha', 'beta', 'gamma']) {
      await storeSession(library, title, newSession({ name: title, mode: 'hot-seat' }), 'save-as');
    }
    return library;
  }

  it('delete and rename by number act on the list the person saw, not on one renumbered since', async () => {
    const library = await threeSaves();
    const listed = await run(['tactorus', 'saves']);
    expect(listed.stdout).toMatch(/^1\. alpha .*\n2\. beta .*\n3\. gamma /);
    // Another program saves "aardvark", which would be number 1 now.
    await storeSession(library, 'aardvark', newSession({ name: 'x', mode: 'hot-seat' }), 'save-as');
    const deleted = await run(['tactorus', 'delete', '2', '--yes']);
    expect(deleted.stdout).toContain('Deleted "beta".');
    // Number 2 is gone: it is not taken by the save that moved up.
    const again = await run(['tactorus', 'delete', '2', '--yes']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(
      'save/gone: save number 2 of the list shown last, "beta", is no longer in the library',
    );
    const renamed = await run(['tactorus', 'rename', '3', 'delta']);
    expect(renamed.stdout).toContain('Renamed to "delta".');
    expect(library.list('tactorus').map((e) => e.title)).toEqual(['aardvark', 'alpha', 'delta']);
    // A new list is numbered anew.
    await run(['tactorus', 'saves']);
    const first = await run(['tactorus', 'delete', '1', '--yes']);
    expect(first.stdout).toContain('Deleted "aardvark".');
  });

  it('in the game too: open, rename and delete use the list shown by "saves"', async () => {
    const library = await threeSaves();
    const game = play(['saves', 'delete 3', 'y', 'delete 1', 'y', 'rename 2 bravo', 'quit'].join('\n'), '--new');
    const r = await game;
    expect(r.stdout).toContain('Delete the saved game "gamma"');
    expect(r.stdout).toContain('Deleted "gamma".');
    expect(r.stdout).toContain('Deleted "alpha".');
    // Entry 2 of the list shown is still beta, though it is number 1 now.
    expect(r.stdout).toContain('Renamed "beta" to "bravo".');
    expect(library.list('tactorus').map((e) => e.title)).toEqual(['bravo']);
    expect(existsSync(join(home, 'saves'))).toBe(true);
  });
});

describe('importing one\'s own orders memo (manual: "You can import your own moves")', () => {
  it('is allowed: the memo sealed is taken and changes nothing', async () => {
    await run(['tactorus', 'new', 'mail', '--email']);
    const memo = join(home, 'mine.txt');
    const sealed = await run(['tactorus', 'export-orders', 'mail', '--orders', '84-64', '-o', memo]);
    expect(sealed.code).toBe(0);
    const r = await run(['tactorus', 'import-orders', 'mail', memo]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('That is your own memo of this round, already sealed: nothing changes.');
    const inGame = await play(`import-orders ${memo}\nquit\n`, '--load', 'mail');
    expect(inGame.stdout).toContain('That is your own memo of this round, already sealed and sent: nothing changes.');
  });
});

describe('in a terminal: Tab completes commands and orders', () => {
  it('completes a command, and lists the orders a piece may be given', async () => {
    const t = terminalIo();
    const game = runCli(['play', 'tactorus', '--new'], games, t.io);
    await t.waitForOutput(atPrompt('Player 1> '));
    await typeKeys(t.input, 'rot\t\r');
    await t.waitForOutput(/ {6}9 {2}8 {2}7/);
    // Two Tabs list what "84-7" may become: the infantry on 84's orders to row 7.
    await typeKeys(t.input, '84-7\t\t');
    await t.waitForOutput(/84-73\s+84-74\s+84-75/);
    await typeKeys(t.input, '4\r');
    await t.waitForOutput(/Your orders \(1 of 20\): 84-74/);
    t.input.end();
    expect(await within(game, 'the game to end')).toBe(0);
  });
});
