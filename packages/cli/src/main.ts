import { processIo } from './io.js';
import { runCli } from './program.js';
import { gameClis } from './registry.js';

process.exitCode = await runCli(process.argv.slice(2), gameClis, processIo);
