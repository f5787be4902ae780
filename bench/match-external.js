// A match between Tactica's draughts engine and an external engine (Hub, DXP or a CheckerBoard engine's host),
// refereed by our rules, over the built packages (`npm run match:external -- …` builds them first). The options are
// described in packages/cli/src/games/draughts/external/match.ts; results go in bench/results/ai-draughts.md.
//   npm run match:external -- --engine "./scan hub" --cwd /path/to/scan --protocol hub --games 40 --time 1
//   npm run match:external -- --engine "/path/cbhost cake.so" --cwd /path/to/cake --protocol cb --games 48 --time 0.3
import { externalMatchMain } from '../packages/cli/dist/games/draughts/external/match.js';

process.exitCode = await externalMatchMain(
  process.argv.slice(2),
  (line) => console.log(line),
  (line) => console.error(line),
);
