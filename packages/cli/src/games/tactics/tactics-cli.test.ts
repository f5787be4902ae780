import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tacticsEntry } from '@tactica/catalogue/tactics';
import { setupFrom } from '../../setup-options.js';
import { runCapture, statusAfter } from '../../testing.js';
import { tacticsCli } from './index.js';

const dir = mkdtempSync(join(tmpdir(), 'tactics-cli-'));
// Named saves go to a private library for this test file (each test file runs in its own worker).
process.env['TACTICA_HOME'] = join(dir, 'home');

const games = [tacticsCli];
const run = (argv: string[], input?: string) => runCapture(argv, input === undefined ? { games } : { games, input });

/** The manual's first worked-example diagram as position text. */
const EXAMPLE = 'R*R*b*R*R2R/5*R2/1Q1Q1*B2/4R3/*Q4*Q2/4*b2*B/4R3/8 w 0';

describe('tactica perft tactics', () => {
  it('prints the node count, and only that', async () => {
    for (const [depth, nodes] of [
      ['0', '1'],
      ['1', '62'],
      ['3', '219042'],
    ]) {
      const r = await run(['perft', 'tactics', '--depth', depth!]);
      expect(r.code).toBe(0);
      expect(r.stdout).toBe(`${nodes}\n`);
    }
  });

  it('--divide lists each first move with its count, the total last', async () => {
    const r = await run(['perft', 'tactics', '--depth', '2', '--divide']);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(63);
    expect(lines[0]).toMatch(/^a1-a2: \d+$/);
    expect(lines.at(-1)).toBe('3552');
  });

  it('takes --position', async () => {
    const r = await run(['perft', 'tactics', '--depth', '1', '--position', EXAMPLE]);
    expect(r.stdout.trim().split('\n').at(-1)).toBe(
      String((await run(['moves', 'tactics', '--position', EXAMPLE])).stdout.trim().split('\n').length),
    );
  });

  it('refuses a bad depth or position on stderr with a non-zero exit', async () => {
    const bad = await run(['perft', 'tactics', '--depth', 'x']);
    expect(bad.code).not.toBe(0);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toContain('--depth');
    const pos = await run(['perft', 'tactics', '--depth', '1', '--position', 'nonsense']);
    expect(pos.code).not.toBe(0);
    expect(pos.stdout).toBe('');
    expect(pos.stderr).toContain('position/fields');
  });
});

