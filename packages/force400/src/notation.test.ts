import { createRng } from '@tactica/core';
import { mutate } from '@tactica/core/conformance';
import { describe, expect, it } from 'vitest';
import { describeAction } from './actions.js';
import { parseActionText } from './notation.js';

describe('action text', () => {
  it.each([
    ['M C8-C1', 'M C8-C1'],
    ['m c8-c1', 'M C8-C1'],
    ['C8-C1', 'M C8-C1'],
    ['C8 C1', 'M C8-C1'],
    ['MC8C1', 'M C8-C1'],
    ['T J8-C1 10', 'T J8-C1 10'],
    ['TJ8-C1 10', 'T J8-C1 10'],
    ['TA9-A8 10', 'T A9-A8 10'],
    ['T B0-C0 2O', 'T B0-C0 20'],
    ['M FO-C3', 'M F0-C3'],
    ['M CO-A2', 'M C0-A2'],
    ['S E9-F9', 'S E9-F9'],
    ['X E9-F9', 'S E9-F9'],
    ['  x e9 - f9  ', 'S E9-F9'],
  ])("%j reads as %j (the printed record's quirks and keyboard shorthands)", (text, canonical) => {
    const r = parseActionText(text);
    expect(r.ok ? describeAction(r.value) : r.error.code).toBe(canonical);
  });

  it.each([
    ['', 'move/syntax'],
    ['M', 'move/syntax'],
    ['M C8', 'move/syntax'],
    ['Q C8-C1', 'move/bad-letter'],
    ['M K8-C1', 'move/bad-square'],
    ['T C8-C1', 'move/missing-amount'],
    ['T C8-C1 ten', 'move/bad-amount'],
    ['T C8-C1 1000', 'move/bad-amount'],
    ['M C8-C1 10', 'move/syntax'],
    ['M C8-C1-C2', 'move/syntax'],
  ])('%j is refused with %s', (text, code) => {
    const r = parseActionText(text);
    expect(r.ok ? 'accepted' : r.error.code).toBe(code);
  });

  it('fuzz: damaged action text never throws', () => {
    const rng = createRng(5);
    for (let i = 0; i < 3000; i++) {
      const r = parseActionText(mutate(rng, rng.pick(['M C8-C1', 'T J8-C1 10', 'S H9-G9'])));
      if (r.ok) expect(parseActionText(describeAction(r.value))).toEqual(r);
      else expect(r.error.code).toMatch(/^move\/[a-z-]+$/);
    }
  });
});
