import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../testing.js';
import { ask, completeLine, lineReader } from './line-reader.js';

describe('Tab completion candidates', () => {
  const words = ['flip', 'forward', 'f1-f4', 'F1-F2', 'help', 'buy J@e3'];

  it('are the words the line begins, ignoring case', () => {
    expect(completeLine(words, 'f')).toEqual([['flip', 'forward', 'f1-f4', 'F1-F2'], 'f']);
    expect(completeLine(words, 'F1-')).toEqual([['f1-f4', 'F1-F2'], 'F1-']);
    expect(completeLine(words, 'buy j')).toEqual([['buy J@e3'], 'buy j']);
  });

  it('are every word for an empty line, each once, and none for a line nothing begins with', () => {
    expect(completeLine([...words, 'help'], '')).toEqual([words, '']);
    expect(completeLine(words, 'tutor e2')).toEqual([[], 'tutor e2']);
  });
});

describe('piped input', () => {
  it('is read line by line, prompts written as they are, nothing edited or echoed', async () => {
    const { io, stdout } = memoryIo('first\nsecond\n');
    expect(lineReader(io).interactive).toBe(false);
    expect(await ask(io, 'One? ')).toBe('first');
    expect(await ask(io, 'Two? ')).toBe('second');
    expect(await ask(io, 'Three? ')).toBeUndefined();
    expect(stdout()).toBe('One? Two? Three? ');
  });

  it('is not a terminal when only the output is one', () => {
    const { io } = memoryIo();
    const output = Object.assign(new PassThrough(), { isTTY: true });
    expect(lineReader({ ...io, output }).interactive).toBe(false);
  });
});
