import { titleKey } from '@tactica/core';
import { describe, expect, it } from 'vitest';
import { freeTitle } from './save-title.js';

describe('the title of a new save', () => {
  it('is the game and its rule set, numbered from 2 when that title is taken, never Untitled', () => {
    const taken = new Set<string>();
    const next = (base: string) => {
      const t = freeTitle(base, (k) => taken.has(k));
      taken.add(titleKey(t));
      return t;
    };
    expect(next('Russian draughts')).toBe('Russian draughts');
    expect(next('Russian draughts')).toBe('Russian draughts 2');
    expect(next('russian DRAUGHTS')).toBe('russian DRAUGHTS 3');
    expect(next('Tactrix!')).toBe('Tactrix!');
  });
});
