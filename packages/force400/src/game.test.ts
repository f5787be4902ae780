import { createRng, perftGeneric, snapshot, unwrap } from '@tactica/core';
import { conformanceCases } from '@tactica/core/conformance';
import { describe, expect, it } from 'vitest';
import { refusal, type Force400Action } from './actions.js';
import { Force400Engine } from './engine.js';
import { createForce400, force400 } from './game.js';
import { formatPosition } from './position-text.js';
import { loadEngine, readEngine, type Force400State } from './state.js';

describe('Force 400 conformance', () => {
  for (const c of conformanceCases(force400, {
    playouts: 12,
    maxPlies: 120,
    movesPerPosition: 60,
    // The fast perft is checked against the generic walk below, on fewer positions (the generic walk is slow).
    perftDepth: 1,
    junkMoves: ['M', 'T J8-C1', 'T J8-C1 999', 'MZ9-A1', 'M C8-C1 5', 'TJ8-C1 1O', 'S', 'X H9'],
    junkPositions: ['w 1 W: B:', 'w 0 W:H9:10K B:C0:10K', 'x 1 W:H9:10K B:C0:10K', 'w 1 W:H9:100K B:C0:10K'],
  })) {
    it(c.name, c.run);
  }
});

/** A random playout, returning every position on the way. */
function randomLine(seed: number, plies: number): Force400State[] {
  const rng = createRng(seed);
  let s = force400.initial();
  const out = [s];
  for (let i = 0; i < plies && !s.ended; i++) {
    const moves = force400.legalMoves(s);
    // Favour moves and abdications over the (many) transfers so that the men get about.
    const pool = rng.int(4) === 0 ? moves : moves.filter((m) => m.kind !== 'transfer');
    s = force400.play(s, rng.pick(pool.length ? pool : moves));
    out.push(s);
  }
  return out;
}

describe('perft (a node is each move, each transfer amount, each abdication)', () => {
  // The start: 154 moves (rank-8 men forward and diagonally), 92 sender–receiver lines × 10 amounts, 5 abdications.
  it.each([
    [1, 1079],
    [2, 1162851],
  ])('initial position, depth %i: %i', (depth, nodes) => {
    expect(force400.perft(force400.initial(), depth)).toBe(nodes);
    expect(perftGeneric(force400, force400.initial(), depth)).toBe(nodes);
  });

  it('the fast perft agrees with the generic walk over the contract in mid-game positions', () => {
    for (const seed of [3, 4, 5]) {
      for (const s of randomLine(seed, 60).filter((_, i) => i % 20 === 10)) {
        expect(force400.perft(s, 2)).toBe(perftGeneric(force400, s, 2));
      }
    }
  });
});

