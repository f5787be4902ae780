/**
 * Draughts on the command line. One file per verb (perft.ts, moves.ts; replay and play join the same `commands`
 * map), with the shared `--variant` / `--fen` / `--giveaway` handling in options.ts. The computer opponent serves
 * `tactica analyse draughts` and `tactica match draughts` through `ai`.
 */
import { draughtsEngine } from '@tactica/ai';
import { draughtsGame } from '@tactica/draughts';
import { aiTools } from '../../ai/ai-tools.js';
import { gameCli, type GameCli } from '../../game-cli.js';
import { addPositionOptions, positionOption, type DraughtsOptionValues } from './options.js';
import { configureHub } from './hub.js';
import { configureMoves } from './moves.js';
import { configurePerft } from './perft.js';
import { configurePlay, launchDraughts } from './play.js';
import { configureReplay } from './replay.js';

export const draughtsCli: GameCli = gameCli('draughts', {
  commands: { perft: configurePerft, moves: configureMoves, replay: configureReplay, play: configurePlay },
  launch: launchDraughts,
  // `tactica hub`: the engine in the Hub protocol (International, normal or losing).
  extra: configureHub,
  // `tactica analyse draughts` and `tactica match draughts`: --variant, --fen, --giveaway choose the game and position.
  ai: {
    addOptions: (cmd) => addPositionOptions(cmd, { giveaway: true }),
    setup(opts) {
      const pos = positionOption(opts as unknown as DraughtsOptionValues);
      const game = draughtsGame(pos.variant, { giveaway: opts['giveaway'] === true });
      return aiTools(game, game.fromPosition(pos), draughtsEngine);
    },
  },
});
