// A match between Tactica's draughts engine and an external engine (Hub, DXP or a CheckerBoard engine's host),
// refereed by our rules, over the built packages (`npm run match:external -- …` builds them first), on terms that
// cannot be tuned to (issue 42; docs/games/draughts.md "Matches against other engines" says all):
// - the openings are a fixed set from bench/openings/ (English: the ACF 156-opening deck, 312 games; International:
//   200 openings drawn once; Russian: all 174 three-ply openings), each played twice, colours reversed, in the file's
//   order; `--openings <file>` plays another set, `--from K --count N` a slice of it;
// - `--threads N` (default 1) for both sides, where the engine's protocol can set it (Hub's `threads` parameter);
// - it refuses to start while the 1-minute load average is above `--max-load` (default 1; `--force` plays and flags
//   every game; exit code 3), and flags each game played under outside load;
// - every game goes to one PDN (`--pdn`, default bench/results/matches/, outside git) with the conditions as tags;
// - it prints W/D/L, the score and the Elo difference with its 95% interval (pentanomial over the pairs), and
//   `--record` appends that with the command, the commit, threads, load and opening set to bench/RESULTS.md.
//   npm run match:external -- --engine "./scan hub" --cwd /path/to/scan --protocol hub --time 1 --record
//   npm run match:external -- --engine "/path/cbhost cake.so" --cwd /path/to/cake --protocol cb --time 0.3 --record
//   npm run match:external -- --engine "/path/cbhost cake.so" --protocol cb --from 1 --count 12   (24 games)
import { externalMatchMain } from '../packages/cli/dist/games/draughts/external/match.js';

process.exitCode = await externalMatchMain(
  process.argv.slice(2),
  (line) => console.log(line),
  (line) => console.error(line),
);
