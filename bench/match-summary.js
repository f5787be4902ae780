// One figure from several runs of `npm run match:external` (issue 42's bars count 100 games and more, played a
// slice at a time): their PDN files read back, each opening's pair of games matched again, and W/D/L, score and Elo
// with its 95% interval over them all, with the terms the games share and what differs (commits, load).
//   npm run match:summary -- bench/results/matches/20261129-*-international-dxp.pdn
import { readFileSync } from 'node:fs';
import { matchSummaryMain } from '../packages/cli/dist/games/draughts/external/summary.js';

const files = [];
for (const file of process.argv.slice(2)) {
  try {
    files.push({ file, text: readFileSync(file, 'utf8') });
  } catch (e) {
    console.error(`match:summary: ${file}: ${e.code === 'ENOENT' ? 'no such file' : e.message}`);
    process.exit(2);
  }
}
process.exitCode = matchSummaryMain(
  files,
  (line) => console.log(line),
  (line) => console.error(line),
);
