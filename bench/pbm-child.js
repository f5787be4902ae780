// One game server with its e-mail gateway for the mail benchmark (bench/pbm.js), in its own process so the load it
// measures is the server's alone: prints its HTTP URL and SMTP port, serves until SIGTERM. Accounts hash cheaply and
// rate limits are off, since the benchmark signs up hundreds of players and mails as fast as it can.
//   node bench/pbm-child.js <data-dir> [postgres-url]
import { startServer } from '@tactica/server';

const [dataDir, databaseUrl] = process.argv.slice(2);
const server = await startServer({
  port: 0,
  dataDir,
  ...(databaseUrl ? { databaseUrl } : {}),
  passwordCost: { log2N: 10, r: 8, p: 1 },
  rateLimits: { auth: 1e6, moves: 1e6, challenges: 1e6 },
  pbm: {
    smtpPort: 0,
    domain: 'bench.example',
    limits: { perSender: 1e9, perClient: 1e9, connectionsPerClient: 1e6, maxConnections: 1e6 },
  },
});
process.stdout.write(`${server.url} ${server.pbm.smtp?.port}\n`);
// "cpu" on stdin: the CPU time this process has used so far (all its threads), as a JSON line.
process.stdin.setEncoding('utf8');
process.stdin.on('data', (d) => {
  if (String(d).includes('cpu')) process.stdout.write(`${JSON.stringify(process.cpuUsage())}\n`);
});
process.on('SIGTERM', () => {
  const c = server.pbm.front.counts;
  process.stderr.write(
    `gateway: ${c.carriedOut} carried out, ${c.refused} refused, ${c.silent} silent; ${server.pbm.notifier.sent} mails\n`,
  );
  void server.close().then(() => process.exit(0));
});
