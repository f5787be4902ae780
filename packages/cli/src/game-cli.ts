import type { Command } from 'commander';
import { listing, type GameFamily } from '@tactica/catalogue';
import type { GameAi } from './ai/ai-tools.js';
import type { Io } from './io.js';

/** The verbs every game offers on the command line: `tactica <verb> <game> …`. */
export const VERBS = ['perft', 'moves', 'replay', 'play'] as const;
export type Verb = (typeof VERBS)[number];

/**
 * What a game adds to the `tactica` command line. Each verb configures the subcommand `tactica <verb> <id>`
 * (options, arguments, action); `extra` adds game-specific commands such as `tactica tactorus export-orders`.
 * Output contract: stdout carries only what the command promises; diagnostics go to stderr.
 */
export interface GameCli {
  readonly id: string;
  readonly summary: string;
  readonly commands: Partial<Record<Verb, (cmd: Command, io: Io) => void>>;
  readonly extra?: (program: Command, io: Io) => void;
  /** The computer opponent, for `tactica analyse <id>` and `tactica match <id>`. */
  readonly ai?: GameAi;
  /** Starts a game with default settings from the `tactica play` menu (may ask the user questions). */
  readonly launch?: (io: Io) => Promise<void>;
}

/** What a game's module writes itself; its id and summary are the catalogue's. */
export type GameCliParts = Omit<GameCli, 'id' | 'summary'>;

/** A game's `GameCli`: its id is the catalogue's family id, its summary the catalogue listing's name and summary. */
export function gameCli(family: GameFamily, parts: GameCliParts): GameCli {
  const { name, summary } = listing(family);
  return { id: family, summary: `${name}: ${summary}`, ...parts };
}
