/**
 * A fuzz kit for every parser of untrusted text (`@tactica/core/fuzz`): inputs made from valid samples by the
 * ways files go wrong or are made to go wrong, and the one check every answer must pass.
 *
 *   for (const input of fuzzInputs([validRecord], { seed: 'force400 records', count: 400 })) {
 *     expectCodedAnswer(parseRecord(input));      // a value, or a coded error that is safe to print
 *   }
 *
 * Mutations: truncations, a byte changed or inserted (random bytes, NUL, control and bidirectional characters,
 * invalid UTF-8 decoded as a reader decodes it, to U+FFFD), lines dropped, swapped or repeated, random text, and
 * huge inputs (a million-character line, the sample repeated). Seeded, so a failure is reproduced by its seed.
 */
import { createRng, type Rng } from './rng.js';
import type { InputError, Result } from './result.js';

export interface FuzzOptions {
  readonly seed: number | string;
  /** How many inputs (beside the fixed hostile ones); default 300. */
  readonly count?: number;
  /** Leave out the million-character inputs (for parsers that are slow per character by design). */
  readonly noHuge?: boolean;
}

const NASTY = [
  '\u0000',
  '\u001b[2J',
  '\u001b]0;x\u0007',
  '\r',
  '\n',
  '\u202e',
  '\ufeff',
  '\uffff',
  '\ud800',
  '"',
  '\\',
];

interface TextDecoderLike {
  decode(bytes: Uint8Array): string;
}

function decodeUtf8(bytes: Uint8Array): string {
  const Decoder = (globalThis as unknown as { TextDecoder: new () => TextDecoderLike }).TextDecoder;
  return new Decoder().decode(bytes);
}

function randomBytesText(rng: Rng, n: number): string {
  const bytes = new Uint8Array(n);
  for (let i = 0; i < n; i++) bytes[i] = rng.int(256);
  // Invalid UTF-8 (lone continuation bytes, overlong forms) becomes U+FFFD, as when a file is read.
  return decodeUtf8(bytes);
}

function mutate(rng: Rng, sample: string): string {
  const at = sample.length === 0 ? 0 : rng.int(sample.length);
  const lines = sample.split('\n');
  switch (rng.int(10)) {
    case 0:
      return sample.slice(0, at);
    case 1:
      return sample.slice(0, at) + rng.pick(NASTY) + sample.slice(at + 1);
    case 2:
      return sample.slice(0, at) + randomBytesText(rng, 1 + rng.int(8)) + sample.slice(at);
    case 3:
      return sample.slice(0, at) + String.fromCharCode(32 + rng.int(95)) + sample.slice(at + 1);
    case 4: {
      lines.splice(rng.int(lines.length), 1);
      return lines.join('\n');
    }
    case 5: {
      const i = rng.int(lines.length);
      const j = rng.int(lines.length);
      [lines[i], lines[j]] = [lines[j] as string, lines[i] as string];
      return lines.join('\n');
    }
    case 6: {
      const i = rng.int(lines.length);
      lines.splice(i, 0, lines[i] as string);
      return lines.join('\n');
    }
    case 7:
      return randomBytesText(rng, rng.int(200));
    case 8:
      return sample.replace(/\d/g, (d) => (rng.int(4) === 0 ? String(rng.int(10)) : d));
    default:
      return sample.slice(0, at) + sample.slice(at, at + 1 + rng.int(20)).repeat(2 + rng.int(5)) + sample.slice(at);
  }
}

