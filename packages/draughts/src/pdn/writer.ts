/**
 * Writes PDN 3.0: the seven tag roster (Event, Site, Date, Round, White, Black, Result), GameType, a Variant tag
 * for give-away, SetUp and FEN when the game does not start from the initial position, then the other tags in
 * their order; a blank line; the movetext wrapped at 79 columns, with move numbers (`1. 32-28 19-23`, `1...` where
 * the second mover's move opens the text or follows a comment), comments in braces, and the result.
 *
 * Move text is the rule set's shortest unambiguous form, with the capture separator of the PDN standard's table:
 * `x`, except `:` for Russian (`c3:e5`) and `-` for Thai. The result is written in the GameType's result type
 * (`2-0` for International, `1-0` otherwise; see game-type.ts).
 *
 * Writing what reading gave back is the identity: write(read(write(g))) === write(g).
 */
import { makeFen } from '../fen.js';
import { applyMove, generateMoves } from '../moves.js';
import { formatMove } from '../notation.js';
import { initialPosition, samePosition } from '../position.js';
import { formatResult, GIVEAWAY_VARIANT_TAG, isGiveawayName, PDN_GAME_TYPES } from './game-type.js';
import { moveNumberLabel, normalizeComment, type PdnGame, type PdnTag } from './reader.js';

const ROSTER = ['Event', 'Site', 'Date', 'Round', 'White', 'Black'] as const;
const ROSTER_UNKNOWN: Readonly<Record<(typeof ROSTER)[number], string>> = {
  Event: '?',
  Site: '?',
  Date: '????.??.??',
  Round: '?',
  White: '?',
  Black: '?',
};
const DERIVED = new Set(['gametype', 'result', 'fen', 'setup']);
const LINE_WIDTH = 79;

function tagLine(name: string, value: string): string {
  const safeName = name.replace(/[^A-Za-z0-9_]/g, '_') || 'Tag';
  const safeValue = value
    .replace(/[\r\n]+/g, ' ')
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"');
  return `[${safeName} "${safeValue}"]`;
}

/** The PDN text of one game, ending with a newline. */
export function writePdnGame(game: PdnGame): string {
  const lines: string[] = [];
  const byName = new Map<string, PdnTag>();
  for (const t of game.tags) if (!byName.has(t.name)) byName.set(t.name, t);
  const result = formatResult(game.result, game.variant);
  for (const name of ROSTER) lines.push(tagLine(name, byName.get(name)?.value ?? ROSTER_UNKNOWN[name]));
  lines.push(tagLine('Result', result));
  lines.push(tagLine('GameType', PDN_GAME_TYPES[game.variant]));
  if (game.giveaway) lines.push(tagLine('Variant', GIVEAWAY_VARIANT_TAG));
  if (!samePosition(game.start, initialPosition(game.variant))) {
    lines.push(tagLine('SetUp', '1'));
    lines.push(tagLine('FEN', makeFen(game.start)));
  }
  for (const t of game.tags) {
    if ((ROSTER as readonly string[]).includes(t.name) || DERIVED.has(t.name.toLowerCase())) continue;
    // The Variant tag that says give-away is the giveaway field's to write.
    if (t.name === 'Variant' && (game.giveaway || isGiveawayName(t.value))) continue;
    lines.push(tagLine(t.name, t.value));
  }
  return `${lines.join('\n')}\n\n${wrap(movetextWords(game))}\n`;
}

/** Several games, separated by blank lines. */
export function writePdn(games: readonly PdnGame[]): string {
  return games.map(writePdnGame).join('\n');
}

function movetextWords(game: PdnGame): string[] {
  const words: string[] = [];
  const commentsAt = new Map<number, string[]>();
  for (const c of game.comments) {
    const text = normalizeComment(c.text);
    if (text === '') continue;
    const list = commentsAt.get(c.ply) ?? [];
    list.push(text);
    commentsAt.set(c.ply, list);
  }
  const pushComments = (ply: number): boolean => {
    const list = commentsAt.get(ply);
    if (!list) return false;
    for (const text of list) {
      const parts = text.split(' ');
      parts[0] = `{${parts[0]}`;
      parts[parts.length - 1] = `${parts[parts.length - 1]}}`;
      words.push(...parts);
    }
    return true;
  };
  const sep = game.variant === 'russian' ? ':' : game.variant === 'thai' ? '-' : 'x';
  let pos = game.start;
  let afterComment = pushComments(0);
  game.moves.forEach((m, ply) => {
    const label = moveNumberLabel(game.start, ply);
    const legal = generateMoves(pos);
    const formatted = formatMove(pos, m, legal);
    const text = m.captures.length > 0 ? formatted.replace(/x/g, sep) : formatted;
    // A move number stays on the line of its move.
    words.push(!label.endsWith('...') || ply === 0 || afterComment ? `${label} ${text}` : text);
    pos = applyMove(pos, m);
    afterComment = pushComments(ply + 1);
  });
  words.push(formatResult(game.result, game.variant));
  return words;
}

function wrap(words: readonly string[]): string {
  const lines: string[] = [];
  let line = '';
  for (const w of words) {
    if (line === '') line = w;
    else if (line.length + 1 + w.length <= LINE_WIDTH) line += ` ${w}`;
    else {
      lines.push(line);
      line = w;
    }
  }
  if (line !== '') lines.push(line);
  return lines.join('\n');
}
