import { createRng, unwrap } from '@tactica/core';
import { mutate } from '@tactica/core/conformance';
import { describe, expect, it } from 'vitest';
import { force400 } from './game.js';
import { formatPosition, parsePosition } from './position-text.js';

const START =
  'w 1 W:A8:10,B8:10,C8:10,D8:10,E8:10,F8:10,G8:10,H8:10,I8:10,J8:10,A9:10,B9:10,C9:10,D9:10,E9:10,F9:10,G9:10,H9:10K,I9:10,J9:10 ' +
  'B:A0:10,B0:10,C0:10K,D0:10,E0:10,F0:10,G0:10,H0:10,I0:10,J0:10,A1:10,B1:10,C1:10,D1:10,E1:10,F1:10,G1:10,H1:10,I1:10,J1:10';

describe('position text', () => {
  it('the starting position: every man square:force, K for each king, White to move on move 1', () => {
    expect(formatPosition(force400.initial())).toBe(START);
    expect(formatPosition(unwrap(parsePosition(START)))).toBe(START);
  });

  it('carries recharge counters and round-trips them', () => {
    const text = 'b 12 W:D6:3/1,E7:16/2,H9:10K B:C0:5K,F2:0';
    const s = unwrap(parsePosition(text));
    expect(formatPosition(s)).toBe(text);
    // E7 left rank 9 on White's last turn: not eligible on his next two turns, eligible on the third
    let t = unwrap(force400.tryPlay(s, 'M F2-F3'));
    t = unwrap(force400.tryPlay(t, 'M E7-E8'));
    expect(formatPosition(t)).toContain('E8:16/1');
  });

  it('a side without a king has lost; endings by resignation and agreement round-trip', () => {
    expect(unwrap(parsePosition('b 4 W:E5:3 B:C0:5K')).ended).toEqual({
      kind: 'win',
      winner: 1,
      reason: 'king-captured',
    });
    for (const ending of ['w-resigned', 'b-resigned', 'draw-agreed']) {
      const text = `w 3 W:H9:10K B:C0:10K ${ending}`;
      expect(formatPosition(unwrap(parsePosition(text)))).toBe(text);
    }
    expect(formatPosition(force400.resign(force400.initial(), 0))).toBe(`${START} w-resigned`);
  });

  it.each([
    ['', 'position/syntax'],
    ['w 1 W:H9:10K', 'position/syntax'],
    ['x 1 W:H9:10K B:C0:10K', 'position/bad-side'],
    ['w 0 W:H9:10K B:C0:10K', 'position/bad-move-number'],
    ['w 1 X:H9:10K B:C0:10K', 'position/syntax'],
    ['w 1 W:H9:10K,K5:3 B:C0:10K', 'position/bad-square'],
    ['w 1 W:H9:10K,H9:3 B:C0:10K', 'position/duplicate-square'],
    ['w 1 W:H9:100K B:C0:10K', 'position/bad-force'],
    ['w 1 W:H9:10K,E5 B:C0:10K', 'position/bad-man'],
    ['w 1 W:H9:10K,E5:4/3 B:C0:10K', 'position/bad-wait'],
    ['w 1 W:H9:10K,E9:4/1 B:C0:10K', 'position/bad-wait'],
    ['w 1 W:H9:10K,E5:4K B:C0:10K', 'position/two-kings'],
    ['w 1 W:E5:4 B:C1:3', 'position/no-kings'],
    ['w 1 W:H9:10K B:C0:10K resigned', 'position/bad-ending'],
    ['w 1 W:E5:1 B:C0:10K w-resigned', 'position/bad-ending'],
  ])('%j is refused with %s', (text, code) => {
    const r = parsePosition(text);
    expect(r.ok ? 'accepted' : r.error.code).toBe(code);
    if (!r.ok) expect(r.error.at).toBeGreaterThanOrEqual(0);
  });

  it('fuzz: damaged position text is refused with a coded error or parses to a position that round-trips', () => {
    const rng = createRng(7);
    for (let i = 0; i < 3000; i++) {
      const r = parsePosition(mutate(rng, START));
      if (r.ok) expect(formatPosition(unwrap(parsePosition(formatPosition(r.value))))).toBe(formatPosition(r.value));
      else expect(r.error.code).toMatch(/^position\/[a-z-]+$/);
    }
  });
});
