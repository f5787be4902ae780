/**
 * Golden playthroughs: one seeded random game per rule combination, written as its `++Tactorus` export followed by
 * every round's report, and diffed against the files in testdata/. A change to any rule shows up here as a diff.
 * To write the files again after an intended change: UPDATE_GOLDEN=1 npx vitest run packages/tactorus/src/golden.test.ts
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRng } from '@tactica/core';
import { describe, expect, it } from 'vitest';
import { exportGame, parseGameFile, publicView } from './game-file.js';
import { newGame } from './game.js';
import { observe } from './observation.js';
import { appendEvent, playRoundChecked, startRecord } from './record.js';
import { describeRound, renderBoard } from './render.js';
import type { Rules } from './state.js';
import { scheduleRandomly } from './test-rounds.js';

const CASES: readonly [string, Rules][] = [
  ['basic', { chain: false, supplyLines: false, highGround: false }],
  ['chain-supply-high', { chain: true, supplyLines: true, highGround: true }],
];

async function playthrough(name: string, rules: Rules): Promise<string> {
  const rng = createRng(`golden ${name}`);
  let s = newGame({ rules });
  let record = startRecord(s);
  const reports: string[] = [];
  while (!s.ended) {
    const scheduled = scheduleRandomly(rng, scheduleRandomly(rng, s, 0), 1);
    const played = playRoundChecked(s, scheduled.orders);
    if (!played.ok) throw new Error(played.error.message);
    record = appendEvent(record, { type: 'round', round: s.round + 1, orders: scheduled.orders });
    s = played.value.state;
    reports.push(describeRound(played.value.report), renderBoard({ board: s.board, rules: s.rules }), '');
  }
  const text = await exportGame(publicView(observe(s, 0)), record, { name: `golden ${name}`, mode: 'hot-seat' }, 0);
  if (!text.ok) throw new Error(text.error.message);
  return `${text.value}\n${reports.join('\n')}`;
}

describe('golden playthroughs', () => {
  for (const [name, rules] of CASES) {
    it(`${name}: the seeded game and its round reports are unchanged`, async () => {
      const path = new URL(`./testdata/golden-${name}.txt`, import.meta.url);
      const text = await playthrough(name, rules);
      if (process.env['UPDATE_GOLDEN']) writeFileSync(path, text, 'utf8');
      expect(existsSync(path), `${path.pathname} is missing (UPDATE_GOLDEN=1 writes it)`).toBe(true);
      expect(text).toBe(readFileSync(path, 'utf8'));
      // The export part reads back and replays to the same end.
      const game = await parseGameFile(text.slice(0, text.indexOf('\n\n') + 1));
      expect(game.ok).toBe(true);
    });
  }
});
