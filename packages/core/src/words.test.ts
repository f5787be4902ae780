import { describe, expect, it } from 'vitest';
import { countOf } from './words.js';

describe('countOf', () => {
  it('takes the singular for one and the plural for every other count', () => {
    expect(countOf(1, 'man', 'men')).toBe('1 man');
    expect(countOf(2, 'man', 'men')).toBe('2 men');
    expect(countOf(0, 'chip')).toBe('0 chips');
    expect(countOf(1, 'chip')).toBe('1 chip');
  });
});
