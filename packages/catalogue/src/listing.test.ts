/**
 * The listing is the one list of games (issue 41): what it says of a game without loading it must be what the
 * game's entry says once loaded, and every family has one listing.
 */
import { describe, expect, it } from 'vitest';
import { ENGINE_FAMILIES } from '@tactica/ai';
import { unwrap } from '@tactica/core';
import { ENTRIES } from './all.js';
import { familyNamed, GAME_LISTINGS } from './listing.js';
import { GAME_FAMILIES } from './types.js';

describe('the games listing', () => {
  it('lists every family once, in menu order', () => {
    expect(GAME_LISTINGS.map((l) => l.family)).toEqual([...GAME_FAMILIES]);
  });

  it.each(GAME_LISTINGS.map((l) => [l.family, l] as const))("%s's listing agrees with its entry", (family, l) => {
    const entry = ENTRIES.find((e) => e.family === family);
    if (!entry) throw new Error(`no entry for ${family}`);
    expect(l.name).toBe(entry.name);
    expect(l.dynamics).toBe(entry.dynamics);
    expect([...l.recordExtensions].sort()).toEqual([...new Set(entry.records.map((r) => r.extension))].sort());
    const setup = unwrap(entry.setup({}));
    expect(l.sides).toEqual(setup.game.info.players);
    expect(l.positionBytes).toBeGreaterThan(0);
    expect(l.notation.length).toBeGreaterThan(10);
  });

  it('a name stands for one family: its id or an alias, in any case', () => {
    for (const l of GAME_LISTINGS) {
      expect(familyNamed(l.family.toUpperCase())).toBe(l.family);
      for (const a of l.aliases) expect(familyNamed(a)).toBe(l.family);
    }
    const names = GAME_LISTINGS.flatMap((l) => [l.family, ...l.aliases]);
    expect(new Set(names).size).toBe(names.length);
    expect(familyNamed('chess')).toBeUndefined();
  });

  it("the AI's worker engines load every game of the listing", () => {
    expect([...ENGINE_FAMILIES].sort()).toEqual([...GAME_FAMILIES].sort());
  });
});
