import type { GameCli } from './game-cli.js';

/** Every game the command line knows, in menu order. */
export const gameClis: readonly GameCli[] = [];
