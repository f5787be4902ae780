/**
 * `tactica moves draughts --variant <id> [--position <FEN>]`: every legal move, one per line, in the rule set's
 * notation (shortest unambiguous PDN form), nothing else on stdout.
 */
import type { Command } from 'commander';
import { formatMove, generateMoves } from '@tactica/draughts';
import type { Io } from '../../io.js';
import { addPositionOptions, positionOption, type DraughtsOptionValues } from './options.js';

export function configureMoves(cmd: Command, io: Io): void {
  addPositionOptions(cmd).action((opts: DraughtsOptionValues) => {
    const pos = positionOption(opts);
    const legal = generateMoves(pos);
    for (const m of legal) io.output.write(`${formatMove(pos, m, legal)}\n`);
  });
}
