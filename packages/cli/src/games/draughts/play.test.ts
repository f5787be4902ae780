import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRng, reasonWords } from '@tactica/core';
import { draughtsEntry } from '@tactica/catalogue/draughts';
import { draughtsGame, parsePdn } from '@tactica/draughts';
import { describe, expect, it } from 'vitest';
import { setupFrom } from '../../setup-options.js';
import { runCapture, statusAfter } from '../../testing.js';
import { renderBoard } from './board.js';

const dir = mkdtempSync(join(tmpdir(), 'tactica-play-'));
// The settings file (board view, sound) is this file's own.
process.env['TACTICA_HOME'] = join(dir, 'home');
const play = (input: string, ...args: string[]) => runCapture(['play', 'draughts', ...args], { input });

/** The last status line printed (the one under the last board). */
function lastStatus(out: string): string {
  const lines = out.split('\n').filter((l) => /^[WESRBTO]( give-away)? \| /.test(l));
  return lines.at(-1) ?? '';
}

describe('tactica play draughts: two players at one keyboard', () => {
  it("draws the board with coordinates and square numbers, and the manual's status line", async () => {
    const r = await play('quit\ny\n', '--variant', 'english');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('English draughts (American checkers): two players at one keyboard: Black moves first.');
    expect(r.stdout).toContain('w/b: white/black man   W/B: white/black king   .: empty square');
    expect(r.stdout).toContain(' 8 |    b     b     b     b |  8          1     2     3     4\n');
    expect(r.stdout).toContain('    a  b  c  d  e  f  g  h');
    expect(lastStatus(r.stdout)).toBe('E | Black 12 White 12 | move 1 | Black to move');
    expect(r.stdout).toContain('Black to move> ');
  });

  it('board: numbers beside numeric boards, mirrored for Spanish, none for Russian (algebraic)', () => {
    const english = draughtsGame('english').initial().position;
    const lines = renderBoard(english).split('\n');
    expect(lines[0]).toBe('     a  b  c  d  e  f  g  h');
    expect(lines[1]).toBe(' 8 |    b     b     b     b |  8          1     2     3     4');
    expect(lines[8]).toBe(' 1 | w     w     w     w    |  1      29    30    31    32');
    // Spanish: the mirrored board, square 1 at White's right-hand corner (h1), a1 not a playing square.
    const spanish = draughtsGame('spanish').initial().position;
    expect(renderBoard(spanish).split('\n')[8]).toBe(' 1 |    w     w     w     w |  1          4     3     2     1');
    const russian = draughtsGame('russian').initial().position;
    expect(renderBoard(russian).split('\n')[8]).toBe(' 1 | w     w     w     w    |  1');
    // Flipped: Black at the bottom, files from h to a, the numbers turned with the board.
    const flipped = renderBoard(english, true).split('\n');
    expect(flipped[0]).toBe('     h  g  f  e  d  c  b  a');
    expect(flipped[1]).toBe(' 1 |    w     w     w     w |  1         32    31    30    29');
    expect(flipped[8]).toBe(' 8 | b     b     b     b    |  8       4     3     2     1');
  });

  it('a whole game from the start to its end by the rules, typed move by move', async () => {
    // A seeded random Thai game played to its end; every move typed as the game writes it.
    const game = draughtsGame('thai');
    const rng = createRng(2024);
    let s = game.initial();
    const typed: string[] = [];
    while (!game.outcome(s)) {
      const m = rng.pick(game.legalMoves(s));
      typed.push(game.formatMove(s, m));
      s = game.play(s, m);
    }
    const o = game.outcome(s);
    const r = await play(`${typed.join('\n')}\n`, '--variant', 'thai');
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(/move\/(illegal|syntax|ambiguous)/);
    const end =
      o?.kind === 'win'
        ? `${o.winner === 0 ? 'White' : 'Black'} wins (${reasonWords(o.reason)}).`
        : `Draw (${reasonWords(o?.reason ?? '')}).`;
    expect(r.stdout).toContain(end);
    expect(r.stdout.trimEnd().endsWith('Game over>')).toBe(true);
  });

  it('a win by taking the last piece is reported as such, not as "no moves"', async () => {
    const file = join(dir, 'last-piece.pdn');
    writeFileSync(file, '[GameType "25"]\n[FEN "W:Wc3:Bd4"]\n*\n');
    const r = await play('c3xe5\n', '--load', file);
    expect(r.stdout).toContain('White wins (took the last piece).');
    expect(r.stdout).not.toContain('no moves');
  });

  it('takes back and redoes moves', async () => {
    const r = await play('32-28\n19-23\nundo\nundo\nredo\n', '--variant', 'international');
    expect(lastStatus(r.stdout)).toBe('W | White 20 Black 20 | move 1 | Black to move | last 32-28');
    const s = r.stdout.split('Black to move> ').length - 1;
    expect(s).toBeGreaterThanOrEqual(2);
  });

  it('reads start and end squares alone, and a single square when its piece has one move', async () => {
    const r = await play('32 28\n1923\n28 19\n14\n', '--variant', 'international');
    expect(r.stdout).not.toMatch(/move\//);
    expect(lastStatus(r.stdout)).toBe('W | White 19 Black 19 | move 3 | White to move | last 14x23');
    const russian = await play('c3 d4\nf6g5\n', '--variant', 'russian');
    expect(lastStatus(russian.stdout)).toBe('R | White 12 Black 12 | move 2 | White to move | last f6-g5');
  });

  it('a refused entry reads as words for people: no code, no "(at character 1)"', async () => {
    const r = await play('zz\n32-28\n', '--variant', 'english');
    expect(r.stdout).toContain('> "zz" is not a move: write the squares joined by - or x, like 32-28 or 28x19\n');
    expect(r.stdout).toContain("> 32-28 is not legal: the piece on 32 is not Black's\n");
    expect(r.stdout).not.toMatch(/move\/[a-z-]+:|at character/);
  });

  it('refuses an ambiguous shorthand with the choices', async () => {
    const single = await play('33\n', '--variant', 'international');
    expect(single.stdout).toContain('> The piece on 33 has 2 moves: 33-28, 33-29; type one\n');
    // English: White man on 31 takes to 15 by 22 or by 24.
    const file = join(dir, 'two-ways.pdn');
    writeFileSync(file, '[GameType "21"]\n[FEN "W:W31:B26,27,18,19"]\n*\n');
    const capture = await play('31 15\n31 24 15\n', '--load', file);
    expect(capture.stdout).toContain('> "31-15" could be 31x22x15 or 31x24x15: give the squares in between\n');
    expect(lastStatus(capture.stdout)).toMatch(/\| last 31x24x15$/);
  });

  it('lists the legal moves on request and inverts the board', async () => {
    const r = await play('moves\nflip\n', '--variant', 'english');
    expect(r.stdout).toContain('9-13  9-14  10-14  10-15  11-15  11-16  12-16');
    expect(r.stdout).toContain('     h  g  f  e  d  c  b  a');
  });

  it("shows the draw counter while it runs: stage 1 after a king's quiet move", async () => {
    const file = join(dir, 'kings.pdn');
    writeFileSync(file, '[GameType "20"]\n[FEN "W:WK46:BK1"]\n*\n');
    const r = await play('46-41\n1-7\n', '--load', file);
    expect(r.stdout).toContain('W | White 1 Black 1 | counter 1: 29 | move 1 | Black to move | last 46-41');
    expect(lastStatus(r.stdout)).toBe('W | White 1 Black 1 | counter 1: 28 | move 2 | White to move | last 1-7');
    // A man move resets it: the counter disappears.
    writeFileSync(file, '[GameType "20"]\n[FEN "W:WK46,35:BK1"]\n*\n');
    const reset = await play('46-41\n1-7\n35-30\n', '--load', file);
    expect(lastStatus(reset.stdout)).toBe('W | White 2 Black 1 | move 2 | Black to move | last 35-30');
  });

  it("the status line is rendered from the catalogue's status: its draw counter, pieces and move number", async () => {
    // Two kings each: every king move is inactive (manual 2.4), so the counter runs.
    const position = 'W:WK46,K50:BK1,K4';
    const file = join(dir, 'counter.pdn');
    writeFileSync(file, `[GameType "20"]\n[FEN "${position}"]\n*\n`);
    const typed = ['46-41', '1-7', '50-44'];
    const r = await play(`${typed.join('\n')}\n`, '--load', file);
    // The catalogue's status of the same line.
    const st = statusAfter(setupFrom(draughtsEntry, { variant: 'international', position }), typed);
    expect(st.counter).toEqual({ stage: 1, left: 27 });
    const pieces = (p: 0 | 1) => st.men[p] + st.kings[p];
    expect(lastStatus(r.stdout)).toBe(
      `${st.letter} | White ${pieces(0)} Black ${pieces(1)} | counter ${st.counter?.stage}: ${st.counter?.left} | move ${st.moveNumber} | Black to move | last 50-44`,
    );
  });

  it('saves to PDN and loads it back, in the same or a later session', async () => {
    const file = join(dir, 'saved.pdn');
    await play(`32-28\n19-23\n28x19\nsave ${file}\nquit\n`, '--variant', 'international', '--giveaway');
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('[GameType "20"]');
    expect(text).toContain('[Variant "Give-away"]');
    expect(text).toMatch(/\n1\. 32-28 19-23 2\. 28x19 \*\n$/);
    const back = parsePdn(text);
    expect(back.ok && back.value[0]?.moves.length).toBe(3);
    // Load inside a session, then go on playing.
    const again = await play(`load ${file}\n14x23\n`, '--variant', 'international', '--giveaway');
    expect(again.stdout).toContain(`Loaded ${file}.`);
    expect(lastStatus(again.stdout)).toBe('W give-away | White 19 Black 19 | move 3 | White to move | last 14x23');
    // Or start from the file: the rule set and give-away come from it.
    const started = await play('', '--load', file);
    expect(lastStatus(started.stdout)).toBe('W give-away | White 20 Black 19 | move 2 | Black to move | last 28x19');
  });

  it('a game loaded from a file is saved again with its own tags and comments', async () => {
    const file = join(dir, 'annotated.pdn');
    writeFileSync(file, '[Event "Club"]\n[Round "3"]\n[WhiteElo "2100"]\n[GameType "20"]\n\n1. 32-28 {good} 19-23 *\n');
    const saved = join(dir, 'annotated-saved.pdn');
    await play(`28x19\nsave ${saved}\n`, '--load', file);
    const text = readFileSync(saved, 'utf8');
    expect(text).toContain('[Event "Club"]');
    expect(text).toContain('[Round "3"]');
    expect(text).toContain('[WhiteElo "2100"]');
    expect(text).toMatch(/\n1\. 32-28 \{good\} 1\.\.\. 19-23 2\. 28x19 \*\n$/);
  });

  it('refuses to load a game of another rule set, naming it', async () => {
    const file = join(dir, 'russian.pdn');
    writeFileSync(file, '[GameType "25"]\n1. c3-d4 *\n');
    const r = await play(`load ${file}\n`, '--variant', 'international');
    expect(r.stdout).toMatch(/: The file holds a game of Russian draughts, this is International draughts/);
  });

  it('resignation and an accepted draw offer end the game; the result is saved and loaded', async () => {
    const file = join(dir, 'resigned.pdn');
    const r = await play(`11-15\nresign\ny\nsave ${file}\n`, '--variant', 'english');
    expect(r.stdout).toContain('Black wins (resigned).');
    expect(readFileSync(file, 'utf8')).toContain('[Result "1-0"]'); // English: the first score is Black's
    const loaded = await play('', '--load', file);
    expect(loaded.stdout).toContain('Black wins (resigned).');
    const drawn = await play('32-28\ndraw\ny\n', '--variant', 'international');
    expect(drawn.stdout).toContain('Draw (agreed).');
    const declined = await play('draw\nn\n', '--variant', 'international');
    expect(declined.stdout).toContain('The draw offer is declined.');
  });

  it('prints the position as FEN and the game as PDN on request', async () => {
    const r = await play('32-28\nfen\npdn\n', '--variant', 'international');
    const intl = draughtsGame('international');
    const first = intl.legalMoves(intl.initial()).find((m) => m.from === 32 && m.to === 28);
    const after = first ? intl.formatPosition(intl.play(intl.initial(), first)) : '';
    expect(after).toMatch(/^B:W28,31,/);
    expect(r.stdout).toContain(`${after}\n`);
    expect(r.stdout).toContain('[Event "Tactica game"]');
    expect(r.stdout).toContain('1. 32-28 *');
  });

  it('needs a rule set, and refuses an unknown one', async () => {
    const none = await play('');
    expect(none.code).not.toBe(0);
    expect(none.stderr).toMatch(/--variant is required/);
    const untyped = join(dir, 'untyped.pdn');
    writeFileSync(untyped, '1. 11-15 *\n');
    const noType = await play('', '--load', untyped);
    expect(noType.code).not.toBe(0);
    expect(noType.stderr).toMatch(/pdn\/no-game-type/);
    expect((await play('', '--load', untyped, '--variant', 'english')).stdout).toContain('last 11-15');
    const bad = await play('', '--variant', 'checkers');
    expect(bad.code).not.toBe(0);
    // The catalogue reads the option; its coded error names the flag.
    expect(bad.stderr).toBe(
      'tactica: bad --variant: options/bad-value: must be one of international, english, spanish, russian, brazilian, thai, pool\n',
    );
  });

  it('the tactica play menu asks for the rule set and give-away, then starts', async () => {
    // (Then the opponent: 0 is a person at this keyboard; computer opponents are tested in computer.test.ts.)
    const r = await runCapture(['play'], { input: 'draughts\n4\ny\n0\n\n\n\n\nquit\ny\n' });
    expect(r.stdout).toContain('Draughts rule sets:');
    expect(r.stdout).toContain('4. Russian draughts (R)');
    expect(lastStatus(r.stdout)).toBe('R give-away | White 12 Black 12 | move 1 | White to move');
  });
});
