import { describe, expect, it } from 'vitest';
import { conformanceCases, mutate } from './conformance.js';
import type { Game } from './game.js';
import { canRedo, canUndo, current, playedMoves, pushMove, redo, startHistory, undo } from './history.js';
import { divide, perft, perftGeneric } from './perft.js';
import { describeError, excerpt, inputError, lineAndColumn, safeMessage } from './result.js';
import { createRng, zobristKeys } from './rng.js';
import { nim, type NimState } from './test-games.js';

describe('seeded RNG', () => {
  it('the same seed gives the same sequence; different seeds differ', () => {
    const a = createRng(42);
    const b = createRng(42);
    const c = createRng(43);
    const sa = Array.from({ length: 8 }, () => a.next());
    expect(Array.from({ length: 8 }, () => b.next())).toEqual(sa);
    expect(Array.from({ length: 8 }, () => c.next())).not.toEqual(sa);
  });
  it('restores from a saved state', () => {
    const a = createRng('x');
    a.next();
    const b = createRng(a.state());
    expect(b.next()).toBe(a.next());
  });
  it('int stays in range and covers it', () => {
    const r = createRng(1);
    const seen = new Set<number>();
    for (let i = 0; i < 1000; i++) {
      const v = r.int(7);
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThan(7);
      seen.add(v);
    }
    expect(seen.size).toBe(7);
  });
  it('Zobrist keys are reproducible and distinct', () => {
    const k = zobristKeys(100, 'draughts');
    expect(zobristKeys(100, 'draughts')).toEqual(k);
    expect(new Set(k).size).toBeGreaterThan(195);
  });
});

describe('perft over the contract', () => {
  it('counts Nim leaves: from 10 stones, 3, 9, 27 then fewer as heaps run out', () => {
    const s = nim.initial();
    expect(perft(nim, s, 1)).toBe(3);
    expect(perft(nim, s, 2)).toBe(9);
    expect(perft(nim, s, 3)).toBe(27);
    // depth 4 from 10 stones: sequences of 4 takes (1..3) with total <= 10, ending state may be 0
    let count = 0;
    for (let a = 1; a <= 3; a++)
      for (let b = 1; b <= 3; b++)
        for (let c = 1; c <= 3; c++) for (let d = 1; d <= 3; d++) if (a + b + c + d <= 10) count++;
    expect(perft(nim, s, 4)).toBe(count);
  });
  it('divide adds up to perft', () => {
    const s = nim.initial();
    const lines = divide(nim, s, 3);
    expect(lines.map((l) => l.move)).toEqual(['take 1', 'take 2', 'take 3']);
    expect(lines.reduce((n, l) => n + l.nodes, 0)).toBe(perftGeneric(nim, s, 3));
  });
});

describe('history: takeback and redo', () => {
  it('undo and redo move the cursor; a new move drops the undone line', () => {
    let h = startHistory<NimState, number>(nim.initial());
    for (const m of [1, 2, 3]) h = pushMove(h, m, nim.play(current(h), m));
    expect(current(h).stones).toBe(4);
    h = undo(nim, h, 2);
    expect(current(h).stones).toBe(9);
    expect(canRedo(h)).toBe(true);
    h = redo(nim, h);
    expect(current(h).stones).toBe(7);
    h = pushMove(h, 1, nim.play(current(h), 1));
    expect(canRedo(h)).toBe(false);
    expect(playedMoves(h)).toEqual([1, 2, 1]);
    expect(canUndo(undo(nim, h, 99))).toBe(false);
  });
});

describe('errors', () => {
  it('an error names its code and where', () => {
    const text = 'ab\ncd\nef';
    const at = text.indexOf('d');
    expect(lineAndColumn(text, at)).toEqual({ line: 2, column: 2 });
    expect(describeError(inputError('pdn/bad-move', 'bad move "zz"', { line: 2, column: 2 }))).toBe(
      'pdn/bad-move: bad move "zz" (line 2, column 2)',
    );
  });
  it('mutate damages text reproducibly', () => {
    expect(mutate(createRng(5), 'W:W31,32:B1,2')).toBe(mutate(createRng(5), 'W:W31,32:B1,2'));
  });
});

describe('conformance kit', () => {
  for (const c of conformanceCases(nim)) it(c.name, c.run);

  it('catches a game whose play mutates its input', () => {
    const broken: Game<{ stones: number[] }, number> = {
      ...(nim as unknown as Game<{ stones: number[] }, number>),
      initial: () => ({ stones: [10] }),
      toMove: (s) => ((s.stones[0] ?? 0) > 0 ? [0] : []),
      legalMoves: (s) => ((s.stones[0] ?? 0) > 0 ? [1] : []),
      outcome: () => undefined,
      play(s, m) {
        s.stones[0] = (s.stones[0] ?? 0) - m;
        return { stones: [...s.stones] };
      },
      formatPosition: (s) => String(s.stones[0]),
    };
    const mutation = conformanceCases(broken).find((c) => c.name.includes('never mutates'));
    expect(() => mutation?.run()).toThrow(/mutated/);
  });
});

describe('messages quote untrusted input safely', () => {
  it('excerpt escapes control, bidirectional and lone surrogate characters and cuts long text', () => {
    expect(excerpt('a\u001b[2Jb\u0000\n\u202e\ud800', 40)).toBe('a\\u001b[2Jb\\u0000\\n\\u202e\\ud800');
    expect(excerpt('x'.repeat(1_000_000), 10)).toBe('xxxxxxxxxx…');
    expect(excerpt('e4 é 🐉', 40)).toBe('e4 é 🐉');
  });

  it('inputError keeps at most an escaped excerpt of the input and a safe message', () => {
    const line = `\u001b]0;pwned\u0007${'z'.repeat(1_000_000)}`;
    const e = inputError('x/bad', `bad token ${line} here`, { input: line });
    expect(e.input?.length).toBeLessThanOrEqual(100);
    expect(e.input).not.toMatch(/\p{Cc}/u);
    expect(e.message.length).toBeLessThanOrEqual(501);
    expect(e.message).not.toMatch(/\p{Cc}/u);
    expect(e.message.startsWith('bad token \\u001b]0;pwned\\u0007zzz')).toBe(true);
    expect(describeError({ code: 'x/y', message: 'a\u001bb' })).toBe('x/y: a\\u001bb');
  });

  it('messages made of valid parts are left as they are', () => {
    const m = 'must be one of international, english, russian, brazilian, pool, italian, czech, turkish, thai';
    expect(safeMessage(m)).toBe(m);
    expect(inputError('a/b', '32-28 is not a legal move').message).toBe('32-28 is not a legal move');
  });
});
