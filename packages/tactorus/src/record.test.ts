import { createRng } from '@tactica/core';
import { mutate } from '@tactica/core/conformance';
import { describe, expect, it } from 'vitest';
import { startingBoard } from './board.js';
import { newGame } from './game.js';
import {
  formatEvent,
  parseEvent,
  replayRecord,
  replayRecordWithReports,
  startRecord,
  type RecordEvent,
} from './record.js';

describe('record lines', () => {
  const events: [RecordEvent, string][] = [
    [
      {
        type: 'round',
        round: 3,
        orders: [
          [
            { from: 84, to: 64 },
            { from: 5, to: 25 },
          ],
          [],
        ],
      },
      'Round 3: 84-64 05-25 / -',
    ],
    [{ type: 'round', round: 12, orders: [[], [{ from: 15, to: 35 }]] }, 'Round 12: - / 15-35'],
    [
      { type: 'customize', board: startingBoard() },
      'Customize: caccafccac/iiiiiiiiii/........../........../........../........../........../........../IIIIIIIIII/CACCFACCAC',
    ],
    [{ type: 'rules', rules: { chain: true, supplyLines: false, highGround: true } }, 'Rules: chain high-ground'],
    [{ type: 'rules', rules: { chain: false, supplyLines: false, highGround: false } }, 'Rules: basic'],
    [{ type: 'resign', player: 1 }, 'Resign: 2'],
    [{ type: 'draw' }, 'Draw: agreed'],
  ];
  it.each(events)('%j is written "%s" and read back', (event, line) => {
    expect(formatEvent(event)).toBe(line);
    expect(parseEvent(line)).toEqual({ ok: true, value: event });
  });

  it('malformed lines give coded errors, never a throw', () => {
    const rng = createRng('record lines');
    const samples = ['', 'Round', 'Round 1: 84-64', 'Round 1: 84-64 / 15-35 / 1', 'Resign: 3', 'Rules: chess'];
    for (const [, line] of events) for (let i = 0; i < 40; i++) samples.push(mutate(rng, line));
    for (const s of samples) {
      const r = parseEvent(s);
      if (!r.ok) expect(r.error.code).toMatch(/^[a-z0-9-]+\/[a-z0-9-]+$/);
    }
  });
});

describe('replaying a record', () => {
  it('checks each round against the rules and names the failing event', () => {
    const record = {
      ...startRecord(newGame()),
      events: [
        { type: 'round', round: 1, orders: [[{ from: 84, to: 64 }], []] },
        { type: 'round', round: 2, orders: [[{ from: 64, to: 94 }], []] },
      ] as RecordEvent[],
    };
    const r = replayRecord(record);
    expect(r.ok ? 'ok' : [r.error.code, r.error.line]).toEqual(['round/illegal-order', 2]);
  });

  it('refuses rounds out of sequence and events after the end', () => {
    const skip = replayRecord({
      ...startRecord(newGame()),
      events: [{ type: 'round', round: 2, orders: [[], []] }],
    });
    expect(skip.ok ? 'ok' : skip.error.code).toBe('record/round-number');
    const late = replayRecord({
      ...startRecord(newGame()),
      events: [{ type: 'draw' }, { type: 'resign', player: 0 }],
    });
    expect(late.ok ? 'ok' : late.error.code).toBe('record/game-over');
  });

  it('keeps the report of each round', () => {
    const r = replayRecordWithReports({
      ...startRecord(newGame()),
      events: [
        { type: 'round', round: 1, orders: [[{ from: 84, to: 64 }], [{ from: 15, to: 35 }]] },
        { type: 'round', round: 2, orders: [[{ from: 64, to: 44 }], [{ from: 35, to: 44 }]] },
      ],
    });
    expect(r.ok && r.value.reports.map((x) => x.meetings.length)).toEqual([0, 1]);
  });
});
