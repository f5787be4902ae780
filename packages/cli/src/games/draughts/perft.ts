/**
 * `tactica perft draughts --variant <id> [--position <FEN>] [--giveaway] --depth <N> [--divide]`
 * Prints the leaf count of the pure move tree (draw rules ignored, as published perft tables count) as the last
 * line; with --divide, first one `<move> <count>` line per root move. Give-away has the same moves, so the same count.
 */
import type { Command } from 'commander';
import { dividePosition, perftPosition } from '@tactica/draughts';
import { CliError, type Io } from '../../io.js';
import { addPositionOptions, positionOption, type DraughtsOptionValues } from './options.js';

interface PerftOptions extends DraughtsOptionValues {
  readonly depth: string;
  readonly divide?: boolean;
}

export function configurePerft(cmd: Command, io: Io): void {
  addPositionOptions(cmd, { giveaway: true })
    .requiredOption('--depth <n>', 'plies to count')
    .option('--divide', 'first print the count under each root move')
    .action((opts: PerftOptions) => {
      const depth = /^\s*\d{1,2}\s*$/.test(opts.depth) ? Number(opts.depth) : NaN;
      if (!(depth >= 0 && depth <= 40)) {
        throw new CliError(`--depth must be a whole number from 0 to 40, not "${opts.depth}"`);
      }
      const pos = positionOption(opts);
      if (opts.divide && depth > 0) {
        let total = 0;
        for (const line of dividePosition(pos, depth)) {
          io.output.write(`${line.move} ${line.nodes}\n`);
          total += line.nodes;
        }
        io.output.write(`${total}\n`);
      } else {
        io.output.write(`${perftPosition(pos, depth)}\n`);
      }
    });
}
