/**
 * Draughts on the command line. One file per verb (perft.ts, moves.ts; replay and play join the same `commands`
 * map), with the shared `--variant` / `--position` (or `--fen`) / `--giveaway` handling in options.ts. The computer opponent serves
 * `tactica analyse draughts` and `tactica match draughts` through `ai`.
 */
import { draughtsEntry } from '@tactica/catalogue/draughts';
import { aiTools } from '../../ai/ai-tools.js';
import { gameCli, type GameCli } from '../../game-cli.js';
import { setupFrom } from '../../setup-options.js';
import { addPositionOptions, positionFlag } from './options.js';
import { configureDxp } from './dxp/command.js';
import { configureHub } from './hub.js';
import { configureMoves } from './moves.js';
import { configurePerft } from './perft.js';
import { configurePlay, launchDraughts } from './play.js';
import { configureReplay } from './replay.js';

export const draughtsCli: GameCli = gameCli('draughts', {
  commands: { perft: configurePerft, moves: configureMoves, replay: configureReplay, play: configurePlay },
  launch: launchDraughts,
  // `tactica hub`: the engine in the Hub protocol (International, normal or losing); `tactica dxp`: over DXP (TCP).
  extra: (program, io) => {
    configureHub(program, io);
    configureDxp(program, io);
  },
  // `tactica analyse draughts` and `tactica match draughts`: --variant, --position (or --fen), --giveaway choose the
  // game and position, as the catalogue sets it up.
  ai: {
    addOptions: (cmd) => addPositionOptions(cmd, { giveaway: true }),
    async setup(opts) {
      const position = positionFlag(opts);
      const setup = setupFrom(
        draughtsEntry,
        { variant: opts['variant'], giveaway: opts['giveaway'] === true, position: position?.text ?? '' },
        { variant: '--variant', giveaway: '--giveaway', position: position?.flag ?? '--position' },
      );
      return aiTools(setup.game, setup.initial(), await setup.loadEngine());
    },
  },
});
