import { Command, CommanderError } from 'commander';
import { safeMessage } from '@tactica/core';
import { configureAnalyse, configureMatch } from './ai/commands.js';
import { VERBS, type GameCli, type Verb } from './game-cli.js';
import { CliError, type Io } from './io.js';
import { chooseAndLaunch } from './menu.js';
import { configurePbm } from './pbm.js';
import { configureReview } from './review.js';
import { configureServe } from './serve.js';
import { closeLineReader } from './terminal/line-reader.js';
import { VERSION } from './version.js';

const VERB_HELP: Record<Verb, string> = {
  perft: 'count the leaf nodes of the legal-move tree (the last line printed is the count)',
  moves: 'list every legal move of a position, one per line',
  replay: 'check every move of a game record and print the final position and result',
  play: 'play a game in the terminal (with no game named, choose from a menu)',
};

/** Builds the `tactica` command tree over the registered games. */
export function buildProgram(games: readonly GameCli[], io: Io): Command {
  const program = new Command('tactica')
    .description('Tactica: Draughts, Force 400, Tactics, Tactrix! and Tactorus')
    .version(VERSION)
    .configureOutput({
      writeOut: (s) => io.output.write(s),
      writeErr: (s) => io.error.write(s),
    })
    .exitOverride()
    .showHelpAfterError('(run with --help for usage)');

  for (const verb of VERBS) {
    const cmd = program.command(verb).description(VERB_HELP[verb]);
    for (const g of games) {
      const configure = g.commands[verb];
      if (configure) configure(cmd.command(g.id).description(`${verb} for ${g.summary}`), io);
    }
    answerOtherGames(cmd, games, verb === 'play' ? () => chooseAndLaunch(games, io) : undefined);
  }
  const withAi = games.filter((g) => g.ai);
  if (withAi.length > 0) {
    const analyse = program
      .command('analyse')
      .alias('analyze')
      .description('print the best line and score of a position');
    const match = program.command('match').description('play a self-play match between two engine levels');
    for (const g of withAi) {
      configureAnalyse(analyse, g, io);
      configureMatch(match, g, io);
    }
    answerOtherGames(analyse, withAi);
    answerOtherGames(match, withAi);
  }
  for (const g of games) g.extra?.(program, io);
  configureReview(program, io);
  configureServe(program, io);
  configurePbm(program, io);
  return program;
}

/**
 * `tactica play chess`: a word in the game's place that names none of the games is answered with the games' list
 * (commander would say "too many arguments" or "unknown command"). With no game named, `none` runs (the play menu)
 * or the command's help is shown.
 */
function answerOtherGames(cmd: Command, games: readonly { readonly id: string }[], none?: () => Promise<void>): void {
  cmd
    .argument('[game]', `one of ${games.map((g) => g.id).join(', ')}`)
    .allowUnknownOption()
    .allowExcessArguments()
    .action(async (game: string | undefined) => {
      if (game !== undefined) {
        throw new CliError(`"${game}" is not one of the games: ${games.map((g) => g.id).join(', ')}`, 2);
      }
      if (none) await none();
      else cmd.help({ error: true });
    });
}

/** Runs the command line; returns the exit code instead of exiting, so tests can call it. */
export async function runCli(argv: readonly string[], games: readonly GameCli[], io: Io): Promise<number> {
  const program = buildProgram(games, io);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return 0;
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode === 0 ? 0 : 2;
    if (e instanceof CliError) {
      io.error.write(`tactica: ${safeMessage(e.message)}\n`);
      return e.exitCode;
    }
    throw e;
  } finally {
    // The keyboard is released once the command is done (a terminal leaves raw mode and the process can exit).
    closeLineReader(io);
  }
}
