/**
 * A match's entry in `bench/RESULTS.md` (`--record`): appended under "External matches (issue 42)" with everything
 * that makes the figure mean something — the command, the commit, the date, the threads a side, the load, the opening
 * set and slice, the games. Test runs do not pass `--record`, so they never write there.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The repository's results file, from src or dist alike. */
export const RESULTS_FILE = fileURLToPath(new URL('../../../../../../bench/RESULTS.md', import.meta.url));
export const RESULTS_SECTION = '## External matches (issue 42)';

const SECTION_INTRO = `Appended by \`npm run match:external -- … --record\`: each entry is one run on a fixed opening set, with its
command, commit, threads a side and whether the machine was quiet. A "loaded" entry does not measure strength.`;

/** What an entry says. */
export interface MatchRecord {
  readonly date: Date;
  readonly command: string;
  readonly commit: string;
  readonly title: string;
  /** The report's lines (result, conditions), as printed. */
  readonly lines: readonly string[];
}

/** The commit the built code came from (short hash), and whether the work tree had changes; `unknown` outside git. */
export function currentCommit(cwd: string = fileURLToPath(new URL('.', import.meta.url))): string {
  try {
    const hash = execFileSync('git', ['rev-parse', '--short=10', 'HEAD'], { cwd, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd, encoding: 'utf8' });
    return dirty.trim() === '' ? hash : `${hash} (with uncommitted changes)`;
  } catch {
    return 'unknown';
  }
}

/** The entry's Markdown. */
export function formatMatchRecord(r: MatchRecord): string {
  const when = r.date.toISOString().replace('T', ' ').slice(0, 16);
  return [
    `### ${when} UTC — ${r.title}`,
    '',
    '```',
    r.command,
    '```',
    '',
    `- commit ${r.commit}`,
    ...r.lines.map((l) => `- ${l}`),
    '',
  ].join('\n');
}

/** Adds an entry at the end of the section, which is made at the end of the file the first time. */
export function appendMatchRecord(file: string, entry: string): void {
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const start = text.indexOf(`${RESULTS_SECTION}\n`);
  if (start < 0) {
    const sep = text === '' || text.endsWith('\n\n') ? '' : text.endsWith('\n') ? '\n' : '\n\n';
    writeFileSync(file, `${text}${sep}${RESULTS_SECTION}\n\n${SECTION_INTRO}\n\n${entry}`);
    return;
  }
  const next = text.indexOf('\n## ', start + RESULTS_SECTION.length);
  const end = next < 0 ? text.length : next + 1;
  const before = text.slice(0, end);
  const glue = before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
  writeFileSync(file, `${before}${glue}${entry}${next < 0 ? '' : '\n'}${text.slice(end)}`);
}
