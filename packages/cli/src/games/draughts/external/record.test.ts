import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseExternalMatchArgs, runExternalMatch } from './match.js';
import { appendMatchRecord, currentCommit, formatMatchRecord, RESULTS_FILE, RESULTS_SECTION } from './record.js';
import { firstMovers } from './testing.js';

const entry = (n: number): string =>
  formatMatchRecord({
    date: new Date(Date.UTC(2026, 10, 29, 8, n)),
    command: `npm run match:external -- --engine x --protocol cb --from ${n}`,
    commit: 'abc1234567',
    title: `Tactica master vs Cake, english, 0.3 s a move (${n})`,
    lines: ['Tactica master vs Cake: +1 =0 -1', 'threads: Tactica 1, Cake not set', 'load: quiet, 0 of 2 games loaded'],
  });

describe('--record: the entry in bench/RESULTS.md', () => {
  it('an entry holds the command, the commit, the date and every report line', () => {
    expect(entry(5)).toBe(
      [
        '### 2026-11-29 08:05 UTC — Tactica master vs Cake, english, 0.3 s a move (5)',
        '',
        '```',
        'npm run match:external -- --engine x --protocol cb --from 5',
        '```',
        '',
        '- commit abc1234567',
        '- Tactica master vs Cake: +1 =0 -1',
        '- threads: Tactica 1, Cake not set',
        '- load: quiet, 0 of 2 games loaded',
        '',
      ].join('\n'),
    );
  });

  it('the section is made at the end the first time; later entries go at its end, before the next section', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'tactica-record-')), 'RESULTS.md');
    writeFileSync(file, '# Results\n\n## Other\n\ntext\n');
    appendMatchRecord(file, entry(1));
    let text = readFileSync(file, 'utf8');
    expect(text.startsWith('# Results\n\n## Other\n\ntext\n\n## External matches (issue 42)\n')).toBe(true);
    expect(text.endsWith(entry(1))).toBe(true);
    // Another section after it: the next entry still lands inside "External matches".
    writeFileSync(file, `${text}\n## Later\n\nmore\n`);
    appendMatchRecord(file, entry(2));
    text = readFileSync(file, 'utf8');
    const section = text.indexOf(RESULTS_SECTION);
    const later = text.indexOf('## Later');
    expect(text.indexOf('(1)')).toBeGreaterThan(section);
    expect(text.indexOf('(2)')).toBeGreaterThan(text.indexOf('(1)'));
    expect(text.indexOf('(2)')).toBeLessThan(later);
    expect(text.match(/## External matches/g)).toHaveLength(1);
    expect(text).toContain(`${entry(2)}\n## Later\n`);
  });

  it("the repository's results file has the section, and an entry lands inside it, before the next section", () => {
    const repo = readFileSync(RESULTS_FILE, 'utf8');
    expect(repo.match(/^## External matches \(issue 42\)$/gm)).toHaveLength(1);
    const file = join(mkdtempSync(join(tmpdir(), 'tactica-record-repo-')), 'RESULTS.md');
    writeFileSync(file, repo);
    appendMatchRecord(file, entry(3));
    const text = readFileSync(file, 'utf8');
    const at = text.indexOf(entry(3));
    const section = text.indexOf(`${RESULTS_SECTION}\n`);
    const next = repo.indexOf('\n## ', repo.indexOf(`${RESULTS_SECTION}\n`) + RESULTS_SECTION.length);
    expect(at).toBeGreaterThan(section);
    if (next >= 0) expect(text.slice(at + entry(3).length)).toBe(`\n${repo.slice(next + 1)}`);
  });

  it('the commit is a short hash of the checkout', () => {
    expect(currentCommit()).toMatch(/^([0-9a-f]{10}( \(with uncommitted changes\))?|unknown)$/);
  });
});

describe('--record at the end of a match', () => {
  it('appends the result with the command, commit, threads, load, opening set and games; without it, nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tactica-record-run-'));
    const results = join(dir, 'RESULTS.md');
    writeFileSync(results, '# Results\n');
    const argv = [
      '--protocol',
      'hub',
      '--engine',
      'x',
      '--count',
      '1',
      '--max-plies',
      '10',
      '--pdn',
      join(dir, 'g.pdn'),
    ];
    const plain = parseExternalMatchArgs(argv);
    if (!plain.ok) throw new Error(plain.error.message);
    await runExternalMatch(plain.value, () => undefined, { ...firstMovers(), load: () => 0.3, resultsFile: results });
    expect(readFileSync(results, 'utf8')).toBe('# Results\n');
    const recorded = parseExternalMatchArgs([...argv, '--record']);
    if (!recorded.ok) throw new Error(recorded.error.message);
    const lines: string[] = [];
    await runExternalMatch(recorded.value, (l) => lines.push(l), {
      ...firstMovers(),
      load: () => 0.3,
      resultsFile: results,
    });
    expect(lines.at(-1)).toBe(`recorded in ${results}`);
    const text = readFileSync(results, 'utf8');
    expect(text).toContain(`${RESULTS_SECTION}\n`);
    expect(text).toMatch(/### \d{4}-\d\d-\d\d \d\d:\d\d UTC — Tactica master vs First, international, 1 s a move/);
    expect(text).toContain(`npm run match:external -- ${argv.slice(0, -1).join(' ')} ${join(dir, 'g.pdn')} --record`);
    expect(text).toMatch(/- commit ([0-9a-f]{10}|unknown)/);
    expect(text).toMatch(/- Tactica master vs First: \+\d+ =\d+ -\d+, score .+ \(95%: .+\); a move: /);
    expect(text).toContain('- threads: Tactica 1, First not asked');
    expect(text).toContain('- load: quiet, 0 of 2 games loaded (1-minute load 0.30 at the start, at most 1;');
    expect(text).toMatch(
      /- openings: international: 200 drawn openings \(seed issue-42\) \(bench\/openings\/international-fixed-200\.txt\), openings 1-1 of 200, 2 games, 1 s a move/,
    );
    expect(text).toContain(`- games (PDN, not in git): ${join(dir, 'g.pdn')}`);
  });
});
