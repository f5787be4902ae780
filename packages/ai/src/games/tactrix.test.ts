import { readFileSync } from 'node:fs';
import { unwrap } from '@tactica/core';
import { TactrixSearchPosition, legalMoves, outcomeOfState, parsePosition, play, tactrix } from '@tactica/tactrix';
import { describe, expect, it } from 'vitest';
import { randomOpening } from '../match.js';
import { BlurredTactrixPosition, TACTRIX_LEVELS, createTactrixEngine } from './tactrix.js';
import { SEARCH_SET_DEPTH, searchSetNodes, type OneMoveKind } from './tactrix-checks.js';
import { classify, defends, readPosition, winningMoves } from './test-tactrix-oracle.js';

const engine = createTactrixEngine();

/** Position text from ten rows of ten characters (rank 10 first), the side to move and the chips held. */
function ascii(rows: string, turn: 'w' | 'b', white = 0, black = 0): string {
  const lines = rows
    .trim()
    .split('\n')
    .map((l) => l.trim());
  return `${lines.join('/')} ${turn} ${white} ${black} 0 1`;
}

interface Case {
  readonly name: string;
  readonly kind: OneMoveKind;
  /** The position as text: the oracle reads it on its own, the engine through its parser. */
  readonly position: string;
}

// Made by hand: each tactic of the game once (the diagrams show rank 10 at the top, file a on the left).
const HAND_MADE: Case[] = [
  {
    name: 'a jumpnar takes the king (h9xj10)',
    kind: 'win',
    position: ascii(
      `
      .........k
      .......N..
      ..........
      ..........
      ..........
      ..........
      ..........
      ..........
      ..........
      K.........`,
      'w',
    ),
  },
  {
    name: 'a purchase next to the regeneroid lands on the king (buy J@f6)',
    kind: 'win',
    position: ascii(
      `
      ..........
      ..........
      ..........
      ..........
      .....k....
      ....R.....
      ..........
      ..........
      ..........
      K.........`,
      'w',
      3,
    ),
  },
  {
    name: 'a jerk jumps over a piece onto the king (e5xe7)',
    kind: 'win',
    position: ascii(
      `
      ..........
      ..........
      ..........
      ....k.....
      ....j.....
      ....J.....
      ..........
      ..........
      ..........
      K.........`,
      'w',
    ),
  },
  {
    name: 'a wrapnoid wraps round the left edge onto the king (a5xh5)',
    kind: 'win',
    position: ascii(
      `
      ..........
      ..........
      ..........
      ..........
      ..........
      W......k..
      ..........
      ..........
      ..........
      K.........`,
      'w',
    ),
  },
  {
    name: 'a diaganoid on a5 eyes the king on e1: step aside or block the diagonal',
    kind: 'defend',
    position: ascii(
      `
      ........k.
      ..........
      ..........
      ..........
      ..........
      d.........
      ..........
      ..........
      ..........
      ....K....V`,
      'w',
    ),
  },
  {
    name: 'the enemy regeneroid on e6 could buy a piece onto the king on e5: take it or step away',
    kind: 'defend',
    position: ascii(
      `
      ........k.
      ..........
      ..........
      ..........
      ....r.....
      ....K.....
      ..........
      ..........
      ..........
      .........V`,
      'w',
      0,
      5,
    ),
  },
  {
    name: 'a wrapnoid on b3 threatens the king on i3 round the edge: move the king or block j3',
    kind: 'defend',
    position: ascii(
      `
      ........k.
      ..........
      ..........
      ..........
      ..........
      ..........
      ..........
      .w......K.
      ..........
      .........V`,
      'w',
    ),
  },
  {
    name: 'a black jerk two squares above the king threatens to jump onto it',
    kind: 'defend',
    position: ascii(
      `
      ........k.
      ..........
      ..........
      ..........
      ..........
      ....j.....
      ..........
      ....K.....
      ..........
      .........V`,
      'w',
    ),
  },
];

