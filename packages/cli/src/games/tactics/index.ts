/**
 * Tactics on the command line: `tactica play|moves|perft|replay tactics …`, and the computer opponent in `play`
 * (`--white ai:<level>`, `--black ai:<level>`), `analyse` and `match`.
 */
import type { Command } from 'commander';
import { current, describeError, divide, type History } from '@tactica/core';
import {
  END_REASONS,
  formatPosition,
  parsePosition,
  renderDiagram,
  resultOf,
  tactics,
  type TacticsMove,
  type TacticsState,
} from '@tactica/tactics';
import { tacticsEntry } from '@tactica/catalogue/tactics';
import { aiTools } from '../../ai/ai-tools.js';
import { gameCli, type GameCli } from '../../game-cli.js';
import { CliError, type Io } from '../../io.js';
import { addPlayOptions, readGameFile } from '../../play-options.js';
import { setupFrom } from '../../setup-options.js';
import { playFromMenu, playFromOptions } from '../../play-game.js';
import { GAME_ID, loadText, tacticsAdapter } from './adapter.js';

type H = History<TacticsState, TacticsMove>;

function print(io: Io, text: string): void {
  io.output.write(text.endsWith('\n') ? text : `${text}\n`);
}

function positionOption(text: string | undefined): TacticsState {
  if (text === undefined) return tactics.initial();
  const r = parsePosition(text);
  if (!r.ok) throw new CliError(`bad --position: ${describeError(r.error)}`);
  return r.value;
}

function readRecord(file: string): Promise<H> {
  return readGameFile(file, loadText);
}

/** `1-0 (Black has no legal move)`, `1/2-1/2 (threefold repetition)`, `* (White to move)`. */
function describeResult(s: TacticsState): string {
  const o = tactics.outcome(s);
  if (!o) return `* (${tactics.info.players[s.turn]} to move)`;
  const [white, black] = tactics.info.players;
  const why =
    o.reason === 'no-moves'
      ? `${tactics.info.players[s.turn]} has no legal move`
      : o.reason === END_REASONS.allFrozen
        ? `${tactics.info.players[s.turn]} has every piece frozen`
        : o.reason === 'resigned' && o.kind === 'win'
          ? `${o.winner === 0 ? black : white} resigned`
          : o.reason === 'agreed'
            ? 'draw agreed'
            : o.reason.replace(/-/g, ' ');
  return `${resultOf(o)} (${why})`;
}

function configurePlay(cmd: Command, io: Io): void {
  addPlayOptions(cmd, {
    seats: tactics.info.players,
    levels: tacticsEntry.levels.map((l) => l.id),
    position: true,
    load: 'file-or-save',
    file: 'record file',
    // --resume took a named save before --load was the name in every game.
    loadAliases: ['resume'],
  }).action((opts: { position?: string; load?: string } & Record<string, unknown>) =>
    playFromOptions(tacticsEntry, tacticsAdapter, io, opts),
  );
}

function launch(io: Io): Promise<void> {
  return playFromMenu(tacticsEntry, tacticsAdapter, io);
}

function configureMoves(cmd: Command, io: Io): void {
  cmd
    .option('--position <text>', 'position text (default: the starting position)')
    .action((opts: { position?: string }) => {
      const s = positionOption(opts.position);
      const over = tactics.outcome(s);
      if (over) io.error.write(`the game is over: ${describeResult(s)}\n`);
      for (const m of tactics.legalMoves(s)) print(io, tactics.formatMove(s, m));
    });
}

function configurePerft(cmd: Command, io: Io): void {
  cmd
    .requiredOption('--depth <n>', 'plies to count')
    .option('--position <text>', 'position text (default: the starting position)')
    .option('--divide', 'first print each first move with the count under it')
    .action((opts: { depth: string; position?: string; divide?: boolean }) => {
      const depth = /^\s*\d{1,2}\s*$/.test(opts.depth) ? Number(opts.depth) : NaN;
      if (!(depth >= 0 && depth <= 30)) {
        throw new CliError(`--depth must be a whole number from 0 to 30, not "${opts.depth}"`);
      }
      const s = positionOption(opts.position);
      if (opts.divide && depth > 0) {
        let total = 0;
        for (const line of divide(tactics, s, depth)) {
          print(io, `${line.move}: ${line.nodes}`);
          total += line.nodes;
        }
        print(io, String(total));
      } else print(io, String(tactics.perft?.(s, depth) ?? 0));
    });
}

function configureReplay(cmd: Command, io: Io): void {
  cmd.argument('<file>', 'a Tactics game record').action(async (file: string) => {
    const h = await readRecord(file);
    const s = current(h);
    print(io, renderDiagram(s));
    print(io, formatPosition(s));
    print(io, `${h.moves.length} ${h.moves.length === 1 ? 'move' : 'moves'}, result ${describeResult(s)}`);
  });
}

export const tacticsCli: GameCli = gameCli(GAME_ID, {
  commands: { play: configurePlay, moves: configureMoves, perft: configurePerft, replay: configureReplay },
  ai: {
    addOptions: (cmd) => cmd.option('--position <text>', 'position text (default: the starting position)'),
    async setup(opts) {
      const setup = setupFrom(tacticsEntry, { position: opts['position'] ?? '' }, { position: '--position' });
      return aiTools(setup.game, setup.initial(), await setup.loadEngine());
    },
  },
  launch,
});
