import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RAY_LENGTH, RAY_START, RAYS, SQUARES } from './board.js';
import { LINE_COUNT, LINE_OF, markLines, openAlong, POSITION_ON_LINE, STEP } from './lines.js';
import { loadEngine } from './state.js';
import { positions } from './test-arbitraries.js';

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
            expect(openAlong(occupancy, sq, d, len)).toBe(open);
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});