/** Inputs for a parser: fixed hostile ones first, then `count` seeded mutations of the samples (chained). */
export function* fuzzInputs(samples: readonly string[], options: FuzzOptions): Generator<string> {
  const rng = createRng(options.seed);
  yield '';
  yield '\u0000'.repeat(1000);
  yield randomBytesText(rng, 4096);
  for (const s of samples) {
    yield s.slice(0, Math.floor(s.length / 2));
    yield s.replace(/\n/g, '\r\n');
    yield `\ufeff${s}`;
    yield s.replace(/ /g, '\u0000');
  }
  if (!options.noHuge) {
    yield 'x'.repeat(1_000_000);
    yield `${samples[0] ?? ''}\n${'9'.repeat(1_000_000)}\n`;
    yield (samples[0] ?? '').repeat(Math.max(1, Math.floor(2_000_000 / Math.max(1, (samples[0] ?? '').length))));
  }
  const count = options.count ?? 300;
  for (let i = 0; i < count; i++) {
    let text = rng.pick(samples.length ? samples : ['']);
    const rounds = 1 + rng.int(3);
    for (let k = 0; k < rounds; k++) text = mutate(rng, text);
    yield text;
  }
}

// What may not reach a terminal from an error (result.ts escapes them).
const UNSAFE = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]|\p{Cs}/u;

/**
 * Why a parser's answer is not acceptable, or undefined when it is: a value, or an error with an `area/what` code,
 * a message of at most 501 characters with no control, bidirectional or lone surrogate character, and at most an
 * 81-character excerpt of the input.
 */
export function answerProblem(r: Result<unknown, InputError>): string | undefined {
  if (typeof r !== 'object' || r === null || typeof r.ok !== 'boolean') return 'not a Result';
  if (r.ok) return undefined;
  const e = r.error;
  if (!/^[a-z0-9-]+\/[a-z0-9-]+$/.test(e.code)) return `code ${JSON.stringify(e.code.slice(0, 40))}`;
  if (typeof e.message !== 'string' || e.message.length === 0) return `${e.code}: no message`;
  if (e.message.length > 501) return `${e.code}: a message of ${e.message.length} characters`;
  if (UNSAFE.test(e.message)) return `${e.code}: an unescaped character in the message`;
  if (e.input !== undefined && (e.input.length > 81 || UNSAFE.test(e.input))) {
    return `${e.code}: input ${JSON.stringify(e.input.slice(0, 40))}… not excerpted`;
  }
  return undefined;
}

/** Throws naming the input when the answer is not acceptable (see `answerProblem`): for use inside tests. */
export function expectCodedAnswer(r: Result<unknown, InputError>, input = ''): void {
  const problem = answerProblem(r);
  if (problem !== undefined) {
    throw new Error(`unacceptable parser answer: ${problem} (input ${JSON.stringify(input.slice(0, 80))})`);
  }
}

export interface ParserFuzzReport {
  /** Inputs tried. */
  readonly inputs: number;
  /** Of them, answered with a coded error. */
  readonly refused: number;
  /** The longest a single answer took, in milliseconds. */
  readonly slowestMs: number;
}

/**
 * Feeds a parser every input of `fuzzInputs(samples, options)` and checks each answer (`expectCodedAnswer`): throws
 * naming the input when the parser throws, answers something else than a value or a safe coded error, or takes more
 * than `maxMs` (default 5 s) on one input. For use inside tests.
 */
export async function fuzzParser(
  parse: (text: string) => Result<unknown, InputError> | Promise<Result<unknown, InputError>>,
  samples: readonly string[],
  options: FuzzOptions & { readonly maxMs?: number },
): Promise<ParserFuzzReport> {
  const maxMs = options.maxMs ?? 5000;
  let inputs = 0;
  let refused = 0;
  let slowestMs = 0;
  for (const input of fuzzInputs(samples, options)) {
    const started = Date.now();
    let r: Result<unknown, InputError>;
    try {
      r = await parse(input);
    } catch (e) {
      const what = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
      throw new Error(`the parser threw ${what.slice(0, 200)} (input ${JSON.stringify(input.slice(0, 80))})`);
    }
    const ms = Date.now() - started;
    if (ms > maxMs) {
      throw new Error(
        `the parser took ${ms} ms (input of ${input.length} characters: ${JSON.stringify(input.slice(0, 80))})`,
      );
    }
    expectCodedAnswer(r, input);
    inputs++;
    if (!r.ok) refused++;
    slowestMs = Math.max(slowestMs, ms);
  }
  return { inputs, refused, slowestMs };
}
