import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTextFile, readTextInput } from './input-files.js';
import { memoryIo } from './testing.js';

const dir = mkdtempSync(join(tmpdir(), 'tactica-input-'));

describe('files and standard input are read in bounded memory', () => {
  it('a file over the cap is refused naming it; one at the cap is read', () => {
    const path = join(dir, 'big.txt');
    writeFileSync(path, 'x'.repeat(1025));
    expect(() => readTextFile(path, 1024)).toThrow(
      `${path}: the input is larger than 1024 bytes, more than this command reads; nothing was read`,
    );
    expect(readTextFile(path, 1025)).toHaveLength(1025);
  });

  it('a device that never ends is refused after the cap, not read forever', () => {
    expect(() => readTextFile('/dev/zero', 64 * 1024)).toThrow(/larger than/);
  });

  it('a missing file is a message, and invalid UTF-8 becomes U+FFFD for the parser to refuse', () => {
    expect(() => readTextFile(join(dir, 'none.txt'))).toThrow(/^cannot read .*none\.txt: ENOENT/);
    const path = join(dir, 'bad-utf8.txt');
    writeFileSync(path, Buffer.from([0x61, 0xff, 0xc0, 0x80, 0x62]));
    expect(readTextFile(path)).toBe('a\ufffd\ufffd\ufffdb');
  });

  it('standard input over the cap is refused', async () => {
    const { io } = memoryIo('y'.repeat(5000));
    await expect(readTextInput('-', io, 1000)).rejects.toThrow('standard input: the input is larger than 1000 bytes');
    const small = memoryIo('hello');
    expect(await readTextInput('-', small.io, 1000)).toBe('hello');
  });
});
