import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RAY_LENGTH, RAY_START, RAYS, SQUARES } from './board.js';
import { LINE_COUNT, LINE_OF, markLines, POSITION_ON_LINE, STEP } from './lines.js';
import { loadEngine } from './state.js';
import { positions } from './test-arbitraries.js';

/** The bit scan the evaluation and the king's room spell out inline (see the file comment of lines.ts). */
function openByScan(occupancy: Int32Array, sq: number, d: number): number {
  const bits = occupancy[LINE_OF[sq * 4 + (d & 3)] as number] as number;
  const at = POSITION_ON_LINE[sq * 4 + (d & 3)] as number;
  const full = RAY_LENGTH[sq * 8 + d] as number;
  if (d >= 4) {
    const beyond = bits >>> (at + 1);
    return beyond === 0 ? full : 31 - Math.clz32(beyond & -beyond);
  }
  const before = bits & ((1 << at) - 1);
  return before === 0 ? full : at - 1 - (31 - Math.clz32(before));
}

describe('board lines', () => {
  it('number the 58 lines so that each ray runs along one line, one position a step', () => {
    // 10 files, 10 ranks and 19 diagonals each way.
    expect(LINE_COUNT).toBe(58);
    for (let sq = 0; sq < SQUARES; sq++) {
      for (let d = 0; d < 8; d++) {
        const o = d & 3;
        const step = d >= 4 ? 1 : -1;
        for (let k = 0; k < (RAY_LENGTH[sq * 8 + d] as number); k++) {
          const t = RAYS[(RAY_START[sq * 8 + d] as number) + k] as number;
          expect(t).toBe(sq + (k + 1) * (STEP[d] as number));
          expect(LINE_OF[t * 4 + o]).toBe(LINE_OF[sq * 4 + o]);
          expect(POSITION_ON_LINE[t * 4 + o]).toBe((POSITION_ON_LINE[sq * 4 + o] as number) + (k + 1) * step);
        }
      }
    }
  });

  it('find the first man along every ray by a bit scan, as a walk along the ray does', () => {
    const occupancy = new Int32Array(LINE_COUNT);
    fc.assert(
      fc.property(positions, (state) => {
        const e = loadEngine(state);
        markLines(e.owner, occupancy);
        for (let sq = 0; sq < SQUARES; sq++) {
          for (let d = 0; d < 8; d++) {
            const start = RAY_START[sq * 8 + d] as number;
            const len = RAY_LENGTH[sq * 8 + d] as number;
            let open = 0;
            while (open < len && e.owner[RAYS[start + open] as number] === -1) open++;
            expect(openByScan(occupancy, sq, d)).toBe(open);
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});