describe('legal actions', () => {
  it('generation agrees with the refusal checks over every conceivable action', () => {
    const scratch = new Force400Engine();
    for (const seed of [11, 12]) {
      for (const s of randomLine(seed, 80).filter((_, i) => i % 40 === 20)) {
        const legal = new Set(force400.legalMoves(s).map((m) => force400.formatMove(s, m)));
        const engine = loadEngine(s, scratch);
        let accepted = 0;
        for (let from = 0; from < 100; from++) {
          if (engine.owner[from] !== s.toMove) continue;
          for (let to = 0; to < 100; to++) {
            const candidates: Force400Action[] = [
              { kind: 'move', from, to, amount: 0 },
              { kind: 'abdicate', from, to, amount: 0 },
            ];
            const f = engine.force[from] as number;
            for (const amount of new Set([0, 1, 2, f - 1, f, f + 1, 99, 100])) {
              candidates.push({ kind: 'transfer', from, to, amount });
            }
            for (const a of candidates) {
              const ok = refusal(engine, a) === undefined;
              expect(ok, `${force400.formatMove(s, a)} in ${formatPosition(s)}`).toBe(
                legal.has(force400.formatMove(s, a)),
              );
              if (ok) accepted++;
            }
          }
        }
        // every amount 1..force is legal on each open line: count them all against the listed transfers
        const transfers = force400.legalMoves(s).filter((m) => m.kind === 'transfer').length;
        const lines = new Set(
          force400
            .legalMoves(s)
            .filter((m) => m.kind === 'transfer')
            .map((m) => m.from * 100 + m.to),
        );
        let expected = 0;
        for (const l of lines) expected += engine.force[Math.floor(l / 100)] as number;
        expect(transfers).toBe(expected);
        expect(accepted).toBeLessThanOrEqual(legal.size);
      }
    }
  });

  it('make then unmake restores the position exactly, and play never mutates its input', () => {
    for (const s of randomLine(21, 60).filter((_, i) => i % 10 === 5)) {
      const engine = loadEngine(s);
      const before = formatPosition(readEngine(engine));
      const codes = engine.legalCodes();
      for (const code of codes.slice(0, 300)) {
        engine.make(code);
        engine.unmake();
        expect(formatPosition(readEngine(engine))).toBe(before);
      }
      const frozen = snapshot(s);
      for (const m of force400.legalMoves(s).slice(0, 50)) force400.play(s, m);
      expect(snapshot(s)).toBe(frozen);
    }
  });

  it('a state read back from an engine equals the state loaded (canonical)', () => {
    for (const s of randomLine(31, 100)) expect(snapshot(readEngine(loadEngine(s), s.ended))).toBe(snapshot(s));
  });

  it('parseMove refuses moves out of turn', () => {
    const r = force400.parseMove(force400.initial(), 'M F1-G2', 1);
    expect(r.ok ? '' : r.error.code).toBe('move/not-your-turn');
  });

  it('every refusal carries a coded reason and a sentence', () => {
    const s = force400.initial();
    const cases: [string, string][] = [
      ['M E4-E5', 'move/no-man'],
      ['M F1-F2', 'move/not-your-man'],
      ['M C8-C8', 'move/same-square'],
      ['M C8-D6', 'move/not-a-line'],
      ['M C9-C7', 'move/blocked'],
      ['M C9-C8', 'move/own-man'],
      ['T C8-C6 5', 'move/no-receiver'],
      ['T C9-C1 5', 'move/blocked'],
      ['T C8-C1 5', 'move/enemy-receiver'],
      ['T C8-C9 11', 'move/too-much'],
      ['X C8-C9', 'move/not-king'],
      ['X H9-H7', 'move/blocked'],
      ['M C8-Z1', 'move/bad-square'],
      ['Q C8-C1', 'move/bad-letter'],
      ['hello', 'move/syntax'],
    ];
    for (const [text, code] of cases) {
      const r = force400.parseMove(s, text);
      expect(r.ok ? 'accepted' : r.error.code, text).toBe(code);
      if (!r.ok) expect(r.error.message.length).toBeGreaterThan(10);
    }
  });
});

describe('handicaps (rules/force400.md: 0–19 men, default order or chosen squares)', () => {
  it('default order: front rank from the A file, then the back rank, never the king', () => {
    const g = unwrap(createForce400({ handicap: [12, 3] }));
    const text = formatPosition(g.initial());
    expect(text).not.toMatch(/[A-J]8:/);
    expect(text).not.toMatch(/A9:|B9:/);
    expect(text).toContain('C9:10');
    expect(text).not.toMatch(/A1:|B1:|C1:/);
    expect(text).toContain('D1:10');
    const all = unwrap(createForce400({ handicap: [19, 0] }));
    expect(formatPosition(all.initial()).split(' B:')[0]).toBe('w 1 W:H9:10K');
  });

  it('chosen squares', () => {
    const g = unwrap(createForce400({ handicap: [[40 + 48], []] }));
    expect(formatPosition(g.initial())).not.toContain('I8:');
  });

  it.each([
    [[20, 0], 'setup/bad-handicap'],
    [[-1, 0], 'setup/bad-handicap'],
    [[[97], []], 'setup/bad-handicap'],
    [[[10], []], 'setup/bad-handicap'],
    [[[], [11, 11]], 'setup/bad-handicap'],
  ] as const)('refuses %j', (handicap, code) => {
    const r = createForce400({ handicap: handicap as never });
    expect(r.ok ? 'accepted' : r.error.code).toBe(code);
  });
});
