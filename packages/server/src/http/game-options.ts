/**
 * Game options as the API takes them: JSON values of each option's kind. The catalogue's reader also takes the
 * words a command line or a mail Subject gives (`yes`, `no`, `"12"`), on purpose; over the API a flag is a JSON
 * boolean and a number a JSON number, so one request means one thing to every reader of it.
 */
import { entryOf } from '@tactica/catalogue/all';
import { DomainError } from '../errors.js';

const KINDS = new Map([
  ['flag', { type: 'boolean', words: 'true or false' }],
  ['integer', { type: 'number', words: 'a number' }],
  ['choice', { type: 'string', words: 'a string' }],
  ['text', { type: 'string', words: 'a string' }],
]);

/** Refuses options whose values are not JSON of their kind; the catalogue checks the rest (keys, ranges). */
export function checkJsonOptions(family: unknown, options: unknown): void {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) return;
  const entry = entryOf(family);
  if (!entry.ok) return;
  for (const [key, value] of Object.entries(options)) {
    const spec = entry.value.options.find((s) => s.key === key);
    const kind = spec && KINDS.get(spec.kind);
    if (kind && typeof value !== kind.type) {
      throw new DomainError('options/bad-value', `${key}: must be ${kind.words} (JSON)`, `options.${key}`);
    }
  }
}
