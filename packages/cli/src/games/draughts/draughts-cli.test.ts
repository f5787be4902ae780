import { describe, expect, it } from 'vitest';
import { runCapture } from '../../testing.js';

describe('tactica perft draughts', () => {
  it('prints the node count as the last line (International start, depth 5: 27117, Aart Bik / dctl)', async () => {
    const r = await runCapture(['perft', 'draughts', '--variant', 'international', '--depth', '5']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('27117\n');
  });

  it('--divide prints one "<move> <count>" line per root move, then the total', async () => {
    const r = await runCapture(['perft', 'draughts', '--variant', 'english', '--depth', '3', '--divide']);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(8);
    expect(lines[0]).toMatch(/^9-13 \d+$/);
    const sum = lines.slice(0, -1).reduce((n, l) => n + Number(l.split(' ')[1]), 0);
    expect(lines.at(-1)).toBe('302');
    expect(sum).toBe(302);
  });

  it('takes a FEN, with ranges, and --giveaway (same moves, same count)', async () => {
    const fen = 'W:W31-50:B1-20';
    const a = await runCapture(['perft', 'draughts', '--variant', 'international', '--fen', fen, '--depth', '4']);
    const b = await runCapture([
      'perft',
      'draughts',
      '--variant',
      'international',
      '--fen',
      fen,
      '--giveaway',
      '--depth',
      '4',
    ]);
    expect(a.stdout).toBe('4265\n');
    expect(b.stdout).toBe('4265\n');
  });

  it('reads the algebraic FEN of Russian', async () => {
    const r = await runCapture(['perft', 'draughts', '--variant', 'russian', '--fen', 'W:Wc3:Bd4,f6', '--depth', '1']);
    expect(r.stdout).toBe('1\n');
  });

  it('depth 0 counts the root', async () => {
    const r = await runCapture(['perft', 'draughts', '--variant', 'thai', '--depth', '0']);
    expect(r.stdout).toBe('1\n');
  });

  it.each([
    [['--variant', 'checkers', '--depth', '2'], /unknown variant "checkers"/],
    [['--variant', 'english', '--depth', 'two'], /--depth must be a whole number/],
    [['--variant', 'english', '--depth', '2', '--fen', 'W:W33:B1'], /bad --fen: fen\/bad-square/],
  ])('refuses bad input with a message on stderr and a non-zero exit: %j', async (args, message) => {
    const r = await runCapture(['perft', 'draughts', ...args]);
    expect(r.code).not.toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message);
  });

  it('requires --variant and --depth', async () => {
    const r = await runCapture(['perft', 'draughts', '--depth', '2']);
    expect(r.code).not.toBe(0);
    expect(r.stdout).toBe('');
  });
});

describe('tactica moves draughts', () => {
  it('prints every legal move, one per line, nothing else (English start: Black moves first)', async () => {
    const r = await runCapture(['moves', 'draughts', '--variant', 'english']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(['9-13', '9-14', '10-14', '10-15', '11-15', '11-16', '12-16', ''].join('\n'));
  });

  it('writes Russian moves in algebraic notation', async () => {
    // c3 takes d4, lands on e5 and must go on over f6 to g7.
    const r = await runCapture(['moves', 'draughts', '--variant', 'russian', '--fen', 'W:Wc3:Bd4,f6']);
    expect(r.stdout).toBe('c3xg7\n');
  });

  it('gives the full path only when two captures share start and end', async () => {
    // White man on 31 (e1): over 26 and 18 to 15 by 22, or over 27 and 19 to 15 by 24.
    const r = await runCapture(['moves', 'draughts', '--variant', 'english', '--fen', 'W:W31:B26,27,18,19']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('31x22x15\n31x24x15\n');
  });

  it('refuses a bad FEN naming what and where', async () => {
    const r = await runCapture(['moves', 'draughts', '--variant', 'spanish', '--fen', 'W:W1,1:B32']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/fen\/duplicate-square/);
    expect(r.stdout).toBe('');
  });
});
