// One game server for the server benchmark (bench/server.js), in its own process so the load it measures is the
// server's alone: prints its URL, serves until SIGTERM. Accounts hash cheaply and rate limits are off, since the
// benchmark signs up hundreds of players and plays as fast as it can (the stream's budgets too).
//   node bench/server-child.js <data-dir> [postgres-url]
import { constants } from 'node:perf_hooks';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { startServer } from '@tactica/server';

const [dataDir, databaseUrl] = process.argv.slice(2);
const server = await startServer({
  port: 0,
  dataDir,
  ...(databaseUrl ? { databaseUrl } : {}),
  passwordCost: { log2N: 10, r: 8, p: 1 },
  rateLimits: { auth: 1e6, moves: 1e6, challenges: 1e6 },
  // Hundreds of players on one address (loopback), each with its stream, as fast as they can.
  stream: {
    userMessages: { perSecond: 1e6, burst: 1e6 },
    addressMessages: { perSecond: 1e6, burst: 1e6 },
    connectionsPerAddress: 1e6,
  },
});
process.stdout.write(`${server.url}\n`);
// `bench/server.js --diag`: on SIGUSR2 the child reports, for the phase just ended, how long its event loop was
// held up (the longest waits are the tail of the latency) and its garbage collector's pauses, then starts over.
const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
const pauses = { count: 0, total: 0, max: 0, major: 0 };
// Every pause's length since the last report (a soak reads their 99th percentile): bounded, a pause is rare.
let durations = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    if (durations.length < 1_000_000) durations.push(e.duration);
    pauses.count++;
    pauses.total += e.duration;
    pauses.max = Math.max(pauses.max, e.duration);
    if (e.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) pauses.major++;
  }
}).observe({ entryTypes: ['gc'] });
process.on('SIGUSR2', () => {
  const ms = (ns) => (ns / 1e6).toFixed(1);
  // One machine-readable line for `bench/server.js --soak` beside the one for people.
  const sorted = durations.sort((a, b) => a - b);
  const p99 = sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(0.99 * sorted.length))] : 0;
  process.stderr.write(
    `soak-sample ${JSON.stringify({ pid: process.pid, rss: process.memoryUsage.rss(), heap: process.memoryUsage().heapUsed, gcPauses: sorted.length, gcP99: p99, gcMax: pauses.max, loopP99: delay.percentile(99) / 1e6 })}\n`,
  );
  durations = [];
  process.stderr.write(
    `  server ${process.pid}: event loop delay p50 ${ms(delay.percentile(50))} p99 ${ms(delay.percentile(99))} ` +
      `max ${ms(delay.max)} ms; GC ${pauses.count} pauses (${pauses.major} full), ${pauses.total.toFixed(0)} ms, ` +
      `longest ${pauses.max.toFixed(1)} ms; heap ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MB\n`,
  );
  delay.reset();
  Object.assign(pauses, { count: 0, total: 0, max: 0, major: 0 });
});
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
