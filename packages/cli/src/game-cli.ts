import type { Command } from 'commander';
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
