/**
 * A golden playthrough: one seeded random game written as text (every ply with the position after it, then the
 * final board and result). The test regenerates it and diffs against testdata/golden-playthrough.txt, so any change
 * in move generation, move order, chips or notation shows up as a diff.
 */
import { createRng } from '@tactica/core';
import { legalMoves, outcomeOfState, play } from './game.js';
import { formatMove } from './notation.js';
import { formatPosition } from './position-text.js';
import { formatRecord, formatResult } from './record.js';
import { renderBoard, statusLine } from './render.js';
import { initialState, type TactrixMove } from './state.js';

export function playthrough(seed: number, maxPlies: number): string {
  const rng = createRng(seed);
  let s = initialState();
  const moves: TactrixMove[] = [];
  const lines = [
    `# Tactrix! golden playthrough: seed ${seed}, uniformly random legal moves, at most ${maxPlies} plies`,
  ];
  lines.push(`start ${formatPosition(s)}`);
  for (let ply = 1; ply <= maxPlies && !outcomeOfState(s); ply++) {
    const options = legalMoves(s);
    const m = rng.pick(options);
    const text = formatMove(s, m);
    s = play(s, m);
    moves.push(m);
    lines.push(`${String(ply).padStart(3)} ${text.padEnd(9)} (${options.length} legal) ${formatPosition(s)}`);
  }
  lines.push(
    '',
    renderBoard(s),
    statusLine(s),
    `Result ${formatResult(outcomeOfState(s))}`,
    '',
    '# The same game as a save file:',
  );
  return `${lines.join('\n')}\n${formatRecord(initialState(), moves)}`;
}
