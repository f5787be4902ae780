/**
 * The golden playthrough: one seeded random game, every move with its flips and the board after it, then the
 * result and the game record, diffed against testdata/golden-playthrough.txt. Any change to move generation,
 * move order, flips, the board drawing, the end rules or the record format shows up here.
 * After an intended change: UPDATE_GOLDEN=1 npx vitest run packages/tactics/src/golden.test.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRng } from '@tactica/core';
import { describe, expect, it } from 'vitest';
import { squareName } from './board.js';
import { parseDiagram, renderDiagram } from './diagram.js';
import { flipsOf, tactics } from './game.js';
import { formatPosition } from './position.js';
import { parseRecord, writeRecord } from './record.js';
import type { TacticsMove, TacticsState } from './state.js';

/** The first seed of the form `tactics-golden-N` whose random game ends by the no-move rule within 150 plies. */
const SEED = 'tactics-golden-88';
const FILE = new URL('../testdata/golden-playthrough.txt', import.meta.url);

function playthrough(): { text: string; moves: TacticsMove[]; final: TacticsState } {
  const rng = createRng(SEED);
  const out: string[] = [
    'Tactics: golden playthrough',
    `Seed: ${SEED} (createRng of @tactica/core; each ply picks uniformly from legalMoves, in its order)`,
    `Start: ${formatPosition(tactics.initial())}`,
    '',
    renderDiagram(tactics.initial()),
  ];
  let s = tactics.initial();
  const moves: TacticsMove[] = [];
  for (let ply = 1; !tactics.outcome(s); ply++) {
    const m = rng.pick(tactics.legalMoves(s));
    const flips = flipsOf(s, m).map(squareName);
    out.push(
      '',
      `Ply ${ply}: ${tactics.info.players[s.turn]} ${tactics.formatMove(s, m)}, flips: ${flips.length ? flips.join(' ') : 'none'}`,
    );
    s = tactics.play(s, m);
    moves.push(m);
    out.push(renderDiagram(s), `Position: ${formatPosition(s)}`);
  }
  const o = tactics.outcome(s);
  out.push(
    '',
    `Result: ${o?.kind === 'win' ? `${tactics.info.players[o.winner]} wins` : 'draw'} (${o?.reason ?? '?'})`,
    '',
    'Record:',
    writeRecord({ start: tactics.initial(), moves, tags: [['Event', `golden playthrough ${SEED}`]] }),
  );
  return { text: out.join('\n'), moves, final: s };
}

describe('golden playthrough', () => {
  it(`the seeded random game ${SEED} is move for move and board for board as recorded`, () => {
    const { text } = playthrough();
    if (process.env['UPDATE_GOLDEN']) writeFileSync(FILE, text);
    const golden = readFileSync(FILE, 'utf8');
    // Compare line by line so a failure names the first line that changed.
    const a = text.split('\n');
    const b = golden.split('\n');
    const first = a.findIndex((line, i) => line !== b[i]);
    expect(first === -1 && a.length === b.length ? 'same' : `first difference at line ${first + 1}`).toBe('same');
  });

  it('its record replays to the same final position and result, and every board in it parses back', () => {
    const { text, moves, final } = playthrough();
    const record = text.slice(text.indexOf('[Game '));
    const r = parseRecord(record);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.moves).toEqual(moves);
    expect(formatPosition(r.value.states[r.value.states.length - 1]!)).toBe(formatPosition(final));
    expect(r.value.result).toBe('0-1');
    expect(r.value.tags).toEqual([['Event', `golden playthrough ${SEED}`]]);
    const boards = text.split('\n\n').flatMap((block) => {
      const start = block.indexOf('    A   B');
      return start < 0
        ? []
        : [block.slice(start, block.indexOf('\nPosition:') < 0 ? undefined : block.indexOf('\nPosition:'))];
    });
    expect(boards.length).toBe(moves.length + 1);
    for (const b of boards) expect(parseDiagram(b).ok).toBe(true);
  });
});
