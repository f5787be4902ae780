import { draughtsGame } from '@tactica/draughts';
import { force400 } from '@tactica/force400';
import { tactics } from '@tactica/tactics';
import { tactorus, newGame, observe } from '@tactica/tactorus';
import { tactrix } from '@tactica/tactrix';
import type { Game } from '@tactica/core';
import { describe, expect, it } from 'vitest';
import { DRAUGHTS_LEVELS } from './draughts.js';
import type { Analysis } from './engine.js';
import { ENGINE_FAMILIES, loadEngine, parseEngineFamily, type EngineFamily } from './engines.js';
import { FORCE400_LEVELS } from './force400.js';
import { TACTICS_LEVELS } from './tactics.js';
import { TACTORUS_LEVELS } from './tactorus.js';
import { TACTRIX_LEVELS } from './tactrix.js';

/** Per family: its levels, a start, how to write a move, and a level whose search deepens (none for Tactorus). */
const FAMILIES: Record<
  EngineFamily,
  {
    levels: readonly { id: string }[];
    start: () => unknown;
    legal: (s: unknown, move: unknown) => boolean;
    deepening?: string;
  }
> = {
  draughts: { levels: DRAUGHTS_LEVELS, ...contract(draughtsGame('international')), deepening: 'average' },
  force400: { levels: FORCE400_LEVELS, ...contract(force400), deepening: '3' },
  tactics: { levels: TACTICS_LEVELS, ...contract(tactics), deepening: 'smart' },
  tactrix: { levels: TACTRIX_LEVELS, ...contract(tactrix), deepening: 'smart' },
  tactorus: {
    levels: TACTORUS_LEVELS,
    start: () => observe(newGame(), 0),
    // A whole order set: each order playable in turn by Player 1.
    legal: (_s, move) => {
      let s = newGame();
      for (const o of move as readonly { from: number; to: number }[]) {
        const t = tactorus.tryPlay(s, `${String(o.from).padStart(2, '0')}-${String(o.to).padStart(2, '0')}`, 0);
        if (!t.ok) return false;
        s = t.value;
      }
      return true;
    },
  },
};

function contract<S, M>(game: Game<S, M>): Pick<(typeof FAMILIES)[EngineFamily], 'start' | 'legal'> {
  return {
    start: () => game.initial(),
    legal: (s, move) => {
      const text = game.formatMove(s as S, move as M);
      return game.legalMoves(s as S).some((m) => game.formatMove(s as S, m) === text);
    },
  };
}

describe('engines by family (@tactica/ai/engines)', () => {
  it('every family has an engine', () => {
    expect(Object.keys(FAMILIES).sort()).toEqual([...ENGINE_FAMILIES].sort());
  });

  it.each(ENGINE_FAMILIES)('%s: loads an engine with its levels that plays a legal move from the start', async (f) => {
    const family = FAMILIES[f];
    const engine = await loadEngine(f);
    expect(engine.levels).toBe(family.levels);
    const s = family.start();
    const choice = (engine.choose as (s: unknown, level: string, o: object) => { move: unknown })(
      s,
      family.levels[1]!.id,
      { seed: 1 },
    );
    expect(family.legal(s, choice.move)).toBe(true);
  });

  it.each(ENGINE_FAMILIES)('%s: the factory receives the options', async (f) => {
    const one = [FAMILIES[f].levels[0]!];
    const engine = await loadEngine(f, { levels: one } as never);
    expect(engine.levels).toEqual(one);
  });

  it.each(ENGINE_FAMILIES.filter((f) => FAMILIES[f].deepening))(
    '%s: a deepening level reports its iterations as it chooses, the last one its move',
    async (f) => {
      const family = FAMILIES[f];
      const engine = await loadEngine(f);
      const s = family.start();
      const reports: Analysis<unknown>[] = [];
      const choose = engine.choose as (s: unknown, level: string, o: object) => { move: unknown };
      const choice = choose(s, family.deepening!, { seed: 2, onIteration: (a: Analysis<unknown>) => reports.push(a) });
      expect(reports.length).toBeGreaterThan(0);
      for (const r of reports) expect(family.legal(s, r.pv[0])).toBe(true);
      expect(reports.map((r) => r.depth)).toEqual([...reports.map((r) => r.depth)].sort((a, b) => a - b));
      expect(JSON.stringify(reports.at(-1)?.pv[0])).toBe(JSON.stringify(choice.move));
      // Reporting changes nothing: the same level and seed choose the same move without it.
      const quiet = (await loadEngine(f)).choose as typeof choose;
      expect(JSON.stringify(quiet(s, family.deepening!, { seed: 2 }).move)).toBe(JSON.stringify(choice.move));
    },
  );

  it('tactorus reports no iterations (its levels do not deepen a search)', async () => {
    const engine = await loadEngine('tactorus');
    const reports: unknown[] = [];
    engine.choose(observe(newGame(), 0), '3', { seed: 1, onIteration: (a) => reports.push(a) });
    expect(reports).toEqual([]);
  });

  it('reads a family name from untrusted text, refusing others with engine/unknown-family', () => {
    expect(parseEngineFamily('tactrix')).toEqual({ ok: true, value: 'tactrix' });
    const r = parseEngineFamily('chess');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('engine/unknown-family');
      expect(r.error.input).toBe('chess');
    }
  });
});
