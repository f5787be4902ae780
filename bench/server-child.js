// One game server for the server benchmark (bench/server.js), in its own process so the load it measures is the
// server's alone: prints its URL, serves until SIGTERM. Accounts hash cheaply and rate limits are off, since the
// benchmark signs up hundreds of players and plays as fast as it can.
//   node bench/server-child.js <data-dir> [postgres-url]
import { startServer } from '@tactica/server';

const [dataDir, databaseUrl] = process.argv.slice(2);
const server = await startServer({
  port: 0,
  dataDir,
  ...(databaseUrl ? { databaseUrl } : {}),
  passwordCost: { log2N: 10, r: 8, p: 1 },
  rateLimits: { auth: 1e6, moves: 1e6, challenges: 1e6 },
});
process.stdout.write(`${server.url}\n`);
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
