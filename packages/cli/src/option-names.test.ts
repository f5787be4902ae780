/**
 * One name and one unit for the same thing on every command: `--position` for a start position (draughts' `--fen`
 * is its older name, still read) and `--time` in seconds, with a unit when one is written (`90s`, `2m`); DXP's
 * `--time`, which counted minutes, still reads a bare number as minutes and says so.
 */
import { describe, expect, it } from 'vitest';
import { dxpMinutes } from './games/draughts/dxp/command.js';
import { parseExternalMatchArgs } from './games/draughts/external/match.js';
import { parseDuration, secondsOption } from './numeric-options.js';
import { runCapture } from './testing.js';

/** The start without Black's man on 20: a position perft counts apart from the start. */
const FEN = 'W:W31-50:B1-19';
const perft = (...args: string[]) =>
  runCapture(['perft', 'draughts', '--variant', 'international', '--depth', '3', ...args]);

describe('--position on every game, --fen its older name for draughts', () => {
  it('perft draughts counts the same from --position as from --fen', async () => {
    const byPosition = await perft('--position', FEN);
    const byFen = await perft('--fen', FEN);
    const start = await perft();
    expect(byPosition.code).toBe(0);
    expect(byPosition.stdout).toMatch(/^\d+\n$/);
    expect(byPosition.stdout).not.toBe(start.stdout);
    expect(byFen.stdout).toBe(byPosition.stdout);
    // The same position twice is no contradiction.
    expect((await perft('--position', FEN, '--fen', FEN)).stdout).toBe(byPosition.stdout);
  });

  it('moves draughts lists the same moves from --position as from --fen', async () => {
    const args = ['moves', 'draughts', '--variant', 'russian'];
    const a = await runCapture([...args, '--position', 'W:Wc3:Bd4,f6']);
    const b = await runCapture([...args, '--fen', 'W:Wc3:Bd4,f6']);
    expect(a.code).toBe(0);
    expect(a.stdout).toBe('c3xg7\n');
    expect(b.stdout).toBe(a.stdout);
  });

  it('analyse draughts reads --position', async () => {
    const r = await runCapture([
      'analyse',
      'draughts',
      '--variant',
      'english',
      '--giveaway',
      '--position',
      'W:W21:B17',
      '--depth',
      '4',
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^score /);
  });

  it('a bad position is refused naming the flag that gave it; two different ones are refused', async () => {
    const bad = await perft('--position', 'W:W33:B1', '--variant', 'english');
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/bad --position: fen\/bad-square/);
    expect((await perft('--fen', 'W:W33:B1', '--variant', 'english')).stderr).toMatch(/bad --fen: fen\/bad-square/);
    const both = await perft('--position', FEN, '--fen', 'W:W31-50:B1-20');
    expect(both.code).not.toBe(0);
    expect(both.stderr).toContain('give the position once: --position or --fen');
  });

  it('--help shows --position first and --fen as its older name', async () => {
    const r = await runCapture(['perft', 'draughts', '--help']);
    const help = r.stdout + r.stderr;
    expect(help).toMatch(/--position <FEN>/);
    expect(help).toMatch(/--fen <FEN> +the same as --position \(its older name\)/);
    expect(help.indexOf('--position <FEN>')).toBeLessThan(help.indexOf('--fen <FEN>'));
  });

  it('match:external reads --position, and --fen as before', () => {
    const base = ['--engine', 'scan hub', '--protocol', 'hub'];
    const a = parseExternalMatchArgs([...base, '--position', 'W:W31-50:B1-20']);
    const b = parseExternalMatchArgs([...base, '--fen', 'W:W31-50:B1-20']);
    expect(a.ok && a.value.fen).toBe('W:W31-50:B1-20');
    expect(b.ok && b.value.fen).toBe('W:W31-50:B1-20');
    const both = parseExternalMatchArgs([...base, '--position', 'W:W31-50:B1-20', '--fen', 'W:W31:B1']);
    expect(both.ok).toBe(false);
    if (!both.ok) expect(both.error.message).toMatch(/--position: give the position once/);
  });
});

describe('--time in seconds everywhere, a unit when written', () => {
  it.each([
    ['2', 2],
    ['0.5', 0.5],
    ['.25', 0.25],
    ['90s', 90],
    ['2m', 120],
    ['1.5m', 90],
    ['0.3s', 0.3],
  ])('"%s" is %d seconds', (text, seconds) => {
    expect(parseDuration(text)).toBeCloseTo(seconds, 9);
  });

  it.each(['', 's', '1e9', 'Infinity', '-1', '0x10', ' 12', '5h', '5 m', '1.2.3', '2M'])(
    '"%s" is no duration',
    (text) => {
      expect(parseDuration(text)).toBeUndefined();
    },
  );

  it('a bare number is in the unit given (minutes for DXP), a written unit wins', () => {
    expect(parseDuration('5', 'm')).toBe(300);
    expect(parseDuration('30s', 'm')).toBe(30);
  });

  it('analyse takes --time with a unit, bounded in seconds', async () => {
    expect(secondsOption('--time', '2m', 3600)).toBe(120);
    expect(() => secondsOption('--time', '61m', 3600)).toThrow(/at most 3600/);
    const r = await runCapture(['analyse', 'draughts', '--variant', 'english', '--time', '0.2s']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^score .* depth \d+ nodes \d+ time \d+ms\npv /);
  });

  it('match:external takes --time with a unit', () => {
    const base = ['--engine', 'scan hub', '--protocol', 'hub'];
    const r = parseExternalMatchArgs([...base, '--time', '0.5s']);
    expect(r.ok && r.value.seconds).toBe(0.5);
    const m = parseExternalMatchArgs([...base, '--time', '1m']);
    expect(m.ok && m.value.seconds).toBe(60);
    expect(parseExternalMatchArgs([...base, '--time', '1e3']).ok).toBe(false);
  });

  it('dxp --time: whole minutes written 5m or 300s; a bare 5, its old form, is still 5 minutes, with a note', () => {
    const notes: string[] = [];
    const note = (line: string) => notes.push(line);
    expect(dxpMinutes('5m', note)).toBe(5);
    expect(dxpMinutes('300s', note)).toBe(5);
    expect(notes).toEqual([]);
    expect(dxpMinutes('5', note)).toBe(5);
    expect(notes).toEqual(["dxp: --time 5 is read as 5 minutes (DXP's unit); write it --time 5m"]);
    expect(() => dxpMinutes('90s', note)).toThrow(/whole minutes from 1 to 999/);
    expect(() => dxpMinutes('0m', note)).toThrow(/whole minutes/);
    expect(() => dxpMinutes('1000m', note)).toThrow(/whole minutes/);
  });
});
