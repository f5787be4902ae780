/**
 * Reading a game's options from untrusted input (a request body, a mail's `-variant=russian`, a form) against its
 * schema: every key known, every value of its kind and range, the missing ones defaulted.
 */
import { err, inputError, ok, type InputError, type Result } from '@tactica/core';
import type { OptionSpec, OptionValue, OptionValues } from './types.js';

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function bad(key: string, message: string): InputError {
  return inputError('options/bad-value', `${key}: ${message}`, { input: key });
}

function readOne(spec: OptionSpec, v: unknown): Result<OptionValue, InputError> {
  switch (spec.kind) {
    case 'choice': {
      const id = typeof v === 'string' ? v.trim().toLowerCase() : undefined;
      const found = spec.choices.find((c) => c.id === id);
      if (!found) return err(bad(spec.key, `must be one of ${spec.choices.map((c) => c.id).join(', ')}`));
      return ok(found.id);
    }
    case 'flag':
      if (typeof v === 'boolean') return ok(v);
      if (v === 'true' || v === 'yes' || v === '1') return ok(true);
      if (v === 'false' || v === 'no' || v === '0') return ok(false);
      return err(bad(spec.key, 'must be true or false'));
    case 'integer': {
      const n = typeof v === 'string' && /^-?\d{1,9}$/.test(v.trim()) ? Number(v) : v;
      if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < spec.min || n > spec.max) {
        return err(bad(spec.key, `must be a whole number from ${spec.min} to ${spec.max}`));
      }
      return ok(n);
    }
    case 'text':
      if (typeof v !== 'string') return err(bad(spec.key, 'must be text'));
      if (v.length > spec.maxLength) return err(bad(spec.key, `must be at most ${spec.maxLength} characters`));
      return ok(v);
  }
}

/**
 * The complete option values for `specs` from `input` (an object, or undefined for all defaults). Unknown keys are
 * refused (`options/unknown`) so a misspelt option is not silently ignored.
 */
export function readOptions(specs: readonly OptionSpec[], input: unknown): Result<OptionValues, InputError> {
  if (input === undefined || input === null) input = {};
  if (!isRecord(input)) return err(inputError('options/not-object', 'the options must be an object of key: value'));
  for (const key of Object.keys(input)) {
    if (!specs.some((s) => s.key === key)) {
      const known = specs.map((s) => s.key).join(', ') || 'none';
      return err(inputError('options/unknown', `unknown option "${key}" (options: ${known})`, { input: key }));
    }
  }
  const out: Record<string, OptionValue> = {};
  for (const spec of specs) {
    const given = input[spec.key];
    if (given === undefined) {
      out[spec.key] = spec.default;
      continue;
    }
    const r = readOne(spec, given);
    if (!r.ok) return r;
    out[spec.key] = r.value;
  }
  return ok(out);
}

/** The option values' typed fields, for a game's own setup code (the values were read by `readOptions`). */
export function optionText(values: OptionValues, key: string): string {
  const v = values[key];
  return typeof v === 'string' ? v : '';
}

export function optionFlag(values: OptionValues, key: string): boolean {
  return values[key] === true;
}

export function optionInteger(values: OptionValues, key: string): number {
  const v = values[key];
  return typeof v === 'number' ? v : 0;
}
