import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tactrixEntry } from '@tactica/catalogue/tactrix';
import { setupFrom } from '../../setup-options.js';
import { runCli } from '../../program.js';
import { atPrompt, memoryIo, runCapture, statusAfter, terminalIo, typeKeys, within } from '../../testing.js';
import { tactrixCli } from './index.js';

const games = [tactrixCli];
const run = (argv: string[], input?: string) => runCapture(argv, input === undefined ? { games } : { games, input });
const dir = mkdtempSync(join(tmpdir(), 'tactrix-cli-'));
// Named saves go to a library under this test's own directory.
process.env['TACTICA_HOME'] = dir;

// White's king on a1, Black's on j10, a White regeneroid on e3 with 9 chips, Black to move after White's ply.
const SETUP = '.........k/' + '........../'.repeat(6) + '....R...../........../K......... w 9 0 0 1';

describe('tactica perft tactrix', () => {
  it('prints the node count as the last line', async () => {
    const r = await run(['perft', 'tactrix', '--depth', '3']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('3444\n');
  });

  it('--divide lists each first move, then the total', async () => {
    const r = await run(['perft', 'tactrix', '--depth', '2', '--divide']);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(15);
    expect(lines[0]).toBe('b1-c3: 14');
    expect(lines.at(-1)).toBe('196');
  });

  it('counts each purchase once per piece type and square', async () => {
    const r = await run(['perft', 'tactrix', '--depth', '1', '--position', SETUP]);
    // king a1: 3 steps; regeneroid e3: 8 steps; buys of J, N, W on its 8 neighbours: 24
    expect(r.stdout).toBe('35\n');
  });

  it('refuses a bad depth or position on stderr with a non-zero exit', async () => {
    const bad = await run(['perft', 'tactrix', '--depth', 'x']);
    expect(bad.code).not.toBe(0);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toContain('--depth');
    const pos = await run(['perft', 'tactrix', '--depth', '1', '--position', 'nonsense']);
    expect(pos.code).not.toBe(0);
    expect(pos.stderr).toContain('position/syntax');
  });
});

describe('tactica moves tactrix', () => {
  it('lists the legal moves of the starting position, one a line', async () => {
    const r = await run(['moves', 'tactrix']);
    expect(r.stdout.trim().split('\n')).toEqual([
      'b1-c3',
      'b1-a3',
      'i1-j3',
      'i1-h3',
      'a2-a3',
      'b2-b3',
      'c2-c3',
      'd2-d3',
      'e2-e3',
      'f2-f3',
      'g2-g3',
      'h2-h3',
      'i2-i3',
      'j2-j3',
    ]);
  });

  it('takes a position with --position, purchases included', async () => {
    const r = await run(['moves', 'tactrix', '--position', SETUP]);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toContain('buy W@f4');
    expect(lines).not.toContain('buy V@f4');
    expect(lines).toHaveLength(35);
  });
});

describe('tactica tutor tactrix', () => {
  it("names the piece, its owner and cost, and lists its legal moves (opponent's pieces too)", async () => {
    const r = await run(['tutor', 'tactrix', 'i10']);
    expect(r.stdout).toBe('i10: Black Jumpnar (N), costs 6 chips\n2 legal moves: i10-j8 i10-h8\n');
    const k = await run(['tutor', 'tactrix', 'f1']);
    expect(k.stdout).toBe('f1: White King (K), not for sale\nno legal moves\n');
  });

  it('refuses a bad square', async () => {
    const r = await run(['tutor', 'tactrix', 'k11']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('tutor/bad-square');
  });
});

describe('tactica replay tactrix', () => {
  it('replays a saved game and prints the final position and result', async () => {
    const file = join(dir, 'short.tac');
    writeFileSync(file, 'Tactrix! game\nStart standard\n1. e2-e3\n1... e9-e8\nResult *\n');
    const r = await run(['replay', 'tactrix', file]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      'vndwrkwdnv/jjjj.jjjjj/****j*****/**********/**********/**********/**********/****J*****/JJJJ.JJJJJ/VNDWRKWDNV w 1 1 0 2',
    );
    expect(r.stdout.trim().split('\n').at(-1)).toBe('2 moves, result *');
  });

  it('names the line of an illegal move', async () => {
    const file = join(dir, 'bad.tac');
    writeFileSync(file, 'Tactrix! game\nStart standard\n1. e2-e3\n1... e9-e6\n');
    const r = await run(['replay', 'tactrix', file]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('record/move-illegal');
    expect(r.stderr).toContain('line 4');
  });
});

describe('tactica play tactrix', () => {
  it('plays moves and purchases, shows the Tutor, takes back and redoes, saves and loads', async () => {
    const file = join(dir, 'game.tac');
    const input = [
      'tutor e2',
      'e2-e3',
      'e9-e8',
      'e3-e4',
      'e8-e7',
      'e4-e5',
      'undo',
      'redo',
      'd9-d8',
      'buy J@e2',
      `save ${file}`,
      'quit',
    ].join('\n');
    const r = await run(['play', 'tactrix'], `${input}\n`);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('e2: White Jerk (J), costs 3 chips\n1 legal move: e2-e3');
    expect(r.stdout).toContain('Chips: White 0, Black 0');
    expect(r.stdout).toContain(`Saved to ${file}.`);
    const saved = readFileSync(file, 'utf8');
    expect(saved).toBe(
      'Tactrix! game\nStart standard\n1. e2-e3\n1... e9-e8\n2. e3-e4\n2... e8-e7\n3. e4-e5\n3... d9-d8\n4. buy J@e2\nResult *\n',
    );
    const again = await run(['play', 'tactrix', '--load', file], 'position\nquit\n');
    expect(again.stdout).toContain('Move 4, Black to move. Chips: White 0, Black 3.');
  });

  it("keep under another game's title asks first and replaces it only on yes; the game loaded is kept unasked", async () => {
    // A library of its own: the other tests count the saves of theirs.
    process.env['TACTICA_HOME'] = join(dir, 'keep-asks');
    expect((await run(['play', 'tactrix'], 'e2-e3\nkeep Monday\nquit\n')).stdout).toContain('Kept as "Monday".');
    const no = await run(['play', 'tactrix'], 'd2-d3\nkeep monday\nno\nquit\n');
    expect(no.stdout).toContain('A saved game is already titled "Monday" (Move 1, Black to move');
    expect(no.stdout).toContain('Nothing kept.');
    const kept = await run(['play', 'tactrix', '--load', 'Monday'], 'position\nquit\n');
    expect(kept.stdout).toContain('/****J*****/JJJJ.JJJJJ/VNDWRKWDNV b 1 0 0 1');
    const again = await run(['play', 'tactrix', '--load', 'Monday'], 'e9-e8\nkeep Monday\nquit\n');
    expect(again.stdout).not.toContain('already titled');
    expect(again.stdout).toContain('Kept as "Monday".');
    const yes = await run(['play', 'tactrix'], 'd2-d3\nkeep Monday\ny\nquit\n');
    expect(yes.stdout).toContain('Kept as "Monday".');
    const replaced = await run(['play', 'tactrix', '--load', 'Monday'], 'position\nquit\n');
    expect(replaced.stdout).not.toContain('/****J*****/JJJJ.JJJJJ/VNDWRKWDNV');
    process.env['TACTICA_HOME'] = dir;
  });

  it('refuses an unaffordable purchase with its reason', async () => {
    const r = await run(['play', 'tactrix'], 'buy D@e2\nquit\n');
    expect(r.stdout).toContain('> A Diaganoid costs 15 chips; White has 0\n');
  });

  it('keeps a game in the save library under a title, lists it, and continues it by title or number', async () => {
    const r = await run(['play', 'tactrix'], 'e2-e3\nkeep Sunday game\nsaves\nquit\n');
    expect(r.stdout).toContain('Kept as "Sunday game".');
    expect(r.stdout).toMatch(/1\. Sunday game — Move 1, Black to move\. Chips: White 1, Black 0\./);
    const byTitle = await run(['play', 'tactrix', '--load', 'Sunday game'], 'position\nquit\n');
    expect(byTitle.stdout).toContain('/****J*****/JJJJ.JJJJJ/VNDWRKWDNV b 1 0 0 1');
    const byNumber = await run(['play', 'tactrix'], 'restore 1\nposition\nquit\n');
    expect(byNumber.stdout).toContain('Restored "Sunday game".');
    expect(byNumber.stdout).toContain('/****J*****/JJJJ.JJJJJ/VNDWRKWDNV b 1 0 0 1');
    const missing = await run(['play', 'tactrix', '--load', 'No such game'], 'quit\n');
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain('save/not-found');
  });
});

describe('tactica play tactrix as the manual describes it', () => {
  /** The cells of a board row (rank 1–10) in the last board drawn before `marker` (or the last board of all). */
  function row(out: string, rank: number, marker?: string): string[] {
    const text = marker === undefined ? out : out.slice(0, out.lastIndexOf(marker));
    const label = String(rank).padStart(2);
    const lines = text.split('\n').filter((l) => l.startsWith(`${label}  `) && l.endsWith(`  ${label}`));
    return (lines.at(-1) ?? '').slice(4, -4).split(' ');
  }

  it('New, clicked twice, starts a new game; anything in between keeps the game', async () => {
    const r = await run(['play', 'tactrix'], 'e2-e3\nnew\nposition\nnew\nnew\nposition\nquit\ny\n');
    const positions = r.stdout.split('\n').filter((l) => / [wb] \d+ \d+ \d+ \d+$/.test(l));
    // The first "new" is followed by "position": the game goes on.
    expect(positions[0]).toContain(' b 1 0 0 1');
    expect(r.stdout).toContain('Type "new" again to start a new game');
    expect(r.stdout).toContain('A new game.');
    expect(positions[1]).toMatch(/\/VNDWRKWDNV w 0 0 0 1$/);
  });

  it("the Tutor marks the piece's moves on the board, for the opponent's pieces too", async () => {
    const r = await run(['play', 'tactrix'], 'tutor e2\ntutor f9\nquit\n');
    // Plain text (no colour): a square to move to is drawn m, as in the manual's diagrams.
    const white = row(r.stdout, 3, 'e2: White Jerk');
    expect(white[4]).toBe('m');
    expect(white.filter((c) => c === 'm')).toHaveLength(1);
    const black = row(r.stdout, 8, 'f9: Black Jerk');
    expect(black[5]).toBe('m');
    // Before any Tutor, no square is marked.
    expect(row(r.stdout.split('tutor')[0] ?? '', 3).includes('m')).toBe(false);
  });

  it('in colour the targets are on a green background and the piece reversed', async () => {
    const noColor = process.env['NO_COLOR'];
    delete process.env['NO_COLOR'];
    try {
      const t = terminalIo();
      const game = runCli(['play', 'tactrix'], games, t.io);
      await t.waitForOutput(atPrompt('White to move> '));
      await typeKeys(t.input, 'tutor e2\r');
      await t.waitForOutput(/1 legal move: e2-e3/);
      t.input.end();
      expect(await within(game, 'the game to end')).toBe(0);
      const out = t.stdout();
      // e3 (a chip or none) on green; the jerk on e2 in White's style (bold), reversed.
      expect(out.includes('\x1b[42m*\x1b[0m') || out.includes('\x1b[42m.\x1b[0m')).toBe(true);
      expect(out).toContain('\x1b[1;7mJ\x1b[0m');
    } finally {
      if (noColor !== undefined) process.env['NO_COLOR'] = noColor;
    }
  });

  it('save adds .tac to a name without an extension, load finds it, Return cancels, replacing asks', async () => {
    const base = join(dir, 'Game1');
    const saved = await run(['play', 'tactrix'], `e2-e3\nsave ${base}\nquit\n`);
    expect(saved.stdout).toContain(`Saved to ${base}.tac.`);
    expect(readFileSync(`${base}.tac`, 'utf8')).toContain('1. e2-e3');
    const loaded = await run(['play', 'tactrix'], `load ${base}\nposition\nquit\n`);
    expect(loaded.stdout).toContain(`Loaded ${base}.tac.`);
    expect(loaded.stdout).toContain(' b 1 0 0 1');
    const cancelled = await run(['play', 'tactrix'], 'e2-e3\nsave\n\nquit\ny\n');
    expect(cancelled.stdout).toContain('Not saved.');
    const kept = await run(['play', 'tactrix'], `d2-d3\nsave ${base}\nn\nquit\ny\n`);
    expect(kept.stdout).toContain(`${base}.tac exists. Replace it? (y/n)`);
    expect(readFileSync(`${base}.tac`, 'utf8')).toContain('1. e2-e3');
    await run(['play', 'tactrix'], `d2-d3\nsave ${base}\ny\nquit\n`);
    expect(readFileSync(`${base}.tac`, 'utf8')).toContain('1. d2-d3');
  });

  it('a damaged or hand-edited .tac file is refused, naming the file; the game goes on', async () => {
    const bad = join(dir, 'bad.tac');
    writeFileSync(bad, 'Tactrix! game\nStart standard\n1. e2-e5\nResult *\n');
    const r = await run(['play', 'tactrix'], `load ${bad}\ne2-e3\nposition\nquit\ny\n`);
    expect(r.stdout).toContain(`Could not load ${bad}: `);
    expect(r.stdout).toContain(' b 1 0 0 1');
    writeFileSync(bad, '\u0000\u00ff garbage');
    const atStart = await run(['play', 'tactrix', '--load', bad], '');
    expect(atStart.code).toBe(1);
    expect(atStart.stderr).toMatch(new RegExp(`^tactica: ${bad.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: `));
    expect(atStart.stderr).not.toContain('    at ');
  });

  it('keep in the save library clears the "not saved" state: quit no longer warns of it', async () => {
    const r = await run(['play', 'tactrix'], 'e2-e3\nkeep Evening\nquit\ny\ne9-e8\n');
    expect(r.stdout).toContain('Kept as "Evening".');
    expect(r.stdout).not.toContain('Quit anyway?');
    expect(r.stdout).toContain('Quit this game? (y/n)');
    expect(r.stdout).not.toContain('e9-e8');
  });

  it('quit asks once more, saved or not ("clicking Quit twice will exit the program"); n keeps playing', async () => {
    const r = await run(['play', 'tactrix'], 'quit\nn\ne2-e3\nquit\ny\n');
    expect(r.stdout).toContain('Quit this game? (y/n)');
    expect(r.stdout).toContain('Move 1, Black to move');
    expect(r.stdout).toContain('The game is not saved. Quit anyway? (y/n)');
  });
});

// White's jumpnar on h9 can take Black's king on j10 (and nothing else is on the board but White's king on a1).
const KING_EN_PRISE = '.........k/.......N../' + '........../'.repeat(7) + 'K......... w 0 0 0 1';

describe('the computer opponent', () => {
  it('play --white ai:<level>: the computer plays White and takes the king when it can', async () => {
    const r = await run(
      ['play', 'tactrix', '--position', KING_EN_PRISE, '--white', 'ai:novice', '--seed', '1'],
      'quit\n',
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Computer (Novice) (White) plays h9xj10');
  });

  it('play --white ai:<level>: the person plays Black and the computer answers each move', async () => {
    const r = await run(['play', 'tactrix', '--white', 'ai:good', '--seed', '2'], 'e9-e8\nquit\n');
    expect(r.code).toBe(0);
    expect(r.stdout.match(/Computer \(Good\) \(White\) plays /g)).toHaveLength(2);
    // Black alone at the keyboard sees the board from Black's side: rank 1 at the top.
    expect(r.stdout).toContain('    j i h g f e d c b a\n 1  V N D W K R W D N V   1');
  });

  it('play --black ai:<level> announces the computer, not two players at one keyboard', async () => {
    const r = await run(['play', 'tactrix', '--black', 'ai:dumb', '--seed', '1'], 'quit\ny\n');
    expect(r.stdout).toContain('Tactrix! — you play White against Computer (Dumb), which plays Black.');
    expect(r.stdout).not.toContain('two players at one keyboard');
  });

  it('save trx1 then --load trx1: the same .tac both ways, and the game goes on against the same computer', async () => {
    const base = join(dir, 'trx1');
    const saved = await run(['play', 'tactrix', '--black', 'ai:dumb', '--seed', '1'], `e2-e3\nsave ${base}\nquit\ny\n`);
    expect(saved.stdout).toContain(`Saved to ${base}.tac.`);
    expect(readFileSync(`${base}.tac`, 'utf8')).toContain('Black Computer (Dumb)');
    const resumed = await run(['play', 'tactrix', '--load', base, '--seed', '1'], 'e3-e4\nquit\ny\n');
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toContain('you play White against Computer (Dumb), which plays Black');
    // The computer answers White's next move, as it did before the save.
    expect(resumed.stdout).toMatch(/Computer \(Dumb\) \(Black\) plays /);
    const people = await run(['play', 'tactrix', '--load', base, '--black', 'human'], 'quit\ny\n');
    expect(people.stdout).toContain('Tactrix! — two players at one keyboard.');
  });

  it('play refuses an unknown level or a bad seed, naming the levels', async () => {
    const r = await run(['play', 'tactrix', '--black', 'ai:genius'], 'quit\n');
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('unknown level "genius": choose one of dumb, novice, average, good, smart, master');
    const seed = await run(['play', 'tactrix', '--black', 'ai:dumb', '--seed', 'soon'], 'quit\n');
    expect(seed.code).not.toBe(0);
    expect(seed.stderr).toContain('--seed');
  });

  it('analyse prints the score and the principal variation in move text', async () => {
    const r = await run(['analyse', 'tactrix', '--position', KING_EN_PRISE, '--depth', '3']);
    expect(r.code).toBe(0);
    const [scoreLine, pvLine] = r.stdout.trim().split('\n');
    expect(scoreLine).toMatch(/^score 9\d{5} depth \d+ nodes \d+ time \d+ms$/);
    expect(pvLine).toBe('pv h9xj10');
  });

  it('match plays two levels against each other and prints the score and the Elo difference', async () => {
    const r = await run(['match', 'tactrix', '--a', 'ai:novice', '--b', 'ai:dumb', '--games', '2', '--seed', '3']);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^Novice vs Dumb: \+\d+ =\d+ -\d+ \(score \d+\.\d%\)$/);
    expect(lines[1]).toMatch(/^Elo difference: /);
    expect(r.stderr).toContain('game 2/2');
  });

  it('the play menu asks for the opponent and the colour, and re-asks after an answer not on the list', async () => {
    const { io, stdout } = memoryIo('genius\n6\npurple\nb\nquit\n');
    await tactrixCli.launch?.(io);
    const out = stdout();
    expect(out).toContain(
      'Opponent: 0 a person at this keyboard, 1 Dumb, 2 Novice, 3 Average, 4 Good, 5 Smart, 6 Master',
    );
    expect(out).toContain('"genius" is not on the list.');
    expect(out).toContain('Answer White or Black.');
    expect(out).toContain('Computer (Master) (White) plays ');
  });

  it('the play menu starts a game between two people by default', async () => {
    const { io, stdout } = memoryIo('\ne2-e3\nquit\n');
    await tactrixCli.launch?.(io);
    expect(stdout()).not.toContain('Computer');
    expect(stdout()).toContain('Move 1, Black to move. Chips: White 1, Black 0.');
  });
});

describe('tactica play tactrix: the status line', () => {
  it("is rendered from the catalogue's status: chips held and plies without progress", async () => {
    // White buys a jerk with its 9 chips, then the kings step about: no progress for three plies.
    const typed = ['buy J@e2', 'j10-i10', 'a1-b1', 'i10-j10'];
    const r = await run(['play', 'tactrix', '--position', SETUP], `${typed.join('\n')}\n`);
    const st = statusAfter(setupFrom(tactrixEntry, { position: SETUP }), typed);
    expect(st.balance[0]).toBeLessThan(9);
    expect(st.noProgress).toBe(3);
    const shown = r.stdout.split('\n').filter((l) => /^Move \d+, /.test(l));
    expect(shown.at(-1)).toBe(
      `Move ${st.moveNumber}, White to move. Chips: White ${st.balance[0]}, Black ${st.balance[1]}. ${st.noProgress} plies without progress.`,
    );
  });
});
