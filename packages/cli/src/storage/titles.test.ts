import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCapture } from '../testing.js';
import { SaveLibrary } from './save-library.js';

/** Issue 18, item 6: titles a person types reach the library through the commands, never a path. */
describe('titles typed at the commands never write outside the save library', () => {
  it('/, .., thousands of characters are titles like any other; control characters are refused', async () => {
    const root = mkdtempSync(join(tmpdir(), 'tactica-titles-'));
    const home = join(root, 'home');
    process.env['TACTICA_HOME'] = home;
    const long = `${'../'.repeat(1500)}etc/passwd`;
    for (const title of ['../../../outside', '/tmp/absolute', 'a/b/c', '..', long]) {
      const r = await runCapture(['tactorus', 'new', title]);
      expect(r.code, r.stderr).toBe(0);
    }
    const refused = await runCapture(['tactorus', 'new', 'bad\u001b[2Jtitle']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe('tactica: store/bad-title: a title cannot hold the control character U+001B\n');
    const kept = await runCapture(['play', 'tactrix'], { input: 'e2-e3\nkeep ../../evil\nkeep a\u0000b\nquit\ny\n' });
    expect(kept.stdout).toContain('Kept as "../../evil".');
    expect(kept.stdout).toContain('A title cannot hold the control character U+0000');
    // Everything is in the library, under ids; nothing beside the home.
    expect(readdirSync(root)).toEqual(['home']);
    expect(readdirSync(home).filter((n) => n !== 'saves' && !n.startsWith('.'))).toEqual([]);
    const files = readdirSync(join(home, 'saves')).filter((n) => !n.startsWith('.'));
    expect(files).toHaveLength(6);
    for (const name of files) expect(name).toMatch(/^[0-9a-f-]{36}\.json$/);
    const library = new SaveLibrary(join(home, 'saves'));
    expect(library.list().map((e) => e.title)).toEqual(
      expect.arrayContaining(['../../../outside', '/tmp/absolute', 'a/b/c', '..', long, '../../evil']),
    );
  });
});
