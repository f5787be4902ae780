import { safeMessage, type InputError } from '@tactica/core';

/**
 * A refusal as the player at the terminal reads it: the reason in words, without the code for programs
 * (`move/illegal: `) or where in the typed line a parser stopped (`(at character 1)`: the line is the one just
 * typed); a file's line and column stay, as they help to find the fault.
 */
export function playerText(e: InputError): string {
  const where = e.line === undefined ? '' : ` (line ${e.line}${e.column === undefined ? '' : `, column ${e.column}`})`;
  const text = safeMessage(e.message);
  // A sentence starts with a capital, unless it starts with a square or a move (`c8 is occupied`).
  const sentence = /^[a-z]+\b/.test(text) ? `${text.charAt(0).toUpperCase()}${text.slice(1)}` : text;
  return `${sentence}${where}`;
}
