import { processIo } from './io.js';
import { runCli } from './program.js';
import { gameClis } from './registry.js';

// A reader that stops early (`tactica moves … | head`) closes the pipe: that is not an error.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });
}

process.exitCode = await runCli(process.argv.slice(2), gameClis, processIo);
