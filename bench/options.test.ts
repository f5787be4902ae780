import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const run = (script: string, ...args: string[]) =>
  spawnSync(process.execPath, [`bench/${script}`, ...args], { cwd: root, encoding: 'utf8' });

describe('the training and self-play scripts check their command line', () => {
  it.each(['train-draughts.js', 'draughts-selfplay.js'])(
    '%s: an option it does not know ends the run with exit 2, naming it, before anything is played or written',
    (script) => {
      const r = run(script, '--games', '1', '--rulez', 'english');
      expect(r.status).toBe(2);
      expect(r.stderr).toContain('--rulez: not an option of this script');
      expect(r.stdout).toBe('');
    },
  );

  it.each(['train-draughts.js', 'draughts-selfplay.js'])('%s: --help prints its usage and exits 0', (script) => {
    const r = run(script, '--help');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^(Trains|Self-play) /);
    expect(r.stdout).not.toContain('import ');
  });

  it('draw-openings.js: a mistyped option ends it with exit 2 before it prints a set (its output replaces a file)', () => {
    const r = run('draw-openings.js', '--variant', 'international', '--sead', '7');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--sead: not an option of this script');
    expect(r.stdout).toBe('');
  });
});
