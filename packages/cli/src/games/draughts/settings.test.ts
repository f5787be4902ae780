import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../program.js';
import { gameClis } from '../../registry.js';
import { stripColour } from '../../terminal/colour.js';
import { atPrompt, runCapture, terminalIo, typeKeys, within } from '../../testing.js';

let home: string;
const noColor = process.env['NO_COLOR'];
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'tactica-draughts-settings-'));
  process.env['TACTICA_HOME'] = home;
  delete process.env['NO_COLOR'];
});
afterEach(() => {
  if (noColor === undefined) delete process.env['NO_COLOR'];
  else process.env['NO_COLOR'] = noColor;
});

const settingsFile = () => join(home, 'settings.json');
const saved = () => (JSON.parse(readFileSync(settingsFile(), 'utf8')) as { draughts: Record<string, string> }).draughts;

/** Status lines (they start with the rule set's letter). */
function statuses(out: string): string[] {
  return stripColour(out)
    .split('\n')
    .filter((l) => /^[WESRBTO]( give-away)? \| /.test(l));
}

/** The board's rank labels top to bottom (8 … 1 or 1 … 8). */
function rankOrder(out: string): string {
  const board = stripColour(out).split('Type a move').at(-1) ?? '';
  return [...board.matchAll(/^ ?(\d{1,2}) \|/gm)]
    .slice(0, 8)
    .map((m) => m[1])
    .join(',');
}

describe('Draughts Galore settings kept between sessions (manual 3.2.1, 3.2.2)', () => {
  it('the menu asks every setting, saves the answers when the game starts, and offers them next time', async () => {
    // Russian, give-away, the computer at Novice moving first, per game, blitz, board view White, sound off.
    const first = await runCapture(['play'], {
      input: 'draughts\n4\ny\n2\ncomputer\ngame\nblitz\nwhite\noff\nquit\ny\n',
    });
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(
      'Time mode: move, game or auto (per move for English, per game for the others) [auto]: ',
    );
    expect(first.stdout).toContain('Time limit: off (time only shown), normal or blitz (no takeback) [off]: ');
    // The computer (White) has 1.5 times less: 4 minutes to the person's 6.
    expect(first.stdout).toMatch(/Clock \(per game, blitz\): White 4:00 {2}Black 6:00/);
    expect(saved()).toEqual({
      rules: 'russian',
      giveaway: 'yes',
      opponent: 'computer',
      skill: 'novice',
      firstMove: 'computer',
      timeMode: 'game',
      timeLimit: 'blitz',
      boardView: 'white',
      sound: 'off',
    });
    // Next time every question offers what was saved, and Enter keeps it.
    const again = await runCapture(['play'], { input: 'draughts\n\n\n\n\n\n\n\n\nquit\ny\n' });
    expect(again.stdout).toContain('Rule set number or name [Russian draughts]: ');
    expect(again.stdout).toContain('Give-away (the side left without a move wins)? [yes]: ');
    expect(again.stdout).toContain('Opponent [Novice]: ');
    expect(again.stdout).toContain('Who moves first (White): you or the computer? [the computer]: ');
    expect(again.stdout).toContain('[game]: ');
    expect(again.stdout).toContain('[blitz]: ');
    expect(again.stdout).toContain('[white]: ');
    expect(again.stdout).toContain('[off]: ');
    expect(again.stdout).toMatch(/Computer \(Novice\) \(White\) plays /);
    expect(statuses(again.stdout).at(-1)).toMatch(/^R give-away \| skill Novice \| /);
  });

  it('a damaged settings file is reported, naming it, and the defaults are used; the next save replaces it', async () => {
    writeFileSync(settingsFile(), '{"format": "tactica-settings", "formatVersion": 1, "draughts": {"rules": ');
    const r = await runCapture(['play'], { input: 'draughts\n\n\n\n\n\n\n\nquit\ny\n' });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`the settings file ${settingsFile()} is damaged (not valid JSON`);
    expect(r.stdout).toContain('Rule set number or name [International draughts]: ');
    expect(saved().rules).toBe('international');
    // A value that is not a choice is named, and only it falls back.
    writeFileSync(
      settingsFile(),
      JSON.stringify({ format: 'tactica-settings', formatVersion: 1, draughts: { rules: 'chess', sound: 'off' } }),
    );
    const named = await runCapture(['play'], { input: 'draughts\n' });
    expect(named.stderr).toContain(`the settings file ${settingsFile()}: draughts.rules is "chess", not one of`);
    expect(named.stdout).toContain('Rule set number or name [International draughts]: ');
  });

  it('play draughts takes the saved board view and sound unless its flags say otherwise', async () => {
    writeFileSync(
      settingsFile(),
      JSON.stringify({ format: 'tactica-settings', formatVersion: 1, draughts: { boardView: 'white' } }),
    );
    // The person plays White against the computer's Black: White's home is at the bottom in either view.
    const asSaved = await runCapture(['play', 'draughts', '--variant', 'english', '--black', 'ai:dumb'], {
      input: 'quit\ny\n',
    });
    expect(rankOrder(asSaved.stdout)).toBe('8,7,6,5,4,3,2,1');
    // Playing White against the computer, view White and view Human differ when the person plays Black.
    const white = await runCapture(['play', 'draughts', '--variant', 'english', '--white', 'ai:dumb'], {
      input: 'quit\ny\n',
    });
    expect(rankOrder(white.stdout)).toBe('8,7,6,5,4,3,2,1');
    const human = await runCapture(
      ['play', 'draughts', '--variant', 'english', '--white', 'ai:dumb', '--board-view', 'human'],
      { input: 'quit\ny\n' },
    );
    expect(rankOrder(human.stdout)).toBe('1,2,3,4,5,6,7,8');
    const bad = await runCapture(['play', 'draughts', '--variant', 'english', '--sound', 'loud'], { input: '' });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('--sound must be off, normal, annoying, not "loud"');
  });

  it('board view White keeps White at the bottom when sides are switched; Human turns with the person', async () => {
    const args = ['play', 'draughts', '--variant', 'english', '--black', 'ai:dumb', '--seed', '1'];
    const white = await runCapture([...args, '--board-view', 'white'], { input: 'switch\nquit\ny\n' });
    const boards = (out: string) =>
      stripColour(out)
        .split('Sides switched.')[1]
        ?.split('\n')
        .filter((l) => /^ ?\d \|/.test(l))
        .slice(0, 8)
        .map((l) => l.trim().split(' ')[0])
        .join(',');
    expect(boards(white.stdout)).toBe('8,7,6,5,4,3,2,1');
    const human = await runCapture([...args, '--board-view', 'human'], { input: 'switch\nquit\ny\n' });
    expect(boards(human.stdout)).toBe('1,2,3,4,5,6,7,8');
  });

  it('the intro says who plays whom', async () => {
    const vs = await runCapture(['play', 'draughts', '--variant', 'english', '--white', 'ai:novice', '--seed', '2'], {
      input: 'quit\ny\n',
    });
    expect(vs.stdout).toContain(
      'English draughts (American checkers): you play Black (moves first) against the computer (Novice), which plays White.',
    );
    const two = await runCapture(['play', 'draughts', '--variant', 'russian'], { input: 'quit\ny\n' });
    expect(two.stdout).toContain('Russian draughts: two players at one keyboard: White moves first.');
  });

  it('quit asks for confirmation, and no leaves the game going', async () => {
    const r = await runCapture(['play', 'draughts', '--variant', 'english'], { input: 'quit\nn\n11-15\nquit\ny\n' });
    expect(r.stdout).toContain('Quit this game? (y/n)');
    expect(statuses(r.stdout).at(-1)).toMatch(/White to move \| last 11-15$/);
  });
});