describe('tactica moves tactics', () => {
  it('lists the legal moves of the start, one a line, in square order', async () => {
    const r = await run(['moves', 'tactics']);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(62);
    expect(lines.slice(0, 8)).toEqual(['a1-a2', 'a1-a3', 'a1-a4', 'a1-a5', 'a1-a6', 'a1-a7', 'a1-b2', 'a1-c3']);
    expect(lines).toContain('c1-c7');
    expect(lines).not.toContain('c1-c8');
  });

  it('takes --position: in the manual example White may play h1-f1', async () => {
    const r = await run(['moves', 'tactics', '--position', EXAMPLE]);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')).toContain('h1-f1');
    expect(r.stdout.split('\n')).not.toContain('c1-d2'); // c1 is White's frozen Bishop
  });

  it('prints no moves when the game is over, saying why on stderr', async () => {
    const r = await run(['moves', 'tactics', '--position', '*r*b6/8/8/8/8/8/8/7*Q w 0']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('0-1 (White has every piece frozen)');
    // Mobile pieces all blocked: no legal move, told apart.
    const blocked = await run(['moves', 'tactics', '--position', '7*Q/8/8/8/8/2*b5/*R7/R*R6 w 0']);
    expect(blocked.stderr).toContain('0-1 (White has no legal move)');
  });
});

describe('tactica replay tactics', () => {
  it("replays the manual's worked example and prints the last diagram of the manual (b1 shaded)", async () => {
    const file = join(dir, 'example.tactics');
    writeFileSync(file, `[Game "Tactics"]\n[Position "${EXAMPLE}"]\n\n1. h1-f1 a5-c3 2. c1-f4 c3-e5 *\n`);
    const r = await run(['replay', 'tactics', file]);
    expect(r.code).toBe(0);
    const printed = readFileSync(
      new URL('../../../../tactics/testdata/manual/5-after-c3-e5.txt', import.meta.url),
      'utf8',
    );
    const expected = printed.replace('1 | R | r |', '1 | R |:r:|');
    expect(r.stdout).toBe(
      `${expected}Rr1rrR2/5r2/1*q1*q1b2/4RB2/4*Qq2/4*b2*B/4R3/8 w 1\n4 moves, result * (White to move)\n`,
    );
  });

  it('reports a bad record with its place, on stderr, with a non-zero exit', async () => {
    const file = join(dir, 'bad.tactics');
    writeFileSync(file, '1. c1-c5 c8-c5\n');
    const r = await run(['replay', 'tactics', file]);
    expect(r.code).not.toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('record/illegal-move');
    expect(r.stderr).toContain('line 1, column 10');
    const missing = await run(['replay', 'tactics', join(dir, 'missing.tactics')]);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain('cannot read');
  });
});

describe('tactica play tactics', () => {
  it('plays moves typed at the keyboard, flipping pieces, and shows the status line', async () => {
    const r = await run(['play', 'tactics', '--position', EXAMPLE], 'h1-f1\nquit\n');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('1 | R |:r:| B |:r:| r |:R:|   |:::| 1');
    expect(r.stdout).toContain('Black to move · move 1 · 0 plies without a flip (draw at 100)');
  });

  it('explains an illegal move in words (no code) and keeps the position', async () => {
    const r = await run(['play', 'tactics'], 'c1-c8\nc1-d2\nf1-f9\nquit\n');
    expect(r.stdout).toContain('> c8 is occupied: pieces never capture\n');
    expect(r.stdout).toContain('> A Rook moves along a rank or file: c1-d2 is not such a move\n');
    expect(r.stdout).toContain('> "f9" is not a square of the board (a1 to h8)\n');
    expect(r.stdout).not.toMatch(/move\/[a-z-]+:|at character/);
    expect(r.stdout).toContain('White to move · move 1');
  });

  it('lists the legal moves, takes back and redoes', async () => {
    const r = await run(['play', 'tactics'], 'moves\nc1-c5\nc8-c6\nundo\nundo\nredo\nposition\nquit\ny\n');
    expect(r.stdout).toContain('a1-a2  a1-a3');
    // After two takebacks and one redo, c1-c5 is played and Black is to move.
    expect(r.stdout).toContain('QB1RRRBQ/8/8/8/2R5/8/8/*Q*B*R*R*R*R*B*Q b 1');
  });

  it('saves a game to a record file and loads it back', async () => {
    const file = join(dir, 'saved.tactics');
    await run(['play', 'tactics'], `c1-c5\nc8-c6\nsave ${file}\nquit\n`);
    expect(readFileSync(file, 'utf8')).toBe('[Game "Tactics"]\n[Result "*"]\n\n1. c1-c5 c8-c6 *\n');
    const r = await run(['play', 'tactics', '--load', file], 'position\nquit\n');
    expect(r.stdout).toContain('QB1RRRBQ/8/8/8/2R5/2*R5/8/*Q*B1*R*R*R*B*Q w 2');
    const viaLoad = await run(['play', 'tactics'], `load ${file}\nposition\nquit\n`);
    expect(viaLoad.stdout).toContain('QB1RRRBQ/8/8/8/2R5/2*R5/8/*Q*B1*R*R*R*B*Q w 2');
  });

  it('keeps named games in the save library and restores them by number or title', async () => {
    const kept = await run(['play', 'tactics'], 'd1-d4\nkeep Club night\nquit\n');
    // Kept in the library, the game is saved: leaving does not ask "Quit anyway?".
    expect(kept.stdout).toContain('Stored as "Club night".');
    expect(kept.stdout).not.toContain('Quit anyway?');
    const listed = await run(['play', 'tactics'], 'saves\nquit\n');
    expect(listed.stdout).toMatch(/1\. Club night \(Black to move, move 1, saved /);
    const restored = await run(['play', 'tactics'], 'restore 1\nposition\nquit\n');
    expect(restored.stdout).toContain('Restored "Club night".');
    expect(restored.stdout).toContain('QBR1RRBQ/8/8/3R4/8/8/8/*Q*B*R*R*R*R*B*Q b 1');
    const resumed = await run(['play', 'tactics', '--resume', 'club night'], 'position\nquit\n');
    expect(resumed.stdout).toContain('QBR1RRBQ/8/8/3R4/8/8/8/*Q*B*R*R*R*R*B*Q b 1');
    const loaded = await run(['play', 'tactics', '--load', '1'], 'position\nquit\n');
    expect(loaded.stdout).toContain('QBR1RRBQ/8/8/3R4/8/8/8/*Q*B*R*R*R*R*B*Q b 1');
    const missing = await run(['play', 'tactics', '--load', 'no such game'], '');
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain('save/not-found');
  });

  it('resigning ends the game with the result, and takeback undoes the resignation', async () => {
    const r = await run(['play', 'tactics'], 'c1-c5\nresign\ny\nboard\nundo\nposition\nquit\ny\n');
    expect(r.stdout).toContain('White wins (resigned).');
    expect(r.stdout).toContain('QB1RRRBQ/8/8/8/2R5/8/8/*Q*B*R*R*R*R*B*Q b 1');
  });

  it("announces the end by the rules: freezing the opponent's last mobile piece wins, said so", async () => {
    const r = await run(['play', 'tactics', '--position', '8/8/8/3R4/3*R4/8/8/3R4 w 0'], 'd8-d6\n');
    expect(r.stdout).toContain('White wins (froze the last mobile piece).');
  });
});

describe('tactica play tactics: the status line', () => {
  it("is rendered from the catalogue's status: plies without a flip and repetitions against their limits", async () => {
    // Two rooks walk out and back: the start position comes round again, with no flip.
    const position = 'R7/8/8/8/8/8/8/7*R w 0';
    const typed = ['a1-a4', 'h8-h5', 'a4-a1', 'h5-h8'];
    const r = await run(['play', 'tactics', '--position', position], `${typed.join('\n')}\n`);
    const st = statusAfter(setupFrom(tacticsEntry, { position }), typed);
    expect([st.quietPlies, st.repetitions]).toEqual([4, 2]);
    const shown = r.stdout.split('\n').filter((l) => / to move · move /.test(l));
    expect(shown.at(-1)).toBe(
      `White to move · move ${st.moveNumber} · ${st.quietPlies} plies without a flip (draw at ${st.quietLimit}) · this position seen twice (draw at ${st.repetitionLimit})`,
    );
  });
});
