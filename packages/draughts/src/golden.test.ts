import { readFileSync, writeFileSync } from 'node:fs';
import { createRng } from '@tactica/core';
import { describe, expect, it } from 'vitest';
import { draughtsGame, drawCounter, VARIANT_IDS, type VariantId } from './index.js';

// Golden playthroughs: one seeded random game per rule set, written as text (move, position, move counter) and
// diffed, so any change of notation, FEN, move order or game state shows up line by line. To accept an intended
// change, run with UPDATE_GOLDEN=1 and review the diff.

function playthrough(variant: VariantId): string {
  const game = draughtsGame(variant);
  const rng = createRng(`golden-${variant}`);
  let s = game.initial();
  const lines = [`# ${game.info.name}: seeded random game "golden-${variant}"`, `start ${game.formatPosition(s)}`];
  for (let ply = 1; ply <= 300 && !game.outcome(s); ply++) {
    const moves = game.legalMoves(s);
    const m = rng.pick(moves);
    const text = game.formatMove(s, m);
    s = game.play(s, m);
    const c = drawCounter(s);
    lines.push(`${ply} ${text} ${game.formatPosition(s)}${c ? ` counter ${c.stage}:${c.left}` : ''}`);
  }
  const o = game.outcome(s);
  lines.push(
    o ? `end ${o.kind}${o.kind === 'win' ? ` ${o.winner === 0 ? 'White' : 'Black'}` : ''} ${o.reason}` : 'end *',
  );
  return `${lines.join('\n')}\n`;
}

describe('golden playthroughs', () => {
  for (const variant of VARIANT_IDS) {
    it(`${variant}: a seeded random game replays exactly as recorded`, () => {
      const file = new URL(`./testdata/golden/${variant}.txt`, import.meta.url);
      const text = playthrough(variant);
      if (process.env['UPDATE_GOLDEN']) writeFileSync(file, text);
      expect(text).toBe(readFileSync(file, 'utf8'));
    });
  }
});