describe('the status bar in colour (manual 3.3.5), plain without colour', () => {
  async function atTerminal(args: readonly string[], keys: string): Promise<string> {
    const t = terminalIo();
    const run = runCli(['play', 'draughts', ...args], gameClis, t.io);
    await t.waitForOutput(/to move> /);
    await typeKeys(t.input, keys);
    t.input.end();
    expect(await within(run, 'the game to end')).toBe(0);
    return t.stdout();
  }

  it('give-away cyan, the computer green and the person yellow, the blitz move number pink', async () => {
    const out = await atTerminal(
      ['--variant', 'english', '--giveaway', '--white', 'ai:dumb', '--time-limit', 'blitz', '--sound', 'off'],
      '',
    );
    const bar = out.split('\n').find((l) => stripColour(l).startsWith('E give-away |')) ?? '';
    expect(bar).toContain('\x1b[36mE give-away\x1b[0m');
    expect(bar).toContain('\x1b[32mskill Dumb\x1b[0m');
    // Black (the person, moves first) yellow; White (the computer) green.
    expect(bar).toContain('Black \x1b[33m12\x1b[0m White \x1b[32m12\x1b[0m');
    expect(bar).toContain('\x1b[95mmove 1\x1b[0m');
  });

  it("the counter violet in stage 1, and a normal clock's move number violet", async () => {
    const fen = 'B:W18,K30:BK3';
    const t = terminalIo();
    const file = join(home, 'kings.pdn');
    writeFileSync(file, `[GameType "21"]\n[FEN "${fen}"]\n\n*\n`);
    const run = runCli(
      ['play', 'draughts', '--load', file, '--time-limit', 'normal', '--sound', 'off'],
      gameClis,
      t.io,
    );
    await t.waitForOutput(atPrompt('Black to move> '));
    await typeKeys(t.input, '3-7\r');
    await t.waitForOutput(atPrompt('White to move> '));
    t.input.end();
    expect(await within(run, 'the game to end')).toBe(0);
    const bar = t
      .stdout()
      .split('\n')
      .filter((l) => stripColour(l).startsWith('E |'))
      .at(-1);
    expect(bar).toContain('\x1b[35mcounter 1: 39\x1b[0m');
    expect(bar).toContain('\x1b[35mmove 1\x1b[0m');
  });

  it('with NO_COLOR set the same terminal gets the plain bar', async () => {
    process.env['NO_COLOR'] = '1';
    const out = await atTerminal(['--variant', 'english', '--giveaway', '--white', 'ai:dumb', '--sound', 'off'], '');
    expect(stripColour(out)).toBe(out);
    expect(out).toContain('E give-away | skill Dumb | Black 12 White 12 | move 1 | Black to move');
  });

  it('sound: the saved mode rings the bell at a terminal; annoying after every move', async () => {
    const annoying = await atTerminal(['--variant', 'english', '--sound', 'annoying'], '11-15\r23-19\r');
    expect(annoying.split('\x07').length - 1).toBe(2);
    const off = await atTerminal(['--variant', 'english', '--sound', 'off'], '11-15\r23-19\r');
    expect(off).not.toContain('\x07');
    // "sound" in the game turns an annoying sound down for this game (the manual's [#] key).
    const hushed = await atTerminal(['--variant', 'english', '--sound', 'annoying'], 'sound\r11-15\r');
    expect(hushed).toContain('Sound: normal (this game only).');
    expect(hushed).not.toContain('\x07');
  });
});
