import { describe, expect, it } from 'vitest';
import { chips, draughtsSide, force400Side, tacticsDrawCounts, tacticsSide, tactrixLine } from './status-words.js';

describe("the status lines' counts", () => {
  it('say one piece in the singular: 1 man, 1 king, 1 unit, 1 piece, 1 chip, 1 ply', () => {
    expect(draughtsSide(1, 1)).toBe('1 man, 1 king');
    expect(force400Side(1, 1)).toBe('1 man, 1 unit');
    expect(tacticsSide(1, 1, 0)).toBe('1 piece, 1 mobile, 0 frozen');
    expect(chips(1)).toBe('1 chip');
    expect(tacticsDrawCounts(1, 50, 1, 3)).toBe('1 ply without a flip (draw at 50); position seen once (draw at 3)');
  });

  it('Tactrix!: the status line leaves the chips to the chips row (said once)', () => {
    const line = tactrixLine({ moveNumber: 3, toMove: [0], noProgress: 1, noProgressLimit: 50, turnName: 'White' });
    expect(line).toBe('Move 3, White to move. 1 ply without progress (draw at 50).');
    expect(line).not.toMatch(/chip/i);
  });

  it('say every other count in the plural, zero included', () => {
    expect(draughtsSide(12, 0)).toBe('12 men, 0 kings');
    expect(force400Side(19, 57)).toBe('19 men, 57 units');
    expect(chips(0)).toBe('0 chips');
    expect(tacticsDrawCounts(0, 50, 2, 3)).toBe('0 plies without a flip (draw at 50); position seen twice (draw at 3)');
  });
});
