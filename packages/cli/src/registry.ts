import type { GameCli } from './game-cli.js';
import { draughtsCli } from './games/draughts/index.js';
import { tactrixCli } from './games/tactrix/index.js';

/** Every game the command line knows, in menu order. */
export const gameClis: readonly GameCli[] = [draughtsCli, tactrixCli];
