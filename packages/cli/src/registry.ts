import type { GameCli } from './game-cli.js';
import { draughtsCli } from './games/draughts/index.js';
import { force400Cli } from './games/force400/index.js';
import { tactrixCli } from './games/tactrix/index.js';
import { tacticsCli } from './games/tactics/index.js';
import { tactorusCli } from './games/tactorus/index.js';

/** Every game the command line knows, in menu order. */
export const gameClis: readonly GameCli[] = [draughtsCli, force400Cli, tactrixCli, tacticsCli, tactorusCli];
