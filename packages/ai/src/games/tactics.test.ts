import { readFileSync } from 'node:fs';
import { createRng, unwrap } from '@tactica/core';
import {
  TacticsSearchPosition,
  formatMove,
  parsePosition,
  tactics,
  type TacticsMove,
  type TacticsState,
} from '@tactica/tactics';
import { describe, expect, it } from 'vitest';
import { findLevel } from '../engine.js';
import { Searcher } from '../search.js';
import { SAFE_DEPTH, TACTICS_LEVELS, createTacticsEngine, tacticsEngine } from './tactics.js';

interface Check {
  readonly kind: 'win' | 'defend';
  readonly text: string;
  readonly state: TacticsState;
}

const checks: Check[] = readFileSync(new URL('./tactics-checks.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '' && !l.startsWith('#'))
  .map((line) => {
    const [kind, ...rest] = line.split(' ');
    const text = rest.join(' ');
    if (kind !== 'win' && kind !== 'defend') throw new Error(`bad check line: ${line}`);
    return { kind, text, state: unwrap(parsePosition(text)) };
  });

const wins = (s: TacticsState, m: TacticsMove): boolean => {
  const o = tactics.outcome(tactics.play(s, m));
  return o?.kind === 'win' && o.winner === s.turn;
};

/** True when the opponent, to move after `m`, has a move that leaves the mover without a move. */
const allowsWin = (s: TacticsState, m: TacticsMove): boolean => {
  const after = tactics.play(s, m);
  return tactics.legalMoves(after).some((r) => wins(after, r));
};

describe('Tactics levels', () => {
  it('are the draughts scale, weakest first, with Master above them (ours)', () => {
    expect(TACTICS_LEVELS.map((l) => l.name)).toEqual(['Dumb', 'Novice', 'Average', 'Good', 'Smart', 'Master']);
    expect(findLevel(tacticsEngine.levels, 'SMART')?.id).toBe('smart');
    for (const l of TACTICS_LEVELS.slice(1)) expect(l.depth).toBeGreaterThanOrEqual(SAFE_DEPTH);
  });

  it('the check positions are what they claim: a win exists, or some moves lose at once and some do not', () => {
    expect(checks.filter((c) => c.kind === 'win').length).toBeGreaterThanOrEqual(20);
    expect(checks.filter((c) => c.kind === 'defend').length).toBeGreaterThanOrEqual(20);
    for (const c of checks) {
      const legal = tactics.legalMoves(c.state);
      if (c.kind === 'win') {
        expect(
          legal.some((m) => wins(c.state, m)),
          c.text,
        ).toBe(true);
        expect(
          legal.every((m) => wins(c.state, m)),
          c.text,
        ).toBe(false);
      } else {
        const losing = legal.filter((m) => allowsWin(c.state, m)).length;
        expect(losing, c.text).toBeGreaterThan(0);
        expect(losing, c.text).toBeLessThan(legal.length);
      }
    }
  });

  // Every level above Dumb: never misses a one-move win, never allows one when a defence exists.
  for (const level of TACTICS_LEVELS.slice(1)) {
    it(`${level.name} takes every one-move win and stops every one-move loss of the check positions`, () => {
      const engine = createTacticsEngine();
      // To keep the test quick, every win and the first 20 defences (Master: 6); the bench runs every level on all.
      let defences = 0;
      for (const c of checks) {
        if (c.kind === 'defend' && ++defences > (level.id === 'master' ? 6 : 20)) continue;
        const m = engine.choose(c.state, level.id, { seed: 3 }).move;
        if (c.kind === 'win') expect(wins(c.state, m), `${c.text}: ${formatMove(m)}`).toBe(true);
        else expect(allowsWin(c.state, m), `${c.text}: ${formatMove(m)}`).toBe(false);
      }
    });
  }

  it('Dumb plays a random legal move, the same one for the same seed', () => {
    const s = tactics.initial();
    const a = tacticsEngine.choose(s, 'dumb', { seed: 9 }).move;
    expect(tactics.legalMoves(s).some((m) => m.from === a.from && m.to === a.to)).toBe(true);
    expect(tacticsEngine.choose(s, 'dumb', { seed: 9 }).move).toEqual(a);
    const seen = new Set<string>();
    for (let seed = 0; seed < 20; seed++) seen.add(formatMove(tacticsEngine.choose(s, 'dumb', { seed }).move));
    expect(seen.size).toBeGreaterThan(5);
  });

  it('every level is deterministic for a given seed, whatever was searched before', () => {
    const s = unwrap(parsePosition(checks.find((c) => c.kind === 'defend')!.text));
    for (const level of TACTICS_LEVELS) {
      const first = createTacticsEngine().choose(s, level.id, { seed: 4 });
      const engine = createTacticsEngine();
      engine.choose(tactics.initial(), 'good', { seed: 1 });
      const again = engine.choose(s, level.id, { seed: 4 });
      expect(again.move).toEqual(first.move);
      expect(again.score).toBe(first.score);
    }
  });

  it('Novice strays among near-best moves with the seed; Good always plays its best', () => {
    const s = tactics.play(tactics.initial(), { from: 2, to: 34 });
    const novice = new Set<string>();
    const good = new Set<string>();
    for (let seed = 0; seed < 6; seed++) {
      novice.add(formatMove(tacticsEngine.choose(s, 'novice', { seed }).move));
      good.add(formatMove(tacticsEngine.choose(s, 'good', { seed }).move));
    }
    expect(novice.size).toBeGreaterThan(1);
    expect(good.size).toBe(1);
  });

  it('a clock that stops the search at once still leaves the move and the reply looked at', () => {
    const c = checks.find((x) => x.kind === 'defend')!;
    const choice = createTacticsEngine().choose(c.state, 'master', { seed: 1, timeMs: 0 });
    expect(choice.depth).toBeGreaterThanOrEqual(SAFE_DEPTH);
    expect(allowsWin(c.state, choice.move)).toBe(false);
  });

  it('says what it is thinking: each completed depth with its line and score', () => {
    const thoughts: string[] = [];
    createTacticsEngine().choose(tactics.initial(), 'smart', { seed: 1, onThought: (t) => thoughts.push(t) });
    expect(thoughts).toHaveLength(3);
    expect(thoughts[2]).toMatch(/^depth 3: [a-h][1-8]-[a-h][1-8]( [a-h][1-8]-[a-h][1-8])* \([+-]\d+\.\d Rooks\)$/);
    const win = checks[0]!;
    const said: string[] = [];
    createTacticsEngine().choose(win.state, 'smart', { onThought: (t) => said.push(t) });
    expect(said.at(-1)).toMatch(/\(a win in 1\)$/);
  });

  it('reports only the iterations that saw the reply (a client may play their move), while it says every one', () => {
    const depths: number[] = [];
    const thoughts: string[] = [];
    const choice = createTacticsEngine().choose(tactics.initial(), 'smart', {
      seed: 1,
      onIteration: (a) => depths.push(a.depth),
      onThought: (t) => thoughts.push(t),
    });
    expect(depths).toEqual([SAFE_DEPTH, 3]);
    expect(thoughts).toHaveLength(3);
    expect(choice.depth).toBe(3);
  });

  it('analyse gives a principal variation of legal moves and its score', () => {
    const a = tacticsEngine.analyse(tactics.initial(), { depth: 3 });
    expect(a.depth).toBe(3);
    expect(a.pv.length).toBeGreaterThan(0);
    let s = tactics.initial();
    for (const m of a.pv) {
      expect(tactics.legalMoves(s).some((l) => l.from === m.from && l.to === m.to)).toBe(true);
      s = tactics.play(s, m);
    }
  });
});

describe('Tactics search: deterministic node count', () => {
  /** The start and the positions after 8 and 16 plies of two seeded random games. */
  function searchSet(): TacticsState[] {
    const set = [tactics.initial()];
    for (let g = 0; g < 2; g++) {
      const rng = createRng(`tactics-node-count-${g}`);
      let s = tactics.initial();
      for (let ply = 1; ply <= 16; ply++) {
        s = tactics.play(s, rng.pick(tactics.legalMoves(s)));
        if (ply % 8 === 0) set.push(s);
      }
    }
    return set;
  }

  it('searching the fixed set to depth 3 visits the same number of nodes every time (a change to it is a change to the search)', () => {
    let nodes = 0;
    for (const s of searchSet()) {
      nodes += new Searcher({ ttLog2: 16 }).search(new TacticsSearchPosition(s), { depth: 3 }).nodes;
    }
    expect(nodes).toBe(NODE_COUNT);
  });
});

/** Recorded with the evaluation weights and searcher of this commit; update it (and say so) when either changes. */
const NODE_COUNT = 25_791;