// Found in seeded random games by findOneMovePositions (see the file's header).
const FOUND: Case[] = readFileSync(new URL('./tactrix-one-move.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '' && !l.startsWith('#'))
  .map((line, i) => {
    const [kind, ...rest] = line.split(' ');
    return { name: `found ${i + 1}`, kind: kind as OneMoveKind, position: rest.join(' ') };
  });

const CASES = [...HAND_MADE, ...FOUND];

describe('one-move test positions', () => {
  it('there are hand-made and found positions of both kinds', () => {
    for (const set of [HAND_MADE, FOUND]) {
      expect(set.filter((c) => c.kind === 'win').length).toBeGreaterThanOrEqual(4);
      expect(set.filter((c) => c.kind === 'defend').length).toBeGreaterThanOrEqual(4);
    }
  });

  // Judged by the independent oracle (test-tactrix-oracle.ts), not by the rules engine the levels search with.
  it.each(CASES.map((c) => [c.name, c] as const))('%s is what it claims', (_, c) => {
    expect(classify(readPosition(c.position))).toBe(c.kind);
  });
});

describe('no level above Dumb misses a win in one or fails to stop a loss in one it can stop', () => {
  for (const level of TACTRIX_LEVELS.slice(1)) {
    it(`${level.name}`, () => {
      // Levels with a blurred judgement are asked with several seeds.
      const seeds = level.noise ? [1, 2] : [1];
      for (const c of CASES) {
        const state = unwrap(parsePosition(c.position));
        // The oracle judges the move the level chose.
        const oracle = readPosition(c.position);
        for (const seed of seeds) {
          const move = tactrix.formatMove(state, engine.choose(state, level.id, { seed }).move);
          const text = `${c.name}: ${move} (seed ${seed})`;
          if (c.kind === 'win') expect(winningMoves(oracle), text).toContain(move);
          else expect(defends(oracle, move), text).toBe(true);
        }
      }
    });
  }

  it('Dumb, the lowest level, plays any legal move: a random one, the same for the same seed', () => {
    const s = tactrix.initial();
    const moves = new Set<string>();
    for (let seed = 0; seed < 20; seed++) {
      const m = engine.choose(s, 'dumb', { seed }).move;
      expect(engine.choose(s, 'dumb', { seed }).move).toEqual(m);
      moves.add(tactrix.formatMove(s, m));
    }
    expect(moves.size).toBeGreaterThan(3);
  });
});

describe('levels', () => {
  it('are Dumb, Novice, Average, Good, Smart (the draughts scale) and Master above them', () => {
    expect(TACTRIX_LEVELS.map((l) => l.name)).toEqual(['Dumb', 'Novice', 'Average', 'Good', 'Smart', 'Master']);
    expect(engine.levels.map((l) => l.id)).toEqual(['dumb', 'novice', 'average', 'good', 'smart', 'master']);
  });

  it('every level plays the same move for the same position and seed, whatever it searched before', () => {
    const positions = [12, 40].map((plies) => randomOpening(tactrix, plies, plies));
    for (const level of TACTRIX_LEVELS) {
      const first = positions.map((s) => engine.choose(s, level.id, { seed: 5 }).move);
      // another engine, and this one after other searches, agree
      const other = createTactrixEngine();
      const again = [...positions].reverse().map((s) => other.choose(s, level.id, { seed: 5 }).move);
      expect(again.reverse()).toEqual(first);
      expect(positions.map((s) => engine.choose(s, level.id, { seed: 5 }).move)).toEqual(first);
    }
  });

  it('a searching level returns a legal move with its score, depth and principal variation, and says what it thinks', () => {
    const s = randomOpening(tactrix, 4, 20);
    const thoughts: string[] = [];
    const choice = engine.choose(s, 'smart', { onThought: (t) => thoughts.push(t) });
    expect(legalMoves(s).map((m) => tactrix.formatMove(s, m))).toContain(tactrix.formatMove(s, choice.move));
    expect(choice.depth).toBe(3);
    expect(choice.pv?.[0]).toEqual(choice.move);
    let state = s;
    for (const m of choice.pv ?? []) state = play(state, m); // every move of the line is legal in turn
    expect(thoughts).toHaveLength(3);
    expect(thoughts[2]).toMatch(/^depth 3: \S+/);
  });

  it('a blurred evaluation stays within its noise, is the same for the same seed and differs between seeds', () => {
    const positions = [8, 20, 44, 70].map((plies) => randomOpening(tactrix, plies, plies));
    const offsets = new Set<number>();
    for (const s of positions) {
      const truth = new TactrixSearchPosition(s).evaluate();
      for (const seed of [1, 2, 3]) {
        const blurred = new BlurredTactrixPosition(s, 40, seed).evaluate();
        expect(Math.abs(blurred - truth)).toBeLessThanOrEqual(40);
        expect(new BlurredTactrixPosition(s, 40, seed).evaluate()).toBe(blurred);
        offsets.add(blurred - truth);
      }
    }
    expect(offsets.size).toBeGreaterThan(6);
  });

  it('analyse returns the principal variation as legal moves, to the depth asked', () => {
    const s = randomOpening(tactrix, 9, 16);
    const a = engine.analyse(s, { depth: 3 });
    expect(a.depth).toBe(3);
    let state = s;
    for (const m of a.pv) {
      expect(outcomeOfState(state)).toBeUndefined();
      state = play(state, m);
    }
    expect(a.pv.length).toBeGreaterThan(0);
  });
});

const SEARCH_SET_NODES = 59_316;

describe('deterministic node count', () => {
  it(`the fixed search set (the start and five seeded openings, depth ${SEARCH_SET_DEPTH}) takes ${SEARCH_SET_NODES} nodes`, () => {
    // Changes with the search, the evaluation, the move order or the rules: a change that alters it says so, and
    // updates this number (bench/ai-tactrix.js prints it).
    expect(searchSetNodes()).toBe(SEARCH_SET_NODES);
  });
});
