import { useDraughtsEndgames } from '@tactica/ai/draughts';
import { egdbSetting, openEgdbFolders } from '@tactica/ai/node-egdb';
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

// Master's search probes the endgame databases of the folder when there are some (`npm run egdb:build`); only the
// folder's listing is read here, a slice when the search first needs it. TACTICA_EGDB=off leaves them out (ours).
// This is the default of the engines made in this thread; an engine in a worker (hub, dxp, match, serve) is given
// the same folder as its `endgames` setting.
const egdb = egdbSetting();
if (egdb !== false) useDraughtsEndgames(openEgdbFolders(egdb));

process.exitCode = await runCli(process.argv.slice(2), gameClis, processIo);
