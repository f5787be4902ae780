import type { Readable, Writable } from 'node:stream';

/** The streams a command talks through; tests pass in-memory streams. */
export interface Io {
  readonly input: Readable;
  readonly output: Writable;
  readonly error: Writable;
}

export const processIo: Io = { input: process.stdin, output: process.stdout, error: process.stderr };

/** A failure to report to the user: the message goes to stderr and the process exits with `exitCode`. */
export class CliError extends Error {
  override name = 'CliError';
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}
