/**
 * Draughts on the command line. One file per verb (perft.ts, moves.ts; replay and play join the same `commands`
 * map), with the shared `--variant` / `--fen` / `--giveaway` handling in options.ts.
 */
import type { GameCli } from '../../game-cli.js';
import { configureMoves } from './moves.js';
import { configurePerft } from './perft.js';
import { configurePlay, launchDraughts } from './play.js';
import { configureReplay } from './replay.js';

export const draughtsCli: GameCli = {
  id: 'draughts',
  summary: 'Draughts (International, English, Spanish, Russian, Brazilian, Thai, Pool; give-away)',
  commands: { perft: configurePerft, moves: configureMoves, replay: configureReplay, play: configurePlay },
  launch: launchDraughts,
};
