import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { runCapture } from '../testing.js';
import { forPlayers, markdownSection, plainMarkdown, RULES_SECTION, rulesFile, rulesText } from './rules-text.js';

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
      const printed = plainMarkdown(forPlayers(section as string));
      expect(r.stdout).toContain(printed);
      expect(printed.startsWith(RULES_SECTION.toUpperCase())).toBe(true);
      // The section is there, without markdown's marks.
      expect(printed).not.toMatch(/\*\*|```/);
    });
  }

  // Tactorus prints its "Rules in brief" from its own menu; its full rules go through the same filter.
  for (const game of [...GAMES.map(([g]) => g), 'tactorus']) {
    it(`${game}: no "(ours)" marks and no notes on how a rule is tested or where it is coded`, () => {
      const printed = rulesText(game);
      expect(printed.length).toBeGreaterThan(500);
      expect(printed).not.toMatch(/\(ours/i);
      expect(printed).not.toMatch(/perft|acceptance test|property test|the tests\b|\b\w+\.ts\b/i);
    });
  }
});

describe('forPlayers', () => {
  it('drops the marks and the notes, keeps the words and the punctuation around them', () => {
    const docs = [
      '### Board and setup — **(ours)**, rules page "Setup"',
      '- **White moves first (ours)**: the manual does not say who starts.',
      '- **(ours)**: the no-move loss is judged first. A handicap (0–19) (ours). Lost **(ours: clamp, not refuse)**.',
      '- (ours, rules page "The Thai king") Thai. Sets (Russian, Pool); the published perft counts agree with it.',
      'We draw b1 shaded; the tests compare that one square',
      'exactly. Commands on the contract (`command`, command.ts), written.',
    ].join('\n');
    expect(forPlayers(docs)).toBe(
      [
        '### Board and setup — rules page "Setup"',
        '- **White moves first**: the manual does not say who starts.',
        '- The no-move loss is judged first. A handicap (0–19). Lost (clamp, not refuse).',
        '- (rules page "The Thai king") Thai. Sets (Russian, Pool).',
        'We draw b1 shaded. Commands on the contract, written.',
      ].join('\n'),
    );
  });
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
