/**
 * Colour in the terminal, one scheme for every game: each side's pieces in its colour, the last move's squares and
 * the legal targets of a piece on a background, the piece they belong to reversed. Colour is used when the output
 * is a terminal, `NO_COLOR` is not set (https://no-color.org) and `TERM` is not `dumb`; otherwise everything is
 * plain text, and a mark that only colour would show is drawn with letters instead (board-paint.ts).
 *
 * Only the sixteen ANSI colours are used, so every terminal that has colour shows them.
 */
import type { Io } from '../io.js';

const FOREGROUND = {
  black: 30,
  red: 31,
  green: 32,
  yellow: 33,
  blue: 34,
  /** Draughts Galore's "violet". */
  magenta: 35,
  cyan: 36,
  white: 37,
  grey: 90,
  'bright-red': 91,
  'bright-green': 92,
  'bright-yellow': 93,
  'bright-blue': 94,
  /** Draughts Galore's "pink". */
  pink: 95,
  'bright-cyan': 96,
  'bright-white': 97,
} as const;

export type ColourName = keyof typeof FOREGROUND;

export interface Style {
  readonly fg?: ColourName;
  readonly bg?: ColourName;
  readonly bold?: boolean;
  readonly underline?: boolean;
  readonly reverse?: boolean;
  /** Force 400 "blinks the squares involved" in the move the program intends. */
  readonly blink?: boolean;
}

/** How text is shown: in colour, or plain. */
export interface Palette {
  readonly colour: boolean;
  /** `text` in `style` (plain: `text` unchanged). */
  paint(text: string, style: Style | undefined): string;
}

const RESET = '\x1b[0m';

function codes(style: Style): number[] {
  const out: number[] = [];
  if (style.bold) out.push(1);
  if (style.underline) out.push(4);
  if (style.blink) out.push(5);
  if (style.reverse) out.push(7);
  if (style.fg) out.push(FOREGROUND[style.fg]);
  if (style.bg) out.push(FOREGROUND[style.bg] + 10);
  return out;
}

export const COLOUR_PALETTE: Palette = {
  colour: true,
  paint(text, style) {
    if (!style || text === '') return text;
    const c = codes(style);
    return c.length === 0 ? text : `\x1b[${c.join(';')}m${text}${RESET}`;
  },
};

const PLAIN_PALETTE: Palette = { colour: false, paint: (text) => text };

/** True when `io`'s output should be in colour (see the module comment). */
function useColour(io: Io, env: NodeJS.ProcessEnv = process.env): boolean {
  const noColor = env['NO_COLOR'];
  if (noColor !== undefined && noColor !== '') return false;
  if (env['TERM'] === 'dumb') return false;
  return (io.output as { isTTY?: boolean }).isTTY === true;
}

export function paletteFor(io: Io, env: NodeJS.ProcessEnv = process.env): Palette {
  return useColour(io, env) ? COLOUR_PALETTE : PLAIN_PALETTE;
}

/** Removes the colour codes from text (what a plain terminal would show). */
export function stripColour(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\x1b\[[0-9;]*m/g, '');
}

/** How a board is coloured: each seat's pieces, the last move, a piece's legal targets and the piece itself. */
export interface BoardScheme {
  readonly name: string;
  /** Seat 0 (White, Player 1) and seat 1 (Black, Player 2). */
  readonly sides: readonly [Style, Style];
  readonly lastMove: Style;
  readonly target: Style;
  readonly selected: Style;
}

/** The scheme every game's board uses **(ours)**. */
export const BOARD_SCHEME: BoardScheme = {
  name: 'classic',
  sides: [
    // White in the terminal's own text colour, bold: bright white vanished on a light background.
    { bold: true },
    { fg: 'bright-red', bold: true },
  ],
  lastMove: { bg: 'blue' },
  target: { bg: 'green' },
  selected: { reverse: true },
};
