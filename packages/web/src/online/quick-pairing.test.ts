import { describe, expect, it } from 'vitest';
import type { CatalogueGame } from './api.js';
import { pairingClocks, pairingTitle } from './quick-pairing.js';

const draughts: CatalogueGame = {
  family: 'draughts',
  name: 'Draughts',
  summary: 'Draughts in seven rule sets.',
  dynamics: 'sequential',
  options: [
    {
      kind: 'choice',
      key: 'variant',
      label: 'Rule set',
      help: 'The rules played.',
      default: 'international',
      choices: [
        { id: 'international', label: 'International' },
        { id: 'russian', label: 'Russian' },
      ],
    },
    { kind: 'flag', key: 'giveaway', label: 'Give-away', help: 'Win by losing every piece.', default: false },
  ],
  variants: [],
  levels: [],
  records: [],
};

describe('quick pairing choices', () => {
  it("names each game by its main variant's rule set, or a request's own", () => {
    expect(pairingTitle(draughts)).toBe('Draughts (International)');
    expect(pairingTitle(draughts, { variant: 'russian' })).toBe('Draughts (Russian)');
    expect(pairingTitle({ ...draughts, options: [] })).toBe('Draughts');
  });

  it('offers live clocks for games played in turns, days a move only for simultaneous ones', () => {
    expect(pairingClocks({ dynamics: 'sequential' }).map((c) => c.control.kind)).toEqual([
      'live',
      'live',
      'live',
      'correspondence',
    ]);
    expect(pairingClocks({ dynamics: 'simultaneous' }).every((c) => c.control.kind === 'correspondence')).toBe(true);
  });

  it("reminds a day before the forfeit (at most a week), as the lobby's form and the server do", () => {
    const days = pairingClocks({ dynamics: 'simultaneous' }).map((c) => c.control);
    expect(days).toEqual([
      { kind: 'correspondence', daysPerMove: 3, nagDays: 2 },
      { kind: 'correspondence', daysPerMove: 7, nagDays: 6 },
    ]);
  });
});
