/**
 * Tactorus's colour themes for the terminal board (colour.ts draws with them). A game's own look lives with the game:
 * the terminal's colour module knows one scheme, every game's, and the scheme's type.
 */
import { BOARD_SCHEME, type BoardScheme } from '../../terminal/colour.js';

/**
 * Tactorus's colour themes (manual, 3.7.1: "one of 6 different color themes for the game pieces", chosen on the
 * Game Options screen). The manual does not name them; these six are ours, the first being every game's scheme.
 */
export const TACTORUS_THEMES: readonly BoardScheme[] = [
  BOARD_SCHEME,
  {
    name: 'forest',
    sides: [
      { fg: 'bright-green', bold: true },
      { fg: 'bright-yellow', bold: true },
    ],
    lastMove: { bg: 'grey' },
    target: { bg: 'blue' },
    selected: { reverse: true },
  },
  {
    name: 'ocean',
    sides: [
      { fg: 'bright-cyan', bold: true },
      { fg: 'pink', bold: true },
    ],
    lastMove: { bg: 'blue' },
    target: { bg: 'green' },
    selected: { reverse: true },
  },
  {
    name: 'desert',
    sides: [
      { fg: 'bright-yellow', bold: true },
      { fg: 'bright-blue', bold: true },
    ],
    lastMove: { bg: 'red' },
    target: { bg: 'green' },
    selected: { reverse: true },
  },
  {
    name: 'ember',
    sides: [
      { fg: 'bright-yellow', bold: true },
      { fg: 'red', bold: true },
    ],
    lastMove: { bg: 'magenta' },
    target: { bg: 'cyan' },
    selected: { reverse: true },
  },
  {
    // For a terminal whose colours are hard to tell apart: the sides by weight and underline, marks reversed.
    name: 'mono',
    sides: [{ bold: true }, { underline: true }],
    lastMove: { reverse: true },
    target: { reverse: true, underline: true },
    selected: { reverse: true, bold: true },
  },
];

export const TACTORUS_THEME_NAMES: readonly string[] = TACTORUS_THEMES.map((t) => t.name);

export function tactorusTheme(name: string): BoardScheme | undefined {
  return TACTORUS_THEMES.find((t) => t.name === name.trim().toLowerCase());
}
