import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { allDraughtsGames, writePdn, type PdnGame } from '@tactica/draughts';
import { createRng } from '@tactica/core';
import { describe, expect, it } from 'vitest';
import { runCapture } from '../../testing.js';

const testdata = fileURLToPath(new URL('../../../../draughts/testdata/pdn/', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'tactica-replay-'));

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text, 'utf8');
  return path;
}

const replay = (...args: string[]) => runCapture(['replay', 'draughts', ...args]);
const LINE = /^game \d+: [WB]:W[^ ]*:B[^ ]* (2-0|0-2|1-1|1-0|0-1|1\/2-1\/2|0-0|\*)$/;

describe('tactica replay draughts <file.pdn>: the contract', () => {
  it('prints "game <n>: <final FEN> <result>" for each game, nothing else, and exits 0', async () => {
    const r = await replay(join(testdata, 'wk2003-round1.pdn'));
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout.split('\n')).toEqual([
      'game 1: W:W24,25,29,37,38,42,47,49:B4,8,13,14,15,21,26,31 1-1',
      'game 2: B:W24,34,38,40:B9,12,25,28 1-1',
      'game 3: W:W22,30,35,36,39,43:B4,7,8,13,19,29 1-1',
      'game 4: W:W22,28,32,33,35,36,38,45:B11,13,17,19,23,24,25,26 0-2',
      'game 5: B:W14,K36,37,42:B16,26,K44 2-0',
      '',
    ]);
  });

  it("writes results in the rule set's convention: English 1-0 is a Black win, Russian FEN is algebraic", async () => {
    const english = await replay(join(testdata, 'oca-1841-1847.pdn'), '--variant', 'english');
    expect(english.code).toBe(0);
    expect(english.stdout.split('\n')[0]).toBe('game 1: B:WK1,8,12,31,32:B3,9,20,27,28 0-1');
    const russian = await replay(join(testdata, 'ussr-1950.pdn'), '--variant', 'russian');
    expect(russian.code).toBe(0);
    expect(russian.stdout.split('\n')[0]).toBe('game 1: B:Wc3,f6:Ba5,h6,h8 1-0');
    for (const l of [...english.stdout.trim().split('\n'), ...russian.stdout.trim().split('\n')])
      expect(l).toMatch(LINE);
  });

  it('an illegal move: exit 1, the game, move number and move named on stderr, the other games still printed', async () => {
    const path = file(
      'bad.pdn',
      [
        '[GameType "20"]',
        '1. 32-28 19-23 2-0',
        '',
        '[GameType "20"]',
        '1. 32-28 19-23 2. 28x19 14x23',
        '3. 33-28 23x32 4. 37x28 18-23 5. 28x19 14x23 *',
        '',
        '[GameType "20"]',
        '1. 31-27 *',
      ].join('\n'),
    );
    const r = await replay(path);
    expect(r.code).toBe(1);
    expect(
      r.stdout
        .trim()
        .split('\n')
        .map((l) => l.split(':')[0]),
    ).toEqual(['game 1', 'game 3']);
    const lines = r.stderr.trim().split('\n');
    expect(lines[0]).toBe(
      `${path}: pdn/illegal-move: game 2, move 5... 14x23: 14x23 is not legal: there is no piece on 14 (line 6, column 40)`,
    );
    expect(lines.at(-1)).toMatch(/1 of 3 games did not replay/);
  });

  it('an unreadable move is named the same way', async () => {
    const r = await replay(file('junk.pdn', '[GameType "21"]\n1. 11-15 23-19 2. 9-14 zz-9 *\n'));
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/pdn\/bad-move: game 1, move 2\.\.\. zz-9: .*\(line 2, column 24\)/);
  });

  it('takes the rule set from GameType; --variant overrides it or supplies it', async () => {
    const text = '1. 11-15 23-19 *\n';
    const missing = await replay(file('notype.pdn', text));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/pdn\/no-game-type: game 1: .*--variant/);
    const given = await replay(file('notype.pdn', text), '--variant', 'english');
    expect(given.code).toBe(0);
    expect(given.stdout).toMatch(/^game 1: B:W/);
    const bad = await replay(file('notype.pdn', text), '--variant', 'checkers');
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/unknown variant "checkers"/);
  });

  it("gives the rules' result when the record has none and the side to move cannot move (and give-away turns it)", async () => {
    // International: White captures the last black man.
    const text = '[GameType "20"]\n[FEN "W:W28:B23"]\n1. 28x19 *\n';
    expect((await replay(file('won.pdn', text))).stdout).toBe('game 1: B:W19:B 2-0\n');
    expect((await replay(file('won.pdn', text), '--giveaway')).stdout).toBe('game 1: B:W19:B 0-2\n');
    const contradicted = await replay(file('contra.pdn', text.replace('*', '0-2')));
    expect(contradicted.code).toBe(0);
    expect(contradicted.stdout).toBe('game 1: B:W19:B 0-2\n');
    expect(contradicted.stderr).toMatch(/record says 0-2 but the side to move has no move: 2-0 by the rules/);
  });

  it('reads standard input for "-"', async () => {
    const r = await runCapture(['replay', 'draughts', '-'], { input: '[GameType "25"]\n1. c3-d4 f6-g5 *\n' });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^game 1: W:Wa1,/);
  });

  it('a file that cannot be read, or holds no game, exits non-zero with nothing on stdout', async () => {
    const missing = await replay(join(dir, 'no-such-file.pdn'));
    expect(missing.code).toBe(1);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toMatch(/cannot read/);
    const empty = await replay(file('empty.pdn', '\n\n'));
    expect(empty.code).toBe(1);
    expect(empty.stderr).toMatch(/pdn\/empty/);
  });

  it('replays seeded random games of all 14 variants written as PDN, to the final positions they reached', async () => {
    const rng = createRng('replay-cli');
    const games: PdnGame[] = [];
    const finals: string[] = [];
    for (const game of allDraughtsGames()) {
      let s = game.initial();
      const moves = [];
      while (!game.outcome(s) && moves.length < 80) {
        const m = rng.pick(game.legalMoves(s));
        moves.push(m);
        s = game.play(s, m);
      }
      games.push({
        variant: game.rules.id,
        giveaway: game.giveaway,
        tags: [],
        start: game.initial().position,
        moves,
        comments: [],
        result: 'unfinished',
      });
      finals.push(game.formatPosition(s));
    }
    const r = await replay(file('random.pdn', writePdn(games)));
    expect(r.code).toBe(0);
    expect(
      r.stdout
        .trim()
        .split('\n')
        .map((l) => l.split(' ')[2]),
    ).toEqual(finals);
  });
});
