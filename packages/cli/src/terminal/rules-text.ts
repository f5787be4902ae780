/**
 * A game's rules for the `rules` command, read from the docs (docs/games/<family>.md), so the terminal prints the
 * rules exactly as the project states them and there is one text to keep true. The section is shown as plain text:
 * headings stand alone, emphasis and code marks are dropped, links keep their words.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** docs/games/, found from this module in the sources (src/terminal) and in the build (dist/terminal) alike. */
const DOCS = new URL('../../../../docs/games/', import.meta.url);

/** The section the `rules` command prints: the rules as implemented, or a game's own shorter page. */
export const RULES_SECTION = 'Rules as implemented';

/** The docs page of a game family. */
export function rulesFile(family: string): string {
  return fileURLToPath(new URL(`${family}.md`, DOCS));
}

/** The text of one section of a markdown page: from its heading to the next heading of the same or a higher level. */
export function markdownSection(text: string, heading: string): string | undefined {
  const lines = text.split(/\r?\n/);
  const start = lines.findIndex((l) => /^#{2,3} /.test(l) && l.replace(/^#+ /, '').trim() === heading);
  if (start < 0) return undefined;
  const level = (/^#+/.exec(lines[start] as string)?.[0] ?? '##').length;
  let end = lines.length;
  for (let i = start + 1; i < lines.length; i++) {
    const m = /^(#+) /.exec(lines[i] as string);
    if (m && (m[1] as string).length <= level) {
      end = i;
      break;
    }
  }
  return lines.slice(start, end).join('\n').trim();
}

/** Markdown as a terminal shows it: headings alone on their line, no `**`, backticks or link targets. */
export function plainMarkdown(text: string): string {
  return text
    .split('\n')
    .filter((l) => !/^```/.test(l))
    .map((l) => {
      const heading = /^#+ (.*)$/.exec(l);
      const line = heading ? (heading[1] as string).toUpperCase() : l;
      return line
        .replace(/\*\*([^*]+)\*\*/g, '$1')
        .replace(/`([^`]+)`/g, '$1')
        .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1');
    })
    .join('\n');
}

/**
 * A note about how a rule is tested (`the published perft counts agree with it`, `a property test checks it on …`):
 * the clause after a semicolon up to the end of its sentence or parenthesis.
 */
const TEST_NOTE = /;\s+[^;.()]*\b(?:perft counts|the tests|acceptance test|property test)\b[^;.()]*(?=[.)])/g;

/**
 * The rules as a player reads them: the docs' marks of the project's own decisions (`(ours)`) and notes on how a rule
 * is tested or where it is coded are for the docs' readers (developers), not players, and are left out. Lines only
 * get shorter (a note spanning a line break takes the break with it).
 */
export function forPlayers(markdown: string): string {
  return (
    markdown
      .replace(/\*\*\(ours([^)]*)\)\*\*/g, '(ours$1)')
      .replace(TEST_NOTE, '')
      // A file name in parentheses (`(command, command.ts)`): where it is coded.
      .replace(/ ?\([^()\n]*\b[\w-]+\.ts\b[^()\n]*\)/g, '')
      // `Board — (ours), rules page …`, `(ours, rules page …)`, `(ours: clamp, not refuse)`.
      .replace(/ — \(ours\),/g, ' —')
      .replace(/\(ours[,:] /g, '(')
      // `Our readings (ours):`, `(at level 3 (ours):` keep their colon; `- (ours) A king …` starts with its words.
      .replace(/(?<=\w) \(ours\)(\*\*)?:/g, '$1:')
      .replace(/ \(ours\)(?=\**(?:[.,;)]|$))/gm, '')
      // What followed the mark starts a sentence now.
      .replace(/\(ours\):? ?([a-z])?/g, (_, first?: string) => first?.toUpperCase() ?? '')
  );
}

/** The rules of a game family as the `rules` command prints them, or a sentence saying where they should be. */
export function rulesText(family: string, section: string = RULES_SECTION): string {
  if (!/^[a-z0-9]+$/.test(family)) return `There are no rules for "${family}".`;
  const file = rulesFile(family);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    return `The rules are in docs/games/${family}.md, which cannot be read here (${(e as Error).message}).`;
  }
  const found = markdownSection(text, section);
  if (found === undefined) return `${file} has no section "${section}".`;
  return plainMarkdown(forPlayers(found));
}
