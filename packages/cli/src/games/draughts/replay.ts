/**
 * `tactica replay draughts <file.pdn> [--variant <id>] [--giveaway]`: checks every move of every game of a PDN
 * file against the rules.
 *
 * stdout, one line per game that replays, in file order:
 *
 *     game <n>: <final position as FEN> <result>
 *
 * `<result>` is the game's result in its rule set's PDN convention (`2-0`, `0-2`, `1-1` for International;
 * `1-0`, `0-1`, `1/2-1/2` otherwise, the first score being the starting colour's; `0-0`; `*`): the record's
 * (Result tag or result at the end of the moves); when the record has none and the side to move has no move,
 * the result the rules give.
 *
 * stderr: one line per game that does not replay (the first 100; the rest are counted), naming the game, the move
 * number, the move, the line and the column (`<file>: pdn/illegal-move: game 2, move 12... 18x27: ... (line 40,
 * column 7)`), and a warning when a
 * record's result contradicts a final position the rules decide. Exit status 0 when every game replays, 1 when
 * any game has an illegal or unreadable move (or the file holds no game, or cannot be read), 2 for a usage error.
 */
import type { Command } from 'commander';
import { describeError } from '@tactica/core';
import {
  formatResult,
  gamePositions,
  makeFen,
  iteratePdnPieces,
  stateFrom,
  type PdnGame,
  type PdnReadOptions,
  type PdnResult,
  type Position,
} from '@tactica/draughts';
import { readTextInput, REPLAY_FILE_MAX, textPieces } from '../../input-files.js';
import { CliError, type Io } from '../../io.js';
import { variantOption } from './options.js';

interface ReplayOptions {
  readonly variant?: string;
  readonly giveaway?: boolean;
}

/** The result the rules give a final position, when they decide it: the side to move has no move. */
function ruledResult(final: Position, giveaway: boolean): PdnResult | undefined {
  const over = stateFrom(final, giveaway).over;
  if (!over || over.kind !== 'win') return undefined;
  return over.winner === 0 ? 'white-wins' : 'black-wins';
}

const REPLAY_HELP = [
  '',
  'Output (stdout), one line per game that replays:',
  '  game <n>: <final FEN> <result>',
  "The result is the record's (Result tag or the result after the moves), written as the rule set writes it",
  "(2-0 0-2 1-1 for International, 1-0 0-1 1/2-1/2 otherwise, the starting colour's score first; 0-0; *);",
  "a record without one gets the rules' result when the side to move has no move.",
  'A game with an illegal or unreadable move is reported on stderr with its game number, move number, move, line',
  "and column, and the exit status is 1. The rule set comes from each game's GameType tag; --variant overrides",
  'it (and supplies it for games without one); --giveaway reads every game as give-away.',
].join('\n');

/** (ours) Games that do not replay are listed up to this many, then counted: junk never floods the terminal. */
const MAX_ERROR_LINES = 100;

export function configureReplay(cmd: Command, io: Io): void {
  cmd
    .argument('<file.pdn>', 'a PDN file (- for standard input)')
    .option('--variant <id>', 'read every game as this rule set (needed for games without a GameType tag)')
    .option('--giveaway', 'read every game as give-away')
    .addHelpText('after', REPLAY_HELP)
    .action(async (file: string, opts: ReplayOptions) => {
      const read: PdnReadOptions = {
        ...(opts.variant !== undefined ? { variant: variantOption(opts.variant) } : {}),
        ...(opts.giveaway ? { giveaway: true } : {}),
      };
      // Game by game: each is read, checked, printed and dropped before the next is read, and a file is read a
      // block at a time, so memory holds a block and a game whatever the size of the file.
      const pieces =
        file === '-' ? [await readTextInput(file, io, REPLAY_FILE_MAX)] : textPieces(file, REPLAY_FILE_MAX);
      let failed = 0;
      let k = -1;
      for (const r of iteratePdnPieces(pieces, read)) {
        k++;
        if (!r.ok) {
          failed++;
          if (failed <= MAX_ERROR_LINES) io.error.write(`${file}: ${describeError(r.error)}\n`);
          if (failed === MAX_ERROR_LINES) {
            io.error.write(`${file}: further games that do not replay are counted, not listed\n`);
          }
          continue;
        }
        io.output.write(
          `game ${k + 1}: ${replayLine(r.value, (w) => io.error.write(`${file}: game ${k + 1}: ${w}\n`))}\n`,
        );
      }
      const count = k + 1;
      if (count === 0) throw new CliError(`${file}: pdn/empty: the file holds no PDN game`);
      if (failed > 0) {
        throw new CliError(`${file}: ${failed} of ${count} game${count === 1 ? '' : 's'} did not replay`);
      }
    });
}

/** `<final FEN> <result>` for a checked game; `warn` hears of a result the final position contradicts. */
function replayLine(game: PdnGame, warn: (message: string) => void): string {
  const final = gamePositions(game).at(-1) as Position;
  const ruled = ruledResult(final, game.giveaway);
  let result = game.result;
  if (result === 'unfinished' && ruled) result = ruled;
  else if (ruled && result !== ruled) {
    warn(
      `the record says ${formatResult(result, game.variant)} but the side to move has no move: ${formatResult(ruled, game.variant)} by the rules`,
    );
  }
  return `${makeFen(final)} ${formatResult(result, game.variant)}`;
}
