import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../program.js';
import { gameClis } from '../registry.js';
import { atPrompt, terminalIo, typeKeys, within } from '../testing.js';
import { BOARD_SCHEME, COLOUR_PALETTE, stripColour } from './colour.js';

/** The escape that starts text in a style of the scheme (its codes first, as the palette writes them). */
const start = (style: object): string => {
  const painted = COLOUR_PALETTE.paint('x', style);
  return painted.slice(0, painted.indexOf('x'));
};
const WHITE = start(BOARD_SCHEME.sides[0]);
const BLACK = start(BOARD_SCHEME.sides[1]);
/** The last move's background (blue), alone or after a piece's colour. */
// eslint-disable-next-line no-control-regex
const LAST_MOVE = /\x1b\[(?:[0-9;]*;)?44m/;
// eslint-disable-next-line no-control-regex
const ANY_COLOUR = /\x1b\[[0-9;]*m/;
/** A legal target's background (green). */
// eslint-disable-next-line no-control-regex
const TARGET = /\x1b\[(?:[0-9;]*;)?42m/;

const LOOP_PROMPT = atPrompt('to move> ');

/** The five games as a person starts them at a terminal, with a first move to play there. */
const GAMES: readonly { name: string; argv: string[]; prompt: RegExp; move?: string; select: string }[] = [
  {
    name: 'draughts',
    argv: ['play', 'draughts', '--variant', 'english', '--sound', 'off'],
    prompt: LOOP_PROMPT,
    move: '9-13\r',
    select: '9',
  },
  // Force 400: the move is confirmed with one key.
  {
    name: 'force400',
    argv: ['play', 'force400', '--handicap-white', '0', '--no-pause'],
    prompt: LOOP_PROMPT,
    move: 'M A8-A7\ry',
    select: 'A8',
  },
  { name: 'tactics', argv: ['play', 'tactics'], prompt: LOOP_PROMPT, move: 'a1-a2\r', select: 'a1' },
  { name: 'tactrix', argv: ['play', 'tactrix'], prompt: LOOP_PROMPT, move: 'b1-c3\r', select: 'b1' },
  { name: 'tactorus', argv: ['play', 'tactorus', '--new'], prompt: atPrompt('Player 1> '), select: '84' },
];

const noColor = process.env['NO_COLOR'];
beforeEach(() => {
  process.env['TACTICA_HOME'] = mkdtempSync(join(tmpdir(), 'tactica-colour-'));
  delete process.env['NO_COLOR'];
});
afterEach(() => {
  if (noColor === undefined) delete process.env['NO_COLOR'];
  else process.env['NO_COLOR'] = noColor;
});

/** Starts a game at a terminal, plays its first move (when given) and leaves; what the screen showed before and after. */
async function atTerminal(game: (typeof GAMES)[number]): Promise<{ before: string; targets: string; after: string }> {
  const t = terminalIo();
  const run = runCli(game.argv, gameClis, t.io);
  await t.waitForOutput(game.prompt);
  const before = t.stdout();
  await typeKeys(t.input, `moves ${game.select}\r`);
  await t.waitForOutput(game.prompt);
  const targets = t.stdout().slice(before.length);
  let after = '';
  if (game.move) {
    await typeKeys(t.input, game.move);
    await t.waitForOutput(game.prompt);
    after = t.stdout().slice(before.length + targets.length);
  }
  t.input.end();
  await within(run, `${game.name} to end`);
  return { before, targets, after };
}

describe('one colour scheme across the five games, plain without colour', () => {
  for (const game of GAMES) {
    const what = `each side's pieces in its colour, a piece's targets${game.move ? ', the last move' : ''}`;
    it(`${game.name}: ${what} marked`, async () => {
      const { before, targets, after } = await atTerminal(game);
      expect(before).toContain(WHITE);
      expect(before).toContain(BLACK);
      expect(before).not.toMatch(LAST_MOVE);
      expect(before).not.toMatch(TARGET);
      expect(targets).toMatch(TARGET);
      if (game.move) expect(after).toMatch(LAST_MOVE);
      process.env['NO_COLOR'] = '1';
      const plain = await atTerminal(game);
      expect(plain.before + plain.targets + plain.after).not.toMatch(ANY_COLOUR);
      // Without colour the targets are drawn as letters: m for a square to move to.
      expect(plain.targets).toMatch(/ m /);
      expect(plain.before).not.toMatch(/ m /);
      // The same board, letter for letter.
      expect(plain.before).toBe(stripColour(plain.before));
      expect(stripColour(before).split('\n').slice(-4)).toEqual(plain.before.split('\n').slice(-4));
    });
  }
});

describe("White's colour", () => {
  it("is the terminal's own text colour, bold: readable on a light background as on a dark one", () => {
    // Bright white (97) or white (37) text is invisible on a white terminal.
    expect(BOARD_SCHEME.sides[0].fg).toBeUndefined();
    expect(BOARD_SCHEME.sides[0].bold).toBe(true);
    expect(COLOUR_PALETTE.paint('w', BOARD_SCHEME.sides[0])).toBe('\x1b[1mw\x1b[0m');
  });
});
