import { GAME_LISTINGS, type GameFamily } from '@tactica/catalogue';
import type { GameCli } from './game-cli.js';
import { draughtsCli } from './games/draughts/index.js';
import { force400Cli } from './games/force400/index.js';
import { tactrixCli } from './games/tactrix/index.js';
import { tacticsCli } from './games/tactics/index.js';
import { tactorusCli } from './games/tactorus/index.js';

const BY_FAMILY: Readonly<Record<GameFamily, GameCli>> = {
  draughts: draughtsCli,
  force400: force400Cli,
  tactrix: tactrixCli,
  tactics: tacticsCli,
  tactorus: tactorusCli,
};

/** Every game the command line knows: the catalogue's games, in its order, each by its family id. */
export const gameClis: readonly GameCli[] = GAME_LISTINGS.map((l) => BY_FAMILY[l.family]);
