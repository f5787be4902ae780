import { ContractPosition, levelEngine } from '@tactica/ai';
import { createSession, current, unwrap } from '@tactica/core';
import { nim, type NimState } from '@tactica/core/test-games';
import { describe, expect, it } from 'vitest';
import type { GameCli } from '../game-cli.js';
import { CliError } from '../io.js';
import { runTerminalGame, type TerminalAdapter } from '../terminal/loop.js';
import { memoryIo, runCapture } from '../testing.js';
import { aiTools } from './ai-tools.js';
import { addSeatOptions, seatsFromOptions } from './seats.js';

const engine = levelEngine<NimState, number>({
  game: nim,
  ttLog2: 12,
  levels: [
    { id: 'random', name: 'Random', description: 'any legal move', depth: 0 },
    { id: 'best', name: 'Best', description: 'full search', depth: 20 },
  ],
  position: (s) => new ContractPosition(nim, s, { evaluate: () => 0 }),
});

const nimCli: GameCli = {
  id: 'nim',
  summary: 'Nim',
  commands: {},
  ai: {
    addOptions: (cmd) => cmd.option('--position <text>', 'stones/player'),
    setup(opts) {
      const text = opts['position'];
      const start = typeof text === 'string' ? nim.parsePosition(text) : { ok: true as const, value: nim.initial() };
      if (!start.ok) throw new CliError(`bad --position: ${start.error.message}`);
      return aiTools(nim, start.value, engine);
    },
  },
};

describe('tactica analyse and match', () => {
  it('analyse prints the score line then the principal variation', async () => {
    const r = await runCapture(['analyse', 'nim', '--position', '7/0', '--depth', '12'], { games: [nimCli] });
    expect(r.code).toBe(0);
    const [scoreLine, pvLine] = r.stdout.trim().split('\n');
    expect(scoreLine).toMatch(/^score \d+ depth \d+ nodes \d+ time \d+ms$/);
    expect(pvLine?.startsWith('pv take 3')).toBe(true);
  });

  it('analyse refuses a bad option with a message and a non-zero exit', async () => {
    const r = await runCapture(['analyse', 'nim', '--depth', 'deep'], { games: [nimCli] });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('--depth must be a whole number from 1 to 100');
  });

  // Number() reads all of these; each would start a search or a match without end, or not the one asked for.
  it.each([
    [['analyse', 'nim', '--time', 'Infinity'], '--time must be a number of seconds above 0 and at most 3600'],
    [['analyse', 'nim', '--time', '-1'], '--time must be a number of seconds'],
    [['analyse', 'nim', '--time', '1e9'], '--time must be a number of seconds'],
    [['analyse', 'nim', '--time', '7200'], '--time must be a number of seconds'],
    [['analyse', 'nim', '--depth', '1e9'], '--depth must be a whole number from 1 to 100'],
    [['analyse', 'nim', '--depth', '0x10'], '--depth must be a whole number'],
    [['analyse', 'nim', '--nodes', 'abc'], '--nodes must be a whole number'],
    [['analyse', 'nim', '--nodes', '99999999999'], '--nodes must be a whole number from 1 to 1000000000'],
    [['match', 'nim', '--a', 'ai:best', '--b', 'ai:random', '--games', '1e9'], '--games must be a whole number'],
    [['match', 'nim', '--a', 'ai:best', '--b', 'ai:random', '--games', '0x10'], '--games must be a whole number'],
    [['match', 'nim', '--a', 'ai:best', '--b', 'ai:random', '--games', '1000000'], 'from 1 to 10000'],
    [['match', 'nim', '--a', 'ai:best', '--b', 'ai:random', '--openings', 'Infinity'], '--openings must be'],
    [['match', 'nim', '--a', 'ai:best', '--b', 'ai:random', '--max-plies', '1e5'], '--max-plies must be'],
    [['match', 'nim', '--a', 'ai:best', '--b', 'ai:random', '--seed', '0x10'], '--seed must be a whole number'],
  ])('%j is refused with a clear message', async (argv, message) => {
    const r = await runCapture(argv, { games: [nimCli] });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(message);
    expect(r.stdout).toBe('');
  });

  it('a refused option is echoed escaped and cut short', async () => {
    const r = await runCapture(['analyse', 'nim', '--depth', `\u001b[2J${'9'.repeat(1000)}`], { games: [nimCli] });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('not "\\u001b[2J99999999999…"');
    expect(r.stderr).not.toContain('\u001b');
    expect(r.stderr.length).toBeLessThan(200);
  });

  it('decimal values within the bounds are taken', async () => {
    const r = await runCapture(['analyse', 'nim', '--position', '7/0', '--time', '0.2'], { games: [nimCli] });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^score /);
  });

  it('match prints the score and the Elo difference, progress on stderr', async () => {
    const r = await runCapture(
      ['match', 'nim', '--a', 'ai:best', '--b', 'ai:random', '--games', '20', '--openings', '0'],
      {
        games: [nimCli],
      },
    );
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^Best vs Random: \+\d+ =\d+ -\d+ \(score \d+\.\d%\)$/);
    expect(lines[1]).toMatch(/^Elo difference: [+-]/);
    expect(r.stderr).toContain('game 20/20');
  });

  it('match refuses an unknown level', async () => {
    const r = await runCapture(['match', 'nim', '--a', 'ai:genius', '--b', 'ai:random'], { games: [nimCli] });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('unknown level "genius"');
  });
});

describe('seats from --<seat> options', () => {
  it('a seat given as ai:<level> is played by the engine in the terminal loop', async () => {
    const { Command } = await import('commander');
    const cmd = addSeatOptions(new Command('x'), nim.info.players, ['random', 'best']);
    cmd.parse(['--second', 'ai:best'], { from: 'user' });
    const seats = seatsFromOptions(cmd.opts(), nim, engine, 1);
    expect(seats[0]).toBeUndefined();
    const adapter: TerminalAdapter<NimState, number> = {
      setup: { game: nim, newSession: (o) => createSession(nim, o) },
      render: (s) => `${s.stones}`,
    };
    const { io, stdout } = memoryIo('take 1\n');
    const h = await runTerminalGame(adapter, io, { seats });
    expect(stdout()).toContain('Computer (Best) (Second) plays take 1');
    expect(unwrap(nim.parsePosition('8/0'))).toEqual(current(h));
  });
});
