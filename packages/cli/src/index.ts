/**
 * @tactica/cli — the `tactica` command. `runCli(argv, gameClis, io)` runs it in-process (tests do);
 * games plug in through `GameCli` (see registry.ts) and share the terminal play loop in terminal/.
 */
export type { GameCli, Verb } from './game-cli.js';
export { VERBS } from './game-cli.js';
export { CliError, processIo, type Io } from './io.js';
export { buildProgram, runCli } from './program.js';
export { gameClis } from './registry.js';
export {
  runTerminalGame,
  describeOutcome,
  type TerminalAdapter,
  type ExtraCommand,
  type LoopContext,
} from './terminal/loop.js';
export type { Agent, Seats } from './terminal/agent.js';
export { ask, confirm, lineReader } from './terminal/line-reader.js';
export { SaveLibrary, defaultSaveDir, type SaveEntry, type SaveFile } from './storage/save-library.js';
export { FileGameStore, type SaveDoc } from './storage/file-game-store.js';
export { SAVE_REFERENCE_HELP, resolveReference } from './storage/save-references.js';
export { memoryIo, runCapture } from './testing.js';
export { aiTools, levelOf, type AiTools, type GameAi, type TextAnalysis } from './ai/ai-tools.js';
export { addSeatOptions, engineAgent, seatOptionName, seatsFromOptions } from './ai/seats.js';
