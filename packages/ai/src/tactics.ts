/**
 * @tactica/ai/tactics — the Tactics computer opponent alone, for a page that plays Tactics: its levels as plain data,
 * its factory, and a ready engine made on first use. Importing this allocates nothing and loads no other game.
 *
 *   import { createTacticsEngine, TACTICS_LEVELS } from '@tactica/ai/tactics';
 *   const choice = createTacticsEngine().choose(state, 'smart', { seed: 7 });
 */
export {
  SAFE_DEPTH,
  TACTICS_LEVELS,
  createTacticsEngine,
  tacticsEngine,
  type TacticsEngineOptions,
  type TacticsLevel,
} from './games/tactics.js';
