/**
 * Reading the files and standard input a command is given, in bounded memory: every read stops one byte past a
 * cap (ours), so `/dev/zero`, a FIFO that never ends or a 10 GB file is refused with a message, never read whole.
 * The text is decoded as UTF-8; bytes that are not UTF-8 become U+FFFD, which every parser refuses with its own
 * coded error.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { CliError, type Io } from './io.js';

const MB = 1024 * 1024;

/** Game records, positions and exports a command loads (`--load`, `import-game`): as Tactorus caps its files. */
export const RECORD_FILE_MAX = 5 * MB;
/** Files `replay` checks, which may hold many games (a PDN database): read whole, then games one by one. */
export const REPLAY_FILE_MAX = 100 * MB;

function tooBig(file: string, maxBytes: number): CliError {
  const cap = maxBytes >= MB ? `${Math.round(maxBytes / MB)} MB` : `${maxBytes} bytes`;
  return new CliError(`${file}: the input is larger than ${cap}, more than this command reads; nothing was read`);
}

/** A file's text, at most `maxBytes` bytes; a CliError names the file when it cannot be read or is too big. */
export function readTextFile(file: string, maxBytes = RECORD_FILE_MAX): string {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (e) {
    throw new CliError(`cannot read ${file}: ${(e as Error).message}`);
  }
  try {
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(4 * MB, maxBytes + 1 - total));
      let n: number;
      try {
        n = readSync(fd, chunk, 0, chunk.length, null);
      } catch (e) {
        throw new CliError(`cannot read ${file}: ${(e as Error).message}`);
      }
      if (n === 0) break;
      chunks.push(n === chunk.length ? chunk : chunk.subarray(0, n));
      total += n;
      if (total > maxBytes) throw tooBig(file, maxBytes);
    }
    return Buffer.concat(chunks, total).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/** Standard input's text, at most `maxBytes` bytes. */
function readStandardInput(io: Io, maxBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const onData = (c: Buffer | string): void => {
      const b = typeof c === 'string' ? Buffer.from(c) : c;
      total += b.length;
      if (total > maxBytes) {
        io.input.off('data', onData);
        io.input.pause();
        reject(tooBig('standard input', maxBytes));
        return;
      }
      chunks.push(b);
    };
    io.input.on('data', onData);
    io.input.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    io.input.on('error', (e) => reject(new CliError(`cannot read standard input: ${e.message}`)));
  });
}

/**
 * A file's text in pieces of about a megabyte, decoded as UTF-8 (a character cut between two blocks is kept whole),
 * for readers that go on piece by piece (`iteratePdnPieces`): a file of any size is read in a megabyte of memory.
 * Stops with a CliError past `maxBytes`. The file is opened at once, so a missing file is reported before any piece.
 */
export function textPieces(file: string, maxBytes: number): Iterable<string> {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (e) {
    throw new CliError(`cannot read ${file}: ${(e as Error).message}`);
  }
  return (function* pieces(): Generator<string> {
    const decoder = new StringDecoder('utf8');
    const block = Buffer.allocUnsafe(MB);
    let total = 0;
    try {
      for (;;) {
        let n: number;
        try {
          n = readSync(fd, block, 0, block.length, null);
        } catch (e) {
          throw new CliError(`cannot read ${file}: ${(e as Error).message}`);
        }
        if (n === 0) break;
        total += n;
        if (total > maxBytes) throw tooBig(file, maxBytes);
        yield decoder.write(block.subarray(0, n));
      }
      yield decoder.end();
    } finally {
      closeSync(fd);
    }
  })();
}

/** A file's text, or standard input's for `-`. */
export function readTextInput(file: string, io: Io, maxBytes: number): Promise<string> {
  return file === '-' ? readStandardInput(io, maxBytes) : Promise.resolve(readTextFile(file, maxBytes));
}
