import { describe, expect, it } from 'vitest';
import { ApiError, errorText } from './api.js';
import { refusalWords } from './refusal-words.js';

describe('refusals in words for people', () => {
  it('a refusal a player meets in play reads as a sentence, without its code or version numbers', () => {
    const stale = new ApiError(
      409,
      'game/stale-version',
      'the game is at version 5, the command was meant for version 4',
    );
    const text = errorText(stale);
    expect(text).not.toMatch(/stale-version|version \d/);
    expect(text).toMatch(/^The game moved on/);
    expect(errorText(new ApiError(400, 'session/takeback-not-allowed', 'blitz forbids takeback'))).toBe(
      'Takeback is not allowed in this game.',
    );
  });

  it('any other message loses a code prefix and "(at character N)" (a line stays), and reads as a sentence', () => {
    expect(refusalWords('move/syntax', 'move/syntax: "zz" is not a move (at character 1)')).toBe('"zz" is not a move.');
    expect(refusalWords('move/illegal', 'the piece on 32 is not yours')).toBe('The piece on 32 is not yours.');
    expect(refusalWords(undefined, 'bad record (line 3, column 7)')).toBe('Bad record (line 3, column 7).');
    expect(refusalWords(undefined, '')).toBe('That was refused.');
    expect(refusalWords('move/occupied', 'c8 is occupied: pieces never capture')).toBe(
      'c8 is occupied: pieces never capture.',
    );
  });
});
