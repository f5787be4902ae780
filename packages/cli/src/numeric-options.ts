/**
 * Readers of numeric command-line options. Only plain decimal digits are numbers here: JavaScript's `Number` also
 * takes `0x10`, `1e9`, `Infinity` and ` 12 `, which would let `--games 1e9` or `--time Infinity` start a run that
 * never ends. Every option has bounds (ours), and a value outside them is refused naming the option, the bounds
 * and (escaped, cut short) what was given.
 */
import { excerpt } from '@tactica/core';
import { CliError } from './io.js';

export interface Bounds {
  readonly min: number;
  readonly max: number;
}

function given(value: unknown): string {
  return excerpt(String(value), 20);
}

/** A whole number in `bounds` written in decimal digits; undefined when the option was not given. */
export function wholeNumberOption(name: string, value: unknown, bounds: Bounds): number | undefined {
  if (value === undefined) return undefined;
  const text = String(value);
  const n = /^\d{1,15}$/.test(text) ? Number(text) : NaN;
  if (!(n >= bounds.min && n <= bounds.max)) {
    throw new CliError(
      `${name} must be a whole number from ${bounds.min} to ${bounds.max} in decimal digits, not "${given(value)}"`,
    );
  }
  return n;
}

/** Seconds in each unit a duration may be written with. */
const UNIT_SECONDS = { s: 1, m: 60 } as const;
export type DurationUnit = keyof typeof UNIT_SECONDS;

/**
 * A duration as every `--time` takes it **(ours)**: a decimal number (`2`, `0.5`) with an optional unit, `s` or `m`
 * (`90s`, `1.5m`); a number without a unit is in `bareUnit` (seconds, as every `--time` but DXP's counts). In seconds;
 * undefined when the text is not a duration (no sign, exponent, `Infinity` or hexadecimal: see above).
 */
export function parseDuration(text: string, bareUnit: DurationUnit = 's'): number | undefined {
  const m = /^(\d{1,9}(?:\.\d{0,6})?|\.\d{1,6})([sm]?)$/.exec(text);
  if (!m) return undefined;
  return Number(m[1]) * UNIT_SECONDS[(m[2] || bareUnit) as DurationUnit];
}

/** True when a duration's text names its unit (`90s`, `5m`), false for a bare number. */
export function hasDurationUnit(text: string): boolean {
  return /[sm]$/.test(text);
}

/**
 * A number of seconds (`2`, `0.5`, or with a unit: `90s`, `1.5m`), more than 0 and at most `max`; undefined when not
 * given.
 */
export function secondsOption(name: string, value: unknown, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = parseDuration(String(value)) ?? NaN;
  if (!(n > 0 && n <= max)) {
    throw new CliError(
      `${name} must be a number of seconds above 0 and at most ${max} (or one with a unit: 90s, 1.5m), not "${given(value)}"`,
    );
  }
  return n;
}

/** The bounds of the search and match options (ours): generous for real use, none unbounded. */
export const SEARCH_BOUNDS = {
  depth: { min: 1, max: 100 },
  nodes: { min: 1, max: 1_000_000_000 },
  /** Seconds a search may be given: an hour. */
  seconds: 3600,
  games: { min: 1, max: 10_000 },
  openings: { min: 0, max: 100 },
  maxPlies: { min: 1, max: 10_000 },
} as const;
