import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { runCapture } from '../testing.js';
import { markdownSection, plainMarkdown, RULES_SECTION, rulesFile, rulesText } from './rules-text.js';

beforeEach(() => {
  process.env['TACTICA_HOME'] = mkdtempSync(join(tmpdir(), 'tactica-rules-'));
});

/** How each game on the shared loop is started with its prompt first (no setup questions). */
const GAMES: readonly (readonly [string, readonly string[]])[] = [
  ['draughts', ['--variant', 'english']],
  ['force400', ['--handicap-white', '0', '--no-pause']],
  ['tactics', []],
  ['tactrix', []],
];

describe('the rules command prints the game’s rules from its docs page', () => {
  for (const [game, args] of GAMES) {
    it(`${game}: the section "${RULES_SECTION}" of docs/games/${game}.md, as plain text`, async () => {
      const section = markdownSection(readFileSync(rulesFile(game), 'utf8'), RULES_SECTION);
      expect(section, `docs/games/${game}.md has a "${RULES_SECTION}" section`).toBeDefined();
      const r = await runCapture(['play', game, ...args], { input: 'rules\nquit\ny\n' });
      expect(r.code).toBe(0);
      expect(r.stderr).toBe('');
      const printed = plainMarkdown(section as string);
      expect(r.stdout).toContain(printed);
      expect(printed.startsWith(RULES_SECTION.toUpperCase())).toBe(true);
      // Every line of the section is there, without markdown's marks.
      expect(printed).not.toMatch(/\*\*|```/);
      expect(printed.split('\n').length).toBe((section as string).split('\n').filter((l) => !/^```/.test(l)).length);
    });
  }
});

describe('markdownSection and plainMarkdown', () => {
  const page = [
    '# Game',
    '## Rules as implemented',
    'Intro with **bold**, `code` and a [link](../x.md).',
    '### Board',
    '- a bullet',
    '```',
    'a diagram',
    '```',
    '## Command line',
    'not the rules',
  ].join('\n');

  it('takes a section to the next heading of its level, subsections included', () => {
    const s = markdownSection(page, 'Rules as implemented') ?? '';
    expect(s.split('\n')[0]).toBe('## Rules as implemented');
    expect(s).toContain('- a bullet');
    expect(s).not.toContain('not the rules');
    expect(markdownSection(page, 'Board')).toBe('### Board\n- a bullet\n```\na diagram\n```');
    expect(markdownSection(page, 'Missing')).toBeUndefined();
  });

  it('drops the marks: headings in capitals, no bold, code marks, fences or link targets', () => {
    expect(plainMarkdown(markdownSection(page, 'Rules as implemented') ?? '')).toBe(
      ['RULES AS IMPLEMENTED', 'Intro with bold, code and a link.', 'BOARD', '- a bullet', 'a diagram'].join('\n'),
    );
  });

  it('answers a sentence, never an error, for a family without rules or a section that is not there', () => {
    expect(rulesText('../../etc/passwd')).toBe('There are no rules for "../../etc/passwd".');
    expect(rulesText('nosuchgame')).toMatch(
      /^The rules are in docs\/games\/nosuchgame\.md, which cannot be read here \(ENOENT/,
    );
    expect(rulesText('draughts', 'No such section')).toBe(`${rulesFile('draughts')} has no section "No such section".`);
  });
});
