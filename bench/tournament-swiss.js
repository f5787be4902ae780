// Issue 43's bar: a 16-player Swiss of five rounds run through the API with computer players (draughts, the
// computer entered at three levels in turn), on a fresh test server; its standings and tie-breaks checked against an
// independent computation from the games' stored results (packages/server/src/tournaments/testing/api.ts).
// Prints the time from the start to the last round's end, the results, and any disagreement (none expected).
//
//   node bench/tournament-swiss.js                       SQLite, then PostgreSQL
//   node bench/tournament-swiss.js --db sqlite --entrants 16 --rounds 5 --family draughts --levels dumb,novice,average
import { Client, startTestServer, stopTestPostgres } from '../packages/server/dist/testing/server.js';
import { disagreements, runComputerSwiss, swissBreaches } from '../packages/server/dist/tournaments/testing/api.js';
import { flags } from './args.js';

const args = flags();
const DBS = args.db ? [args.db] : ['sqlite', 'postgres'];
const ENTRANTS = Number(args.entrants ?? 16);
const ROUNDS = Number(args.rounds ?? 5);
const FAMILY = args.family ?? 'draughts';
const LEVELS = (args.levels ?? 'dumb,novice,average').split(',');

for (const db of DBS) {
  const server = await startTestServer(db, { tournaments: { pollMs: 50 } });
  try {
    const org = await new Client(server.url).signUp('organiser');
    const run = await runComputerSwiss(org, {
      entrants: ENTRANTS,
      rounds: ROUNDS,
      family: FAMILY,
      levels: LEVELS,
      timeoutMs: 1_800_000,
    });
    const tally = { wins: 0, draws: 0 };
    for (const [a, b] of run.results.values()) tally[a === b ? 'draws' : 'wins']++;
    const wrong = [...disagreements(run.view, run.results), ...swissBreaches(run.view.pairings, 2)];
    console.log(
      `${db}: ${ENTRANTS} computers (${LEVELS.join(', ')}) x ${ROUNDS} rounds of ${FAMILY}: ${run.results.size} games ` +
        `(${tally.wins} won, ${tally.draws} drawn) in ${(run.ms / 1000).toFixed(1)} s; ` +
        (wrong.length === 0 ? 'standings agree with the stored results' : `DISAGREE: ${wrong.join('; ')}`),
    );
    const top = run.view.standings
      .slice(0, 3)
      .map((s) => `${s.rank}. #${s.no} ${s.points} (Bh ${s.buchholz}, SB ${s.sonnebornBerger})`);
    console.log(`  ${top.join('  ')}`);
    if (wrong.length > 0) process.exitCode = 1;
  } finally {
    await server.close();
  }
}
await stopTestPostgres();
