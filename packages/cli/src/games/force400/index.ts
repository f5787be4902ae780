/**
 * Force 400 on the command line: `tactica play|moves|perft|replay force400 …`.
 */
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { describeError, divide, type InputError } from '@tactica/core';
import {
  force400,
  formatPosition,
  listMen,
  parsePosition,
  renderBoard,
  replayRecordText,
  type Force400State,
} from '@tactica/force400';
import { aiTools, levelOf } from '../../ai/ai-tools.js';
import { force400Entry } from '@tactica/catalogue/force400';
import { gameCli, type GameCli } from '../../game-cli.js';
import { CliError, type Io } from '../../io.js';
import { addPlayOptions, seedOption } from '../../play-options.js';
import { setupFrom } from '../../setup-options.js';
import { describeResult, GAME_ID, playForce400, type PlayOptions } from './play.js';

function print(io: Io, text: string): void {
  io.output.write(text.endsWith('\n') ? text : `${text}\n`);
}

function positionOption(text: string | undefined): Force400State {
  if (text === undefined) return force400.initial();
  const r = parsePosition(text);
  if (!r.ok) throw new CliError(`bad --position: ${describeError(r.error)}`);
  return r.value;
}

function readText(file: string, io: Io): Promise<string> {
  if (file === '-') {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      io.input.on('data', (c: Buffer | string) => chunks.push(typeof c === 'string' ? Buffer.from(c) : c));
      io.input.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      io.input.on('error', reject);
    });
  }
  try {
    return Promise.resolve(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new CliError(`cannot read ${file}: ${(e as Error).message}`);
  }
}

const PLAY_HELP = `
With no option, the original's setup questions are asked (reload? handicaps? record file?).
At the prompt: M C8-C1 (move; M optional), T J8-C1 10 (transfer 10 units), X H9-G9 (abdicate),
R (resign), S (stop: save under a title, resume, or end), saves, resume <n|title>, help.
The program plays a side with --white ai:<level> or --black ai:<level>: levels 0 to 6 as the
manual describes them, and 7, the strongest (ours). It prints what it is thinking as it plays.

Decisions of this project, not of the original (ours):
  - handicap men are removed from the front rank, A file first, then the back rank, never the king
    (or name the squares when asked);
  - anything a recharge or transfer would add beyond force 99 is lost;
  - a draw may be agreed (the shared loop's "draw"); the record says "Draw agreed.";
  - a resumed game's record file starts again from move 1 with the whole game.
Rules as implemented: docs/games/force400.md.`;

/** `ai:3` (or `3`) to a level id; `human` or nothing to undefined. */
function seatOption(spec: string | undefined): string | undefined {
  if (spec === undefined || /^human$/i.test(spec.trim())) return undefined;
  return levelOf(force400Entry.levels, spec.trim()).id;
}

function configurePlay(cmd: Command, io: Io): void {
  // No --position: the manual's game record can only start from the standard setup (with handicaps).
  addPlayOptions(cmd, {
    seats: force400.info.players,
    levels: force400Entry.levels.map((l) => l.id),
    load: 'save',
  })
    .option('--handicap-white <n>', "men removed from White's side (0–19)")
    .option('--handicap-black <n>', "men removed from Black's side (0–19)")
    .option('--record <file>', 'write the game record to this file as the game is played')
    .option('--header <text>', "the record's header line")
    .option('--no-pause', "don't wait for a keystroke at the sign-on, before the program's move or after a refusal")
    .addHelpText('after', PLAY_HELP)
    .action(
      async (opts: {
        handicapWhite?: string;
        handicapBlack?: string;
        record?: string;
        header?: string;
        load?: string;
        white?: string;
        black?: string;
        seed?: string;
        pause: boolean;
      }) => {
        const seed = seedOption(opts.seed);
        const computer =
          opts.white === undefined && opts.black === undefined
            ? undefined
            : ([seatOption(opts.white), seatOption(opts.black)] as const);
        // The handicaps are the catalogue's options: it checks them and sets the game up.
        const setup = setupFrom(
          force400Entry,
          {
            ...(opts.handicapWhite !== undefined ? { handicapWhite: opts.handicapWhite } : {}),
            ...(opts.handicapBlack !== undefined ? { handicapBlack: opts.handicapBlack } : {}),
          },
          { handicapWhite: '--handicap-white', handicapBlack: '--handicap-black' },
        );
        const options: PlayOptions = {
          setup,
          record: opts.record,
          header: opts.header,
          load: opts.load,
          ...(computer ? { computer } : {}),
          ...(seed !== undefined ? { seed } : {}),
          pause: opts.pause,
          // With no option at all (but --no-pause), ask the setup questions as the original did.
          ask: Object.entries(opts).every(([k, v]) => k === 'pause' || v === undefined),
        };
        await playForce400(io, options);
      },
    );
}

function configureMoves(cmd: Command, io: Io): void {
  cmd
    .option('--position <text>', 'position text (default: the starting position)')
    .action((opts: { position?: string }) => {
      const s = positionOption(opts.position);
      for (const m of force400.legalMoves(s)) print(io, force400.formatMove(s, m));
    });
}

function configurePerft(cmd: Command, io: Io): void {
  cmd
    .requiredOption('--depth <n>', 'plies to count')
    .option('--position <text>', 'position text (default: the starting position)')
    .option('--divide', 'print the count under each first action before the total')
    .action((opts: { depth: string; position?: string; divide?: boolean }) => {
      const depth = /^\d{1,2}$/.test(opts.depth) ? Number(opts.depth) : NaN;
      if (!(depth >= 0 && depth <= 12)) {
        throw new CliError(`--depth must be a whole number from 0 to 12, not "${opts.depth}"`);
      }
      const s = positionOption(opts.position);
      if (opts.divide && depth > 0) {
        let total = 0;
        for (const line of divide(force400, s, depth)) {
          print(io, `${line.move}: ${line.nodes}`);
          total += line.nodes;
        }
        print(io, String(total));
      } else print(io, String(force400.perft(s, depth)));
    });
}

function configureReplay(cmd: Command, io: Io): void {
  cmd.argument('<record>', 'a game record file (- for standard input)').action(async (file: string) => {
    const text = await readText(file, io);
    const r = replayRecordText(text);
    if (!r.ok) throw new CliError(`${file}: ${describeRecordError(r.error)}`);
    const s = r.value.final;
    print(io, renderBoard(s));
    print(io, listMen(s));
    print(io, formatPosition(s));
    print(io, describeResult(s, r.value.parsed.record.stopped));
  });
}

function describeRecordError(e: InputError): string {
  return describeError(e);
}

export const force400Cli: GameCli = gameCli(GAME_ID, {
  commands: { play: configurePlay, moves: configureMoves, perft: configurePerft, replay: configureReplay },
  ai: {
    addOptions: (cmd) => cmd.option('--position <text>', 'position text (default: the starting position)'),
    async setup(opts) {
      const setup = setupFrom(force400Entry, { position: opts['position'] ?? '' }, { position: '--position' });
      return aiTools(setup.game, setup.initial(), await setup.loadEngine());
    },
  },
  // The setup questions include the original's: will the program play, which side, at what level.
  launch: (io) => playForce400(io, { ask: true }),
});
