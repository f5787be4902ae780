/**
 * The server's refusals in words for people. The API keeps its codes (`game/stale-version`) and its messages for
 * programs; a player reads a sentence saying what happened and what to do, never the code, a version number or where
 * in a text a parser stopped.
 */
import type { RefusalCode } from '../codes.js';

/** Refusals a player meets in play whose own message is written for programs. */
const WORDS: Readonly<Partial<Record<RefusalCode, string>>> = {
  'game/stale-version':
    'The game moved on before that reached the server (your opponent acted first). The board now shows the game as it is: try again if it still applies.',
  'session/takeback-not-allowed': 'Takeback is not allowed in this game.',
  'session/nothing-to-take-back': 'There is no move to take back yet.',
  'game/takeback-pending': 'A takeback has already been asked for.',
  'game/no-takeback': 'There is no takeback to answer.',
  'rate/limited': 'That was too many actions in a short time: wait a moment and try again.',
  'auth/required': 'You are not signed in any more: sign in again.',
  'network/unreachable': 'The server cannot be reached: check the connection, then try again.',
};

/**
 * `(at character 1)` (where in a typed text a parser stopped: noise to the one who typed it; a file's line and column
 * stay) and a leading `area/code: `, as core's `describeError` writes them.
 */
const WHERE = /\s*\(at character \d+\)/g;
const CODE_PREFIX = /^[a-z0-9-]+\/[a-z0-9-]+:\s*/;

/** A refusal as a player reads it: its code's sentence, or its message without code or character, as a sentence. */
export function refusalWords(code: RefusalCode | undefined, message: string): string {
  const known = code === undefined ? undefined : WORDS[code];
  if (known) return known;
  const text = message.replace(CODE_PREFIX, '').replace(WHERE, '').trim();
  if (text === '') return 'That was refused.';
  // A capital to start, unless the sentence starts with a square or a move (`c8 is occupied`).
  const sentence = /^[a-z]+\b/.test(text) ? text.charAt(0).toUpperCase() + text.slice(1) : text;
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}
