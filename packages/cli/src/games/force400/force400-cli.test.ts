import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { createRng, current, pushMove, startHistory } from '@tactica/core';
import { force400Entry } from '@tactica/catalogue/force400';
import { setupFrom } from '../../setup-options.js';
import { runCli } from '../../program.js';
import { gameClis } from '../../registry.js';
import { atPrompt, runCapture, statusAfter, terminalIo, typeKeys, within } from '../../testing.js';
import { SIGN_ON } from './play.js';

const testdata = new URL('../../../../force400/src/testdata/', import.meta.url);
const ibm = new URL('manual-record-ibm.txt', testdata).pathname;
const trs80 = new URL('manual-record-trs80.txt', testdata).pathname;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tactica-force400-'));
  process.env['TACTICA_HOME'] = dir;
});

describe('tactica perft force400', () => {
  it('prints the node count last', async () => {
    const r = await runCapture(['perft', 'force400', '--depth', '2']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('1162851\n');
  });

  it('--divide lists each first action, the total last', async () => {
    const r = await runCapture(['perft', 'force400', '--depth', '1', '--divide']);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(1080);
    expect(lines[0]).toBe('M A8-A7: 1');
    expect(lines.at(-1)).toBe('1079');
  });

  it('--position and a bad depth', async () => {
    const r = await runCapture(['perft', 'force400', '--depth', '1', '--position', 'w 5 W:E5:0,H9:2K B:C0:10K']);
    // E5 (zero force): 8 short moves; H9 (force 2): 5 short + long moves along open lines
    expect(Number(r.stdout.trim())).toBeGreaterThan(8);
    const bad = await runCapture(['perft', 'force400', '--depth', 'x']);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('--depth');
  });
});

describe('tactica moves force400', () => {
  it('lists every legal action in record notation, one per line (transfers once per amount)', async () => {
    const r = await runCapture(['moves', 'force400']);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(1079);
    expect(lines).toContain('M C8-C1');
    expect(lines).toContain('T J8-J9 10');
    expect(lines).toContain('S H9-G8');
    expect(lines.filter((l) => l.startsWith('T J8-J9 '))).toHaveLength(10);
  });

  it('a position with a zero-force man', async () => {
    const r = await runCapture(['moves', 'force400', '--position', 'w 5 W:E5:0,H9:1K B:C0:10K']);
    const lines = r.stdout.trim().split('\n');
    expect(lines.filter((l) => l.startsWith('M E5-'))).toHaveLength(8);
    expect(lines.some((l) => l.startsWith('S '))).toBe(false); // a king of force 1 cannot abdicate
  });

  it('refuses bad position text with its code', async () => {
    const r = await runCapture(['moves', 'force400', '--position', 'w 1 W:H9:10K,H9:1 B:C0:10K']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('position/duplicate-square');
    expect(r.stdout).toBe('');
  });
});

describe('tactica replay force400', () => {
  it.each([ibm, trs80])("the manual record (%s) ends with Black taking White's king on H9", async (file) => {
    const r = await runCapture(['replay', 'force400', file]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Black (11 men, 119 units): E0 10,');
    expect(r.stdout).toContain('H9 21*');
    expect(r.stdout.trim().split('\n').at(-1)).toBe("Black wins: White's king is taken.");
  });

  it('stops at the first illegal ply, naming move number, side and ply, and exits non-zero', async () => {
    const file = join(dir, 'bad.txt');
    writeFileSync(file, readFileSync(trs80, 'utf8').replace('M H2-B2', 'M H2-B3'));
    const r = await runCapture(['replay', 'force400', file]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/record\/illegal-ply: move 19, Black, M H2-B3: .*\(line 21, column/);
  });

  it('a malformed line is named', async () => {
    const file = join(dir, 'junk.txt');
    writeFileSync(file, '1. M C8-C1 M F1-G2\n2. M C9-C1 junk\n');
    const r = await runCapture(['replay', 'force400', file]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('record/bad-ply');
    expect(r.stderr).toContain('line 2');
  });

  it('reads the record from standard input with -', async () => {
    const r = await runCapture(['replay', 'force400', '-'], { input: readFileSync(ibm, 'utf8') });
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n').at(-1)).toBe("Black wins: White's king is taken.");
  });

  it('a missing file', async () => {
    const r = await runCapture(['replay', 'force400', join(dir, 'none.txt')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('cannot read');
  });
});

describe('tactica play force400', () => {
  it('draws the board, confirms each action, gives the reason for a refused one, and writes the record', async () => {
    const record = join(dir, 'game.txt');
    const input = [
      'M C8-C2',
      'n',
      'M C8-C0',
      'M C8-C1',
      'y',
      'f1-g2',
      'n',
      'F1-G2',
      'y',
      'T J8-C1 10',
      'M C9-C1',
      'y',
      'quit',
      'y',
      '',
    ].join('\n');
    const r = await runCapture(['play', 'force400', '--record', record, '--header', 'Test game'], { input });
    expect(r.stdout).toContain(' 9  W10  W10  W10  W10  W10  W10  W10  W10* W10  W10');
    expect(r.stdout).toContain('Play M C8-C2? (Y, Enter or space: yes; N, X or Esc: no)'); // C8-C2 is legal (C1 is Black's, C2 empty): asked, not answered y
    expect(r.stdout).toContain('The way from C8 to C0 is blocked by the man on C1.'); // M C8-C0 passes through C1
    expect(r.stdout).toContain('Play M C8-C1? (Y, Enter or space: yes; N, X or Esc: no)');
    expect(r.stdout).toContain('Recording to');
    const text = readFileSync(record, 'utf8');
    expect(text.split('\n')[0]).toBe('Test game');
    expect(text).toMatch(/^\d\d-\d\d-\d{4} \d\d:\d\d:\d\d$/m);
    expect(text).toContain('1.\tM C8-C1\tM F1-G2\n2.\tM C9-C1\nGame stopped.\n');
    expect(r.stdout).toContain('the man on C1 is not yours.'); // the C8 man lost his attack: C1 is still Black's
  });

  it('the help names the decisions that are ours', async () => {
    const r = await runCapture(['play', 'force400', '--help']);
    expect(r.stdout).toContain('(ours)');
    expect(r.stdout).toContain('front rank, A file first');
  });

  it('handicaps remove men from the front rank, A file first', async () => {
    const r = await runCapture(['play', 'force400', '--handicap-white', '3', '--handicap-black', '1'], { input: '' });
    expect(r.stdout).toContain(' 8   .    .    .   W10  W10');
    expect(r.stdout).toContain(' 1   .   B10  B10');
    const bad = await runCapture(['play', 'force400', '--handicap-white', '20'], { input: '' });
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('0 to 19');
  });

  it('S saves under a typed title, E ends; the save is listed and resumed by title or number', async () => {
    const input = ['M C8-C1', 'y', 'S', 'S', 'Sunday game', 'E', ''].join('\n');
    const first = await runCapture(['play', 'force400', '--handicap-white', '0'], { input });
    expect(first.stdout).toContain('Saved as "Sunday game".');
    const resumed = await runCapture(['play', 'force400', '--load', 'Sunday game'], { input: 'position\nsaves\n' });
    expect(resumed.stdout).toContain('Resumed "Sunday game".');
    expect(resumed.stdout).toContain('Black to move');
    expect(resumed.stdout).toMatch(/1\. Sunday game {2}\(move 1, Black to move\)/);
    expect(resumed.stdout).toContain('b 1 W:');
    const byNumber = await runCapture(['play', 'force400', '--load', '1'], { input: '' });
    expect(byNumber.stdout).toContain('Resumed "Sunday game".');
  });

  it("S under another game's title asks first, naming it; no keeps that game", async () => {
    process.env['TACTICA_HOME'] = join(dir, 'save-asks');
    try {
      const save = (answer: string[]) =>
        runCapture(['play', 'force400', '--handicap-white', '0'], {
          input: ['M C8-C1', 'y', 'S', 'S', 'Monday', ...answer, 'E', ''].join('\n'),
        });
      expect((await save([])).stdout).toContain('Saved as "Monday".');
      const no = await save(['n']);
      expect(no.stdout).toContain('A saved game is already titled "Monday" (move 1, Black to move). Replace it?');
      expect(no.stdout).toContain('Nothing saved.');
      const yes = await save(['yes']);
      expect(yes.stdout).toContain('Saved as "Monday".');
      const listed = await runCapture(['play', 'force400', '--load', 'Monday'], { input: 'saves\n' });
      expect(listed.stdout).toMatch(/1\. Monday {2}\(move 1, Black to move\)/);
    } finally {
      process.env['TACTICA_HOME'] = dir;
    }
  });

  it('a hand-edited save is refused naming it, with the line of its record; the others still open', async () => {
    const input = (title: string) => ['M C8-C1', 'y', 'S', 'S', title, 'E', ''].join('\n');
    await runCapture(['play', 'force400', '--handicap-white', '0'], { input: input('edited') });
    await runCapture(['play', 'force400', '--handicap-white', '0'], { input: input('intact') });
    const saves = join(dir, 'saves');
    for (const name of readdirSync(saves).filter((n) => n.endsWith('.json'))) {
      const text = readFileSync(join(saves, name), 'utf8');
      // An illegal move typed into the save's record by hand (the file itself still reads).
      if (text.includes('"edited"')) writeFileSync(join(saves, name), text.replace('M C8-C1', 'M C8-C0'));
    }
    const refused = await runCapture(['play', 'force400', '--load', 'edited'], { input: '' });
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(
      /^tactica: save "edited": record\/illegal-ply: move 1, White, M C8-C0: .*\(move\/blocked\) \(line \d+, column \d+\)\n$/,
    );
    // In the game, resume says the same and the game goes on; the intact save opens.
    const inGame = await runCapture(['play', 'force400', '--load', 'intact'], { input: 'resume edited\nposition\n' });
    expect(inGame.stdout).toContain('Resumed "intact".');
    expect(inGame.stdout).toContain('save "edited": record/illegal-ply');
    expect(inGame.stdout).toContain('b 1 W:');
  });

  it("the status line is rendered from the catalogue's status: men and units after a handicap", async () => {
    const setup = setupFrom(force400Entry, { handicapWhite: 2 });
    // Three seeded random actions from the handicap start, each typed and confirmed.
    const rng = createRng(400);
    let h = startHistory(setup.initial());
    const typed: string[] = [];
    for (let ply = 0; ply < 3; ply++) {
      const s = current(h);
      const m = rng.pick(setup.game.legalMoves(s));
      typed.push(setup.game.formatMove(s, m));
      h = pushMove(h, m, setup.game.play(s, m));
    }
    const input = typed.map((t) => `${t}\ny\n`).join('');
    const r = await runCapture(['play', 'force400', '--handicap-white', '2'], { input });
    const st = statusAfter(setup, typed);
    expect(st.men).toEqual([18, 20]);
    const shown = r.stdout.split('\n').filter((l) => /^Move \d+/.test(l));
    expect(shown.at(-1)).toBe(
      `Move ${st.moveNumber}, Black to move. White: ${st.men[0]} men, ${st.units[0]} units; Black: ${st.men[1]} men, ${st.units[1]} units.`,
    );
  });

  it('R resigns after confirmation; X abdicates; the setup questions when no option is given', async () => {
    const record = join(dir, 'r.txt');
    const input = ['n', 'n', 'y', record, 'Asked', 'X H9-G8', 'y', 'M F1-G2', 'y', 'R', 'y', ''].join('\n');
    const r = await runCapture(['play', 'force400'], { input });
    expect(r.stdout).toContain('Handicaps? (Y/N)');
    expect(r.stdout).toContain('White, resign?');
    expect(r.stdout).toContain('Black wins (resigned).');
    const text = readFileSync(record, 'utf8');
    expect(text).toContain('1.\tS H9-G8\tM F1-G2\nWhite resigns.\nBlack wins.\n');
  });

  it('the setup questions let a player name the squares of his handicap', async () => {
    const input = ['n', 'y', '2', 'A9 K8', 'A9 H9', 'A9 J8', '0', 'n', ''].join('\n');
    const r = await runCapture(['play', 'force400'], { input });
    expect(r.stdout).toContain('"K8" is not a square.');
    expect(r.stdout).toContain("White's king on H9 cannot be given as a handicap");
    expect(r.stdout).toContain(' 8  W10  W10  W10  W10  W10  W10  W10  W10  W10   .');
    expect(r.stdout).toContain(' 9   .   W10  W10');
  });

  it('--black ai:<level>: the program plays Black and says what it is thinking; the record names it', async () => {
    const record = join(dir, 'vs.txt');
    const input = ['M C8-C1', 'y', 'M C9-C2', 'y', 'quit', 'y', ''].join('\n');
    const r = await runCapture(['play', 'force400', '--black', 'ai:1', '--seed', '7', '--record', record], { input });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Program \(Level 1\) \(Black\) plays [MTS] [A-J]\d-[A-J]\d/);
    expect(r.stdout).toContain('Looked 1 move ahead');
    const text = readFileSync(record, 'utf8');
    expect(text).toContain('White: (Human)\nBlack: Program (level 1)\n');
    expect(text).toMatch(/^1\.\tM C8-C1\t[MTS] /m);
  });

  it('the setup questions ask whether the program plays, which side and at what level', async () => {
    const input = ['y', 'W', '9', '1', 'n', 'n', 'quit', ''].join('\n');
    const r = await runCapture(['play', 'force400'], { input });
    expect(r.stdout).toContain('Will the program play? (Y/N)');
    expect(r.stdout).toContain('Levels are 0, 1, 2, 3, 4, 5, 6, 7.');
    expect(r.stdout).toMatch(/Program \(Level 1\) \(White\) plays /);
  });

  it("a save keeps the program's side and level, and a resumed game is played by it again", async () => {
    const input = ['M C8-C1', 'y', 'S', 'S', 'Against level 1', 'E', ''].join('\n');
    const first = await runCapture(['play', 'force400', '--black', 'ai:1', '--seed', '3'], { input });
    expect(first.stdout).toContain('Saved as "Against level 1".');
    const listed = await runCapture(['play', 'force400', '--load', 'Against level 1', '--seed', '3'], {
      input: 'M C9-C2\ny\nquit\ny\n',
    });
    expect(listed.stdout).toContain('Resumed "Against level 1".');
    expect(listed.stdout).toMatch(/Program \(Level 1\) \(Black\) plays /);
    const file = join(dir, 'saved.f400');
    const saved = await runCapture(['play', 'force400', '--black', 'ai:1'], { input: `save ${file}\nquit\n` });
    expect(saved.code).toBe(0);
    expect(readFileSync(file, 'utf8').split('\n')[2]).toBe('Computer: Black, level 1');
  });

  it('refuses an unknown level', async () => {
    const r = await runCapture(['play', 'force400', '--white', 'ai:9'], { input: '' });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('unknown level "9"');
  });
});

describe('tactica play force400 as the manual describes it', () => {
  /** `tactica play force400 …` at a (pretend) terminal: keys are typed as the test goes. */
  function atTerminal(args: readonly string[]) {
    const t = terminalIo();
    const run = runCli(['play', 'force400', ...args], gameClis, t.io);
    const end = async (): Promise<string> => {
      t.input.end();
      expect(await within(run, 'tactica play force400 to end')).toBe(0);
      return t.stdout();
    };
    return { ...t, run, end };
  }

  it('opens with the sign-on screen and waits for a key before the setup questions', async () => {
    const t = atTerminal([]);
    await t.waitForOutput(atPrompt('Press any key. '));
    expect(t.stdout()).toContain(SIGN_ON);
    expect(t.stdout()).not.toContain('Will the program play?');
    await typeKeys(t.input, 'q');
    await t.waitForOutput(atPrompt('Will the program play? (Y/N) '));
    await t.end();
    // Piped input: the sign-on is shown and nothing waits for it.
    const piped = await runCapture(['play', 'force400'], { input: 'n\nn\nn\n' });
    expect(piped.stdout).toContain(SIGN_ON);
    expect(piped.stdout).not.toContain('Press any key');
  });

  it('the Stop menu takes one key, no Enter, like every other answer', async () => {
    const t = atTerminal([]);
    await t.waitForOutput(atPrompt('Press any key. '));
    await typeKeys(t.input, ' ');
    await t.waitForOutput(atPrompt('Will the program play? (Y/N) '));
    await typeKeys(t.input, 'n');
    await t.waitForOutput(atPrompt('Handicaps? (Y/N) '));
    await typeKeys(t.input, 'n');
    await t.waitForOutput(atPrompt('Keep a game record file? (Y/N) '));
    await typeKeys(t.input, 'n');
    await t.waitForOutput(atPrompt('White to move> '));
    await typeKeys(t.input, 's\r');
    await t.waitForOutput(atPrompt('Stop — S save, R resume, E end the game: '));
    await typeKeys(t.input, 'r');
    await t.waitForOutput(atPrompt('White to move> '));
    await typeKeys(t.input, 's\r');
    await t.waitForOutput(atPrompt('Stop — S save, R resume, E end the game: '));
    await typeKeys(t.input, 'e');
    expect(await within(t.run, 'the game to end')).toBe(0);
  });

  it('answers the yes-or-no setup questions with one key, no Enter needed', async () => {
    const t = atTerminal([]);
    await t.waitForOutput(atPrompt('Press any key. '));
    await typeKeys(t.input, ' ');
    await t.waitForOutput(atPrompt('Will the program play? (Y/N) '));
    await typeKeys(t.input, 'y');
    await t.waitForOutput(atPrompt('Which side will the program play, W or B? [B]: '));
    await typeKeys(t.input, '\r');
    await t.waitForOutput(atPrompt('Skill level, 0 to 7 [2]: '));
    await typeKeys(t.input, '0');
    await t.waitForOutput(atPrompt('Handicaps? (Y/N) '));
    await typeKeys(t.input, 'n');
    await t.waitForOutput(atPrompt('Keep a game record file? (Y/N) '));
    await typeKeys(t.input, 'n');
    await t.waitForOutput(atPrompt('White to move> '));
    // Five questions, five keys, no Enter but for the default side: the program plays Black at level 0.
    await typeKeys(t.input, 'M C8-C1\ry');
    await t.waitForOutput(/Program \(Level 0\) \(Black\) will play /);
    const out = await t.end();
    expect(out).not.toContain('Please press Y or N.');
  });

  it("shows the program's intended move and waits for a keystroke before it is played; --no-pause does not", async () => {
    const t = atTerminal(['--black', 'ai:0', '--seed', '5']);
    await t.waitForOutput(atPrompt('Press any key. '));
    await typeKeys(t.input, '\r');
    await t.waitForOutput(atPrompt('White to move> '));
    await typeKeys(t.input, 'M C8-C1\r');
    await t.waitForOutput(atPrompt('N, X or Esc: no) '));
    await typeKeys(t.input, '\r');
    await t.waitForOutput(atPrompt('Press any key to see it played. '));
    const shown = /Program \(Level 0\) \(Black\) will play ([MTS] [A-J]\d-[A-J]\d)\./.exec(t.stdout());
    expect(shown).not.toBeNull();
    expect(t.stdout()).not.toContain('(Black) plays');
    await typeKeys(t.input, 'k');
    await t.waitForOutput(atPrompt('White to move> '));
    expect(t.stdout()).toContain(`Program (Level 0) (Black) plays ${shown?.[1] ?? '?'}`);
    await t.end();

    const quick = atTerminal(['--black', 'ai:0', '--seed', '5', '--no-pause']);
    await quick.waitForOutput(atPrompt('White to move> '));
    await typeKeys(quick.input, 'M C8-C1\ry');
    await quick.waitForOutput(/\(Black\) plays /);
    const out = await quick.end();
    expect(out).not.toContain('will play');
    expect(out).not.toContain('Press any key');
  });

  it('an illegal entry rings the bell, says why, and waits for a key', async () => {
    const t = atTerminal([]);
    await t.waitForOutput(atPrompt('Press any key. '));
    await typeKeys(t.input, ' n');
    await t.waitForOutput(atPrompt('Handicaps? (Y/N) '));
    await typeKeys(t.input, 'nn');
    await t.waitForOutput(atPrompt('White to move> '));
    await typeKeys(t.input, 'M C8-C0\r');
    await t.waitForOutput(atPrompt('Press any key. '));
    // The bell, then the reason.
    expect(t.stdout()).toContain('\x07The way from C8 to C0 is blocked');
    await typeKeys(t.input, 'x');
    await t.waitForOutput(atPrompt('White to move> '));
    await t.end();
  });

  it('a move or a resignation is cancelled by N, X or Esc and confirmed by Enter, space or Y', async () => {
    const input = ['M C8-C1', 'x', 'M C8-C1', 'esc', 'M C8-C1', ' ', 'R', 'n', 'position', ''].join('\n');
    const r = await runCapture(['play', 'force400', '--handicap-white', '0'], { input });
    expect(r.stdout).toContain('b 1 W:');
    expect(r.stdout).not.toContain('resigns');
    const resigned = await runCapture(['play', 'force400', '--handicap-white', '0'], { input: 'R\n\n' });
    expect(resigned.stdout).toContain('Black wins (resigned).');
  });

  it('reloading a saved game bypasses the rest of the setup dialogue, the record question too', async () => {
    await runCapture(['play', 'force400', '--handicap-white', '0'], {
      input: ['M C8-C1', 'y', 'S', 'S', 'Kept', 'E', ''].join('\n'),
    });
    const r = await runCapture(['play', 'force400'], { input: ['y', '1', 'position', ''].join('\n') });
    expect(r.stdout).toContain('Reload a saved game? (Y/N)');
    expect(r.stdout).toContain('Resumed "Kept".');
    expect(r.stdout).not.toContain('Will the program play?');
    expect(r.stdout).not.toContain('Handicaps?');
    expect(r.stdout).not.toContain('Keep a game record file?');
    expect(r.stdout).toContain('b 1 W:');
  });
});

describe('tactica analyse and match force400', () => {
  it('analyse prints the score and a principal variation of legal actions', async () => {
    const r = await runCapture(['analyse', 'force400', '--depth', '1']);
    expect(r.code).toBe(0);
    const [scoreLine, pvLine] = r.stdout.trim().split('\n');
    expect(scoreLine).toMatch(/^score -?\d+ depth 1 nodes \d+ time \d+ms$/);
    expect(pvLine).toMatch(/^pv [MTS] [A-J]\d-[A-J]\d/);
  });

  it('analyse from a position finds the king capture', async () => {
    const r = await runCapture([
      'analyse',
      'force400',
      '--depth',
      '2',
      '--position',
      'w 20 W:D1:15,H9:10K B:C0:10K,J0:10',
    ]);
    expect(r.stdout).toContain('pv M D1-C0');
  });

  it('match plays levels against each other and prints the score and Elo difference', async () => {
    const r = await runCapture([
      'match',
      'force400',
      '--a',
      'ai:1',
      '--b',
      'ai:0',
      '--games',
      '2',
      '--max-plies',
      '60',
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Level 1 vs Level 0: \+\d+ =\d+ -\d+ \(score \d+\.\d%\)$/m);
    expect(r.stdout).toMatch(/^Elo difference: /m);
  });
});
